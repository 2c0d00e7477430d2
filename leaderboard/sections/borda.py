"""Section: Borda count across sets and mean delta rank per task category (the paper's Figure 1
and Table 1 layout), per judge."""
from __future__ import annotations

from typing import Any

from judgesuite.leaderboard.formatting import short_name
from judgesuite.leaderboard.sets_and_judges import judge_order
from judgesuite.suite.evaluation.schema import ResultsDoc

ID = "borda"
TITLE = "Borda count across sets"
ORDER = 18


def build(doc: ResultsDoc, analysis: dict[str, Any]) -> dict[str, Any] | None:
    borda = analysis.get("borda") or {}
    judges = [j for j in judge_order(analysis, doc) if j in borda]
    if not judges or all(len(borda[j]["sets"]) < 2 for j in judges):
        return None
    rows = []
    for j in judges:
        b = borda[j]
        deltas = [abs(v) for v in b["delta_rank"].values()]
        rows.append({"judge": j, "b": b, "models": len(b["appearances"]),
                     "shared": sum(1 for v in b["appearances"].values() if v > 1),
                     "max_delta": max(deltas) if deltas else 0.0})
    tau = [r for r in rows if r["b"]["kendall_tau"] is not None]
    most_sets = max((len(r["b"]["sets"]) for r in tau), default=0)
    best = max((r for r in tau if len(r["b"]["sets"]) == most_sets), key=lambda r: r["b"]["kendall_tau"], default=None)
    summary = (f"closest to the labels' ranking over {most_sets} sets: {short_name(best['judge'])} "
               f"(τ {best['b']['kendall_tau']:.2f})") if best else None
    return {"rows": rows, "summary": summary}
