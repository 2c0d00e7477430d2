"""Inputs the leaderboard renders: our results.json, or a pytest-benchmark JSON file."""
from __future__ import annotations

from pathlib import Path

from judgesuite.suite.evaluation.schema import ResultsDoc


def load_any(path: str | Path) -> ResultsDoc:
    """Load results.json or a pytest-benchmark JSON (`ResultsDoc.read`); ValueError if it is neither."""
    return ResultsDoc.read(path)
