"""Section: the judges - what each one is (class), what it does (its registered summary), its key
settings and its cost per answer (time always; FLOPs where it runs a model)."""
from __future__ import annotations

from statistics import median
from typing import Any

from judgesuite.leaderboard.sets_and_judges import colors, judge_info, judge_order, labelled_entries

ID = "judges"
TITLE = "The judges"
ORDER = 3


def build(results: dict[str, Any], analysis: dict[str, Any]) -> dict[str, Any] | None:
    info = judge_info(results)
    entries = labelled_entries(results, analysis)
    rows = []
    for j in judge_order(analysis, results):
        es = [e for e in entries if e["judge"] == j]
        if not es or j not in info:
            continue
        cost = es[0].get("cost") or {}
        ms = [1000 * float(e["cost"].get("seconds_median_per_sample", e["cost"].get("seconds_per_sample") or 0)) for e in es]
        rows.append({"judge": j, **info[j], "parameters": cost.get("parameters") or 0,
                     "flops": sum(float(e["cost"].get("flops_per_sample") or 0) for e in es) / len(es),
                     "ms": median(ms)})
    return {"rows": rows, "colors": colors(analysis, results)} if rows else None
