"""The local executor: judging in this process, or on worker processes of this machine.

With `workers` > 1 the run's tasks go to a `concurrent.futures.ProcessPoolExecutor` of forked
processes: worker w of n judges part w of n of every (judge, set) pair (whole questions,
`runner.shard_rows`) with its share of the cores as threads, reads the run's verdict cache and
hands its verdicts back; the driver stores them and builds the results, so they equal those of a
one-process run (timings aside). On 2 cores two one-thread workers judge ~10% faster than one
two-thread process, and the single-threaded rule and symbolic judges of one worker overlap the
other's model judges.

Workers are forked (Linux), so judges registered in this process and Judge instances reach them;
where fork is unsafe (no fork, or torch already loaded here) the run stays in one process. A
worker ends with its parent (PR_SET_PDEATHSIG, and a check that the parent did not die first),
and there are never more workers than usable cores.
"""
from __future__ import annotations

import ctypes
import multiprocessing
import multiprocessing.util
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from queue import Empty
from typing import Any

from judgesuite.judges.cpu_share import usable_cpus
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.evaluation.executor import (Bars, Dispatching, Executor, ExecutorError, InProcess, Judging,
                                                  JudgeTask, RunPlan, TaskDone, TaskFailed, TaskWorker, progress_of,
                                                  runner_options)
from judgesuite.suite.evaluation.progress import RunProgress

# A smaller run does not repay a second process's model loading (seconds per model).
MIN_SAMPLES_PER_WORKER = 2000
MAX_AUTO_WORKERS = 4
PR_SET_PDEATHSIG = 1  # linux/prctl.h


def can_fork() -> bool:
    """Whether worker processes can be forked safely here (Linux, torch's thread pools not started)."""
    return sys.platform.startswith("linux") and "torch" not in sys.modules


def auto_workers(cost_classes: Sequence[str], samples: int) -> int:
    """Workers for a run: one per core (at most 4) when every judge is a CPU judge (rule or
    encoder) and each worker gets at least MIN_SAMPLES_PER_WORKER samples; else 1. LLM judges
    stay in one process: their server or GPU is the bottleneck, and each worker would load them."""
    if not can_fork() or any(c not in ("rule", "encoder") for c in cost_classes):
        return 1
    return max(1, min(usable_cpus(), MAX_AUTO_WORKERS, samples // MIN_SAMPLES_PER_WORKER))


def capped_workers(asked: int) -> int:
    """`asked` workers, at most one per usable core (a note on stderr when that cuts them)."""
    cores = usable_cpus()
    if asked > cores:
        print(f"judgesuite: {asked} workers asked for, {cores} usable cores: judging on {cores}", file=sys.stderr)
    return max(1, min(asked, cores))


def end_with_parent(parent: int) -> None:
    """Have Linux kill this process when its parent dies, and end now if it already has (between
    the fork and the prctl call the signal would not be delivered)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: the check below still runs
        pass
    if os.getppid() != parent:
        os._exit(1)


@dataclass(frozen=True)
class BarStarted:
    worker: int
    label: str
    total: int


@dataclass(frozen=True)
class Ticked:
    worker: int
    label: str
    n: int
    free: bool


@dataclass(frozen=True)
class BarDone:
    worker: int
    label: str


@dataclass(frozen=True)
class RowsSkipped:
    worker: int
    n: int


class QueueProgress(RunProgress):
    """A worker's progress, sent to the driver as events instead of drawn."""

    def __init__(self, queue: Any, worker: int) -> None:
        super().__init__(enabled=True, total=0)  # total 0: no bar of its own
        self._queue, self._worker = queue, worker

    def bar(self, label: str, total: int, position: int = 1) -> Callable[..., None]:
        self._queue.put(BarStarted(self._worker, label, total))
        return lambda n, free=False: self._queue.put(Ticked(self._worker, label, n, free))

    def done(self, label: str) -> None:
        self._queue.put(BarDone(self._worker, label))

    def skip(self, n: int) -> None:
        self._queue.put(RowsSkipped(self._worker, n))

    def close(self) -> None:
        pass


_WORKER: TaskWorker | None = None  # this worker process's state


def _start_worker(plan: RunPlan, cache_path: str, queue: Any, parent: int, workers: int, slot: Any) -> None:
    end_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the driver's: it stops the workers
    with slot.get_lock():
        index = slot.value
        slot.value += 1
    global _WORKER
    _WORKER = TaskWorker(plan, VerdictCache(cache_path), QueueProgress(queue, index),
                         threads=max(1, usable_cpus() // workers))
    multiprocessing.util.Finalize(None, _WORKER.release, exitpriority=10)  # runs when the worker exits


def _run_task(task: JudgeTask) -> TaskDone | TaskFailed:
    assert _WORKER is not None
    return _WORKER.run(task)


class _Pool:
    """The run's tasks on `workers` forked processes, started (and all tasks submitted) at once:
    before this process goes on to load any model."""

    def __init__(self, plan: RunPlan, cache: VerdictCache, workers: int) -> None:
        ctx = multiprocessing.get_context("fork")
        self.workers, self.queue = workers, ctx.Queue()
        self.tasks = [JudgeTask(len(plan.datasets) * j * workers + d * workers + w, j, d, (w, workers))
                      for j in range(len(plan.judges)) for d in range(len(plan.datasets)) for w in range(workers)]
        self.executor = ProcessPoolExecutor(workers, mp_context=ctx, initializer=_start_worker,
                                            initargs=(plan, str(cache.path), self.queue, os.getpid(), workers,
                                                      ctx.Value("i", 0)))
        self.pending = {self.executor.submit(_run_task, t) for t in self.tasks}

    def messages(self) -> Iterator[Any]:
        """Progress events and results as they come."""
        while self.pending:
            done, self.pending = wait(self.pending, timeout=0.1, return_when=FIRST_COMPLETED)
            yield from self._events()
            for f in done:
                try:
                    yield f.result()
                except BrokenProcessPool as exc:
                    raise ExecutorError(f"a judging worker process died ({exc})") from None
        yield from self._events()

    def _events(self) -> Iterator[Any]:
        while True:
            try:
                yield self.queue.get_nowait()
            except Empty:
                return

    def stop(self) -> None:
        """Stop the workers: at once if tasks are left (the run ended early), else once they exit."""
        if self.pending:  # stopped early: no worker judges on for nobody
            for f in self.pending:
                f.cancel()
            terminate = getattr(self.executor, "terminate_workers", None)  # Python >= 3.14
            if terminate is not None:
                terminate()
            else:
                for p in list((getattr(self.executor, "_processes", None) or {}).values()):
                    p.terminate()
            self.pending = set()
        self.executor.shutdown(wait=True, cancel_futures=True)


class LocalExecutor(Executor):
    """This machine: in this process, or (`workers` > 1, where forking is safe and the cache is a
    file) on `workers` forked processes, capped at the usable cores."""

    name = "local"

    def __init__(self, workers: int = 1) -> None:
        self.workers = capped_workers(workers)

    def start(self, plan: RunPlan, runner: Any, bars: Bars) -> Judging:
        if self.workers < 2 or not can_fork() or str(runner.cache.path) == ":memory:":
            return InProcess(runner, progress_of(bars))
        pool = _Pool(replace(plan, runner_options=runner_options(runner)), runner.cache, self.workers)
        bars = progress_of(bars)  # after the fork: no progress thread is copied into the workers
        ticks: dict[tuple[int, str], tuple[str, Callable[..., None]]] = {}

        def draw(event: Any) -> None:
            if isinstance(event, BarStarted):
                label = f"{event.label} [{event.worker + 1}/{pool.workers}]"
                ticks[(event.worker, event.label)] = (label, bars.bar(label, event.total, position=1 + event.worker))
            elif isinstance(event, Ticked):
                ticks[(event.worker, event.label)][1](event.n, free=event.free)
            elif isinstance(event, BarDone):
                bars.done(ticks.pop((event.worker, event.label))[0])
            elif isinstance(event, RowsSkipped):
                bars.skip(event.n)

        return Dispatching(plan, pool.tasks, runner.cache, pool.messages(), bars, on_message=draw, on_close=pool.stop)
