"""What the page says about the sets and the judges: their order, a colour and shape per judge,
label-provenance badges, and each judge's class, description and settings."""
from __future__ import annotations

from typing import Any

from judgesuite.leaderboard.svg import color_for, shape_for
from judgesuite.suite.evaluation.schema import Entry, ResultsDoc

KIND_CLASS = {"human": "lk-human", "rule": "lk-rule", "llm": "lk-llm", "mixed": "lk-mixed", "unknown": "lk-unknown"}

def labelled_entries(doc: ResultsDoc, analysis: dict[str, Any]) -> list[Entry]:
    """Entries of labelled sets (probe sets have their own section)."""
    return [e for e in doc.entries if e.dataset in analysis.get("sets", {})]


def set_order(analysis: dict[str, Any]) -> list[str]:
    """Human-labelled sets first, then by family and name."""
    sets = analysis.get("sets", {})
    return sorted(sets, key=lambda s: (sets[s]["description"]["label_kind"] != "human",
                                       sets[s]["description"]["family"], s))


def judge_order(analysis: dict[str, Any], doc: ResultsDoc) -> list[str]:
    """Judges by their place in the broadest "Which judge?" table, then the rest by name."""
    first: list[str] = []
    for c in analysis.get("choice", []):
        if c["family"] == "all":
            first = [r["judge"] for r in c["rows"]]
            break
    rest = sorted({e.judge for e in doc.entries} - set(first))
    return first + rest


def colors(doc: ResultsDoc) -> dict[str, str]:
    """judge -> its colour on the page (with its shape, one pair per judge)."""
    return {j: color_for(i) for i, j in enumerate(sorted({e.judge for e in doc.entries}))}


def shapes(doc: ResultsDoc) -> dict[str, str]:
    """judge -> its marker shape in the plots (with its colour, one pair per judge)."""
    return {j: shape_for(i) for i, j in enumerate(sorted({e.judge for e in doc.entries}))}


def badge(analysis: dict[str, Any], name: str) -> dict[str, str]:
    """{kind, text, cls, title} of a set's label provenance."""
    d = (analysis.get("sets", {}).get(name) or {}).get("description") or {}
    kind = d.get("label_kind", "unknown")
    title = d.get("label_method") or "; ".join(d.get("label_sources") or {}) or "no label_source in the file"
    return {"kind": kind, "text": d.get("label_text", "unknown"), "cls": KIND_CLASS.get(kind, "lk-unknown"),
            "title": title}


JUDGE_CLASSES = ("rule", "symbolic", "learned", "encoder", "LLM", "recorded")


def judge_class(entry: Entry) -> str:
    """What a judge is, in one word of JUDGE_CLASSES: a replayed or imported judge is "recorded",
    a model fit on the sets is "learned" (boosted trees, also when blended with the encoder) unless
    it is the encoder itself, math-expression judges "symbolic"; else its cost class."""
    base = entry.judge.split(":")[0]
    module = entry.identity.name
    cost_class = entry.cost.cost_class
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


def judge_info(doc: ResultsDoc) -> dict[str, dict[str, Any]]:
    """judge -> {class, description, settings, learned_from}: what the page says a judge is."""
    from judgesuite.judges.registry import JUDGES

    out: dict[str, dict[str, Any]] = {}
    for e in doc.entries:
        j = e.judge
        if j in out:
            continue
        base = j.split(":")[0]
        try:
            summary = JUDGES.entry(base).summary if base in JUDGES else ""
        except Exception:  # noqa: BLE001 - a plugin's broken entry point must not stop the page
            summary = ""
        settings = [f"{k}={_setting(v)}" for k, v in sorted(e.identity.params.items())
                    if v is not None and v != "" and not isinstance(v, (dict, list))]
        out[j] = {"class": judge_class(e), "description": summary or "a judge from outside judgesuite (no description)",
                  "settings": settings, "learned_from": list(e.learned_from)}
    return out
