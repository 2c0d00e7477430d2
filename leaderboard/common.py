"""What several leaderboard sections share: the labelled sets and judges in page order, a colour
per judge, label-provenance badges, and number formatting."""
from __future__ import annotations

import math
import re
from datetime import datetime
from typing import Any

from judgesuite.leaderboard.svg import color_for, shape_for, si, sig  # noqa: F401 - si, sig: one formatter for page and plots

KIND_CLASS = {"human": "lk-human", "rule": "lk-rule", "llm": "lk-llm", "mixed": "lk-mixed", "unknown": "lk-unknown"}


def labelled_entries(results: dict[str, Any], analysis: dict[str, Any]) -> list[dict[str, Any]]:
    """Entries of labelled sets (probe sets have their own section)."""
    return [e for e in results.get("entries", []) if e["dataset"] in analysis.get("sets", {})]


def set_order(analysis: dict[str, Any]) -> list[str]:
    """Human-labelled sets first, then by family and name."""
    sets = analysis.get("sets", {})
    return sorted(sets, key=lambda s: (sets[s]["description"]["label_kind"] != "human",
                                       sets[s]["description"]["family"], s))


def judge_order(analysis: dict[str, Any], results: dict[str, Any]) -> list[str]:
    """Judges by their place in the broadest "Which judge?" table, then the rest by name."""
    first: list[str] = []
    for c in analysis.get("choice", []):
        if c["family"] == "all":
            first = [r["judge"] for r in c["rows"]]
            break
    rest = sorted({e["judge"] for e in results.get("entries", [])} - set(first))
    return first + rest


def colors(analysis: dict[str, Any], results: dict[str, Any]) -> dict[str, str]:
    return {j: color_for(i) for i, j in enumerate(sorted({e["judge"] for e in results.get("entries", [])}))}


def shapes(results: dict[str, Any]) -> dict[str, str]:
    """judge -> its marker shape in the plots (with its colour, one pair per judge)."""
    return {j: shape_for(i) for i, j in enumerate(sorted({e["judge"] for e in results.get("entries", [])}))}


def badge(analysis: dict[str, Any], name: str) -> dict[str, str]:
    """{kind, text, cls, title} of a set's label provenance."""
    d = (analysis.get("sets", {}).get(name) or {}).get("description") or {}
    kind = d.get("label_kind", "unknown")
    title = d.get("label_method") or "; ".join(d.get("label_sources") or {}) or "no label_source in the file"
    return {"kind": kind, "text": d.get("label_text", "unknown"), "cls": KIND_CLASS.get(kind, "lk-unknown"),
            "title": title}


def human_time(stamp: Any) -> str:
    """'2026-12-03 21:57 UTC' from an ISO time stamp (the text unchanged if it is not one)."""
    if not stamp:
        return "?"
    try:
        t = datetime.fromisoformat(str(stamp).replace("Z", "+00:00"))
    except ValueError:
        return str(stamp)
    zone = t.strftime("%Z") or ""
    return t.strftime("%Y-%m-%d %H:%M") + (f" {zone}" if zone else "")


def plain_reason(why: str) -> str:
    """A skip reason without Python reprs: "handles ['math'] only" -> "handles math only"."""
    return re.sub(r"\[((?:'[^']*'(?:, )?)+)\]", lambda m: ", ".join(re.findall(r"'([^']*)'", m.group(1))), why)


def fmt_ms(ms: float | None) -> str:
    if ms is None or (isinstance(ms, float) and math.isnan(ms)):
        return "–"
    return f"{ms:.2g}" if ms < 1 else f"{ms:.3g}" if ms < 100 else f"{ms:.0f}"


def fmt_time(ms: float | None) -> str:
    """A time per answer to two significant digits with its unit: "25 µs", "0.16 ms", "13 ms", "2.1 s"."""
    if ms is None or (isinstance(ms, float) and math.isnan(ms)):
        return "–"
    if ms < 0.1:
        return f"{sig(ms * 1000)} µs"
    return f"{sig(ms)} ms" if ms < 1000 else f"{sig(ms / 1000)} s"


JUDGE_CLASSES = ("rule", "symbolic", "learned", "encoder", "LLM", "recorded")


def judge_class(entry: dict[str, Any]) -> str:
    """What a judge is, in one word of JUDGE_CLASSES: a replayed or imported judge is "recorded",
    a model fit on the sets is "learned" (boosted trees, also when blended with the encoder) unless
    it is the encoder itself, math-expression judges "symbolic"; else its cost class."""
    base = str(entry.get("judge", "")).split(":")[0]
    module = str((entry.get("judge_identity") or {}).get("name", ""))
    cost_class = (entry.get("cost") or {}).get("cost_class", "rule")
    if base in ("recorded", "verdicts") or ".recorded." in module:
        return "recorded"
    if ".learned." in module:
        return "learned"
    if cost_class == "llm":
        return "LLM"
    if cost_class == "encoder":
        return "encoder"
    if ".math." in module or base in ("sympy", "math-verify"):
        return "symbolic"
    return "rule"


def _setting(value: Any) -> str:
    text = str(value)
    if "/" in text and not text.startswith("http"):
        text = text.rstrip("/").rsplit("/", 1)[-1]  # a path: its file or folder name says enough
    return text if len(text) <= 40 else text[:39] + "…"


def judge_info(results: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """judge -> {class, description, settings, learned_from}: what the page says a judge is."""
    from judgesuite.judges.registry import JUDGES

    out: dict[str, dict[str, Any]] = {}
    for e in results.get("entries", []):
        j = e["judge"]
        if j in out:
            continue
        base = j.split(":")[0]
        try:
            summary = JUDGES.entry(base).summary if base in JUDGES else ""
        except Exception:  # noqa: BLE001 - a plugin's broken entry point must not stop the page
            summary = ""
        params = (e.get("judge_identity") or {}).get("params") or {}
        settings = [f"{k}={_setting(v)}" for k, v in sorted(params.items())
                    if v is not None and v != "" and not isinstance(v, (dict, list))]
        out[j] = {"class": judge_class(e), "description": summary or "a judge from outside judgesuite (no description)",
                  "settings": settings, "learned_from": list(e.get("learned_from") or [])}
    return out
