"""Run judges over datasets: cached, resumable, with a progress bar.

Every verdict is stored in the SQLite cache as soon as its batch is done; a run that
is interrupted resumes where it stopped, and a repeated run computes nothing.
"""
from __future__ import annotations

import copy
import gzip
import hashlib
import json
import os
import platform
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from statistics import median
from pathlib import Path
from typing import Any

from judgesuite.judges.base import Judge
from judgesuite.judges.registry import make_judge
from judgesuite.judges.types import Sample, Verdict
from judgesuite.suite.data import probes as master_keys
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.data.loader import Dataset, Row
from judgesuite.suite.analysis.format_stats import results_block
from judgesuite.suite.evaluation.metrics import compute_metrics

RESULTS_SCHEMA = "judgesuite.results/1"


def split_top_level(text: str, sep: str) -> list[str]:
    """Split on `sep` outside JSON brackets and double-quoted strings."""
    parts, depth, quoted, cur = [], 0, False, []
    for i, ch in enumerate(text):
        if quoted:
            quoted = not (ch == '"' and text[i - 1] != "\\")
        elif ch == '"':
            quoted = True
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
        elif ch == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
            continue
        cur.append(ch)
    parts.append("".join(cur))
    return parts


def parse_judge_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """"name" or "name:key=value:key2=value2" -> (name, params); values are JSON when they parse.

    Nested parameters (a cascade's inner judges): a JSON object value
    (`expensive_params={"max_new_tokens":8}`, colons and commas inside brackets do not split)
    or a dotted key (`expensive_params.max_new_tokens=8`), merged into that dict.
    """
    name, *pairs = split_top_level(spec.strip(), ":")
    params: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"bad judge parameter {pair!r} in {spec!r}: expected key=value")
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        *outer, leaf = key.split(".")
        target = params
        for part in outer:
            target = target.setdefault(part, {})
            if not isinstance(target, dict):
                raise ValueError(f"bad judge parameter {pair!r} in {spec!r}: {part!r} is not a dict")
        if isinstance(target.get(leaf), dict) and isinstance(value, dict):
            target[leaf].update(value)
        else:
            target[leaf] = value
    return name, params


def build_judge(spec: str) -> Judge:
    name, params = parse_judge_spec(spec)
    return make_judge(name, **params)


def limit_rows(rows: Sequence[Row], limit: int | None) -> list[Row]:
    """A deterministic subset: the `limit` rows with the smallest hash of their id."""
    rows = list(rows)
    if limit is None or limit >= len(rows):
        return rows
    key = lambda r: hashlib.sha256(r.id.encode("utf-8", "surrogatepass")).hexdigest()  # noqa: E731
    chosen = {id(r) for r in sorted(rows, key=key)[:limit]}
    return [r for r in rows if id(r) in chosen]


@dataclass
class JudgedRows:
    rows: list[Row]
    verdicts: list[Verdict]
    seconds: list[float]
    from_cache: int = 0
    unsupported: int = 0


@dataclass
class Runner:
    cache: VerdictCache
    batch_size: int = 64
    progress: bool = True
    log: list[str] = field(default_factory=list)

    def judge_rows(self, judge: Judge, rows: Sequence[Row], label: str = "") -> JudgedRows:
        """Verdicts for `rows` (cached ones reused), in row order."""
        supported = [r for r in rows if judge.supports(r.sample.task_type)]
        key = self._register(judge)
        hashes = [r.sample.content_hash() for r in supported]
        cached = self.cache.get_many(key, hashes)
        from_cache = sum(h in cached for h in hashes)
        todo: dict[str, Sample] = {}
        for h, r in zip(hashes, supported):
            if h not in cached:
                todo.setdefault(h, r.sample)
        bar = None
        if self.progress and todo:
            from tqdm import tqdm

            bar = tqdm(total=len(todo), desc=label or judge.identity()["name"], unit="sample", leave=False)
        self._compute(judge, key, list(todo.items()), cached, bar)
        if bar is not None:
            bar.close()
        return JudgedRows(
            rows=supported,
            verdicts=[cached[h][0] for h in hashes],
            seconds=[cached[h][1] for h in hashes],
            from_cache=from_cache,
            unsupported=len(rows) - len(supported),
        )

    def judge_samples(self, judge: Judge, samples: Sequence[Sample]) -> tuple[list[Verdict], list[float]]:
        """Verdicts (copies) and seconds per sample through the cache: a composite judge's inner calls."""
        key = self._register(judge)
        hashes = [s.content_hash() for s in samples]
        cached = self.cache.get_many(key, hashes)
        todo = {h: s for h, s in zip(hashes, samples) if h not in cached}
        self._compute(judge, key, list(todo.items()), cached)
        return [copy.copy(cached[h][0]) for h in hashes], [cached[h][1] for h in hashes]

    def _register(self, judge: Judge) -> str:
        key = judge.cache_key()
        self.cache.register_judge(key, judge.identity())
        bind = getattr(judge, "bind_runner", None)
        if bind is not None:  # composite judges route their inner judges through this cache
            bind(self)
        return key

    def _compute(self, judge: Judge, key: str, items: list[tuple[str, Sample]],
                 cached: dict[str, tuple[Verdict, float]], bar: Any = None) -> None:
        for start in range(0, len(items), self.batch_size):
            chunk = items[start:start + self.batch_size]
            t0 = time.perf_counter()
            verdicts = judge.judge([s for _, s in chunk])
            per_sample = (time.perf_counter() - t0) / len(chunk)
            # A composite judge whose inner verdicts came from the cache reports their measured seconds.
            stored = [(h, v, float(v.extra.get("composite_seconds", per_sample))) for (h, _), v in zip(chunk, verdicts)]
            self.cache.put_many(key, stored)
            cached.update({h: (v, s) for h, v, s in stored})
            if bar is not None:
                bar.update(len(chunk))


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.=+-]+", "_", text)[:120]


def entry_for(spec: str, judge: Judge, dataset: Dataset, split: str | None, judged: JudgedRows,
              n_excluded: dict[str, int]) -> dict[str, Any]:
    labels = [bool(r.label) for r in judged.rows]
    metrics = compute_metrics(labels, judged.verdicts)
    by_type: dict[str, dict] = {}
    for task_type in sorted({r.sample.task_type for r in judged.rows}):
        idx = [i for i, r in enumerate(judged.rows) if r.sample.task_type == task_type]
        by_type[task_type] = compute_metrics([labels[i] for i in idx], [judged.verdicts[i] for i in idx])
    by_model: dict[str, dict] = {}
    for model in sorted({r.model for r in judged.rows}):
        idx = [i for i, r in enumerate(judged.rows) if r.model == model]
        v = [judged.verdicts[i] for i in idx]
        by_model[model] = {
            "n": len(idx),
            "label_accuracy": round(sum(labels[i] for i in idx) / len(idx), 6),
            "judged_accuracy": round(sum(x.correct is True for x in v) / len(idx), 6),
            "no_verdict_rate": round(sum(x.correct is None for x in v) / len(idx), 6),
        }
    adversarial = None
    if dataset.name == master_keys.NAME:
        adversarial = master_keys.false_positive_rates(judged.rows, judged.verdicts)
        flagged = sum(v.correct is True for v in judged.verdicts)
        adversarial["all"] = {"n": len(judged.rows), "false_positive_rate": round(flagged / max(len(judged.rows), 1), 6)}
    n = max(len(judged.rows), 1)
    # Routed judges (regex+encoder, cascade) say which stage decided each sample.
    stages = [v.extra.get("stage", v.extra.get("path")) for v in judged.verdicts]
    routing = ({str(s): round(stages.count(s) / n, 6) for s in sorted(set(stages), key=str)}
               if any(s is not None for s in stages) else None)
    input_tokens = sum(int(v.extra.get("input_tokens", v.tokens)) for v in judged.verdicts)
    generated = sum(int(v.extra.get("generated_tokens", 0)) for v in judged.verdicts)
    flops = sum(v.flops for v in judged.verdicts)
    generated_only = [v.extra["flops_generated_only"] for v in judged.verdicts if "flops_generated_only" in v.extra]
    seconds = sum(judged.seconds)
    return {
        "judge": spec,
        "judge_identity": judge.identity(),
        "dataset": dataset.name,
        "split": split,
        "task_types": sorted(by_type),
        "n_rows": len(judged.rows),
        "n_unsupported": judged.unsupported,
        "excluded": n_excluded,
        "metrics": metrics,
        "by_task_type": by_type,
        "by_model": by_model,
        "adversarial": adversarial,
        "routing": routing,
        "judge_report": judge.report(judged.verdicts, labels),
        "cost": {
            "cost_class": judge.cost.cost_class,
            "parameters": judge.cost.parameters,
            "input_tokens_per_sample": round(input_tokens / n, 3),
            "generated_tokens_per_sample": round(generated / n, 3),
            "flops_per_sample": flops / n,
            "flops_counts": "2 x parameters x (input + generated) tokens",
            # the BERT-as-a-Judge convention for LLM judges: generated tokens only
            "flops_generated_only_per_sample": sum(generated_only) / n if generated_only else None,
            "seconds_per_sample": seconds / n,
            # the median is robust to a first batch that pays a warm-up (imports, caches)
            "seconds_median_per_sample": median(judged.seconds) if judged.seconds else 0.0,
            "seconds_total": seconds,
            "from_cache": judged.from_cache,
        },
    }


def write_verdicts(path: Path, judged: JudgedRows) -> None:
    tmp = path.with_suffix(".tmp")
    with gzip.open(tmp, "wt", encoding="utf-8") as fh:
        for row, v in zip(judged.rows, judged.verdicts):
            rec = {"id": row.id, "question_id": row.question_id, "model": row.model,
                   "task_type": row.sample.task_type, "label": row.label, "correct": v.correct,
                   "score": v.score, "reason": v.reason.value if v.reason else None,
                   "extracted": v.extracted, "tokens": v.tokens, "flops": v.flops,
                   "question": row.sample.question[:2000], "candidate": row.sample.candidate[:4000],
                   "references": list(row.sample.references)}
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    os.replace(tmp, path)


def hardware() -> dict[str, Any]:
    info = {"machine": platform.machine(), "processor": platform.processor() or platform.machine(),
            "cpu_count": os.cpu_count(), "python": platform.python_version(), "gpu": None}
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                info["processor"] = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return info


def _format_stats(ds: Dataset, limit: int | None, regex: JudgedRows | None) -> list[dict[str, Any]]:
    rows = limit_rows(ds.scorable(), limit)
    return results_block(rows, regex.rows, regex.verdicts) if regex else results_block(rows)


def run(judge_specs: Sequence[str], datasets: Sequence[Dataset], *, split: str | None,
        out_dir: str | Path, cache: VerdictCache, limit: int | None = None, batch_size: int = 64,
        progress: bool = True, exclude_ids: dict[str, set[str]] | None = None) -> dict[str, Any]:
    """Judge every (judge, dataset) pair, write results.json and verdict files, return the results.

    `exclude_ids`: dataset -> row ids left out of scoring after `limit` (flagged references,
    `judgesuite audit-references`), counted as `excluded.flagged_reference`.
    """
    out = Path(out_dir)
    (out / "verdicts").mkdir(parents=True, exist_ok=True)
    runner = Runner(cache, batch_size=batch_size, progress=progress)
    entries: list[dict[str, Any]] = []
    skipped: list[dict[str, str]] = []
    started = time.perf_counter()
    regex_judged: dict[str, JudgedRows] = {}  # set -> the regex judge's verdicts (for format_stats)
    for spec in judge_specs:
        judge = build_judge(spec)
        try:
            for ds in datasets:
                rows = limit_rows(ds.scorable(), limit)
                excluded = ds.exclusions()
                if exclude_ids is not None:
                    flagged = exclude_ids.get(ds.name, set())
                    excluded["flagged_reference"] = sum(r.id in flagged for r in rows)
                    rows = [r for r in rows if r.id not in flagged]
                if not any(judge.supports(r.sample.task_type) for r in rows):
                    skipped.append({"judge": spec, "dataset": ds.name,
                                    "why": f"judge handles {sorted(judge.task_types or [])} only"})
                    continue
                judged = runner.judge_rows(judge, rows, label=f"{spec} / {ds.name}")
                if spec == "regex":
                    regex_judged[ds.name] = judged
                entry = entry_for(spec, judge, ds, split, judged, excluded)
                vfile = out / "verdicts" / f"{_slug(spec)}__{_slug(ds.name)}.jsonl.gz"
                write_verdicts(vfile, judged)
                entry["verdicts_file"] = str(vfile.relative_to(out))
                entry["data_path"] = ds.path
                entries.append(entry)
        finally:
            judge.close()
    results = {
        "schema": RESULTS_SCHEMA,
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "split": split,
        "limit": limit,
        "hardware": hardware(),
        "wall_seconds": round(time.perf_counter() - started, 3),
        "entries": entries,
        "skipped": skipped,
        # "Final answer:" parse failures per model and format (paper Tables 13-15); the lost-to-parsing
        # / lost-to-matching split when the regex judge ran on the set.
        "format_stats": {ds.name: _format_stats(ds, limit, regex_judged.get(ds.name)) for ds in datasets
                         if any(e["dataset"] == ds.name for e in entries)},
    }
    tmp = out / "results.json.tmp"
    tmp.write_text(json.dumps(results, indent=1, ensure_ascii=False))
    os.replace(tmp, out / "results.json")
    return results
