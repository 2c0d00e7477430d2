"""Fixtures of the bad-input tests: a few bundled rows as a data file, judge names registered by a test."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from judgesuite.judges.registry import JUDGES
from judgesuite.suite.data.loader import DATASETS_DIR

from .helpers import ROWS, write


@pytest.fixture(scope="module")
def rows() -> list[dict]:
    """The first rows of a bundled set, in the bundled schema."""
    with gzip.open(DATASETS_DIR / "openqa-eval-nq301.jsonl.gz", "rt", encoding="utf-8") as f:
        return [json.loads(next(f)) for _ in range(ROWS)]


@pytest.fixture()
def data(tmp_path, rows) -> Path:
    return write(tmp_path / "rows.jsonl", rows)


@pytest.fixture()
def registered():
    """Judge names registered by a test, removed after it."""
    names: list[str] = []
    yield names
    for name in names:
        JUDGES.remove(name)
