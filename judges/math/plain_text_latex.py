"""Plain text written for the ANTLR LaTeX path as our own grammar reads it (stop 58, grader batch 8's KAS rows).

- `NOT_EQUAL` / `not_equal_as_latex`: `=/=` (KAS), `≠`, `!=` are the not-equal relation (a relation, never an
  equation: `forms.needs_latex_backend`); `=/=` and `≠` are read as `\\neq` (`!=` the ANTLR grammar reads itself,
  and `5!=120` is a factorial).
- `plain_text_readings`: a number over a number written before a letter or a bracket is a coefficient (`7/3x` is
  7x/3, `1/2(y + 5)` is (y + 5)/2), and a function name without a backslash before a power or a bracket is that
  function (`sin^2(x)` is `\\sin^2(x)`, never s*i*n).
"""
from __future__ import annotations

import re

NOT_EQUAL = re.compile(r"=/=|\u2260|!=")
# a plain-text fraction of two numbers right before a letter or a bracket ("7/3x", "1/2(y+5)"): not after a power,
# a name, a decimal point, a slash or a closing bracket ("x^1/2y", "a1/2", "(3)/4x" stay as they are)
PLAIN_COEFFICIENT = re.compile(r"(?<![\w.^/\\})\]])(\d{1,6})\s*/\s*(\d{1,6})(?=[A-Za-z(])")
# a function name without a backslash before a power or a bracket: "sin^2(x)", "cos(x)"; not inside a word
BARE_FUNCTION = re.compile(r"(?<![\\A-Za-z])((?:arc)?(?:sin|cos|tan|cot|sec|csc)h?)(?=\s*[\^(])")


def not_equal_as_latex(text: str) -> str:
    """`=/=` and `≠` written as `\\neq` (the ANTLR grammar's not-equal)."""
    return re.sub(r"=/=|\u2260", r" \\neq ", text)


def plain_text_readings(text: str) -> str:
    """A plain-text coefficient fraction and a bare function name as our grammar reads them (see module doc)."""
    if "\\" in text:  # LaTeX: `\\frac` writes its fractions, `\\sin` its functions
        return text
    return BARE_FUNCTION.sub(r"\\\1 ", PLAIN_COEFFICIENT.sub(r"\\frac{\1}{\2}", text))
