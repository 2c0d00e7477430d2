"""Section: human-agreement correction for sets whose labels are not human (BERT-as-a-Judge,
appendix C): A_H = (2 rho - 1) A_S + 1 - rho, with the assumption it rests on."""
from __future__ import annotations

from typing import Any

from judgesuite.leaderboard.common import badge, set_order

ID = "correction"
TITLE = "Correcting for non-human labels"
ORDER = 22


def build(results: dict[str, Any], analysis: dict[str, Any]) -> dict[str, Any] | None:
    rows = [{"set": s, "badge": badge(analysis, s), "judge": j, "c": c}
            for s in set_order(analysis) for j, c in analysis["sets"][s].get("correction", {}).items()]
    return {"rows": rows, "assumption": analysis.get("correction_assumption", "")} if rows else None
