"""Section: pairwise McNemar tests on accuracy per set (Holm-adjusted), for readers who rank by
accuracy; the "Which judge?" ranks test kappa instead (suite/analysis/choice.py)."""
from __future__ import annotations

from typing import Any

from judgesuite.leaderboard.sets_and_judges import badge, set_order
from judgesuite.suite.evaluation.schema import ResultsDoc

ID = "significance"
TITLE = "Pairwise tests on accuracy (McNemar)"
ORDER = 28


def build(doc: ResultsDoc, analysis: dict[str, Any]) -> dict[str, Any] | None:
    blocks = [{"set": s, "badge": badge(analysis, s), "tests": analysis["sets"][s]["mcnemar"]}
              for s in set_order(analysis) if analysis["sets"][s].get("mcnemar")]
    tests = [t for b in blocks for t in b["tests"]]
    summary = f"{sum(bool(t['significant']) for t in tests)} of {len(tests)} judge pairs differ on accuracy (Holm), {len(blocks)} sets"
    return {"blocks": blocks, "summary": summary} if blocks else None
