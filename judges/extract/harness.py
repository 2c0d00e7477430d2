"""`strict` and `flexible`: lm-evaluation-harness style GSM8K answer extraction.

strict   takes the number after "The answer is" (gsm8k-cot) or "####" (gsm8k);
flexible takes the last number in the text (harness `flexible-extract`).
The extracted number is compared with the reference numerically after removing
thousands separators, "$" and a trailing period, as the harness's
`regexes_to_ignore` do; a non-numeric reference is compared as a normalised string.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from judgesuite.judges.base import Judge, JudgeTags
from judgesuite.judges.types import NoVerdict, Sample, Verdict

_NUM = r"-?[$0-9.,]{2,}|-?[0-9]+"
STRICT_PATTERNS = (
    re.compile(r"The answer is \$?(-?[0-9.,]+)", re.IGNORECASE),
    re.compile(r"#### (-?[0-9.,]+)"),
)
FLEXIBLE_PATTERN = re.compile(_NUM)
MAX_SCAN = 20_000  # only the tail of a long candidate holds its final answer


def clean_number(text: str) -> str:
    return text.replace(",", "").replace("$", "").strip().rstrip(".")


def numbers_equal(extracted: str, reference: str) -> bool:
    a, b = clean_number(extracted), clean_number(reference)
    try:
        return Decimal(a) == Decimal(b)
    except (InvalidOperation, ValueError):
        return a.lower() == b.lower()


class _ExtractJudge(Judge):
    tags = JudgeTags(task_types=frozenset({"math"}))

    def extract(self, text: str) -> str | None:
        raise NotImplementedError

    def _judge_batch(self, samples: Sequence[Sample]) -> list[Verdict]:
        out = []
        for s in samples:
            ans = self.extract(s.candidate[-MAX_SCAN:])
            if ans is None or not clean_number(ans):
                out.append(Verdict.none(NoVerdict.UNPARSEABLE, "no answer pattern matched"))
                continue
            hit = any(numbers_equal(ans, r) for r in s.references)
            out.append(Verdict(correct=hit, score=float(hit), extracted=ans))
        return out


class StrictMatchJudge(_ExtractJudge):
    """GSM8K strict-match: "The answer is N" or "#### N", else no verdict."""

    def extract(self, text: str) -> str | None:
        for pattern in STRICT_PATTERNS:
            found = pattern.findall(text)
            if found:
                return found[-1]
        return None


class FlexibleExtractJudge(_ExtractJudge):
    """GSM8K flexible-extract: the last number in the candidate."""

    def extract(self, text: str) -> str | None:
        # The harness pattern also matches runs like "..." or ",,": skip digit-free runs.
        found = [m for m in FLEXIBLE_PATTERN.findall(text) if any(c.isdigit() for c in m)]
        return found[-1] if found else None
