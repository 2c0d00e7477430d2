"""`judgesuite mc-formats` (alias `mcqa`): symbol vs cloze vs routed multiple-choice evaluation."""
from __future__ import annotations

import argparse
import sys
import time

from judgesuite.suite.cli.common import csv_list, non_negative_int, non_negative_number, positive_int


def _ints(text: str) -> list[int]:
    try:
        return [int(t) for t in csv_list(text)]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected whole numbers separated by commas, got {text!r}") from None


def _shots(text: str) -> list[int]:
    shots = _ints(text)
    if any(k < 0 for k in shots):
        raise argparse.ArgumentTypeError(f"shots are counts of examples (>= 0), got {text!r}")
    return shots


def register(sub) -> None:
    p = sub.add_parser(
        "mc-formats", aliases=["mcqa"],
        help="multiple-choice accuracy in symbol, cloze and router-chosen formats (Models Know Models Best)",
        description="Scores each benchmark question in the symbol format (lettered options) and the cloze "
                    "format (options as continuations, per-token and per-character normalised), labels "
                    "training questions with Algorithm 1, trains format routers and writes <out>/report.json.")
    p.add_argument("--models", "--model", default="smollm2-135m",
                   help="comma list: smollm2-135m, gemma3-270m, a .gguf path, an HF folder or hub id")
    p.add_argument("--benchmarks", default="arc_easy,hellaswag",
                   help="comma list of arc_easy, arc_challenge, mmlu, openbookqa, commonsenseqa, hellaswag, "
                        "piqa, winogrande (bundled) or socialiqa (needs --data-dir)")
    p.add_argument("--heldout", default="", help="benchmarks evaluated but never used to train routers "
                                                 "(the paper's SocialIQA check)")
    p.add_argument("--limit", type=positive_int, default=200, help="test (original validation) questions per benchmark")
    p.add_argument("--train-limit", type=non_negative_int, default=300, help="classifier-train questions labelled per benchmark")
    p.add_argument("--val-limit", type=non_negative_int, default=100, help="classifier-validation questions per benchmark")
    p.add_argument("--shots", type=_shots, default=[0], help="comma list of k (k > 0 averages over --seeds)")
    p.add_argument("--seeds", type=_ints, default=[308, 713, 777, 1234, 4649], help="demonstration seeds (the paper's)")
    p.add_argument("--router", default="all", choices=["all", "self", "majority", "human", "heuristic", "none"])
    p.add_argument("--delta", type=non_negative_number, default=0.2, help="Algorithm 1 margin threshold")
    p.add_argument("--data-dir", default=None, help="folder with <benchmark>/<split>.jsonl (normalized schema): "
                                                   "benchmarks found there are read from it instead of the "
                                                   "bundled subsets")
    p.add_argument("--dtype", default="float32", choices=["float32", "bfloat16"])
    p.add_argument("--threads", type=positive_int, default=None, help="torch CPU threads (default: torch's choice)")
    p.add_argument("--out", default="mcqa-out", help="output folder (report.json, per-question score cache)")
    p.add_argument("--results", default=None, metavar="PATH",
                   help="also store the report under 'mc_formats' in this results.json (created if missing, "
                        "other content kept) for `judgesuite leaderboard`")
    p.set_defaults(func=handle)


def handle(args) -> int:
    from judgesuite.suite.data.loader import DataError
    from judgesuite.suite.data.mcqa import BENCHMARKS
    from judgesuite.suite.studies.mc_formats.markdown import report_markdown
    from judgesuite.suite.studies.mc_formats.pipeline import ROUTERS, Config, run

    benches, heldout = csv_list(args.benchmarks), (csv_list(args.heldout) if args.heldout else [])  # none by default
    unknown = [b for b in benches + heldout if b not in BENCHMARKS]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; choose from {', '.join(BENCHMARKS)}", file=sys.stderr)
        return 2
    routers = list(ROUTERS) if args.router == "all" else ([] if args.router == "none" else [args.router])
    cfg = Config(models=csv_list(args.models), benchmarks=[b for b in benches if b not in heldout], heldout=heldout,
                 limit=args.limit, train_limit=args.train_limit, val_limit=args.val_limit,
                 shots=args.shots, seeds=args.seeds, delta=args.delta, routers=routers,
                 data_dir=args.data_dir, dtype=args.dtype, threads=args.threads,
                 out=args.out)
    if args.results:  # fail before hours of scoring, not after
        from judgesuite.suite.studies.mc_formats.results_doc import check_results_path

        try:
            check_results_path(args.results)
        except ValueError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    started = time.perf_counter()
    try:
        report = run(cfg, log=lambda msg: print(msg, file=sys.stderr, flush=True))
    except (FileNotFoundError, DataError) as exc:
        print(f"judgesuite mc-formats: {exc}", file=sys.stderr)
        return 2
    print(report_markdown(report))
    print(f"\nreport: {args.out}/report.json")
    if args.results:
        from judgesuite.suite.studies.mc_formats.results_doc import store_report

        path = store_report(report, args.results, wall_seconds=time.perf_counter() - started)
        print(f"stored under 'mc_formats' in {path}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    parser = argparse.ArgumentParser(prog="judgesuite")
    register(parser.add_subparsers(dest="command"))
    ns = parser.parse_args()
    sys.exit(ns.func(ns))
