"""Run untrusted-input work (parsing, symbolic comparison) with a hard time limit.

Each call runs in a worker process; a call that overruns its timeout gets its worker
killed and replaced, and reports `TIMEOUT` while the other calls go on. No signals are
used, so this works from any thread (SIGALRM-based limits, as in Math-Verify, only
work in the main thread of the main interpreter).
"""
from __future__ import annotations

import atexit
import multiprocessing as mp
import os
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any

OK, TIMEOUT, ERROR = "ok", "timeout", "error"


@dataclass
class Outcome:
    status: str  # ok | timeout | error
    value: Any = None
    error: str | None = None
    seconds: float = 0.0


def _limit_memory(max_bytes: int | None) -> None:
    if not max_bytes:
        return
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (max_bytes, max_bytes))
    except (ImportError, ValueError, OSError):  # not every platform allows it
        pass


def _worker_main(conn: Connection, fn: Callable[[Any], Any], max_bytes: int | None) -> None:
    _limit_memory(max_bytes)
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        task_id, arg = msg
        try:
            result: tuple = (task_id, OK, fn(arg), None)
        except MemoryError:
            result = (task_id, ERROR, None, "MemoryError: input too large to process")
        except BaseException as exc:  # report everything; the worker must survive
            result = (task_id, ERROR, None, f"{type(exc).__name__}: {exc}"[:500])
        try:
            conn.send(result)
        except Exception as exc:  # unpicklable value
            conn.send((task_id, ERROR, None, f"unsendable result: {exc}"[:500]))


class _Worker:
    def __init__(self, ctx: Any, fn: Callable[[Any], Any], max_bytes: int | None) -> None:
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker_main, args=(child, fn, max_bytes), daemon=True)
        self.proc.start()
        child.close()
        self.task: int | None = None
        self.started = 0.0

    def kill(self) -> None:
        try:
            self.proc.kill()
            self.proc.join(timeout=5)
        finally:
            self.conn.close()

    def stop(self) -> None:
        try:
            self.conn.send(None)
            self.proc.join(timeout=2)
        except Exception:
            pass
        if self.proc.is_alive():
            self.kill()
        else:
            self.conn.close()


_LIVE_POOLS: "weakref.WeakSet[BoundedPool]" = weakref.WeakSet()


class BoundedPool:
    """A process pool that bounds every call of `fn` by `timeout` seconds.

    `fn` must be a module-level function (workers are spawned, not forked, so that
    pools are safe to create from threads). `map()` may be called from any thread;
    concurrent calls are serialised.
    """

    def __init__(self, fn: Callable[[Any], Any], *, workers: int | None = None,
                 timeout: float = 5.0, max_memory_mb: int | None = 4096) -> None:
        if timeout <= 0:
            raise ValueError("timeout must be positive")
        self.fn = fn
        self.timeout = float(timeout)
        self.n_workers = max(1, workers or min(2, os.cpu_count() or 1))
        self.max_bytes = max_memory_mb * 2**20 if max_memory_mb else None
        self._ctx = mp.get_context("spawn")
        self._workers: list[_Worker] = []
        self._lock = threading.Lock()
        self.restarts = 0
        _LIVE_POOLS.add(self)

    def _ensure_workers(self, n: int) -> None:
        while len(self._workers) < n:
            self._workers.append(_Worker(self._ctx, self.fn, self.max_bytes))

    def _replace(self, w: _Worker) -> None:
        w.kill()
        self._workers.remove(w)
        self.restarts += 1

    def map(self, args: Sequence[Any]) -> list[Outcome]:
        """Run `fn` on every arg; returns one Outcome per arg, in order."""
        if not args:
            return []
        with self._lock:
            return self._map(list(args))

    def _map(self, args: list[Any]) -> list[Outcome]:
        results: list[Outcome | None] = [None] * len(args)
        pending = deque(range(len(args)))
        self._ensure_workers(min(self.n_workers, len(args)))
        while pending or any(w.task is not None for w in self._workers):
            for w in list(self._workers):
                if w.task is None and pending:
                    i = pending.popleft()
                    try:
                        w.conn.send((i, args[i]))
                    except Exception as exc:  # unpicklable input or dead worker
                        results[i] = Outcome(ERROR, error=f"cannot send task: {exc}"[:500])
                        if not w.proc.is_alive():
                            self._replace(w)
                            self._ensure_workers(min(self.n_workers, len(args)))
                        continue
                    w.task, w.started = i, time.monotonic()
            busy = [w for w in self._workers if w.task is not None]
            if not busy:
                continue
            deadline = min(w.started for w in busy) + self.timeout
            ready = wait([w.conn for w in busy], timeout=max(0.0, deadline - time.monotonic()))
            now = time.monotonic()
            for w in busy:
                if w.conn in ready:
                    try:
                        task_id, status, value, err = w.conn.recv()
                    except (EOFError, OSError):
                        results[w.task] = Outcome(ERROR, error="worker process died (out of memory or crash)",
                                                  seconds=now - w.started)
                        self._replace(w)
                        continue
                    results[task_id] = Outcome(status, value, err, now - w.started)
                    w.task = None
                elif now - w.started >= self.timeout:
                    results[w.task] = Outcome(TIMEOUT, error=f"exceeded {self.timeout:g} s",
                                              seconds=now - w.started)
                    self._replace(w)
            if pending:
                self._ensure_workers(min(self.n_workers, len(pending) + len(
                    [w for w in self._workers if w.task is not None])))
        return [r if r is not None else Outcome(ERROR, error="lost") for r in results]

    def close(self) -> None:
        with self._lock:
            for w in self._workers:
                w.stop()
            self._workers.clear()

    def __enter__(self) -> "BoundedPool":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@atexit.register
def _close_all() -> None:
    for pool in list(_LIVE_POOLS):
        pool.close()
