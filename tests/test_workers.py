"""A run on several worker processes (`--workers`, `evaluate(workers=)`): the results of one process."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from judgesuite import Judge, Verdict, evaluate
from judgesuite.judges.cpu_share import usable_cpus
from judgesuite.suite.data.loader import load_bundled
from judgesuite.suite.evaluation.runner import shard_rows
from judgesuite.suite.evaluation.executor import RunPlan
from judgesuite.suite.evaluation.workers import auto_workers, can_fork
from tests.test_shard import _cli, _strip, _verdicts

needs_fork = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers are forked (Linux)")


class FirstWordJudge(Judge):
    """Defined here only: a forked worker must inherit it."""

    def _judge_batch(self, samples):
        first = lambda t: (t.split() or [""])[0].lower().strip(".,")  # noqa: E731
        return [Verdict(any(first(s.candidate) == first(r) for r in s.references)) for s in samples]


@pytest.mark.parametrize("shard", [None, (1, 3)])
def test_the_parts_of_a_shard_split_exactly_that_shard(shard):
    ds = load_bundled("evouna-nq", "test")
    plan = RunPlan(("token-f1",), (ds,), shard=shard)
    whole = plan.rows(0)
    assert {r.id for r in whole} == {r.id for r in shard_rows(ds.scorable(), shard)}
    parts = [plan.part_rows(whole, (w, 3)) for w in range(3)]  # what worker w of 3 judges of each pair
    assert all(parts) and sum(map(len, parts)) == len(whole)
    assert set().union(*({r.id for r in p} for p in parts)) == {r.id for r in whole}
    questions = [{r.question_id for r in p} for p in parts]
    assert not (questions[0] & questions[1] or questions[1] & questions[2] or questions[0] & questions[2])


def test_auto_workers_only_for_cpu_judges_on_runs_worth_a_process():
    assert auto_workers(["rule", "encoder"], 500) == 1
    assert auto_workers(["rule", "llm"], 10**6) == 1
    expected = min(usable_cpus(), 4) if can_fork() else 1
    assert auto_workers(["rule", "encoder"], 10**6) == expected


@needs_fork
def test_two_workers_give_the_results_of_one_process(tmp_path):
    common = ["--judges", "token-f1,flexible,exact-match,stacked", "--datasets",
              "openqa-eval-nq301,gsm8k-openai-solutions,master-keys", "--limit", "150", "--no-progress", "--no-site"]
    runs = {n: _cli("run", *common, "--workers", n, "--out", str(tmp_path / n), "--cache", str(tmp_path / f"{n}.sqlite"))
            for n in ("1", "2")}
    for p in runs.values():
        out, err = p.communicate(timeout=600)
        assert p.returncode == 0, err
    one, two = (json.loads((tmp_path / n / "results.json").read_text()) for n in ("1", "2"))
    assert len(two["entries"]) == len(one["entries"]) == 11  # flexible judges math rows only: none in nq301
    assert _strip(two) == _strip(one)
    assert _verdicts(tmp_path / "2") == _verdicts(tmp_path / "1")
    assert all(e["cost"]["from_cache"] == 0 for e in two["entries"])  # the workers judged; nothing was cached before
    assert all(e["cost"]["seconds_total"] > 0 for e in two["entries"])  # their timings reach the results


@needs_fork
def test_evaluate_on_workers_inherits_a_judge_defined_in_this_process(tmp_path):
    judge = FirstWordJudge()
    res1 = evaluate([judge, "token-f1"], ["openqa-eval-nq301", "evouna-nq"], limit=300,
                    cache=tmp_path / "one.sqlite")
    res2 = evaluate([judge, "token-f1"], ["openqa-eval-nq301", "evouna-nq"], limit=300,
                    cache=tmp_path / "two.sqlite", workers=2)
    assert [e.metrics for e in res2.entries] == [e.metrics for e in res1.entries]
    verdicts = lambda res: {k: [(r.id, r.correct, r.score) for r in v] for k, v in res.records.items()}  # noqa: E731
    assert verdicts(res2) == verdicts(res1) and len(verdicts(res1)) == 4


def test_a_worker_process_sizes_its_judges_process_pools_by_its_share_of_cores(monkeypatch):
    from judgesuite.judges.cpu_share import CPUS_ENV
    from judgesuite.judges.sandbox.bounded import BoundedPool

    monkeypatch.setenv(CPUS_ENV, "1")
    assert usable_cpus() == 1 and BoundedPool("json:dumps").n_workers == 1
    monkeypatch.setenv(CPUS_ENV, "x")  # not a number: the cores this process may run on
    assert usable_cpus() >= 1


def _stat(pid):
    """[state, parent pid] of a process, None once it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[:2]
    except OSError:
        return None


def _alive(pids):
    return {p for p in pids if (st := _stat(p)) and st[0] != "Z"}


def _children(pid):
    return {int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit() and (_stat(p.name) or [0, 0])[1] == str(pid)}


def _descendants(pid):
    found, frontier = set(), {pid}
    while frontier:
        frontier = {c for p in frontier for c in _children(p)} - found
        found |= frontier
    return _alive(found)


@needs_fork
@pytest.mark.skipif(usable_cpus() < 2, reason="one usable core: a run stays in one process")
@pytest.mark.parametrize("asked", ["2", "1000"])
def test_workers_are_capped_at_the_cores_and_end_with_a_killed_parent(asked, tmp_path):
    with open(tmp_path / "stderr", "w") as err:  # not a pipe: reading one would wait for every holder to exit
        run = subprocess.Popen([sys.executable, "-m", "judgesuite.suite.cli.main", "run", "--judges", "stacked",
                                "--datasets", "gsm8k-openai-solutions", "--split", "all", "--workers", asked,
                                "--no-progress", "--no-site", "--out", str(tmp_path), "--cache", str(tmp_path / "c.sqlite")],
                               stdout=subprocess.DEVNULL, stderr=err)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not _alive(_children(run.pid)):
        time.sleep(0.2)
    time.sleep(2.0)  # the workers are judging (and have started their own sandbox processes)
    workers, below = _alive(_children(run.pid)), _descendants(run.pid)
    assert len(workers) == min(int(asked), usable_cpus())
    os.kill(run.pid, signal.SIGKILL)
    run.wait()
    deadline = time.monotonic() + 5  # a sandbox process looks for its parent once a second
    while time.monotonic() < deadline and _alive(below):
        time.sleep(0.2)
    assert below and not _alive(below)  # nothing it started outlives it (before: ~12-20 s, judging on)
    if asked == "1000":
        assert f"1000 workers asked for, {usable_cpus()} usable cores: judging on {usable_cpus()}" in \
            (tmp_path / "stderr").read_text()
