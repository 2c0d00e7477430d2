"""Section: judges with graded scores - reliability diagram per set (is a score of 0.7 right 70%
of the time?), expected calibration error, and the best threshold on these rows."""
from __future__ import annotations

from typing import Any

from judgesuite.leaderboard.sets_and_judges import badge, colors, set_order
from judgesuite.leaderboard.svg import reliability_diagram
from judgesuite.suite.evaluation.schema import ResultsDoc

ID = "calibration"
TITLE = "Scores: calibration and thresholds"
ORDER = 24


def build(doc: ResultsDoc, analysis: dict[str, Any]) -> dict[str, Any] | None:
    color = colors(doc)
    blocks = []
    for s in set_order(analysis):
        info = analysis["sets"][s]
        cal = {j: c for j, c in info.get("calibration", {}).items() if c}
        if not cal:
            continue
        ranking = {r["judge"]: r for r in info["ranking"]["rows"]}
        rows = [{"judge": j, "color": color[j], "ece": c["ece"], "n": c["n_scored"],
                 "best_t": info["curves"][j]["best_threshold"], "best_acc": info["curves"][j]["best_accuracy"],
                 "acc": (ranking.get(j) or {}).get("accuracy")} for j, c in cal.items() if j in info["curves"]]
        b = badge(analysis, s)
        blocks.append({"set": s, "badge": b, "rows": rows, "cls": "nonhuman" if b["kind"] != "human" else "",
                       "svg": reliability_diagram(s, [(j, color[j], c["bins"]) for j, c in cal.items()])})
    human = [b for b in blocks if b["badge"]["kind"] == "human"] or blocks
    best = min(((r["ece"], r["judge"], b["set"]) for b in human for r in b["rows"] if r["ece"] is not None), default=None)
    summary = (f"{len({r['judge'] for b in blocks for r in b['rows']})} scored judges on {len(blocks)} sets; "
               f"best calibrated: {best[1]} (ECE {best[0]:.2f}, {best[2]})") if best else None
    return {"blocks": blocks, "summary": summary} if blocks else None
