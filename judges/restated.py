"""An answer that only restates the question, for the learned judges to call incorrect without their model.

A master-key probe copies the question word for word. Where the question holds the reference ("Ray had 25
lollipops. He kept 5 ... How many ...?", reference 5) the copy "contains the reference", and where it does
not the copy is still close to question-and-answer text: learned judges accepted such copies (`stacked`
3.4%, the encoder 13.5% of the restated-question DEV probes). `restates_question_only` is true when the
answer is a verbatim copy of the question (folded, lower-cased words, punctuation and articles dropped) and
nothing else. An answer that copies the question and then says anything is left to the model: "Who is older,
Tom Hanks or Tim Allen? Hanks." or "... How many did he keep? Five." answer it, in words a rule on the
references alone would not read.
"""
from __future__ import annotations

from judgesuite.judges.spelling import fold, words
from judgesuite.judges.types import Sample, Verdict

MIN_QUESTION_WORDS = 4  # a shorter question copied word for word can be an answer's own phrase
MAX_CHARS = 100_000  # of the answer and of the question; the head is kept


def _words(text: str) -> list[str]:
    return words(fold(text[:MAX_CHARS]).lower())


def restates_question_only(sample: Sample) -> bool:
    """True when the answer is the question copied word for word (once or more) and nothing else."""
    if not isinstance(sample.question, str) or not isinstance(sample.candidate, str):
        return False
    question = _words(sample.question)
    if len(question) < MIN_QUESTION_WORDS:
        return False
    answer = _words(sample.candidate)
    copies, rest = divmod(len(answer), len(question))
    return copies > 0 and not rest and answer == question * copies


def restated_verdict(extra: dict | None = None) -> Verdict:
    """The verdict for an answer that only restates the question: incorrect, P(correct) 0."""
    return Verdict(correct=False, score=0.0, extra={**(extra or {}), "rule": "restates the question"})
