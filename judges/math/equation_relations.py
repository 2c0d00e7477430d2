"""Equations compared as relations, not by their right sides (stop 58, grader batch 8's development rows, KAS).

- `relation_of_names`: an equation between two lone variables (`y = x`) relates two names and gives no value;
  against a bare expression (`x`) it is unequal both ways. `y = 2x + 1` against `2x + 1` and `x = 5` against 5
  stay equal (a name given a value, as earlier batches' graders assert).
- `NOT_EQUAL` / `not_equal_as_latex`: `=/=` (KAS), `≠`, `!=` are the not-equal relation (a relation, never an
  equation: `forms.needs_latex_backend`); `=/=` and `≠` are read as `\\neq` (`!=` the ANTLR grammar reads itself,
  and `5!=120` is a factorial).
- `same_equation`: two single equations that our grammar reads by their right sides (unequal there) are equal as
  relations when (a) with variables, one's lhs - rhs is a nonzero constant multiple of the other's (`y = x` and
  `x = y`, `y = 2x - 5` and `2x - y = 5`); (b) without variables, the sides are the same pair, maybe swapped
  (`23^1.5 = 110.304` and `110.304 = 23^1.5`); (c) in one and the same variable, after clearing denominators a
  polynomial of degree at most 4 each, both with the same nonempty finite set of roots, roots where a denominator
  vanishes left out (`1/3p - 3 = 114` and `p = 351`; `w(12.5 - w) = 25` and `2w + 50/w = 25`). `x^2 = 4` is not
  `x = 2` (roots -2, 2 against 2). Decimals count as the exact fractions they write (`x = 5.0000001` is not `x = 5`),
  and roots agree to 1e-9 (`x = 0.333` is no solved form of `3x = 1`).
- Plain-text readings for the ANTLR path, as our own grammar reads them: a number over a number written before a
  letter or a bracket is a coefficient (`7/3x` is 7x/3, `1/2(y + 5)` is (y + 5)/2), and a function name without a
  backslash before a power or a bracket is that function (`sin^2(x)` is `\\sin^2(x)`, never s*i*n).
"""
from __future__ import annotations

import re

import sympy
from mpmath.libmp.libhyper import NoConvergence

NOT_EQUAL = re.compile(r"=/=|\u2260|!=")
_NAMES_EQUATION = re.compile(r"\s*\$?\s*[A-Za-z]\s*=\s*[A-Za-z]\s*\$?\s*")
# a plain-text fraction of two numbers right before a letter or a bracket ("7/3x", "1/2(y+5)"): not after a power,
# a name, a decimal point, a slash or a closing bracket ("x^1/2y", "a1/2", "(3)/4x" stay as they are)
PLAIN_COEFFICIENT = re.compile(r"(?<![\w.^/\\})\]])(\d{1,6})\s*/\s*(\d{1,6})(?=[A-Za-z(])")
# a function name without a backslash before a power or a bracket: "sin^2(x)", "cos(x)"; not inside a word
BARE_FUNCTION = re.compile(r"(?<![\\A-Za-z])((?:arc)?(?:sin|cos|tan|cot|sec|csc)h?)(?=\s*[\^(])")
MAX_DEGREE = 4
_ROOT_TOL = 1e-9


def not_equal_as_latex(text: str) -> str:
    """`=/=` and `≠` written as `\\neq` (the ANTLR grammar's not-equal)."""
    return re.sub(r"=/=|\u2260", r" \\neq ", text)


def plain_text_readings(text: str) -> str:
    """A plain-text coefficient fraction and a bare function name as our grammar reads them (see module doc)."""
    if "\\" in text:  # LaTeX: `\\frac` writes its fractions, `\\sin` its functions
        return text
    return BARE_FUNCTION.sub(r"\\\1 ", PLAIN_COEFFICIENT.sub(r"\\frac{\1}{\2}", text))


def relation_of_names(ref: str, span: str) -> bool:
    """One of gold and answer an equation between two lone variables (`y = x`), the other no equation: such an
    equation relates two names and is no value of either."""
    eqs = [bool(_NAMES_EQUATION.fullmatch(t)) for t in (ref, span)]
    bare = ["=" not in t and not NOT_EQUAL.search(t) for t in (ref, span)]
    return (eqs[0] and bare[1]) or (eqs[1] and bare[0])


def _single_equation(text: str) -> bool:
    return text.count("=") == 1 and not NOT_EQUAL.search(text) and not re.search(r"[<>,;]|\\[lg]e", text)


def same_equation(ref: str, span: str) -> bool | None:
    """Gold and answer, both single equations, equal as relations (see module doc): True, or None (no say)."""
    if not (_single_equation(ref) and _single_equation(span)):
        return None
    from judgesuite.judges.math.latex_backend import parse_latex

    g, c = parse_latex(ref), parse_latex(span)
    if not (isinstance(g, sympy.Eq) and isinstance(c, sympy.Eq)):
        return None
    try:
        return True if _proportional(g, c) or _swapped_numbers(g, c) or _same_roots(g, c) else None
    except (TypeError, ValueError, ZeroDivisionError, ArithmeticError, RecursionError, AttributeError,
            NotImplementedError, sympy.PolynomialError, NoConvergence):
        return None


def _exact(e: sympy.Expr) -> sympy.Expr:
    """Each decimal as the exact fraction it writes (12.5 is 25/2, 5.0000001 is not 5)."""
    return e.xreplace({f: sympy.Rational(str(f)) for f in e.atoms(sympy.Float)})


def _proportional(g: sympy.Eq, c: sympy.Eq) -> bool:
    a, b = _exact(g.lhs - g.rhs), _exact(c.lhs - c.rhs)
    if not (a.free_symbols and a.free_symbols == b.free_symbols) or b == 0:
        return False
    ratio = sympy.cancel(a / b)
    return bool(ratio.is_number and ratio != 0 and ratio.is_finite)


def _swapped_numbers(g: sympy.Eq, c: sympy.Eq) -> bool:
    if g.free_symbols or c.free_symbols:
        return False
    same = lambda x, y: x == y or sympy.expand(x - y) == 0  # noqa: E731
    return (same(g.lhs, c.lhs) and same(g.rhs, c.rhs)) or (same(g.lhs, c.rhs) and same(g.rhs, c.lhs))


def _roots(e: sympy.Eq, x: sympy.Symbol) -> list[complex] | None:
    """The roots of lhs - rhs in x, denominators cleared (roots of a denominator left out); None: no polynomial of
    degree 1 to MAX_DEGREE."""
    num, den = sympy.together(_exact(e.lhs - e.rhs)).as_numer_denom()
    if not (num.is_polynomial(x) and den.is_polynomial(x)):
        return None
    p, q = sympy.Poly(num, x), sympy.Poly(den, x)
    if not 1 <= p.degree() <= MAX_DEGREE or q.degree() > MAX_DEGREE or not all(
            k.is_number for k in p.all_coeffs() + q.all_coeffs()):
        return None
    roots = [complex(r) for r in p.sqf_part().nroots(n=30)]  # a double root once (nroots fails on it)
    return [r for r in roots if abs(complex(q.eval(r))) > _ROOT_TOL * max(1.0, abs(r))]


def _same_roots(g: sympy.Eq, c: sympy.Eq) -> bool:
    syms = g.free_symbols | c.free_symbols
    if len(syms) != 1 or g.free_symbols != c.free_symbols:
        return False
    x = next(iter(syms))
    a, b = _roots(g, x), _roots(c, x)
    if not a or not b:
        return False
    near = lambda r, s: abs(r - s) <= _ROOT_TOL * max(1.0, abs(r))  # noqa: E731
    return all(any(near(r, s) for s in b) for r in a) and all(any(near(s, r) for r in a) for s in b)
