"""A date answer to a "when" question whose year no reference holds: incorrect, whatever the forest says.

The forest scored a bare wrong year near its threshold (P 0.46 for "1999" against "1983" / "August 31, 1983"),
learned from nq301's train rows, which accept dates the references contradict (labelled against the world). A judge
that sees only the references cannot know such a date is right, so the rule decides it. It reads the committed
answer (`committed.committed_span`); it fires only when that answer is a date alone ("1999", "in 1999", "March 30,
1990", "30 March 1990"), the question asks when, some reference holds a year, no reference names a decade or a
century, and the year is none of the references' years and in none of their spans ("2017-18", "1665 to 1666").
Chosen on train and dev rows (scripts/stacked_other_year_check.py).
"""
from __future__ import annotations

import re

from judgesuite.judges.learned.committed import committed_span
from judgesuite.judges.spelling import fold
from judgesuite.judges.types import Sample, Verdict

RULE = "a year no reference holds"
MAX_CHARS = 200  # a longer committed answer is no date alone
_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
          r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
_DATE_ONLY = re.compile(rf"(?:(?:in|on|by|around|circa|about)\s+)?(?:the\s+)?(?:year\s+)?"
                        rf"(?:(?:{_DAY}\s+(?:of\s+)?)?{_MONTH}\.?,?\s+(?:{_DAY},?\s+)?)?(\d{{4}})")
_YEAR = re.compile(r"(?<![\d.,])(1\d{3}|20\d{2})(?!\d)")
_SPAN = re.compile(r"(?<![\d.,])(1\d{3}|20\d{2})\s*(?:-|\u2013|\u2014|to|until|and|through)\s*(\d{2}|\d{4})(?!\d)")
_DECADE = re.compile(r"\d0'?s\b|centur")
_ASKS_WHEN = re.compile(r"\b(?:when|what year|which year|what date|what day)\b")
_STRIP = " \t\n.!\"'`*"


def _date_year(answer: str) -> int | None:
    text = fold(answer[:MAX_CHARS + 1]).lower().strip(_STRIP)
    if len(text) > MAX_CHARS:
        return None
    m = _DATE_ONLY.fullmatch(text)
    return int(m.group(1)) if m else None


def _reference_years(references: tuple[str, ...], year: int) -> set[int] | None:
    """Every year the references hold; None when one names a decade or century or a span that holds `year`."""
    years: set[int] = set()
    for ref in references:
        low = fold(str(ref)).lower()
        if _DECADE.search(low):
            return None
        for start, end in _SPAN.findall(low):
            first = int(start)
            last = int(end) if len(end) == 4 else int(start[:2] + end)
            if first <= year <= last:
                return None
        years |= {int(y) for y in _YEAR.findall(low)}
    return years


def other_year(sample: Sample) -> int | None:
    """The year of a date-only open-QA answer that no reference holds (see the module docstring), else None."""
    if sample.task_type != "open_qa" or not isinstance(sample.candidate, str):
        return None
    if not _ASKS_WHEN.search(fold(sample.question or "").lower()):
        return None
    year = _date_year(committed_span(sample.candidate, True) or sample.candidate)
    if year is None:
        return None
    years = _reference_years(tuple(sample.references), year)
    return year if years and year not in years else None


def other_year_verdict(sample: Sample, extra: dict | None = None) -> Verdict | None:
    """Incorrect (P 0, `RULE`) for a date answer whose year no reference holds, else None."""
    year = other_year(sample)
    if year is None:
        return None
    return Verdict(correct=False, score=0.0, extracted=str(year), extra={**(extra or {}), "rule": RULE})
