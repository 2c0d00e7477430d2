"""Function notations of calculators and CAS input (grader batch 11, stop 60b): an allow-list of names, each built
by a bounded constructor (bounded_values); nothing is evaluated from text.

- `f^{-1}`, `f^(-1)`, `f^-1` after a trigonometric or hyperbolic name is its inverse (`\\cos^{-1} x`, `cos^(-1)(x)`:
  arccos x), as in LaTeX, Doenet and calculators; for -1 only (`\\sin^2 x` is `(\\sin x)^2`, `\\sin^{-2} x` is
  refused). So `cos^(-1)(x)` is never `1/cos(x)`.
- `acot`, `asec`, `acsc`, `acoth`, `asech`, `acsch` and the `arc`/`ar` spellings of the inverse hyperbolic
  functions are those functions (ALIASES).
- Glued to their bracket only (GLUED; "round" in prose stays prose): `nCr(n, k)` and `binom(n, k)` are binomial
  coefficients, `nPr(n, k)` is n!/(n-k)!, `atan2(y, x)` is the angle of the point (x, y) (y first, as in C, Python,
  JavaScript and Doenet; Excel's ATAN2(x, y) is not read), `cbrt(x)` is `\\sqrt[3]{x}`, `nthroot(x, n)` is
  `\\sqrt[n]{x}` (x^(1/n) for a letter n; of a negative number refused: a calculator's real root, -2 for
  `cbrt(-8)`, is not the principal root SymPy takes), `round(x)` a number's nearest integer. A number exactly halfway
  (`round(2.5)`) is refused: half-even (Python, SymPy) and half-up (JavaScript, school) differ there.
- `re`, `im` and `arg` are not read (NOT_READ, glued to a bracket): the grammar's `i` is a variable, not the
  imaginary unit. Stop 61: of a complex number in numbers only, `a + bi` (`re(3-5i)`, `im(3-5i)`, `arg(5+20i)`,
  inside the call's bracket `i` is the imaginary unit by every convention) they are its parts, 3, -5 and
  `atan2(20, 5)` (`complex_parts`); of anything else (`arg(x)`, `re(z)`) still not read. The ANTLR path refuses
  these names and the GLUED ones (`GLUED_CALL`): it read `round(2.5)` as a
  product of letters.
"""
from __future__ import annotations

import re

import sympy

from judgesuite.judges.math import bounded_values as bounded
from judgesuite.judges.math.bounded_values import Huge, ParseError

INVERSE = {"sin": "arcsin", "cos": "arccos", "tan": "arctan", "cot": "arccot", "sec": "arcsec", "csc": "arccsc",
           "sinh": "arsinh", "cosh": "arcosh", "tanh": "artanh", "coth": "arcoth", "sech": "arsech", "csch": "arcsch"}
ALIASES = {"acot": "arccot", "asec": "arcsec", "acsc": "arccsc",
           **{f"{p}{f}": f"ar{f}" for p in ("a", "ar", "arc") for f in ("coth", "sech", "csch")}}
# name -> number of arguments inside its one bracket
GLUED = {"ncr": 2, "npr": 2, "binom": 2, "atan2": 2, "nthroot": 2, "cbrt": 1, "round": 1}

NOT_READ = frozenset({"re", "im", "arg"})
# a GLUED or NOT_READ name glued to its bracket in plain text, for the ANTLR path to refuse (not `\\binom`, not
# "score(", not "round (2.5)": spaced, an operator name as before, unreadable to our grammar)
GLUED_CALL = re.compile(r"(?<![A-Za-z\\])(?:" + "|".join(sorted({*GLUED, *NOT_READ, "arctan2"}, key=len, reverse=True))
                        + r")(?=\()", re.IGNORECASE)


_COMPLEX_CALL = re.compile(r"(?<![A-Za-z\\])(re|im|arg)\([ \t]*+(?:(-?\d{1,12}(?:\.\d{1,12})?)[ \t]*+([-+])[ \t]*+)?"
                           r"(\d{1,12}(?:\.\d{1,12})?)?[ \t]*+\*?[ \t]*+i[ \t]*+\)", re.IGNORECASE)


def complex_parts(text: str) -> str:
    """`text` with `re`, `im` and `arg` of a complex number in numbers only ("re(3-5i)") written as that part."""
    return _COMPLEX_CALL.sub(_part, text) if "i)" in text or "i )" in text else text


def _part(m: re.Match) -> str:
    real = m.group(2) or "0"
    imag = ("-" if m.group(3) == "-" else "") + (m.group(4) or "1")
    name = m.group(1).lower()
    if name == "re":
        return f"({real})"
    if name == "im":
        return f"({imag})"
    if float(real) == 0 and float(imag) == 0:
        return m.group()  # arg(0) is undefined: left unread
    return f"atan2({imag}, {real})"


def apply(name: str, args: list) -> object:
    """The value of a GLUED function at its parsed arguments; raises ParseError where it is not read."""
    if any(isinstance(a, Huge) for a in args):
        return bounded.UNKNOWN
    if name in ("ncr", "binom"):
        return bounded.binomial(*args)
    if name == "npr":
        return bounded.mul(bounded.binomial(*args), bounded.factorial(args[1]))
    if name in ("cbrt", "nthroot"):
        x, n = (args[0], sympy.Integer(3)) if name == "cbrt" else args
        if isinstance(x, sympy.Expr) and x.is_number and x.is_negative:
            raise ParseError("a root of a negative number: real (calculators) or principal (SymPy)")
        if isinstance(n, sympy.Expr) and n.is_number:
            return bounded.function("root", [n, x])
        return bounded.power(x, bounded.div(sympy.Integer(1), n))
    if name == "atan2":
        y, x = args
        if y == 0 and x == 0:
            raise ParseError("atan2(0, 0) is undefined")
        return sympy.atan2(y, x)
    return _round(args[0])


def _round(x: object) -> object:
    if not (isinstance(x, sympy.Expr) and x.is_number and x.is_real):
        raise ParseError("round of a non-number")
    floor = sympy.floor(x)
    half = (x - floor - sympy.Rational(1, 2)).is_zero
    if half is not False:
        raise ParseError("round at a half: half-even and half-up differ")
    return sympy.floor(x + sympy.Rational(1, 2))
