"""Two equations whose right sides are equal (our grammar reads `x = 5` as 5): whether their left sides differ only
by a name (`y =` and `f(x) =`: still equal) or name different quantities (`\\sin(x) =` and `\\cos(x) =`: unequal),
for one equation each and for lists of equations paired by left side (the `sympy` judge's step 4)."""
from __future__ import annotations

import dataclasses
import re

import sympy

from judgesuite.judges.math.compare import answers_equal
from judgesuite.judges.math.forms import equation_left, equation_list
from judgesuite.judges.math.parse import Parsed
from judgesuite.judges.math.readers import latex_compare, parse_answer


def same_left_sides(ref: str, span: str) -> bool | None:
    """Gold and answer both equations, right sides equal (our grammar reads the right side alone, `x = 5` as 5):
    True when their left sides are names (`y` and `f(x)`, `Total` and `x`: a naming difference, as a bare
    `x = 2` for a gold 2) or the same mathematics (`\\sin(x)` and `\\sin x`; a one-variable renaming,
    `\\sin(t)` and `\\sin(x)`, counts as a name); False when both are mathematics and differ (`\\sin(x)`
    and `\\cos(x)`: the right sides are values of different quantities); None when one is a name and the other
    mathematics, or the left sides cannot be compared. Not both equations: True."""
    g, c = equation_left(ref), equation_left(span)
    if g is None or c is None:
        return True
    if not (g[1] or c[1]):
        return _same_names(g[0], c[0])
    if not (g[1] and c[1]):
        return None
    return _same_mathematics(g[0], c[0])


_APPLIED = re.compile(r"^([A-Za-z](?:_\{?\w{1,3}\}?)?)\s*\(\s*([^()]{1,20}?)\s*\)$")


def _same_names(gold: str, cand: str) -> bool | None:
    """Two left sides that are names: a naming difference (True), except one function name at two points:
    `f(2)` and `f(3)` differ (False), `P(A)` and `P(B)` are not comparable (None); `f(x)` and `f(t)` rename the
    variable (True)."""
    g, c = _APPLIED.match(gold), _APPLIED.match(cand)
    if not (g and c) or g.group(1) != c.group(1):
        return True
    x, y = (re.sub(r"\s+", "", m.group(2)) for m in (g, c))
    if x == y or (re.fullmatch(r"[a-z]", x) and re.fullmatch(r"[a-z]", y)):
        return True
    gv, cv = parse_answer(x), parse_answer(y)
    if gv is None or cv is None or not all(isinstance(v.value, sympy.Expr) and v.value.is_number for v in (gv, cv)):
        return None
    try:
        return answers_equal(gv, cv)
    except (ValueError, TypeError, ZeroDivisionError, RecursionError, OverflowError, AttributeError):
        return None


def _same_mathematics(gold: str, cand: str) -> bool | None:
    """Two left sides that are mathematics: the same (also up to renaming the one variable), different, or None."""
    if re.sub(r"\s+", "", gold) == re.sub(r"\s+", "", cand):
        return True
    gl, cl = parse_answer(gold), parse_answer(cand)
    same = None
    if gl is not None and cl is not None:
        try:
            same = answers_equal(gl, cl) or _renamed_equal(gl, cl)
        except (ValueError, TypeError, ZeroDivisionError, RecursionError, OverflowError, AttributeError):
            same = None
    return latex_compare(gold, cand) if same is None else same


_INDEXED = re.compile(r"[_\d']")


def same_equation_lists(ref: str, span: str) -> bool | None:
    """Gold and answer both lists of equations ("\\sin x = a, \\cos x = b"), equal as lists of right sides: each
    equation whose left side is mathematics is matched with the other list's equation of the same left side, and
    their right sides must agree (False: a left side without a counterpart, or a pair whose right sides differ;
    None: not comparable). Names only (`x = 3, y = 4`): matched by name when both lists use the same distinct,
    unindexed names (`y = 3, x = 4` is not `x = 3, y = 4`; `x_1`, `x_2` may be roots in any order); other names
    are a naming difference. Not both lists: True."""
    g, c = equation_list(ref), equation_list(span)
    if g is None or c is None or len(g) != len(c):
        return True
    key = lambda left: re.sub(r"\s+", "", left)  # noqa: E731
    math = any(m for _, _, m in g + c)
    gk, ck = [key(left) for left, _, _ in g], [key(left) for left, _, _ in c]
    by_name = (not math and len(set(gk)) == len(gk) and set(gk) == set(ck)
               and not any(_INDEXED.search(k) for k in gk))
    if not (math or by_name):
        return True

    def same_left(a: tuple[str, str, bool], b: tuple[str, str, bool]) -> bool | None:
        if a[2] and b[2]:
            return _same_mathematics(a[0], b[0])
        return key(a[0]) == key(b[0]) if not (a[2] or b[2]) else None

    results = []
    for first, second, gold_first in ((g, c, True), (c, g, False)):
        for eq in first:
            if not (eq[2] or by_name):
                continue  # a name beside mathematics: its value was compared with the list
            lefts = [same_left(eq, other) for other in second]
            if True not in lefts:
                results.append(None if None in lefts else False)
                continue
            other = second[lefts.index(True)]
            pair = (eq[1], other[1]) if gold_first else (other[1], eq[1])
            results.append(_same_value(*pair))
    if False in results:
        return False
    return None if None in results else True


def _same_value(gold: str, cand: str) -> bool | None:
    """Two right sides of equations: equal, unequal or None (not comparable)."""
    g, c = parse_answer(gold), parse_answer(cand)
    result = None
    if g is not None and c is not None:
        try:
            result = answers_equal(g, c)
        except (ValueError, TypeError, ZeroDivisionError, RecursionError, OverflowError, AttributeError):
            result = None
    return latex_compare(gold, cand) if result is None else result


def _renamed_equal(gold: Parsed, cand: Parsed) -> bool | None:
    """Equal once the candidate's one variable is renamed to the gold's (`\\sin(t)` and `\\sin(x)`)."""
    g, c = gold.value, cand.value
    if not (isinstance(g, sympy.Expr) and isinstance(c, sympy.Expr)):
        return False
    gs, cs = g.free_symbols, c.free_symbols
    if len(gs) != 1 or len(cs) != 1 or gs == cs:
        return False
    return answers_equal(gold, dataclasses.replace(cand, value=c.subs(next(iter(cs)), next(iter(gs)))))
