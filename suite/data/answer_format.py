"""The answer format of a row and how often candidates lack a "Final answer:" line, per evaluated
model and format (BERT-as-a-Judge Figure 2, Tables 13-15).

The format of a row is `meta.generation.format` for rows made by `judgesuite generate` (or a plain
`meta.format`), else "-" (the bundled sets do not record it). Log-likelihood rows have no generated
text and are left out. What a judge loses to parsing is an analysis of its verdicts
(suite/analysis/format_stats.py); these counts depend on the rows only.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from judgesuite.judges.extract.final_answer import extract_final_answer
from judgesuite.suite.data.loader import Row


def row_format(row: Row) -> str:
    meta = row.meta if isinstance(row.meta, dict) else {}
    gen = meta.get("generation")
    if isinstance(gen, dict) and gen.get("format"):
        return str(gen["format"])
    return str(meta["format"]) if isinstance(meta.get("format"), str) and meta["format"] else "-"


def base_model(row: Row) -> str:
    """The model without the " [format]" tag that generated rows carry."""
    gen = row.meta.get("generation") if isinstance(row.meta, dict) else None
    if isinstance(gen, dict) and gen.get("model_name"):
        return str(gen["model_name"])
    return row.model


def is_loglik(row: Row) -> bool:
    gen = row.meta.get("generation") if isinstance(row.meta, dict) else None
    return isinstance(gen, dict) and gen.get("mode") == "loglikelihood"


def format_groups(rows: Sequence[Row]) -> list[dict[str, Any]]:
    """Per (model, format), sorted: rows, rows without a "Final answer:" line (`parse_failures`),
    labelled rows and how many are labelled correct, and the row `model` names the group covers (a
    verdict record names its row's model)."""
    groups: dict[tuple[str, str], dict[str, Any]] = {}
    for row in rows:
        if is_loglik(row):
            continue
        key = (base_model(row), row_format(row))
        g = groups.setdefault(key, {"model": key[0], "format": key[1], "row_models": [], "rows": 0,
                                    "parse_failures": 0, "labelled": 0, "label_correct": 0})
        if row.model not in g["row_models"]:
            g["row_models"].append(row.model)
        g["rows"] += 1
        g["parse_failures"] += extract_final_answer(row.sample.candidate) is None
        if row.label is not None and not row.improper:
            g["labelled"] += 1
            g["label_correct"] += bool(row.label)
    return [groups[k] for k in sorted(groups)]
