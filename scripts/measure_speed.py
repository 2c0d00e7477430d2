"""Per-sample time and verdicts of one judge on every bundled test split, and flips between two runs.

    python scripts/measure_speed.py run encoder --params '{"runtime": "torch", "dtype": "float32"}' --out ref.json
    python scripts/measure_speed.py run encoder --out fast.json
    python scripts/measure_speed.py compare ref.json fast.json

`run` judges each split in ONE call (what the runner does with a dataset's uncached rows), after
a one-row warm-up that loads the model (its seconds are reported as `load_s`). `compare` prints
verdict flips, accuracy difference and max |score difference| per set.
"""
from __future__ import annotations

import argparse
import json
import os
import time

from judgesuite.judges.registry import make_judge
from judgesuite import dataset_names, load_dataset


def run(judge_name: str, params: dict, out: str, sets: list[str] | None, limit: int | None) -> dict:
    t0 = time.perf_counter()
    judge = make_judge(judge_name, **params)
    report: dict = {"judge": judge_name, "params": params, "judge_params": judge.get_params(),
                    "load_avg": os.getloadavg(), "sets": {}}
    first = True
    for name in sets or dataset_names(probes=False):
        rows = [r for r in load_dataset(name, "test").scorable() if judge.supports(r.sample.task_type)]
        rows = rows[:limit] if limit else rows
        samples = [r.sample for r in rows]
        if first:
            judge.judge(samples[:1])
            report["load_s"] = time.perf_counter() - t0
            first = False
        t1 = time.perf_counter()
        # the judge's own batch call, timed and compared between runtimes: never read from a verdict cache
        verdicts = judge.judge(samples)
        dt = time.perf_counter() - t1
        correct = [v.correct for v in verdicts]
        acc = sum(c == r.label for c, r in zip(correct, rows)) / len(rows)
        report["sets"][name] = {"n": len(rows), "seconds": dt, "ms_per_sample": 1000 * dt / len(rows),
                                "accuracy": acc, "correct": correct, "scores": [v.score for v in verdicts],
                                "labels": [r.label for r in rows]}
        print(f"{name:32s} n={len(rows):5d} {1000 * dt / len(rows):8.2f} ms/sample acc={acc:.4f}", flush=True)
    report["profile"] = judge.profile()
    judge.close()
    with open(out, "w") as f:
        json.dump(report, f)
    print("profile:", {k: round(v, 2) for k, v in report["profile"].items()})
    return report


def compare(a_path: str, b_path: str) -> dict:
    a, b = (json.load(open(p)) for p in (a_path, b_path))
    total_n = total_flips = 0
    out = {}
    for name, ra in a["sets"].items():
        rb = b["sets"].get(name)
        if rb is None or rb["n"] != ra["n"]:
            continue
        flips = sum(x != y for x, y in zip(ra["correct"], rb["correct"]))
        diff = max((abs(x - y) for x, y in zip(ra["scores"], rb["scores"])
                    if x is not None and y is not None), default=0.0)
        total_n, total_flips = total_n + ra["n"], total_flips + flips
        out[name] = {"n": ra["n"], "flips": flips, "flip_rate": flips / ra["n"],
                     "accuracy_a": ra["accuracy"], "accuracy_b": rb["accuracy"],
                     "accuracy_diff": rb["accuracy"] - ra["accuracy"], "max_score_diff": diff,
                     "ms_a": ra["ms_per_sample"], "ms_b": rb["ms_per_sample"],
                     "speedup": ra["ms_per_sample"] / rb["ms_per_sample"]}
        print(f"{name:32s} n={ra['n']:5d} flips={flips:3d} ({100 * flips / ra['n']:.2f}%) "
              f"acc {ra['accuracy']:.4f} -> {rb['accuracy']:.4f} max|dscore|={diff:.2e} "
              f"ms {ra['ms_per_sample']:.2f} -> {rb['ms_per_sample']:.2f} ({ra['ms_per_sample'] / rb['ms_per_sample']:.2f}x)")
    print(f"all: {total_flips} flips in {total_n} rows ({100 * total_flips / max(1, total_n):.3f}%)")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("judge")
    r.add_argument("--params", default="{}", help="judge parameters, JSON")
    r.add_argument("--out", required=True)
    r.add_argument("--sets", default="", help="comma list (default: every bundled set)")
    r.add_argument("--limit", type=int, default=None)
    c = sub.add_parser("compare")
    c.add_argument("a")
    c.add_argument("b")
    args = ap.parse_args()
    if args.cmd == "run":
        sets = [s for s in args.sets.split(",") if s] or None
        run(args.judge, json.loads(args.params), args.out, sets, args.limit)
    else:
        compare(args.a, args.b)


if __name__ == "__main__":
    main()
