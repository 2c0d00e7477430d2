"""One run on several worker processes of this machine.

Worker w of n judges shard w of n of every set (whole questions, `runner.shard_rows`) with its
share of the cores as torch threads, and stores its verdicts in the run's verdict cache. The
runner reads each (judge, set) pair back from that cache as soon as every worker has judged it
(`WorkerPool.wait`), the path `judgesuite merge` takes, so the results equal those of a one-process
run (timings aside). On 2 cores two one-thread workers
judge ~10% faster than one two-thread process, and the single-threaded rule and symbolic judges
of one worker overlap the other's model judges.

Workers are forked (Linux), so judges registered in this process and Judge instances reach them;
where fork is unsafe (no fork, or torch already loaded here) the run stays in one process.
"""
from __future__ import annotations

import multiprocessing
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from queue import Empty
from typing import Any

from judgesuite.judges.cpus import CPUS_ENV, usable_cpus
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.evaluation.progress import RunProgress

# A smaller run does not repay a second process's model loading (seconds per model).
MIN_SAMPLES_PER_WORKER = 2000
MAX_AUTO_WORKERS = 4


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


class QueueProgress(RunProgress):
    """A worker's progress, sent to the parent as events (label, counts) instead of drawn."""

    def __init__(self, queue: Any, worker: int) -> None:
        super().__init__(enabled=True, total=0)  # total 0: no bar of its own
        self._queue, self._worker = queue, worker

    def bar(self, label: str, total: int):
        self._queue.put(("bar", self._worker, label, total))
        return lambda n, free=False: self._queue.put(("tick", self._worker, label, n, free))

    def done(self, label: str) -> None:
        self._queue.put(("done", self._worker, label))

    def skip(self, n: int) -> None:
        self._queue.put(("skip", self._worker, n))

    def close(self) -> None:
        pass


def worker_shard(worker: int, workers: int, shard: tuple[int, int] | None) -> tuple[int, int]:
    """Worker w's part of shard (i, n): the questions hashing to i + n*w mod n*workers (so the
    workers of a shard split exactly that shard)."""
    i, n = shard or (0, 1)
    return i + n * worker, n * workers


def _work(worker: int, workers: int, queue: Any, job: dict[str, Any], judge_only: Callable[..., Any]) -> None:
    threads = max(1, usable_cpus() // workers)
    # read when torch / numpy's BLAS load in this process, and by the judges' process pools
    for var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS", CPUS_ENV):
        os.environ[var] = str(threads)
    try:
        worked = judge_only(job["judges"], job["datasets"], cache=VerdictCache(job["cache"]), limit=job["limit"],
                            progress=QueueProgress(queue, worker), exclude_ids=job["exclude_ids"],
                            shard=worker_shard(worker, workers, job["shard"]), batch_size=job["batch_size"],
                            batch_timeout=job["batch_timeout"])
        queue.put(("result", worker, worked))
    except BaseException:  # noqa: BLE001 - reported to the parent, which raises it
        queue.put(("error", worker, traceback.format_exc()))


class WorkerPool:
    """The runner's `judge_only` with `job`'s arguments (`cache` a path) on `workers` forked
    processes, each on its shard, their progress drawn on the bars `make_bars()` makes once they
    are started. `wait(label)` returns once every worker has judged that "judge / dataset" pair
    (its verdicts are in the cache), so the caller can read it back while later pairs are judged;
    `results()` waits for the end: (judge, dataset) -> (verdicts found in the cache, summed
    profile seconds). Use it as a context manager (workers still running at exit are stopped)."""

    def __init__(self, job: dict[str, Any], workers: int, make_bars: Callable[[], RunProgress],
                 judge_only: Callable[..., Any]) -> None:
        ctx = multiprocessing.get_context("fork")
        self.workers = workers
        self._queue = ctx.Queue()
        self._procs = [ctx.Process(target=_work, args=(w, workers, self._queue, job, judge_only), daemon=True)
                       for w in range(workers)]
        for p in self._procs:
            p.start()
        self._bars = make_bars()  # after the fork: no progress thread is copied into the workers
        self._results: dict[tuple[str, str], list] = {}
        self._ticks: dict[tuple[int, str], Any] = {}
        self._finished: dict[str, int] = {}  # pair label -> workers done with it
        self._pending = set(range(workers))

    def wait(self, label: str) -> None:
        """Block until every worker is done with pair `label` (or every worker has ended: a worker
        whose shard holds none of the pair's rows never reports it)."""
        while self._pending and self._finished.get(label, 0) < self.workers:
            self._next_event()

    def results(self) -> dict[tuple[str, str], tuple[int, dict[str, float]]]:
        while self._pending:
            self._next_event()
        return {k: (v[0], v[1]) for k, v in self._results.items()}

    def _next_event(self) -> None:
        try:
            event = self._queue.get(timeout=1.0)
        except Empty:  # check that no worker died without a word
            dead = [w for w in self._pending if not self._procs[w].is_alive() and self._procs[w].exitcode not in (None, 0)]
            if dead:
                raise RuntimeError(f"judging worker {dead[0]} died (exit code {self._procs[dead[0]].exitcode})")
            return
        kind, w = event[0], event[1]
        if kind == "bar":
            label = f"{event[2]} [{w + 1}/{self.workers}]"
            self._ticks[(w, event[2])] = (label, self._bars.bar(label, event[3], position=1 + w))
        elif kind == "tick":
            self._ticks[(w, event[2])][1](event[3], free=event[4])
        elif kind == "done":
            self._bars.done(self._ticks.pop((w, event[2]))[0])
            self._finished[event[2]] = self._finished.get(event[2], 0) + 1
        elif kind == "skip":
            self._bars.skip(event[2])
        elif kind == "result":
            for key, (hits, profile) in event[2].items():
                acc = self._results.setdefault(key, [0, {}])
                acc[0] += hits
                for phase, s in profile.items():
                    acc[1][phase] = acc[1].get(phase, 0.0) + s
            self._pending.discard(w)
        else:
            raise RuntimeError(f"judging worker {w} failed:\n{event[2]}")

    def __enter__(self) -> "WorkerPool":
        return self

    def __exit__(self, *exc: Any) -> None:
        for p in self._procs:
            if p.is_alive() and self._pending:
                p.terminate()
            p.join()
        self._bars.close()
