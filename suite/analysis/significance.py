"""Pairwise McNemar tests between judges on the same rows, and ranks that ignore noise.

Each judge is scored per row as agreeing with the label or not (a no-verdict counts as
"incorrect"). McNemar's test looks only at the discordant rows: b = rows only judge A
gets right, c = rows only judge B gets right. The two-sided exact binomial test is used
up to 2000 discordant rows, the chi-square test with continuity correction beyond.
p-values are Holm-adjusted over all pairs of a set.
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from judgesuite.suite.analysis.records import Record

ALPHA = 0.05
EXACT_LIMIT = 2000


def mcnemar_p(b: int, c: int) -> float:
    """Two-sided McNemar p-value for discordant counts b and c."""
    n = b + c
    if n == 0:
        return 1.0
    k = min(b, c)
    if n <= EXACT_LIMIT:
        # P(X <= k) for X ~ Binomial(n, 1/2), in log space to stay finite.
        log_half_n = -n * math.log(2)
        tail = sum(math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) + log_half_n)
                   for i in range(k + 1))
        return min(1.0, 2 * tail)
    chi2 = (abs(b - c) - 1) ** 2 / n
    return math.erfc(math.sqrt(chi2 / 2))  # survival function of chi-square with 1 df


def holm(pvalues: Mapping[tuple[str, str], float]) -> dict[tuple[str, str], float]:
    """Holm-Bonferroni adjusted p-values (monotone, capped at 1)."""
    order = sorted(pvalues, key=pvalues.get)
    m = len(order)
    adjusted: dict[tuple[str, str], float] = {}
    running = 0.0
    for i, key in enumerate(order):
        running = max(running, min(1.0, (m - i) * pvalues[key]))
        adjusted[key] = running
    return adjusted


@dataclass
class PairTest:
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


def pair_test(a: str, b: str, ra: Sequence[Record], rb: Sequence[Record]) -> PairTest:
    """McNemar test of judges a and b on the rows (by id) that both judged."""
    mb = {r.id: r for r in rb}
    shared = [(r, mb[r.id]) for r in ra if r.id in mb]
    only_a = sum(x.agrees and not y.agrees for x, y in shared)
    only_b = sum(y.agrees and not x.agrees for x, y in shared)
    n = len(shared)
    return PairTest(a=a, b=b, n=n, only_a=only_a, only_b=only_b,
                    accuracy_a=sum(x.agrees for x, _ in shared) / n if n else 0.0,
                    accuracy_b=sum(y.agrees for _, y in shared) / n if n else 0.0,
                    p=mcnemar_p(only_a, only_b))


def pairwise(records: Mapping[str, Sequence[Record]]) -> list[PairTest]:
    """All judge pairs of one set, Holm-adjusted together."""
    tests = [pair_test(a, b, records[a], records[b]) for a, b in combinations(sorted(records), 2)]
    adjusted = holm({(t.a, t.b): t.p for t in tests})
    for t in tests:
        t.p_holm = adjusted[(t.a, t.b)]
    return tests


def significance_ranks(accuracy: Mapping[str, float], tests: Sequence[PairTest]) -> dict[str, int]:
    """Rank = 1 + number of judges significantly better (Holm-adjusted McNemar, alpha 0.05).

    Judges whose differences are noise share a rank instead of being ordered.
    """
    better = {j: 0 for j in accuracy}
    for t in tests:
        if not t.significant:
            continue
        if t.only_a > t.only_b:
            better[t.b] += 1
        elif t.only_b > t.only_a:
            better[t.a] += 1
    return {j: 1 + better[j] for j in accuracy}
