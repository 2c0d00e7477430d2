"""Pairwise McNemar tests between judges on the same rows (statistics.PairTest, Holm-adjusted).

Each judge is scored per row as agreeing with the label or not (a no-verdict counts as
"incorrect"). McNemar's test looks only at the discordant rows: only_a = rows only judge A
gets right, only_b = rows only judge B gets right (statistics.mcnemar_p: exact binomial up to
2000 discordant rows, chi-square with continuity correction beyond). p-values are Holm-adjusted
over all pairs of a set (statistics.holm_adjust); ranks that ignore noise are
statistics.significance_ranks.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from judgesuite.suite.evaluation.schema import VerdictRecord
from judgesuite.suite.evaluation.statistics import PairTest, holm_adjust, mcnemar_p


@dataclass
class McNemarTest(PairTest):
    """A pair test with McNemar's counts: `better` is the judge with more rows only it gets right."""

    n: int = 0  # shared rows
    only_a: int = 0  # rows only judge a gets right
    only_b: int = 0
    accuracy_a: float = 0.0
    accuracy_b: float = 0.0


def pair_test(a: str, b: str, ra: Sequence[VerdictRecord], rb: Sequence[VerdictRecord]) -> McNemarTest:
    """McNemar test of judges a and b on the rows (by id) that both judged (p_holm not set)."""
    return _test(a, b, {r.id: r.agrees for r in ra}, {r.id: r.agrees for r in rb})


def _test(a: str, b: str, agree_a: Mapping[str, bool], agree_b: Mapping[str, bool]) -> McNemarTest:
    shared = [(x, agree_b[i]) for i, x in agree_a.items() if i in agree_b]
    only_a = sum(x and not y for x, y in shared)
    only_b = sum(y and not x for x, y in shared)
    n = len(shared)
    return McNemarTest(a=a, b=b, p=mcnemar_p(only_a, only_b),
                       better=a if only_a > only_b else b if only_b > only_a else None, n=n,
                       only_a=only_a, only_b=only_b, accuracy_a=sum(x for x, _ in shared) / n if n else 0.0,
                       accuracy_b=sum(y for _, y in shared) / n if n else 0.0)


def pairwise(records: Mapping[str, Sequence[VerdictRecord]]) -> list[McNemarTest]:
    """All judge pairs of one set, Holm-adjusted together."""
    agree = {j: {r.id: r.agrees for r in rs} for j, rs in records.items()}  # once per judge, not per pair
    tests = [_test(a, b, agree[a], agree[b]) for a, b in combinations(sorted(records), 2)]
    holm_adjust(tests)
    return tests
