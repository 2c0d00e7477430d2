"""An answer that only restates the question, for the learned judges to call incorrect without their model.

A master-key probe copies the question word for word. Where the question holds the reference ("Ray had 25
lollipops. He kept 5 ... How many ...?", reference 5) the copy "contains the reference", and where it does
not the copy is still close to question-and-answer text: learned judges accepted such copies (`stacked`
3.4%, the encoder 13.5% of the restated-question DEV probes). `restates_question_only` is true when the
answer holds a verbatim copy of the question (folded, lower-cased words, punctuation and articles dropped) and
either nothing else, or the references it holds lie only inside the copies. An answer that copies the question
and then says the reference ("Who won ... in 1777: the Americans") is not touched.
"""
from __future__ import annotations

from judgesuite.judges.spelling import fold, words
from judgesuite.judges.types import Sample

MIN_QUESTION_WORDS = 4  # a shorter question copied word for word can be an answer's own phrase
MAX_CHARS = 100_000  # of the answer and of the question; the head is kept
MAX_REFS = 200
MAX_REF_CHARS = 2_000  # of one reference


def _joined(text: str, limit: int = MAX_CHARS) -> str:
    return " ".join(words(fold(text[:limit]).lower()))


def _pieces(answer: str, question: str) -> list[str] | None:
    """The answer's text outside every copy of the question (word-aligned), or None where it holds no copy."""
    padded, pat = f" {answer} ", f" {question} "
    pieces, start = [], 0
    while True:
        at = padded.find(pat, start)
        if at < 0:
            break
        pieces.append(padded[start:at + 1])
        start = at + len(pat) - 1
    if not pieces:
        return None
    pieces.append(padded[start:])
    return [p.strip() for p in pieces]


def restates_question_only(sample: Sample) -> bool:
    """True when the answer is the question copied word for word, with nothing else or with every reference
    it holds only inside the copies."""
    if not isinstance(sample.question, str) or not isinstance(sample.candidate, str):
        return False
    question = _joined(sample.question)
    if len(question.split()) < MIN_QUESTION_WORDS:
        return False
    answer = _joined(sample.candidate)
    pieces = _pieces(answer, question)
    if pieces is None:
        return False
    if not any(pieces):
        return True
    refs = [r for r in (_joined(x, MAX_REF_CHARS) for x in (sample.references or ())[:MAX_REFS]
                        if isinstance(x, str)) if r]
    if not any(f" {r} " in f" {answer} " for r in refs):
        return False
    return not any(f" {r} " in f" {p} " for p in pieces if p for r in refs)
