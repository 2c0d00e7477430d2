"""Run untrusted-input work (parsing, symbolic comparison) with a hard time limit.

`run_once` runs one call in a fresh interpreter (the conformance suite's process check);
`BoundedPool` runs many in reused worker processes: a call that overruns its timeout gets its
worker killed and replaced, and reports `TIMEOUT` while the other calls go on. No signals are
used, so this works from any thread (SIGALRM-based limits, as in Math-Verify, only
work in the main thread of the main interpreter).

Workers are plain `python -m judgesuite.judges.sandbox.worker` processes that exchange JSON
lines on their stdin/stdout: they never re-import the caller's `__main__` (as
multiprocessing's spawn does) and no pickle crosses the process boundary.
"""
from __future__ import annotations

import atexit
import json
import os
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import wait
from typing import Any

from judgesuite.judges.cpu_share import usable_cpus

OK, TIMEOUT, ERROR = "ok", "timeout", "error"
STARTUP_TIMEOUT = 120.0


@dataclass
class Outcome:
    status: str  # ok | timeout | error
    value: Any = None
    error: str | None = None
    seconds: float = 0.0


def function_path(fn: Callable[..., Any] | str) -> str:
    """"module:qualname" of a module-level function (what a worker imports)."""
    if isinstance(fn, str):
        return fn
    module, name = fn.__module__, fn.__qualname__
    if module == "__main__" or "<" in name:
        raise ValueError(f"{fn!r} must be a module-level function of an importable module")
    return f"{module}:{name}"


class _Worker:
    def __init__(self, fn_path: str, max_memory_mb: int | None) -> None:
        cmd, env = _worker_command(fn_path, max_memory_mb)
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env,
                                     stderr=subprocess.DEVNULL, text=True, encoding="utf-8",
                                     errors="surrogatepass")
        self.task: int | None = None
        self.started = 0.0

    def send(self, task_id: int, arg: Any) -> None:
        self.proc.stdin.write(json.dumps([task_id, arg]) + "\n")
        self.proc.stdin.flush()

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait(timeout=5)
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                stream.close()
            except OSError:
                pass

    def stop(self) -> None:
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=2)
        except Exception:
            pass
        if self.proc.poll() is None:
            self.kill()


def _worker_command(fn_path: str, max_memory_mb: int | None) -> tuple[list[str], dict[str, str]]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)  # same imports as the caller
    return [sys.executable, "-m", "judgesuite.judges.sandbox.worker", fn_path, str(max_memory_mb or 0)], env


def _kill_group(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _death(returncode: int | None) -> str:
    if returncode is not None and returncode < 0:
        try:
            return f"was killed by {signal.Signals(-returncode).name}"
        except ValueError:
            return f"was killed by signal {-returncode}"
    return f"exited with code {returncode}"


def run_once(fn: Callable[[Any], Any] | str, arg: Any, *, timeout: float,
             max_memory_mb: int | None = None) -> Outcome:
    """`fn(arg)` once in a fresh interpreter, bounded by `timeout` seconds from start to reply.

    The child never imports the caller's `__main__`. It runs in its own process group, which is
    killed whole on a timeout or an interrupt (with any process the function started). A child
    that ends without a reply is an ERROR naming how it ended and the last line of its stderr.
    Raises TypeError when `arg` is not JSON-serialisable.
    """
    if not timeout > 0:
        raise ValueError("timeout must be positive")
    payload = json.dumps([0, arg]) + "\n"
    cmd, env = _worker_command(function_path(fn), max_memory_mb)
    started = time.monotonic()
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=env, text=True, encoding="utf-8", errors="surrogatepass",
                            start_new_session=True)
    try:
        out, err = proc.communicate(payload, timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        proc.wait()
        return Outcome(TIMEOUT, error=f"no reply within {timeout:g} s; the child process was killed",
                       seconds=time.monotonic() - started)
    finally:
        _kill_group(proc)  # what the function left running, or everything on an interrupt
    seconds = time.monotonic() - started
    lines = out.splitlines()
    if len(lines) >= 2:
        try:
            _, status, value, error = json.loads(lines[-1])
            return Outcome(status, value, error, seconds)
        except (ValueError, TypeError):
            pass
    last = next((line.strip() for line in reversed(err.splitlines()) if line.strip()), "no output on stderr")
    return Outcome(ERROR, error=f"the child process {_death(proc.returncode)} before replying ({last[:300]})",
                   seconds=seconds)


_LIVE_POOLS: "weakref.WeakSet[BoundedPool]" = weakref.WeakSet()


class BoundedPool:
    """A process pool that bounds every call of `fn` by `timeout` seconds.

    `fn` is a module-level function (or its "module:function" path) taking and
    returning JSON-serialisable values. `map()` may be called from any thread;
    concurrent calls are serialised. Workers start on first use and are reused.
    """

    def __init__(self, fn: Callable[[Any], Any] | str, *, workers: int | None = None,
                 timeout: float = 5.0, max_memory_mb: int | None = 4096) -> None:
        if timeout <= 0:
            raise ValueError("timeout must be positive")
        self.fn_path = function_path(fn)
        self.timeout = float(timeout)
        self.n_workers = max(1, workers or min(2, usable_cpus()))
        self.max_memory_mb = max_memory_mb
        self._workers: list[_Worker] = []
        self._lock = threading.Lock()
        self.restarts = 0
        _LIVE_POOLS.add(self)

    def _ensure_workers(self, n: int) -> None:
        fresh = []
        while len(self._workers) + len(fresh) < min(n, self.n_workers):
            fresh.append(_Worker(self.fn_path, self.max_memory_mb))
        # A task's clock starts only once its worker has imported everything: a slow
        # start-up (heavy imports on a loaded machine) must not count as the task's time.
        for w in fresh:
            if not wait([w.proc.stdout], timeout=STARTUP_TIMEOUT) or w.proc.stdout.readline().strip() != '"ready"':
                w.kill()
                raise RuntimeError(f"worker for {self.fn_path} did not start within {STARTUP_TIMEOUT} s")
            self._workers.append(w)

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
        while pending or any(w.task is not None for w in self._workers):
            busy_n = sum(w.task is not None for w in self._workers)
            self._ensure_workers(busy_n + len(pending))
            for w in list(self._workers):
                if w.task is None and pending:
                    i = pending.popleft()
                    try:
                        w.send(i, args[i])
                    except (TypeError, ValueError) as exc:  # not JSON-serialisable
                        results[i] = Outcome(ERROR, error=f"cannot send task: {exc}"[:500])
                        continue
                    except OSError:  # the worker died between tasks: retry on a fresh one
                        pending.appendleft(i)
                        self._replace(w)
                        continue
                    w.task, w.started = i, time.monotonic()
            busy = [w for w in self._workers if w.task is not None]
            if not busy:
                continue
            deadline = min(w.started for w in busy) + self.timeout
            ready = wait([w.proc.stdout for w in busy], timeout=max(0.0, deadline - time.monotonic()))
            now = time.monotonic()
            for w in busy:
                if w.proc.stdout in ready:
                    line = w.proc.stdout.readline()
                    if not line:
                        results[w.task] = Outcome(ERROR, error="worker process died (out of memory or crash)",
                                                  seconds=now - w.started)
                        self._replace(w)
                        continue
                    task_id, status, value, err = json.loads(line)
                    results[task_id] = Outcome(status, value, err, now - w.started)
                    w.task = None
                elif now - w.started >= self.timeout:
                    results[w.task] = Outcome(TIMEOUT, error=f"exceeded {self.timeout:g} s",
                                              seconds=now - w.started)
                    self._replace(w)
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
