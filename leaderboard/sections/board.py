"""Section: every judge on every set - kappa (with interval and its rank on the set), accuracy,
F1 and no-verdict rate; then all metrics as one long table."""
from __future__ import annotations

from typing import Any

from judgesuite.leaderboard.sets_and_judges import badge, colors, judge_order, labelled_entries, set_order
from judgesuite.leaderboard.formatting import plain_reason, short_name
from judgesuite.suite.evaluation.schema import ResultsDoc

ID = "board"
TITLE = "Per set"
ORDER = 8


def build(doc: ResultsDoc, analysis: dict[str, Any]) -> dict[str, Any] | None:
    sets = set_order(analysis)
    if not sets:
        return None
    ranking = {s: {r["judge"]: r for r in analysis["sets"][s]["ranking"]["rows"]} for s in sets}
    entries = {(e.judge, e.dataset): e for e in labelled_entries(doc, analysis)}
    judges = [j for j in judge_order(analysis, doc) if any((j, s) in entries for s in sets)]
    human = [s for s in sets if badge(analysis, s)["kind"] == "human"]
    # A judge that ran on no human-labelled set shows only with the label switch on.
    matrix = [{"judge": j, "cells": {s: ranking[s].get(j) for s in sets},
               "nonhuman": not any((j, s) in entries for s in human)} for j in judges]
    long_rows = []
    for (j, s), e in entries.items():
        corr = analysis["sets"][s].get("correction", {}).get(j)
        long_rows.append({"set": s, "judge": j, "badge": badge(analysis, s), "m": e.metrics, "c": e.cost,
                          "r": ranking[s].get(j) or {}, "corr": corr})
    long_rows.sort(key=lambda r: (sets.index(r["set"]), judges.index(r["judge"])))
    skipped: dict[tuple[str, str], list[str]] = {}
    for sk in doc.skips:
        skipped.setdefault((sk.judge, plain_reason(sk.why)), []).append(sk.dataset)
    not_run: dict[tuple[str, tuple[str, ...]], list[str]] = {}  # judges skipped on the same sets for the same reason
    for (j, why), ss in skipped.items():
        not_run.setdefault((why, tuple(ss)), []).append(j)
    firsts = sorted(((sum((c or {}).get("rank") == 1 for c in m["cells"].values()), m["judge"]) for m in matrix),
                    key=lambda t: -t[0])
    summary = f"κ of {len(judges)} judges on {len(sets)} sets" + (
        f"; #1 on most sets: {short_name(firsts[0][1])} ({firsts[0][0]} of {len(sets)})" if firsts and firsts[0][0] else "")
    return {"summary": summary, "sets": [dict(badge(analysis, s), set=s) for s in sets], "matrix": matrix, "long": long_rows,
            "colors": colors(doc),
            "not_run": [{"judges": js, "why": w, "sets": list(ss)} for (w, ss), js in not_run.items()]}
