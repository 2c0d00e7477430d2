"""Pairwise McNemar tests between judges on the same rows, and ranks that ignore noise.

Each judge is scored per row as agreeing with the label or not (a no-verdict counts as
"incorrect"). McNemar's test looks only at the discordant rows: b = rows only judge A
gets right, c = rows only judge B gets right. The two-sided exact binomial test is used
up to 2000 discordant rows, the chi-square test with continuity correction beyond.
p-values are Holm-adjusted over all pairs of a set.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from judgesuite.suite.evaluation.schema import VerdictRecord
from judgesuite.suite.evaluation import statistics
from judgesuite.suite.evaluation.statistics import ALPHA, holm, mcnemar_p

__all__ = ["ALPHA", "McNemarTest", "holm", "mcnemar_p", "pair_test", "pairwise", "significance_ranks"]


@dataclass
class McNemarTest:
    a: str
    b: str
    n: int  # shared rows
    only_a: int  # rows only judge a gets right
    only_b: int
    accuracy_a: float
    accuracy_b: float
    p: float
    p_holm: float = 1.0

    @property
    def significant(self) -> bool:
        return self.p_holm < ALPHA

    @property
    def better(self) -> str | None:
        return self.a if self.only_a > self.only_b else self.b if self.only_b > self.only_a else None


PairTest = McNemarTest  # the name earlier versions exported


def pair_test(a: str, b: str, ra: Sequence[VerdictRecord], rb: Sequence[VerdictRecord]) -> McNemarTest:
    """McNemar test of judges a and b on the rows (by id) that both judged."""
    return _test(a, b, {r.id: r.agrees for r in ra}, {r.id: r.agrees for r in rb})


def _test(a: str, b: str, agree_a: Mapping[str, bool], agree_b: Mapping[str, bool]) -> McNemarTest:
    shared = [(x, agree_b[i]) for i, x in agree_a.items() if i in agree_b]
    only_a = sum(x and not y for x, y in shared)
    only_b = sum(y and not x for x, y in shared)
    n = len(shared)
    return McNemarTest(a=a, b=b, n=n, only_a=only_a, only_b=only_b,
                       accuracy_a=sum(x for x, _ in shared) / n if n else 0.0,
                       accuracy_b=sum(y for _, y in shared) / n if n else 0.0,
                       p=mcnemar_p(only_a, only_b))


def pairwise(records: Mapping[str, Sequence[VerdictRecord]]) -> list[McNemarTest]:
    """All judge pairs of one set, Holm-adjusted together."""
    agree = {j: {r.id: r.agrees for r in rs} for j, rs in records.items()}  # once per judge, not per pair
    tests = [_test(a, b, agree[a], agree[b]) for a, b in combinations(sorted(records), 2)]
    adjusted = holm({(t.a, t.b): t.p for t in tests})
    for t in tests:
        t.p_holm = adjusted[(t.a, t.b)]
    return tests


def significance_ranks(accuracy: Mapping[str, float], tests: Sequence[McNemarTest]) -> dict[str, int]:
    """Rank = 1 + number of judges significantly better (Holm-adjusted McNemar, alpha 0.05).

    Judges whose differences are noise share a rank instead of being ordered.
    """
    return statistics.significance_ranks(list(accuracy), tests)  # type: ignore[arg-type]
