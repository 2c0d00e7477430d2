"""`regex`: the BERT-as-a-Judge lexical baseline.

Extraction: the pattern `Final answer:\\s*(.+)` (the paper's, Appendix A); the last
match counts, since the prompt asks the model to *conclude* with it. No match is a
no-verdict with reason "unparseable" (the paper's parse failure).

Matching by task type (paper §2.4):
- multiple choice with lettered `choices`: the extracted letter equals the gold letter;
- context extraction (`context_qa`), open QA and free-form multiple choice (the option
  texts are hidden, so the answer is a span): ROUGE-L F >= `rouge_threshold` (0.5);
- math: Math-Verify, gold first, bounded per sample in a worker process.
"""
from __future__ import annotations

import re
import string
from collections.abc import Sequence

from judgesuite.judges.base import Judge, JudgeTags
from judgesuite.judges.math.verify import outcomes_to_verdicts, verify_pair
from judgesuite.judges.sandbox.bounded import BoundedPool
from judgesuite.judges.lexical.overlap import best_rouge_l
from judgesuite.judges.types import NoVerdict, Sample, Verdict

FINAL_ANSWER = re.compile(r"Final answer:\s*(.+)")
_LETTER = re.compile(r"^[\s*_(\[]*([A-Z])(?:[\s*_)\].:,]|$)")


def extract_final_answer(text: str) -> str | None:
    found = FINAL_ANSWER.findall(text)
    return found[-1].strip() if found else None


def gold_letter(sample: Sample) -> str | None:
    """The gold option letter: a reference that is a letter, or the index of a reference choice."""
    letters = string.ascii_uppercase
    for ref in sample.references:
        r = ref.strip().strip("()").upper()
        if len(r) == 1 and r in letters[: len(sample.choices or ())]:
            return r
    for ref in sample.references:
        for i, choice in enumerate(sample.choices or ()):
            if ref.strip() == choice.strip() and i < len(letters):
                return letters[i]
    return None


class RegexJudge(Judge):
    """Extract "Final answer: X", then letter match / ROUGE-L / Math-Verify by task type."""

    tags = JudgeTags(identity_exclude=("workers",), libraries=("math-verify", "rouge-score"),
                     extracts_final_answer=True)

    def __init__(self, rouge_threshold: float = 0.5, timeout: float = 5.0,
                 workers: int | None = None) -> None:
        self.rouge_threshold = rouge_threshold
        self.timeout = timeout
        self.workers = workers
        self._pool: BoundedPool | None = None

    def _judge_batch(self, samples: Sequence[Sample]) -> list[Verdict]:
        verdicts: list[Verdict | None] = [None] * len(samples)
        math_rows: list[int] = []
        for i, s in enumerate(samples):
            answer = extract_final_answer(s.candidate)
            if answer is None:
                verdicts[i] = Verdict.none(NoVerdict.UNPARSEABLE, "no 'Final answer:' in the candidate")
            elif s.task_type == "math":
                math_rows.append(i)
            elif s.choices:
                verdicts[i] = self._letter_verdict(s, answer)
            else:
                score = best_rouge_l(answer, s.references)
                verdicts[i] = Verdict(correct=score >= self.rouge_threshold, score=score, extracted=answer[:200])
        if math_rows:
            if self._pool is None:
                self._pool = BoundedPool(verify_pair, workers=self.workers, timeout=self.timeout)
            # Math-Verify reads the extracted span only, as the paper's pipeline does.
            pairs = [(samples[i].references, extract_final_answer(samples[i].candidate)) for i in math_rows]
            for i, v in zip(math_rows, outcomes_to_verdicts(self._pool.map(pairs))):
                verdicts[i] = v
        return [v for v in verdicts if v is not None]

    @staticmethod
    def _letter_verdict(s: Sample, answer: str) -> Verdict:
        gold = gold_letter(s)
        m = _LETTER.match(answer)
        if m is None:
            return Verdict.none(NoVerdict.UNPARSEABLE, f"no option letter in {answer[:80]!r}")
        if gold is None:
            return Verdict.none(NoVerdict.ERROR, "sample has choices but no gold letter")
        return Verdict(correct=m.group(1) == gold, score=float(m.group(1) == gold), extracted=m.group(1))

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()
            self._pool = None
