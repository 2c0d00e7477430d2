"""The conformance suite: broken judges are rejected by name, every registered judge passes."""
from __future__ import annotations

import os

import pytest

from judgesuite.judges import JUDGES, Judge, JudgeTags, Verdict, make_judge
from judgesuite.judges.conformance import (CheckSkipped, ConformanceError, ConformanceWarning, check_judge,
                                           parametrize_with_checks, yield_checks)

from .judge_lists import builtin
from .workers import DiesInAWorker, HangsInAWorker, WellBehaved


class Containment(Judge):
    """A correct judge: the first reference occurs in the candidate."""

    def __init__(self, threshold: float = 0.5) -> None:
        self.threshold = threshold

    def _judge_batch(self, samples):
        return [Verdict(bool(s.references) and s.references[0].lower() in s.candidate.lower()) for s in samples]


class AlwaysRaises(Containment):
    def _judge_batch(self, samples):
        raise RuntimeError("model file missing")


class MutatesParams(Containment):
    def _judge_batch(self, samples):
        self.threshold += 0.1  # state kept in a parameter: changes the cache identity
        return super()._judge_batch(samples)


class BatchComposition(Containment):
    """A verdict that depends on the other samples of the batch (as several candidates in one prompt)."""

    def _judge_batch(self, samples):
        majority = sum(len(s.candidate) % 2 for s in samples) * 2 > len(samples)
        return [Verdict(majority) for _ in samples]


class DeclaredBatchComposition(BatchComposition):
    tags = JudgeTags(batch_dependent=True)


class WrongLength(Containment):
    def judge(self, samples):  # bypasses the base-class guard on purpose
        return [Verdict(True)] * (len(samples) + 1) if samples else []


class SilentNone(Containment):
    def _judge_batch(self, samples):
        return [Verdict(None) for _ in samples]


@pytest.mark.parametrize("bad, check, message", [
    (AlwaysRaises(), "check_not_always_raising", "raised on all .* model file missing"),
    (MutatesParams(), "check_params_unchanged_by_judging", r"parameters \['threshold'\] changed"),
    (BatchComposition(), "check_batch_independence", "depends on the batch"),
    (WrongLength(), "check_one_verdict_per_sample", "verdicts for"),
    (SilentNone(), "check_no_verdict_has_reason", "must carry a NoVerdict reason"),
])
def test_broken_judges_are_rejected_with_the_check_named(bad, check, message):
    with pytest.raises(ConformanceError, match=f"fails {check}: .*{message}"):
        check_judge(bad)


def test_a_declared_batch_dependent_judge_passes():
    check_judge(DeclaredBatchComposition())


def test_a_class_defined_in_a_function_cannot_survive_a_worker():
    class Local(Containment):
        pass

    with pytest.raises(ConformanceError, match="check_survives_spawn: .*module level"):
        check_judge(Local())


def _spawn_check(judge, **kw):
    return next(c for c in yield_checks(judge, **kw) if c.name == "check_survives_spawn")


def test_a_judge_that_hangs_in_a_worker_fails_within_its_time_limit():
    judge = HangsInAWorker(home=os.getpid())
    with pytest.raises(ConformanceError, match=r"HangsInAWorker fails check_survives_spawn: .*within 3 s "
                                               r"\(timeout=\): no reply within 3 s; the child process was killed"):
        check_judge(judge, timeout=3)


def test_a_judge_that_kills_its_worker_fails_naming_the_cause():
    with pytest.raises(ConformanceError, match="check_survives_spawn: .*child process was killed by SIGKILL"):
        _spawn_check(DiesInAWorker(home=os.getpid()))(DiesInAWorker(home=os.getpid()))


def test_the_process_check_passes_for_a_module_level_class_and_times_out_by_cost_class():
    check = _spawn_check(WellBehaved())
    assert check.timeout is None
    check(WellBehaved())
    with pytest.raises(ValueError, match="timeout must be a positive"):
        list(yield_checks(WellBehaved(), timeout=0))


def test_a_class_in_main_is_skipped_with_its_reason_never_run_in_a_worker():
    Main = type("Main", (WellBehaved,), {"__module__": "__main__"})
    with pytest.warns(ConformanceWarning, match="Main skips check_survives_spawn: the class is defined in "
                                                "__main__ .*script, REPL or notebook"):
        check_judge(Main())  # every other check ran and passed
    with pytest.raises(CheckSkipped, match="__main__"):
        _spawn_check(Main()).run(Main())
    with pytest.raises(pytest.skip.Exception, match="__main__"):  # a pytest skip in parametrized cases
        _spawn_check(Main())(Main())


def test_a_class_made_by_exec_outside_any_module_is_skipped_too():
    namespace = {"WellBehaved": WellBehaved}
    exec("class Loose(WellBehaved):\n    pass\n", namespace)  # no __name__: the class's module is builtins
    with pytest.raises(CheckSkipped, match="Loose skips check_survives_spawn: the class was made by exec"):
        _spawn_check(namespace["Loose"]()).run(namespace["Loose"]())


def test_a_registered_judge_is_named_by_its_spec_in_failures_and_results():
    from judgesuite import evaluate, register_judge

    register_judge("test-always-raises", replace=True)(AlwaysRaises)
    register_judge("test-containment", replace=True)(Containment)
    try:
        with pytest.raises(ConformanceError, match="^test-always-raises:threshold=0.3 fails check_not_always"):
            check_judge(AlwaysRaises(threshold=0.3))
        results = evaluate([Containment(), Containment(threshold=0.3)], "evouna-nq", limit=20)
        assert [e.judge for e in results.entries] == ["test-containment", "test-containment:threshold=0.3"]
        assert "Containment(" not in results.table()
    finally:
        JUDGES.remove("test-always-raises")
        JUDGES.remove("test-containment")


def test_checks_are_small_and_named():
    names = [c.name for c in yield_checks(Containment())]
    assert names[0] == "check_tags" and len(names) == len(set(names)) >= 10


@parametrize_with_checks([Containment(), Containment(threshold=0.3)])
def test_third_party_style_parametrized_checks(judge, check):
    check(judge)


def test_llm_vote_with_several_candidates_per_prompt_declares_batch_dependence():
    assert make_judge("llm-vote", candidates_per_prompt=4).get_tags().batch_dependent
    assert not make_judge("llm-vote").get_tags().batch_dependent


CORE, ENCODER, LLM = builtin("core"), builtin("encoder"), builtin("llm")
_BUILT: dict[str, Judge] = {}


def _judge(name: str) -> Judge:
    if name not in _BUILT:
        _BUILT[name] = make_judge(name)
    return _BUILT[name]


def _cases(names, slow=()):
    """(judge, check) pairs; the `slow` checks run under `pytest -m slow` (a model load in a new process)."""
    return [pytest.param(n, c.name, marks=[pytest.mark.slow] if c.name in slow else [])
            for n in names for c in yield_checks(make_judge(n))]


@pytest.mark.parametrize("name, check", _cases(CORE) + _cases(ENCODER, slow=("check_survives_spawn",)))
def test_every_registered_judge_passes_each_check(name, check):
    judge = _judge(name)
    next(c for c in yield_checks(judge) if c.name == check)(judge)


@pytest.mark.slow
@pytest.mark.parametrize("name, check", _cases(LLM))
def test_every_llm_judge_passes_each_check(name, check):
    judge = _judge(name)
    next(c for c in yield_checks(judge) if c.name == check)(judge)
