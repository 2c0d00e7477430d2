"""Section: can a cheap judge stand in for a large one? Encoder, stacked and the blend against each
replayed judge (published verdicts, or an imported file) on the rows both answered
(`suite/analysis/large_judges.py`), with where each replayed judge's verdicts and cost come from."""
from __future__ import annotations

from typing import Any

from judgesuite.leaderboard.sets_and_judges import badge, set_order

ID = "large-judges"
TITLE = "Cheap judges against large LLM judges (published verdicts)"
ORDER = 27


def build(results: dict[str, Any], analysis: dict[str, Any]) -> dict[str, Any] | None:
    blocks = [{"set": s, "badge": badge(analysis, s), "rows": analysis["sets"][s]["large_judges"]}
              for s in set_order(analysis) if analysis["sets"][s].get("large_judges")]
    sources, seen = [], set()
    for e in results.get("entries", []):
        rep = (e.get("judge_report") or {}).get("replayed")
        if rep and e["judge"] not in seen:
            seen.add(e["judge"])
            sources.append({"judge": e["judge"], **{k: rep.get(k) for k in (
                "kind", "model", "citation", "file", "parameters", "parameters_note", "flops", "latency")}})
    if not blocks and not sources:
        return None
    return {"blocks": blocks, "sources": sources}
