"""Operators an answer writes in letters: a letter x as the times sign ("1.2x10^3", "(5 x 5) + (5 x 4)") and a
power in words ("7 raised to the power of 3"), rewritten for the tokenizer by `normalize`."""
from __future__ import annotations

import re

# scientific notation with a letter x for the times sign: "1.2x10^3", "1.2 x 10^{-3}"
_X_TIMES_TEN = re.compile(r"(?<![\w.])(\d{1,12}(?:\.\d{1,12})?)[ \t]?[xX][ \t]?(?=10\s*\^)")
# a spaced letter x between numbers, in an answer with no other letter, is the times sign: "(5 x 5) + (5 x 4)" is 45,
# as "(5 × 5) + (5 × 4)" is (stop 57); "5x", "x + 5", "3 x 4 feet" keep their letters
_X_BETWEEN = re.compile(r"(?<=[\d)])[ \t]++x[ \t]++(?=[\d(])")


def _x_times(s: str) -> str:
    """`s` with each spaced x between numbers read as the times sign, where no other letter is left."""
    t = _X_BETWEEN.sub(r" \\times ", s) if "x" in s else s
    return t if t != s and not re.search(r"[A-Za-z]", t.replace("\\times", "")) else s


def letter_x_times(s: str) -> str:
    """`s` with a letter x read as the times sign: before a power of ten, and spaced between numbers where no other
    letter is left."""
    return _x_times(_X_TIMES_TEN.sub(r"\1 \\times ", s))


# a power in words between two numbers: "7 raised to the power of 3" (a whole answer only, never inside prose)
POWER_WORDS = re.compile(r"(?<![\w.^])(\d{1,6}(?:\.\d{1,6})?)[ \t]++(?:raised[ \t]++)?to[ \t]++the[ \t]++power[ \t]++of"
                         r"[ \t]++(\d{1,3})(?![\w^]|[.,]\d)", re.IGNORECASE)


def power_in_words(answer: str) -> str:
    """A whole answer that is a power in words ("7 raised to the power of 3.") as `7^{3}`; any other unchanged."""
    power = POWER_WORDS.fullmatch(answer.strip().rstrip(".").strip())
    return f"{power.group(1)}^{{{power.group(2)}}}" if power else answer
