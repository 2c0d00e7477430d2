"""Ranking distortion (BERT-as-a-Judge, Table 1 and Figure 1), from stored verdicts.

For each evaluated model of a set (the models that produced the candidates) we compare
its accuracy as measured by a judge with its accuracy by the labels:

    delta = judged - label = delta_no_verdict + delta_matching

`delta_no_verdict` (always <= 0) is the share of rows the judge could not read although
the label says correct: a no-verdict counts as "incorrect", as in the paper's parse
failures. `delta_matching` is the net effect of the judge's verdicts on the rows it did
answer (false accepts minus false rejects). Ranks are 1 = best, ties share the average
rank; delta_rank = label rank - judge rank, so a positive value means the judge moves the
model up.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field

import numpy as np

from judgesuite.suite.evaluation.schema import VerdictRecord
from judgesuite.suite.evaluation.statistics import (average_ranks, bootstrap_sums, interval, kendall_tau_b,
                                                    kendall_tau_b_rows)

__all__ = ["average_ranks", "borda", "borda_distortion", "category_means", "kendall_tau_b", "ranking_distortion"]

BOOTSTRAP = 300


@dataclass
class ModelDistortion:
    model: str
    n: int
    label_accuracy: float
    judged_accuracy: float
    delta: float
    delta_no_verdict: float
    delta_matching: float
    no_verdict_rate: float
    label_rank: float = 0.0
    judge_rank: float = 0.0
    delta_rank: float = 0.0


@dataclass
class SetDistortion:
    """One judge on one set: per-model distortion and the agreement of the two rankings."""

    models: list[ModelDistortion]
    kendall_tau: float | None
    max_abs_delta_rank: float
    largest_movers: list[str] = field(default_factory=list)
    kendall_tau_ci: list[float] | None = None  # bootstrap over questions, 95%

    def to_dict(self) -> dict:
        return asdict(self)


def model_distortion(model: str, records: Sequence[VerdictRecord]) -> ModelDistortion:
    n = len(records)
    label_acc = sum(r.label for r in records) / n
    judged = sum(r.correct is True for r in records) / n
    nv = -sum(r.correct is None and r.label for r in records) / n
    matching = sum((r.correct is True) - r.label for r in records if r.correct is not None) / n
    return ModelDistortion(model=model, n=n, label_accuracy=label_acc, judged_accuracy=judged,
                           delta=judged - label_acc, delta_no_verdict=nv, delta_matching=matching,
                           no_verdict_rate=sum(r.correct is None for r in records) / n)


def kendall_tau_interval(records: Sequence[VerdictRecord], bootstrap: int = BOOTSTRAP, seed: int = 0,
                         tau: float | None = None) -> list[float] | None:
    """95% percentile interval of Kendall tau-b, resampling questions (every model's answers to a
    drawn question come along, so the models stay paired); None when tau is undefined throughout.
    Where every resample gives the same tau, statistics.interval's Wilson fallback over the
    questions keeps the interval from claiming certainty (`tau` = the point value)."""
    qids = sorted({r.question_id for r in records})
    models = sorted({r.model for r in records})
    if len(models) < 2 or len(qids) < 2:
        return None
    qi = {q: i for i, q in enumerate(qids)}
    mi = {m: i for i, m in enumerate(models)}
    cell = np.array([qi[r.question_id] * len(models) + mi[r.model] for r in records])
    size = len(qids) * len(models)
    n = np.bincount(cell, minlength=size).reshape(len(qids), len(models)).astype(float)
    lab = np.bincount(cell, weights=[float(r.label) for r in records], minlength=size).reshape(n.shape)
    jud = np.bincount(cell, weights=[float(r.correct is True) for r in records], minlength=size).reshape(n.shape)
    m = len(models)
    sums = bootstrap_sums(np.concatenate([n, lab, jud], axis=1).astype(np.int64), bootstrap, seed)
    rows, lab_sums, jud_sums = sums[:, :m], sums[:, m:2 * m], sums[:, 2 * m:]
    keep = ~np.any(rows == 0, axis=1)  # a replicate that misses a model entirely is skipped
    with np.errstate(invalid="ignore", divide="ignore"):
        taus = kendall_tau_b_rows((lab_sums / rows)[keep], (jud_sums / rows)[keep])
    taus = taus[~np.isnan(taus)]
    if len(taus) < bootstrap / 2:
        return None
    if tau is None:
        tau = float(np.median(taus))
    return interval(taus, tau, len(qids), digits=4)


def ranking_distortion(records: Iterable[VerdictRecord], bootstrap: int = BOOTSTRAP) -> SetDistortion:
    """Per evaluated model: judged minus label accuracy (two parts), ranks, delta rank; Kendall tau-b
    with a bootstrap interval over questions (`bootstrap=0` skips it)."""
    records = list(records)
    by_model: dict[str, list[VerdictRecord]] = {}
    for r in records:
        by_model.setdefault(r.model, []).append(r)
    models = [model_distortion(m, rs) for m, rs in sorted(by_model.items())]
    label_rank = average_ranks({m.model: m.label_accuracy for m in models})
    judge_rank = average_ranks({m.model: m.judged_accuracy for m in models})
    for m in models:
        m.label_rank, m.judge_rank = label_rank[m.model], judge_rank[m.model]
        m.delta_rank = m.label_rank - m.judge_rank
    tau = kendall_tau_b([m.label_accuracy for m in models], [m.judged_accuracy for m in models])
    worst = max((abs(m.delta_rank) for m in models), default=0.0)
    movers = [m.model for m in models if worst > 0 and abs(m.delta_rank) == worst]
    ci = kendall_tau_interval(records, bootstrap, tau=tau) if bootstrap and tau is not None else None
    return SetDistortion(models=models, kendall_tau=tau, max_abs_delta_rank=worst, largest_movers=movers,
                         kendall_tau_ci=ci)


def borda_points(scores: Mapping[str, float]) -> dict[str, float]:
    """Borda points in one ranking: how many others a model beats (a tie is worth 1/2)."""
    return {m: sum(1.0 if s > t else 0.5 if s == t else 0.0
                   for o, t in scores.items() if o != m) for m, s in scores.items()}


@dataclass
class BordaResult:
    """Borda aggregation over several rankings (sets), as the paper's Figure 1."""

    points: dict[str, float]  # summed Borda points
    share: dict[str, float]  # mean share of opponents beaten per ranking it appears in
    appearances: dict[str, int]
    rank: dict[str, float]  # by `share` (equals the order by `points` when every set ranks the same models)


def borda(rankings: Mapping[str, Mapping[str, float]]) -> BordaResult:
    """Aggregate per-set scores {set: {model: score}} into one ranking by Borda count."""
    points: dict[str, float] = {}
    share: dict[str, list[float]] = {}
    for scores in rankings.values():
        pts = borda_points(scores)
        opponents = max(len(scores) - 1, 1)
        for m, p in pts.items():
            points[m] = points.get(m, 0.0) + p
            share.setdefault(m, []).append(p / opponents)
    mean_share = {m: sum(v) / len(v) for m, v in share.items()}
    return BordaResult(points=points, share=mean_share, appearances={m: len(v) for m, v in share.items()},
                       rank=average_ranks(mean_share))


@dataclass
class BordaDistortion:
    label: BordaResult
    judge: BordaResult
    delta_rank: dict[str, float]
    kendall_tau: float | None
    sets: list[str]


def borda_distortion(per_set: Mapping[str, SetDistortion]) -> BordaDistortion:
    """Borda ranking across sets under the labels vs under the judge."""
    label = borda({s: {m.model: m.label_accuracy for m in d.models} for s, d in per_set.items()})
    judge = borda({s: {m.model: m.judged_accuracy for m in d.models} for s, d in per_set.items()})
    models = sorted(label.rank)
    return BordaDistortion(
        label=label, judge=judge,
        delta_rank={m: label.rank[m] - judge.rank[m] for m in models},
        kendall_tau=kendall_tau_b([label.share[m] for m in models], [judge.share[m] for m in models]),
        sets=sorted(per_set))


def category_means(per_set: Mapping[str, SetDistortion], category_of: Mapping[str, str]) -> dict[str, dict[str, dict]]:
    """Per task category and model: delta accuracy (with its two parts) and delta rank averaged
    over the category's sets that evaluated the model (the numbers of the paper's Table 1)."""
    acc: dict[str, dict[str, list[ModelDistortion]]] = {}
    for s, d in per_set.items():
        for m in d.models:
            acc.setdefault(category_of.get(s, "other"), {}).setdefault(m.model, []).append(m)
    out: dict[str, dict[str, dict]] = {}
    for cat, models in sorted(acc.items()):
        out[cat] = {}
        for model, ms in sorted(models.items()):
            k = len(ms)
            out[cat][model] = {
                "sets": k,
                "delta": sum(m.delta for m in ms) / k,
                "delta_no_verdict": sum(m.delta_no_verdict for m in ms) / k,
                "delta_matching": sum(m.delta_matching for m in ms) / k,
                "delta_rank": sum(m.delta_rank for m in ms) / k,
            }
    return out
