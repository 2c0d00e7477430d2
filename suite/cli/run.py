"""Core sub-commands: run, judges, datasets, tune-thresholds."""
from __future__ import annotations

import argparse
import sqlite3
import sys
import time
from pathlib import Path

from judgesuite.suite.cli.executors import add_options as add_executor_options, executor_from
from judgesuite.suite.cli.common import (csv_list, import_plugins, load_flagged, load_sources, parse_shard,
                                         positive_int)
from judgesuite.suite.data import DataError, bundled_names, card_field, load_bundled

# The main job on the embedded defaults: every judge of the core install (rules, symbolic
# math, the shipped stacked model), plus the encoder judges (shipped checkpoint / packaged
# MiniLM) where the [encoder] extra is installed. LLM judges are opt-in: on a CPU they cost
# minutes per hundred rows.
CORE_JUDGES = ["exact-match", "contains", "token-f1", "rouge-l", "regex", "strict", "flexible",
               "math-verify", "sympy", "stacked"]
ENCODER_JUDGES = ["encoder", "bertscore", "regex+encoder"]
# Published verdicts of large judges, replayed on the sets they judged (free: nothing runs).
RECORDED_JUDGES = [f"recorded:source={s}" for s in
                   ("gpt-4-eval", "instructgpt-eval", "bem", "deepseek-v3", "qwen2.5-7b-instruct")]


def default_judges() -> list[str]:
    from importlib.util import find_spec

    have_encoder = all(find_spec(m) is not None for m in ("torch", "transformers"))
    return CORE_JUDGES + (ENCODER_JUDGES if have_encoder else []) + RECORDED_JUDGES


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("run", help="judge the meta-evaluation sets and write results.json",
                       description="Run judges on labeled sets; verdicts are cached, so an "
                                   "interrupted run resumes and a repeated run computes nothing.")
    p.add_argument("--judges", type=csv_list, default=None,
                   help=f"comma-separated judge specs, 'name' or 'name:key=value:...' "
                        f"(default: {','.join(CORE_JUDGES)}, plus {','.join(ENCODER_JUDGES)} "
                        "when the [encoder] extra is installed)")
    src = p.add_mutually_exclusive_group()
    src.add_argument("--datasets", type=csv_list, default=None,
                     help="bundled sets, or 'master-keys' (the adversarial probe set); default: all of them")
    src.add_argument("--data", type=csv_list, default=None,
                     help="your own JSONL file(s) in the bundled schema, scored whole (no split)")
    p.add_argument("--split", default="test", choices=["train", "dev", "test", "all"],
                   help="split of the bundled sets (default: test)")
    p.add_argument("--limit", type=positive_int, default=None, help="at most N rows per set (a fixed subset)")
    p.add_argument("--out", default="results", help="output folder (default: ./results)")
    p.add_argument("--cache", default=None, help="SQLite verdict cache (default: ~/.cache/judgesuite)")
    p.add_argument("--batch-size", type=positive_int, default=None,
                   help="size of a judge's first chunk of samples (default: by cost class); chunks then "
                        "grow while a chunk takes under 20 s")
    p.add_argument("--shard", default=None, metavar="I/N",
                   help="judge only shard I of N (0-based; whole questions); join shards with `judgesuite merge`")
    p.add_argument("--workers", default="auto", metavar="N",
                   help="worker processes on this machine, each judging a shard into the one cache (default "
                        "auto: one per core, at most 4, when every judge runs on the CPU and each worker gets "
                        "2,000+ samples; LLM judges stay in one process)")
    add_executor_options(p)
    p.add_argument("--plugin", action="append", default=[], metavar="MODULE",
                   help="import MODULE first (it registers judges with @register_judge); repeatable")
    p.add_argument("--site", default=None, metavar="DIR",
                   help="write the leaderboard page here (default: OUT/site)")
    p.add_argument("--no-site", action="store_true", help="do not write the leaderboard page")
    p.add_argument("--profile", action="store_true",
                   help="print where each judge's time went (load, tokenise, model, ...)")
    p.add_argument("--skip-invalid", action="store_true",
                   help="skip malformed rows of --data files (reported) instead of stopping")
    p.add_argument("--no-progress", action="store_true")
    p.add_argument("--keep-going", action="store_true",
                   help="a judge that cannot load or fails on every row of a set is reported as skipped and the "
                        "others run (default: the run stops with one line naming the judge and the cause)")
    p.add_argument("--batch-timeout", type=float, default=1800.0, metavar="SECONDS",
                   help="time limit per batch: past it the batch's rows are timeout no-verdicts (not cached) and "
                        "the judge gets no more rows (default: 1800, twice the slowest shipped judge's first batch)")
    p.add_argument("--exclude-flagged", default=None, metavar="AUDIT.json",
                   help="leave out of scoring the rows an audit of `judgesuite audit-references` flags "
                        "(counted as excluded.flagged_reference)")
    p.set_defaults(func=cmd_run)

    p = sub.add_parser("judges", help="list the registered judges")
    p.set_defaults(func=cmd_judges)

    p = sub.add_parser("datasets", help="list the bundled meta-evaluation sets")
    p.add_argument("--stats", action="store_true", help="also print per-model label accuracy")
    p.set_defaults(func=cmd_datasets)

    p = sub.add_parser("tune-thresholds",
                       help="choose token-f1 / rouge-l thresholds on the dev split and record them")
    p.add_argument("--out", default=None, metavar="FILE",
                   help="write the chosen thresholds and the figures behind them to FILE (in a source "
                        "checkout, judges/lexical/tuned_thresholds.json ships them as the defaults)")
    p.add_argument("--bertscore", action="store_true",
                   help="tune the bertscore judge instead (candidates cut to --max-chars; in a source checkout "
                        "judges/encoder/bertscore_threshold.json ships the pair)")
    p.add_argument("--max-chars", type=positive_int, default=20, help="bertscore candidate length (default: 20, the shipped one)")
    p.set_defaults(func=cmd_tune)


def cmd_run(args: argparse.Namespace) -> int:
    from judgesuite.judges.registry import RegistryError
    from judgesuite.leaderboard.inputs import printable
    from judgesuite.suite.evaluation.cache import CacheError, VerdictCache
    from judgesuite.suite.evaluation.report import profile_table, summary_table
    from judgesuite.judges.recorded import ReplayedJudge
    from judgesuite.judges.registry import make_judge
    from judgesuite.suite.evaluation.executor import ExecutorError
    from judgesuite.suite.evaluation.runner import JudgeFailed, run_document

    try:
        import_plugins(args.plugin)
        specs = args.judges or default_judges()
        cost_classes, replayed = [], []
        for spec in specs:  # fail on a bad name before any work
            judge = make_judge(spec)
            replayed += [judge] if isinstance(judge, ReplayedJudge) else []
            cost_classes.append("rule" if isinstance(judge, ReplayedJudge) else judge.get_tags().cost_class)
            judge.close()
        datasets = load_sources(args)
        if replayed:  # imported verdicts must name rows of the data (any split of it)
            known = {r.id for ds in (datasets if args.data or args.split == "all" else load_sources(args, split="all"))
                     for r in ds.rows}
            for judge in replayed:
                judge.check_ids(known)
        shard = parse_shard(args.shard)
        workers = _workers(args.workers, cost_classes, datasets, args.limit, shard)
        executor = executor_from(args, workers)
        exclude_ids = None
        if args.exclude_flagged:
            exclude_ids = load_flagged(args.exclude_flagged)
            if not set(exclude_ids) & {ds.name for ds in datasets}:
                print(f"warning: {args.exclude_flagged} flags rows of {', '.join(sorted(exclude_ids)) or 'no set'}, "
                      "none of the sets judged: nothing is excluded", file=sys.stderr)
    except (RegistryError, DataError, KeyError, ValueError, TypeError, ImportError, OSError) as exc:
        print(f"judgesuite run: {exc}", file=sys.stderr)
        return 2
    for ds in datasets:
        for err in ds.skipped:
            print(f"skipped: {err}", file=sys.stderr)
    for option, folder in (("--out", args.out), ("--site", args.site)):
        if folder and Path(folder).exists() and not Path(folder).is_dir():
            print(f"judgesuite run: {option} {folder}: a file is there, not a folder", file=sys.stderr)
            return 2
    if not args.batch_timeout > 0:
        print(f"judgesuite run: --batch-timeout must be > 0 seconds, got {args.batch_timeout:g}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    try:
        doc = run_document(specs, datasets, split=None if args.data or args.split == "all" else args.split,
              out_dir=args.out, cache=VerdictCache(args.cache), limit=args.limit,
              progress=not args.no_progress, exclude_ids=exclude_ids, shard=shard,
                       batch_size=args.batch_size, workers=workers, keep_going=args.keep_going,
                       batch_timeout=args.batch_timeout, executor=executor)
    except (JudgeFailed, ExecutorError) as exc:
        print(f"judgesuite run: {exc}", file=sys.stderr)
        return 1
    except CacheError as exc:
        print(f"judgesuite run: {exc}", file=sys.stderr)
        return 2
    except sqlite3.Error as exc:  # a cache damaged, or made read-only, after it opened
        print(f"judgesuite run: verdict cache {args.cache or 'default'}: {exc}; move it away or pass --cache "
              "another file", file=sys.stderr)
        return 2
    print(printable(summary_table(doc)))  # set and judge names may come from file names and plugins
    if args.profile:
        print(profile_table(doc))
    for s in doc.skips:
        if s.failed:
            print(f"skipped: judge {s.judge} on {s.dataset}: {s.why}", file=sys.stderr)
    not_cached = sum(e.cost.not_cached for e in doc.entries)
    if not_cached:
        print(f"not cached: {not_cached} verdicts were errors or time limits; the next run judges them again")
    results_path = Path(args.out) / "results.json"
    print(f"\n{len(doc.entries)} results in {time.perf_counter() - t0:.1f} s -> {results_path}")
    if not args.no_site and shard is None:
        from judgesuite.leaderboard.build import write_site

        site = Path(args.site) if args.site else Path(args.out) / "site"
        page, _ = write_site(doc, site)
        print(f"leaderboard: {page}\nopen it: python -m webbrowser file://{Path(page).resolve()}")
    return 0


def _workers(text: str, cost_classes: list[str], datasets, limit: int | None, shard: tuple[int, int] | None) -> int:
    from judgesuite.suite.evaluation.runner import limit_rows
    from judgesuite.suite.evaluation.workers import auto_workers

    if text != "auto":
        if not text.isdigit() or int(text) < 1:
            raise ValueError(f"--workers must be 'auto' or a positive integer, got {text!r}")
        return int(text)
    rows = sum(len(limit_rows(ds.scorable(), limit)) for ds in datasets) // (shard[1] if shard else 1)
    return auto_workers(cost_classes, rows * len(cost_classes))


def cmd_judges(args: argparse.Namespace) -> int:
    from judgesuite.judges.registry import list_judges

    cost_class = {"core": "rule", "encoder": "encoder", "llm": "llm", "vllm": "llm"}
    print(f"{'judge':<22} {'needs':<10} {'cost':<8} summary")
    for e in list_judges():
        needs = "core" if e.needs == "core" else f"[{e.needs}]"
        print(f"{e.name:<22} {needs:<10} {cost_class.get(e.needs, '?'):<8} {e.summary}")
    from judgesuite.judges.recorded.sources import SOURCES

    print("\nrecorded sources (published verdicts, replayed; nothing runs):")
    for s in SOURCES.values():
        print(f"  recorded:source={s.name:<20} {s.describe()}")
    return 0


def cmd_datasets(args: argparse.Namespace) -> int:
    print(f"{'dataset':<30} {'rows':>6} {'scored':>6} {'test':>5} {'models':>6}  task types / licence")
    for name in bundled_names():
        st = load_bundled(name).stats()
        test = sum(1 for r in load_bundled(name, "test").rows if r.scorable)
        print(f"{name:<30} {st['rows']:>6} {st['scorable']:>6} {test:>5} {st['models']:>6}  "
              f"{','.join(st['task_types'])} / {card_field(name, 'Licence')}")
        if args.stats:
            for model, acc in st["label_accuracy_by_model"].items():
                print(f"    {model:<60} label accuracy {acc:.3f}")
    from judgesuite.suite.data.probes import ATTACKS, build_probe_set

    probes = build_probe_set()
    print(f"{'master-keys':<30} {len(probes.rows):>6} {len(probes.rows):>6} {len(probes.rows):>5} {'-':>6}  "
          f"generated: {len(ATTACKS)} attacks on test questions, all wrong by construction")
    return 0


def cmd_tune(args: argparse.Namespace) -> int:
    import json

    from judgesuite.suite.training.thresholds import THRESHOLD_JUDGES, tune_all

    if args.bertscore:
        from judgesuite.suite.training.thresholds import tune_bertscore

        report = tune_bertscore(args.max_chars)
    else:
        report = tune_all(THRESHOLD_JUDGES)
    print(json.dumps(report, indent=1))
    if args.out:
        Path(args.out).write_text(json.dumps(report, indent=1) + "\n")
        print(f"written {args.out}")
    return 0
