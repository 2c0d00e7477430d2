"""pass@k with the unbiased estimator (Chen et al., 2021), under labels and under a judge.

For a question with n samples of which c are correct, pass@k = 1 - C(n-c, k) / C(n, k):
the chance that at least one of k samples drawn without replacement is correct.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import comb

from judgesuite.suite.evaluation.schema import VerdictRecord


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k for one question (n samples, c correct, k <= n)."""
    if not 0 <= c <= n or not 1 <= k <= n:
        raise ValueError(f"need 0 <= c <= n and 1 <= k <= n, got n={n}, c={c}, k={k}")
    if n - c < k:
        return 1.0
    return 1.0 - comb(n - c, k) / comb(n, k)


def samples_per_question(records: Iterable[VerdictRecord]) -> dict[tuple[str, str], list[VerdictRecord]]:
    groups: dict[tuple[str, str], list[VerdictRecord]] = {}
    for r in records:
        groups.setdefault((r.model, r.question_id), []).append(r)
    return groups


def has_repeated_samples(records: Iterable[VerdictRecord]) -> bool:
    """True when some model answered some question more than once (pass@k is defined)."""
    return any(len(g) > 1 for g in samples_per_question(records).values())


def pass_at_k_by_model(records: Sequence[VerdictRecord], ks: Sequence[int] = (1, 5, 10)) -> dict[str, dict]:
    """Per model and k: mean pass@k over the questions with at least k samples, by the labels
    and by the judge (a no-verdict counts as incorrect); k values no question reaches are left out."""
    out: dict[str, dict] = {}
    for (model, _), group in sorted(samples_per_question(records).items()):
        n = len(group)
        c_label = sum(r.label for r in group)
        c_judge = sum(r.correct is True for r in group)
        per = out.setdefault(model, {})
        for k in ks:
            if k <= n:
                acc = per.setdefault(k, {"questions": 0, "label": 0.0, "judge": 0.0})
                acc["questions"] += 1
                acc["label"] += pass_at_k(n, c_label, k)
                acc["judge"] += pass_at_k(n, c_judge, k)
    for per in out.values():
        for acc in per.values():
            acc["label"] /= acc["questions"]
            acc["judge"] /= acc["questions"]
            acc["delta"] = acc["judge"] - acc["label"]
    return out
