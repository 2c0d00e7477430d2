"""The `Judge` interface every judge implements, ours and third parties'."""
from __future__ import annotations

import hashlib
import inspect
import json
import time
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from judgesuite.judges.types import NoVerdict, Sample, Verdict


@dataclass(frozen=True)
class CostModel:
    """What a judge costs to run.

    `cost_class` is one of "rule" (string/regex/symbolic work, no model), "encoder",
    "llm". FLOPs follow the BERT-as-a-Judge convention: 2 x parameters x tokens.
    """

    cost_class: str = "rule"
    parameters: int = 0

    def flops(self, tokens: int) -> float:
        return 2.0 * self.parameters * tokens


class Judge(ABC):
    """Decides whether candidate answers are correct.

    Contract (checked by `judgesuite.judges.check_judge`):
    - configured only by keyword arguments of `__init__`, stored as attributes of
      the same name (scikit-learn's rule), so `get_params()` and `identity()` work;
    - `judge(samples)` returns one `Verdict` per sample, in order, for any batch size;
      a no-verdict is `Verdict.none(reason)`, never a silent False;
    - `version` changes whenever the same parameters could give different verdicts.

    Subclasses implement `_judge_batch`. `judge()` wraps it so that an exception in
    a judge becomes a no-verdict with reason "error" instead of ending a run.
    """

    name: ClassVar[str] = ""  # set by the registry
    version: ClassVar[str] = "1"
    deterministic: ClassVar[bool] = True
    # Task types the judge can handle; None = every type. The runner skips the rest.
    task_types: ClassVar[frozenset[str] | None] = None
    cost: ClassVar[CostModel] = CostModel()
    # Parameters that cannot change a verdict (worker counts, devices): left out of identity().
    identity_exclude: ClassVar[tuple[str, ...]] = ()

    @abstractmethod
    def _judge_batch(self, samples: Sequence[Sample]) -> list[Verdict]:
        """Judge a non-empty batch; may raise (the caller turns that into no-verdicts)."""

    def judge(self, samples: Sequence[Sample]) -> list[Verdict]:
        """Judge a batch of samples: one verdict per sample, in order."""
        samples = list(samples)
        if not samples:
            return []
        try:
            verdicts = self._judge_batch(samples)
            if len(verdicts) == len(samples):
                return verdicts
            detail = f"judge returned {len(verdicts)} verdicts for {len(samples)} samples"
            return [Verdict.none(NoVerdict.ERROR, detail) for _ in samples]
        except Exception:
            if len(samples) == 1:
                return [self._error_verdict()]
        # One sample made the batch fail: judge one by one to keep the others.
        return [self._judge_one_safely(s) for s in samples]

    def _judge_one_safely(self, sample: Sample) -> Verdict:
        try:
            (verdict,) = self._judge_batch([sample])
            return verdict
        except Exception:
            return self._error_verdict()

    @staticmethod
    def _error_verdict() -> Verdict:
        import sys

        exc = sys.exc_info()[1]
        return Verdict.none(NoVerdict.ERROR, f"{type(exc).__name__}: {exc}"[:500])

    def report(self, verdicts: Sequence[Verdict], labels: Sequence[bool | None]) -> dict[str, Any] | None:
        """Judge-specific statistics of a run (e.g. llm-vote's agreement and position bias); None = none.

        The runner stores them as `judge_report` in each results.json entry.
        """
        return None

    def profile(self) -> dict[str, float]:
        """Cumulative seconds by phase since construction (e.g. load, tokenise, model, bookkeeping); {} = not measured.

        The runner stores it in results.json's cost block and prints it with `--profile`.
        """
        return {}

    def supports(self, task_type: str) -> bool:
        return self.task_types is None or task_type in self.task_types

    @classmethod
    def _param_names(cls) -> list[str]:
        sig = inspect.signature(cls.__init__)
        return [p.name for p in sig.parameters.values()
                if p.name != "self" and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]

    def get_params(self) -> dict[str, Any]:
        """The keyword parameters this judge was built with."""
        return {name: getattr(self, name) for name in self._param_names()}

    def identity(self) -> dict[str, Any]:
        """(name, parameters, version): what makes two judges give the same verdicts."""
        params = {k: v for k, v in self.get_params().items() if k not in self.identity_exclude}
        # A subclass of a registered judge inherits `name`; only the class's own name counts.
        name = type(self).__dict__.get("name") or type(self).__name__
        return {"name": name, "params": params, "version": self.version}

    def cache_key(self) -> str:
        blob = json.dumps(self.identity(), sort_keys=True, default=str)
        return hashlib.sha256(blob.encode()).hexdigest()[:32]

    def close(self) -> None:
        """Release worker processes or models; the judge may not be used afterwards."""

    def __enter__(self) -> "Judge":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.get_params().items())
        return f"{type(self).__name__}({args})"


class StagedJudge(Judge):
    """A judge made of inner judges (cascade, regex+encoder).

    Under the suite's runner (`bind_runner`), `_stage` sends the inner calls through the
    verdict cache, so stages already judged by another run cost nothing; each verdict should
    then carry `extra["composite_seconds"]` (the stages' measured seconds), which the runner
    records as the composite's latency. Without a runner, `_stage` just calls the judge.
    """

    _runner: Any = None

    def bind_runner(self, runner: Any) -> None:
        self._runner = runner

    def _stage(self, judge: Judge, samples: Sequence[Sample]) -> tuple[list[Verdict], list[float]]:
        """Verdicts of `judge` on `samples` and the seconds each took."""
        if not samples:
            return [], []
        if self._runner is not None:
            return self._runner.judge_samples(judge, samples)
        t0 = time.perf_counter()
        verdicts = judge.judge(samples)
        return verdicts, [(time.perf_counter() - t0) / len(samples)] * len(samples)
