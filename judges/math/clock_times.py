"""Clock times with AM / PM, for `symbolic`: "3:45 PM", "3:45 p.m.", "\\text{3:45:10 P.M.}" against a gold time.

A whole answer that is one clock time (hours 0-23, minutes, perhaps seconds, perhaps a meridiem) reads as a 24-hour
time where it names one: "3:45 PM" is 15:45, "12:30 AM" 0:30, "15:45" itself. Both sides such times and each
24-hour (a meridiem, or an hour of 0 or 13-23): equal exactly when the 24-hour times are ("3:45 PM" is not "3:45
AM", a false equal before: the meridiem was dropped as a unit word; "3:45 P.M." is "15:45"). A 12-hour time without a
meridiem (hour 1-12) against a surely 24-hour one (`half_day_time`, stop 56): no verdict where either of its readings
is that time ("3:45" against "3:45 PM" or "3:45 AM", "12:30" against "12:30 AM": which half of the day it means is
not said), unequal where neither is ("3:45" against "4:45 PM"). Stop 57: an answer that is the second of two clock
times joined by "and" in one sentence ("The first train is at 3:45 PM and the next one at 4:45 PM.") is both, no
single time (`joined_times`): no verdict, never the last."""
from __future__ import annotations

import re

_TIME = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2}))?[ \t]*+(?:\\[,;: ]|~)?[ \t]*+(?:([ap])\.?[ \t]?m\b\.?)?",
                   re.IGNORECASE)
_WRAP = re.compile(r"\\(?:text|mathrm|textrm|mbox)\s*\{([^{}]*)\}")


def clock_time(text: str) -> tuple[tuple[int, int, int], bool] | None:
    """(24-hour (h, m, s), whether it is 24-hour for sure) of a whole answer that is one clock time; else None."""
    s = _WRAP.sub(r"\1", text).strip().strip("$").strip()
    s = s.rstrip(".") if not re.search(r"[ap]\.[ \t]?m\.\Z", s, re.IGNORECASE) else s
    m = _TIME.fullmatch(s.strip())
    if m is None:
        return None
    h, mi, sec = int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)
    if h > 23 or mi > 59 or sec > 59:
        return None
    meridiem = (m.group(4) or "").lower()
    if meridiem:
        if not 1 <= h <= 12:
            return None
        h = h % 12 + (12 if meridiem == "p" else 0)
    return (h, mi, sec), bool(meridiem) or h == 0 or h >= 13


def same_clock_time(gold: str, cand: str) -> bool | None:
    """Whether two answers that are clock times, each surely 24-hour, name the same time; None where either is not
    such a time (the general comparison decides)."""
    g, c = clock_time(gold), clock_time(cand)
    if g is None or c is None or not (g[1] and c[1]):
        return None
    return g[0] == c[0]


def half_day_time(gold: str, cand: str) -> bool | None:
    """A 12-hour time without a meridiem against a surely 24-hour one: True where one of its two readings (AM, PM) is
    that time (undecided), False where neither is; None for any other pair."""
    g, c = clock_time(gold), clock_time(cand)
    if g is None or c is None or g[1] == c[1]:
        return None
    (sure, _), ((h, mi, sec), _) = (g, c) if g[1] else (c, g)
    return sure in ((h % 12, mi, sec), (h % 12 + 12, mi, sec))


_JOINED = re.compile(r"(?<![\d:])\d{1,2}:\d{2}(?::\d{2})?+[ \t]*+(?:[ap]\.?[ \t]?m\b\.?)?+[^.!?\n\d]{0,80}?\band\b"
                     r"[^.!?\n\d]{0,80}+\Z", re.IGNORECASE)


def joined_times(text: str, span: str) -> str | None:
    """Where `span` is a clock time and, in its sentence of `text`, another one comes before it joined by "and":
    the text from the first to the second; else None."""
    value = span.strip().rstrip(".").strip()
    if not re.match(r"\d{1,2}:\d{2}", value):
        return None
    at = text.rfind(value)
    m = _JOINED.search(text, max(0, at - 200), at) if at >= 0 else None
    return text[m.start():at + len(value)] if m else None
