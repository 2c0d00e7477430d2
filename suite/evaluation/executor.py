"""Who judges a run: the runner plans (judge, set, part) tasks, an executor runs them and hands
back verdict records, and the driver alone writes the user's cache, results and page.

`workers.LocalExecutor` judges in this process, or on a pool of forked worker processes;
`ray_executor.RayExecutor` on a Ray cluster. Workers run every task the
same way (`TaskWorker`): the runner's own `Runner` over a `TaskCache` that reads the run's cache
and keeps what the task would store, which the driver then writes. Every message between a
worker and the driver is one of the typed records below, so a run on any executor gives the
verdicts (and the cache) of a run in one process.
"""
from __future__ import annotations

import dataclasses
import importlib
import os
import sys
import traceback
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from judgesuite.judges.base import Judge
from judgesuite.judges.cpu_share import CPUS_ENV
from judgesuite.judges.types import Verdict
from judgesuite.suite.data.loader import Dataset, Row
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.evaluation.results_entry import JudgedRows
from judgesuite.suite.evaluation.progress import RunProgress


@dataclass(frozen=True)
class RunPlan:
    """What every worker of a run needs, sent once: the judges (specs or instances), the sets, the
    row selection, the `Runner`'s settings and the modules that register the run's judges."""

    judges: tuple[str | Judge, ...]
    datasets: tuple[Dataset, ...]
    limit: int | None = None
    shard: tuple[int, int] | None = None
    exclude_ids: dict[str, set[str]] | None = None
    runner_options: dict[str, Any] = field(default_factory=dict)
    modules: tuple[str, ...] = ()

    def rows(self, dataset: int) -> list[Row]:
        """The pair's rows, in the runner's order (what `part` indexes)."""
        from judgesuite.suite.evaluation.judging import rows_of

        return rows_of(self.datasets[dataset], self.limit, self.shard, self.exclude_ids)[0]

    def part_rows(self, rows: list[Row], part: tuple[int, int]) -> list[Row]:
        """Part (w, W) of a pair's rows: within shard (i, n) of the run, the questions hashing to
        i + n*w mod n*W (the same hash splits the shard again)."""
        from judgesuite.suite.evaluation.judging import shard_rows

        if part[1] == 1:
            return rows
        i, n = self.shard or (0, 1)
        return shard_rows(rows, (i + n * part[0], n * part[1]))

    def label(self, task: "JudgeTask") -> str:
        return f"{judge_name(self.judges[task.judge])} / {self.datasets[task.dataset].name}"


@dataclass(frozen=True)
class JudgeTask:
    """Part `part` = (i, n) of judge `judge` on set `dataset` (indices into the `RunPlan`): the
    pair's rows whose question hashes to i mod n (`runner.shard_rows`; a question stays whole)."""

    task: int
    judge: int
    dataset: int
    part: tuple[int, int] = (0, 1)


@dataclass(frozen=True)
class CacheWrite:
    """What a task stored under one judge identity: (sample key, verdict, seconds) items."""

    judge_key: str
    identity: dict[str, Any] | None
    items: tuple[tuple[str, Verdict, float], ...]


@dataclass(frozen=True)
class TaskDone:
    """A task's verdicts: `positions` are the judged rows' places among the pair's rows
    (`RunPlan.rows`), `counts` the integer fields of its `JudgedRows` (from_cache, unsupported, ...)."""

    task: int
    positions: tuple[int, ...]
    verdicts: tuple[Verdict, ...]
    seconds: tuple[float, ...]
    counts: dict[str, int]
    writes: tuple[CacheWrite, ...]
    profile: dict[str, float]


@dataclass(frozen=True)
class TaskFailed:
    """A task that raised: `load` when the judge could not load or failed on every row
    (`runner.JudgeFailed`), else `cause` is the exception's first line and `detail` its traceback."""

    task: int
    judge: str
    cause: str
    detail: str = ""
    load: bool = False


class ExecutorError(RuntimeError):
    """A task that failed on a worker for another reason than its judge (the message is one line;
    `detail` holds the worker's traceback)."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail


class CacheReader(Protocol):
    def get_many(self, judge_key: str, hashes: Sequence[str]) -> dict[str, tuple[Verdict, float]]: ...


def judge_name(judge: str | Judge) -> str:
    """A judge's name in results: its spec, or a registered instance's spec, or its repr."""
    if isinstance(judge, str):
        return judge
    from judgesuite.judges.registry import spec_of

    return spec_of(judge) or repr(judge)


def judge_modules(judges: Sequence[str | Judge]) -> tuple[str, ...]:
    """Modules to import in a worker before it builds the run's judges: those of registered plugin
    classes (a fresh process knows only the shipped judges)."""
    from judgesuite.judges.registry import get_judge_class
    from judgesuite.judges.specs import parse_judge_spec

    out = set()
    for j in judges:
        try:
            cls = get_judge_class(parse_judge_spec(j)[0]) if isinstance(j, str) else type(j)
        except Exception:  # noqa: BLE001 - an unknown name fails, with its own message, where it is built
            continue
        if cls.__module__ != "__main__" and not cls.__module__.startswith("judgesuite."):
            out.add(cls.__module__)
    return tuple(sorted(out))


class TaskCache:
    """The verdict cache a worker's `Runner` sees for one task: reads go to what this task stored,
    then to the run's cache (`reader`, read only); writes are kept (`writes()`) for the driver to store."""

    def __init__(self, reader: CacheReader | None) -> None:
        self.path = ":task:"
        self._reader = reader
        self._identities: dict[str, dict[str, Any]] = {}
        self._items: dict[str, dict[str, tuple[Verdict, float]]] = {}
        self._writes: list[tuple[str, list[tuple[str, Verdict, float]]]] = []

    def register_judge(self, judge_key: str, identity: dict[str, Any]) -> None:
        self._identities.setdefault(judge_key, identity)

    def get_many(self, judge_key: str, hashes: Sequence[str]) -> dict[str, tuple[Verdict, float]]:
        own = self._items.get(judge_key, {})
        out = {h: own[h] for h in hashes if h in own}
        missing = [h for h in hashes if h not in out]
        if missing and self._reader is not None:
            out.update(self._reader.get_many(judge_key, missing))
        return out

    def put_many(self, judge_key: str, items: Sequence[tuple[str, Verdict, float]]) -> int:
        """Keeps every item (the driver's `VerdictCache.put_many` decides what is stored); serves
        back only cacheable ones. Returns how many the cache will leave out."""
        items = list(items)
        self._items.setdefault(judge_key, {}).update({h: (v, s) for h, v, s in items if v.cacheable})
        self._writes.append((judge_key, items))
        return sum(not v.cacheable for _, v, _ in items)

    def writes(self) -> tuple[CacheWrite, ...]:
        merged: dict[str, list] = {}
        for key, items in self._writes:
            merged.setdefault(key, []).extend(items)
        return tuple(CacheWrite(k, self._identities.get(k), tuple(v)) for k, v in merged.items())


def write_back(cache: VerdictCache, writes: Sequence[CacheWrite]) -> None:
    """Store a task's writes in the run's cache (the driver's side of `TaskCache`)."""
    for w in writes:
        if w.identity is not None:
            cache.register_judge(w.judge_key, w.identity)
        if w.items:
            cache.put_many(w.judge_key, list(w.items))


class TaskWorker:
    """A worker's side of a run: one `Runner` (the run's settings) and the judge it holds, built
    once and kept for the next task of the same judge (a model loads once per worker)."""

    def __init__(self, plan: RunPlan, reader: CacheReader | None, progress: RunProgress | None = None,
                 threads: int | None = None) -> None:
        from judgesuite.suite.evaluation.judging import Runner

        if threads:  # read when torch / BLAS load in this process, and by the judges' process pools
            for var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS", CPUS_ENV):
                os.environ[var] = str(threads)
            if "torch" in sys.modules:
                sys.modules["torch"].set_num_threads(threads)
        for module in plan.modules:
            importlib.import_module(module)
        self.plan, self.reader = plan, reader
        self.runner = Runner(TaskCache(reader), progress=progress, **plan.runner_options)
        self._held: tuple[int, Judge] | None = None

    def judge(self, index: int) -> Judge:
        if self._held is None or self._held[0] != index:
            self.release()
            spec = self.plan.judges[index]
            from judgesuite.judges.registry import make_judge

            self._held = (index, make_judge(spec) if isinstance(spec, str) else spec)
        return self._held[1]

    def run(self, task: JudgeTask) -> TaskDone | TaskFailed:
        from judgesuite.suite.evaluation.judging import JudgeFailed

        name = judge_name(self.plan.judges[task.judge])
        try:
            judge = self.judge(task.judge)
            everything = self.plan.rows(task.dataset)
            rows = self.plan.part_rows(everything, task.part)
            cache = self.runner.cache = TaskCache(self.reader)
            profile = getattr(judge, "profile", None)
            before = dict(profile()) if callable(profile) else {}
            judged = self.runner.judge_rows(judge, rows, label=self.plan.label(task))
            after = dict(profile()) if callable(profile) else {}
        except JudgeFailed as exc:
            return TaskFailed(task.task, name, exc.cause, load=True)
        except Exception as exc:  # noqa: BLE001 - handed to the driver, which raises it
            return TaskFailed(task.task, name, f"{type(exc).__name__}: {exc}".splitlines()[0][:300],
                              traceback.format_exc())
        place = {id(r): i for i, r in enumerate(everything)}
        counts = {f.name: getattr(judged, f.name) for f in dataclasses.fields(judged)
                  if isinstance(getattr(judged, f.name), int)}
        return TaskDone(task.task, tuple(place[id(r)] for r in judged.rows), tuple(judged.verdicts),
                        tuple(judged.seconds), counts, cache.writes(),
                        {k: v - before.get(k, 0.0) for k, v in after.items()})

    def release(self) -> None:
        """Close the judge held (one built here from a spec; an instance belongs to the caller)."""
        if self._held is not None and isinstance(self.plan.judges[self._held[0]], str):
            self._held[1].close()
        self._held = None


def runner_options(runner: Any) -> dict[str, Any]:
    """A `Runner`'s settings (its public init fields but the cache, progress and log), for the
    workers' runners."""
    return {f.name: getattr(runner, f.name) for f in dataclasses.fields(runner)
            if f.init and not f.name.startswith("_") and f.name not in ("cache", "progress", "log")}


class Judging(ABC):
    """An executor started on one run: `judged(judge index, dataset index, judge, rows, label)`
    gives a pair's verdicts (the runner asks for the pairs in plan order); `profiles` the
    workers' time per pair label."""

    bars: RunProgress
    profiles: dict[str, dict[str, float]]

    @abstractmethod
    def judged(self, j: int, d: int, judge: Judge, rows: list[Row], label: str) -> JudgedRows: ...

    def close(self) -> None:
        self.bars.close()

    def __enter__(self) -> "Judging":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


Bars = RunProgress | Callable[[], RunProgress]


def progress_of(bars: Bars) -> RunProgress:
    """The run's progress: given, or made now by its factory (after a fork, so that no progress
    thread is copied into the workers)."""
    return bars if isinstance(bars, RunProgress) else bars()


class Executor(ABC):
    """Runs a run's tasks. `start(plan, runner, bars)`: the `Judging` of one run (`bars`: its
    `RunProgress`, or a factory of it, e.g. `functools.partial(RunProgress, enabled, total)`)."""

    name = "executor"

    @abstractmethod
    def start(self, plan: RunPlan, runner: Any, bars: Bars) -> Judging: ...


class InProcess(Judging):
    """Judging in the driver, through its own runner and the run's cache (no tasks, no copies)."""

    def __init__(self, runner: Any, bars: RunProgress) -> None:
        self.runner, self.bars, self.profiles = runner, bars, {}
        runner.progress = bars

    def judged(self, j: int, d: int, judge: Judge, rows: list[Row], label: str) -> JudgedRows:
        return self.runner.judge_rows(judge, rows, label=label)


class Dispatching(Judging):
    """The driver's side of a run on workers: every task is submitted at the start; each result is
    written to the cache as it arrives (so an interrupted run keeps it); a pair is handed to the
    runner once all its parts are back. `messages` yields TaskDone / TaskFailed (and progress
    events) in the order they arrive; `on_message` sees each (to draw progress); `done`: tasks
    answered from the cache without a worker; `on_close` stops the workers."""

    def __init__(self, plan: RunPlan, tasks: Sequence[JudgeTask], cache: VerdictCache,
                 messages: Iterator[Any], bars: RunProgress, on_message: Callable[[Any], None] | None = None,
                 done: Sequence[TaskDone] = (), on_close: Callable[[], None] | None = None) -> None:
        self.plan, self.cache, self.bars, self.profiles = plan, cache, bars, {}
        self._messages, self._on_message, self._on_close = messages, on_message, on_close
        self._pairs: dict[tuple[int, int], list[int]] = {}  # (judge, dataset) -> its tasks
        for t in tasks:
            self._pairs.setdefault((t.judge, t.dataset), []).append(t.task)
        self._results: dict[int, TaskDone | TaskFailed] = {t.task: t for t in done}

    def judged(self, j: int, d: int, judge: Judge, rows: list[Row], label: str) -> JudgedRows:
        from judgesuite.suite.evaluation.judging import JudgeFailed

        ids = self._pairs.pop((j, d))
        while any(i not in self._results for i in ids):
            self._receive()
        parts = [self._results.pop(i) for i in ids]
        for p in parts:
            if isinstance(p, TaskFailed):
                if p.load:
                    raise JudgeFailed(p.judge, p.cause)
                raise ExecutorError(f"judging {label} failed on a worker: {p.cause}", p.detail)
        order = sorted((pos, v, s) for p in parts for pos, v, s in zip(p.positions, p.verdicts, p.seconds))
        counts: dict[str, int] = {}
        profile: dict[str, float] = {}
        for p in parts:
            for k, n in p.counts.items():
                counts[k] = counts.get(k, 0) + n
            for k, s in p.profile.items():
                profile[k] = profile.get(k, 0.0) + s
        self.profiles[label] = profile
        return JudgedRows(rows=[rows[i] for i, _, _ in order], verdicts=[v for _, v, _ in order],
                          seconds=[s for _, _, s in order], **counts)

    def _receive(self) -> None:
        try:
            message = next(self._messages)
        except StopIteration:
            raise ExecutorError("the executor ended before every task was judged") from None
        if isinstance(message, TaskDone):
            write_back(self.cache, message.writes)
            self._results[message.task] = message
        elif isinstance(message, TaskFailed):
            self._results[message.task] = message
        if self._on_message is not None:
            self._on_message(message)

    def close(self) -> None:
        try:
            if self._on_close is not None:
                self._on_close()
        finally:
            super().close()
