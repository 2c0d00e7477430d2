"""What several leaderboard sections share: the labelled sets and judges in page order, a colour
per judge, label-provenance badges, and number formatting."""
from __future__ import annotations

import math
import re
from datetime import datetime
from typing import Any

from judgesuite.leaderboard.svg import color_for

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
