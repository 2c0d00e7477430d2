"""Human-agreement correction for sets whose labels are synthetic (BERT-as-a-Judge, appendix C).

With A_S a judge's accuracy against synthetic labels and rho the agreement rate of the
synthetic labels with humans, the accuracy against human labels is estimated as

    A_H = (2 rho - 1) A_S + 1 - rho

ASSUMPTION (the paper's, eq. 4): whether the judge agrees with the synthetic label is
independent of whether the synthetic label agrees with the human one. A judge that makes
the same mistakes as the synthetic labeller (e.g. an LLM judge close to the labelling
model) breaks it, and A_H is then too low. The rho values are the paper's measurements
for ITS labeller (Nemotron-Super-v1.5); for another labeller they are an assumption too.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judgesuite.suite.evaluation.schema import Entry

ASSUMPTION = ("valid only if the judge's agreement with the synthetic labels is independent of "
              "where those labels disagree with humans (paper, appendix C, eq. 4); rho is the "
              "paper's measured human agreement of its own synthetic labeller")

# Human vs synthetic label agreement measured by the paper (Table 12), by task category.
PAPER_RHO = {"context extraction": 0.9683, "multiple choice": 0.9681, "open-form math": 0.9870}
PAPER_RHO_AVERAGE = 0.9745

CATEGORY_OF_TASK = {
    "math": "open-form math",
    "multiple_choice": "multiple choice",
    "multiple_choice_freeform": "multiple choice",
    "context_qa": "context extraction",
    "open_qa": "open QA",
}


def category(task_type: str) -> str:
    return CATEGORY_OF_TASK.get(task_type, task_type)


def rho_for(task_type: str, overrides: Mapping[str, float] | None = None) -> tuple[float, str]:
    """(rho, where it comes from) for a task type; overrides are keyed by task type or category."""
    cat = category(task_type)
    for key in (task_type, cat):
        if overrides and key in overrides:
            return float(overrides[key]), "user-supplied"
    if cat in PAPER_RHO:
        return PAPER_RHO[cat], f"paper Table 12 ({cat})"
    return PAPER_RHO_AVERAGE, "paper Table 12 average (the paper has no such category)"


def human_accuracy(a_s: float, rho: float) -> float:
    """A_H = (2 rho - 1) A_S + 1 - rho."""
    if not 0.0 <= rho <= 1.0:
        raise ValueError(f"rho must be in [0, 1], got {rho}")
    return (2 * rho - 1) * a_s + 1 - rho


def is_human_source(label_source: str) -> bool:
    return label_source.strip().lower().startswith("human")


def label_provenance(sources: Mapping[str, int]) -> dict[str, Any]:
    """Where a set's labels come from, given its labelled rows per `label_source` (`Entry.label_sources`):
    the human share, and whether the set counts as synthetic (most rows with a stated source not
    from humans; a set that states no source is not corrected)."""
    total = sum(n for s, n in sources.items() if s)  # rows without a label_source say nothing
    human = sum(n for s, n in sources.items() if s and is_human_source(s))
    share = human / total if total else None
    return {"sources": dict(sources), "human_share": share, "known": bool(total),
            "synthetic": share is not None and share < 0.5}


def correct_entry(entry: Entry, overrides: Mapping[str, float] | None = None) -> dict[str, Any] | None:
    """The corrected accuracy (and interval) of a results entry on a synthetic-label set, else None."""
    prov = label_provenance(entry.label_sources)
    if not prov["synthetic"]:
        return None
    task_type = entry.task_types[0] if len(entry.task_types) == 1 else ""
    rho, origin = rho_for(task_type, overrides)
    m = entry.metrics
    acc = m.get("accuracy")
    if acc is None:
        return None
    ci = m.get("accuracy_ci")
    return {
        "rho": rho, "rho_origin": origin, "category": category(task_type),
        "accuracy_synthetic": acc,
        "accuracy_human_est": human_accuracy(acc, rho),
        "accuracy_human_est_ci": [human_accuracy(ci[0], rho), human_accuracy(ci[1], rho)] if ci else None,
        "label_sources": prov["sources"],
        "assumption": ASSUMPTION,
    }
