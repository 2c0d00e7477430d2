"""Helpers shared by the command modules: list arguments, data sources, shards, plugins."""
from __future__ import annotations

import argparse
import importlib
import json
from pathlib import Path

from judgesuite.suite.data import Dataset, dataset_names, load_dataset, load_jsonl

AUDIT_SCHEMA = "judgesuite.reference-audit/1"


def csv_list(text: str) -> list[str]:
    """A comma-separated list; commas inside JSON parameter values (judge specs) do not split."""
    from judgesuite.judges.specs import split_top_level

    return [t.strip() for t in split_top_level(text, ",") if t.strip()]


def load_sources(args: argparse.Namespace, split: str | None = None) -> list[Dataset]:
    """The --data files, or the --datasets (default: all) in --split (or `split`, if given)."""
    if args.data:
        return [load_jsonl(path, skip_invalid=args.skip_invalid) for path in args.data]
    split = split or args.split
    split = None if split == "all" else split
    return [load_dataset(name, split) for name in (args.datasets or dataset_names())]


def parse_shard(text: str | None) -> tuple[int, int] | None:
    if not text:
        return None
    i, sep, n = text.partition("/")
    if not sep or not i.isdigit() or not n.isdigit() or not 0 <= int(i) < int(n):
        raise ValueError(f"--shard must be I/N with 0 <= I < N, got {text!r}")
    return int(i), int(n)


def import_plugins(modules: list[str]) -> None:
    """Import each module (it registers judges with @register_judge)."""
    for module in modules:
        importlib.import_module(module)


def load_flagged(path: str | Path) -> dict[str, set[str]]:
    """dataset name -> ids of the rows an audit file flags."""
    doc = json.loads(Path(path).read_text())
    if doc.get("schema") != AUDIT_SCHEMA:
        raise ValueError(f"{path}: not a reference audit (schema {doc.get('schema')!r}, want {AUDIT_SCHEMA!r})")
    return {name: {f["id"] for f in block["flagged"]} for name, block in doc["datasets"].items()}
