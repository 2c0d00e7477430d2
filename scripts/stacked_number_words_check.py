"""Adoption check: features version 12, a candidate's number words read in a reference's digits (issue 37 item 3).

Why (stop 54): since version 11 a reference in number words is also read in digits, but a candidate in number words
against a reference in digits is matched by the number columns only: "There have been twenty-seven amendments."
against "27" has no token overlap and no containment, where "There have been 27 amendments." has both. The shipped
forest gives the first P 0.44 (threshold 0.42) and the second 0.98; every retrain since stop 53 put the first under
its threshold (P 0.486 under 0.51, P 0.36 under 0.41) and failed the transfer guard that asks for it
(tests/test_stacked_transfer.py), so `judgesuite train-stacked` has not reproduced the shipped files since. The
issue's error list names "numbers written as words" among the answers people accept and the judges reject. Version
12 rewrites, before the columns read it, each run of the candidate's number words whose value a reference writes in
digits as those digits (`number_words.as_reference_digits`, as the encoder's input already does).

Variants, written before any training, each trained with the shipped recipe at the same code (this commit's, the
feature code aside), one run of this script per package:
- `v11`: the package of the parent commit of the one adding this script (features version 11), this script run
  with a checkout of that commit as the installed package;
- `v12`: this script's commit (features version 12).
Scored on rows neither chose anything on (no test row of a bundled set; no held-out round is left: open-QA rounds
7-10 were each read once before and are development data here):
  (a) open-QA rounds 7-10 (model trained on every source): accuracy, false "correct", largest per-model gap, tau-b;
  (b) leave-one-source-out on the human-labelled sources, scored on the held-out source's TRAIN + DEV splits (as
      scripts/stacked_stability_check.py);
  (c) the DEV master-key probes the all-sources forest accepts.
Rule: `v12` ships, its files retrained at the stop's final code (`judgesuite train-stacked`, then `--encoder`), if
(1) with those files tests/test_stacked_transfer.py passes, (2) its (b) mean is at most 0.3 points under `v11`'s and
no source more than 1 point under, (3) its (a) mean accuracy is at most 0.3 points under `v11`'s and its mean largest
gap at most 0.5 points larger, (4) its (c) is not above `v11`'s. Otherwise stop 52's files and version 11 stay.

Usage: python scripts/stacked_number_words_check.py --cache DIR [--out FILE.json]

First run (2026-12-07, stop 54; `v12` at 1ac9a6f, `v11` against 1e366c6's package; about 3 minutes each with the
feature tables cached). (a) rounds 7 / 8 / 9 / 10 accuracy (mean), false "correct", mean largest per-model gap; (b)
held out, train + dev: evouna-nq / nq301 / gpqa-mmlupro / financebench (mean); (c) dev master keys:

| variant | (a) accuracy | false "correct" | gap | (b) | (c) |
|---|---|---|---|---|---|
| `v11` | .958 / .952 / .942 / .943 (.949) | 22 / 21 / 30 / 27 | 4.7 | .901 / .821 / .762 / .800 (.821) | 0.19% |
| `v12` | .967 / .952 / .948 / .950 (.954) | 17 / 20 / 26 / 23 | 3.8 | .902 / .818 / .764 / .796 (.820) | 0.09% |

(2) -0.07 points, no source more than 0.37 under; (3) +0.55 points, the gap 0.8 points smaller; (4) passes. (1): the
files retrained at 1ac9a6f pass tests/test_stacked_transfer.py ("There have been twenty-seven amendments." against
27: P 0.98); the final-code retrain decides.

Adopted: shipped as features version 12. Retrained at the stop's final code (304b800, after every `sympy` change of
stop 54), the forest and blend arrays are identical to those of 1ac9a6f, so tests/test_stacked_transfer.py passes with
the shipped files, and `judgesuite train-stacked` (then `--encoder`) reproduces them again.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from stacked_stability_check import held_out, master_keys  # noqa: E402  (scripts/ is sys.path[0])

from judgesuite.judges import Sample
from judgesuite.judges.learned.features import FEATURES_VERSION
from judgesuite.judges.learned.stacked import StackedJudge
from judgesuite.suite.analysis.ranking import ranking_distortion
from judgesuite.suite.evaluation.verdict_records import VerdictRecord
from judgesuite.suite.training.stacked import SOURCES, FeatureStore, train_stacked

ROUNDS = (7, 8, 9, 10)
FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures"


def round_figures(judge: StackedJudge, rows: list[dict]) -> dict:
    """Accuracy, false "correct" / "incorrect", the largest per-model gap and Kendall tau-b on one round's rows."""
    samples = [Sample(id=x["id"], task_type="open_qa", question=x["question"], candidate=x["candidate"],
                      references=tuple(x["references"])) for x in rows]
    y = np.array([bool(x["label"]) for x in rows])
    pred = np.array([v.correct is True for v in judge.judge(samples)])
    records = [VerdictRecord(id=x["id"], question_id=x["question"], model=x["model"], task_type="open_qa",
                             label=bool(x["label"]), correct=bool(p)) for x, p in zip(rows, pred)]
    dist = ranking_distortion(records, bootstrap=0)
    return {"accuracy": round(float(np.mean(pred == y)), 4), "false_correct": int(np.sum(pred & ~y)),
            "false_incorrect": int(np.sum(~pred & y)),
            "largest_gap": round(float(max((m.delta for m in dist.models), key=abs)), 4),
            "tau_b": round(dist.kendall_tau, 3)}


def rounds(store: FeatureStore) -> dict:
    model, _ = train_stacked(SOURCES, store=store, with_test=False)
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        judge = StackedJudge(model=str(model.save(Path(tmp) / "m.npz")))
        for r in ROUNDS:
            rows = [json.loads(line) for line in (FIXTURES / f"model_openqa_round{r}.jsonl").read_text(
                encoding="utf-8").splitlines() if line.strip()]
            out[f"round{r}"] = round_figures(judge, rows)
        judge.close()
    out["mean_accuracy"] = round(float(np.mean([out[f"round{r}"]["accuracy"] for r in ROUNDS])), 4)
    out["mean_abs_largest_gap"] = round(float(np.mean([abs(out[f"round{r}"]["largest_gap"]) for r in ROUNDS])), 4)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cache", required=True, help="folder of feature tables (as train-stacked --cache)")
    ap.add_argument("--out", default="")
    args = ap.parse_args(argv)
    store = FeatureStore(cache_dir=args.cache)
    t0 = time.perf_counter()
    report = {"features_version": FEATURES_VERSION, "rounds": rounds(store),
              "held_out_train_dev": held_out(store, {}, 1, 0.0), "dev_master_keys": master_keys(store, {}, 1, 0.0)}
    report["seconds"] = round(time.perf_counter() - t0, 1)
    print(json.dumps(report), flush=True)
    if args.out:
        Path(args.out).write_text(json.dumps(report, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
