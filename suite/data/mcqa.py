"""Multiple-choice benchmarks and the paper's splits.

Rows follow the normalized schema (id, benchmark, split, question, choices, answer_index,
meta). Bundled subsets live in datasets/mcqa/<bench>-{train,validation}.jsonl.gz; any folder
laid out as <dir>/<bench>/<split>.jsonl (the full normalized set) is used instead for the
benchmarks it holds.

Splits as the paper: the original validation split is the test set ("test"); the original
train split is divided 80:20 into classifier train ("clf_train") and classifier validation
("clf_val") by a hash of the row id, so membership never depends on which rows are loaded.
Few-shot demonstrations come from "clf_val" (never from the test questions).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from judgesuite.suite.data.loader import DATASETS_DIR, DataError, read_json_objects

BUNDLED_DIR = DATASETS_DIR / "mcqa"
BENCHMARKS = ("arc_easy", "arc_challenge", "mmlu", "openbookqa", "commonsenseqa", "hellaswag", "piqa",
              "winogrande", "socialiqa")
SPLITS = ("test", "clf_train", "clf_val")
CLF_TRAIN_FRACTION = 0.8


@dataclass(frozen=True)
class McqaItem:
    """One question with its options and the 0-based gold index."""

    id: str
    benchmark: str
    question: str
    choices: tuple[str, ...]
    answer_index: int
    meta: dict = field(default_factory=dict, compare=False, hash=False)


def clf_split_of(item_id: str) -> str:
    """'clf_train' for 80% of the original train rows, 'clf_val' for the rest (by id hash)."""
    h = int.from_bytes(hashlib.sha256(item_id.encode("utf-8")).digest()[:8], "big") / 2 ** 64
    return "clf_train" if h < CLF_TRAIN_FRACTION else "clf_val"


def _source_file(benchmark: str, original_split: str, data_dir: str | Path | None) -> Path:
    """<data_dir>/<bench>/<split>.jsonl when data_dir holds that benchmark, else the bundled subset."""
    if data_dir is not None and (Path(data_dir) / benchmark).is_dir():
        return Path(data_dir) / benchmark / f"{original_split}.jsonl"
    return BUNDLED_DIR / f"{benchmark}-{original_split}.jsonl.gz"


def bundled_benchmarks() -> list[str]:
    return [b for b in BENCHMARKS if (BUNDLED_DIR / f"{b}-validation.jsonl.gz").is_file()]


def load_items(benchmark: str, split: str = "test", data_dir: str | Path | None = None,
               limit: int | None = None) -> list[McqaItem]:
    """Labelled items of one benchmark split ("test", "clf_train" or "clf_val"), file order.

    `limit` keeps the first N (the bundled files are already seeded random subsets).
    """
    if split not in SPLITS:
        raise ValueError(f"unknown split {split!r}; choose one of {', '.join(SPLITS)}")
    path = _source_file(benchmark, "validation" if split == "test" else "train", data_dir)
    if not path.is_file():
        hint = "" if data_dir else " (not bundled: pass --data-dir with the normalized benchmark folders)"
        raise FileNotFoundError(f"no data for {benchmark!r} at {path}{hint}")
    items = []
    for lineno, row in read_json_objects(path):
        problem = _row_problem(row)
        if problem:
            raise DataError(path, lineno, *problem)
        if row.get("answer_index") is None:  # an unlabelled question
            continue
        if split != "test" and clf_split_of(str(row["id"])) != split:
            continue
        items.append(McqaItem(str(row["id"]), benchmark, row["question"], tuple(row["choices"]), row["answer_index"],
                              dict(row.get("meta") or {})))
        if limit is not None and len(items) >= limit:
            break
    return items


def _row_problem(row: object) -> tuple[str | None, str] | None:
    """(field, what is wrong) for a row that is not a multiple-choice question of the normalized schema; None if it
    is one. Such a row was skipped in silence or read as something else ("None" as the question, 7 as an answer
    among four options)."""
    if not isinstance(row, dict):
        return None, f"expected an object, got {type(row).__name__}"
    if isinstance(row.get("id"), bool) or not isinstance(row.get("id"), (str, int)):
        return "id", "expected a string"
    if not isinstance(row.get("question"), str):
        return "question", "expected a string"
    choices = row.get("choices")
    if not isinstance(choices, list) or len(choices) < 2 or not all(isinstance(c, str) for c in choices):
        return "choices", "expected a list of at least two strings"
    idx = row.get("answer_index")
    if idx is not None and (isinstance(idx, bool) or not isinstance(idx, int) or not 0 <= idx < len(choices)):
        return "answer_index", f"expected null or a whole number from 0 to {len(choices) - 1}, got {idx!r:.40}"
    meta = row.get("meta")
    if meta is not None and not isinstance(meta, dict):
        return "meta", "expected an object"
    return None
