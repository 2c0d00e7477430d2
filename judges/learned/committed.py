"""The answer a candidate commits to, as the `stacked` features read it (features version 8: markup; version 9:
prose, for open QA): `<answer>` / `<final_answer>` / `<result>` tags or a JSON answer field, else a "Final answer:"
line or a sentence "The correct answer is ...", when every such commitment says the same; else none (the whole text
is read)."""
from __future__ import annotations

import re
from collections.abc import Sequence

from judgesuite.judges.math.answer_markup import every_markup_answer
from judgesuite.judges.spelling import fold
from judgesuite.judges.types import Sample

MAX_CHARS = 100_000  # longer texts are cut (the head is kept): bounds time on 1 MB inputs
_ALNUM = re.compile(r"[^\W_]")


def markup_answer(candidate: str) -> str | None:
    """The answer `candidate` commits to in markup (answer tags, a JSON answer field: what annotators of such
    outputs rate), as written, when every such span holds the same answer; else None."""
    return _one_answer(every_markup_answer(candidate[:MAX_CHARS]))


# Prose commitments (version 9): a line that starts "Final answer:" / "Answer:" (markdown around it allowed; the
# value on that line or the next non-empty one), and "The (final|correct|right) answer (to <a quoted or short
# phrase>) is <value>", a repeated "the answer is" skipped; the value ends at its sentence's end (a lookahead, so that
# a later commitment on the same line is found too)
_ANSWER_LINE = re.compile(r"^[ \t>#*_-]*(?:final )?answer[*_ ]*[:\uff1a][*_ \t]*(.*)$", re.IGNORECASE | re.MULTILINE)
_ANSWER_IS = re.compile(r"\bthe (?:final |correct |right )?answer(?: to (?:\"[^\"\n]{1,200}\"|\u201c[^\u201d\n]{1,200}"
                        r"\u201d|[^.\n\"\u201c]{1,160}?))? is\b[:\uff1a]?[ \t]*"
                        r"(?:the (?:final |correct |right )?answer is\b[:\uff1a]?[ \t]*)*(?=([^\n]{0,400}))", re.IGNORECASE)
# "the answer is given by ...", "... is shown below": no answer said there
_NO_ANSWER = re.compile(r"(?:given|provided|shown|based|contained|found|listed|included|mentioned|stated|described|"
                        r"not (?:known|clear|given|provided))\b", re.IGNORECASE)
_TAG = re.compile(r"<[^<>\n]{0,40}>")
_STOP_MARK = re.compile(r"[.!?](?=\s|$)")
_ABBREVIATIONS = frozenset("mr mrs ms dr st jr sr vs no mt ft".split())
MAX_PROSE_ANSWERS = 50


def _sentence(text: str) -> str:
    """`text` up to its first sentence end: a stop, ! or ? before a space or the end, not after an initial
    ("J. Smith", "U.S.") or a short title ("Mr.")."""
    for m in _STOP_MARK.finditer(text):
        word = text[:m.start()].rsplit(None, 1)[-1].strip("\"'()*_") if text[:m.start()].strip() else ""
        if len(word) <= 1 or re.fullmatch(r"(?:[A-Za-z]\.)+[A-Za-z]", word) or word.lower() in _ABBREVIATIONS:
            continue
        return text[:m.start()]
    return text


def prose_answers(candidate: str) -> list[str]:
    """Every answer `candidate` commits to in prose ("Final answer: X" lines, "The correct answer is X"
    sentences), in order of appearance; at most MAX_PROSE_ANSWERS."""
    found: list[tuple[int, str]] = []
    for pattern in (_ANSWER_LINE, _ANSWER_IS):
        for k, m in enumerate(pattern.finditer(candidate)):
            if k >= MAX_PROSE_ANSWERS:
                break
            value = m.group(1).strip().lstrip(":\uff1a").strip()
            if not value.strip("*_ "):  # the value on the next non-empty line
                value = candidate[m.end():m.end() + 2000].lstrip("\n \t").split("\n", 1)[0].strip()
            value = _sentence(value[:400])
            if _NO_ANSWER.match(value) or not _ALNUM.search(_TAG.sub("", value)):
                continue  # "the answer is given below", "<response></response>": no answer said there
            found.append((m.start(), value))
    return [v for _, v in sorted(found)]


def _one_answer(values: Sequence[str]) -> str | None:
    """The last of `values` when they all read the same (cleaned), else None."""
    read = {" ".join(fold(v[:MAX_CHARS]).lower().split()) for v in values}
    return values[-1].strip() if len(read) == 1 else None


def committed_span(candidate: str, prose: bool = True) -> str | None:
    """The answer `candidate` commits to, as written: its `markup_answer`, else (with `prose`) the one answer it
    commits to in prose (`prose_answers`, when they all agree); None when there is neither (or they disagree)."""
    span = markup_answer(candidate)
    if span is not None or not prose:
        return span
    return _one_answer(prose_answers(candidate[:MAX_CHARS]))


def reads_prose(task_type: str) -> bool:
    """Whether the `stacked` features read a prose commitment for this task type: open QA only (read short, financebench's
    "the answer is ..." rows lost the rest of their analysis: stop 48's rule failed on context QA)."""
    return task_type == "open_qa"


def has_committed_span(sample: Sample) -> bool:
    """Whether the `stacked` features read a span of the sample's candidate rather than all of it."""
    return committed_span(sample.candidate or "", reads_prose(sample.task_type)) is not None
