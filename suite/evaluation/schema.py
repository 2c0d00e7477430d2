"""The results schema: what the runner writes and the analyses and the leaderboard read.

`results.json` (schema `judgesuite.results/1`) is a `ResultsDoc`; each judge x dataset pair is an
`Entry` with a `Cost` block; per-sample verdicts go to a gzipped JSONL file of `VerdictRecord`s.
Fields are only ever added (readers ignore unknown keys), so older documents stay readable.
"""
from __future__ import annotations

import functools
import gzip
import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

RESULTS_SCHEMA = "judgesuite.results/1"


@functools.cache
def _field_names(cls: type) -> frozenset[str]:
    return frozenset(f.name for f in fields(cls))


def _known(cls: type, d: dict[str, Any]) -> dict[str, Any]:
    names = _field_names(cls)
    return {k: v for k, v in d.items() if k in names}


@dataclass
class Cost:
    """What an entry's verdicts cost. FLOPs = 2 x parameters x tokens (BERT-as-a-Judge)."""

    cost_class: str
    parameters: int
    input_tokens_per_sample: float
    generated_tokens_per_sample: float
    flops_per_sample: float
    flops_generated_only_per_sample: float | None
    seconds_per_sample: float
    seconds_median_per_sample: float
    seconds_total: float
    from_cache: int
    flops_counts: str = "2 x parameters x (input + generated) tokens"
    profile: dict[str, float] = field(default_factory=dict)


@dataclass
class Entry:
    """One judge on one dataset: metrics, breakdowns and cost."""

    judge: str
    judge_identity: dict[str, Any]
    dataset: str
    split: str | None
    task_types: list[str]
    n_rows: int
    n_unsupported: int
    excluded: dict[str, int]
    metrics: dict[str, Any]
    by_task_type: dict[str, dict[str, Any]]
    by_model: dict[str, dict[str, Any]]
    cost: Cost
    adversarial: dict[str, Any] | None = None
    routing: dict[str, float] | None = None
    judge_report: dict[str, Any] | None = None
    verdicts_file: str | None = None
    data_path: str = ""
    label_source: str | None = None
    learned_from: list[str] = field(default_factory=list)  # sets whose rows fit the judge's model
    held_out: dict[str, Any] = field(default_factory=dict)  # its recipe trained without each set (Judge.held_out)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Entry":
        d = _known(cls, d)
        d["cost"] = Cost(**_known(Cost, {"seconds_median_per_sample": d["cost"].get("seconds_per_sample", 0.0),
                                         **d["cost"]}))
        return cls(**d)


@dataclass
class ResultsDoc:
    """A whole results.json document."""

    created: str
    split: str | None
    limit: int | None
    hardware: dict[str, Any]
    wall_seconds: float
    entries: list[Entry]
    skipped: list[dict[str, str]] = field(default_factory=list)
    format_stats: dict[str, Any] = field(default_factory=dict)
    shard: str | None = None
    schema: str = RESULTS_SCHEMA
    extra: dict[str, Any] = field(default_factory=dict)  # sections added by other commands (mc_formats)
    # per-sample verdicts by (judge, dataset), in memory only (the files hold them on disk)
    records: dict[tuple[str, str], list["VerdictRecord"]] = field(default_factory=dict, repr=False)

    def entry(self, judge: str, dataset: str) -> Entry:
        """The entry of one judge (its spec) on one dataset."""
        for e in self.entries:
            if e.judge == judge and e.dataset == dataset:
                return e
        raise KeyError(f"no entry for judge {judge!r} on {dataset!r}; have "
                       f"{sorted((e.judge, e.dataset) for e in self.entries)}")

    def table(self) -> str:
        """The plain-text summary `judgesuite run` prints."""
        from judgesuite.suite.evaluation.report import summary_table

        return summary_table(self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        skip = ("entries", "extra", "records")
        d = {f.name: getattr(self, f.name) for f in fields(self) if f.name not in skip}
        d["entries"] = [e.to_dict() for e in self.entries]
        return {"schema": self.schema, **d, **self.extra}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "ResultsDoc":
        known = {f.name for f in fields(cls)}
        doc = cls(**{k: v for k, v in d.items() if k in known and k not in ("entries", "extra", "records")},
                  entries=[Entry.from_dict(e) for e in d.get("entries", [])])
        doc.extra = {k: v for k, v in d.items() if k not in known and not k.startswith("_")}
        return doc

    def write(self, path: str | Path) -> None:
        path = Path(path)
        tmp = path.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(self.to_dict(), indent=1, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, path)

    @classmethod
    def read(cls, path: str | Path) -> "ResultsDoc":
        return cls.from_dict(json.loads(Path(path).read_text(encoding="utf-8")))


@dataclass
class VerdictRecord:
    """One line of a verdict file: the row, its label and the judge's verdict."""

    id: str
    question_id: str
    model: str
    task_type: str
    label: bool | None
    correct: bool | None
    score: float | None = None
    reason: str | None = None
    extracted: str | None = None
    tokens: int = 0
    flops: float = 0.0
    stage: str | None = None
    seconds: float | None = None
    question: str = ""
    candidate: str = ""
    references: list[str] = field(default_factory=list)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "VerdictRecord":
        d = _known(cls, d)
        d["id"] = str(d["id"])
        d["question_id"] = str(d.get("question_id") or d["id"])
        d["model"] = str(d.get("model") or "unknown")
        d["task_type"] = str(d.get("task_type") or "")
        return cls(**d)


# Stored texts are cut to these lengths: enough for the disagreement browser.
QUESTION_CHARS, CANDIDATE_CHARS = 2000, 4000


def write_verdict_file(path: Path, records: Iterable[VerdictRecord]) -> None:
    tmp = path.with_suffix(".tmp")
    with gzip.open(tmp, "wt", encoding="utf-8", compresslevel=1) as fh:  # level 9 costs seconds per run
        for rec in records:
            fh.write(json.dumps(rec.__dict__, ensure_ascii=False) + "\n")  # asdict() deep-copies: 10x slower
    os.replace(tmp, path)


def read_verdict_file(path: Path) -> Iterator[VerdictRecord]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield VerdictRecord.from_dict(json.loads(line))
