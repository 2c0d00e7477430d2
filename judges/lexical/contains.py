"""`contains`: a SQuAD-normalised reference inside the normalised answer, as whole tokens.

The lexical-matching baseline of open-QA evaluation studies (Kamalloo et al. 2023; EVOUNA): lenient with long
answers that hold the reference among other words, blind to negations and to answers in other words.
"""
from __future__ import annotations

from collections.abc import Sequence

from judgesuite.judges.base import Judge, JudgeTags
from judgesuite.judges.squad import normalize_answer
from judgesuite.judges.types import Sample, Verdict


def contained_reference(candidate: str, references: Sequence[str]) -> str | None:
    """The first reference whose normalised form occurs in the normalised candidate as whole tokens, else None."""
    text = f" {normalize_answer(candidate)} "
    for ref in references:
        norm = normalize_answer(ref)
        if norm and f" {norm} " in text:
            return ref
    return None


class ContainsReferenceJudge(Judge):
    """Correct when a normalised reference occurs in the normalised answer as whole tokens; always a verdict."""

    tags = JudgeTags()

    def _judge_batch(self, samples: Sequence[Sample]) -> list[Verdict]:
        out = []
        for s in samples:
            hit = contained_reference(s.candidate, s.references)
            out.append(Verdict(correct=hit is not None, score=float(hit is not None), extracted=hit))
        return out
