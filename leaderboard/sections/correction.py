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
    best = max((r for r in rows if not r["constant"] and r["c"].get("accuracy_human_est") is not None),
               key=lambda r: r["c"]["accuracy_human_est"], default=None)
    summary = f"{len({r['set'] for r in rows})} sets labelled by a rule or an LLM" + (
        f"; highest estimated human accuracy: {best['judge']} {100 * best['c']['accuracy_human_est']:.1f}%" if best else "")
    return {"rows": rows, "assumption": analysis.get("correction_assumption", ""), "summary": summary} if rows else None
