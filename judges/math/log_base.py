"""`\\log` without a base: natural in analysis, base 10 in school and engineering texts (base 2 in computer
science), so in competition answers it is ambiguous. Our grammar read it as natural and the ANTLR path as base 10,
so one pair could be equal on one path and unequal on the other.

The rule: a verdict on a pair with an unbased `\\log` must hold for both readings, natural and base 10. The `sympy`
judge judges the pair twice, with `\\log` rewritten as `\\ln` and as `\\lg` (base 10 on both paths, ISO 80000-2),
and gives no verdict where the two disagree: `\\log 8` and `3\\log 2` are equal whatever the base, `\\log(100)` and
2, `\\log(e)` and 1, `\\ln 8` and `3\\log 2` depend on it. `\\log_b` keeps its base."""
from __future__ import annotations

import re

# \log, \operatorname{log}, \mathrm{log}, and the bare word applied to an argument ("log(100)", "log x");
# not \log_2, \logic, "blog", "per log to ..."
_UNBASED = re.compile(r"\\log(?![A-Za-z_])|\\(?:operatorname\*?|mathrm|text)\s*\{\s*log\s*\}(?!\s*_)"
                      r"|(?<![A-Za-z\\.])log(?=\s*[(\[{\d\\]|\s+[A-Za-z](?![A-Za-z]))")
READINGS = {"e": "\\ln", "10": "\\lg"}


def unbased_log(*texts: str) -> bool:
    """Whether any of the texts writes `\\log` without a base."""
    return any(_UNBASED.search(t) for t in texts)


def read_log(text: str, base: str) -> str:
    """`text` with each unbased `\\log` written as the log of that base ("e" or "10")."""
    return _UNBASED.sub(lambda _: READINGS[base], text)
