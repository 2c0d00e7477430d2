"""What the `stacked` recipe does on a source it never saw, recorded in the model file it ships with.

For each human-labelled source among the training sets: the same recipe trained without it (train
splits of the others, rows by construction and model-written rows on their train questions, thresholds on their dev
splits) judges its TEST split; token-f1 (threshold 0.02) on the same rows is the baseline.
`judgesuite train-stacked` stores the result as the model's `held_out` metadata, which the judge
reports (`Judge.held_out()`) and the leaderboard shows beside its in-source figures.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

import numpy as np

from judgesuite.suite.evaluation.metrics import binary_rates
from judgesuite.suite.training.stacked import HUMAN_SOURCES, FeatureStore, train_stacked

PROTOCOL = ("trained without the set (train splits of the other sets, rows by construction and model-written "
            "rows on their train questions; thresholds on their dev splits), scored on the set's test split")


def accuracy_kappa(y: np.ndarray, pred: np.ndarray) -> dict[str, float]:
    """The two figures a held-out record keeps per judge."""
    rates = binary_rates(y, pred, np.ones_like(y))
    return {"accuracy": round(float(rates["accuracy"]), 4), "kappa": round(float(rates["kappa"]), 4)}


def held_out_figures(store: FeatureStore, sources: Sequence[str], **train_kwargs: Any) -> dict[str, Any]:
    """{"protocol", "measured", "sets": {set: {"rows", "accuracy", "kappa", "baseline": {"judge",
    "accuracy", "kappa"}}}} for every human-labelled set of `sources` (at least two needed); {} if none."""
    sets: dict[str, Any] = {}
    used = list(sources)
    for source in used:
        if source not in HUMAN_SOURCES or len(used) < 2:
            continue
        model, _ = train_stacked(used, exclude=[source], store=store, with_test=False, **train_kwargs)
        table = store.table(source, "test")
        family = model.family_for(table.family)
        pred = model.proba(family, table.X) >= model.threshold(family)
        sets[source] = {"rows": int(len(table.y)), **accuracy_kappa(table.y, pred),
                       "baseline": {"judge": "token-f1", **accuracy_kappa(table.y, table.token_f1 >= 0.02)}}
    return {"protocol": PROTOCOL, "measured": dt.date.today().isoformat(), "sets": sets} if sets else {}
