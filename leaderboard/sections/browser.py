"""Section: the disagreement browser - rows where judges split, where all are wrong, or where some
gave no verdict (suite/analysis/disagreements.py), sampled within a size budget. The rows travel
as JSON in the page (build.py) and are only ever inserted as text by page.js."""
from __future__ import annotations

from typing import Any

from judgesuite.leaderboard.sets_and_judges import badge, set_order

ID = "browser"
TITLE = "Disagreement browser"
ORDER = 40


def wrong_counts(info: dict[str, Any]) -> dict[str, int]:
    """judge -> rows of the set where its verdict differs from the label (a no-verdict counts)."""
    n = info["ranking"]["n"]
    return {r["judge"]: round((1 - r.get("in_source_accuracy", r["accuracy"])) * n) for r in info["ranking"]["rows"]}


def browser_data(analysis: dict[str, Any]) -> dict[str, Any]:
    """The JSON the page's script reads: per set its judges, best judge, rows, and how many rows
    each judge gets wrong in all (so the page can say how many of them it holds)."""
    return {s: analysis["sets"][s]["disagreements"] | {"labels": badge(analysis, s)["text"],
                                                        "wrong": wrong_counts(analysis["sets"][s])}
            for s in set_order(analysis) if analysis["sets"][s]["disagreements"]["rows"]}


def build(results: dict[str, Any], analysis: dict[str, Any]) -> dict[str, Any] | None:
    rows = []
    for s in set_order(analysis):
        d = analysis["sets"][s]["disagreements"]
        rows.append({"set": s, "badge": badge(analysis, s), "counts": d["counts"], "shown": d["shown"],
                     "kb": d["budget_bytes"] / 1000})
    if not any(sum(r["shown"].values()) for r in rows):
        return None
    return {"rows": rows}
