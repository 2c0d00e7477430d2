"""The ANTLR LaTeX path: relations, sets of solutions, matrices, sums and equations.

Our own grammar (math_parse) reads numbers, expressions, tuples, intervals and sets.
Answers it does not read, or reads only in part (an inequality, `x \\in [a, b]`, a
matrix, `\\sum`, an equation such as `2x - y + 1 = 0`), go through the ANTLR grammar of
`latex2sympy2_extended` (the parser Math-Verify installs), and the two parsed answers
are compared by Math-Verify's grader after `canonical()` below.

Safety: latex2sympy2_extended builds SymPy objects from ANTLR tokens; it calls
`parse_expr` only on `variable_values` (never passed here), and `sympify` only on SymPy
objects or on number tokens of its lexer; Math-Verify's grader evaluates nothing.
`parse_latex` is only called inside the `sympy` judge's bounded worker (time limit and
memory cap), and refuses inputs over MAX_CHARS.

canonical() turns an inequality in one variable (or a chain, an `\\in`, several joined
by "or") into its solution set over the reals, so `-2 \\le x \\le 7`, `x \\in [-2, 7]` and
`[-2, 7]` are one set; an equality stays an equation (`k = 45` still matches 45).
"""
from __future__ import annotations

import logging
import re
from functools import lru_cache

import sympy
from sympy.core.relational import Relational

from judgesuite.judges.math.bracket_remarks import remark_contradicts
from judgesuite.judges.math.named_functions import GLUED_CALL
from judgesuite.judges.math.plain_text_latex import not_equal_as_latex, plain_text_readings
from judgesuite.judges.math.polynomial_relations import relations_decided
from judgesuite.judges.math.normalize import SPACED_NUMBER, has_date_or_range, repeating_decimals

MAX_CHARS = 600
logging.getLogger("math_verify").setLevel(logging.ERROR)
logging.getLogger("latex2sympy2_extended").setLevel(logging.ERROR)

# function names the ANTLR grammar reads as commands, not in \operatorname{...} (where it reads none of them)
_NAMES = "sin|cos|tan|cot|sec|csc|arcsin|arccos|arctan|arccot|arcsec|arccsc|sinh|cosh|tanh|exp|ln|max|min|gcd"
_ABS = r"(?:(?<![A-Za-z\\])abs|\\(?:operatorname\*?|mathrm|text)\s*\{\s*abs\s*\})"
_PREP = ((re.compile(rf"\\operatorname\*?\s*\{{\s*({_NAMES})\s*\}}"), r"\\\1 "),
         (re.compile(rf"\\(?:mathrm|text)\s*\{{\s*({_NAMES})\s*\}}(?=\s*(?:\(|\\left))"), r"\\\1 "),
         (re.compile(r"\\(?:mathrm|text)\s*\{\s*lcm\s*\}(?=\s*(?:\(|\\left))"), r"\\operatorname{lcm}"),
         (re.compile(r"\\(coth|sech|csch)(?![A-Za-z])"), r"\\operatorname{\1}"),  # not cot(h(x)): refused
         (re.compile(r"\\lg(?![A-Za-z])"), r"\\log"),  # its \log is base 10 (see log_base.py)
         # abs applied to a number, a letter or a bracket without brackets inside: |x| ("abs3", "abs(-3)")
         (re.compile(_ABS + r"\s*(?:\(\s*([^()|]{1,40}?)\s*\)|(-?\d+(?:\.\d+)?|[A-Za-z](?![A-Za-z])))"),
          r"|\1\2|"),
         (re.compile(r"\\varnothing|\\O\b"), r"\\emptyset"), (re.compile(r"\\lor\b|\\vee\b"), r"\\text{ or }"),
         (re.compile(r"\\geqslant"), r"\\geq"), (re.compile(r"\\leqslant"), r"\\leq"),
         (re.compile(r"(?<![<>=!])==(?!=)"), "="), (re.compile(r"\+\s*\\infty"), r"\\infty"),
         (re.compile(r"[\$]|\\[$()\[\]]"), " "))
# a digit right before a bracket: a product (the grammar reads `3(9)` as the mixed number 3 + 9; stop 59b)
_NUMBER_BRACKET = re.compile(r"(?<![\w.^])(\d+(?:\.\d+)?)(?=\(|\\left\()")  # not an exponent's `^2(x)`
# latex2sympy evaluates powers and factorials eagerly: refuse the towers our grammar reads as Huge
_HEAVY = re.compile(r"\^\s*\{?\s*\d{4}|\^\s*\{[^{}]*\^|\d{4,}\s*!|\d{40}")
# latex2sympy evaluates gcd and lcm eagerly, as SymPy's polynomial gcd: of letters, gcd(a, b) is 1 and lcm(a, b) is
# a*b; such an answer is refused here (numbers only: \gcd(12, 18) is 6)
_GCD_LCM = re.compile(r"\\(?:gcd|lcm)(?![A-Za-z])|\\(?:operatorname\*?|mathrm)\s*\{\s*(?:gcd|lcm)\s*\}")
# digits apart inside a text command ("\text{1 2}", not a group of thousands: "\text{1 000}")
_SPACED_DIGITS_IN_TEXT = re.compile(r"\\(?:text\w{0,2}|mathrm|mbox)\s*\{[^{}]{0,80}?\d\s+(?!\d{3}(?!\d))\d")
_COMMANDS = re.compile(r"\\(?:operatorname\*?|mathrm)\s*\{[^{}]*\}|\\[A-Za-z]+")
_NORMALIZATION = None


def _config():
    global _NORMALIZATION
    if _NORMALIZATION is None:
        from latex2sympy2_extended.math_normalization import NormalizationConfig
        _NORMALIZATION = NormalizationConfig(basic_latex=True, units=True, malformed_operators=True,
                                             nits=True, boxed="all", equations=False)
    return _NORMALIZATION


@lru_cache(maxsize=256)  # per worker: a gold is parsed once for all its candidates
def parse_latex(text: str) -> object | None:
    """A LaTeX answer as a SymPy object (real symbols), or None when the ANTLR grammar refuses it."""
    if len(text) > MAX_CHARS or _HEAVY.search(text):
        return None
    from latex2sympy2_extended.math_normalization import normalize_latex

    from judgesuite.judges.math.antlr_two_stage import latex_to_sympy

    text = repeating_decimals(text)  # 0.(3), 0,(3), 0.\\overline{3}: 1/3, not a product or a bar
    text = plain_text_readings(not_equal_as_latex(text))  # "y =/= x", "7/3x", "sin^2(x)" (plain_text_latex)
    for pattern, repl in _PREP:
        text = pattern.sub(repl, text)
    if GLUED_CALL.search(text):
        return None  # nCr(8, 3), round(2.5), re(z): read by our grammar or by none (named_functions)
    if _GCD_LCM.search(text) and re.search(r"[A-Za-z]", _COMMANDS.sub(" ", text)):
        return None  # gcd / lcm of letters (see _GCD_LCM)
    if has_date_or_range(text) or remark_contradicts(text) or SPACED_NUMBER.search(text):
        return None  # "2024-01-05", "3-4 hours" are no subtractions, "12 (3 × 5)", "(2) 3" no products
    if _SPACED_DIGITS_IN_TEXT.search(text):
        return None  # the grammar joins them: `\\text{1 2}` would read as 12
    text = _NUMBER_BRACKET.sub(r"\1 \\cdot ", text)
    try:
        value = latex_to_sympy(normalize_latex(text, _config()))  # SLL, then LL (antlr_two_stage)
    except Exception:  # the ANTLR grammar raises plain Exceptions on syntax errors
        return None
    return sympy.ImmutableMatrix(value) if isinstance(value, sympy.MatrixBase) else value


def _is_inequality(e: object) -> bool:
    if isinstance(e, (sympy.And, sympy.Or)):
        return all(_is_inequality(a) for a in e.args)
    return isinstance(e, Relational) and not isinstance(e, sympy.Eq)


def _as_set(e: object) -> object | None:
    """The real solution set of an inequality in one variable; None if it has several."""
    if len(e.free_symbols) != 1:
        return None
    x = next(iter(e.free_symbols))
    fast = _linear_set(e, x)
    if fast is not None:
        return fast
    try:
        return e.as_set()  # general case: SymPy's solver (slow, bounded by the worker's limit)
    except (NotImplementedError, TypeError, ValueError, AttributeError):
        return None


_OPEN = {sympy.StrictLessThan: (True, "<"), sympy.LessThan: (False, "<"),
         sympy.StrictGreaterThan: (True, ">"), sympy.GreaterThan: (False, ">")}


def _linear_set(e: object, x: sympy.Symbol) -> object | None:
    """Solution sets of linear inequalities, |linear| against a number, and their and/or, without
    SymPy's general solver; None for anything else."""
    if isinstance(e, (sympy.And, sympy.Or)):
        parts = [_linear_set(a, x) for a in e.args]
        if any(p is None for p in parts):
            return None
        return sympy.Intersection(*parts) if isinstance(e, sympy.And) else sympy.Union(*parts)
    if not isinstance(e, Relational) or isinstance(e, sympy.Eq):
        return None
    lhs, rhs = e.lhs, e.rhs
    if isinstance(rhs, sympy.Abs) and not isinstance(lhs, sympy.Abs):
        return _linear_set(e.reversed, x)
    if isinstance(lhs, sympy.Abs) and rhs.is_number and type(e) in _OPEN:
        u, c = lhs.args[0], rhs
        strict, side = _OPEN[type(e)]
        low, high = (sympy.StrictGreaterThan, sympy.StrictLessThan) if strict else (sympy.GreaterThan, sympy.LessThan)
        if side == "<":
            return _linear_set(sympy.And(low(u, -c), high(u, c)), x)
        return _linear_set(sympy.Or(high(u, -c), low(u, c)), x)
    d = sympy.expand(lhs - rhs)
    if not d.is_polynomial(x):
        return None
    poly = sympy.Poly(d, x)
    if poly.degree() != 1:
        return None
    a, b = poly.all_coeffs()
    if not (a.is_number and b.is_number and a.is_real and a != 0):
        return None
    root = -b / a
    if isinstance(e, sympy.Ne):
        return sympy.Union(sympy.Interval.open(-sympy.oo, root), sympy.Interval.open(root, sympy.oo))
    strict, side = _OPEN[type(e)]
    if a.is_negative:
        side = "<" if side == ">" else ">"
    if side == "<":
        return sympy.Interval(-sympy.oo, root, right_open=strict)
    return sympy.Interval(root, sympy.oo, left_open=strict)


def canonical(e: object) -> tuple[object, frozenset]:
    """(value to compare, variables of a relation): inequalities become solution sets."""
    if isinstance(e, sympy.FiniteSet) and e.args and all(_is_inequality(a) for a in e.args):
        e = sympy.Or(*e.args)  # "x < 2 or x > 3" arrives as a set of relations
    if isinstance(e, sympy.Eq) and isinstance(e.rhs, sympy.Set) and e.lhs.is_Symbol:
        return e.rhs, frozenset({e.lhs})  # x \in [a, b], x = \pm 3
    if _is_inequality(e):
        s = _as_set(e)
        if s is not None:
            return s, frozenset(e.free_symbols)
    return e, frozenset()


def latex_equal(gold: object, cand: object) -> bool | None:
    """Compare two parse_latex results: True, False, or None (not comparable here)."""
    from math_verify.grader import verify

    g, gvars = canonical(gold)
    c, cvars = canonical(cand)
    if gvars and cvars and gvars != cvars:
        return False  # x >= 5 is not y >= 5
    if isinstance(g, sympy.Set) and isinstance(c, sympy.Set) and (gvars or cvars):
        try:
            return bool(g == c or g.symmetric_difference(c) == sympy.S.EmptySet)
        except (TypeError, ValueError, NotImplementedError):
            return None
    decided = relations_decided(g, c)
    if decided is not None:
        return decided  # polynomial equations, inequalities: without the grader's solvers (polynomial_relations)
    if isinstance(g, sympy.Eq) and isinstance(c, sympy.Eq) and _same_line(g, c):
        return True
    if isinstance(g, sympy.Ne) and isinstance(c, sympy.Ne) and _same_line(g, c):
        return True  # `y \neq x` is `x \neq y`, as equations are (stop 58, KAS's `=/=`)
    if isinstance(c, sympy.Eq) and not isinstance(g, (Relational, sympy.Set)) and _to_solve(c.lhs):
        return None  # `x^2 = 4`, `x + y = 4` against 4: an equation to solve, not the value of a quantity
    if verify(g, c, timeout_seconds=None, allow_set_relation_comp=True):
        return True
    return _same_on_reals(g, c)


# real points of `_same_on_reals`, negative ones too (where `\\ln(x^2)` and `2\\ln x` part)
_REAL_POINTS = (-2.7, -1.3, -0.6, 0.7, 1.9, 3.4)


def _same_on_reals(g: object, c: object) -> bool:
    """A logarithm or an absolute value in one variable (`\\ln(x^2)` against `2\\ln|x|`, unequal to verify, whose
    variables are complex): equal when both are real and agree to 1e-9 at each of six real points, negative ones
    included, and real at four of them at least (`2\\ln x` is not real at a negative x, so it stays unequal)."""
    if not (isinstance(g, sympy.Expr) and isinstance(c, sympy.Expr)) or len(g.free_symbols | c.free_symbols) != 1:
        return False
    if not any(e.has(sympy.log, sympy.Abs) for e in (g, c)):
        return False
    x = next(iter(g.free_symbols | c.free_symbols))
    real = 0
    for p in _REAL_POINTS:
        try:
            a, b = complex(g.subs(x, p).evalf(30)), complex(c.subs(x, p).evalf(30))
        except (TypeError, ValueError, OverflowError, ZeroDivisionError):
            return False
        if a != a or b != b or abs(a - b) > 1e-9 * max(1.0, abs(a)):
            return False
        real += abs(a.imag) < 1e-12
    return real >= 4


def _to_solve(left: object) -> bool:
    """Whether an equation's left side is arithmetic in its variables (`x^2`, `x + y`, `2x`), not a variable, a
    function's value or an operator's (`x`, `f(x)`, `\\sin(x)`, `|x|`, `\\max(a, b)`, `\\frac{d}{dx}(x^2)`), whose
    right side would be the answer."""
    if isinstance(left, sympy.Mul) and all(f.is_Symbol for f in left.args):
        return False  # letters side by side are a name or prose: `AB = 5`, "So x = 5"
    return (isinstance(left, sympy.Expr) and bool(left.free_symbols) and not left.is_Symbol
            and not isinstance(left, _QUANTITIES))


_QUANTITIES = (sympy.core.function.Application, sympy.Derivative, sympy.Integral, sympy.Sum, sympy.Product,
               sympy.Limit)


def _same_line(g: sympy.Eq, c: sympy.Eq) -> bool:
    """Two equations with the same solutions up to a constant factor (y = 2x + 1, 4x - 2y + 2 = 0)."""
    a, b = g.lhs - g.rhs, c.lhs - c.rhs
    if not (a.free_symbols and a.free_symbols == b.free_symbols) or b == 0:
        return False
    try:
        ratio = sympy.cancel(a / b)
    except (TypeError, ValueError, ZeroDivisionError, sympy.PolynomialError):
        return False
    return bool(ratio.is_number and ratio != 0 and ratio.is_finite)


def parse_repr(text: str) -> str | None:
    """Worker function for checks: parse_latex's result as text (None if refused)."""
    value = parse_latex(text)
    return None if value is None else str(value)[:200]
