"""Benchmarks (run with `pytest --benchmark benchmarks/bench_executors.py`): Ray's start-up
overhead, and one job's wall time on each executor (cold cache, one `judgesuite run` process
each, so every executor pays its own start: imports, worker processes, Ray, model loads).
docs/scale-out.md quotes the figures measured on 2 cores.

JUDGESUITE_BENCH_LIMIT: rows per set (default: all test rows)."""
from __future__ import annotations

import importlib.util
import json
import logging
import os
import subprocess
import sys
import time

import pytest

NO_RAY = pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                            reason="Ray is not installed (pip install 'judgesuite[ray]')")
LIMIT = os.environ.get("JUDGESUITE_BENCH_LIMIT")
JOBS = {  # rule judges only: the local pool can fork; with the encoder the CLI has loaded torch, so it cannot
    "rules": ["--judges", "token-f1,stacked", "--datasets", "openqa-eval-nq301,financebench,evouna-nq"],
    "with-encoder": ["--judges", "token-f1,stacked,encoder", "--datasets", "openqa-eval-nq301,financebench"],
}
EXECUTORS = {"in-process": ["--workers", "1"], "pool-2": ["--workers", "2"], "ray": ["--executor", "ray"]}


def _pid() -> int:
    return os.getpid()


@NO_RAY
def test_ray_start_up(benchmark):
    """A local Ray instance on the usable cores: init, then one trivial task's round trip."""
    import ray

    def start() -> float:
        t0 = time.perf_counter()
        ray.init(include_dashboard=False, log_to_driver=False, logging_level=logging.WARNING)
        started = time.perf_counter()
        ray.get(ray.remote(_pid).remote())
        first = time.perf_counter() - started
        ray.shutdown()
        benchmark.extra_info.update(init_s=round(started - t0, 2), first_task_s=round(first, 2))
        return first

    benchmark.pedantic(start, rounds=2, iterations=1)


@pytest.mark.parametrize("job", JOBS)
@pytest.mark.parametrize("executor", EXECUTORS)
def test_a_job_on_each_executor(benchmark, job, executor, tmp_path):
    if executor == "ray" and importlib.util.find_spec("ray") is None:
        pytest.skip("Ray is not installed (pip install 'judgesuite[ray]')")
    if executor == "pool-2" and job == "with-encoder":
        pytest.skip("the CLI loads torch to check the encoder judge, so it does not fork workers")
    runs = iter(range(100))

    def run() -> dict:
        out = tmp_path / str(next(runs))
        cmd = [sys.executable, "-m", "judgesuite.suite.cli.main", "run", *JOBS[job], *EXECUTORS[executor],
               "--no-progress", "--no-site", "--out", str(out), "--cache", str(out / "cache.sqlite")]
        subprocess.run(cmd + (["--limit", LIMIT] if LIMIT else []), check=True, capture_output=True, timeout=3600)
        return json.loads((out / "results.json").read_text())

    doc = benchmark.pedantic(run, rounds=1, iterations=1)
    rows = sum(e["n_rows"] for e in doc["entries"])
    benchmark.extra_info.update(verdicts=rows, verdicts_per_s=round(rows / benchmark.stats.stats.mean, 1),
                                accuracy={f"{e['judge']} / {e['dataset']}": e["metrics"]["accuracy"]
                                          for e in doc["entries"]})
