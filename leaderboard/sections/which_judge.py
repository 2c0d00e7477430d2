"""Section: "Which judge?" - per task family, the judges ranked by Cohen's kappa with the labels
(analysis["choice"], see suite/analysis/choice.py): first a compact table of the picks (what a
phone shows on its first screen), then a card per family and the table behind it. A learned
judge is ranked on its held-out figure where the set fit it; its in-source figure is shown, "not
used". Human-labelled sets by default; the page's label switch switches to every set."""
from __future__ import annotations

from typing import Any

from judgesuite.leaderboard.sets_and_judges import badge, colors, judge_info
from judgesuite.suite.analysis.provenance import FAMILIES
from judgesuite.suite.evaluation.schema import ResultsDoc

ID = "which"
TITLE = "Which judge?"
ORDER = 0
FEW_HUMAN_ROWS = 100  # a pick resting on fewer human-labelled rows says so


def _view(choice: dict[str, Any] | None, analysis: dict[str, Any]) -> dict[str, Any] | None:
    if not choice or not choice["rows"]:
        return None
    badges = [dict(badge(analysis, s), set=s) for s in choice["sets"]]
    human_rows = sum(analysis["sets"][b["set"]]["n_rows"] for b in badges if b["kind"] == "human")
    rows = [r for r in choice["rows"] if not r.get("same_as")]
    same: dict[str, list[str]] = {}
    for r in choice["rows"]:
        if r.get("same_as"):
            same.setdefault(r["same_as"], []).append(r["judge"])
    return {"sets": badges, "n": choice["n"], "rows": rows, "same": same, "verdict": choice["verdict"],
            "not_on_every_set": choice.get("not_on_every_set") or [],
            "human_only": all(b["kind"] == "human" for b in badges), "human_rows": human_rows,
            "few_human": human_rows < FEW_HUMAN_ROWS}


def build(doc: ResultsDoc, analysis: dict[str, Any]) -> dict[str, Any] | None:
    by = {(c["family"], c["view"]): c for c in analysis.get("choice", [])}
    if not by:
        return None
    cards = []
    for fam in [*FAMILIES, "all"]:
        human, every = _view(by.get((fam, "human")), analysis), _view(by.get((fam, "all")), analysis)
        if every is None:
            continue
        cards.append({"family": fam, "name": "All tasks" if fam == "all" else fam, "id": "which-" + fam.replace(" ", "-"),
                      "human": human, "all": every, "default": human or every})
    classes = {j: info["class"] for j, info in judge_info(doc).items()}
    return {"cards": cards, "colors": colors(doc), "classes": classes}
