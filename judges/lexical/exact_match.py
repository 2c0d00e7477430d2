"""`exact-match`: SQuAD-normalised exact match against any reference."""
from __future__ import annotations

from collections.abc import Sequence

from judgesuite.judges.base import Judge, JudgeTags
from judgesuite.judges.squad import normalize_answer
from judgesuite.judges.types import Sample, Verdict


class ExactMatchJudge(Judge):
    """Correct when the normalised candidate equals a normalised reference.

    It reads the whole candidate: a verbose but right answer is judged incorrect,
    which is the lexical failure the suite measures. It always gives a verdict.
    """

    tags = JudgeTags()

    def _judge_batch(self, samples: Sequence[Sample]) -> list[Verdict]:
        out = []
        for s in samples:
            cand = normalize_answer(s.candidate)
            hit = any(cand == normalize_answer(r) for r in s.references)
            out.append(Verdict(correct=hit, score=float(hit), extracted=s.candidate.strip()[:200]))
        return out
