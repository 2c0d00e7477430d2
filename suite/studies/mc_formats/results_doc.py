"""Store a `mc-formats` report in a judgesuite results document (`ResultsDoc`).

The report goes under the top-level key ``mc_formats`` (the leaderboard's "Multiple-choice formats"
section reads it); everything else in an existing document (judge entries, hardware, ...) is kept.
A later report replaces an earlier one: its across-model tests only hold for the models it ran.
"""
from __future__ import annotations

import math
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from judgesuite.suite.evaluation.results_entry import hardware
from judgesuite.suite.evaluation.schema import ResultsDoc

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


def check_results_path(path: str | Path) -> None:
    """Raise ValueError if `path` exists but is not a results document (checked before a long run)."""
    if Path(path).exists():
        ResultsDoc.read(path)


def store_report(report: dict[str, Any], path: str | Path, *, wall_seconds: float | None = None) -> Path:
    """Merge `report` into the results document at `path` (created if missing); atomic write.

    Raises ValueError when `path` exists but is not a results document.
    """
    path = Path(path)
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    if path.exists():
        doc = ResultsDoc.read(path)
    else:
        doc = ResultsDoc(created=now, split=None, limit=None, hardware=hardware(), wall_seconds=0.0, entries=[],
                         extra={"source": "judgesuite mc-formats"})
    section = dict(_finite(report), created=now)
    if wall_seconds is not None:
        section["wall_seconds"] = round(wall_seconds, 1)
    doc.extra[RESULTS_KEY] = section
    path.parent.mkdir(parents=True, exist_ok=True)
    doc.write(path)
    return path
