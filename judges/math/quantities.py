"""A value with a unit on both sides ("2 h" against a gold "120 min", "2 hours" against "2 minutes"): the two are
compared in their dimension's base unit when both units are known (word_lists.UNITS), and are unequal when the
dimensions differ ("5 min" against "5 m"); otherwise nothing is decided here (a unit alone on one side is dropped by
`normalize`, as before). Stop 57: a chain of quantities in one unit whose last side is one of them ("620 feet -
(-55 feet) = 675 feet") is that last side (`unit_chain_result`), as "620 - (-55) = 675" is 675. Stop 58: Chinese
units ("0.4米" against "40厘米") too."""
from __future__ import annotations

import re
from fractions import Fraction

from judgesuite.judges.math.normalize import DURATION, duration
from judgesuite.judges.math.word_lists import UNITS

_TEXT = re.compile(r"\\(?:text|textrm|mathrm|mbox)\s*\{([^{}]{0,40})\}")
# a number and its unit: spaced ("2 h", "5 min"), or glued when the unit is a word ("5min", "2km"; "2h" may be 2h)
_QUANTITY = re.compile(r"(-?\d{1,12}(?:\.\d{1,12})?)(?:[ \t]+([A-Za-z]{1,12})|([A-Za-z]{2,12}))")


# Chinese units (stop 58): "0.4米" against a gold "40厘米"
_CJK_UNITS = {"毫米": ("length", Fraction(1, 1000)), "厘米": ("length", Fraction(1, 100)),
              "分米": ("length", Fraction(1, 10)), "米": ("length", Fraction(1)), "千米": ("length", Fraction(1000)),
              "公里": ("length", Fraction(1000)), "克": ("mass", Fraction(1)), "千克": ("mass", Fraction(1000)),
              "公斤": ("mass", Fraction(1000)), "毫升": ("volume", Fraction(1, 1000)), "升": ("volume", Fraction(1)),
              "秒": ("time", Fraction(1)), "分钟": ("time", Fraction(60)), "小时": ("time", Fraction(3600)),
              "天": ("time", Fraction(86400))}
_CJK_QUANTITY = re.compile(r"(-?\d{1,12}(?:\.\d{1,12})?)[ \t]*(" + "|".join(sorted(_CJK_UNITS, key=len, reverse=True))
                           + ")")


def quantity(text: str) -> tuple[str, Fraction] | None:
    """("time", 7200) for "2 h", "2 \\text{ hours}", "1 h 60 min"; None unless `text` is one number (or a time in two
    or three units) and a known unit."""
    if len(text) > 80:
        return None
    s = _TEXT.sub(r" \1 ", text.replace("$", " ").replace("\\,", " ").replace("~", " ")).strip().rstrip(".").strip()
    cjk = _CJK_QUANTITY.fullmatch(s.rstrip("\u3002"))
    if cjk:
        dimension, size = _CJK_UNITS[cjk.group(2)]
        return dimension, Fraction(cjk.group(1)) * size
    m = DURATION.fullmatch(s)
    if m:
        value, unit = duration(m), m.group(2)
        if value is None:
            return None
    else:
        m = _QUANTITY.fullmatch(s)
        if m is None:
            return None
        value, unit = Fraction(m.group(1)), m.group(2) or m.group(3)
    entry = UNITS.get("l" if unit == "L" else unit)
    return None if entry is None else (entry[0], value * entry[1])


def same_quantity(gold: str, cand: str) -> bool | None:
    """Whether two values with known units are the same quantity (never across dimensions: "5 min" is not "5 m");
    None when they are not both such."""
    g, c = quantity(gold), quantity(cand)
    if g is None or c is None:
        return None
    return g[0] == c[0] and g[1] == c[1]


_CHAIN_REST = re.compile(r"[\sQ+\-\u2212*/\u00d7()]*+")


def unit_chain_result(span: str) -> str | None:
    """The last side of an `=`-chain of quantities in one unit ("620 feet - (-55 feet) = 675 feet": "675 feet"):
    every number of every side followed by the last side's unit word, nothing else but operators and brackets;
    None for anything else."""
    if "=" not in span or len(span) > 200:
        return None
    *sides, last = span.split("=")
    last = last.strip().rstrip(".").strip()
    m = _QUANTITY.fullmatch(last)
    if m is None or not m.group(2):
        return None
    one = re.compile(r"-?\d{1,12}(?:\.\d{1,12})?[ \t]+" + re.escape(m.group(2)) + r"\b")
    for side in sides:
        rest = one.sub("Q", side)
        if "Q" not in rest or not _CHAIN_REST.fullmatch(rest):
            return None
    return last
