"""Where a value sits in a reply, for `extract`: the line and sentence that hold a position, and the value a sentence
commits to once the question is known (the number in the unit it asks for, `asked_unit`) or once a clause frames
the last number (a relative clause after a count, a condition after an assignment, a trailing phrase after a stated
value: `clause_values`, `reply_frames`)."""
from __future__ import annotations

import re

from judgesuite.judges.math.asked_unit import asked_pattern, in_asked_unit, unit_number
from judgesuite.judges.math.clause_values import before_condition, stated_count
from judgesuite.judges.math.corrections import before_participle, present_value
from judgesuite.judges.math.hedges import ALTERNATIVES, HEDGES, MODAL, SPAN_HEDGES
from judgesuite.judges.math.reply_frames import before_phrase, part_of_whole
from judgesuite.judges.math.span_cleaning import SENTENCE_END
from judgesuite.judges.math.strategies import number_matches


def line_at(text: str, at: int) -> str:
    """The line of `text` that holds position `at`."""
    end = text.find("\n", at)
    return text[text.rfind("\n", 0, at) + 1:end if end >= 0 else len(text)]


def sentence_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """Where the sentence of `text` that holds `start:end` starts and ends (at most 200 characters either side)."""
    head = max(text.rfind(c, max(0, start - 200), start) for c in ".!?\n\u3002") + 1
    stops = [i for i in (text.find(c, end, end + 200) for c in "!?\n\u3002") if i >= 0]
    stop = SENTENCE_END.search(text, end, end + 200)
    tail = min(stops + ([stop.start()] if stop else []), default=min(len(text), end + 200))
    return max(head, start - 200, 0), tail


def sentence_at(text: str, start: int, end: int) -> str:
    """The sentence of `text` that holds `start:end` (at most 200 characters either side)."""
    head, tail = sentence_bounds(text, start, end)
    return text[head:tail]


def asked_number(text: str, span: str, question: str) -> str:
    """The number of the last number's sentence whose unit the question asks for (`asked_unit`), else `span`."""
    unit, at = asked_pattern(question), text.rfind(span)
    if unit is None or at < 0:
        return span
    head, tail = sentence_bounds(text, at, at + len(span))
    sentence = text[head:tail]
    nums = [m for m in number_matches(sentence) if m.start() <= at - head]
    if not nums or nums[-1].start() != at - head or nums[-1].group().rstrip(",") != span:
        return span
    found = unit_number(sentence, nums, unit)
    return found.group().rstrip(",") if found else span


def asked_in_span(raw: str, span: str, question: str) -> str:
    """In a committed line that starts with its value `span` and holds other numbers ("Ответ: 2 бутылки стоят 13
    долларов"), the one number of the unit the question asks for (13 for "Сколько долларов ...?"), else `span`."""
    unit = asked_pattern(question)
    if unit is None or ALTERNATIVES.search(raw) or SPAN_HEDGES.search(raw) or MODAL.search(raw) or HEDGES.search(raw):
        return span  # "2 bottles cost 13 or 14 dollars", "... not 13 dollars": no single number of that unit
    nums = number_matches(raw)
    if len(nums) < 2 or nums[0].group().rstrip(",") != span.strip():
        return span
    found = unit_number(raw, nums, unit, last=True)
    return found.group().rstrip(",") if found else span


def clause_value(text: str, span: str, question: str) -> str:
    """The value the last number's sentence commits to where that number sits in a relative clause after a count
    ("There are 12 ... that sum to 240": 12), in a condition after an assignment ("x = 4.875 when y = 13": 4.875;
    `clause_values`) or in a trailing phrase after a stated value ("$12 after 3 years": 12, `reply_frames`), else
    `span`; stop 61: a past value after a present one, a trailing participle clause (`corrections`)."""
    at = text.rfind(span)
    if at < 0:
        return span
    head, tail = sentence_bounds(text, at, at + len(span))
    unasked = not question or asked_pattern(question) is None
    return (stated_count(text[head:tail], at - head, asked_pattern(question) if question else None)
            or before_condition(text, at) or part_of_whole(text, at) or present_value(text, at)
            or (before_phrase(text, at) or before_participle(text, at) if unasked else None) or span)


_LEAD_NUMBER = re.compile(r"-?\d[\d,]*+(?:\.\d++)?+")


def converted(text: str, span: str, method: str, question: str) -> str:
    """The first span in the unit the question asks for (`asked_unit.in_asked_unit`): the last number and the unit
    after it in the text, or a span that starts with its value and unit ("64 cups"); else the span as it is."""
    if method == "number":
        at = text.rfind(span)
        return (in_asked_unit(span, text[at + len(span):at + len(span) + 40], question) if at >= 0 else None) or span
    m = _LEAD_NUMBER.match(span.strip())
    return (in_asked_unit(m.group(), span.strip()[m.end():], question) if m else None) or span
