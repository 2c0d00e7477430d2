"""Measure LLM judges on bundled test splits: accuracy, invalid-output rate, tokens, FLOPs, latency.

Usage (writes JSON to --out; verdicts are cached, so an interrupted run resumes):
  nice -n 10 python scripts/measure_llm_judges.py --judges llm-direct --limit 100 --out llm_direct.json
  nice -n 10 python scripts/measure_llm_judges.py --judges "llm-vote:k=5" --limit 40 --out vote.json
  nice -n 10 python scripts/measure_llm_judges.py --judges llm-direct --frontier regex --limit 100 --out f.json

Rows are the runner's fixed subset (`limit_rows`: smallest id hashes among scorable rows).
For llm-vote it adds `vote_report` (agreement, flips, position-bias gap); for
llm-validated the audit counts and the accuracy without flagged items; with
--frontier CHEAP it replays the cascade CHEAP -> first judge over bands 0..0.5.
"""
from __future__ import annotations

import argparse
import json
import time

from judgesuite.judges.routed.cascade import cascade_frontier
from judgesuite.judges.llm.vote import vote_report
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite import dataset_names, load_dataset
from judgesuite.suite.evaluation.metrics import compute_metrics
from judgesuite import make_judge
from judgesuite.suite.evaluation.runner import Runner, limit_rows

BANDS = [0.0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5]


def summarise(rows, verdicts, seconds, judge) -> dict:
    n = max(len(rows), 1)
    m = compute_metrics([bool(r.label) for r in rows], verdicts, bootstrap=200)
    invalid = sum(v.reason is not None and v.reason.value == "invalid_output" for v in verdicts)
    tin = sum(v.input_tokens for v in verdicts)
    tout = sum(v.generated_tokens for v in verdicts)
    out = {
        "n": len(rows), "accuracy": m.get("accuracy"), "accuracy_ci": m.get("accuracy_ci"),
        "accuracy_answered": m.get("accuracy_answered"), "f1": m.get("f1"),
        "no_verdict_rate": m.get("no_verdict_rate"), "invalid_output_rate": invalid / n,
        "no_verdict_reasons": m.get("no_verdict_reasons"),
        "positive_rate_labels": m.get("positive_rate_labels"), "positive_rate_judge": m.get("positive_rate_judge"),
        "input_tokens_per_sample": tin / n, "generated_tokens_per_sample": tout / n,
        "flops_per_sample": sum(v.flops for v in verdicts) / n,
        "flops_generated_only_per_sample": sum(float(v.extra.get("flops_generated_only", 0)) for v in verdicts) / n,
        "seconds_per_sample": sum(seconds) / n, "parameters": judge.cost.parameters,
    }
    if any("votes" in v.extra for v in verdicts):
        out["vote_report"] = vote_report(verdicts, [r.label for r in rows])
    if any("reference_flagged" in v.extra for v in verdicts):
        # The seed's "filtering out inapplicable samples": flagged items leave scoring, counted.
        keep = [i for i, v in enumerate(verdicts) if not v.extra.get("reference_flagged")]
        out["reference_flagged"] = len(rows) - len(keep)
        out["reference_status"] = {k: sum(v.extra.get("reference_status") == k for v in verdicts)
                                   for k in ("valid", "flagged", "unchecked")}
        if keep and len(keep) < len(rows):
            m2 = compute_metrics([bool(rows[i].label) for i in keep], [verdicts[i] for i in keep], bootstrap=0)
            out["accuracy_without_flagged"] = m2.get("accuracy")
    if any("escalated" in v.extra for v in verdicts):
        out["escalation_rate"] = sum(bool(v.extra.get("escalated")) for v in verdicts) / n
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--judges", required=True, help="comma-separated runner specs, e.g. llm-direct:max_new_tokens=8")
    ap.add_argument("--datasets", default=",".join(dataset_names(probes=False)))
    ap.add_argument("--split", default="test")
    ap.add_argument("--limit", type=int, default=100)
    ap.add_argument("--frontier", default=None, help="cheap judge spec for the cascade frontier")
    ap.add_argument("--cache", default=None)
    ap.add_argument("--batch-size", type=int, default=16, help="rows in the first chunk (chunks then grow while fast)")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    runner = Runner(VerdictCache(args.cache), first_chunk=args.batch_size)
    report: dict = {"split": args.split, "limit": args.limit, "judges": {}}
    t_start = time.perf_counter()
    for spec in args.judges.split(","):
        judge = make_judge(spec)
        cheap = make_judge(args.frontier) if args.frontier else None
        per_set = {}
        try:
            for name in args.datasets.split(","):
                rows = limit_rows(load_dataset(name, args.split).scorable(), args.limit)
                judged = runner.judge_rows(judge, rows, label=f"{spec}/{name}")
                per_set[name] = summarise(judged.rows, judged.verdicts, judged.seconds, judge)
                if cheap is not None and all(cheap.supports(r.sample.task_type) for r in judged.rows):
                    c = runner.judge_rows(cheap, judged.rows)
                    per_set[name]["cheap"] = summarise(c.rows, c.verdicts, c.seconds, cheap)
                    per_set[name]["frontier"] = cascade_frontier(c.verdicts, judged.verdicts,
                                                                 [r.label for r in judged.rows], BANDS)
                print(json.dumps({spec: {name: {k: per_set[name][k] for k in
                                                ("n", "accuracy", "invalid_output_rate", "flops_per_sample",
                                                 "seconds_per_sample")}}}), flush=True)
                report["judges"][spec] = {"identity": judge.identity(), "per_set": per_set}
                with open(args.out, "w") as fh:
                    json.dump(report, fh, indent=1, default=str)
        finally:
            judge.close()
            if cheap is not None:
                cheap.close()
    report["wall_seconds"] = time.perf_counter() - t_start
    with open(args.out, "w") as fh:
        json.dump(report, fh, indent=1, default=str)


if __name__ == "__main__":
    main()
