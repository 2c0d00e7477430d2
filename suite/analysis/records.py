"""Reading stored results back: results.json entries and their per-sample verdict files.

Every analysis in this package works from these stored verdicts; nothing is re-judged.
"""
from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judgesuite.suite.evaluation.schema import VerdictRecord, read_verdict_file


@dataclass(frozen=True)
class Record:
    """One judged row: the label, the judge's verdict (None = no verdict) and its score."""

    id: str
    question_id: str
    model: str
    task_type: str
    label: bool
    correct: bool | None
    score: float | None = None
    reason: str | None = None

    @property
    def agrees(self) -> bool:
        """The verdict matches the label; a no-verdict counts as a verdict of 'incorrect'."""
        return (self.correct is True) == self.label


def _record(v: VerdictRecord) -> Record:
    return Record(id=v.id, question_id=v.question_id, model=v.model, task_type=v.task_type, label=bool(v.label),
                  correct=v.correct, score=None if v.score is None else float(v.score), reason=v.reason)


def load_results(path: str | Path) -> dict[str, Any]:
    """A results.json document, with `_base` set to its folder (verdict files are relative to it)."""
    path = Path(path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(doc, dict) or not isinstance(doc.get("entries"), list):
        raise ValueError(f"{path}: not a judgesuite results document (no 'entries' list)")
    doc["_base"] = str(path.resolve().parent)
    return doc


def verdict_path(results: dict[str, Any], entry: dict[str, Any]) -> Path | None:
    name = entry.get("verdicts_file")
    if not name:
        return None
    p = Path(name)
    if not p.is_absolute():
        p = Path(results.get("_base", ".")) / p
    return p if p.is_file() else None


def load_verdicts(results: dict[str, Any], entry: dict[str, Any]) -> list[VerdictRecord] | None:
    """The entry's labelled verdict file lines (None when its verdict file is missing)."""
    path = verdict_path(results, entry)
    if path is None:
        return None
    return [v for v in read_verdict_file(path) if v.label is not None]


def records_of(verdicts: Iterable[VerdictRecord]) -> list[Record]:
    return [_record(v) for v in verdicts]


def load_records(results: dict[str, Any], entry: dict[str, Any]) -> list[Record]:
    """The entry's per-sample records ([] when its verdict file is missing)."""
    return records_of(load_verdicts(results, entry) or [])


def entries_by_dataset(results: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for e in results["entries"]:
        out.setdefault(e["dataset"], []).append(e)
    return out
