"""One judged row as the verdict files store it and every analysis reads it (`VerdictRecord`), and those files'
reader and writer. A verdict file beside a results.json may come from anyone: a record of the wrong type or range
is refused with the file and line, never read as something else."""
from __future__ import annotations

import gzip
import json
import math
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judgesuite.judges.types import NoVerdict
from judgesuite.suite.data.loader import DataError, read_json_objects
from judgesuite.suite.evaluation.entry_blocks import known_fields


@dataclass
class VerdictRecord:
    """One judged row, as a verdict file stores it and every analysis reads it: the row, its label
    (None = unlabelled) and the judge's verdict (`correct` None = no verdict, `reason` and `detail` why) and score."""

    id: str
    question_id: str
    model: str
    task_type: str
    label: bool | None
    correct: bool | None
    score: float | None = None
    reason: str | None = None
    detail: str | None = None
    extracted: str | None = None
    tokens: int = 0
    flops: float = 0.0
    stage: str | None = None
    seconds: float | None = None
    question: str = ""
    candidate: str = ""
    references: list[str] = field(default_factory=list)

    @property
    def agrees(self) -> bool:
        """The verdict matches the label; a no-verdict counts as a verdict of 'incorrect'."""
        return (self.correct is True) == self.label

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "VerdictRecord":
        """A record from its stored form; ValueError naming the first field of the wrong type or range (a
        verdict file is a user's or another tool's file: "yes" for `correct` or a score of 7 is refused,
        not read as something else)."""
        d = known_fields(cls, d)
        if "id" not in d:
            raise KeyError("id")
        for key, check, what in _RECORD_CHECKS:
            if key in d and not check(d[key]):
                raise ValueError(f"{key!r} must be {what}, not {json.dumps(d[key])[:60]}")
        d["id"] = str(d["id"])
        d["question_id"] = str(d.get("question_id") or d["id"])
        d["model"] = str(d.get("model") or "unknown")
        d["task_type"] = str(d.get("task_type") or "")
        return cls(**d)


def _name(v: Any) -> bool:
    return isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool))


def _amount(v: Any, top: float = math.inf) -> bool:  # finite, in [0, top]
    return isinstance(v, (int, float)) and not isinstance(v, bool) and (isinstance(v, int) or math.isfinite(v)) and 0 <= v <= top


_REASONS = frozenset(r.value for r in NoVerdict)
_RECORD_CHECKS: tuple[tuple[str, Callable[[Any], bool], str], ...] = (
    ("id", _name, "a string"),
    ("question_id", lambda v: v is None or _name(v), "a string"),
    ("model", lambda v: v is None or _name(v), "a string"),
    ("task_type", lambda v: v is None or isinstance(v, str), "a string"),
    ("label", lambda v: v is None or isinstance(v, bool), "true, false or null"),
    ("correct", lambda v: v is None or isinstance(v, bool), "true, false or null"),
    ("score", lambda v: v is None or _amount(v, 1.0), "a number in [0, 1] or null"),
    ("reason", lambda v: v is None or v in _REASONS, f"null or one of {', '.join(sorted(_REASONS))}"),
    ("detail", lambda v: v is None or isinstance(v, str), "a string or null"),
    ("extracted", lambda v: v is None or isinstance(v, str), "a string or null"),
    ("stage", lambda v: v is None or isinstance(v, str), "a string or null"),
    ("tokens", lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 10**18, "a count"),
    ("flops", _amount, "a number >= 0"),
    ("seconds", lambda v: v is None or _amount(v), "a number >= 0 or null"),
    ("question", lambda v: isinstance(v, str), "a string"),
    ("candidate", lambda v: isinstance(v, str), "a string"),
    ("references", lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v), "a list of strings"),
)


# Stored texts are cut to these lengths: enough for the disagreement browser.
QUESTION_CHARS, CANDIDATE_CHARS = 2000, 4000
DETAIL_CHARS = 500  # of why a row has no verdict


def write_verdict_file(path: Path, records: Iterable[VerdictRecord]) -> None:
    tmp = path.with_suffix(".tmp")
    with gzip.open(tmp, "wt", encoding="utf-8", compresslevel=1) as fh:  # level 9 costs seconds per run
        for rec in records:
            fh.write(json.dumps(rec.__dict__, ensure_ascii=False) + "\n")  # asdict() deep-copies: 10x slower
    os.replace(tmp, path)


def read_verdict_file(path: Path) -> Iterator[VerdictRecord]:
    """The records of a verdict file; DataError naming the file and line for one that cannot be read."""
    for lineno, obj in read_json_objects(path):
        try:
            yield VerdictRecord.from_dict(obj)
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError(path, lineno, None, f"not a verdict record ({type(exc).__name__}: {exc})") from None
