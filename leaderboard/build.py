"""Build the self-contained leaderboard page: analyses + Jinja2 (autoescape) + inline assets.

The page is the sections of `leaderboard/sections/` in their ORDER ("Which judge?" first), each
with its template; styles, script, plots and the disagreement browser's data are inline.
"""
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

from judgesuite.leaderboard.sets_and_judges import labelled_entries
from judgesuite.leaderboard.formatting import fmt_time, human_time, short_name, si, sig
from judgesuite.leaderboard.sections import build_sections
from judgesuite.leaderboard.sections.browser import browser_data, fit_browser, write_sidecar
from judgesuite.suite.analysis.summary import analyze
from judgesuite.suite.evaluation.schema import ResultsDoc

ASSETS = Path(__file__).resolve().parent / "assets"
PAGE_BUDGET = 600_000  # bytes: the whole page, the disagreement browser's rows included


def json_for_script(data: Any) -> Markup:
    """JSON safe inside <script type="application/json">: no '<', '>', '&' or line separators
    survive literally, so no payload can close the element or open a comment."""
    text = json.dumps(data, ensure_ascii=False, allow_nan=False, default=str, separators=(",", ":"))
    for ch, esc in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                    ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(ch, esc)
    return Markup(text)


def _pct(x: float | None, digits: int = 1) -> str:
    return "–" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{100 * x:.{digits}f}"


def _signed(x: float | None, digits: int = 1, scale: float = 100.0) -> str:
    return "–" if x is None else f"{scale * x:+.{digits}f}"


def _num(x: float | None, fmt: str = ".3g") -> str:
    return "–" if x is None or (isinstance(x, float) and math.isnan(x)) else format(x, fmt)


def _pvalue(p: float | None) -> str:
    """A p-value to two significant digits; below 0.001 as "< 0.001" (no e-notation)."""
    if p is None or (isinstance(p, float) and math.isnan(p)):
        return "–"
    return "< 0.001" if p < 0.001 else sig(p)


def _sortval(x: Any) -> str:
    return "" if x is None else str(x)


def hardware_text(doc: ResultsDoc) -> str:
    hw = doc.hardware_info
    parts = (hw.processor, f"{hw.cpu_count} CPUs" if hw.cpu_count else None, f"GPU {hw.gpu}" if hw.gpu else "no GPU")
    return ", ".join(str(x) for x in parts if x) or "unknown"


def build_context(doc: ResultsDoc, analysis: dict[str, Any], title: str) -> dict[str, Any]:
    """What index.html.j2 renders: `results` is the typed document (the templates read its attributes)."""
    entries = labelled_entries(doc, analysis)
    js = (ASSETS / "page.js").read_text(encoding="utf-8")
    kinds = {info["description"]["label_kind"] for info in analysis["sets"].values()}
    return {
        "title": title, "results": doc, "analysis": analysis, "entries": entries,
        "n_judges": len({e.judge for e in entries}), "n_sets": len(analysis["sets"]),
        "has_nonhuman": bool(kinds - {"human"}), "hardware": hardware_text(doc),
        "created": human_time(doc.created),
        "generated": human_time(datetime.now(timezone.utc).isoformat(timespec="minutes")),
        "sections": build_sections(doc, analysis),
        "browser_json": json_for_script(browser_data(analysis)),
        "no_verdict_policy": (entries[0].metrics.get("no_verdict_policy") if entries else ""),
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
    env.filters.update(pct=_pct, signed=_signed, num=_num, sv=_sortval, si=si, t=fmt_time, shortname=short_name, p=_pvalue)
    return env


def render(doc: ResultsDoc, *, title: str = "judgesuite leaderboard",
           rho: Mapping[str, float] | None = None, browser_kb: int = 200,
           analysis: dict[str, Any] | None = None, page_budget: int = PAGE_BUDGET) -> str:
    """The page as one HTML string (styles, scripts, plots and data inline). Where it would pass
    `page_budget` bytes, the disagreement browser keeps fewer texts in the page (`fit_browser`)."""
    if analysis is None:
        analysis = analyze(doc, rho=rho, browser_kb=browser_kb)
    template = environment().get_template("index.html.j2")
    page = template.render(**build_context(doc, analysis, title))
    over = len(page.encode("utf-8")) - page_budget
    if over > 0:
        fit_browser(analysis, over + 2_000)  # a margin for the counts that change with the rows
        page = template.render(**build_context(doc, analysis, title))
    return page


def write_site(doc: ResultsDoc, out_dir: str | Path, *, title: str = "judgesuite leaderboard",
               rho: Mapping[str, float] | None = None, browser_kb: int = 200) -> tuple[Path, dict[str, Any]]:
    """Write out_dir/index.html, out_dir/analysis.json (the analyses without the browser rows) and,
    where the page cannot hold every browser row's texts, the rest beside it (browser.SIDECAR)."""
    analysis = analyze(doc, rho=rho, browser_kb=browser_kb)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    page = out / "index.html"
    page.write_text(render(doc, title=title, analysis=analysis), encoding="utf-8")
    write_sidecar(analysis, out)  # the browser rows whose texts the page could not hold
    slim = dict(analysis, sets={s: {k: v for k, v in i.items() if k != "disagreements"}
                                for s, i in analysis["sets"].items()})
    (out / "analysis.json").write_text(json.dumps(slim, indent=1, ensure_ascii=False, default=str), encoding="utf-8")
    return page, analysis
