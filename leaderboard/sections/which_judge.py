"""Section: "Which judge?" - per task family, the judges ranked by Cohen's kappa with the labels
(analysis["choice"], see suite/analysis/choice.py), a one-line verdict per family, and the table
behind it. Human-labelled sets by default; the page's label toggle switches to every set."""
from __future__ import annotations

from typing import Any

from judgesuite.leaderboard.common import badge, colors, fmt_ms
from judgesuite.suite.analysis.provenance import FAMILIES

ID = "which"
TITLE = "Which judge?"
ORDER = 0


def _view(choice: dict[str, Any] | None, analysis: dict[str, Any]) -> dict[str, Any] | None:
    if not choice or not choice["rows"]:
        return None
    badges = [dict(badge(analysis, s), set=s) for s in choice["sets"]]
    return {"sets": badges, "n": choice["n"], "rows": choice["rows"], "verdict": choice["verdict"],
            "not_on_every_set": choice.get("not_on_every_set") or [],
            "human_only": all(b["kind"] == "human" for b in badges)}


def build(results: dict[str, Any], analysis: dict[str, Any]) -> dict[str, Any] | None:
    by = {(c["family"], c["view"]): c for c in analysis.get("choice", [])}
    if not by:
        return None
    cards = []
    for fam in [*FAMILIES, "all"]:
        human, every = _view(by.get((fam, "human")), analysis), _view(by.get((fam, "all")), analysis)
        if every is None:
            continue
        cards.append({"family": fam, "id": "which-" + fam.replace(" ", "-"),
                      "human": human, "all": every, "default": human or every})
    return {"cards": cards, "colors": colors(analysis, results), "fmt_ms": fmt_ms}
