"""Rows where judges disagree with the label or with each other, for the leaderboard browser."""
from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

from judgesuite.suite.analysis.records import iter_verdict_json, verdict_path

MAX_TEXT = 1500


def _clip(text: Any, n: int = MAX_TEXT) -> str:
    text = "" if text is None else str(text)
    return text if len(text) <= n else text[:n] + " [...]"


def disagreements(results: Mapping[str, Any], entries: Sequence[Mapping[str, Any]],
                  limit: int = 100) -> dict[str, Any]:
    """Up to `limit` rows of one set where some judge disagrees with the label or judges differ.

    Rows where the judges split come first, then those with the most judges against the
    label; ties are broken by a hash of the
    id so the choice is stable. Texts are clipped to MAX_TEXT characters.
    """
    rows: dict[str, dict[str, Any]] = {}
    judges: list[str] = []
    for e in entries:
        path = verdict_path(results, e)  # type: ignore[arg-type]
        if path is None:
            continue
        judges.append(e["judge"])
        for o in iter_verdict_json(path):
            if o.get("label") is None:
                continue
            row = rows.setdefault(str(o["id"]), {
                "id": str(o["id"]), "model": str(o.get("model") or ""), "label": bool(o["label"]),
                "question": _clip(o.get("question"), 800), "candidate": _clip(o.get("candidate")),
                "references": [_clip(x, 300) for x in (o.get("references") or [])][:10],
                "verdicts": {}})
            row["verdicts"][e["judge"]] = {"correct": o.get("correct"), "score": o.get("score"),
                                           "reason": o.get("reason"), "extracted": _clip(o.get("extracted"), 300)
                                           if o.get("extracted") is not None else None}
    picked = []
    total = 0
    for row in rows.values():
        verdicts = [v["correct"] for v in row["verdicts"].values()]
        against = sum((c is True) != row["label"] for c in verdicts)
        split = len(set(verdicts)) > 1
        if against or split:
            total += 1
            row["against_label"] = against
            row["judges_split"] = split
            picked.append(row)
    picked.sort(key=lambda r: (-r["judges_split"], -r["against_label"], hashlib.sha256(r["id"].encode()).hexdigest()))
    return {"judges": judges, "total": total, "shown": min(limit, len(picked)), "rows": picked[:limit]}
