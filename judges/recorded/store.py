"""The bundled verdicts file of the `recorded` judges: keys and lookup.

A source covers the rows of its bundled set whose questions it judged (by a hash of the row id);
within them a verdict is found by a hash of the row's (question, candidate); for the NQ301 sources, whose authors
judged SQuAD-normalised answers once, also by (question, normalised candidate) where every
published pair with that normalised answer got the same verdict.
"""
from __future__ import annotations

import gzip
import hashlib
import json
from functools import lru_cache
from pathlib import Path

from judgesuite.judges.squad import normalize_answer
from judgesuite.judges.json_input import parse as parse_json

VERDICTS_FILE = Path(__file__).resolve().parent / "verdicts.json.gz"
FORMAT = "judgesuite.recorded-verdicts/1"
ABSTAINED = -1  # stored verdict of a reply that says it cannot decide


def pair_key(question: str, candidate: str) -> str:
    blob = json.dumps([question, candidate], ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def normalized_key(question: str, candidate: str) -> str:
    return pair_key(question, "\x00" + normalize_answer(candidate))


def row_key(row_id: str) -> str:
    return hashlib.sha256(row_id.encode("utf-8", "surrogatepass")).hexdigest()[:10]


@lru_cache(maxsize=1)
def load_store(path: Path = VERDICTS_FILE) -> dict[str, dict[str, list]]:
    """source -> {"verdicts": key -> [verdict (1, 0 or ABSTAINED), score, input tokens, generated
    tokens], "rows": keys of the bundled rows whose questions the source judged}."""
    try:
        doc = parse_json(gzip.decompress(path.read_bytes()))
    except (OSError, ValueError) as exc:
        raise ValueError(f"cannot read the recorded verdicts {path}: {exc}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError(f"{path} is not a recorded-verdicts file ({FORMAT})")
    return {name: {"verdicts": src["verdicts"], "rows": frozenset(src["rows"])}
            for name, src in doc["sources"].items()}


def covered_row(source: str, row_id: str) -> bool:
    return row_key(row_id) in load_store()[source]["rows"]


def lookup(source: str, question: str, candidate: str, normalized: bool) -> list | None:
    table = load_store()[source]["verdicts"]
    found = table.get(pair_key(question, candidate))
    if found is None and normalized:
        found = table.get(normalized_key(question, candidate))
    return found
