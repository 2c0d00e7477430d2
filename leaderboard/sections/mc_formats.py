"""Section: multiple-choice formats (Models Know Models Best) from the results' ``mc_formats`` report:
symbol vs cloze vs router-chosen accuracy per model and benchmark, the across-model tests, the
symbol-minus-cloze curve against the number of shots and the paper's Table 2 beside ours."""
from __future__ import annotations

import math
from typing import Any

from markupsafe import Markup

from judgesuite.leaderboard.svg import color_for, line_plot
from judgesuite.suite.evaluation.schema import ResultsDoc

ID = "mc-formats"
TITLE = "Multiple-choice formats"
ORDER = 30

ROUTER_ORDER = ("self", "majority", "human", "heuristic")
# The paper's Table 2: symbol minus cloze accuracy (points), averaged over its models.
PAPER_SYMBOL_MINUS_CLOZE = {"arc_easy": 26.5, "arc_challenge": 36.3, "mmlu": 23.5, "openbookqa": 29.6,
                            "commonsenseqa": 29.7, "hellaswag": -36.4, "piqa": -17.8, "winogrande": -7.5}


def _num(x: Any) -> float | None:
    """A finite float or None (reports hold NaN for empty subsets)."""
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return None
    return float(x) if math.isfinite(x) else None


def _mean(xs: list[float | None]) -> float | None:
    vals = [x for x in xs if x is not None]
    return sum(vals) / len(vals) if vals else None


def curve_plot(title: str, series: list[tuple[str, str, list[float], list[float]]],
               width: int = 420, height: int = 280) -> Markup:
    """Symbol minus cloze (points, -100..100) against k: lines (name, color, ks, diffs); text escaped."""
    ks = sorted({k for _, _, xs, _ in series for k in xs}) or [0.0, 1.0]
    return line_plot(title, "demonstrations (k)", "symbol \u2212 cloze (points)", series, width, height,
                     x_ticks=[0.0, *ks] if ks[0] > 0 else ks, y_ticks=range(-100, 101, 50), y_fmt="+d",
                     legend_width=150)


def build(doc: ResultsDoc, analysis: dict[str, Any]) -> dict[str, Any] | None:
    report = doc.mc_formats
    if report is None or not isinstance(report.get("results"), dict) or not report["results"]:
        return None
    per_model: dict[str, dict[str, dict]] = report["results"]
    cfg = report.get("config") or {}
    heldout = set(cfg.get("heldout") or [])
    models = list(per_model)
    benches = list(dict.fromkeys(b for rows in per_model.values() for b in rows))
    present = {r for rows in per_model.values() for row in rows.values() for r in (row.get("routers") or {})}
    routers = [r for r in ROUTER_ORDER if r in present] + sorted(present - set(ROUTER_ORDER))

    rows = []
    for m in models:
        for b, r in per_model[m].items():
            routed = r.get("routers") or {}
            shares = {k: v for k, v in (r.get("symbol_letter_share") or {}).items() if _num(v) is not None}
            top = max(shares, key=shares.get) if shares else None
            rows.append({
                "model": m, "benchmark": b, "heldout": b in heldout, "n": r.get("n"),
                "symbol": _num(r.get("symbol")), "cloze": _num(r.get("cloze")),
                "cloze_char": _num(r.get("cloze_char")), "sym_minus_cloze": _num(r.get("symbol_minus_cloze")),
                "best": _num(max(r.get("symbol", math.nan), r.get("cloze", math.nan))),
                "preferred": r.get("preferred"), "oracle": _num(r.get("oracle")),
                "top_letter": top, "top_letter_share": shares.get(top) if top else None,
                "routers": [{"name": name, "accuracy": _num((routed.get(name) or {}).get("accuracy")),
                             "delta": _num((routed.get(name) or {}).get("delta")),
                             "share_symbol": _num((routed.get(name) or {}).get("share_symbol"))}
                            for name in routers],
            })

    across = []
    for name in routers:
        for b, a in ((report.get("across_models") or {}).get(name) or {}).items():
            t = a.get("t_test") or {}
            across.append({"router": name, "benchmark": b, "heldout": b in heldout,
                           "ge0": a.get("models_delta_ge_0"), "mean_delta": _num(a.get("mean_delta")),
                           "t": _num(t.get("t")), "p": _num(t.get("p")), "n_models": t.get("n")})

    paper = [{"benchmark": b, "paper": PAPER_SYMBOL_MINUS_CLOZE.get(b),
              "ours": _mean([_num(per_model[m][b].get("symbol_minus_cloze")) for m in models if b in per_model[m]]),
              "per_model": [(m, _num(per_model[m][b].get("symbol_minus_cloze"))) for m in models if b in per_model[m]]}
             for b in benches]

    curve_rows, plots = [], []
    shots_curve = report.get("shots_curve") or {}
    for b in benches:
        series = []
        for i, m in enumerate(models):
            pts = (shots_curve.get(m) or {}).get(b) or {}
            ks = sorted(pts, key=int)
            for k in ks:
                p = pts[k]
                curve_rows.append({"model": m, "benchmark": b, "k": int(k), "symbol": _num(p.get("symbol")),
                                   "cloze": _num(p.get("cloze")), "diff": _num(p.get("symbol_minus_cloze")),
                                   "seeds": p.get("seeds")})
            xs = [float(k) for k in ks if _num(pts[k].get("symbol_minus_cloze")) is not None]
            ys = [float(pts[k]["symbol_minus_cloze"]) for k in ks if _num(pts[k].get("symbol_minus_cloze")) is not None]
            if len(xs) > 1:
                series.append((m, color_for(i), xs, ys))
        if series:
            plots.append(curve_plot(b, series))
    has_curve = any(r["k"] > 0 for r in curve_rows)

    labels = report.get("label_distribution") or {}
    n_test = {b: max((per_model[m][b].get("n") or 0) for m in models if b in per_model[m]) for b in benches}
    return {
        "summary": f"{len(models)} models on {len(benches)} benchmarks: symbol against cloze scoring",
        "models": models, "benchmarks": benches, "routers": routers, "rows": rows, "across": across,
        "paper": paper, "curve_rows": curve_rows if has_curve else [], "plots": plots if has_curve else [],
        "n_test": n_test, "limit": cfg.get("limit"), "train_limit": cfg.get("train_limit"),
        "val_limit": cfg.get("val_limit"), "shots": cfg.get("shots") or [0], "heldout": sorted(heldout),
        "n_labelled": {m: {b: sum(v for k, v in d.items() if k != "None") for b, d in rows_.items()}
                       for m, rows_ in labels.items()},
        "seconds": {m: _num(s) for m, s in (report.get("seconds") or {}).items()},
        "wall_seconds": _num(report.get("wall_seconds")),
        "created": report.get("created"), "dtype": cfg.get("dtype"),
        "distributions": report.get("distributions"), "classifier": report.get("classifier"),
    }
