"""The judging loop: one judge over rows, through the verdict cache.

Every verdict is stored in the SQLite cache as soon as its chunk is done; a run that is
interrupted resumes where it stopped, and a repeated run computes nothing. A composite judge's
reads (`Judge.reads()`, judges/composite.py: the stages of cascade and regex+encoder, the sympy and
encoder verdicts `stacked` reads) are expanded here: each read judge goes through this loop under
its own identity, then the composite's `combine` decides; no judge calls back into the runner.
A batch-dependent judge gets fixed batches (all candidates of one question, in
content order) and its cache key covers the batch, so a cached verdict is always the one the
judge gives that batch. Executors (executor.py, workers.py, ray_executor.py) run this loop on
their parts; runner.py plans the parts and writes the results.
"""
from __future__ import annotations

import functools
import hashlib
import itertools
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from judgesuite.judges.base import JUDGE_CODE_ERRORS, Judge
from judgesuite.judges.composite import Read, ReadVerdicts, spread
from judgesuite.judges.types import NoVerdict, Sample, Verdict
from judgesuite.suite.data.loader import Dataset, Row
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.evaluation.results_entry import JudgedRows
from judgesuite.suite.evaluation.progress import RunProgress


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


def first_line(text: str) -> str:
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

    def __post_init__(self) -> None:
        if self.first_chunk is not None and (isinstance(self.first_chunk, bool) or not isinstance(self.first_chunk, int)
                                             or self.first_chunk < 1):  # 0 or less never took a row: a hang
            raise ValueError(f"batch size must be a whole number >= 1, got {self.first_chunk!r}")

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
                verdicts, seconds, hits, _ = self._judge_grouped(judge, supported, tick)
            else:
                verdicts, seconds, hits, _ = self._judge(judge, [r.sample for r in supported], tick)
        finally:
            if self.progress:
                self.progress.done(label)
        return JudgedRows(rows=supported, verdicts=verdicts, seconds=seconds, from_cache=hits,
                          unsupported=len(rows) - len(supported), not_cached=self._not_cached.get(key, 0) - before)

    def judge_samples(self, judge: Judge, samples: Sequence[Sample]) -> tuple[list[Verdict], list[float]]:
        """Verdicts and seconds per sample through the cache (for scripts, studies and training)."""
        verdicts, seconds, _, _ = self._judge(judge, list(samples), None)
        return verdicts, seconds

    def _judge(self, judge: Judge, samples: list[Sample], tick: Callable[..., None] | None
               ) -> tuple[list[Verdict], list[float], int, list[bool]]:
        """Verdicts, seconds per sample, cache hits, and per sample whether the verdict is a failure
        or was built on one (then a composite reading it must not store what it builds)."""
        if judge.recombined:
            # recombined from the reads' cached verdicts: nothing of its own to cache
            reads, seconds, tainted = self._expand(judge.reads(), samples)
            t0 = time.perf_counter()
            verdicts = judge.judge_from(samples, reads)
            own = (time.perf_counter() - t0) / max(len(samples), 1)
            tainted = [t or not v.cacheable for t, v in zip(tainted, verdicts)]
            key = judge.cache_key()
            self._not_cached[key] = self._not_cached.get(key, 0) + sum(tainted)
            if tick:
                tick(len(samples), free=True)
            return verdicts, [own + s for s in seconds], 0, tainted
        keys = [s.content_hash() for s in samples]
        if judge.get_tags().keyed_by_id:  # rows with one content may carry different imported verdicts
            keys = [hashlib.sha256(f"{s.id}\0{k}".encode("utf-8", "surrogatepass")).hexdigest()
                    for s, k in zip(samples, keys)]
        return self._cached(judge, keys, samples, tick, self._chunks)

    def _expand(self, reads: Sequence[Read], samples: list[Sample]) -> tuple[ReadVerdicts, list[float], list[bool]]:
        """The reads' verdicts, each read judge through this cached loop; per sample the seconds
        they cost (added to the composite's own) and whether one of them failed."""
        got: ReadVerdicts = {}
        seconds, tainted = [0.0] * len(samples), [False] * len(samples)
        for read in reads:
            idx = read.picks(samples, got)
            verdicts, secs, _, bad = self._judge(read.judge, [samples[i] for i in idx], None) if idx else ([], [], 0, [])
            for i, s, b in zip(idx, secs, bad):
                seconds[i] += s
                tainted[i] = tainted[i] or b
            got[read.name] = spread(idx, verdicts, len(samples))
        return got, seconds, tainted

    def _judge_grouped(self, judge: Judge, rows: list[Row], tick: Callable[..., None] | None
                       ) -> tuple[list[Verdict], list[float], int, list[bool]]:
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
                chunker: Callable) -> tuple[list[Verdict], list[float], int, list[bool]]:
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
        if todo:
            self._load(judge, judge_key)
        reads = judge.reads() if todo else ()
        tainted: set[str] = set()  # keys whose verdict failed or was built on a read's failure
        for chunk in chunks:
            batch = [samples[i] for i in chunk]
            read_seconds, failed = [0.0] * len(batch), [False] * len(batch)
            if judge_key in self._stuck:
                verdicts = [Verdict.none(NoVerdict.TIMEOUT, self._stuck[judge_key]) for _ in batch]
            else:
                if reads:
                    got, read_seconds, failed = self._expand(reads, batch)
                t0 = time.perf_counter()
                call = functools.partial(judge.judge_from, batch, got) if reads else functools.partial(judge.judge, batch)
                verdicts = self._timed_batch(judge, judge_key, len(batch), call)
                own = (time.perf_counter() - t0) / max(len(chunk), 1)
                read_seconds = [own + s for s in read_seconds]
            done = [(keys[i], v, s) for i, v, s in zip(chunk, verdicts, read_seconds)]
            lost = sum(failed)
            lost += self.cache.put_many(judge_key, [d for d, bad in zip(done, failed) if not bad])
            self._not_cached[judge_key] = self._not_cached.get(judge_key, 0) + lost
            tainted.update(k for (k, v, _), bad in zip(done, failed) if bad or not v.cacheable)
            cached.update({k: (v, s) for k, v, s in done})
            if tick:
                tick(len(chunk))
        return ([cached[k][0] for k in keys], [cached[k][1] for k in keys], hits, [k in tainted for k in keys])

    def _load(self, judge: Judge, judge_key: str) -> None:
        """`judge.load()` once, before its first batch: a judge that cannot load stops here, with
        its cause, instead of giving an error on every row."""
        if judge_key in self._loaded:
            return
        try:
            judge.load()
        except JUDGE_CODE_ERRORS as exc:  # noqa: BLE001 - any cause is reported, in one line
            raise JudgeFailed(repr(judge), f"cannot load: {first_line(f'{type(exc).__name__}: {exc}')}") from exc
        self._loaded.add(judge_key)

    def _timed_batch(self, judge: Judge, judge_key: str, n: int, call: Callable[[], list[Verdict]]
                     ) -> list[Verdict]:
        """`call()` (the judge on a batch of n samples) within `batch_timeout` seconds. It runs in a
        daemon thread (so this works from any thread, and a stuck judge cannot hold the process at
        exit); past the limit the batch's rows are time-limit no-verdicts and the judge gets no more batches."""
        if self.batch_timeout is None:
            return call()
        box: dict[str, Any] = {}

        def run() -> None:
            try:
                box["out"] = call()
            except BaseException as exc:  # noqa: BLE001 - raised again in the caller's thread
                box["exc"] = exc

        worker = threading.Thread(target=run, name=f"judge-batch-{judge_key[:8]}", daemon=True)
        worker.start()
        worker.join(self.batch_timeout)
        if worker.is_alive():
            self._stuck[judge_key] = (f"batch time limit: a batch of {n} ran past "
                                      f"{self.batch_timeout:g} s; the judge got no more rows")
            return [Verdict.none(NoVerdict.TIMEOUT, self._stuck[judge_key]) for _ in range(n)]
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



def rows_of(ds: Dataset, limit: int | None, shard: tuple[int, int] | None,
             exclude_ids: dict[str, set[str]] | None) -> tuple[list[Row], dict[str, int]]:
    rows = shard_rows(limit_rows(ds.scorable(), limit), shard)
    excluded = ds.exclusions()
    if exclude_ids is not None:
        flagged = exclude_ids.get(ds.name, set())
        excluded["flagged_reference"] = sum(r.id in flagged for r in rows)
        rows = [r for r in rows if r.id not in flagged]
    return rows, excluded
