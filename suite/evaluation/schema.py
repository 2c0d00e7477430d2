"""The results schema: what the runner writes and the analyses and the leaderboard read.

`results.json` (schema `judgesuite.results/2`) is a `ResultsDoc`; each judge x dataset pair is an
`Entry` with a `Cost` block; per-sample verdicts go to a gzipped JSONL file of `VerdictRecord`s.
`ResultsDoc.read` is the one place a results file is parsed: a `judgesuite.results/1` document is
migrated, a pytest-benchmark JSON of benchmarks/bench_judges.py converted, anything else refused
with one line (ValueError). The entry's blocks (`Cost`, `HeldOut`, and typed views of what an entry
stores as free-form JSON: `Entry.identity`, `.replayed`, `.voting`, `ResultsDoc.skips`, `.hardware_info`)
are in entry_blocks.py: readers use them, never the stored dicts.
"""
from __future__ import annotations

import functools
import json
import os
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from judgesuite.suite.data.loader import DataError, bundled_names, load_bundled, load_jsonl
# the entry's blocks live in entry_blocks.py; importing them from here keeps working
from judgesuite.suite.evaluation.entry_blocks import (Cost, Hardware, HeldOut, JudgeIdentity, ReplayedSource, Skipped, Voting,
                                                      field_problem, known_fields, typed_view)
from judgesuite.judges.json_input import parse as parse_json
# a judged row and the verdict files live in verdict_records.py; importing VerdictRecord from here keeps working
from judgesuite.suite.evaluation.verdict_records import VerdictRecord, read_verdict_file

RESULTS_SCHEMA = "judgesuite.results/2"
OLDER_SCHEMAS = ("judgesuite.results/1",)  # migrated on read


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
    label_source: str | None = None  # the set card's statement
    learned_from: list[str] = field(default_factory=list)  # sets whose rows fit the judge's model
    held_out: HeldOut | None = None  # its recipe trained without each set (Judge.held_out)
    probe: bool = False  # every row wrong by construction (master keys): false-positive rates only
    label_sources: dict[str, int] = field(default_factory=dict)  # labelled rows per row `label_source`
    extracts_final_answer: bool = False  # the judge parses a "Final answer:" line (format statistics)

    @property
    def identity(self) -> JudgeIdentity:
        d = self.judge_identity if isinstance(self.judge_identity, dict) else {}
        params = d.get("params")
        return JudgeIdentity(name=str(d.get("name") or ""), params=dict(params) if isinstance(params, dict) else {},
                             version=d.get("version"), code=d.get("code"))

    @property
    def no_verdict_reasons(self) -> dict[str, int]:
        """Rows without a verdict per reason (`NoVerdict` value, e.g. "invalid_output")."""
        reasons = self.metrics.get("no_verdict_reasons")
        return {str(k): int(v) for k, v in reasons.items()} if isinstance(reasons, dict) else {}

    @property
    def false_positive_rates(self) -> dict[str, float]:
        """A probe entry's false-positive rate per attack, and over all of them ("all"); {} for a labelled set."""
        adv = self.adversarial if isinstance(self.adversarial, dict) else {}
        return {k: float(v["false_positive_rate"]) for k, v in adv.items()
                if isinstance(v, dict) and v.get("false_positive_rate") is not None}

    @property
    def replayed(self) -> ReplayedSource | None:
        """Where a replayed judge's verdicts come from (None for a judge that ran here)."""
        return typed_view(ReplayedSource, (self.judge_report or {}).get("replayed"))

    @property
    def voting(self) -> Voting | None:
        """The vote statistics of a voting LLM judge (None for any other judge)."""
        report = self.judge_report or {}
        return typed_view(Voting, report) if "agreement_rate" in report else None

    def to_dict(self) -> dict[str, Any]:
        d = {f.name: getattr(self, f.name) for f in fields(self) if f.name not in ("cost", "held_out")}
        return {**d, "cost": asdict(self.cost), "held_out": self.held_out.to_dict() if self.held_out else None}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Entry":
        """An entry from its stored form; ValueError naming the first field of the wrong type."""
        if not isinstance(d, dict):
            raise ValueError(f"expected an object, got {type(d).__name__}")
        problem = field_problem(cls, d) or _block_problem(d)
        if problem:
            raise ValueError(problem)
        d = known_fields(cls, d)
        d["cost"] = Cost(**known_fields(Cost, {"seconds_median_per_sample": d["cost"].get("seconds_per_sample", 0.0),
                                         **d["cost"]}))
        d["held_out"] = HeldOut.from_dict(d.get("held_out"))
        return cls(**d)


def _block_problem(d: dict[str, Any]) -> str | None:
    """The free-form blocks of a stored entry that typed views read, checked as those views declare them."""
    ident, report = d.get("judge_identity"), d.get("judge_report")
    return ((field_problem(JudgeIdentity, ident, "judge_identity.") if isinstance(ident, dict) else None)
            or (field_problem(Voting, report, "judge_report.") if isinstance(report, dict) else None)
            or (field_problem(ReplayedSource, report["replayed"], "judge_report.replayed.")
                if isinstance(report, dict) and isinstance(report.get("replayed"), dict) else None))


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
    base: Path | None = field(default=None, repr=False)  # the folder read from (verdict files are relative to it)
    from_benchmark: bool = field(default=False, repr=False)  # read from a pytest-benchmark file (BENCHMARK_VERDICTS)

    @property
    def skips(self) -> list[Skipped]:
        """The judges that did not run on a set, and why."""
        return [Skipped(str(s.get("judge")), str(s.get("dataset")), str(s.get("why")), bool(s.get("failed")))
                for s in self.skipped if isinstance(s, dict)]

    @property
    def hardware_info(self) -> Hardware:
        return typed_view(Hardware, self.hardware) or Hardware()

    @property
    def source(self) -> str | None:
        """Where the document was converted from ("pytest-benchmark"); None for a results.json of a run."""
        return self.extra.get("source")

    @property
    def mc_formats(self) -> dict[str, Any] | None:
        """The report `judgesuite mc-formats --results` adds (suite/studies/mc_formats), if any."""
        report = self.extra.get("mc_formats")
        return report if isinstance(report, dict) else None

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

        return summary_table(self)

    def to_dict(self) -> dict[str, Any]:
        skip = ("entries", "extra", "records", "base", "from_benchmark")
        d = {f.name: getattr(self, f.name) for f in fields(self) if f.name not in skip}
        d["entries"] = [e.to_dict() for e in self.entries]
        return {"schema": self.schema, **d, **self.extra}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "ResultsDoc":
        """A document from its stored form; ValueError naming the first field (or entry and field) of the
        wrong type."""
        known = {f.name for f in fields(cls)} - {"entries", "extra", "records", "base", "from_benchmark"}
        problem = field_problem(cls, {k: v for k, v in d.items() if k in known})
        if not problem and isinstance(d.get("hardware"), dict):
            problem = field_problem(Hardware, d["hardware"], "hardware.")
        if problem:
            raise ValueError(problem)
        entries = []
        for i, e in enumerate(d["entries"]):
            try:
                entries.append(Entry.from_dict(e))
            except ValueError as exc:
                raise ValueError(f"entry {i}: {exc}") from None
        doc = cls(**{k: v for k, v in d.items() if k in known}, entries=entries)
        doc.extra = {k: v for k, v in d.items() if k not in known and k != "entries" and not k.startswith("_")}
        return doc

    def write(self, path: str | Path) -> None:
        path = Path(path)
        tmp = path.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(self.to_dict(), indent=1, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, path)
        self.base = path.resolve().parent

    @classmethod
    def read(cls, path: str | Path) -> "ResultsDoc":
        """The document at `path` (a results.json, or a pytest-benchmark JSON of
        benchmarks/bench_judges.py), with `base` set to its folder; ValueError (one line) otherwise."""
        path = Path(path)
        try:
            raw = parse_json(path.read_text(encoding="utf-8-sig"))
        except (OSError, UnicodeDecodeError, ValueError) as exc:  # ValueError: bad JSON, a 5,000-digit number
            raise ValueError(f"{path}: cannot read JSON: {exc}") from None
        benchmark = isinstance(raw, dict) and isinstance(raw.get("benchmarks"), list)
        if benchmark:
            try:
                raw = from_pytest_benchmark(raw)
            except (KeyError, TypeError, AttributeError, ValueError) as exc:
                raise ValueError(f"{path}: not a pytest-benchmark file of judgesuite "
                                 f"({type(exc).__name__}: {exc})") from None
            if not raw["entries"]:
                raise ValueError(f"{path}: pytest-benchmark file without judgesuite entries "
                                 "(run benchmarks/bench_judges.py with --benchmark)")
        if not isinstance(raw, dict) or not isinstance(raw.get("entries"), list):
            raise ValueError(f"{path}: not a judgesuite results document (no 'entries' list)")
        schema = raw.get("schema")
        if schema in OLDER_SCHEMAS:
            raw = migrate_v1(raw, path.resolve().parent)
        elif schema != RESULTS_SCHEMA:
            raise ValueError(f"{path}: results schema {schema!r} is not one this version reads ({RESULTS_SCHEMA}, "
                             f"or {', '.join(OLDER_SCHEMAS)} which it migrates); write it again with `judgesuite run`")
        try:
            doc = cls.from_dict(raw)
        except (KeyError, TypeError, AttributeError, ValueError) as exc:
            raise ValueError(f"{path}: not a judgesuite results document ({type(exc).__name__}: {exc})") from None
        first: dict[tuple[str, str], int] = {}
        for i, e in enumerate(doc.entries):
            j = first.setdefault((e.judge, e.dataset), i)
            if j != i:  # the board would count the pair twice, and its verdicts are found by that pair
                raise ValueError(f"{path}: entries {j} and {i} are both judge {e.judge!r} on {e.dataset!r}; a "
                                 "document holds each pair once (merge shards with `judgesuite merge`)")
        doc.base = path.resolve().parent
        doc.from_benchmark = benchmark
        return doc

    def verdict_path(self, entry: Entry) -> Path | None:
        """The entry's verdict file (relative names are inside `base`); None when it has none."""
        if not entry.verdicts_file:
            return None
        base = (self.base or Path(".")).resolve()
        p = Path(entry.verdicts_file)
        full = (base / p).resolve()  # symlinks resolved too
        benchmark = self.from_benchmark and p.is_absolute() and BENCHMARK_VERDICTS in full.parent.parts
        if not benchmark and (p.is_absolute() or not full.is_relative_to(base)):
            raise ValueError(f"field verdicts_file: {entry.verdicts_file!r} is outside the results folder "
                             f"{base}; verdict files are read only inside it")
        return full if full.is_file() else None

    def verdicts(self, entry: Entry) -> list["VerdictRecord"] | None:
        """The entry's labelled verdict records: from memory where the run that made this document
        holds them, else from its verdict file; None when there is neither."""
        if (entry.judge, entry.dataset) in self.records:
            # normalised as a read-back line is, so analyses equal those of the stored files
            return [v for v in (VerdictRecord.from_dict(dict(r.__dict__))
                                for r in self.records[(entry.judge, entry.dataset)]) if v.label is not None]
        path = self.verdict_path(entry)
        if path is None:
            return None
        return [v for v in read_verdict_file(path) if v.label is not None]

    def by_dataset(self) -> dict[str, list[Entry]]:
        out: dict[str, list[Entry]] = {}
        for e in self.entries:
            out.setdefault(e.dataset, []).append(e)
        return out


# benchmarks/bench_judges.py keeps its verdict files in pytest's cache under this folder name, and
# names them by absolute path: a pytest-benchmark document may read them there, and nowhere else outside.
BENCHMARK_VERDICTS = "judgesuite-benchmark-verdicts"


def from_pytest_benchmark(doc: dict[str, Any]) -> dict[str, Any]:
    """A results document from `pytest --benchmark --benchmark-json=F`: every benchmark of
    benchmarks/bench_judges.py carries its results entry in `extra_info["entry"]`;
    latency is taken from the benchmark's own timing (mean, and median for the plots)."""
    entries = []
    for bench in doc.get("benchmarks", []):
        entry = (bench.get("extra_info") or {}).get("entry") if isinstance(bench, dict) else None
        if not isinstance(entry, dict):
            continue
        entry = dict(entry)
        stats = bench.get("stats") or {}
        n = max(int(entry.get("n_rows") or 0), 1)
        if stats.get("mean") is not None:
            cost = dict(entry.get("cost") or {})
            cost["seconds_per_sample"] = float(stats["mean"]) / n
            cost["seconds_total"] = float(stats["mean"])
            cost["seconds_median_per_sample"] = float(stats.get("median", stats["mean"])) / n
            entry["cost"] = cost
        entries.append(entry)
    machine = doc.get("machine_info") or {}
    cpu = machine.get("cpu") or {}
    return {
        "schema": RESULTS_SCHEMA, "source": "pytest-benchmark", "wall_seconds": 0.0,
        "created": str(doc.get("datetime") or ""), "split": "test", "limit": None,
        "hardware": {"machine": machine.get("machine"), "processor": cpu.get("brand_raw") or machine.get("processor"),
                     "cpu_count": cpu.get("count"), "python": machine.get("python_version"), "gpu": None},
        "entries": entries, "skipped": [],
    }


def migrate_v1(raw: dict[str, Any], base: Path) -> dict[str, Any]:
    """A `judgesuite.results/1` document as /2: an entry is a probe when it carries an `adversarial`
    block; its labels' sources are counted from its data (a bundled set's split, else its file), as a
    run counts them; `regex` was the one judge that extracted a final answer. Its format statistics
    carried one judge's split, which /2 computes from the verdicts: the row counts are kept."""
    entries = []
    for e in raw["entries"]:
        if not isinstance(e, dict):
            raise ValueError("an entry is not an object")
        entries.append({**e, "probe": bool(e.get("adversarial")),
                        "extracts_final_answer": str(e.get("judge", "")).split(":")[0] == "regex",  # the one tagged then
                        "label_sources": dict(_label_sources(e.get("dataset"), e.get("split"), e.get("data_path"), base))})
    groups = {name: [{**{k: g.get(k, 0) for k in ("model", "format", "rows", "parse_failures", "labelled",
                                                   "label_correct")},
                      # generated rows name their model "<model> [<format>]"
                      "row_models": [g.get("model") if g.get("format") in (None, "-") else f"{g.get('model')} [{g['format']}]"]}
                     for g in groups if isinstance(g, dict)]
              for name, groups in (raw.get("format_stats") or {}).items() if isinstance(groups, list)}
    return {**raw, "schema": RESULTS_SCHEMA, "entries": entries, "format_stats": groups}


@functools.cache
def _label_sources(dataset: Any, split: Any, data_path: Any, base: Path) -> dict[str, int]:
    try:
        if dataset in bundled_names():
            ds = load_bundled(dataset, split if isinstance(split, str) else None)
        elif isinstance(data_path, str) and (base / data_path).is_file():
            ds = load_jsonl(base / data_path)
        else:
            return {}
    except (DataError, OSError):
        return {}
    return label_sources(ds.rows)


def label_sources(rows: Iterable[Any]) -> dict[str, int]:
    """Labelled rows per `label_source` (what `Entry.label_sources` holds)."""
    counts: dict[str, int] = {}
    for r in rows:
        if r.label is not None:
            counts[r.label_source] = counts.get(r.label_source, 0) + 1
    return counts
