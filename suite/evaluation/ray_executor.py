"""The Ray executor: a run's tasks on a Ray cluster (`judgesuite run --executor ray`).

Rule judges run as plain Ray tasks, a few parts of each (judge, set) pair. Model judges (cost
class "encoder" or "llm") run on a pool of actors per judge: each actor builds the judge once (the
model loads once per actor) and takes parts of `batch_rows` rows, at most two queued per actor
(back-pressure), with `actor_cpus` CPUs and, for a vLLM judge, as many GPUs as its tensor- x
data-parallel size (or `gpus_per_actor`). A task or actor that dies is retried (`retries`: Ray's
max_retries / max_restarts / max_task_retries); every part returned is stored in the cache by the
driver at once, so what was judged before a failure is kept, and a run that stops resumes.

Workers read the run's verdict cache through one actor on the driver's node (`CacheReader`) and
never write it; parts whose verdicts are all cached are answered here without a task (a repeated
run starts no actor). Ray is optional (`pip install 'judgesuite[ray]'`).
"""
from __future__ import annotations

import itertools
import logging
import math
import uuid
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from judgesuite.judges.base import Judge
from judgesuite.judges.cpu_share import usable_cpus
from judgesuite.judges.types import Verdict
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.evaluation.executor import (Bars, Dispatching, Executor, ExecutorError, Judging, JudgeTask, RunPlan,
                                                  TaskDone, TaskFailed, TaskWorker, judge_modules, judge_name,
                                                  progress_of, runner_options)
from judgesuite.suite.evaluation.progress import RunProgress

MODEL_CLASSES = ("encoder", "llm")
BATCH_ROWS = {"encoder": 256, "llm": 16}  # rows per actor call: the unit a lost actor judges again
RULE_PART_ROWS = 256
QUEUED_PER_ACTOR = 2


class RayMissing(ImportError):
    """Ray is not installed."""


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise RayMissing("--executor ray needs Ray: pip install 'judgesuite[ray]'") from None
    return ray


def _check_reachable(address: str | None, wait_s: float = 10.0) -> None:
    """Fail in one line when a HOST:PORT address does not answer (Ray itself retries for minutes)."""
    import socket

    if not address or address == "auto" or ":" not in address:
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    try:
        socket.create_connection((host, int(port)), timeout=wait_s).close()
    except (OSError, ValueError) as exc:
        raise ExecutorError(f"--executor ray: the Ray cluster at {address} does not answer: {exc}") from None


class CacheReader:
    """The run's verdict cache, read only, on the driver's node (a Ray actor)."""

    def __init__(self, path: str) -> None:
        if not Path(path).is_file():
            raise FileNotFoundError(f"verdict cache {path} is not on this node: run the driver on a node of the "
                                    "cluster")
        self.cache = VerdictCache(path)

    def get_many(self, judge_key: str, hashes: list[str]) -> dict[str, tuple[Verdict, float]]:
        return self.cache.get_many(judge_key, hashes)


class RemoteReader:
    """A worker's handle on the `CacheReader` actor."""

    def __init__(self, actor: Any) -> None:
        self.actor = actor

    def get_many(self, judge_key: str, hashes: Any) -> dict[str, tuple[Verdict, float]]:
        if self.actor is None:
            return {}
        return _ray().get(self.actor.get_many.remote(judge_key, list(hashes)))


_WORKER: tuple[str, TaskWorker] | None = None  # this Ray worker process's state for the current run


def run_task(run_id: str, boxed_plan: list, reader: RemoteReader, task: JudgeTask) -> TaskDone | TaskFailed:
    """A rule judge's part, as a Ray task (the plan is fetched, and the judge built, once per worker process)."""
    global _WORKER
    if _WORKER is None or _WORKER[0] != run_id:
        if _WORKER is not None:
            _WORKER[1].release()
        _WORKER = (run_id, TaskWorker(_ray().get(boxed_plan[0]), reader, threads=1))
    return _WORKER[1].run(task)


class JudgeActor:
    """One model judge, built at its first call and kept: `run(...)` judges a part of a pair.
    (The plan comes with the calls, not the constructor: Ray could not restart an actor whose
    constructor arguments left the object store.)"""

    def __init__(self, judge: int, threads: int) -> None:
        self.judge, self.threads = judge, threads
        self.worker: TaskWorker | None = None

    def run(self, boxed_plan: list, reader: RemoteReader, task: JudgeTask) -> TaskDone | TaskFailed:
        if self.worker is None:
            self.worker = TaskWorker(_ray().get(boxed_plan[0]), reader, threads=self.threads)
        return self.worker.run(task)

    def release(self) -> None:
        if self.worker is not None:
            self.worker.release()


def actor_gpus(judge: Judge) -> float:
    """GPUs a judge's actor needs: a vLLM judge's tensor- x data-parallel size, else none."""
    if getattr(judge, "backend", None) != "vllm":
        return 0.0
    options = getattr(judge, "backend_options", None) or {}
    return float(int(options.get("tensor_parallel_size", 1)) * int(options.get("data_parallel_size", 1)))


def cached_part(task: JudgeTask, judge: Judge, rows: list, part: list, cache: VerdictCache) -> TaskDone | None:
    """The part's verdicts when every one of them is in the cache under the judge's own key, else
    None (a judge judged in fixed batches, or one that only recombines other judges' verdicts,
    stores none under that key: its parts always go to a worker)."""
    supported = [r for r in part if judge.supports(r.sample.task_type)]
    keys = [r.sample.content_hash() for r in supported]
    found = cache.get_many(judge.cache_key(), keys) if keys else {}
    if any(k not in found for k in keys):
        return None
    place = {id(r): i for i, r in enumerate(rows)}
    return TaskDone(task.task, tuple(place[id(r)] for r in supported), tuple(found[k][0] for k in keys),
                    tuple(found[k][1] for k in keys),
                    {"from_cache": len(keys), "unsupported": len(part) - len(supported)}, (), {})


class RayExecutor(Executor):
    """Judging on Ray: `address` of a running cluster (or "auto"); None starts a local instance
    with `num_cpus` CPUs (default: the usable cores) and stops it at the end. `retries`: how often
    a task, or an actor and its calls, are tried again after a worker dies. `actors`: actors per
    model judge (default: as many as the cluster's CPUs hold at `actor_cpus` each). `batch_rows`:
    rows per actor call (default 256 for encoders, 16 for LLMs)."""

    name = "ray"

    def __init__(self, address: str | None = None, *, retries: int = 3, actor_cpus: float = 1.0,
                 actors: int | None = None, gpus_per_actor: float | None = None, batch_rows: int | None = None,
                 num_cpus: int | None = None) -> None:
        _ray()
        if retries < 0 or actor_cpus <= 0 or (actors is not None and actors < 1) or \
                (gpus_per_actor is not None and gpus_per_actor < 0) or (batch_rows is not None and batch_rows < 1):
            raise ValueError("ray executor: retries >= 0, actor CPUs > 0, actors >= 1, GPUs per actor >= 0 and "
                             "batch rows >= 1")
        self.address, self.retries, self.actor_cpus, self.actors = address, retries, actor_cpus, actors
        self.gpus_per_actor, self.batch_rows, self.num_cpus = gpus_per_actor, batch_rows, num_cpus

    def start(self, plan: RunPlan, runner: Any, bars: Bars) -> Judging:
        ray = _ray()
        started = not ray.is_initialized()
        if started:
            _check_reachable(self.address)
            try:
                ray.init(address=self.address, num_cpus=None if self.address else (self.num_cpus or usable_cpus()),
                         include_dashboard=False, log_to_driver=False, logging_level=logging.WARNING)
            except Exception as exc:  # noqa: BLE001 - any cause, in one line
                where = f"the Ray cluster at {self.address}" if self.address else "a local Ray instance"
                raise ExecutorError(f"--executor ray: cannot start or reach {where}: "
                                    f"{type(exc).__name__}: {exc}".splitlines()[0][:300]) from None
        try:
            cache: VerdictCache = runner.cache
            plan = replace(plan, runner_options=runner_options(runner), modules=judge_modules(plan.judges))
            cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
            parts = _plan_parts(plan, cache, cpus, self.batch_rows)
            gpus = {j: self.gpus_per_actor if self.gpus_per_actor is not None else g for j, g in parts.gpus.items()}
            run = _RayRun(ray, plan, cache, parts.tasks, parts.on_actors, gpus, self, cpus, started)
        except BaseException:
            if started:
                ray.shutdown()
            raise
        bars = progress_of(bars)
        draw = _Bars(bars, plan, parts.every, parts.totals)
        judging = Dispatching(plan, parts.every, cache, run.messages(), bars, on_message=draw, done=parts.done,
                              on_close=run.stop)
        for message in parts.done:
            draw(message)
        return judging


@dataclass
class _Parts:
    """A run cut into parts: rule parts (`tasks`), model parts by judge (`on_actors`), parts answered
    from the cache (`done`), all of them (`every`), rows each pair judges (`totals`), GPUs per actor."""

    tasks: list[JudgeTask] = field(default_factory=list)
    on_actors: dict[int, list[JudgeTask]] = field(default_factory=dict)
    done: list[TaskDone] = field(default_factory=list)
    every: list[JudgeTask] = field(default_factory=list)
    totals: dict[tuple[int, int], int] = field(default_factory=dict)
    gpus: dict[int, float] = field(default_factory=dict)


def _plan_parts(plan: RunPlan, cache: VerdictCache, cpus: int, batch_rows: int | None) -> _Parts:
    """Rule judges: one part per CPU, at least RULE_PART_ROWS rows each; model judges: parts of
    `batch_rows` (default BATCH_ROWS). Each judge is built here only to learn its kind, its rows
    and its cache key."""
    from judgesuite.judges.registry import make_judge

    out, ids = _Parts(), itertools.count()
    rows_of = [plan.rows(d) for d in range(len(plan.datasets))]
    for j, spec in enumerate(plan.judges):
        judge = make_judge(spec) if isinstance(spec, str) else spec
        try:
            cost_class = judge.get_tags().cost_class
            model = cost_class in MODEL_CLASSES
            if model:
                out.gpus[j] = actor_gpus(judge)
            for d, rows in enumerate(rows_of):
                supported = out.totals[(j, d)] = sum(judge.supports(r.sample.task_type) for r in rows)
                n = (max(1, math.ceil(supported / (batch_rows or BATCH_ROWS[cost_class]))) if model
                     else max(1, min(cpus, math.ceil(supported / RULE_PART_ROWS))))
                for i in range(n):
                    task = JudgeTask(next(ids), j, d, (i, n))
                    out.every.append(task)
                    answered = cached_part(task, judge, rows, plan.part_rows(rows, (i, n)), cache)
                    if answered is not None:
                        out.done.append(answered)
                    else:
                        (out.on_actors.setdefault(j, []) if model else out.tasks).append(task)
        finally:
            if isinstance(spec, str):
                judge.close()
    return out


class _Bars:
    """Progress drawn by the driver: a pair's bar advances as its parts come back."""

    def __init__(self, bars: RunProgress, plan: RunPlan, tasks: list[JudgeTask],
                 totals: dict[tuple[int, int], int]) -> None:
        self.bars, self.plan, self.totals = bars, plan, totals
        self.pair_of = {t.task: (t.judge, t.dataset) for t in tasks}
        self.left: dict[tuple[int, int], int] = {}
        for t in tasks:
            self.left[self.pair_of[t.task]] = self.left.get(self.pair_of[t.task], 0) + 1
        self.ticks: dict[tuple[int, int], tuple[str, int, Callable[..., None]]] = {}

    def __call__(self, message: Any) -> None:
        if not isinstance(message, TaskDone):
            return
        pair = self.pair_of[message.task]
        if pair not in self.ticks:
            used = {slot for _, slot, _ in self.ticks.values()}
            slot = min(set(range(1, len(used) + 2)) - used)
            label = self.plan.label(JudgeTask(0, *pair))
            self.ticks[pair] = (label, slot, self.bars.bar(label, self.totals[pair], position=slot))
        label, _, tick = self.ticks[pair]
        cached = message.counts.get("from_cache", 0)
        tick(cached, free=True)
        tick(len(message.positions) - cached)
        self.bars.skip(message.counts.get("unsupported", 0))
        self.left[pair] -= 1
        if not self.left[pair]:
            self.bars.done(label)
            del self.ticks[pair]


class _RayRun:
    """The driver's side on Ray: submits tasks (rule parts as tasks, model parts to their judge's
    actors, at most QUEUED_PER_ACTOR each) and yields each result as it arrives."""

    def __init__(self, ray: Any, plan: RunPlan, cache: VerdictCache, tasks: list[JudgeTask],
                 on_actors: dict[int, list[JudgeTask]], gpus: dict[int, float], options: RayExecutor, cpus: int,
                 started: bool) -> None:
        self.ray, self.plan, self.options, self.started, self.cpus = ray, plan, options, started, cpus
        run_id = uuid.uuid4().hex
        self.boxed = [ray.put(plan)]  # in a list: a task fetches it only when it builds its worker
        reader = None
        if str(cache.path) != ":memory:":
            from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

            here = NodeAffinitySchedulingStrategy(ray.get_runtime_context().get_node_id(), soft=False)
            reader = ray.remote(CacheReader).options(num_cpus=0, scheduling_strategy=here,
                                                     max_restarts=options.retries).remote(str(cache.path))
        self.reader = RemoteReader(reader)
        self.task_fn = ray.remote(run_task).options(num_cpus=1, max_retries=options.retries)
        self.run_id = run_id
        self.queue = deque(tasks)
        self.model_queues = {j: deque(ts) for j, ts in on_actors.items()}
        self.gpus = gpus
        self.actors: dict[int, list[Any]] = {}  # judge -> its live actors
        self.actor_cpus_used = 0.0
        self.load: dict[Any, int] = {}  # actor -> calls queued or running
        self.inflight: dict[Any, tuple[JudgeTask, Any]] = {}

    def _start_pools(self) -> None:
        """Start the actor pools of model judges with parts left, in plan order, while their CPUs
        fit the cluster's (one pool always runs, so a run never waits on itself)."""
        o = self.options
        for j, queue in self.model_queues.items():
            if not queue or j in self.actors:
                continue
            room = int((self.cpus - self.actor_cpus_used) // o.actor_cpus)
            n = min(o.actors or max(1, int(self.cpus // o.actor_cpus)), len(queue))
            if self.actors:
                n = min(n, room)
            if n < 1:
                return
            cls = self.ray.remote(JudgeActor).options(num_cpus=o.actor_cpus, num_gpus=self.gpus.get(j, 0.0),
                                                      max_restarts=o.retries, max_task_retries=o.retries)
            self.actors[j] = [cls.remote(j, max(1, int(o.actor_cpus))) for _ in range(n)]
            self.load.update({a: 0 for a in self.actors[j]})
            self.actor_cpus_used += n * o.actor_cpus

    def _fill(self) -> None:
        while self.queue and sum(a is None for _, a in self.inflight.values()) < 2 * self.cpus:
            task = self.queue.popleft()
            self.inflight[self.task_fn.remote(self.run_id, self.boxed, self.reader, task)] = (task, None)
        self._start_pools()
        for j, actors in self.actors.items():
            queue = self.model_queues[j]
            for actor in actors:
                while queue and self.load[actor] < QUEUED_PER_ACTOR:
                    task = queue.popleft()
                    self.load[actor] += 1
                    self.inflight[actor.run.remote(self.boxed, self.reader, task)] = (task, actor)

    def messages(self) -> Iterator[TaskDone | TaskFailed]:
        self._fill()
        while self.inflight:
            ready, _ = self.ray.wait(list(self.inflight), num_returns=1)
            for ref in ready:
                task, actor = self.inflight.pop(ref)
                try:
                    message = self.ray.get(ref)
                except Exception as exc:  # noqa: BLE001 - a worker lost beyond its retries, or a task that raised
                    cause = getattr(exc, "cause", None) or exc  # RayTaskError: the task's own exception
                    message = TaskFailed(task.task, judge_name(self.plan.judges[task.judge]),
                                         f"{type(cause).__name__}: {cause}".splitlines()[0][:300], str(exc))
                if actor is not None:
                    self.load[actor] -= 1
                    self._retire(task.judge)
                self._fill()
                yield message

    def _retire(self, j: int) -> None:
        """Stop a judge's actors once it has nothing queued or running (their CPUs go to the next)."""
        if self.model_queues.get(j) or any(t.judge == j and a is not None for t, a in self.inflight.values()):
            return
        for actor in self.actors.pop(j, []):
            try:
                self.ray.get(actor.release.remote(), timeout=60)
            except Exception:  # noqa: BLE001 - it is being stopped anyway
                pass
            self.ray.kill(actor)
            self.actor_cpus_used -= self.options.actor_cpus

    def stop(self) -> None:
        for ref in list(self.inflight):
            try:
                self.ray.cancel(ref, force=True)
            except Exception:  # noqa: BLE001 - an actor call cannot be force-cancelled; its actor is killed below
                pass
        self.inflight.clear()
        for actors in self.actors.values():
            for actor in actors:
                self.ray.kill(actor)
        self.actors.clear()
        if self.started:
            self.ray.shutdown()
