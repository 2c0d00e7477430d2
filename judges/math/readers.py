"""The two readers of an answer span the `sympy` judge compares with: our own grammar (`parse_answer`: normalize,
then parse; no eval or sympify) and the ANTLR path (`latex_compare`, math_latex_backend)."""
from __future__ import annotations

import re

from judgesuite.judges.math.forms import equation_left
from judgesuite.judges.math.latex_backend import latex_equal, parse_latex
from judgesuite.judges.math.named_functions import complex_parts
from judgesuite.judges.math.normalize import normalize
from judgesuite.judges.math.parse import Parsed, ParseError, parse


def parse_answer(text: str, last_equation: bool = False) -> Parsed | None:
    """`text` read by our grammar, or None; with `last_equation`, an equation our grammar cannot read gives its
    last side."""
    try:
        return parse(normalize(complex_parts(text)))  # "re(3-5i)": 3
    except (ParseError, ValueError, TypeError, ZeroDivisionError, RecursionError, OverflowError):
        # "1 = \\zzz = x = 0": its last value; a comma only inside the left side ("\\gcd(a, b) = 6"), not a list
        if last_equation and "=" in text and ("," not in text or equation_left(text) is not None):
            return parse_answer(text.rsplit("=", 1)[1])
        return None


def latex_compare(ref: str, span: str) -> bool | None:
    """The ANTLR path (math_latex_backend); None when either side does not parse there."""
    gold = parse_latex(ref)
    if gold is None:
        return None
    cand = parse_latex(span)
    if cand is None:
        return None
    try:
        result = latex_equal(gold, cand)
    except Exception:  # SymPy's solvers raise many kinds; the pair stays undecided
        return None
    if result and _PRIMES.findall(ref) != _PRIMES.findall(span):
        return None  # the ANTLR grammar drops a prime: x' is not x
    return result


_PRIMES = re.compile(r"(?<=[A-Za-z}])'+")
