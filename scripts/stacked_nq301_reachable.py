"""Issue 37 item 4: is `stacked`'s deficit on nq301 (trained without it) the rows labelled against the world?

Usage:
    python scripts/stacked_nq301_reachable.py [--cache DIR]

Trains `stacked` without openqa-eval-nq301 (as scripts/loso_stacked.py does) and scores its test split, beside
token-f1 (loso_stacked's rule) and the recorded large judges, on every row and on the rows a reference-matching
judge can reach: all but those labelled correct that share no token and no 5-letter stem with any reference.
"""
from __future__ import annotations

import argparse
import json
import re

import numpy as np

from judgesuite import evaluate as evaluate_judges
from judgesuite.suite.training.stacked import SOURCES, FeatureStore, evaluate, train_stacked

SOURCE = "openqa-eval-nq301"
RECORDED = ("recorded:source=gpt-4-eval", "recorded:source=instructgpt-eval", "recorded:source=bem")


def _tokens(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", text.lower()))


def shares_a_word(candidate: str, references) -> bool:
    """A token or a 5-letter stem of the candidate in some reference."""
    ct = _tokens(candidate)
    stems = {w[:5] for w in ct if len(w) >= 5}
    return any(ct & (rt := _tokens(r)) or stems & {w[:5] for w in rt if len(w) >= 5} for r in references)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cache", default=None, help="folder for feature tables")
    args = ap.parse_args()
    store = FeatureStore(cache_dir=args.cache)
    model, _ = train_stacked(SOURCES, exclude=[SOURCE], store=store)
    test = store.table(SOURCE, "test")
    rows, label = test.rows, np.array([r.label for r in test.rows])
    preds = {"stacked (without nq301)": np.asarray(evaluate(model, test)["pred"], bool),
             "token-f1": test.token_f1 >= 0.02}
    for spec in RECORDED:
        res = evaluate_judges([spec], SOURCE, split="test")
        by_id = {v.id: v.correct is True for v in res.verdicts(res.entries[0])}
        preds[spec] = np.array([by_id[r.sample.id] for r in rows])
    reachable = np.array([not r.label or shares_a_word(r.sample.candidate, r.sample.references) for r in rows])
    out = {"rows": len(rows), "reachable": int(reachable.sum())}
    for name, mask in (("all rows", np.ones(len(rows), bool)), ("reachable rows", reachable)):
        out[name] = {j: round(float((p == label)[mask].mean()), 4) for j, p in preds.items()}
    print(json.dumps(out, indent=1))
    store.close()


if __name__ == "__main__":
    main()
