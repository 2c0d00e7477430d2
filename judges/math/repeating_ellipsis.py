"""A decimal whose digits repeat before an ellipsis is that repeating decimal, for `extract` (stop 58): "0.333..." is
0.(3) = 1/3, "0.1666..." 0.1(6) = 1/6, "0.142857142857..." 1/7. Only where the digits before "..." (or "…") end in
a period of one digit said three times or more, or of two to six digits said twice or more; any other decimal
before an ellipsis ("3.14159...", "0.33...", "1.4142...") is read as before (its digits as written)."""
from __future__ import annotations

import re

_BEFORE_ELLIPSIS = re.compile(r"(?<![\d.])(-?\d{1,12}+)\.(\d{2,24}+)(?:\.{3}|\u2026)")


def _period(digits: str) -> tuple[str, str] | None:
    """(fixed digits, period) of `digits` ending in a repeated period (see the module docstring); else None."""
    for p in range(1, 7):
        times = 3 if p == 1 else 2
        if len(digits) < p * times:
            continue
        period = digits[-p:]
        if len(set(period)) == 1 and p > 1:
            continue  # "0.1666666" is a period of one digit
        k = len(digits)
        while k >= p and digits[k - p:k] == period:
            k -= p
        if (len(digits) - k) // p >= times:
            return digits[:k], period
    return None


def _repl(m: re.Match) -> str:
    found = _period(m.group(2))
    return m.group(0) if found is None else f"{m.group(1)}.{found[0]}({found[1]})"


def repeating_ellipsis(text: str) -> str:
    """`text` with each decimal that repeats before an ellipsis written with its period in brackets ("0.(3)")."""
    return _BEFORE_ELLIPSIS.sub(_repl, text) if ("..." in text or "\u2026" in text) else text
