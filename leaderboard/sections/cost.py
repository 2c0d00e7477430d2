"""Section: cost - kappa against median latency and against FLOPs per answer for each family's
"Which judge?" table, Pareto frontiers drawn; then each judge's cost block."""
from __future__ import annotations

from statistics import median
from typing import Any

from judgesuite.leaderboard.formatting import fmt_time
from judgesuite.leaderboard.sets_and_judges import colors, judge_class, judge_order, labelled_entries, shapes
from judgesuite.leaderboard.sections.master_keys import constant_marks
from judgesuite.leaderboard.svg import Point, cost_plot, pareto_frontier
from judgesuite.suite.analysis.choice import measured_ms
from judgesuite.suite.evaluation.schema import ResultsDoc

ID = "cost"
TITLE = "Cost: kappa against time and FLOPs"
ORDER = 12


def _points(rows: list[dict[str, Any]], key: str, color: dict[str, str], shape: dict[str, str]) -> list[Point]:
    """The judges the ranking places (held-out kappa for a learned judge where the set fit it);
    constant, duplicate and unranked judges are left out, and replayed judges from the time plots."""
    rows = [r for r in rows if not r["constant"] and not r.get("same_as") and not r.get("unranked")
            and (r.get(key) or 0) > 0 and not (key == "ms_per_sample" and measured_ms(r) is None)]
    front = pareto_frontier([(r[key], r["kappa"]) for r in rows])
    return [Point(r["judge"], float(r[key]), r["kappa"], *(r["kappa_ci"] or (None, None)), color=color[r["judge"]],
                  frontier=f, shape=shape[r["judge"]], note="" if r.get("figure", "run") == "run" else r["figure"])
            for r, f in zip(rows, front)]


def build(doc: ResultsDoc, analysis: dict[str, Any]) -> dict[str, Any] | None:
    color, shape = colors(doc), shapes(doc)
    plots = []
    by = {(c["family"], c["view"]): c for c in analysis.get("choice", [])}
    for (fam, view), c in by.items():
        if view == "human" and by.get((fam, "all"), {}).get("sets") == c["sets"]:
            continue  # the same sets: one plot serves both views
        cls = "view-both" if view == "all" and (fam, "human") not in by else f"view-{view}"
        if view == "all" and by.get((fam, "human"), {}).get("sets") == c["sets"]:
            cls = "view-both"
        human = all(analysis["sets"][x]["description"]["label_kind"] == "human" for x in c["sets"])
        title = ("All tasks" if fam == "all" else fam) + (" (human labels)" if human else " (incl. rule/LLM labels)")
        ms = _points(c["rows"], "ms_per_sample", color, shape)
        flops = _points(c["rows"], "flops_per_sample", color, shape)
        if len(ms) >= 2:
            plots.append({"cls": cls, "svg": cost_plot(title, ms, "ms per answer (median, log scale)", "ms")})
        if len(flops) >= 2:
            plots.append({"cls": cls, "svg": cost_plot(title, flops, "FLOPs per answer (log scale)", "FLOP")})
    entries = labelled_entries(doc, analysis)
    table = []
    for j in judge_order(analysis, doc):
        es = [e for e in entries if e.judge == j]
        if not es:
            continue
        ms = [1000 * float(e.cost.seconds_median_per_sample) for e in es]
        mean_ms = [1000 * float(e.cost.seconds_per_sample or 0) for e in es]
        table.append({"judge": j, "color": color[j], "cost": es[0].cost, "cls": judge_class(es[0]), "ms": median(ms), "mean_ms": sum(mean_ms) / len(mean_ms),
                      "flops": sum(float(e.cost.flops_per_sample or 0) for e in es) / len(es),
                      "version": es[0].identity.version, "sets": len(es)})
    all_rule = all(not r["flops"] for r in table)
    # a replay's time is not the judge's; a judge that never decides or is constant is fast for nothing
    silent = constant_marks(analysis)
    timed = sorted((r for r in table if r["cls"] != "recorded" and r["judge"] not in silent), key=lambda r: r["ms"])
    summary = (f"fastest: {timed[0]['judge']} {fmt_time(timed[0]['ms'])}; slowest: {timed[-1]['judge']} "
               f"{fmt_time(timed[-1]['ms'])} per answer (median)") if len(timed) >= 2 else None
    return {"plots": plots, "table": table, "all_rule": all_rule, "summary": summary} if table else None
