"""The conformance suite every judge passes (after scikit-learn's `estimator_checks`).

Small named checks, yielded per judge by `yield_checks`; `check_judge` runs them all and raises a
`ConformanceError` that names the failed check and says what is wrong; `parametrize_with_checks`
turns them into pytest cases for a third party's test suite. A check that starts a process runs it
in a fresh interpreter with a time limit per cost class (`timeout=` overrides it), so no check can
hang; one that cannot apply (a class defined in `__main__`: a script, REPL or notebook) raises
`CheckSkipped`: a pytest skip in parametrized cases, a `ConformanceWarning` from `check_judge`.

    from judgesuite.judges.conformance import parametrize_with_checks

    @parametrize_with_checks([MyJudge(), MyJudge(threshold=0.3)])
    def test_my_judge(judge, check):
        check(judge)
"""
from __future__ import annotations

import copy
import dataclasses
import importlib
import json
import os
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from judgesuite.judges.base import CostModel, Judge, JudgeTags
from judgesuite.judges.conformance_probes import probe_samples
from judgesuite.judges.registry import spec_of
from judgesuite.judges.sandbox.bounded import ERROR, TIMEOUT, run_once
from judgesuite.judges.types import TASK_TYPES, NoVerdict, Sample, Verdict

COST_CLASSES = ("rule", "encoder", "llm")
# Seconds a check's process may take, from interpreter start to reply (model loads included).
DEFAULT_TIMEOUTS = {"rule": 120.0, "encoder": 300.0, "llm": 900.0}


class ConformanceError(AssertionError):
    pass


class CheckSkipped(Exception):
    """A check that cannot apply to this judge here; the message says why."""


class ConformanceWarning(UserWarning):
    pass


@dataclass(frozen=True)
class Check:
    """One named check; calling it on a judge raises ConformanceError when the judge fails it.

    `timeout`: seconds a check that starts a process may take (None: the cost class's default)."""

    name: str
    func: Callable[..., None]
    samples: tuple[Sample, ...]
    timeout: float | None = None

    def run(self, judge: Judge) -> None:
        """Run the check; raises ConformanceError on a failure, CheckSkipped where it cannot apply."""
        if self.func in _STARTS_A_PROCESS:
            self.func(judge, list(self.samples), timeout=self.timeout)
        else:
            self.func(judge, list(self.samples))

    def __call__(self, judge: Judge) -> None:
        """`run`, with a skip reported as a pytest skip inside a pytest test."""
        try:
            self.run(judge)
        except CheckSkipped as exc:
            if "PYTEST_CURRENT_TEST" not in os.environ:
                raise
            import pytest

            pytest.skip(str(exc))

    def __repr__(self) -> str:
        return self.name


def _label(judge: Judge) -> str:
    """The judge's spec if its class is registered ("token-f1:threshold=0.3"), else its class name."""
    return spec_of(judge) or type(judge).__name__


def _fail(judge: Judge, check: str, message: str) -> ConformanceError:
    return ConformanceError(f"{_label(judge)} fails {check}: {message}")


def _outcome(v: Verdict) -> tuple[Any, Any]:
    return v.correct, v.reason


def _judge_checked(judge: Judge, samples: list[Sample], check: str) -> list[Verdict]:
    verdicts = judge.judge(samples)
    if not isinstance(verdicts, list):
        raise _fail(judge, check, f"judge() must return a list, got {type(verdicts).__name__}")
    if len(verdicts) != len(samples):
        raise _fail(judge, check, f"{len(verdicts)} verdicts for {len(samples)} samples (one per sample, in order)")
    for s, v in zip(samples, verdicts):
        if not isinstance(v, Verdict):
            raise _fail(judge, check, f"{s.id}: expected a Verdict, got {type(v).__name__}")
    return verdicts


# --- the checks -----------------------------------------------------------------------------

def check_tags(judge: Judge, samples: list[Sample]) -> None:
    """Traits are one JudgeTags object with known values; the cost comes without loading a model."""
    tags = judge.get_tags()
    if not isinstance(tags, JudgeTags):
        raise _fail(judge, "check_tags", f"get_tags() must return a JudgeTags, got {type(tags).__name__}")
    if tags.task_types is not None and not set(tags.task_types) <= set(TASK_TYPES):
        raise _fail(judge, "check_tags", f"unknown task types {sorted(set(tags.task_types) - set(TASK_TYPES))}")
    if tags.cost_class not in COST_CLASSES:
        raise _fail(judge, "check_tags", f"cost_class must be one of {COST_CLASSES}, got {tags.cost_class!r}")
    cost = judge.cost_model()
    if not isinstance(cost, CostModel) or cost.parameters < 0:
        raise _fail(judge, "check_tags", f"cost_model() must return a CostModel with parameters >= 0, got {cost!r}")


def check_get_params_round_trip(judge: Judge, samples: list[Sample]) -> None:
    """get_params() rebuilds an identical judge, and the identity is JSON."""
    try:
        json.dumps(judge.identity(), sort_keys=True)
    except TypeError as exc:
        raise _fail(judge, "check_get_params_round_trip", f"identity() must be JSON-serialisable: {exc}") from exc
    try:
        clone = type(judge)(**judge.get_params())
    except Exception as exc:
        raise _fail(judge, "check_get_params_round_trip",
                    f"cannot rebuild from get_params() ({exc}); store every __init__ argument as an "
                    "attribute of the same name") from exc
    try:
        if clone.identity() != judge.identity():
            raise _fail(judge, "check_get_params_round_trip", "a judge rebuilt from get_params() has another identity")
    finally:
        clone.close()


def check_empty_batch(judge: Judge, samples: list[Sample]) -> None:
    """judge([]) is []."""
    out = judge.judge([])
    if out != []:
        raise _fail(judge, "check_empty_batch", f"judge([]) must return [], got {out!r}")


def check_one_verdict_per_sample(judge: Judge, samples: list[Sample]) -> None:
    """One Verdict per sample, in order; scores in [0, 1]; verdicts storable as JSON."""
    for s, v in zip(samples, _judge_checked(judge, samples, "check_one_verdict_per_sample")):
        if v.correct not in (True, False, None):
            raise _fail(judge, "check_one_verdict_per_sample", f"{s.id}: correct must be True/False/None, got {v.correct!r}")
        if v.score is not None and not 0.0 <= float(v.score) <= 1.0:
            raise _fail(judge, "check_one_verdict_per_sample", f"{s.id}: score {v.score} outside [0, 1]")
        try:
            json.dumps(v.to_dict())
        except TypeError as exc:
            raise _fail(judge, "check_one_verdict_per_sample", f"{s.id}: verdict not JSON-storable: {exc}") from exc


def check_no_verdict_has_reason(judge: Judge, samples: list[Sample]) -> None:
    """A no-verdict carries a NoVerdict reason; a verdict carries none."""
    for s, v in zip(samples, _judge_checked(judge, samples, "check_no_verdict_has_reason")):
        if v.correct is None and not isinstance(v.reason, NoVerdict):
            raise _fail(judge, "check_no_verdict_has_reason", f"{s.id}: a no-verdict must carry a NoVerdict reason")
        if v.correct is not None and v.reason is not None:
            raise _fail(judge, "check_no_verdict_has_reason",
                        f"{s.id}: a verdict with a reason ({v.reason}) must have correct=None")


def check_not_always_raising(judge: Judge, samples: list[Sample]) -> None:
    """The judge decides ordinary samples instead of raising on every one."""
    verdicts = _judge_checked(judge, samples, "check_not_always_raising")
    errors = [v for v in verdicts if v.reason is NoVerdict.ERROR]
    if errors and len(errors) == len(verdicts):
        raise _fail(judge, "check_not_always_raising",
                    f"it raised on all {len(verdicts)} probe samples (first: {errors[0].detail})")


def check_params_unchanged_by_judging(judge: Judge, samples: list[Sample]) -> None:
    """Judging does not change the judge's parameters (its cache identity)."""
    before = copy.deepcopy(judge.get_params())
    key = judge.cache_key()
    judge.judge(samples)
    after = judge.get_params()
    if after != before or judge.cache_key() != key:
        changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
        raise _fail(judge, "check_params_unchanged_by_judging",
                    f"parameters {changed} changed while judging ({[before.get(k) for k in changed]} -> "
                    f"{[after.get(k) for k in changed]}); keep state in private attributes")


def check_batch_independence(judge: Judge, samples: list[Sample]) -> None:
    """A verdict does not depend on its batch's size, order or other samples, unless the judge
    declares `batch_dependent` (the runner then keeps such batches fixed)."""
    if judge.get_tags().batch_dependent:
        return
    batch = _judge_checked(judge, samples, "check_batch_independence")
    views = {"alone": [_judge_checked(judge, [s], "check_batch_independence")[0] for s in samples],
             "reversed": _judge_checked(judge, samples[::-1], "check_batch_independence")[::-1],
             "in a batch with other samples": _judge_checked(judge, samples + samples[:3], "check_batch_independence")}
    for how, other in views.items():
        for s, a, b in zip(samples, batch, other):
            if _outcome(a) != _outcome(b):
                raise _fail(judge, "check_batch_independence",
                            f"{s.id}: verdict depends on the batch ({a.correct}/{a.reason} in the batch, "
                            f"{b.correct}/{b.reason} {how}); declare JudgeTags(batch_dependent=True) if intended")


def check_deterministic(judge: Judge, samples: list[Sample]) -> None:
    """A judge tagged deterministic gives the same verdicts twice."""
    if not judge.get_tags().deterministic:
        return
    first = _judge_checked(judge, samples, "check_deterministic")
    second = _judge_checked(judge, samples, "check_deterministic")
    for s, a, b in zip(samples, first, second):
        if _outcome(a) != _outcome(b):
            raise _fail(judge, "check_deterministic", f"{s.id}: {a.correct}/{a.reason} then {b.correct}/{b.reason}; "
                        "tag it JudgeTags(deterministic=False) if it samples")


def _judge_in_child(task: dict[str, Any]) -> list[list[Any]]:
    """In the fresh interpreter of `check_survives_spawn`: rebuild the judge by name, judge, reply."""
    obj: Any = importlib.import_module(task["module"])
    for part in task["qualname"].split("."):
        obj = getattr(obj, part)
    with obj(**task["params"]) as judge:
        return [_plain(v) for v in judge.judge([Sample(**s) for s in task["samples"]])]


def _plain(v: Verdict) -> list[Any]:
    reason = v.reason.value if isinstance(v.reason, NoVerdict) else v.reason
    return [v.correct, reason]


def _skip_reason(cls: type) -> str | None:
    if cls.__module__ == "__main__":
        return ("the class is defined in __main__ (a script, REPL or notebook), which a fresh "
                "interpreter cannot import; define it in an importable module to run this check")
    if cls.__module__ == "builtins":
        return "the class was made by exec() outside any module, so a fresh interpreter cannot import it"
    return None


def _importable(cls: type) -> bool:
    try:
        obj: Any = importlib.import_module(cls.__module__)
        for part in cls.__qualname__.split("."):
            obj = getattr(obj, part)
    except Exception:
        return False
    return obj is cls


def check_survives_spawn(judge: Judge, samples: list[Sample], *, timeout: float | None = None) -> None:
    """Rebuilt from its class and parameters in a fresh interpreter, it gives the same verdicts.

    The child process has `timeout` seconds (default: by cost class, `DEFAULT_TIMEOUTS`) from start
    to reply; a timeout or a child that dies is a failure naming the cause."""
    cls = type(judge)
    reason = _skip_reason(cls)
    if reason is not None:
        raise CheckSkipped(f"{_label(judge)} skips check_survives_spawn: {reason}")
    if "<locals>" in cls.__qualname__:
        raise _fail(judge, "check_survives_spawn", "the class is defined inside a function: a worker process "
                    "cannot import it; define it at module level")
    if not _importable(cls):
        raise _fail(judge, "check_survives_spawn", f"{cls.__module__}.{cls.__qualname__} does not import as "
                    "that name, so a worker process cannot rebuild it; define it at module level")
    cost_class = judge.get_tags().cost_class
    limit = float(timeout) if timeout is not None else DEFAULT_TIMEOUTS.get(cost_class, DEFAULT_TIMEOUTS["llm"])
    subset = samples[:3]
    task = {"module": cls.__module__, "qualname": cls.__qualname__, "params": judge.get_params(),
            "samples": [dataclasses.asdict(s) for s in subset]}
    try:
        outcome = run_once(_judge_in_child, task, timeout=limit)
    except TypeError as exc:
        raise _fail(judge, "check_survives_spawn", f"get_params() must be JSON-serialisable to rebuild the judge "
                    f"in a worker process: {exc}") from exc
    if outcome.status == TIMEOUT:
        origin = "timeout=" if timeout is not None else f"the {cost_class} default; pass timeout= to change it"
        raise _fail(judge, "check_survives_spawn", f"a fresh interpreter did not rebuild and run it within "
                    f"{limit:g} s ({origin}): {outcome.error}")
    if outcome.status == ERROR:
        raise _fail(judge, "check_survives_spawn", f"a fresh interpreter could not rebuild and run it: {outcome.error}")
    child = [tuple(pair) for pair in outcome.value]
    here = [tuple(_plain(v)) for v in judge.judge(subset)]
    if judge.get_tags().deterministic and child != here:
        raise _fail(judge, "check_survives_spawn", f"verdicts differ in a worker process: {child} vs {here}")


CHECKS = (check_tags, check_get_params_round_trip, check_empty_batch, check_one_verdict_per_sample,
          check_no_verdict_has_reason, check_not_always_raising, check_params_unchanged_by_judging,
          check_batch_independence, check_deterministic, check_survives_spawn)
_STARTS_A_PROCESS = (check_survives_spawn,)


def yield_checks(judge: Judge, *, skip: Sequence[str] = (), timeout: float | None = None) -> Iterator[Check]:
    """The checks for `judge`, each bound to probe samples of the task types it handles.

    LLM judges get a smaller probe set (each probe costs a model call). `timeout`: seconds each
    check that starts a process may take (None: `DEFAULT_TIMEOUTS` of the judge's cost class)."""
    if timeout is not None and not timeout > 0:
        raise ValueError(f"timeout must be a positive number of seconds, got {timeout!r}")
    tags = judge.get_tags()
    samples = probe_samples(sorted(tags.task_types) if tags.task_types is not None else None,
                            small=tags.cost_class == "llm")
    for func in CHECKS:
        if func.__name__ not in skip:
            yield Check(func.__name__, func, tuple(samples), timeout)


def check_judge(judge: Judge, *, skip: Sequence[str] = (), timeout: float | None = None) -> None:
    """Run every conformance check on `judge`; raise ConformanceError at the first failure.

    A check that cannot apply here is skipped with a ConformanceWarning saying why."""
    if not isinstance(judge, Judge):
        raise ConformanceError(f"{judge!r} is not a judgesuite Judge (subclass judgesuite.Judge)")
    for check in yield_checks(judge, skip=skip, timeout=timeout):
        try:
            check.run(judge)
        except CheckSkipped as exc:
            warnings.warn(str(exc), ConformanceWarning, stacklevel=2)


def parametrize_with_checks(judges: Sequence[Judge], *, skip: Sequence[str] = (),
                            timeout: float | None = None) -> Any:
    """A `pytest.mark.parametrize("judge, check", ...)` over every judge x check, ids "judge-check_name"
    (the judge's spec if registered, else its class name); a check that cannot apply is a skip."""
    import pytest

    cases = [(j, c) for j in judges for c in yield_checks(j, skip=skip, timeout=timeout)]
    return pytest.mark.parametrize("judge, check", cases, ids=[f"{_label(j)}-{c.name}" for j, c in cases])
