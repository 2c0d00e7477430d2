"""Score encoder checkpoints on the bundled TEST splits (or others: --split) beside token-f1 and contains-reference.

Per set: accuracy, F1 (correct), Cohen's kappa, AUC, "says correct" rate vs label rate, and per model
the judged vs human accuracy (Kendall tau of the model ranking); plus the master-key probe set's
false-positive rate per attack. Nothing is tuned here: each checkpoint runs at the threshold in its
judgesuite_encoder.json (chosen on dev), token-f1 at its dev-tuned threshold. Verdicts go through the
run's loop and its cache (--cache; default the user's, as `judgesuite run`): a rerun computes nothing.

    python scripts/measure_encoder.py --checkpoint v4=judges/encoder/checkpoints/encoder-minilm-qcr-v4 \
        --out encoder-test.json [--sets evouna-nq,openqa-eval-nq301] [--master-keys]
"""
from __future__ import annotations

import argparse
import json
from collections import defaultdict

import numpy as np
from scipy.stats import kendalltau
from sklearn.metrics import cohen_kappa_score, f1_score, roc_auc_score

from judgesuite.judges.encoder.judge import EncoderJudge
from judgesuite.judges.registry import make_judge
from judgesuite import dataset_names, load_dataset
from judgesuite.suite.data.probes import ATTACKS, build_probe_set
from judgesuite.suite.data.synthetic_forms import mentions
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.evaluation.runner import Runner


def summarise(rows, preds: list[bool], scores: list[float | None] | None = None) -> dict:
    y = np.array([bool(r.label) for r in rows])
    p = np.array(preds, dtype=bool)
    by_model = defaultdict(list)
    for r, v in zip(rows, p):
        by_model[r.model].append((bool(r.label), bool(v)))
    models = {m: {"n": len(v), "human": round(float(np.mean([a for a, _ in v])), 4),
                  "judged": round(float(np.mean([b for _, b in v])), 4)} for m, v in sorted(by_model.items())}
    out = {"n": int(len(y)), "accuracy": round(float(np.mean(p == y)), 4),
           "f1": round(float(f1_score(y, p, zero_division=0)), 4),
           "kappa": round(float(cohen_kappa_score(y, p)), 4) if len(set(y)) > 1 or len(set(p)) > 1 else 0.0,
           "says_correct": round(float(p.mean()), 4), "label_rate": round(float(y.mean()), 4),
           "models": models}
    if scores is not None and None not in scores and len(set(y)) > 1:
        out["auc"] = round(float(roc_auc_score(y, scores)), 4)
    if len(models) > 2:
        tau = kendalltau([m["human"] for m in models.values()], [m["judged"] for m in models.values()])
        out["kendall_tau"] = round(float(tau.statistic), 4)
        out["max_model_gap"] = round(max(abs(m["human"] - m["judged"]) for m in models.values()), 4)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--checkpoint", action="append", required=True, help="NAME=DIR (repeatable)")
    ap.add_argument("--sets", default=None, help="comma-separated bundled sets (default: all)")
    ap.add_argument("--split", default="test", help="a split, or several joined by commas (train,dev: the rows a "
                    "leave-one-source-out model never saw, for choices that must not read the test split)")
    ap.add_argument("--master-keys", action="store_true")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--dtype", default="float32",
                    help="encoder dtype; bfloat16-checked gives fp32 verdicts faster on CPUs with bf16 units")
    ap.add_argument("--cache", default=None, help="SQLite verdict cache (default: ~/.cache/judgesuite)")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    sets = args.sets.split(",") if args.sets else dataset_names(probes=False)
    runner = Runner(VerdictCache(args.cache))
    f1_judge = make_judge("token-f1")
    report: dict = {"split": args.split, "token_f1_threshold": f1_judge.threshold, "sets": {}, "checkpoints": {}}
    encoders = {}
    for spec in args.checkpoint:
        name, path = spec.split("=", 1)
        # a shipped checkpoint's name resolves to its folder; the threshold is its judgesuite_encoder.json's
        encoders[name] = EncoderJudge(checkpoint=path, threads=args.threads, dtype=args.dtype)
        report["checkpoints"][name] = {"path": path, "threshold": encoders[name].threshold, "dtype": args.dtype}
    for s in sets:
        rows = [r for split in args.split.split(",") for r in load_dataset(s, split).scorable()]
        samples = [r.sample for r in rows]
        f1 = runner.judge_rows(f1_judge, rows)
        entry = {"token-f1": summarise(f1.rows, [bool(v.correct) for v in f1.verdicts]),
                 "contains-reference": summarise(rows, [mentions(x.candidate, list(x.references)) for x in samples])}
        for name, judge in encoders.items():
            judged = runner.judge_rows(judge, rows)
            entry[name] = summarise(judged.rows, [bool(v.correct) for v in judged.verdicts],
                                    [v.score for v in judged.verdicts])
            entry[name]["seconds"] = round(sum(judged.seconds), 1)  # as computed, also when read from the cache
        report["sets"][s] = entry
        print(s, {k: (v["accuracy"], v["says_correct"], v["label_rate"]) for k, v in entry.items()}, flush=True)
    if args.master_keys:
        probes = [r for split in args.split.split(",") for r in build_probe_set(split=split).rows]
        mk = {}
        for name, judge in encoders.items():
            verdicts = runner.judge_samples(judge, [r.sample for r in probes])[0]
            mk[name] = {"n": len(probes),
                        "false_positive_rate": round(sum(v.correct is True for v in verdicts) / len(probes), 4),
                        "by_attack": {a: round(float(np.mean([v.correct is True for r, v in zip(probes, verdicts)
                                                              if r.meta.get("attack") == a])), 4) for a in ATTACKS}}
        mk["token-f1"] = {"n": len(probes), "false_positive_rate": round(
            sum(v.correct is True for v in runner.judge_samples(f1_judge, [r.sample for r in probes])[0])
            / len(probes), 4)}
        report["master_keys"] = mk
        print("master-keys", {k: v["false_positive_rate"] for k, v in mk.items()}, flush=True)
    for judge in [f1_judge, *encoders.values()]:
        judge.close()
    with open(args.out, "w") as fh:
        json.dump(report, fh, indent=1)


if __name__ == "__main__":
    main()
