"""Agreement of a judge's verdicts with labels, with 95% intervals (statistics.interval).

Counting rule, stated in every result: the headline `accuracy`, `precision`, `recall`,
`f1` and `kappa` count a no-verdict as a verdict of "incorrect" (as the seed papers
do: an answer the parser cannot read is scored wrong). `accuracy_answered` leaves
no-verdicts out; `no_verdict_rate` says how many there were. Positive class = correct.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np

from judgesuite.judges.types import Verdict
from judgesuite.suite.evaluation.statistics import bootstrap_sums, interval

NO_VERDICT_POLICY = ("headline metrics count a no-verdict as 'incorrect'; accuracy_answered "
                     "excludes no-verdicts")
BOOTSTRAP_SAMPLES = 1000


def binary_rates(label: np.ndarray, pred: np.ndarray, answered: np.ndarray) -> dict[str, np.ndarray]:
    """Accuracy, precision, recall, F1, Cohen's kappa, accuracy on answered rows, no-verdict rate;
    vectorised over leading axes (a bootstrap axis: arrays are (B, n) booleans)."""
    return _rates((label & pred).sum(-1), (~label & pred).sum(-1), (label & ~pred).sum(-1), label.shape[-1],
                  answered.sum(-1), ((label == pred) & answered).sum(-1))


def bootstrap_rates(label: np.ndarray, judged: Sequence[tuple[np.ndarray, np.ndarray]],
                    resamples: int = BOOTSTRAP_SAMPLES, seed: int = 0) -> list[dict[str, np.ndarray]]:
    """`binary_rates` of every bootstrap replicate of the rows, for each (pred, answered) of
    `judged`: (resamples,) arrays, the judges paired on the same replicates
    (`statistics.bootstrap_sums`: the counts, never a resamples x rows array)."""
    columns = np.concatenate([np.stack([label & pred, ~label & pred, label & ~pred, answered,
                                        (label == pred) & answered], axis=1) for pred, answered in judged], axis=1)
    counts = bootstrap_sums(columns, resamples, seed)
    return [_rates(*(counts[:, k:k + 3].T), label.shape[-1], counts[:, k + 3], counts[:, k + 4])
            for k in range(0, columns.shape[1], 5)]


def _rates(tp, fp, fn, n: int, n_ans, right_answered) -> dict[str, np.ndarray]:
    tn = n - tp - fp - fn
    with np.errstate(divide="ignore", invalid="ignore"):
        acc = (tp + tn) / n
        precision = np.where(tp + fp > 0, tp / (tp + fp), 0.0)
        recall = np.where(tp + fn > 0, tp / (tp + fn), 0.0)
        f1 = np.where(precision + recall > 0, 2 * precision * recall / (precision + recall), 0.0)
        p_yes = ((tp + fp) / n) * ((tp + fn) / n) + ((tn + fn) / n) * ((tn + fp) / n)
        kappa = np.where(p_yes < 1, (acc - p_yes) / (1 - p_yes), 0.0)
        acc_ans = np.where(n_ans > 0, right_answered / np.maximum(n_ans, 1), np.nan)
        nv = 1 - n_ans / n
    return {"accuracy": acc, "precision": precision, "recall": recall, "f1": f1, "kappa": kappa,
            "accuracy_answered": acc_ans, "no_verdict_rate": nv}


def compute_metrics(labels: Sequence[bool], verdicts: Sequence[Verdict], *,
                    bootstrap: int = BOOTSTRAP_SAMPLES, seed: int = 0) -> dict:
    """Accuracy, precision, recall, F1, Cohen's kappa, no-verdict rate, each with a 95% CI."""
    if len(labels) != len(verdicts):
        raise ValueError(f"{len(labels)} labels for {len(verdicts)} verdicts")
    n = len(labels)
    reasons = Counter(v.reason.value for v in verdicts if v.correct is None and v.reason is not None)
    if n == 0:
        return {"n": 0, "n_answered": 0, "no_verdict_reasons": {}, "no_verdict_policy": NO_VERDICT_POLICY}
    label = np.asarray(labels, dtype=bool)
    answered = np.array([v.correct is not None for v in verdicts])
    pred = np.array([v.correct is True for v in verdicts])
    point = {k: float(v) for k, v in binary_rates(label, pred, answered).items()}
    out: dict = {"n": n, "n_answered": int(answered.sum())}
    if bootstrap:
        boot = bootstrap_rates(label, [(pred, answered)], bootstrap, seed)[0]
    for key, value in point.items():
        out[key] = None if np.isnan(value) else round(value, 6)
        if bootstrap:
            rows = int(answered.sum()) if key == "accuracy_answered" else n
            out[f"{key}_ci"] = None if np.isnan(value) else interval(boot[key], value, rows)
    out["positive_rate_labels"] = round(float(label.mean()), 6)
    out["positive_rate_judge"] = round(float(pred.mean()), 6)
    out["no_verdict_reasons"] = dict(sorted(reasons.items()))
    out["no_verdict_policy"] = NO_VERDICT_POLICY
    return out
