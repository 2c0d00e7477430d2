"""An answer that offers several answers without committing to one, for the learned judges to call incorrect.

The `every-option` master key ("The answer is one of the following: A; B; C; D.") names the reference among
others. `stacked`'s forest never learned the column for such offers (real answers holding "one of these" as a
phrase outweighed the rows by construction), and the blend accepted 7 of the DEV probes (financebench, whose
references are long sentences the encoder finds inside the list). `offers_options_only` is true when the answer
offers "one of the following" with a colon after it (not "either of the following works: ..."), the question does
not say so itself, the list after the colon holds two or more items, and nothing after the colon commits to one of
them ("The answer is B", "I think it is B", an answer tag): the answer is then the list, which does not answer.
"""
from __future__ import annotations

import re

from judgesuite.judges.learned.committed import markup_answer, prose_answers
from judgesuite.judges.spelling import fold
from judgesuite.judges.types import Sample, Verdict

MAX_CHARS = 100_000  # of the answer and of the question; the head is kept
_OFFER = re.compile(r"\bone of the following\b[^:\n]{0,40}?[:\uff1a]", re.IGNORECASE)
_OFFER_PHRASE = re.compile(r"\bone of the following\b", re.IGNORECASE)
# a run of spaces is tried only from its start: linear on 50,000 spaces (tests/test_security.py)
_ITEM_SEP = re.compile(r";|\n|,\s*(?:or\s+)?|(?<!\s)\s+or\s+")
_ALNUM = re.compile(r"[^\W_]")
# a choice made after the list: "I think it is B", "most likely B", "I'll go with B"
_CHOICE = re.compile(r"\b(?:i (?:think|believe|would say|choose|pick)|most likely|probably|my (?:answer|guess|choice)|"
                     r"i(?:'ll| will) go with|the best (?:answer|option|choice)|the (?:correct|right) one)\b",
                     re.IGNORECASE)


def offers_options_only(sample: Sample) -> bool:
    """True when the answer offers several options ("one of the following: A; B; C") and commits to none."""
    if not isinstance(sample.candidate, str):
        return False
    answer = sample.candidate[:MAX_CHARS]
    offer = _OFFER.search(answer)
    if offer is None:
        return False
    if isinstance(sample.question, str) and _OFFER_PHRASE.search(fold(sample.question[:MAX_CHARS])):
        return False  # "Which one of the following ...?": the phrase is the question's
    tail = answer[offer.end():]
    items = [s for s in _ITEM_SEP.split(tail) if _ALNUM.search(s)]
    if len(items) < 2:
        return False
    return markup_answer(tail) is None and not prose_answers(tail) and _CHOICE.search(tail) is None


def offers_verdict(extra: dict | None = None) -> Verdict:
    """The verdict for an answer that only offers options: incorrect, P(correct) 0."""
    return Verdict(correct=False, score=0.0, extra={**(extra or {}), "rule": "offers options, commits to none"})
