"""Model-written open-QA answers bundled as training data of the `stacked` judge (not a set the board scores).

`datasets/training/model-written-openqa.jsonl.gz` (card beside it): replies of small local models to TRAIN and DEV
questions of the bundled evouna-nq and openqa-eval-nq301, labelled by construction or by reading (card). Many are
wrong answers that share words with the gold, the kind the human-labelled sets hold few of. Each row's
`meta["source"]` names the bundled set its question comes from, so that a model trained without that set leaves the
row out too.
"""
from __future__ import annotations

from functools import lru_cache

from judgesuite.suite.data.loader import DATASETS_DIR, Row, load_jsonl

MODEL_WRITTEN_PATH = DATASETS_DIR / "training" / "model-written-openqa.jsonl.gz"
NAME = "model-written-openqa"


@lru_cache(maxsize=1)
def _rows() -> tuple[Row, ...]:
    return tuple(load_jsonl(MODEL_WRITTEN_PATH, NAME).rows)


def load_model_written(sources: tuple[str, ...] | list[str] | None = None) -> list[Row]:
    """The rows (split by question, as the bundled sets), only those on `sources`' questions if given."""
    return [r for r in _rows() if sources is None or r.meta.get("source") in sources]
