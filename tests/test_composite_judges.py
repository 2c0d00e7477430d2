"""Composite judges (judges/composite.py): their reads are data the runner expands through the cache."""
from __future__ import annotations

import pytest

from judgesuite.judges.base import Judge
from judgesuite.judges.composite import Read
from judgesuite.judges.registry import make_judge
from judgesuite.judges.types import NoVerdict
from judgesuite.suite.data.loader import load_bundled
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.evaluation.judging import Runner

CASCADE = "cascade:cheap=token-f1:expensive=exact-match:band=0.2"


@pytest.fixture(scope="module")
def rows():
    """Math rows (stacked reads sympy on them) and open-QA rows (it does not)."""
    return (load_bundled("gsm8k-openai-solutions", "test").scorable()[:24]
            + load_bundled("openqa-eval-nq301", "test").scorable()[:16])


@pytest.fixture
def calls(monkeypatch):
    """How often any judge is asked to judge, or to combine reads, in this process."""
    n = {"judge": 0, "combine": 0}

    def counted(name, method):
        def wrapper(self, *args, **kwargs):
            n[name] += 1
            return method(self, *args, **kwargs)
        return wrapper

    monkeypatch.setattr(Judge, "judge", counted("judge", Judge.judge))
    monkeypatch.setattr(Judge, "judge_from", counted("combine", Judge.judge_from))
    return n


@pytest.mark.parametrize("spec", ["stacked", CASCADE])
def test_the_runner_expands_the_reads_through_the_cache_and_a_second_run_computes_nothing(spec, rows, calls, tmp_path):
    cache = VerdictCache(tmp_path / "c.sqlite")
    with make_judge(spec) as judge:
        reads = judge.reads()
        first = Runner(cache).judge_rows(judge, rows)
        stored = {r.name: cache.count(r.judge.cache_key()) for r in reads}
    assert stored[reads[0].name] == (24 if spec == "stacked" else len(rows))  # sympy reads the math rows only
    assert calls["judge"] > 0 and calls["combine"] > 0
    calls.update(judge=0, combine=0)
    with make_judge(spec) as judge:
        again = Runner(cache).judge_rows(judge, rows)
    assert calls["judge"] == 0  # no read judge (and no judge at all) ran
    if spec == "stacked":  # its own verdicts are stored: not even combined again
        assert calls["combine"] == 0 and again.from_cache == len(rows) and first.from_cache == 0
    else:  # a cascade is recombined from its stages' stored verdicts, never stored itself
        assert calls["combine"] == 1 and again.from_cache == 0 and cache.count(judge.cache_key()) == 0
    assert [v.to_dict() for v in again.verdicts] == [v.to_dict() for v in first.verdicts]
    assert {r.name: cache.count(r.judge.cache_key()) for r in reads} == stored


def test_a_failure_of_a_read_judge_is_not_cached_in_the_composite(rows, tmp_path):
    rows = rows[:6] + rows[24:28]  # each time limit restarts a worker: a few math rows are enough
    cache = VerdictCache(tmp_path / "c.sqlite")
    math = [r for r in rows if r.sample.task_type == "math"]
    with make_judge("stacked") as stacked:
        stacked._sympy = make_judge("math-verify:timeout=0.001")  # the judge it reads hits its time limit
        judged = Runner(cache).judge_rows(stacked, rows)
        lost = len(math) - cache.count(stacked._sympy.cache_key())  # its time limits are never stored
        assert lost > 0 and all(v.answered for v in judged.verdicts)  # the trees still decide ...
        assert judged.not_cached == lost and cache.count(stacked.cache_key()) == len(rows) - lost  # ... unstored
        assert Runner(cache).judge_rows(stacked, rows).from_cache == len(rows) - lost  # judged again next run


def test_a_staged_judge_counts_what_its_stages_could_not_store(rows, tmp_path):
    rows = rows[:6] + rows[24:28]
    cache = VerdictCache(tmp_path / "c.sqlite")
    spec = "cascade:cheap=math-verify:cheap_params.timeout=0.001:expensive=exact-match"
    with make_judge(spec) as cascade:
        judged = Runner(cache).judge_rows(cascade, rows)
        cheap = cascade.stages()[0]
        timeouts = cache.count(cheap.cache_key())
    lost = sum(v.extra.get("cheap_reason") == NoVerdict.TIMEOUT.value for v in judged.verdicts)
    assert lost > 0 and judged.not_cached == lost and timeouts == len(rows) - lost
    assert all(v.stage == "exact-match" for v in judged.verdicts if v.extra.get("cheap_reason") == "timeout")


@pytest.mark.parametrize("spec", ["stacked", CASCADE, "regex+encoder:dtype=float32"])
def test_judge_outside_the_runner_gives_the_runners_verdicts(spec, rows, tmp_path):
    samples = [r.sample for r in rows]
    runner = Runner(VerdictCache(tmp_path / "c.sqlite"))
    with make_judge(spec) as judge:
        judged, seconds = runner.judge_samples(judge, samples)
        read_seconds = [0.0] * len(samples)
        for read in judge.reads():
            got, secs = runner.judge_samples(read.judge, samples)  # from the cache where it was read
            read_seconds = [a + (b if read.after is None and (read.select is None or read.select(s)) else 0.0)
                            for a, b, s in zip(read_seconds, secs, samples)]
    with make_judge(spec) as judge:
        direct = judge.judge(samples)
    # the encoder's scores move in the last digits with the batch's padding: equal up to 1e-5
    assert [{**v.to_dict(), "score": None} for v in judged] == [{**v.to_dict(), "score": None} for v in direct]
    assert [v.score for v in judged] == pytest.approx([v.score for v in direct], abs=1e-5)
    assert all(s >= t for s, t in zip(seconds, read_seconds))  # its cost includes what its reads cost


def test_a_read_with_after_takes_only_the_samples_its_escalation_accepts(rows):
    samples = [r.sample for r in rows]
    regex = make_judge("regex")
    first = regex.judge(samples)
    later = Read("second", make_judge("exact-match"), after="first", escalate=lambda v: v.correct is None)
    assert later.picks(samples, {"first": first}) == [i for i, v in enumerate(first) if v.correct is None]
    sympy_only = Read("sympy", make_judge("sympy"), select=lambda s: s.task_type == "math")
    assert sympy_only.picks(samples, {}) == list(range(24))
