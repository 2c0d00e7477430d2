"""How reachable is issue 16's ranking goal (Kendall tau >= 0.9 and every model within 3 points of
its human accuracy) on a labelled split, for a judge of a given accuracy whose errors are random?

For each set and accuracy a, a simulated judge flips each human label at random, positives and
negatives at rates chosen so that its expected "correct" rate equals the human one (errors that do
not bias any model's accuracy). It reports the mean tau-b between judged and human per-model
accuracies, and how often the goal's two parts hold, over `--draws` simulated judges. A real
judge's errors are not random; this measures how much of a ranking miss the split's size and the
ties between its models explain. With `--held-out`, the same rows judged by the `stacked` model
trained without the set (`train_stacked(exclude=[set])`: it saw none of its splits) and by
token-f1 (0.02) give the real figures beside the simulated ones.

    python scripts/ranking_reachability.py --sets openqa-eval-nq301,evouna-nq --splits test,train+dev+test \
        --held-out --cache /tmp/stk
"""
from __future__ import annotations

import argparse
import json
import sys

import numpy as np

from judgesuite.suite.data.loader import load_bundled
from loso_stacked import judge_block  # scripts/ is sys.path[0] when this file runs
from judgesuite.suite.evaluation.statistics import kendall_tau_b_rows


def simulate(models: np.ndarray, y: np.ndarray, accuracy: float, draws: int, seed: int = 0) -> dict:
    names = np.unique(models)
    onehot = (models[None, :] == names[:, None]).astype(float)  # (m, n)
    counts = onehot.sum(1)
    human = onehot @ y / counts
    err, prev = 1.0 - accuracy, y.mean()
    p_flip = np.where(y, err / (2 * prev), err / (2 * (1 - prev)))
    rng = np.random.default_rng(seed)
    judged = np.where(rng.random((draws, len(y))) < p_flip, 1 - y, y)
    acc = judged @ onehot.T / counts  # (draws, m)
    tau = kendall_tau_b_rows(acc, np.broadcast_to(human, acc.shape))
    gap = np.abs(acc - human).max(1)
    ok_tau, ok_gap = tau >= 0.9, gap <= 0.03
    return {"mean_tau": round(float(np.nanmean(tau)), 3), "p_tau": round(float(ok_tau.mean()), 3),
            "p_gap": round(float(ok_gap.mean()), 3), "p_both": round(float((ok_tau & ok_gap).mean()), 3)}


def held_out(name: str, splits: list[str], store) -> tuple[np.ndarray, np.ndarray]:
    """(stacked, token-f1) verdicts on the rows of `splits`, the model trained without `name`."""
    from judgesuite.suite.training.stacked import SOURCES, train_stacked

    model, _ = train_stacked(SOURCES, exclude=[name], store=store, with_test=False)
    stacked, f1 = [], []
    for split in splits:
        t = store.table(name, split)
        fam = model.family_for(t.family)
        stacked.append(model.proba(fam, t.X) >= model.threshold(fam))
        f1.append(t.token_f1 >= 0.02)
    return np.concatenate(stacked), np.concatenate(f1)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sets", default="openqa-eval-nq301,evouna-nq")
    ap.add_argument("--splits", default="test", help="comma-separated; '+' joins splits, e.g. train+dev+test")
    ap.add_argument("--accuracies", default="0.82,0.85,0.9,0.95,0.98")
    ap.add_argument("--draws", type=int, default=2000)
    ap.add_argument("--out", default=None)
    ap.add_argument("--held-out", action="store_true", help="also the leave-the-set-out stacked model and token-f1")
    ap.add_argument("--cache", default=None, help="feature cache of train-stacked (with --held-out)")
    args = ap.parse_args(argv)
    report: dict = {}
    store = None
    if args.held_out:
        from judgesuite.suite.training.stacked import FeatureStore

        store = FeatureStore(cache_dir=args.cache)
    print("| set | split | questions | models | judge accuracy | mean tau | P(tau >= 0.9) | P(all within 3 points) | P(both) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name in args.sets.split(","):
        for split in args.splits.split(","):
            rows = [r for s in split.split("+") for r in load_bundled(name, s).scorable()]
            if store is not None:
                stacked, f1 = held_out(name, split.split("+"), store)
                assert len(stacked) == len(rows)
            models = np.array([r.model for r in rows])
            y = np.array([bool(r.label) for r in rows], dtype=float)
            questions = len({r.question_id for r in rows})
            for a in (float(x) for x in args.accuracies.split(",")):
                res = simulate(models, y, a, args.draws)
                report.setdefault(name, {}).setdefault(split, {})[a] = res
                print(f"| {name} | {split} | {questions} | {len(set(models))} | {a:.2f} | {res['mean_tau']:.2f} | "
                      f"{res['p_tau']:.3f} | {res['p_gap']:.3f} | {res['p_both']:.3f} |", flush=True)
            if store is not None:
                for judge, pred in (("stacked, held out", stacked), ("token-f1", f1)):
                    real = judge_block(rows, pred)
                    report[name][split][judge] = real
                    print(f"| {name} | {split} | {questions} | {len(set(models))} | **{judge}: {real['accuracy']:.3f}** | "
                          f"**{real['kendall_tau']:.2f}** | max gap {real['max_model_gap']:.3f} | | |", flush=True)
    if store is not None:
        store.close()
    if args.out:
        with open(args.out, "w") as fh:
            json.dump(report, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
