"""Helpers shared by the command modules: list arguments, data sources, shards, plugins."""
from __future__ import annotations

import argparse
import importlib
import math
from pathlib import Path

from judgesuite.suite.data import Dataset, DataError, dataset_names, load_dataset, load_jsonl
from judgesuite.judges.base import JUDGE_CODE_ERRORS
from judgesuite.judges.json_input import parse as parse_json

AUDIT_SCHEMA = "judgesuite.reference-audit/1"


def csv_list(text: str) -> list[str]:
    """A comma-separated list; commas inside JSON parameter values (judge specs) do not split. An
    empty list is an error (leaving the option out is how to ask for the default)."""
    from judgesuite.judges.specs import split_top_level

    items = [t.strip() for t in split_top_level(text, ",") if t.strip()]
    if not items:
        raise argparse.ArgumentTypeError(f"an empty list ({text!r}); leave the option out for the default")
    return items


def _at_least(text: str, low: float, kind: type) -> int | float:
    try:
        value = kind(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a {'whole' if kind is int else 'finite'} number >= {low:g}, got "
                                         f"{text!r}") from None
    if not (math.isfinite(value) and value >= low):
        raise argparse.ArgumentTypeError(f"must be a finite number >= {low:g}, got {text!r}" if kind is float
                                         else f"must be >= {low:g}, got {value}")
    return value


def non_negative_int(text: str) -> int:
    """An integer >= 0 (argparse type; 0 usually means "none" or "all", as the option says)."""
    return int(_at_least(text, 0, int))


def positive_int(text: str) -> int:
    """An integer >= 1 (argparse type)."""
    return int(_at_least(text, 1, int))


def non_negative_number(text: str) -> float:
    """A finite number >= 0 (argparse type)."""
    return float(_at_least(text, 0, float))


def data_names(paths: list[str]) -> list[str]:
    """The set name of each --data file: its stem; where stems clash, folder/stem (the full path
    where even that clashes). The same file given twice is a DataError."""
    resolved = [Path(p).resolve() for p in paths]
    for i, r in enumerate(resolved):
        if r in resolved[:i]:
            raise DataError(paths[i], None, None, "given twice in --data")
    stems = [r.name.split(".")[0] for r in resolved]
    names = [f"{r.parent.name}/{s}" if stems.count(s) > 1 else s for r, s in zip(resolved, stems)]
    return [str(r.parent / s) if names.count(n) > 1 else n for r, s, n in zip(resolved, stems, names)]


def load_sources(args: argparse.Namespace, split: str | None = None) -> list[Dataset]:
    """The --data files (each with something to score), or the --datasets (default: all) in
    --split (or `split`, if given)."""
    if args.data:
        return [load_jsonl(path, name, skip_invalid=args.skip_invalid).require_scorable()
                for path, name in zip(args.data, data_names(args.data))]
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
        try:
            importlib.import_module(module)
        except JUDGE_CODE_ERRORS as exc:  # the plugin's own code raised or exited: one line naming it
            raise ImportError(f"--plugin {module}: importing it raised {type(exc).__name__}: {exc}") from None


def load_flagged(path: str | Path) -> dict[str, set[str]]:
    """dataset name -> ids of the rows an audit file flags; ValueError naming the file where it is not one."""
    try:
        doc = parse_json(Path(path).read_bytes().decode("utf-8-sig"))
    except OSError as exc:
        raise ValueError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except ValueError as exc:  # not UTF-8, not JSON
        raise ValueError(f"{path}: not a reference audit: {exc}") from None
    schema = doc.get("schema") if isinstance(doc, dict) else None
    if schema != AUDIT_SCHEMA:
        raise ValueError(f"{path}: not a reference audit (schema {schema!r}, want {AUDIT_SCHEMA!r})")
    datasets = doc.get("datasets")
    out: dict[str, set[str]] = {}
    for name, block in (datasets.items() if isinstance(datasets, dict) else [(None, None)]):
        flagged = block.get("flagged") if isinstance(block, dict) else None
        if not isinstance(flagged, list) or not all(isinstance(f, dict) and isinstance(f.get("id"), str)
                                                     for f in flagged):
            where = "'datasets'" if name is None else f"'datasets'.{name!r}"
            raise ValueError(f"{path}: {where} should hold a 'flagged' list of objects with a string 'id'")
        out[name] = {f["id"] for f in flagged}
    return out
