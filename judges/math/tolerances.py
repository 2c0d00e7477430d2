"""A value stated with its tolerance, for `extract` (stop 59): "158, between 157 and 159", "158 (between 157 and 159)",
"about 4.9, between 4.8 and 5.0" and "158 ± 1" commit to the value. An interval that does not hold the value strictly
inside it, a "± d" over a tenth of the value (the two roots of "3 ± 2") and an interval alone ("between 157 and 159")
commit to nothing here (None)."""
from __future__ import annotations

import re
from fractions import Fraction

_NUM = r"(-?\d{1,30}+(?:,\d{3})*+(?:\.\d{1,30}+)?+)"
_TOLERANCE = re.compile(r"(?:(?:about|approximately|approx\.|around|roughly|~|\\approx)[ \t]*+)?" + _NUM
                        + r"[ \t]*+(?:,[ \t]*+|\([ \t]*+)between[ \t]++" + _NUM + r"[ \t]++and[ \t]++" + _NUM
                        + r"[ \t]*+\)?+[ \t]*+[.]?+", re.IGNORECASE)
_PLUS_MINUS = re.compile(_NUM + r"[ \t]*+(?:±|\\pm)[ \t]*+(\d{1,30}+(?:\.\d{1,30}+)?+)[ \t]*+[.]?+")


def tolerance_value(span: str) -> str | None:
    """The value of a span that states it with its tolerance interval or "± d" (module docstring); None
    otherwise."""
    text = span.strip()
    if len(text) > 120:
        return None
    m = _TOLERANCE.fullmatch(text)
    if m is not None:
        value, low, high = (Fraction(g.replace(",", "")) for g in m.groups())
        return m.group(1) if low < value < high else None
    m = _PLUS_MINUS.fullmatch(text)  # a tolerance, not the two roots of "3 ± 2": at most a tenth of the value
    return m.group(1) if m is not None and 0 < 10 * Fraction(m.group(2)) <= abs(Fraction(m.group(1).replace(
        ",", ""))) else None
