"""How many candidate characters and encoder layers BERTScore needs: for each (`max_chars`,
`num_layers`) setting, the threshold chosen on dev, dev accuracy, then test accuracy at that
threshold, with the cost in tokens and CPU ms per row.

    OMP_NUM_THREADS=1 python scripts/bertscore_settings.py --max-chars 300 --num-layers 1,2,3,4,5,6 --out settings.json
"""
from __future__ import annotations

import argparse
import json
import time

import numpy as np

from judgesuite.judges.encoder.bertscore import BERTScoreJudge
from judgesuite import dataset_names, load_dataset
from judgesuite.suite.training.thresholds import choose_threshold


def scores(judge: BERTScoreJudge, split: str) -> dict:
    out = {}
    for name in dataset_names(probes=False):
        rows = load_dataset(name, split).scorable()
        t0 = time.process_time()
        f1, tokens = judge.f1_scores([r.sample for r in rows])
        out[name] = (np.array(f1), np.array([bool(r.label) for r in rows]), float(np.mean(tokens)),
                     (time.process_time() - t0) / len(rows))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-chars", default="2000,500,300")
    ap.add_argument("--num-layers", default="6")
    ap.add_argument("--splits", default="dev,test")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    report = {}
    settings = [(int(mc), int(nl)) for mc in args.max_chars.split(",") for nl in args.num_layers.split(",")]
    for mc, nl in settings:
        judge = BERTScoreJudge(max_chars=mc, num_layers=nl, threshold=0.0)
        dev = scores(judge, "dev")
        chosen = choose_threshold({k: (v[0], v[1]) for k, v in dev.items()})
        entry = {"dev": chosen, "dev_tokens_per_row": {k: round(v[2], 1) for k, v in dev.items()},
                 "dev_cpu_ms_per_row": {k: round(1000 * v[3], 2) for k, v in dev.items()}}
        if "test" in args.splits:
            test = scores(judge, "test")
            t = chosen["threshold"]
            acc = {k: round(float(np.mean((v[0] >= t) == v[1])), 4) for k, v in test.items()}
            entry["test_accuracy_by_set"] = acc
            entry["test_mean_accuracy"] = round(float(np.mean(list(acc.values()))), 4)
            entry["test_cpu_ms_per_row"] = {k: round(1000 * v[3], 2) for k, v in test.items()}
        report[f"max_chars={mc},num_layers={nl}"] = entry
        print(mc, nl, json.dumps(entry), flush=True)
        with open(args.out, "w") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
