"""`judgesuite merge`: join the results of a run split with `--shard i/n` over several machines.

The shards' caches are merged into one, then the run is replayed from it: every verdict comes from
the cache, so the merged results.json and verdict files equal those of one unsharded run (timings
aside). A verdict no shard stored is computed then (and counted).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from judgesuite.suite.evaluation.schema import ResultsDoc


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("merge", help="join the results and caches of sharded runs (--shard i/n)")
    p.add_argument("shards", nargs="+", help="the shards' output folders (each with results.json)")
    p.add_argument("--caches", nargs="+", required=True, metavar="SQLITE",
                   help="the shards' verdict caches (copy them here from the machines that ran them)")
    p.add_argument("--out", default="results", help="output folder of the merged run (default: ./results)")
    p.add_argument("--cache", default=None, help="merged cache (default: ~/.cache/judgesuite)")
    p.add_argument("--no-site", action="store_true", help="do not write the leaderboard page")
    p.set_defaults(func=cmd_merge)


def _plan(docs: list[ResultsDoc]) -> tuple[list[str], list[tuple[str, str]], str | None, int | None]:
    first = docs[0]
    shards = sorted(d.shard or "" for d in docs)
    n = {s.partition("/")[2] for s in shards}
    if "" in shards or len(n) != 1 or shards != sorted(f"{i}/{next(iter(n))}" for i in range(int(next(iter(n))))):
        raise ValueError(f"expected shards 0/N .. N-1/N of one run, got {shards}")
    for d in docs[1:]:
        if (d.split, d.limit) != (first.split, first.limit):
            raise ValueError("the shards were run with different --split or --limit")
    specs = list(dict.fromkeys(e.judge for d in docs for e in d.entries))
    sets = list(dict.fromkeys((e.dataset, e.data_path) for d in docs for e in d.entries))
    return specs, sets, first.split, first.limit


def cmd_merge(args: argparse.Namespace) -> int:
    from judgesuite.suite.data import dataset_names, load_dataset, load_jsonl
    from judgesuite.suite.evaluation.cache import CacheError, VerdictCache
    from judgesuite.suite.evaluation.runner import run_document

    out = Path(args.out).resolve()
    if any(Path(s).resolve() == out for s in args.shards):  # its results.json would be overwritten
        print(f"judgesuite merge: --out {args.out} is one of the shards; write the merged run elsewhere",
              file=sys.stderr)
        return 2
    try:
        docs = [ResultsDoc.read(Path(s) / "results.json") for s in args.shards]
        specs, sets, split, limit = _plan(docs)
        datasets = [load_dataset(name, split) if name in dataset_names() else load_jsonl(path, name)
                    for name, path in sets]
    except (OSError, ValueError, KeyError) as exc:
        print(f"judgesuite merge: {exc}", file=sys.stderr)
        return 2
    try:
        cache = VerdictCache(args.cache)
        added = sum(cache.merge_from(c) for c in args.caches)
    except CacheError as exc:
        print(f"judgesuite merge: {exc}", file=sys.stderr)
        return 2
    doc = run_document(specs, datasets, split=split, out_dir=args.out, cache=cache, limit=limit, progress=False)
    computed = sum(e.n_rows - e.cost.from_cache for e in doc.entries)
    print(f"merged {len(args.shards)} shards: {added} verdicts from their caches, {computed} computed now "
          f"-> {Path(args.out) / 'results.json'}")
    if not args.no_site:
        from judgesuite.leaderboard.build import write_site

        page, _ = write_site(doc, Path(args.out) / "site")
        print(f"leaderboard: {page}")
    return 0
