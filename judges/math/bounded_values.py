"""Bounded constructors of SymPy values for the math parser (parse.py) (the node-type allow-list).

Every value the parser builds comes from one of these functions; each checks sizes
before calling SymPy, so no input can make SymPy build a number with more than
`MAX_DIGITS` digits. A value that would be larger becomes a `Huge` instead.
"""
from __future__ import annotations

import math
from fractions import Fraction

import sympy

MAX_DIGITS = 4_000  # below Python's 4,300-digit int/str conversion limit
MAX_SYMBOLIC_EXPONENT = 1_000
MAX_ROOT_DEGREE = 1_000


class ParseError(ValueError):
    """The text is not in the grammar, or a size bound forbids building it."""


class Huge:
    """A number too large (or too close to 0) to build: sign and estimated log10 |value|.

    `log10` is None (and sign 0) when arithmetic on huge numbers lost the estimate.
    """

    __slots__ = ("sign", "log10")

    def __init__(self, sign: int, log10: float | None) -> None:
        self.sign, self.log10 = (sign, log10) if log10 is not None else (0, None)

    @property
    def known(self) -> bool:
        return self.log10 is not None and self.sign != 0

    def __repr__(self) -> str:
        return f"Huge(sign={self.sign}, log10={self.log10})"


UNKNOWN = Huge(0, None)
_SYMBOLS: dict[str, sympy.Symbol] = {}


def symbol(name: str) -> sympy.Symbol:
    if name not in _SYMBOLS:
        _SYMBOLS[name] = sympy.Symbol(name)
    return _SYMBOLS[name]


CONSTANTS = {"pi": sympy.pi, "E": sympy.E, "oo": sympy.oo}


def number(text: str) -> object:
    """A decimal literal (`12`, `0.5`, `3.16e3`) as an exact Rational, or a Huge."""
    mantissa, _, exp = text.lower().partition("e")
    int_part, _, frac_part = mantissa.partition(".")
    if not (int_part + frac_part).isdigit() or (exp and not exp.lstrip("+-").isdigit()):
        raise ParseError(f"bad number {text[:40]!r}")
    digits = (int_part + frac_part).lstrip("0")
    exp_value = int(exp) if exp and len(exp) < 12 else (0 if not exp else 10**12 * (-1 if exp[0] == "-" else 1))
    if not digits:
        return sympy.Integer(0)
    magnitude = len(int_part.lstrip("0")) + exp_value if int_part.lstrip("0") else exp_value
    if len(digits) > MAX_DIGITS or abs(exp_value) > MAX_DIGITS:
        return Huge(1, float(magnitude))
    value = Fraction(int(int_part or "0") * 10 ** len(frac_part) + int(frac_part or "0"), 10 ** len(frac_part))
    value *= Fraction(10) ** exp_value
    return sympy.Rational(value.numerator, value.denominator)


def _log10_abs(x: sympy.Expr) -> float | None:
    """log10 |x| for a numeric SymPy value, None if unknown or x is 0."""
    try:
        if x.is_Rational:
            p, q = abs(int(x.p)), int(x.q)
            if p == 0:
                return None
            return _int_log10(p) - _int_log10(q)
        f = abs(complex(x.evalf(15)))
        return math.log10(f) if f and math.isfinite(f) else None
    except (TypeError, ValueError, OverflowError, AttributeError):
        return None


def _int_log10(n: int) -> float:
    bits = n.bit_length()
    if bits < 1000:
        return math.log10(n)
    return math.log10(n >> (bits - 60)) + (bits - 60) * math.log10(2)


def _is_number(x: object) -> bool:
    return isinstance(x, sympy.Expr) and x.is_number


def neg(a: object) -> object:
    if isinstance(a, Huge):
        return Huge(-a.sign, a.log10)
    return -_expr(a)


def _expr(a: object) -> sympy.Expr:
    if not isinstance(a, sympy.Expr):
        raise ParseError("arithmetic on a collection")
    return a


def add(a: object, b: object) -> object:
    if isinstance(a, Huge) or isinstance(b, Huge):
        return _huge_add(a, b)
    return _expr(a) + _expr(b)


def _huge_add(a: object, b: object) -> object:
    if isinstance(a, Huge) and isinstance(b, Huge):
        if a.known and b.known and a.sign == b.sign:
            return Huge(a.sign, max(a.log10, b.log10))
        return UNKNOWN
    h, x = (a, b) if isinstance(a, Huge) else (b, a)
    if h.known and h.log10 > 0 and _is_number(x):
        return h  # adding an ordinary number does not change a huge magnitude
    return UNKNOWN


def mul(a: object, b: object) -> object:
    if isinstance(a, Huge) or isinstance(b, Huge):
        return _huge_scale(a, b, 1)
    return _expr(a) * _expr(b)


def div(a: object, b: object) -> object:
    if isinstance(b, Huge):
        if isinstance(a, Huge) or not b.known:
            return UNKNOWN
        if _is_number(a) and a != 0:
            la = _log10_abs(a)
            sa = 1 if a.is_positive else -1 if a.is_negative else 0
            return Huge(sa * b.sign, None if la is None else la - b.log10)
        return UNKNOWN if a != 0 else sympy.Integer(0)
    if isinstance(a, Huge):
        return _huge_scale(a, b, -1)
    b = _expr(b)
    if b == 0:
        raise ParseError("division by zero")
    return _expr(a) / b


def _huge_scale(a: object, b: object, power: int) -> object:
    if isinstance(a, Huge) and isinstance(b, Huge):
        if a.known and b.known and power == 1:
            return Huge(a.sign * b.sign, a.log10 + b.log10)
        return UNKNOWN
    h, x = (a, b) if isinstance(a, Huge) else (b, a)
    if not (h.known and _is_number(x)) or x == 0:
        return UNKNOWN if not (_is_number(x) and x == 0 and power == 1) else sympy.Integer(0)
    lx = _log10_abs(x)
    sx = 1 if x.is_positive else -1 if x.is_negative else 0
    if lx is None or sx == 0:
        return UNKNOWN
    return Huge(h.sign * sx, h.log10 + power * lx)


def power(base: object, exp: object) -> object:
    """base ** exp, refused or turned into a Huge when the result would be too large."""
    if isinstance(base, Huge) or isinstance(exp, Huge):
        return _huge_power(base, exp)
    base, exp = _expr(base), _expr(exp)
    if base.is_number and exp.is_number:
        if base in (0, 1):
            if base == 0 and exp.is_negative:
                raise ParseError("division by zero")
            return base if exp != 0 else sympy.Integer(1)
        if exp.is_Rational and exp.q > MAX_ROOT_DEGREE:
            raise ParseError("root degree too large")
        lb = _log10_abs(base)
        try:
            e = float(exp)
        except (TypeError, ValueError, OverflowError):
            e = None
        if lb is not None and e is not None:
            size = abs(e) * abs(lb) if not base.is_Rational else abs(e) * max(
                _int_log10(abs(int(base.p))), _int_log10(int(base.q)))
            if size > MAX_DIGITS:
                sign = 1 if base.is_positive or (exp.is_Integer and int(exp) % 2 == 0) else (
                    -1 if exp.is_Integer else 0)
                return Huge(sign, e * lb)
        elif e is None:
            raise ParseError("exponent not a finite number")
        return base ** exp
    if exp.is_Integer and abs(int(exp)) > MAX_SYMBOLIC_EXPONENT:
        raise ParseError("symbolic power with too large an exponent")
    return base ** exp


def _huge_power(base: object, exp: object) -> object:
    if isinstance(exp, Huge):
        if not exp.known or not _is_number(base) or base.is_negative:
            return UNKNOWN if not (_is_number(base) and base in (0, 1)) else base
        if base in (0, 1):
            return base
        lb = _log10_abs(base)
        if lb is None or exp.sign < 0:
            return UNKNOWN
        # exp is huge and positive: |base|^exp has log10 = exp * log10|base|
        try:
            mag = 10.0 ** exp.log10 * lb
        except OverflowError:
            mag = math.inf if lb > 0 else -math.inf
        return Huge(1, mag)
    if not base.known or not _is_number(exp):
        return UNKNOWN
    if exp == 0:
        return sympy.Integer(1)
    try:
        e = float(exp)
    except (TypeError, ValueError, OverflowError):
        return UNKNOWN
    sign = base.sign if exp.is_Integer and int(exp) % 2 else (1 if exp.is_Integer else (
        1 if base.sign > 0 else 0))
    return Huge(sign, base.log10 * e)


def factorial(n: object) -> object:
    if isinstance(n, Huge):
        return Huge(1, math.inf) if n.known and n.sign > 0 and n.log10 > 0 else UNKNOWN
    n = _expr(n)
    if not n.is_number:
        return sympy.factorial(n)
    if not (n.is_Integer and n >= 0):
        raise ParseError("factorial of a non-natural number")
    digits = math.lgamma(int(n) + 1) / math.log(10) if n < 10**15 else math.inf
    if digits > MAX_DIGITS:
        return Huge(1, digits)
    return sympy.factorial(n)


def binomial(n: object, k: object) -> object:
    """binom(n, k) for integers (size-checked), or with a symbol and a small integer k."""
    if isinstance(n, Huge) or isinstance(k, Huge):
        return UNKNOWN
    n, k = _expr(n), _expr(k)
    if n.is_number and k.is_number:
        if not (n.is_Integer and k.is_Integer):
            raise ParseError("binomial of non-integers")
        ni, ki = int(n), int(k)
        if not 0 <= ki <= ni:
            return sympy.Integer(0)
        if ni > 10**15:
            return UNKNOWN
        digits = (math.lgamma(ni + 1) - math.lgamma(ki + 1) - math.lgamma(ni - ki + 1)) / math.log(10)
        if digits > MAX_DIGITS:
            return Huge(1, digits)
        return sympy.binomial(n, k)
    if k.is_number and not (k.is_Integer and abs(int(k)) <= MAX_SYMBOLIC_EXPONENT):
        raise ParseError("symbolic binomial with a large or non-integer k")
    return sympy.binomial(n, k)


_UNARY = {"sin": sympy.sin, "cos": sympy.cos, "tan": sympy.tan, "cot": sympy.cot,
          "sec": sympy.sec, "csc": sympy.csc, "ln": sympy.log, "log": sympy.log,
          "lg": lambda x: sympy.log(x, 10),  # ISO 80000-2
          "exp": sympy.exp, "floor": sympy.floor, "ceil": sympy.ceiling,
          "arcsin": sympy.asin, "arccos": sympy.acos, "arctan": sympy.atan, "arccot": sympy.acot,
          "arcsec": sympy.asec, "arccsc": sympy.acsc, "sinh": sympy.sinh, "cosh": sympy.cosh, "tanh": sympy.tanh,
          "coth": sympy.coth, "sech": sympy.sech, "csch": sympy.csch, "arsinh": sympy.asinh,
          "arcosh": sympy.acosh, "artanh": sympy.atanh, "arcoth": sympy.acoth, "arsech": sympy.asech,
          "arcsch": sympy.acsch}


def function(name: str, args: list) -> object:
    """Apply an allow-listed function to parsed arguments."""
    if name == "frac":
        return div(args[0], args[1])
    if name == "binom":
        return binomial(args[0], args[1])
    if name == "sqrt":
        return power(args[0], sympy.Rational(1, 2))
    if name == "root":  # \sqrt[n]{x}: args = [n, x]
        n = args[0]
        if isinstance(n, Huge) or not (isinstance(n, sympy.Expr) and n.is_Integer and 1 < n <= MAX_ROOT_DEGREE):
            raise ParseError("root degree must be an integer in 2..1000")
        return power(args[1], sympy.Rational(1, int(n)))
    if name == "logb":
        if any(isinstance(a, Huge) for a in args):
            return UNKNOWN
        return sympy.log(_expr(args[1]), _expr(args[0]))
    if any(isinstance(a, Huge) for a in args):
        return UNKNOWN
    arg = _expr(args[0])
    if name == "exp" and arg.is_number:
        la = _log10_abs(arg)
        if la is not None and la > 5:  # e^(10^5) has 43,000 digits
            return Huge(1, float(arg) / math.log(10)) if arg.is_positive else UNKNOWN
    return _UNARY[name](arg)


def depth_of(value: object, child_depths: list[int]) -> int:
    """Tree depth after building: numbers and symbols are leaves."""
    if isinstance(value, Huge) or (isinstance(value, sympy.Expr) and (value.is_Number or value.is_Atom)):
        return 0
    return 1 + max(child_depths, default=0)
