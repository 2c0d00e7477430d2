"""Section: human-agreement correction for sets whose labels are not human (BERT-as-a-Judge,
appendix C): A_H = (2 rho - 1) A_S + 1 - rho, with the assumption it rests on."""
from __future__ import annotations

from typing import Any

from judgesuite.leaderboard.sets_and_judges import badge, set_order
from judgesuite.suite.evaluation.schema import ResultsDoc

ID = "correction"
TITLE = "Correcting for non-human labels"
ORDER = 22


def build(doc: ResultsDoc, analysis: dict[str, Any]) -> dict[str, Any] | None:
    rows = []
    for s in set_order(analysis):
        ranking = {r["judge"]: r for r in analysis["sets"][s]["ranking"]["rows"]}
        for j, c in analysis["sets"][s].get("correction", {}).items():
            r = ranking.get(j) or {}
            # a constant judge's corrected accuracy looks fine and means nothing: marked, kappa beside it
            rows.append({"set": s, "badge": badge(analysis, s), "judge": j, "c": c, "kappa": r.get("in_source_kappa", r.get("kappa")),
                         "constant": r.get("constant_short") and ("never decides" if str(r.get("constant")).startswith("no verdict")
                                                                  else "constant")})
    return {"rows": rows, "assumption": analysis.get("correction_assumption", "")} if rows else None
