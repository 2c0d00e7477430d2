"""`math-verify`: the Math-Verify library, gold first, bounded per sample.

Math-Verify's own timeouts use SIGALRM, which fails off the main thread; here they
are switched off and each sample runs in a `BoundedPool` worker instead.
"""
from __future__ import annotations

import logging
from collections.abc import Sequence

from math_verify import parse, verify

from judgesuite.judges.base import Judge, JudgeTags
from judgesuite.judges.sandbox.bounded import OK, TIMEOUT, BoundedPool
from judgesuite.judges.types import NoVerdict, Sample, Verdict

# Math-Verify's own timeouts are off on purpose (the pool bounds time): silence its warning.
logging.getLogger("math_verify").setLevel(logging.ERROR)


def verify_pair(pair: tuple[tuple[str, ...], str]) -> tuple[bool | None, str | None]:
    """Worker function: (references, prediction text) -> (correct or None if unparseable, extracted)."""
    references, prediction = pair
    pred = parse(prediction, parsing_timeout=None)
    if not pred:
        return None, None
    extracted = str(pred[-1])[:200]
    for ref in references:
        gold = parse(ref, parsing_timeout=None)  # gold first: verify is not symmetric
        if gold and verify(gold, pred, timeout_seconds=None):
            return True, extracted
    return False, extracted


def outcomes_to_verdicts(outcomes: Sequence) -> list[Verdict]:
    """Turn BoundedPool outcomes of `verify_pair`-like functions into verdicts."""
    out = []
    for o in outcomes:
        if o.status == OK:
            correct, extracted = o.value
            if correct is None:
                out.append(Verdict.none(NoVerdict.UNPARSEABLE, "no math expression found"))
            else:
                out.append(Verdict(correct=correct, score=float(correct), extracted=extracted))
        elif o.status == TIMEOUT:
            out.append(Verdict.none(NoVerdict.TIMEOUT, o.error))
        else:
            out.append(Verdict.none(NoVerdict.ERROR, o.error))
    return out


class MathVerifyJudge(Judge):
    """Math-Verify on the whole candidate (its own extraction), references parsed first."""

    tags = JudgeTags(task_types=frozenset({"math"}), identity_exclude=("workers",), libraries=("math-verify",))

    def __init__(self, timeout: float = 5.0, workers: int | None = None) -> None:
        self.timeout = timeout
        self.workers = workers
        self._pool: BoundedPool | None = None

    def pool(self) -> BoundedPool:
        if self._pool is None:
            self._pool = BoundedPool(verify_pair, workers=self.workers, timeout=self.timeout)
        return self._pool

    def _judge_batch(self, samples: Sequence[Sample]) -> list[Verdict]:
        return outcomes_to_verdicts(self.pool().map([(s.references, s.candidate) for s in samples]))

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()
            self._pool = None
