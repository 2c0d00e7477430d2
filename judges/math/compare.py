"""Compare a parsed reference (gold) with a parsed candidate: True, False or None (undecided).

Scalars, in order:
1. exact: structural equality, or equal Rationals;
2. numeric (both free of symbols): two different rationals are unequal (1000000 is not
   1000001); otherwise equal when |g - c| <= tol * max(|g|, |c|) or |g - c| <= ABS_TOL
   (1e-12) near zero, where tol is REL_TOL (1e-6) when either side was written with a
   decimal fraction (`Parsed.rounded`: 0.333 for 1/3) and EXACT_TOL (1e-40, the difference
   evaluated to 60 digits) when both are exact; a larger difference is a decisive False; a plain decimal must
   also agree digit for digit (`_digits_agree`: 0.6666667 is 2/3, 1.200000001 is not 1.200);
3. symbolic (free symbols): when both sides are exact rational functions, the numerator
   of `g - c` is tested for zero as a polynomial (exact, so a large dominant term cannot
   hide a difference); otherwise `g - c` is evaluated at three fixed points with the
   tolerance above (a difference at any point is a decisive False), then
   `simplify(g - c) == 0` on expressions of at most MAX_OPS operations (the worker's
   timeout bounds it). Agreement at all points when simplify cannot decide counts as equal.
`Huge` values (see math_build) differ from an ordinary number when their magnitudes
are more than one order of magnitude apart; otherwise the pair is undecided.

Percent (the rule, issue 17): the `%` sign is what converts. An answer written with `%`
also matches as the bare number: a candidate 28% matches a gold 28 or 0.28, and a gold
28% accepts 28, 0.28 and 28%. Two answers both written with `%` compare as written
(0.28% is not 28%). Without a `%` on either side nothing converts: 0.28 does not match
a gold 28 (the reference says which scale the question asks for).

Euler's form: when either answer holds `e` raised to a power in `i` (`e^{i\\pi}`, `e^{2\\pi i/3}`) or the
imaginary unit itself (`\\sqrt{-4}` is 2i), `i` is the imaginary unit on both sides (`e^{i\\pi}` is -1, `2i` is
`\\sqrt{-4}`), and so when `i` is both sides' one name, one side `a + bi` and the other of degree 2 or more in it
(`i(2-i)` is 1 + 2i, `_complex_arithmetic`); elsewhere `i` stays a variable.

Collections: ordered kinds (tuples, intervals, ratios) compare item by item and interval
brackets must match; sets, bare lists and unions compare as sets (an item written twice
counts once). A tuple candidate may match a set or bare-list gold (order then ignored), but
a set candidate never matches a tuple gold; a bare list matches a tuple in order.
"""
from __future__ import annotations

import dataclasses

import sympy

from judgesuite.judges.math.bounded_values import Huge
from judgesuite.judges.math.parse import Collection, Parsed

REL_TOL = 1e-6
EXACT_TOL = 1e-40
ABS_TOL = 1e-12
MAX_OPS = 300
_POINTS = ((0.7311, 1.3), (1.9137, 2.2), (-0.4419, 3.7))


def _num(x: sympy.Expr) -> complex | None:
    try:
        v = complex(x.evalf(30))
    except (TypeError, ValueError, OverflowError, ZeroDivisionError):
        return None
    if v != v or abs(v) == float("inf"):  # nan / inf
        return None
    return v


def _close(a: complex, b: complex) -> bool:
    d = abs(a - b)
    return d <= ABS_TOL or d <= REL_TOL * max(abs(a), abs(b))


def _close_at(g: sympy.Expr, c: sympy.Expr, exact: bool) -> bool | None:
    """Are g and c (numbers, no free symbols) equal within the tolerance? None: cannot evaluate."""
    if not exact:
        vg, vc = _num(g), _num(c)
        return None if vg is None or vc is None else _close(vg, vc)
    try:
        d = complex((g - c).evalf(60))
        scale = max(abs(complex(g.evalf(30))), abs(complex(c.evalf(30))))
    except (TypeError, ValueError, OverflowError, ZeroDivisionError):
        return None
    if d != d or scale != scale or abs(d) == float("inf") or scale == float("inf"):
        return None
    return abs(d) <= ABS_TOL * 1e-28 or abs(d) <= EXACT_TOL * scale


def _huge_vs(h: Huge, x: object) -> bool | None:
    if isinstance(x, Huge) or not h.known or not isinstance(x, sympy.Expr):
        return None
    if x.free_symbols:
        return None
    v = _num(x)
    if v is None:
        return None
    if v == 0:
        return False
    import math

    return False if abs(h.log10 - math.log10(abs(v))) > 1 else None


def scalar_equal(g: object, c: object, exact: bool = True) -> bool | None:
    if isinstance(g, Huge):
        return _huge_vs(g, c)
    if isinstance(c, Huge):
        return _huge_vs(c, g)
    if not (isinstance(g, sympy.Expr) and isinstance(c, sympy.Expr)):
        return None
    if g == c:
        return True
    if g.is_infinite or c.is_infinite:
        return False
    symbols = g.free_symbols | c.free_symbols
    if not symbols:
        if exact and g.is_Rational and c.is_Rational:
            return False  # exact and not structurally equal
        return _close_at(g, c, exact)
    return _symbolic_equal(g, c, sorted(symbols, key=str), exact)


def _exact_rational_zero(diff: sympy.Expr, symbols: list) -> bool | None:
    """Is an exact rational function of `symbols` identically zero? None: not such a function."""
    if not diff.is_rational_function(*symbols):
        return None
    try:
        numerator, _ = sympy.fraction(sympy.together(diff))
        return sympy.Poly(numerator, *symbols).is_zero
    except (sympy.PolynomialError, TypeError, ValueError, RecursionError):
        return None


def _symbolic_equal(g: sympy.Expr, c: sympy.Expr, symbols: list, exact: bool) -> bool | None:
    agree = 0
    diff = g - c
    if exact:
        decided = _exact_rational_zero(diff, symbols)
        if decided is not None:
            return decided
    for k, _ in enumerate(_POINTS):
        point = (sympy.Rational(str(_POINTS[k][0])), sympy.Rational(str(_POINTS[k][1])))
        subs = {s: point[0] + sympy.Rational(37, 100) * i * point[1] for i, s in enumerate(symbols)}
        try:
            same = _close_at(g.subs(subs), c.subs(subs), exact)
        except (TypeError, ValueError, ZeroDivisionError):
            same = None
        if same is None:
            continue
        if not same:
            return False
        agree += 1
    if sympy.count_ops(diff) <= MAX_OPS:
        try:
            if sympy.simplify(diff) == 0:
                return True
        except (TypeError, ValueError, ZeroDivisionError, RecursionError):
            pass
    return True if agree == len(_POINTS) else None


def _combine(results: list[bool | None]) -> bool | None:
    if all(r is True for r in results):
        return True
    if any(r is False for r in results):
        return False
    return None


def value_equal(g: object, c: object, exact: bool = True) -> bool | None:
    """Compare two parsed values (scalars or collections); `exact` False allows REL_TOL."""
    gc, cc = isinstance(g, Collection), isinstance(c, Collection)
    if not gc and not cc:
        return scalar_equal(g, c, exact)
    if gc != cc:
        return False
    if g.ordered and c.kind == "set":
        return False  # an ordered gold (tuple, interval) is not matched by a set
    if not g.ordered and not c.ordered:  # a solution set written with a repeat: {a, b, b} is {a, b}
        g, c = (Collection(x.kind, tuple(dict.fromkeys(x.items))) for x in (g, c))
    if len(g.items) != len(c.items):
        return False
    interval_kinds = ("[]", "[)", "(]")
    if g.kind in interval_kinds or c.kind in interval_kinds:
        if g.kind != c.kind:
            return False
        return _combine([value_equal(a, b, exact) for a, b in zip(g.items, c.items)])
    if g.ordered and c.ordered or (g.kind == "()" and c.kind == "bare"):
        return _combine([value_equal(a, b, exact) for a, b in zip(g.items, c.items)])
    return _multiset_equal(list(g.items), list(c.items), exact)


def _multiset_equal(gold: list, cand: list, exact: bool) -> bool | None:
    undecided = False
    remaining = list(cand)
    for a in gold:
        hit = None
        for j, b in enumerate(remaining):
            r = value_equal(a, b, exact)
            if r is True:
                hit = j
                break
            if r is None:
                undecided = True
        if hit is None:
            return None if undecided else False
        remaining.pop(hit)
    return True


def _alternatives(p: Parsed) -> list[object]:
    alts = [p.value]
    if p.percent and isinstance(p.value, sympy.Expr):
        alts.append(p.value * 100)
    return alts


def _euler(v: object) -> bool:
    return isinstance(v, sympy.Expr) and any(s.name == "i" for e in v.atoms(sympy.exp) for s in e.exp.free_symbols)


def _has_imaginary_unit(v: object) -> bool:
    return isinstance(v, sympy.Expr) and v.has(sympy.I)  # `\\sqrt{-4}` is 2i


def _complex_arithmetic(g: object, c: object) -> bool:
    """`i` is the imaginary unit when it is each side's one name, one side is `a + bi` (degree 1 in `i`, b not 0) and
    the other holds a power of `i` (degree 2 or more: `i(2-i)`, `2i - i^2`): read as a variable the two could
    never be equal, so only the complex reading can make them so."""
    if not all(isinstance(v, sympy.Expr) and [s.name for s in v.free_symbols] == ["i"] for v in (g, c)):
        return False
    try:
        degrees = sorted(sympy.Poly(v, next(iter(v.free_symbols))).degree() for v in (g, c))
    except (sympy.PolynomialError, sympy.GeneratorsNeeded):
        return False
    return degrees[0] == 1 and degrees[1] >= 2


def _imaginary_unit(p: Parsed) -> Parsed:
    if not isinstance(p.value, sympy.Expr):
        return p
    return dataclasses.replace(p, value=p.value.subs({s: sympy.I for s in p.value.free_symbols if s.name == "i"}))


def _digits_agree(gold: Parsed, cand: Parsed) -> bool:
    """Two numbers equal within REL_TOL, one or both a plain decimal: equal as written (gold first). A decimal of
    N digits equals an exact number or a longer decimal only when that rounds to it (0.6666667 is 2/3, 0.666666 and
    0.0666667 for 0.066666793 are not); an answer with more digits than a decimal gold must be that gold exactly
    (1.200000001 is not 1.200). An expression whose decimals leave it an exact fraction (`(1+.2345)^2` is
    1.52399025: stop 58, grader batch 8) counts as exact (so it is not 1.52399022). Anything else (a percent, an
    expression with a decimal in it whose value is irrational) keeps the tolerance."""
    g, c, gd, cd = gold.value, cand.value, gold.decimals, cand.decimals
    if gold.percent or cand.percent or (gd is None and cd is None) or not all(
            isinstance(v, sympy.Expr) and v.is_number for v in (g, c)):
        return True
    if gd is None and gold.rounded and not g.is_Rational or cd is None and cand.rounded and not c.is_Rational:
        return True
    if gd is not None and cd is not None and cd > gd:
        return g == c
    digits = cd if gd is None or (cd is not None and cd < gd) else gd
    half = sympy.Rational(1, 2 * 10 ** digits)
    if g.is_Rational and c.is_Rational:
        return bool(abs(g - c) <= half)
    d = _num(g - c)
    return d is not None and abs(d) <= float(half) * (1 + 1e-9)


def _integer_kept(g: object, c: object, cand: Parsed) -> bool:
    """An integer gold against an expression that holds decimals (`1-0.0000001`, `2 \\times 0.4999999`): equal only
    when the expression, each decimal read as the exact fraction it writes, is that integer (to 50 digits); a plain
    decimal is `_digits_agree`'s, any other pair keeps the tolerance."""
    if cand.decimals is not None or not cand.rounded or not isinstance(g, sympy.Integer) or not isinstance(
            c, sympy.Expr) or not c.is_number:
        return True
    d = g - c.xreplace({f: sympy.Rational(str(f)) for f in c.atoms(sympy.Float)})
    if d.is_Rational:
        return d == 0
    try:
        return bool(abs(complex(d.evalf(60) * 10 ** 45)) <= 1)
    except (TypeError, ValueError, OverflowError, ZeroDivisionError):
        return False


def answers_equal(gold: Parsed, cand: Parsed) -> bool | None:
    """Gold-first comparison of two parsed answers, percent alternatives included."""
    if any(_euler(v) or _has_imaginary_unit(v) for v in (gold.value, cand.value)) or _complex_arithmetic(
            gold.value, cand.value):
        gold, cand = _imaginary_unit(gold), _imaginary_unit(cand)
    exact = not (gold.rounded or cand.rounded)
    if gold.percent and cand.percent:  # 0.25% is not 25%: both in percent, compare as written
        return value_equal(gold.value, cand.value, exact)
    pairs = [(g, c) for g in _alternatives(gold) for c in _alternatives(cand)]
    results = [value_equal(g, c, exact) for g, c in pairs]
    if any(r is True for r in results):
        return exact or (_digits_agree(gold, cand) and any(
            r is True and _integer_kept(g, c, cand) for r, (g, c) in zip(results, pairs)))
    if any(r is None for r in results):
        return None
    return False
