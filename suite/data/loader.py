"""Loading and validating meta-evaluation sets: the bundled ones and a user's JSONL.

Row schema (one JSON object per line; the schema of `datasets/*.md`):
required `id`, `task_type`, `question`, `candidate`, `references` (non-empty list of
strings), `label` (true / false / null = no reliable label); optional `question_id`
(default: `id`), `model` (default "unknown"), `source`, `benchmark`,
`candidate_extracted`, `label_source`, `context`, `choices`, `meta` (object;
`meta.improper = true` marks a question its annotators rejected).
"""
from __future__ import annotations

import difflib
import functools
import gzip
import hashlib
import json
import warnings
import zlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from judgesuite.judges.squad import normalize_answer
from judgesuite.judges.types import TASK_TYPES, Sample
from judgesuite.judges.json_input import parse as parse_json

DATASETS_DIR = Path(__file__).resolve().parents[2] / "datasets"
SPLITS = ("train", "dev", "test")
# Fractions of questions per split; a question's split never changes.
SPLIT_BOUNDS = (("train", 0.6), ("dev", 0.8), ("test", 1.0))


class UnknownDataset(KeyError):
    """A set name that is not bundled (a KeyError, as before; its message unquoted)."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class DataError(ValueError):
    """A malformed data file: names the file, line and field."""

    def __init__(self, path: str | Path, line: int | None, field_name: str | None, message: str) -> None:
        self.path, self.line, self.field, self.message = str(path), line, field_name, message
        where = f"{path}" + (f", line {line}" if line else "") + (f", field '{field_name}'" if field_name else "")
        super().__init__(f"{where}: {message}")


@functools.lru_cache(maxsize=1 << 16)  # a question repeats for every model that answered it
def split_of(question: str) -> str:
    """Deterministic split of a question: by a hash of its normalised text.

    Hashing the text rather than a set's own `question_id` keeps one question in one
    split across sets that share questions (evouna-nq and openqa-eval-nq301 both hold
    NQ-open questions under different ids).
    """
    key = normalize_answer(question) or question
    h = int.from_bytes(hashlib.sha256(key.encode("utf-8", "surrogatepass")).digest()[:8], "big") / 2**64
    return next(name for name, bound in SPLIT_BOUNDS if h < bound)


@dataclass(frozen=True)
class Row:
    """One labeled candidate answer of a meta-evaluation set."""

    sample: Sample
    dataset: str
    question_id: str
    model: str
    label: bool | None
    split: str
    benchmark: str = ""
    label_source: str = ""
    improper: bool = False
    candidate_extracted: str | None = None
    meta: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def id(self) -> str:
        return self.sample.id

    @property
    def scorable(self) -> bool:
        """Counted in metrics: has a label and its question was not rejected as improper."""
        return self.label is not None and not self.improper


@dataclass
class Dataset:
    name: str
    rows: list[Row]
    path: str = ""
    skipped: list[DataError] = field(default_factory=list)
    # "human", "automatic" (a rule), "llm", or None (unknown: a user's file)
    label_source: str | None = None
    # a probe set: wrong-by-construction answers whose "models" are attacks (kept out of rankings)
    probe: bool = False
    # keys of a file's rows outside the schema (key -> rows), to say why no row has a label
    unknown_keys: dict[str, int] = field(default_factory=dict, compare=False)

    def scorable(self) -> list[Row]:
        return [r for r in self.rows if r.scorable]

    def nothing_to_score(self) -> str | None:
        """Why no row can be scored (no rows, no labels, every labelled row improper); None if some can."""
        if any(r.scorable for r in self.rows):
            return None
        if not self.rows:
            return (f"every row is malformed ({len(self.skipped)} skipped)" if self.skipped
                    else "the file has no rows")
        if all(r.label is None for r in self.rows):
            close = difflib.get_close_matches("label", self.unknown_keys, n=1, cutoff=0.6)
            hint = f"; the rows have a key {close[0]!r}: a misspelled 'label'?" if close else ""
            return f"all {len(self.rows)} rows have no label (null or no 'label' key){hint}"
        return f"every labelled row of the {len(self.rows)} is marked improper (meta.improper)"

    def require_scorable(self) -> "Dataset":
        """This set, or DataError naming it and why nothing in it can be scored."""
        why = self.nothing_to_score()
        if why:
            raise DataError(self.path or self.name, None, None, f"nothing to score: {why}")
        return self

    def exclusions(self) -> dict[str, int]:
        return {"null_label": sum(r.label is None for r in self.rows),
                "improper": sum(r.improper and r.label is not None for r in self.rows),
                "malformed_skipped": len(self.skipped)}

    def split(self, name: str | None) -> "Dataset":
        if name is None:
            return self
        if name not in SPLITS:
            raise ValueError(f"unknown split {name!r}; use one of {', '.join(SPLITS)}")
        return Dataset(self.name, [r for r in self.rows if r.split == name], self.path, self.skipped,
                       self.label_source, self.probe)

    def stats(self) -> dict[str, Any]:
        scored = self.scorable()
        by_model: dict[str, list[bool]] = {}
        for r in scored:
            by_model.setdefault(r.model, []).append(bool(r.label))
        return {
            "rows": len(self.rows), "scorable": len(scored),
            "questions": len({r.question_id for r in self.rows}),
            "models": len(by_model),
            "task_types": dict(Counter(r.sample.task_type for r in self.rows)),
            "labels": {"true": sum(r.label is True for r in self.rows),
                       "false": sum(r.label is False for r in self.rows),
                       "null": sum(r.label is None for r in self.rows)},
            "splits": dict(Counter(r.split for r in self.rows)),
            "label_accuracy_by_model": {m: round(sum(v) / len(v), 3) for m, v in sorted(by_model.items())},
            "excluded": self.exclusions(),
        }


def _require(obj: dict, key: str, types: type | tuple, path: Path, line: int, optional: bool = False) -> Any:
    if key not in obj or obj[key] is None:
        if optional:
            return None
        raise DataError(path, line, key, "missing")
    value = obj[key]
    if not isinstance(value, types) or isinstance(value, bool) and bool not in (
            types if isinstance(types, tuple) else (types,)):
        names = "/".join(t.__name__ for t in (types if isinstance(types, tuple) else (types,)))
        raise DataError(path, line, key, f"expected {names}, got {type(value).__name__}")
    return value


def _str_list(obj: dict, key: str, path: Path, line: int, optional: bool = False) -> tuple[str, ...] | None:
    value = _require(obj, key, list, path, line, optional)
    if value is None:
        return None
    if not value:
        raise DataError(path, line, key, "must not be empty")
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise DataError(path, line, f"{key}[{i}]", f"expected str, got {type(item).__name__}")
    return tuple(value)


ROW_KEYS = frozenset({"id", "task_type", "question", "candidate", "references", "label", "question_id", "model",
                      "source", "benchmark", "candidate_extracted", "label_source", "context", "choices", "meta"})


def parse_row(obj: Any, dataset: str, path: Path, line: int) -> Row:
    """Validate one decoded JSON line and build a Row; raises DataError naming the field."""
    if not isinstance(obj, dict):
        raise DataError(path, line, None, f"expected a JSON object, got {type(obj).__name__}")
    rid = _require(obj, "id", str, path, line)
    task_type = _require(obj, "task_type", str, path, line)
    if task_type not in TASK_TYPES:
        raise DataError(path, line, "task_type", f"{task_type!r} is not one of {', '.join(TASK_TYPES)}")
    label = obj.get("label")
    if label is not None and not isinstance(label, bool):
        raise DataError(path, line, "label", f"expected true, false or null, got {label!r}"[:200])
    meta = _require(obj, "meta", dict, path, line, optional=True) or {}
    question = _require(obj, "question", str, path, line)
    sample = Sample(
        id=rid, task_type=task_type, question=question,
        candidate=_require(obj, "candidate", str, path, line),
        references=_str_list(obj, "references", path, line),
        context=_require(obj, "context", str, path, line, optional=True),
        choices=_str_list(obj, "choices", path, line, optional=True),
    )
    return Row(
        sample=sample, dataset=dataset,
        question_id=_require(obj, "question_id", str, path, line, optional=True) or rid,
        model=_require(obj, "model", str, path, line, optional=True) or "unknown",
        label=label, split=split_of(question),
        benchmark=_require(obj, "benchmark", str, path, line, optional=True) or "",
        label_source=_require(obj, "label_source", str, path, line, optional=True) or "",
        improper=meta.get("improper") is True,
        candidate_extracted=_require(obj, "candidate_extracted", str, path, line, optional=True),
        meta=meta,
    )


def _lines(path: Path) -> Iterator[tuple[int, bytes]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rb") as fh:
        yield from enumerate(fh, start=1)


def read_json_objects(path: Path) -> Iterator[tuple[int, dict]]:
    """(line number, object) for each non-blank line of a JSONL file (.gz too); DataError names the line."""
    opener = gzip.open if path.suffix == ".gz" else open
    lineno = 0
    try:
        with opener(path, "rt", encoding="utf-8-sig") as fh:  # a byte-order mark an editor wrote is skipped
            for lineno, line in enumerate(fh, start=1):
                if not line.strip():
                    continue
                try:
                    obj = parse_json(line)
                except json.JSONDecodeError as exc:
                    raise DataError(path, lineno, None, f"invalid JSON: {exc.msg}") from None
                if not isinstance(obj, dict):
                    raise DataError(path, lineno, None, "expected a JSON object")
                yield lineno, obj
    except (EOFError, gzip.BadGzipFile, zlib.error, UnicodeDecodeError) as exc:  # cut short, or not gzip / UTF-8
        raise DataError(path, lineno + 1, None, f"cannot be read: {exc}") from None


def load_jsonl(path: str | Path, name: str | None = None, *, skip_invalid: bool = False) -> Dataset:
    """Load a JSONL (or .jsonl.gz) file of rows in the bundled schema.

    A malformed row raises DataError naming file, line and field; with
    `skip_invalid=True` it is skipped and recorded in `Dataset.skipped` instead.
    Duplicate ids are an error. The dataset name defaults to the file stem.
    """
    path = Path(path)
    if name is None:
        name = path.name.split(".")[0]
    if not path.is_file():
        raise DataError(path, None, None, "no such file")
    rows: list[Row] = []
    skipped: list[DataError] = []
    seen: dict[str, int] = {}
    unknown: dict[str, int] = {}
    try:
        for lineno, raw in _lines(path):
            if not raw.strip():
                continue
            try:
                try:
                    text = raw.decode("utf-8-sig" if lineno == 1 else "utf-8")  # an editor's byte-order mark
                except UnicodeDecodeError as exc:
                    raise DataError(path, lineno, None, f"not valid UTF-8 (byte {exc.start})") from None
                try:
                    obj = parse_json(text)
                except json.JSONDecodeError as exc:
                    raise DataError(path, lineno, None, f"invalid JSON: {exc.msg} at column {exc.colno}") from None
                row = parse_row(obj, name, path, lineno)
                for key in obj.keys() - ROW_KEYS:
                    unknown[key] = unknown.get(key, 0) + 1
                if row.id in seen:
                    raise DataError(path, lineno, "id", f"duplicate id {row.id!r} (first on line {seen[row.id]})")
                seen[row.id] = lineno
                rows.append(row)
            except DataError as err:
                if not skip_invalid:
                    raise
                skipped.append(err)
    except (OSError, EOFError, gzip.BadGzipFile) as exc:
        raise DataError(path, None, None, f"cannot read: {exc}") from None
    ds = Dataset(name, rows, str(path), skipped, unknown_keys=unknown)
    if unknown and ds.nothing_to_score() is None:  # otherwise the refusal names the key ("a misspelled 'label'?")
        warnings.warn(f"{path}: {ignored_keys(unknown)}", stacklevel=2)
    return ds


def ignored_keys(unknown: dict[str, int]) -> str:
    """One line naming the keys of a data file that no row field reads (a typo, or a "split" of one's own)."""
    def why(key: str) -> str:
        if key == "split":
            return ": splits come from a hash of the question text"
        close = difflib.get_close_matches(key, ROW_KEYS, n=1, cutoff=0.75)
        return f": a misspelled {close[0]!r}?" if close else ""
    keys = sorted(unknown, key=lambda k: (-unknown[k], k))
    listed = "; ".join(f"{json.dumps(k)[:40]} on {unknown[k]} row(s){why(k)}" for k in keys[:5])
    more = f"; and {len(keys) - 5} more" if len(keys) > 5 else ""
    return f"keys no field reads are ignored: {listed}{more}"


def bundled_names() -> list[str]:
    return sorted(p.name[: -len(".jsonl.gz")] for p in DATASETS_DIR.glob("*.jsonl.gz"))


def bundled_card(name: str) -> str:
    return (DATASETS_DIR / f"{name}.md").read_text(encoding="utf-8")


def card_field(name: str, key: str) -> str:
    """A `- **Key**: value` line of a dataset card (e.g. Licence)."""
    for line in bundled_card(name).splitlines():
        if line.lower().startswith(f"- **{key.lower()}**:"):
            return line.split(":", 1)[1].strip()
    return ""


def label_source(name: str) -> str | None:
    """Who labelled a bundled set, from its card: "human", "automatic" or "llm"."""
    method = card_field(name, "Label method").lower()
    if not method:
        return None
    if method.startswith("human"):
        return "human"
    if "gpt" in method or "llm" in method or method.startswith("model"):
        return "llm"
    return "automatic"


def load_bundled(name: str, split: str | None = None) -> Dataset:
    """Load a bundled set by name, optionally one split (train / dev / test)."""
    path = DATASETS_DIR / f"{name}.jsonl.gz"
    if not path.is_file():
        import difflib

        close = difflib.get_close_matches(name, bundled_names(), n=2)
        hint = f" Did you mean {', '.join(map(repr, close))}?" if close else ""
        if name.endswith((".jsonl", ".json", ".gz")) or Path(name).is_file():
            hint = " Your own files go to --data."
        raise UnknownDataset(f"unknown dataset {name!r}.{hint} Bundled: {', '.join(bundled_names())}")
    whole = _load_bundled_file(str(path), name)
    ds = whole.split(split) if split is not None else Dataset(name, list(whole.rows), whole.path, whole.skipped)
    ds.label_source = label_source(name)
    return ds


@lru_cache(maxsize=16)
def _load_bundled_file(path: str, name: str) -> Dataset:
    """A bundled file parsed once per process (rows are immutable; callers get copies of the lists)."""
    return load_jsonl(path, name)
