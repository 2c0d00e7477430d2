"""What an encoder checkpoint's recipe does on a source it never saw, recorded beside the checkpoint.

For each human-labelled set: an encoder trained WITHOUT that set (same backbone and settings, by
`judgesuite train-encoder` or scripts/encoder_loso.sh) judges the set's TEST split at its own
threshold; token-f1 (threshold 0.02) on the same rows is the baseline. The record
(`held_out.json` in the shipped checkpoint's folder) is what `EncoderJudge.held_out()` reports and
the leaderboard prints beside the checkpoint's in-source figures. Both judges go through the run's
loop (`Runner`): with a verdict cache, a repeated measurement computes nothing.
"""
from __future__ import annotations

import datetime as dt
from typing import Any

import numpy as np

from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.evaluation.runner import Runner
from judgesuite.suite.training.stacked_held_out import accuracy_kappa


def encoder_held_out(models: dict[str, str], protocol: str, dtype: str = "bfloat16-checked",
                     threads: int | None = None, cache: VerdictCache | None = None) -> dict[str, Any]:
    """{"protocol", "measured", "sets": {set: {"rows", "accuracy", "kappa", "says_correct", "threshold",
    "baseline": {"judge", "accuracy", "kappa"}}}} for `models` = {held-out set: checkpoint trained without it}.
    Verdicts are stored in `cache` (default: one in memory)."""
    from judgesuite import load_dataset
    from judgesuite.judges.encoder.judge import EncoderJudge
    from judgesuite.judges.registry import make_judge

    baseline = make_judge("token-f1:threshold=0.02")
    runner = Runner(cache or VerdictCache(":memory:"))
    sets: dict[str, Any] = {}
    for name, checkpoint in models.items():
        judge = EncoderJudge(checkpoint=checkpoint, dtype=dtype, threads=threads)
        if name in judge.learned_from():
            raise ValueError(f"{checkpoint} was trained on {name}'s train split: it is not held out of it")
        rows = load_dataset(name, "test").scorable()
        try:
            judged = runner.judge_rows(judge, rows)
        finally:
            judge.close()
        base = runner.judge_rows(baseline, rows)
        y, pred = _labels_and_calls(judged)
        sets[name] = {"rows": int(len(y)), **accuracy_kappa(y, pred), "says_correct": round(float(pred.mean()), 4),
                      "threshold": judge.threshold,
                      "baseline": {"judge": "token-f1", **accuracy_kappa(*_labels_and_calls(base))}}
    return {"protocol": protocol, "measured": dt.date.today().isoformat(), "sets": sets}


def _labels_and_calls(judged) -> tuple[np.ndarray, np.ndarray]:
    """Labels and "correct" calls (a no-verdict counts as incorrect) of the rows a judge handled."""
    return (np.array([bool(r.label) for r in judged.rows]),
            np.array([bool(v.correct) for v in judged.verdicts]))
