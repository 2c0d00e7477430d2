"""The one judging loop: judges over datasets, cached, resumable, with progress.

Every verdict is stored in the SQLite cache as soon as its chunk is done; a run that is
interrupted resumes where it stopped, and a repeated run computes nothing. Staged judges
(cascade, regex+encoder) are expanded here: each stage goes through the cache under its own
identity. A batch-dependent judge gets fixed batches (all candidates of one question, in
content order) and its cache key covers the batch, so a cached verdict is always the one the
judge gives that batch.
"""
from __future__ import annotations

import hashlib
import itertools
import re
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from judgesuite.judges.base import Judge, StagedJudge
from judgesuite.judges.registry import make_judge, spec_of
from judgesuite.judges.specs import parse_judge_spec, split_top_level
from judgesuite.judges.types import NoVerdict, Sample, Verdict
from judgesuite.suite.data.answer_format import format_groups
from judgesuite.suite.data.loader import Dataset, Row
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.evaluation.entries import JudgedRows, build_entry, hardware, verdict_records
from judgesuite.suite.evaluation.progress import RunProgress
from judgesuite.suite.evaluation.schema import RESULTS_SCHEMA, ResultsDoc, write_verdict_file
from judgesuite.suite.evaluation.executor import Executor, RunPlan
from judgesuite.suite.evaluation.workers import LocalExecutor

__all__ = ["BATCH_TIMEOUT", "JudgeFailed", "JudgedRows", "RESULTS_SCHEMA", "Runner", "limit_rows", "parse_judge_spec", "run",
           "run_document", "shard_rows", "split_top_level"]

# Chunks start small for LLM judges (a chunk is the unit that survives an interruption) and grow
# while a chunk takes under CHUNK_SECONDS, so fast judges see large batches they can bucket by length.
FIRST_CHUNK = {"llm": 16, "encoder": 1024, "rule": 512}
MAX_CHUNK, CHUNK_SECONDS = 8192, 20.0
# Seconds one batch may take before its rows become time-limit no-verdicts: twice the slowest
# shipped judge's first chunk (llm-vote, 16 rows: about 750 s on 2 cores).
BATCH_TIMEOUT = 1800.0


class JudgeFailed(RuntimeError):
    """A judge that could not load, or failed on every row of a set: the run stops (unless told to
    keep going) rather than publish a row of errors."""

    def __init__(self, judge: str, cause: str) -> None:
        super().__init__(f"judge {judge}: {cause}")
        self.judge, self.cause = judge, cause


def _first_line(text: str) -> str:
    return (text.strip().splitlines() or [""])[0][:300]


def limit_rows(rows: Sequence[Row], limit: int | None) -> list[Row]:
    """A deterministic subset: the `limit` rows with the smallest hash of their id."""
    rows = list(rows)
    if limit is None or limit >= len(rows):
        return rows
    key = lambda r: hashlib.sha256(r.id.encode("utf-8", "surrogatepass")).hexdigest()  # noqa: E731
    chosen = {id(r) for r in sorted(rows, key=key)[:limit]}
    return [r for r in rows if id(r) in chosen]


def shard_rows(rows: Sequence[Row], shard: tuple[int, int] | None) -> list[Row]:
    """Shard i of n (0-based): the rows whose question hashes to i mod n (a question stays whole)."""
    if shard is None:
        return list(rows)
    i, n = shard
    h = lambda r: int(hashlib.sha256(r.question_id.encode("utf-8", "surrogatepass")).hexdigest()[:12], 16)  # noqa: E731
    return [r for r in rows if h(r) % n == i]


@dataclass
class Runner:
    """Judges samples through the verdict cache."""

    cache: VerdictCache
    progress: RunProgress | None = None
    first_chunk: int | None = None  # default: by cost class (FIRST_CHUNK)
    log: list[str] = field(default_factory=list)
    batch_timeout: float | None = BATCH_TIMEOUT  # None: no limit
    _timed: set[str] = field(default_factory=set)  # judges whose warm-up call was timed apart
    _loaded: set[str] = field(default_factory=set)  # judges whose load() succeeded
    _stuck: dict[str, str] = field(default_factory=dict)  # judge key -> why it gets no more rows
    _not_cached: dict[str, int] = field(default_factory=dict)  # judge key -> verdicts not stored
    _reads: list[set[str]] = field(default_factory=list)  # per composite being judged: samples a read failed on

    def judge_rows(self, judge: Judge, rows: Sequence[Row], label: str = "") -> JudgedRows:
        """Verdicts for the rows the judge supports (cached ones reused), in row order."""
        supported = [r for r in rows if judge.supports(r.sample.task_type) and judge.covers(r.sample)]
        if self.progress:
            self.progress.skip(len(rows) - len(supported))  # rows of task types the judge does not handle
        tick = self.progress.bar(label, len(supported)) if self.progress else None
        key = judge.cache_key()
        before = self._not_cached.get(key, 0)
        try:
            if judge.get_tags().batch_dependent:
                verdicts, seconds, hits = self._judge_grouped(judge, supported, tick)
            else:
                verdicts, seconds, hits = self._judge(judge, [r.sample for r in supported], tick)
        finally:
            if self.progress:
                self.progress.done(label)
        return JudgedRows(rows=supported, verdicts=verdicts, seconds=seconds, from_cache=hits,
                          unsupported=len(rows) - len(supported), not_cached=self._not_cached.get(key, 0) - before)

    def judge_samples(self, judge: Judge, samples: Sequence[Sample]) -> tuple[list[Verdict], list[float]]:
        """Verdicts and seconds per sample through the cache (for scripts and staged judges)."""
        verdicts, seconds, _ = self._judge(judge, list(samples), None)
        for s, v in zip(samples, verdicts):
            if not v.cacheable:  # a composite judge reading this one must not store what it builds on it
                for failed in self._reads:
                    failed.add(s.content_hash())
        return verdicts, seconds

    def _judge(self, judge: Judge, samples: list[Sample], tick: Callable[..., None] | None
               ) -> tuple[list[Verdict], list[float], int]:
        if isinstance(judge, StagedJudge):
            # recombined from the stages' cached verdicts: nothing of its own to cache
            failed: set[str] = set()
            self._reads.append(failed)
            try:
                verdicts, seconds = judge.judge_staged(samples, self.judge_samples)
            finally:
                self._reads.pop()
            key = judge.cache_key()
            lost = sum(not v.cacheable or s.content_hash() in failed for s, v in zip(samples, verdicts))
            self._not_cached[key] = self._not_cached.get(key, 0) + lost
            if tick:
                tick(len(samples), free=True)
            return verdicts, seconds, 0
        keys = [s.content_hash() for s in samples]
        if judge.get_tags().keyed_by_id:  # rows with one content may carry different imported verdicts
            keys = [hashlib.sha256(f"{s.id}\0{k}".encode("utf-8", "surrogatepass")).hexdigest()
                    for s, k in zip(samples, keys)]
        return self._cached(judge, keys, samples, tick, self._chunks)

    def _judge_grouped(self, judge: Judge, rows: list[Row], tick: Callable[..., None] | None
                       ) -> tuple[list[Verdict], list[float], int]:
        groups: dict[str, list[int]] = {}
        for i, r in enumerate(rows):
            groups.setdefault(r.question_id, []).append(i)
        keys: list[str] = [""] * len(rows)
        batches: list[list[int]] = []
        for idx in groups.values():
            idx.sort(key=lambda i: rows[i].sample.content_hash())
            batch_sig = hashlib.sha256("".join(rows[i].sample.content_hash() for i in idx).encode()).hexdigest()
            for i in idx:
                keys[i] = hashlib.sha256(f"{batch_sig}:{rows[i].sample.content_hash()}".encode()).hexdigest()
            batches.append(idx)
        order = {i: b for b, idx in enumerate(batches) for i in idx}

        def fixed_batches(todo: list[int], _first: int):
            # always a whole group (stored in one transaction), so the batch matches its cache key
            for b in sorted({order[i] for i in todo}):
                yield batches[b]

        return self._cached(judge, keys, [r.sample for r in rows], tick, fixed_batches)

    def _cached(self, judge: Judge, keys: list[str], samples: list[Sample], tick: Callable[..., None] | None,
                chunker: Callable) -> tuple[list[Verdict], list[float], int]:
        judge_key = judge.cache_key()
        self.cache.register_judge(judge_key, judge.identity())
        cached = self.cache.get_many(judge_key, keys)
        hits = sum(k in cached for k in keys)
        if tick and hits:
            tick(hits, free=True)
        first_of: dict[str, int] = {}
        for i, k in enumerate(keys):
            if k not in cached:
                first_of.setdefault(k, i)
        first = self.first_chunk or FIRST_CHUNK.get(judge.get_tags().cost_class, 64)
        todo = list(first_of.values())
        chunks = chunker(todo, first)
        if todo and judge_key not in self._timed and chunker == self._chunks:
            # A judge's first call pays its warm-up (imports, worker start): timed alone, it stays one
            # sample's outlier instead of inflating a whole chunk (the median per sample excludes it).
            self._timed.add(judge_key)
            chunks = itertools.chain([todo[:1]], chunker(todo[1:], first))
        spent = [0.0]  # seconds inside other judges the judge reads (judged, or found, through the cache)

        def judge_with(other: Judge, batch: Sequence[Sample]) -> tuple[list[Verdict], list[float]]:
            t = time.perf_counter()
            try:
                return self.judge_samples(other, batch)
            finally:
                spent[0] += time.perf_counter() - t

        if todo:
            self._load(judge, judge_key)
        for chunk in chunks:
            spent[0], t0 = 0.0, time.perf_counter()
            failed: set[str] = set()  # samples on which a judge this one reads failed
            self._reads.append(failed)
            try:
                verdicts, read_seconds = self._timed_batch(judge, judge_key, [samples[i] for i in chunk], judge_with)
            finally:
                self._reads.pop()
            own = (time.perf_counter() - t0 - spent[0]) / max(len(chunk), 1)
            done = [(keys[i], v, own + s) for i, v, s in zip(chunk, verdicts, read_seconds)]
            lost = sum(samples[i].content_hash() in failed for i in chunk)
            lost += self.cache.put_many(judge_key, [d for i, d in zip(chunk, done)
                                                    if samples[i].content_hash() not in failed])
            self._not_cached[judge_key] = self._not_cached.get(judge_key, 0) + lost
            cached.update({k: (v, s) for k, v, s in done})
            if tick:
                tick(len(chunk))
        return [cached[k][0] for k in keys], [cached[k][1] for k in keys], hits

    def _load(self, judge: Judge, judge_key: str) -> None:
        """`judge.load()` once, before its first batch: a judge that cannot load stops here, with
        its cause, instead of giving an error on every row."""
        if judge_key in self._loaded:
            return
        try:
            judge.load()
        except Exception as exc:  # noqa: BLE001 - any cause is reported, in one line
            raise JudgeFailed(repr(judge), f"cannot load: {_first_line(f'{type(exc).__name__}: {exc}')}") from exc
        self._loaded.add(judge_key)

    def _timed_batch(self, judge: Judge, judge_key: str, batch: list[Sample], judge_with: Callable
                     ) -> tuple[list[Verdict], list[float]]:
        """`judge.judge_with_signals(batch)` within `batch_timeout` seconds. It runs in a daemon
        thread (so this works from any thread, and a stuck judge cannot hold the process at exit);
        past the limit its rows are time-limit no-verdicts and the judge gets no more batches."""
        if judge_key in self._stuck:
            return [Verdict.none(NoVerdict.TIMEOUT, self._stuck[judge_key]) for _ in batch], [0.0] * len(batch)
        if self.batch_timeout is None:
            return judge.judge_with_signals(batch, judge_with)
        box: dict[str, Any] = {}

        def call() -> None:
            try:
                box["out"] = judge.judge_with_signals(batch, judge_with)
            except BaseException as exc:  # noqa: BLE001 - raised again in the caller's thread
                box["exc"] = exc

        worker = threading.Thread(target=call, name=f"judge-batch-{judge_key[:8]}", daemon=True)
        worker.start()
        worker.join(self.batch_timeout)
        if worker.is_alive():
            self._stuck[judge_key] = (f"batch time limit: a batch of {len(batch)} ran past "
                                      f"{self.batch_timeout:g} s; the judge got no more rows")
            return self._timed_batch(judge, judge_key, batch, judge_with)
        if "exc" in box:
            raise box["exc"]
        return box["out"]

    @staticmethod
    def _chunks(todo: list[int], first: int):
        """Chunks that grow while each takes under CHUNK_SECONDS."""
        size, start = first, 0
        while start < len(todo):
            t0 = time.perf_counter()
            yield todo[start:start + size]
            start += size
            if time.perf_counter() - t0 < CHUNK_SECONDS:
                size = min(size * 2, MAX_CHUNK)


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.=+-]+", "_", text)[:120]


def _rows_of(ds: Dataset, limit: int | None, shard: tuple[int, int] | None,
             exclude_ids: dict[str, set[str]] | None) -> tuple[list[Row], dict[str, int]]:
    rows = shard_rows(limit_rows(ds.scorable(), limit), shard)
    excluded = ds.exclusions()
    if exclude_ids is not None:
        flagged = exclude_ids.get(ds.name, set())
        excluded["flagged_reference"] = sum(r.id in flagged for r in rows)
        rows = [r for r in rows if r.id not in flagged]
    return rows, excluded


def run(judge_specs: Sequence[str | Judge], datasets: Sequence[Dataset], *, split: str | None,
        out_dir: str | Path | None, cache: VerdictCache, limit: int | None = None,
        progress: bool | RunProgress = True, exclude_ids: dict[str, set[str]] | None = None,
        shard: tuple[int, int] | None = None, batch_size: int | None = None, workers: int = 1,
        keep_going: bool = False, batch_timeout: float | None = BATCH_TIMEOUT,
        executor: Executor | None = None) -> dict[str, Any]:
    """Judge every (judge, dataset) pair; write results.json and verdict files to `out_dir` (if
    given) and return the results document as a dict (`run_document` gives the typed one).

    `judge_specs`: spec strings or Judge instances (named by their repr). `exclude_ids`: dataset ->
    row ids left out of scoring after `limit` (flagged references, `judgesuite audit-references`),
    counted as `excluded.flagged_reference`. `shard` = (i, n): only shard i of n of every set.
    `batch_size`: the first chunk's size (chunks then grow while fast). `executor`: who judges
    (default `LocalExecutor(workers)`: this process, or `workers` > 1 forked processes;
    `ray_executor.RayExecutor`: a Ray cluster); results and cache are the same on every executor.
    A judge that cannot load, or fails on every row of a set, raises `JudgeFailed` (no results are
    written); `keep_going=True` lists it in `skipped` instead and goes on. `batch_timeout`: seconds
    a batch may take before its rows become time-limit no-verdicts (`Runner._timed_batch`).
    """
    return run_document(judge_specs, datasets, split=split, out_dir=out_dir, cache=cache, limit=limit,
                        progress=progress, exclude_ids=exclude_ids, shard=shard, batch_size=batch_size,
                        workers=workers, keep_going=keep_going, batch_timeout=batch_timeout,
                        executor=executor).to_dict()


def run_document(judge_specs: Sequence[str | Judge], datasets: Sequence[Dataset], *, split: str | None,
                 out_dir: str | Path | None, cache: VerdictCache, limit: int | None = None,
                 progress: bool | RunProgress = True, exclude_ids: dict[str, set[str]] | None = None,
                 shard: tuple[int, int] | None = None, batch_size: int | None = None, workers: int = 1,
                 keep_going: bool = False, batch_timeout: float | None = BATCH_TIMEOUT,
                 executor: Executor | None = None) -> ResultsDoc:
    """`run`, returning the typed `ResultsDoc`."""
    started = time.perf_counter()
    out = Path(out_dir) if out_dir is not None else None
    if out is not None:
        (out / "verdicts").mkdir(parents=True, exist_ok=True)
    plan = [(spec, ds) for spec in judge_specs for ds in datasets]

    def make_bars() -> RunProgress:
        return progress if isinstance(progress, RunProgress) else RunProgress(
            enabled=bool(progress), total=sum(len(_rows_of(ds, limit, shard, exclude_ids)[0]) for _, ds in plan))

    runner = Runner(cache, first_chunk=batch_size, batch_timeout=batch_timeout)
    entries, skipped, records = [], [], {}
    executor = executor if executor is not None else LocalExecutor(workers)
    work = RunPlan(tuple(judge_specs), tuple(datasets), limit, shard, exclude_ids)
    with executor.start(work, runner, make_bars) as judging:
        # each pair is taken as soon as its tasks are back, while the executor judges the next ones
        for name, judge, ds, judged, excluded in _judge_plan(judge_specs, datasets, runner, limit, shard,
                                                             exclude_ids, skipped, judging.judged, keep_going):
            entry = build_entry(name, judge, ds, split, judged, excluded)
            entry.cost.not_cached = judged.not_cached
            records[(name, ds.name)] = verdict_records(judged)
            if out is not None:
                vfile = out / "verdicts" / f"{_slug(name)}__{_slug(ds.name)}.jsonl.gz"
                write_verdict_file(vfile, records[(name, ds.name)])
                entry.verdicts_file = str(vfile.relative_to(out))
            entries.append(entry)
            if f"{name} / {ds.name}" in judging.profiles:  # where the workers' time went
                entry.cost.profile = judging.profiles[f"{name} / {ds.name}"]
    doc = ResultsDoc(
        created=datetime.now(timezone.utc).isoformat(timespec="seconds"), split=split, limit=limit,
        hardware=hardware(), wall_seconds=round(time.perf_counter() - started, 3), entries=entries,
        skipped=skipped, shard=f"{shard[0]}/{shard[1]}" if shard else None,
        # rows without a "Final answer:" line per model and format (paper Tables 13-15); what each
        # final-answer judge loses to parsing is an analysis of its verdicts (analysis/format_stats.py)
        format_stats={ds.name: format_groups(shard_rows(limit_rows(ds.scorable(), limit), shard))
                      for ds in datasets if not ds.probe and any(e.dataset == ds.name for e in entries)},
        records=records)
    if out is not None:
        doc.write(out / "results.json")
    return doc


def _judge_plan(judge_specs: Sequence[str | Judge], datasets: Sequence[Dataset], runner: Runner,
                limit: int | None, shard: tuple[int, int] | None, exclude_ids: dict[str, set[str]] | None,
                skipped: list[dict[str, str]], judge_pair: Callable[..., JudgedRows] | None = None,
                keep_going: bool = False) -> Iterator[tuple[str, Judge, Dataset, JudgedRows, dict[str, int]]]:
    """(name, judge, dataset, judged rows, exclusions) of every (judge, dataset) pair, judged through
    `runner` (or `judge_pair(judge index, dataset index, judge, rows, label)`); pairs whose rows the judge handles none of go to
    `skipped`. A judge that cannot load or fails on every row of a set raises `JudgeFailed`, or
    with `keep_going` goes to `skipped` with its cause."""
    for j, spec in enumerate(judge_specs):
        judge = make_judge(spec) if isinstance(spec, str) else spec
        name = spec if isinstance(spec, str) else (spec_of(spec) or repr(spec))
        try:
            for d, ds in enumerate(datasets):
                rows, excluded = _rows_of(ds, limit, shard, exclude_ids)
                typed = [r.sample for r in rows if judge.supports(r.sample.task_type)]
                why = ((judge.skip_reason(typed) or (None if any(map(judge.covers, typed))
                                                     else "the judge covers none of these rows")) if typed
                       else f"judge handles {', '.join(sorted(judge.get_tags().task_types or []))} only")
                if why:
                    skipped.append({"judge": name, "dataset": ds.name, "why": why})
                    if runner.progress:
                        runner.progress.skip(len(rows))
                    continue
                label = f"{name} / {ds.name}"
                try:
                    judged = (judge_pair(j, d, judge, rows, label) if judge_pair is not None
                              else runner.judge_rows(judge, rows, label=label))
                    _check_not_all_failed(judged)
                except JudgeFailed as exc:
                    if not keep_going:
                        raise JudgeFailed(name, exc.cause) from exc
                    skipped.append({"judge": name, "dataset": ds.name, "why": exc.cause, "failed": "yes"})
                    continue
                yield name, judge, ds, judged, excluded
        finally:
            if isinstance(spec, str):
                judge.close()


def _check_not_all_failed(judged: JudgedRows) -> None:
    """Raise `JudgeFailed` if every verdict of the pair is an error or a time limit."""
    if judged.verdicts and not any(v.cacheable for v in judged.verdicts):
        v = judged.verdicts[0]
        raise JudgeFailed("", f"failed on every row ({len(judged.verdicts)}): {v.reason.value if v.reason else ''}"
                              f" {_first_line(v.detail or '')}".rstrip())
