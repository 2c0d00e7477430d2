"""Second-stage variants of `stacked:encoder=true` (issue 37: "the best CPU judge >= 0.97" on held-out TriviaQA),
scored out of fold on the DEV rows the shipped blend is fit on; no test row is read.

Rule, written before its first run (stop 49; stop 31's bar): a variant replaces the shipped second stage (a
logistic regression on logit P_forest and logit P_encoder, thresholds per family) only if its out-of-fold mean
accuracy over the six sets is >= the shipped recipe's + 0.005 and no set's is below the shipped recipe's - 0.005.
Variants: `family` (one logistic regression per family), `product` (adds logit P_forest x logit P_encoder),
`columns` (adds the forest's inputs contains_ref, contains_ref_squashed and log_cand_tokens).

    python scripts/blend_variants.py --cache DIR

Result (5.5 s with cached tables and encoder scores; the shipped forest read with features version 10): shipped
0.9019, family 0.8977, product 0.9002, columns 0.9005. None adopted: the two-input logistic stage is the best of
these; the blend's errors are not where a second stage can reach.
"""
from __future__ import annotations

import argparse

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GroupKFold

from judgesuite.judges.learned.features import FEATURES, FEATURES_VERSION
from judgesuite.judges.learned.model import load_model, logit
from judgesuite.judges.learned.stacked import DEFAULT_ENCODER_MODEL, feature_names
from judgesuite.suite.training.feature_tables import FeatureStore
from judgesuite.suite.training.stacked import GRID, SOURCES
from judgesuite.suite.training.thresholds import best_threshold

COLUMNS = ("contains_ref", "contains_ref_squashed", "log_cand_tokens")


def design(variant: str, pf: np.ndarray, pe: np.ndarray, X: np.ndarray, clip: float) -> np.ndarray:
    lf, le = logit(pf, clip), logit(pe, clip)
    cols = [lf, le]
    if variant == "product":
        cols.append(lf * le)
    if variant == "columns":
        cols += [X[:, FEATURES.index(c)] for c in COLUMNS]
    return np.c_[tuple(cols)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cache", required=True)
    ap.add_argument("--variants", default="shipped,family,product,columns")
    args = ap.parse_args()
    model = load_model(DEFAULT_ENCODER_MODEL, features=feature_names(), features_version=FEATURES_VERSION)
    clip = model.meta["encoder_blend"]["clip"]
    store = FeatureStore(encoder=True, cache_dir=args.cache)
    rows = {}
    for s in SOURCES:
        t = store.table(s, "dev")
        pe = store.encoder_scores(s, "dev")
        ok = np.isfinite(pe)
        fam = model.family_for(t.family)
        rows[s] = (fam, model.proba(fam, t.X[ok]), pe[ok], t.X[ok], t.y[ok],
                   np.array([r.sample.question for r, k in zip(t.rows, ok) if k]))
    src = np.concatenate([[s] * len(rows[s][4]) for s in SOURCES])
    y = np.concatenate([rows[s][4] for s in SOURCES])
    groups = np.concatenate([rows[s][5] for s in SOURCES])
    fams = np.concatenate([[rows[s][0]] * len(rows[s][4]) for s in SOURCES])
    w = np.array([1.0 / np.sum(src == s) for s in src])
    for variant in args.variants.split(","):
        D = np.vstack([design("shipped" if variant == "family" else variant, *rows[s][1:4], clip) for s in SOURCES])
        oof = np.zeros(len(y))
        for tr, te in GroupKFold(5).split(D, y, groups):
            if variant == "family":
                for fam in set(fams):
                    a, b = tr[fams[tr] == fam], te[fams[te] == fam]
                    if len(b):
                        fit = LogisticRegression(C=1.0, max_iter=1000).fit(D[a], y[a], sample_weight=w[a])
                        oof[b] = fit.predict_proba(D[b])[:, 1]
            else:
                fit = LogisticRegression(C=1.0, max_iter=1000).fit(D[tr], y[tr], sample_weight=w[tr])
                oof[te] = fit.predict_proba(D[te])[:, 1]
        thresholds = {f: best_threshold([(oof[src == s], y[src == s]) for s in SOURCES if rows[s][0] == f], GRID)[0]
                      for f in set(fams)}
        pred = np.array([p >= thresholds[f] for p, f in zip(oof, fams)])
        acc = {s: round(float(np.mean(pred[src == s] == y[src == s])), 4) for s in SOURCES}
        print(f"{variant:10s} mean {np.mean(list(acc.values())):.4f} {acc}")


if __name__ == "__main__":
    main()
