"""Build the self-contained leaderboard page: analyses + Jinja2 (autoescape) + inline assets."""
from __future__ import annotations

import base64
import hashlib
import json
import math
from collections.abc import Mapping
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from judgesuite.suite.analysis.summary import analyze
from judgesuite.leaderboard.sections import build_sections
from judgesuite.leaderboard.svg import Point, color_for, line_plot, pareto_frontier, pareto_plot

ASSETS = Path(__file__).resolve().parent / "assets"


def json_for_script(data: Any) -> Markup:
    """JSON safe inside <script type="application/json">: no '<', '>', '&' or line separators
    survive literally, so no payload can close the element or open a comment."""
    text = json.dumps(data, ensure_ascii=False, allow_nan=False, default=str)
    for ch, esc in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                    ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(ch, esc)
    return Markup(text)


def _pct(x: float | None, digits: int = 1) -> str:
    return "–" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{100 * x:.{digits}f}"


def _signed(x: float | None, digits: int = 1, scale: float = 100.0) -> str:
    return "–" if x is None else f"{scale * x:+.{digits}f}"


def _num(x: float | None, fmt: str = ".3g") -> str:
    return "–" if x is None else format(x, fmt)


def _sortval(x: Any) -> str:
    return "" if x is None else str(x)


def _wilson(k: int, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    z, p = 1.96, k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def task_type_rows(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per judge and task type, accuracy pooled over the sets of that type (Wilson 95% CI)."""
    pooled: dict[tuple[str, str], list[float]] = {}
    for e in entries:
        for tt, m in (e.get("by_task_type") or {}).items():
            if m.get("n") and m.get("accuracy") is not None:
                acc = pooled.setdefault((e["judge"], tt), [0, 0, 0, 0])
                acc[0] += round(m["accuracy"] * m["n"])
                acc[1] += m["n"]
                acc[2] += (m.get("f1") or 0.0) * m["n"]
                acc[3] += 1
    rows = []
    for (judge, tt), (k, n, f1n, sets) in sorted(pooled.items()):
        lo, hi = _wilson(int(k), int(n))
        rows.append({"judge": judge, "task_type": tt, "n": n, "sets": sets, "accuracy": k / n, "lo": lo,
                     "hi": hi, "f1": f1n / n})
    rows.sort(key=lambda r: (r["task_type"], -r["accuracy"]))
    return rows


def build_context(results: dict[str, Any], analysis: dict[str, Any], title: str) -> dict[str, Any]:
    # Probe sets (master keys) have their own section: they are not judged against real labels.
    entries = [e for e in results["entries"] if e["dataset"] not in analysis.get("probes", {})]
    judges = list(dict.fromkeys(e["judge"] for e in entries))
    sets = list(dict.fromkeys(e["dataset"] for e in entries))
    color = {j: color_for(i) for i, j in enumerate(judges)}
    by_key = {(e["judge"], e["dataset"]): e for e in entries}
    hw = results.get("hardware") or {}
    hardware = ", ".join(str(x) for x in (hw.get("processor"), f"{hw.get('cpu_count')} CPUs" if hw.get("cpu_count") else None,
                                          f"GPU {hw['gpu']}" if hw.get("gpu") else "no GPU") if x)
    matrix = []
    for j in judges:
        cells = {}
        for s in sets:
            e = by_key.get((j, s))
            if e is None:
                continue
            m = e["metrics"]
            sig = analysis["sets"].get(s, {}).get("significance_rank", {}).get(j)
            cells[s] = {"acc": m.get("accuracy"), "ci": m.get("accuracy_ci"), "f1": m.get("f1"),
                        "f1ci": m.get("f1_ci"), "sig": sig, "nv": m.get("no_verdict_rate")}
        any_e = next(e for e in entries if e["judge"] == j)
        matrix.append({"judge": j, "color": color[j], "cells": cells, "cost": any_e.get("cost", {}),
                       "identity": any_e.get("judge_identity", {})})
    long_rows = []
    for e in entries:
        m, c = e["metrics"], e.get("cost", {})
        corr = analysis["sets"].get(e["dataset"], {}).get("correction", {}).get(e["judge"])
        long_rows.append({"e": e, "m": m, "c": c, "corr": corr,
                          "sig": analysis["sets"].get(e["dataset"], {}).get("significance_rank", {}).get(e["judge"])})
    pareto = []
    for s in sets:
        es = [by_key[(j, s)] for j in judges if (j, s) in by_key]
        xy = [(float(e["cost"].get("flops_per_sample") or 0.0), e["metrics"].get("accuracy") or 0.0) for e in es]
        front = pareto_frontier(xy)
        pts = [Point(label=e["judge"], x=x, y=y, y_lo=(e["metrics"].get("accuracy_ci") or [None, None])[0],
                     y_hi=(e["metrics"].get("accuracy_ci") or [None, None])[1], color=color[e["judge"]], frontier=f)
               for e, (x, y), f in zip(es, xy, front)]
        pareto.append(pareto_plot(s, pts))
    curves = []
    for s in sets:
        info = analysis["sets"].get(s, {})
        series = [(j, color[j], cv["thresholds"], cv["accuracy"]) for j, cv in info.get("curves", {}).items()]
        if series:
            curves.append({"set": s, "svg": line_plot(s, "threshold on the judge's score", "accuracy", series),
                           "judges": [{"judge": j, "color": color[j], "best_t": cv["best_threshold"],
                                       "best_acc": cv["best_accuracy"],
                                       "ece": (info["calibration"].get(j) or {}).get("ece"),
                                       "acc": by_key[(j, s)]["metrics"].get("accuracy")}
                                      for j, cv in info["curves"].items()]})
    js = (ASSETS / "page.js").read_text(encoding="utf-8")
    browser = {s: analysis["sets"][s]["disagreements"] for s in sets if s in analysis["sets"]}
    not_run: dict[tuple[str, str], list[str]] = {}
    for sk in results.get("skipped") or []:
        not_run.setdefault((str(sk.get("judge")), str(sk.get("why"))), []).append(str(sk.get("dataset")))
    return {
        "has_correction": any(info.get("correction") for info in analysis["sets"].values()),
        "not_run": [{"judge": j, "why": w, "sets": ss} for (j, w), ss in not_run.items()],
        "title": title, "results": results, "entries": entries, "analysis": analysis, "judges": judges, "sets": sets,
        "color": color, "hardware": hardware or "unknown", "matrix": matrix, "long_rows": long_rows,
        "task_rows": task_type_rows(entries), "sections": build_sections(results, analysis), "pareto": pareto, "curves": curves,
        "generated": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "browser_json": json_for_script({"sets": browser, "colors": color}),
        "no_verdict_policy": (entries[0]["metrics"].get("no_verdict_policy") if entries else ""),
        "css": Markup((ASSETS / "page.css").read_text(encoding="utf-8")),
        "js": Markup(js),
        # The page's Content-Security-Policy allows this one script only: even a payload that
        # escaped escaping could not run, and nothing can be fetched from the network.
        "js_hash": base64.b64encode(hashlib.sha256(js.encode("utf-8")).digest()).decode("ascii"),
    }


def environment() -> Environment:
    env = Environment(loader=FileSystemLoader(str(ASSETS)),
                      autoescape=select_autoescape(enabled_extensions=("html", "j2"), default=True),
                      trim_blocks=True, lstrip_blocks=True)
    env.filters.update(pct=_pct, signed=_signed, num=_num, sv=_sortval)
    return env


def render(results: dict[str, Any], *, title: str = "judgesuite leaderboard",
           rho: Mapping[str, float] | None = None, disagreement_limit: int = 100,
           analysis: dict[str, Any] | None = None) -> str:
    """The page as one HTML string (styles, scripts, plots and data inline)."""
    if analysis is None:
        analysis = analyze(results, rho=rho, disagreement_limit=disagreement_limit)
    return environment().get_template("index.html.j2").render(**build_context(results, analysis, title))


def write_site(results: dict[str, Any], out_dir: str | Path, *, title: str = "judgesuite leaderboard",
               rho: Mapping[str, float] | None = None, disagreement_limit: int = 100) -> tuple[Path, dict[str, Any]]:
    """Write out_dir/index.html and out_dir/analysis.json (the analyses without the browser rows)."""
    analysis = analyze(results, rho=rho, disagreement_limit=disagreement_limit)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    page = out / "index.html"
    page.write_text(render(results, title=title, analysis=analysis), encoding="utf-8")
    slim = dict(analysis, sets={s: {k: v for k, v in i.items() if k != "disagreements"}
                                for s, i in analysis["sets"].items()})
    (out / "analysis.json").write_text(json.dumps(slim, indent=1, ensure_ascii=False, default=str), encoding="utf-8")
    return page, analysis
