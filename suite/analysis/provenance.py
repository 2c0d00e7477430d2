"""Where a set's labels come from (human / automatic rule / LLM) and what the set is, for the
leaderboard: every number that depends on labels is shown beside this provenance.

The kind is read from the rows' `label_source` (counted per entry as `Entry.label_sources`); a set
whose sources are at least 90% human counts as human-labelled. Bundled sets also carry a card
(datasets/<name>.md) with a source line and the label method; user files are "unknown" unless
their rows state a `label_source`.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judgesuite.suite.analysis.correction import is_human_source, label_provenance
from judgesuite.suite.evaluation.schema import Entry

HUMAN_SHARE = 0.9
KIND_TEXT = {"human": "human", "rule": "automatic rule", "llm": "LLM", "mixed": "mixed", "unknown": "unknown"}
FAMILY_OF_TASK = {"open_qa": "open QA", "multiple_choice": "multiple choice",
                  "multiple_choice_freeform": "multiple choice", "context_qa": "document QA", "math": "math"}
FAMILIES = ("open QA", "multiple choice", "document QA", "math")


def source_kind(source: str) -> str:
    """human / llm / rule for one `label_source` string ("unknown" when it is empty)."""
    text = source.strip().lower()
    if not text:
        return "unknown"
    if is_human_source(text):
        return "human"
    if any(word in text for word in ("gpt", "llm", "claude", "gemini", "llama", "qwen", "model judge")):
        return "llm"
    return "rule"


def label_kind(sources: Mapping[str, int]) -> str:
    """The set's label kind from its `label_source` counts."""
    counts: dict[str, int] = {}
    for source, n in sources.items():
        kind = source_kind(source)
        if kind != "unknown":
            counts[kind] = counts.get(kind, 0) + n
    total = sum(counts.values())
    if not total:
        return "unknown"
    if counts.get("human", 0) / total >= HUMAN_SHARE:
        return "human"
    top = max(counts, key=counts.get)  # type: ignore[arg-type]
    return top if counts[top] / total >= HUMAN_SHARE else "mixed"


def _card(name: str) -> dict[str, str]:
    try:
        from judgesuite.suite.data.loader import DATASETS_DIR, card_field
    except ImportError:  # pragma: no cover
        return {}
    card = DATASETS_DIR / f"{name}.md"
    if not card.is_file():
        return {}
    out = {key: card_field(name, label) for key, label in
           (("source", "Source"), ("label_method", "Label method"), ("licence", "Licence"))}
    lines = card.read_text(encoding="utf-8").splitlines()
    start = next((i for i, line in enumerate(lines) if line.strip() == "## Use"), None)
    if start is not None:  # the card's one-line description: the first line of its "Use" section
        out["use"] = next((line.strip() for line in lines[start + 1:] if line.strip()), "")
    return out


def set_description(entry: Entry) -> dict[str, Any]:
    """Family, label kind (+ the rows' sources), and the card's source / label method of a set."""
    prov = label_provenance(entry.label_sources)
    types = sorted(entry.task_types)
    families = sorted({FAMILY_OF_TASK.get(t, t) for t in types})
    card = _card(entry.dataset)
    kind = label_kind(prov["sources"])
    source = card.get("source") or ""
    return {"family": families[0] if len(families) == 1 else "mixed", "task_types": types,
            "label_kind": kind, "label_text": KIND_TEXT[kind], "label_sources": prov["sources"],
            "label_method": card.get("label_method") or "", "source": source,
            "short_source": source.split(", github.com")[0].strip() if source else "your file (no dataset card)",
            "use": card.get("use") or "",
            "licence": card.get("licence") or ""}
