"""Runner: cache, resume, results document, metrics."""
from __future__ import annotations

import json

import pytest

from judgesuite.judges import JUDGES, Judge, NoVerdict, Verdict, register_judge
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.evaluation.metrics import compute_metrics
from judgesuite.suite.evaluation.progress import RunProgress
from judgesuite.suite.evaluation.runner import limit_rows, parse_judge_spec, run


class CountingJudge(Judge):
    """Exact containment; counts the samples it judged, and can stop after N batches."""

    calls = 0
    stop_after: int | None = None

    def __init__(self, tag: str = "a") -> None:
        self.tag = tag

    def _judge_batch(self, samples):
        if CountingJudge.stop_after is not None:
            if CountingJudge.stop_after == 0:
                raise KeyboardInterrupt  # like Ctrl-C / a kill in the middle of a run
            CountingJudge.stop_after -= 1
        CountingJudge.calls += len(samples)
        return [Verdict(s.references[0].lower() in s.candidate.lower()) for s in samples]


@pytest.fixture
def counting():
    register_judge("test-counting", replace=True)(CountingJudge)
    CountingJudge.calls, CountingJudge.stop_after = 0, None
    yield CountingJudge
    JUDGES.remove("test-counting")


def test_second_identical_run_computes_nothing(tmp_path, counting, nq301_test):
    cache = VerdictCache(tmp_path / "c.sqlite")
    first = run(["test-counting"], [nq301_test], split="test", out_dir=tmp_path / "r1", cache=cache,
                limit=300, batch_size=32, progress=False)
    # Identical (question, candidate, references) rows from different models are judged once.
    unique = len({r.sample.content_hash() for r in limit_rows(nq301_test.scorable(), 300)})
    assert counting.calls == unique < 300
    second = run(["test-counting"], [nq301_test], split="test", out_dir=tmp_path / "r2", cache=cache,
                 limit=300, batch_size=32, progress=False)
    assert counting.calls == unique
    assert second["entries"][0]["cost"]["from_cache"] == 300
    assert first["entries"][0]["metrics"] == second["entries"][0]["metrics"]
    # Another parameter value is another judge identity: computed afresh.
    run(["test-counting:tag=b"], [nq301_test], split="test", out_dir=tmp_path / "r3", cache=cache,
        limit=300, progress=False)
    assert counting.calls == 2 * unique



class _Recorded(RunProgress):
    """RunProgress that remembers the whole-run bar's final count and total (tqdm writes to a buffer)."""

    def __init__(self, total: int) -> None:
        import io

        super().__init__(enabled=True, total=total)
        self._overall.fp = io.StringIO()
        self.final = None

    def close(self) -> None:
        self.final = (self._overall.n, self._overall.total)
        super().close()


def test_whole_run_bar_counts_only_samples_really_judged(tmp_path, counting, nq301_test):
    cache = VerdictCache(tmp_path / "c.sqlite")
    n = 120
    unique = len({r.sample.content_hash() for r in limit_rows(nq301_test.scorable(), n)})
    bars = _Recorded(total=2 * n)
    run(["test-counting", "sympy"], [nq301_test], split="test", out_dir=None, cache=cache, limit=n, progress=bars)
    # sympy handles math only: its 120 open-QA rows and the duplicate rows leave the total
    assert bars.final == (unique, unique) and counting.calls == unique
    again = _Recorded(total=n)  # all cached: nothing left to judge, so no time left to estimate
    run(["test-counting"], [nq301_test], split="test", out_dir=None, cache=cache, limit=n, progress=again)
    assert again.final == (0, 0)
    # a set of mixed task types: the rows a math-only judge does not handle leave the total too
    from judgesuite.suite.data.probes import build_probe_set

    probes = build_probe_set()
    math_rows = sum(r.sample.task_type == "math" for r in limit_rows(probes.scorable(), 60))
    assert 0 < math_rows < 60
    mixed = _Recorded(total=60)
    run(["sympy"], [probes], split=None, out_dir=None, cache=cache, limit=60, progress=mixed)
    assert mixed.final[0] == mixed.final[1] and 0 < mixed.final[1] <= math_rows

def test_interrupted_run_resumes_without_recomputing(tmp_path, counting, nq301_test):
    cache = VerdictCache(tmp_path / "c.sqlite")
    # one sample alone (the judge's warm-up, timed apart), chunks of 50, then 100 (fast chunks
    # double), then the interruption
    counting.stop_after = 3
    with pytest.raises(KeyboardInterrupt):
        run(["test-counting"], [nq301_test], split="test", out_dir=tmp_path / "r1", cache=cache,
            batch_size=50, progress=False)
    assert counting.calls == 151 and cache.count() == 151
    counting.stop_after = None
    resumed = run(["test-counting"], [nq301_test], split="test", out_dir=tmp_path / "r1", cache=cache,
                  batch_size=50, progress=False)
    n = len({r.sample.content_hash() for r in nq301_test.scorable()})
    assert counting.calls == n  # the 151 stored verdicts were not recomputed
    fresh = run(["test-counting"], [nq301_test], split="test", out_dir=tmp_path / "r2",
                cache=VerdictCache(tmp_path / "fresh.sqlite"), batch_size=50, progress=False)
    assert resumed["entries"][0]["metrics"] == fresh["entries"][0]["metrics"]


def test_results_document_and_verdict_files(tmp_path, gsm8k_test):
    res = run(["flexible", "exact-match"], [gsm8k_test], split="test", out_dir=tmp_path,
              cache=VerdictCache(tmp_path / "c.sqlite"), limit=100, progress=False)
    doc = json.loads((tmp_path / "results.json").read_text())
    assert doc == json.loads(json.dumps(res)) and doc["schema"] == "judgesuite.results/2"
    flex = next(e for e in doc["entries"] if e["judge"] == "flexible")
    assert flex["n_rows"] == 100 and flex["metrics"]["accuracy"] > 0.95
    assert set(flex["by_model"]) == {r.model for r in limit_rows(gsm8k_test.scorable(), 100)}
    import gzip

    lines = gzip.open(tmp_path / flex["verdicts_file"], "rt").read().splitlines()
    assert len(lines) == 100 and {"id", "model", "label", "correct", "reason"} <= set(json.loads(lines[0]))


def test_limit_is_a_fixed_subset_in_file_order(nq301_test):
    rows = nq301_test.scorable()
    a, b = limit_rows(rows, 40), limit_rows(rows, 40)
    assert [r.id for r in a] == [r.id for r in b]
    pos = [rows.index(r) for r in a]
    assert pos == sorted(pos) and len({r.model for r in a}) > 3


def test_judge_spec_parsing():
    assert parse_judge_spec("sympy:extraction=simplerl:timeout=2.5") == (
        "sympy", {"extraction": "simplerl", "timeout": 2.5})
    with pytest.raises(ValueError, match="expected key=value"):
        parse_judge_spec("regex:oops")


def _v(c, reason=None):
    return Verdict.none(reason) if c is None else Verdict(c)


def test_metrics_count_no_verdict_as_incorrect_and_say_so():
    labels = [True, True, False, False, True, False]
    verdicts = [_v(True), _v(None, NoVerdict.UNPARSEABLE), _v(False), _v(None, NoVerdict.TIMEOUT),
                _v(False), _v(True)]
    m = compute_metrics(labels, verdicts, bootstrap=0)
    # predicted correct = [T, F, F, F, F, T]: tp=1 fp=1 fn=2 tn=2
    assert m["accuracy"] == pytest.approx(3 / 6)
    assert m["precision"] == pytest.approx(1 / 2) and m["recall"] == pytest.approx(1 / 3)
    assert m["f1"] == pytest.approx(0.4)
    assert m["accuracy_answered"] == pytest.approx(2 / 4)  # answered rows 0, 2, 4, 5
    assert m["no_verdict_rate"] == pytest.approx(2 / 6)
    assert m["no_verdict_reasons"] == {"timeout": 1, "unparseable": 1}
    # kappa: p_o = 0.5, p_e = (2/6)(3/6) + (4/6)(3/6) = 0.5 -> 0
    assert m["kappa"] == pytest.approx(0.0)
    assert "no-verdict as 'incorrect'" in m["no_verdict_policy"]


def test_bootstrap_interval_brackets_the_point_estimate():
    labels = [i % 3 != 0 for i in range(300)]
    verdicts = [Verdict(l if i % 7 else not l) for i, l in enumerate(labels)]
    m = compute_metrics(labels, verdicts)
    lo, hi = m["accuracy_ci"]
    assert lo < m["accuracy"] < hi and hi - lo < 0.1
    assert compute_metrics(labels, verdicts) == m  # seeded: reproducible


def test_cache_is_shared_safely_by_two_writers(tmp_path):
    import threading

    path = tmp_path / "c.sqlite"
    errors = []

    def writer(tag):
        try:
            cache = VerdictCache(path)
            for i in range(20):
                cache.put_many(tag, [(f"h{i}-{j}", Verdict(True, score=1.0), 0.1) for j in range(50)])
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(t,)) for t in ("j1", "j2")]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert not errors
    cache = VerdictCache(path)
    assert cache.count("j1") == cache.count("j2") == 1000
    got = cache.get_many("j1", ["h0-0", "missing"])
    assert set(got) == {"h0-0"} and got["h0-0"][0].correct is True
