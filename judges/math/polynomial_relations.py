"""Two parsed relations decided as polynomials, without Math-Verify's solvers (stop 59b, grader batch 10's dev rows).

- `equations_decided`: two equations in the same variables whose lhs - rhs are polynomials with rational
  coefficients (no decimal, no variable in a denominator, total degree at most MAX_DEGREE, each power at most
  MAX_POWER) are the same equation exactly when they have the same zeros over the complex numbers, that is when
  their square-free parts are proportional (`x^2 - 3x + 10 = 0` is not `x^2 - 3x + 10 = 1`, though neither has a
  real root; `(x + 1)^2 = 0` is `x + 1 = 0`; `x^2 + 3x + 2 = 5x + 10` is `(x + 2)(x - 4) = 0`). Anything else: None.
- `inequalities_decided`: two inequalities (one relation each) in the same variables: the same relation when one's
  lhs - rhs, both turned to `d < 0` or `d <= 0`, is a positive constant multiple of the other's with the same
  strictness (`4x + 6y <= 8 + 2y` is `2x + 3y <= 4 + y`; decimals as the exact fractions they write); with rational
  coefficients and both linear (half-planes), anything else is another relation (False). Otherwise None.
Math-Verify's grader solves both equations over the reals (our symbols are real): two equations with no real root
compared as equal empty sets, and solving was most of the `sympy` judge's time on these rows.
"""
from __future__ import annotations

from functools import lru_cache

import sympy
from sympy.core.relational import Relational

MAX_DEGREE = 8
MAX_POWER = 8
_STRICT = {sympy.StrictLessThan: (True, 1), sympy.LessThan: (False, 1),
           sympy.StrictGreaterThan: (True, -1), sympy.GreaterThan: (False, -1)}


def exact(e: sympy.Expr) -> sympy.Expr:
    """Each decimal as the exact fraction it writes (12.5 is 25/2, 5.0000001 is not 5)."""
    return e.xreplace({f: sympy.Rational(str(f)) for f in e.atoms(sympy.Float)})


def _small_powers(e: sympy.Expr) -> bool:
    return all(not p.exp.is_Integer or abs(int(p.exp)) <= MAX_POWER for p in e.atoms(sympy.Pow))


def _polynomial(d: sympy.Expr, gens: list[sympy.Symbol]) -> sympy.Poly | None:
    """d (no decimal) as a polynomial over the rationals in gens, or None."""
    if d.has(sympy.Float) or not _small_powers(d):
        return None
    num, den = sympy.together(d).as_numer_denom()
    if den.free_symbols or not den.is_Rational or den == 0 or not num.is_polynomial(*gens):
        return None
    p = sympy.Poly(num, *gens)
    if not p.coeffs() or not all(k.is_Rational for k in p.coeffs()) or not 1 <= p.total_degree() <= MAX_DEGREE:
        return None
    return p.set_domain(sympy.QQ)


def _gens(a: sympy.Expr, b: sympy.Expr) -> list[sympy.Symbol] | None:
    syms = a.free_symbols
    if not syms or syms != b.free_symbols or not all(s.is_Symbol for s in syms):
        return None
    return sorted(syms, key=str)


def equations_decided(g: object, c: object) -> bool | None:
    """Two equations as polynomial equations over the rationals: same zeros over C (True), not (False), or None."""
    if not (isinstance(g, sympy.Eq) and isinstance(c, sympy.Eq)):
        return None
    a, b = g.lhs - g.rhs, c.lhs - c.rhs
    gens = _gens(a, b)
    if gens is None:
        return None
    p, q = _polynomial(a, gens), _polynomial(b, gens)
    if p is None or q is None:
        return None
    return p.sqf_part().monic() == q.sqf_part().monic()


def _oriented(e: Relational) -> tuple[sympy.Expr, bool] | None:
    """An inequality as (d, strict) for `d < 0` or `d <= 0`."""
    if type(e) not in _STRICT:
        return None
    strict, sign = _STRICT[type(e)]
    return exact(sign * (e.lhs - e.rhs)), strict


def inequalities_decided(g: object, c: object) -> bool | None:
    """Two single inequalities: True (a positive multiple, the same strictness), False (rational half-planes that
    differ) or None."""
    if not (isinstance(g, Relational) and isinstance(c, Relational)):
        return None
    og, oc = _oriented(g), _oriented(c)
    if og is None or oc is None:
        return None
    gens = _gens(og[0], oc[0])
    if gens is None or not (_small_powers(og[0]) and _small_powers(oc[0])):
        return None
    ratio = sympy.cancel(og[0] / oc[0])
    if ratio.is_number and ratio.is_positive and ratio.is_finite and og[1] == oc[1]:
        return True
    floats = g.has(sympy.Float) or c.has(sympy.Float)
    p, q = _polynomial(og[0], gens), _polynomial(oc[0], gens)
    if floats or p is None or q is None or p.total_degree() != 1 or q.total_degree() != 1:
        return None
    return False


@lru_cache(maxsize=256)  # per worker: the ANTLR path and equation_relations ask about one pair
def relations_decided(g: object, c: object) -> bool | None:
    """`equations_decided`, then `inequalities_decided`; None where SymPy fails (the pair goes on as before)."""
    try:
        decided = equations_decided(g, c)
        return inequalities_decided(g, c) if decided is None else decided
    except Exception:  # noqa: BLE001 - sympy's polynomial code fails in many ways: no say
        return None
