"""Store a `mc-formats` report in a judgesuite results document (schema judgesuite.results/1).

The report goes under the top-level key ``mc_formats`` (the leaderboard's "Multiple-choice formats"
section reads it); everything else in an existing document (judge entries, hardware, ...) is kept.
A later report replaces an earlier one: its across-model tests only hold for the models it ran.
"""
from __future__ import annotations

import json
import math
import os
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

RESULTS_KEY = "mc_formats"


def _finite(obj: Any) -> Any:
    """The report with NaN / inf replaced by None (results.json stays strict JSON)."""
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, dict):
        return {str(k): _finite(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_finite(v) for v in obj]
    return obj


def _read_doc(path: Path) -> dict[str, Any] | None:
    """The existing document at `path` (None when there is none); ValueError when it is not one."""
    if not path.exists():
        return None
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path}: cannot read JSON: {exc}") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("entries"), list):
        raise ValueError(f"{path}: not a judgesuite results document (no 'entries' list)")
    return doc


def check_results_path(path: str | Path) -> None:
    """Raise ValueError if `path` exists but is not a results document (checked before a long run)."""
    _read_doc(Path(path))


def store_report(report: dict[str, Any], path: str | Path, *, wall_seconds: float | None = None) -> Path:
    """Merge `report` into the results document at `path` (created if missing); atomic write.

    Raises ValueError when `path` exists but is not a results document.
    """
    from judgesuite.suite.evaluation.runner import RESULTS_SCHEMA, hardware

    path = Path(path)
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    doc = _read_doc(path)
    if doc is None:
        doc = {"schema": RESULTS_SCHEMA, "created": now, "source": "judgesuite mc-formats",
               "hardware": hardware(), "entries": [], "skipped": []}
    doc.pop("_base", None)
    section = dict(_finite(report), created=now)
    if wall_seconds is not None:
        section["wall_seconds"] = round(wall_seconds, 1)
    doc[RESULTS_KEY] = section
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(doc, indent=1, ensure_ascii=False, allow_nan=False), encoding="utf-8")
    os.replace(tmp, path)
    return path
