"""Inputs the leaderboard renders: our results.json, or a pytest-benchmark JSON file.

A results file may come from anyone, so what the page and the terminal show is checked first:
every metric is a possible value (a rate in [0, 1], kappa in [-1, 1], counts whole and >= 0, costs >= 0),
verdict files lie inside the results folder, and names carry no control characters.
"""
from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

from judgesuite.suite.evaluation.schema import Entry, ResultsDoc

RATES = ("accuracy", "precision", "recall", "f1", "accuracy_answered", "no_verdict_rate",
         "positive_rate_labels", "positive_rate_judge")
HEADLINE = ("accuracy", "precision", "recall", "f1", "kappa", "no_verdict_rate")  # present when n > 0
COUNTS = ("n", "n_answered")
_TERMINAL_CONTROL = re.compile(r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """`text` without terminal escape sequences and control characters (newlines and tabs kept)."""
    return _TERMINAL_CONTROL.sub("", str(text))


def load_any(path: str | Path) -> ResultsDoc:
    """Load results.json or a pytest-benchmark JSON (`ResultsDoc.read`) and check what it claims
    (`check_entries`); ValueError, one line naming the file, entry and field, if it cannot be shown."""
    doc = ResultsDoc.read(path)
    check_entries(doc, path)
    return doc


def check_entries(doc: ResultsDoc, path: str | Path) -> None:
    for i, entry in enumerate(doc.entries):
        where = f"{path}: entry {i} ({printable(entry.judge)!r} on {printable(entry.dataset)!r})"
        for name in ("judge", "dataset"):
            if not isinstance(getattr(entry, name), str) or not getattr(entry, name):
                raise ValueError(f"{path}: entry {i}: field {name}: expected a non-empty string")
        problem = _metrics_problem(entry) or _cost_problem(entry) or _verdicts_file_problem(doc, entry)
        if problem:
            raise ValueError(f"{where}: {problem}")


MAX_COUNT = 10**18  # a larger whole number is no count of rows, tokens or FLOPs (and overflows a float)


def _number(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return -MAX_COUNT <= value <= MAX_COUNT
    return isinstance(value, float) and math.isfinite(value)


def _metrics_problem(entry: Entry) -> str | None:
    if not _number(entry.n_rows) or entry.n_rows < 0 or not float(entry.n_rows).is_integer():
        return f"field n_rows: {entry.n_rows!r:.40} is not a whole number from 0 to 10^18"
    m = entry.metrics
    if not isinstance(m, dict):
        return f"field metrics: expected an object, got {type(m).__name__}"
    for key in COUNTS:
        value = m.get(key)
        if not _number(value) or value < 0 or not float(value).is_integer():
            return f"field metrics.{key}: {value!r:.40} is not a whole number from 0 to 10^18"
    if m["n_answered"] > m["n"]:
        return f"field metrics.n_answered: {m['n_answered']} is more than n = {m['n']}"
    for key in HEADLINE if m["n"] > 0 else ():
        if key not in m:
            return f"field metrics.{key}: missing"
    for key in (*RATES, "kappa"):
        low = -1.0 if key == "kappa" else 0.0
        for field, value in ((key, m.get(key)), *((f"{key}_ci[{j}]", v) for j, v in enumerate(m.get(f"{key}_ci") or ()))):
            if value is None:
                continue
            if not _number(value) or not low <= value <= 1.0:
                return f"field metrics.{field}: {value!r} is not a number in [{low:g}, 1]"
        ci = m.get(f"{key}_ci")
        if ci is not None and (not isinstance(ci, list) or len(ci) != 2 or ci[0] > ci[1]):
            return f"field metrics.{key}_ci: {ci!r} is not an interval [low, high]"
    return None


def _cost_problem(entry: Entry) -> str | None:
    """Every number of the cost block is finite and >= 0 (its types are checked when the file is read)."""
    cost = entry.cost.__dict__
    numbers = [(k, v) for k, v in cost.items() if k != "profile"]
    numbers += [(f"profile.{k}", v) for k, v in cost["profile"].items()]
    for key, value in numbers:
        if isinstance(value, (int, float)) and not isinstance(value, bool) and not (_number(value) and value >= 0):
            return f"field cost.{key}: {value!r:.40} is not a finite number >= 0"
    return None


def _verdicts_file_problem(doc: ResultsDoc, entry: Entry) -> str | None:
    try:
        doc.verdict_path(entry)
    except ValueError as exc:
        return str(exc)
    return None
