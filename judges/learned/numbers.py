"""Numbers in answer text for the `stacked` features: digits, number words, scales, ranges, near values.

Read from lower-cased, folded text and its tokens (`features._clean`, `spelling.words`): "1,776", "3.5",
"-2", "twenty-five" (25, and 20 and 5), "two hundred and ten", "2 million" (2e6 and 2), "10-12 years".
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from judgesuite.judges.number_words import DIGITS, number_value, word_runs

_NUM_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty".split())}
_NUM_WORDS.update({"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
                   "ninety": 90, "hundred": 100, "first": 1, "second": 2, "third": 3, "fourth": 4,
                   "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10})
_SCALE = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
NUM_CLOSE = 0.05  # a candidate number within 5% of a reference number (rounding: "2.4" for "2.45")
_RANGE = re.compile(r"(?<![\d,])(\d[\d,]*(?:\.\d+)?)\s*(?:-|\u2013|\u2014|\u00e2\u20ac\u201c|to|and)\s*(\d[\d,]*(?:\.\d+)?)")


def compound_numbers(tokens: Sequence[str]) -> set[float]:
    """Values of runs of number words: "twenty five" 25, "two hundred and ten" 210, "three thousand" 3000."""
    return {value for _, _, value in word_runs(tokens)}


def numbers(low: str, tokens: Sequence[str]) -> set[float]:
    """Numbers in digits (1,776 / 3.5 / -2) and number words ("twenty-five" -> 25 as well as 20 and 5);
    "2 million" -> 2e6 as well as 2."""
    out: set[float] = set()
    for m in DIGITS.finditer(low):
        v = number_value(m.group().strip("+"))
        if v is not None:
            out.add(round(v, 6))
    prev = None
    for t in tokens:
        if t in _NUM_WORDS:
            out.add(float(_NUM_WORDS[t]))
        if t in _SCALE and prev is not None:
            v = number_value(prev) if prev[0].isdigit() else _NUM_WORDS.get(prev)
            if v is not None:
                out.add(round(float(v) * _SCALE[t], 6))
        prev = t
    return out | compound_numbers(tokens)


def ranges(low: str) -> list[tuple[float, float]]:
    out = []
    for a, b in _RANGE.findall(low[:2000]):
        x, y = number_value(a), number_value(b)
        if x is not None and y is not None and x < y:
            out.append((x, y))
    return out


def num_close(cnums: set[float], rnums: set[float]) -> float:
    """A candidate number within NUM_CLOSE (relative) of a reference number other than a year, not equal."""
    for r in rnums:
        if not r or (1000 <= r <= 2100 and r == int(r)):
            continue
        if any(c != r and abs(c - r) / abs(r) <= NUM_CLOSE for c in cnums):
            return 1.0
    return 0.0
