"""Judges built from other judges, as data.

A composite judge names the judges whose verdicts it builds on (`Judge.reads()`, a tuple of
`Read`) and decides from their verdicts (`Judge.combine`). It never calls back into whoever
judges it: the suite's runner expands the reads through its verdict cache
(suite/evaluation/judging.py), and `judge()` expands them directly (`judge_reads`).
"""
from __future__ import annotations

import copy
from abc import abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from judgesuite.judges.base import Judge
from judgesuite.judges.types import Sample, Verdict

ReadVerdicts = dict[str, list[Verdict | None]]  # read name -> its verdict per sample (None: not read)


@dataclass(frozen=True)
class Read:
    """Another judge's verdicts a composite builds on, and on which samples.

    `select(sample)` picks the samples (None: all). A later stage names an earlier read in `after`
    and gets only the samples whose verdict of that read `escalate(verdict)` accepts. Reads are
    expanded in order; a sample a read leaves out gets None in `combine`'s `reads[name]`.
    """

    name: str
    judge: Judge
    select: Callable[[Sample], bool] | None = None
    after: str | None = None
    escalate: Callable[[Verdict], bool] | None = None

    def picks(self, samples: Sequence[Sample], earlier: ReadVerdicts) -> list[int]:
        """Indexes of the samples this read judges, given the earlier reads' verdicts."""
        idx = [i for i, s in enumerate(samples) if self.select is None or self.select(s)]
        if self.after is not None:
            before = earlier[self.after]
            idx = [i for i in idx if before[i] is not None and (self.escalate is None or self.escalate(before[i]))]
        return idx


def spread(idx: Sequence[int], verdicts: Sequence[Verdict], n: int) -> list[Verdict | None]:
    """Verdicts of the samples at `idx` laid out over all n samples (None elsewhere)."""
    out: list[Verdict | None] = [None] * n
    for i, v in zip(idx, verdicts):
        out[i] = v
    return out


def judge_reads(reads: Sequence[Read], samples: Sequence[Sample]) -> ReadVerdicts:
    """The reads' verdicts judged directly (no cache): what `judge()` of a composite combines."""
    got: ReadVerdicts = {}
    for read in reads:
        idx = read.picks(samples, got)
        got[read.name] = spread(idx, read.judge.judge([samples[i] for i in idx]) if idx else [], len(samples))
    return got


class CompositeJudge(Judge):
    """A judge whose verdicts come from other judges' (`reads`) and its own `combine`."""

    @abstractmethod
    def reads(self) -> tuple[Read, ...]:
        """The judges read, in order."""

    @abstractmethod
    def combine(self, samples: Sequence[Sample], reads: ReadVerdicts) -> list[Verdict]:
        """The verdicts, from the reads' verdicts on these samples."""

    def _judge_batch(self, samples: Sequence[Sample]) -> list[Verdict]:
        return self.combine(samples, judge_reads(self.reads(), samples))


class StagedJudge(CompositeJudge):
    """Two stages: a first judge on every sample, a second on those it escalates.

    Subclasses give `stages()`, `escalate(first_verdict)` and `decide(first, second)`. The
    combination is recomputed from the stages' verdicts (`recombined`): under the runner both
    stages go through the cache under their own identities, so a stage judged earlier costs nothing.
    """

    recombined = True

    @abstractmethod
    def stages(self) -> tuple[Judge, Judge]:
        """The (first, second) judges."""

    @abstractmethod
    def escalate(self, first: Verdict) -> bool:
        """Whether a sample goes on to the second stage, given the first stage's verdict."""

    @abstractmethod
    def decide(self, first: Verdict, second: Verdict | None) -> Verdict:
        """The final verdict from the first stage's and (if escalated) the second stage's (copies:
        it may change them)."""

    def reads(self) -> tuple[Read, ...]:
        first, second = self.stages()
        return Read("first", first), Read("second", second, after="first", escalate=self.escalate)

    def combine(self, samples: Sequence[Sample], reads: ReadVerdicts) -> list[Verdict]:
        return [self.decide(copy.copy(f), copy.copy(s) if s is not None else None)
                for f, s in zip(reads["first"], reads["second"])]

    def learned_from(self) -> tuple[str, ...]:
        first, second = self.stages()
        return tuple(sorted({*first.learned_from(), *second.learned_from()}))
