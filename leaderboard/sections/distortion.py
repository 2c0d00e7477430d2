"""Section: ranking distortion - does a judge rank the evaluated models as the labels do?
Kendall tau-b per set and judge (with its interval over questions), and per set a slope chart of
each model's label rank against its rank under the set's best judge (BERT-as-a-Judge, Table 1)."""
from __future__ import annotations

from typing import Any

from judgesuite.leaderboard.formatting import short_name
from judgesuite.leaderboard.sets_and_judges import badge, judge_order, set_order
from judgesuite.leaderboard.svg import slope_chart
from judgesuite.suite.evaluation.schema import ResultsDoc

ID = "distortion"
TITLE = "Ranking distortion"
ORDER = 15


def build(doc: ResultsDoc, analysis: dict[str, Any]) -> dict[str, Any] | None:
    rows, charts = [], []
    judges = judge_order(analysis, doc)
    for s in set_order(analysis):
        info = analysis["sets"][s]
        b = badge(analysis, s)
        for j in sorted(info["distortion"], key=lambda j: judges.index(j) if j in judges else 99):
            d = info["distortion"][j]
            rows.append({"set": s, "badge": b, "judge": j, "d": d})
        best = info["ranking"]["verdict"] and info["ranking"]["verdict"]["best"]["judge"]
        d = info["distortion"].get(best) if best else None
        if d and len(d["models"]) >= 2:
            tau = "undefined" if d["kendall_tau"] is None else f"{d['kendall_tau']:.2f}"
            # picked on its held-out figure, but only its in-source verdicts exist to rank the models with
            learned = info["ranking"]["verdict"]["best"].get("figure", "run") != "run"
            charts.append({"cls": "nonhuman" if b["kind"] != "human" else "",
                           "svg": slope_chart(f"{s}: {best} (tau {tau}{', in-source verdicts' if learned else ''})",
                                              [(m["model"], m["label_rank"], m["judge_rank"]) for m in d["models"]])})
    return {"rows": rows, "charts": charts, "summary": _summary(rows)} if rows else None


def _summary(rows: list[dict[str, Any]]) -> str | None:
    """Among the judges with a defined tau on the most sets: which moves models least and most."""
    moves: dict[str, list[float]] = {}
    for r in rows:
        if r["d"]["kendall_tau"] is not None and r["d"].get("max_abs_delta_rank") is not None:
            moves.setdefault(r["judge"], []).append(r["d"]["max_abs_delta_rank"])
    most_sets = max((len(v) for v in moves.values()), default=0)
    worst = sorted((max(v), j) for j, v in moves.items() if len(v) == most_sets)
    if not worst:
        return f"{len({r['judge'] for r in rows})} judges; no Kendall τ is defined"
    least = f"{short_name(worst[0][1])} moves models least (at most {worst[0][0]:g} ranks on {most_sets} sets)"
    return least + (f"; {short_name(worst[-1][1])} most ({worst[-1][0]:g})" if len(worst) > 1 else "")
