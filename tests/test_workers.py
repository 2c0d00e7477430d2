"""A run on several worker processes (`--workers`, `evaluate(workers=)`): the results of one process."""
from __future__ import annotations

import json
import sys

import pytest

from judgesuite import Judge, Verdict, evaluate
from judgesuite.judges.cpus import usable_cpus
from judgesuite.suite.data.loader import load_bundled
from judgesuite.suite.evaluation.runner import shard_rows
from judgesuite.suite.evaluation.workers import auto_workers, can_fork, worker_shard
from tests.test_shard import _cli, _strip, _verdicts

needs_fork = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers are forked (Linux)")


class FirstWordJudge(Judge):
    """Defined here only: a forked worker must inherit it."""

    def _judge_batch(self, samples):
        first = lambda t: (t.split() or [""])[0].lower().strip(".,")  # noqa: E731
        return [Verdict(any(first(s.candidate) == first(r) for r in s.references)) for s in samples]


@pytest.mark.parametrize("shard", [None, (1, 3)])
def test_the_workers_of_a_shard_split_exactly_that_shard(shard):
    rows = load_bundled("evouna-nq", "test").scorable()
    whole = {r.id for r in shard_rows(rows, shard)}
    parts = [{r.id for r in shard_rows(rows, worker_shard(w, 3, shard))} for w in range(3)]
    assert all(parts) and sum(map(len, parts)) == len(whole)
    assert set().union(*parts) == whole
    questions = [{r.question_id for r in shard_rows(rows, worker_shard(w, 3, shard))} for w in range(3)]
    assert not (questions[0] & questions[1] or questions[1] & questions[2])  # a question stays whole


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
    assert [e.cost.from_cache for e in res2.entries] == [e.cost.from_cache for e in res1.entries]
    verdicts = lambda res: {k: [(r.id, r.correct, r.score) for r in v] for k, v in res.records.items()}  # noqa: E731
    assert verdicts(res2) == verdicts(res1) and len(verdicts(res1)) == 4


def test_a_worker_process_sizes_its_judges_process_pools_by_its_share_of_cores(monkeypatch):
    from judgesuite.judges.cpus import CPUS_ENV
    from judgesuite.judges.sandbox.bounded import BoundedPool

    monkeypatch.setenv(CPUS_ENV, "1")
    assert usable_cpus() == 1 and BoundedPool("json:dumps").n_workers == 1
    monkeypatch.setenv(CPUS_ENV, "x")  # not a number: the cores this process may run on
    assert usable_cpus() >= 1


@needs_fork
def test_a_pair_is_read_back_once_every_worker_has_judged_it(tmp_path):
    from judgesuite.judges.registry import make_judge
    from judgesuite.suite.data import load_dataset
    from judgesuite.suite.evaluation.cache import VerdictCache
    from judgesuite.suite.evaluation.progress import RunProgress
    from judgesuite.suite.evaluation.runner import judge_only
    from judgesuite.suite.evaluation.workers import WorkerPool

    ds = load_dataset("openqa-eval-nq301", split="test")
    cache_path = tmp_path / "c.sqlite"
    VerdictCache(cache_path)
    job = {"judges": ["token-f1", FirstWordJudge()], "datasets": [ds], "cache": str(cache_path), "limit": None,
           "exclude_ids": None, "shard": None, "batch_size": None}
    keys = [r.sample.content_hash() for r in ds.scorable()]
    with WorkerPool(job, 2, lambda: RunProgress(enabled=False), judge_only) as pool:
        pool.wait("token-f1 / openqa-eval-nq301")
        stored = VerdictCache(cache_path).get_many(make_judge("token-f1").cache_key(), keys)
        assert set(stored) == set(keys)  # both workers' halves are in the cache
        worked = pool.results()
    assert set(worked) == {("token-f1", "openqa-eval-nq301"), (repr(job["judges"][1]), "openqa-eval-nq301")}
    assert sum(hits for hits, _ in worked.values()) == 0
    assert set(VerdictCache(cache_path).get_many(job["judges"][1].cache_key(), keys)) == set(keys)
