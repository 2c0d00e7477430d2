"""Threshold curves and calibration for judges that emit a score in [0, 1].

A row without a score (a no-verdict) is predicted "incorrect" at every threshold, as in
the headline metrics. Expected calibration error (ECE) treats the score as the judge's
probability that the candidate is correct: sum over equal-width bins of
|bin share| x |mean score - share of correct labels|, over the rows with a score.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from judgesuite.suite.evaluation.schema import VerdictRecord
from judgesuite.suite.evaluation.metrics import binary_rates


def has_graded_scores(records: Sequence[VerdictRecord]) -> bool:
    """True when the judge emits scores beyond 0/1 (a binary score has no curve to draw)."""
    return len({r.score for r in records if r.score is not None} - {0.0, 1.0}) > 0


@dataclass
class ThresholdCurve:
    thresholds: list[float]
    accuracy: list[float]
    precision: list[float]
    recall: list[float]
    f1: list[float]
    best_threshold: float
    best_accuracy: float


def threshold_curve(records: Sequence[VerdictRecord], thresholds: Sequence[float] | None = None) -> ThresholdCurve:
    """Accuracy, precision, recall and F1 of the rule `score >= t` against the labels."""
    if not records:
        raise ValueError("threshold_curve needs at least one record")
    ts = np.asarray(thresholds if thresholds is not None else np.linspace(0, 1, 51), dtype=float)
    label = np.array([r.label for r in records], dtype=bool)
    score = np.array([-1.0 if r.score is None else r.score for r in records])
    pred = score[None, :] >= ts[:, None]
    rates = binary_rates(np.broadcast_to(label, pred.shape), pred, np.ones_like(pred))
    acc, prec, rec, f1 = (rates[k] for k in ("accuracy", "precision", "recall", "f1"))
    best = int(np.argmax(acc))
    r6 = lambda a: [round(float(x), 6) for x in a]  # noqa: E731
    return ThresholdCurve(thresholds=r6(ts), accuracy=r6(acc), precision=r6(prec), recall=r6(rec),
                          f1=r6(f1), best_threshold=float(ts[best]), best_accuracy=float(acc[best]))


@dataclass
class Calibration:
    ece: float
    n_scored: int
    bins: list[dict]  # lo, hi, n, mean_score, label_rate


def calibration(records: Sequence[VerdictRecord], n_bins: int = 10) -> Calibration | None:
    """Expected calibration error and the reliability bins; None when no row has a score."""
    scored = [r for r in records if r.score is not None]
    if not scored:
        return None
    score = np.clip(np.array([r.score for r in scored], dtype=float), 0.0, 1.0)
    label = np.array([r.label for r in scored], dtype=float)
    idx = np.minimum((score * n_bins).astype(int), n_bins - 1)  # score 1.0 goes in the last bin
    bins, ece = [], 0.0
    for b in range(n_bins):
        mask = idx == b
        k = int(mask.sum())
        entry = {"lo": b / n_bins, "hi": (b + 1) / n_bins, "n": k, "mean_score": None, "label_rate": None}
        if k:
            ms, lr = float(score[mask].mean()), float(label[mask].mean())
            entry.update(mean_score=round(ms, 6), label_rate=round(lr, 6))
            ece += k / len(scored) * abs(ms - lr)
        bins.append(entry)
    return Calibration(ece=round(ece, 6), n_scored=len(scored), bins=bins)
