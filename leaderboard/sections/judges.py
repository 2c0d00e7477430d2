"""Section: the judges - what each one is (class), what it does (its registered summary), its key
settings and its cost per answer (time always; FLOPs where it runs a model)."""
from __future__ import annotations

from collections import Counter
from statistics import median
from typing import Any

from judgesuite.leaderboard.sets_and_judges import colors, judge_info, judge_order, labelled_entries
from judgesuite.suite.evaluation.schema import ResultsDoc

ID = "judges"
TITLE = "The judges"
ORDER = 3


def build(doc: ResultsDoc, analysis: dict[str, Any]) -> dict[str, Any] | None:
    info = judge_info(doc)
    entries = labelled_entries(doc, analysis)
    rows = []
    for j in judge_order(analysis, doc):
        es = [e for e in entries if e.judge == j]
        if not es or j not in info:
            continue
        ms = [1000 * float(e.cost.seconds_median_per_sample) for e in es]
        rows.append({"judge": j, **info[j], "parameters": es[0].cost.parameters or 0,
                     "flops": sum(float(e.cost.flops_per_sample or 0) for e in es) / len(es),
                     "ms": median(ms)})
    classes = Counter(r["class"] for r in rows).most_common()
    summary = f"{len(rows)} judges: " + ", ".join(f"{n} {c}" for c, n in classes)
    return {"rows": rows, "colors": colors(doc), "summary": summary} if rows else None
