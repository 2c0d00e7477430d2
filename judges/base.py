"""The `Judge` interface every judge implements, ours and third parties'."""
from __future__ import annotations

import functools
import hashlib
import inspect
import json
import warnings
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from judgesuite.judges.types import NoVerdict, Sample, Verdict

if TYPE_CHECKING:
    from judgesuite.judges.composite import Read, ReadVerdicts


@dataclass(frozen=True)
class CostModel:
    """What a judge costs to run, from its configuration alone.

    `cost_class` is one of "rule" (string/regex/symbolic work, no model), "encoder",
    "llm". FLOPs follow the BERT-as-a-Judge convention: 2 x parameters x tokens.
    """

    cost_class: str = "rule"
    parameters: int = 0

    def flops(self, tokens: int) -> float:
        return 2.0 * self.parameters * tokens


@dataclass(frozen=True)
class JudgeTags:
    """A judge's traits, in one typed object (cf. scikit-learn's estimator tags).

    - `version`: bump when the same parameters could give other verdicts (the cache key also
      holds a fingerprint of the judge's code, so a forgotten bump cannot serve stale verdicts);
    - `deterministic`: the same sample gives the same verdict every time;
    - `task_types`: the task types the judge handles (None = all); the runner skips the rest;
    - `cost_class`: "rule", "encoder" or "llm";
    - `batch_dependent`: a verdict may depend on the other samples of its batch (e.g. several
      candidates judged in one prompt); the runner then forms fixed batches and caches per batch;
    - `identity_exclude`: parameters that cannot change a verdict (worker counts, devices);
    - `libraries`: distributions whose installed versions are part of the judge's identity;
    - `extracts_final_answer`: the judge parses a "Final answer:" line (format statistics);
    - `keyed_by_id`: the verdict depends on the sample's id (imported verdicts), so the cache keys by id too.
    """

    version: str = "1"
    deterministic: bool = True
    task_types: frozenset[str] | None = None
    cost_class: str = "rule"
    batch_dependent: bool = False
    identity_exclude: tuple[str, ...] = ()
    libraries: tuple[str, ...] = ()
    extracts_final_answer: bool = False
    keyed_by_id: bool = False


def _checked_init(init: Callable[..., None]) -> Callable[..., None]:
    """`init`, then (in the outermost `__init__` only) the built parameters checked against their
    ranges (judges.ranges), so a judge out of range fails when it is built, not on every row."""
    @functools.wraps(init)
    def checked(self: "Judge", *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        if type(self).__init__ is checked:
            from judgesuite.judges.ranges import check_params

            check_params(type(self), {n: getattr(self, n) for n in self._param_names() if hasattr(self, n)})
    return checked


# What a judge's (or a plugin's) own code may raise that the suite reports instead of ending the run: a
# sys.exit() inside it too. KeyboardInterrupt still stops the run.
JUDGE_CODE_ERRORS: tuple[type[BaseException], ...] = (Exception, SystemExit)


def _warning_close(close: Callable[..., None]) -> Callable[..., None]:
    """`close`, with an exception turned into a warning: the verdicts are already judged, so a judge
    that fails to release its resources must not end the run that used it."""
    @functools.wraps(close)
    def warning_close(self: "Judge") -> None:
        try:
            close(self)
        except Exception as exc:
            warnings.warn(f"judge {type(self).__name__}: close() raised {type(exc).__name__}: {exc}; what it "
                          "holds is released when the process ends", RuntimeWarning, stacklevel=2)
    return warning_close


class Judge(ABC):
    """Decides whether candidate answers are correct.

    Contract (checked by `judgesuite.check_judge` and `judgesuite.judges.conformance`):
    - configured only by keyword arguments of `__init__`, stored as attributes of
      the same name (scikit-learn's rule), so `get_params()` and `identity()` work;
    - `judge(samples)` returns one `Verdict` per sample, in order, for any batch size;
      a no-verdict is `Verdict.none(reason)`, never a silent False;
    - traits live in `tags` (a `JudgeTags`); `cost_model()` comes from the configuration.

    Subclasses implement `_judge_batch`. `judge()` wraps it so that an exception in
    a judge becomes a no-verdict with reason "error" instead of ending a run. A judge built from
    other judges declares them as data (`reads()`, judges.composite) and decides in `combine()`.
    """

    tags: ClassVar[JudgeTags] = JudgeTags()
    # With reads(): True = `combine` is cheap and recomputed from the reads' (cached) verdicts on
    # every run, never stored itself; False = the runner caches the combined verdicts too.
    recombined: ClassVar[bool] = False
    # name -> judges.ranges.Range, checked after __init__ (with ranges.BY_NAME for our judges)
    param_ranges: ClassVar[dict[str, Any]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        init = cls.__dict__.get("__init__")
        if init is not None and not hasattr(init, "__wrapped__"):
            cls.__init__ = _checked_init(init)  # type: ignore[method-assign]
        close = cls.__dict__.get("close")
        if close is not None and not hasattr(close, "__wrapped__"):
            cls.close = _warning_close(close)  # type: ignore[method-assign]

    def get_tags(self) -> JudgeTags:
        """This instance's tags (a subclass may refine them from its parameters)."""
        return self.tags

    def cost_model(self) -> CostModel:
        """What a verdict costs, from the configuration alone (never from whether a model loaded)."""
        return CostModel(self.get_tags().cost_class, 0)

    @property
    def cost(self) -> CostModel:
        return self.cost_model()

    @abstractmethod
    def _judge_batch(self, samples: Sequence[Sample]) -> list[Verdict]:
        """Judge a non-empty batch; may raise (the caller turns that into no-verdicts)."""

    def judge(self, samples: Sequence[Sample]) -> list[Verdict]:
        """Judge a batch of samples: one verdict per sample, in order."""
        samples = list(samples)
        return self._guarded(lambda idx: self._judge_batch([samples[i] for i in idx]), len(samples))

    def reads(self) -> tuple["Read", ...]:
        """The other judges whose verdicts this one builds on, as data (`judges.composite.Read`):
        whoever judges (the suite's runner through its cache, or `judge()` directly) judges them
        and hands their verdicts to `combine`. () = none (a plain judge)."""
        return ()

    def combine(self, samples: Sequence[Sample], reads: "ReadVerdicts") -> list[Verdict]:
        """For a judge with `reads()`: its verdicts from theirs (`reads[name][i]`: the verdict of
        read `name` on sample i, None where it did not read that sample)."""
        raise NotImplementedError(f"{type(self).__name__} has no reads to combine")

    def judge_from(self, samples: Sequence[Sample], reads: "ReadVerdicts") -> list[Verdict]:
        """`combine(samples, reads)` guarded like `judge()`: one verdict per sample, an exception
        becomes error no-verdicts (the batch is retried one sample at a time)."""
        samples = list(samples)
        return self._guarded(lambda idx: self.combine([samples[i] for i in idx],
                                                      {k: [v[i] for i in idx] for k, v in reads.items()}),
                             len(samples))

    def _guarded(self, call: Callable[[list[int]], list[Verdict]], n: int) -> list[Verdict]:
        """`call(indexes)` on all n samples, checked; an exception retries them one by one."""
        if not n:
            return []
        try:
            verdicts = call(list(range(n)))
            if len(verdicts) == n:
                return [_checked_verdict(v) for v in verdicts]
            detail = f"judge returned {len(verdicts)} verdicts for {n} samples"
            return [Verdict.none(NoVerdict.ERROR, detail) for _ in range(n)]
        except JUDGE_CODE_ERRORS:
            if n == 1:
                return [self._error_verdict()]
        # One sample made the batch fail: judge one by one to keep the others.
        return [self._one_safely(call, i) for i in range(n)]

    def _one_safely(self, call: Callable[[list[int]], list[Verdict]], i: int) -> Verdict:
        try:
            (verdict,) = call([i])
            return _checked_verdict(verdict)
        except JUDGE_CODE_ERRORS:
            return self._error_verdict()

    @staticmethod
    def _error_verdict() -> Verdict:
        import sys

        exc = sys.exc_info()[1]
        return Verdict.none(NoVerdict.ERROR, f"{type(exc).__name__}: {exc}"[:500])

    def covers(self, sample: Sample) -> bool:
        """Whether the sample is in the judge's scope beyond its task type (a replayed source covers the
        questions it judged). The runner leaves the others out, counted as unsupported."""
        return True

    def skip_reason(self, samples: Sequence[Sample]) -> str | None:
        """Why the judge has nothing to say on any of these samples (replayed verdicts that cover none of
        them), or None. The runner then leaves the (judge, dataset) pair out, as for unsupported task types."""
        return None

    def learned_from(self) -> tuple[str, ...]:
        """Datasets whose rows fit this judge's learned model (e.g. their train splits): its figures on
        those sets' test splits are in-source, not what it does on data it never saw. () = none."""
        return ()

    def held_out(self) -> dict[str, Any]:
        """For a learned judge: its recipe trained WITHOUT each source and scored on that source's test
        split, as recorded with its model: {"protocol", "measured", "sets": {set: {"rows", "accuracy",
        "kappa", "baseline": {"judge", "accuracy", "kappa"}}}}. {} = none recorded."""
        return {}

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
        types = self.get_tags().task_types
        return types is None or task_type in types

    @classmethod
    def _param_names(cls) -> list[str]:
        sig = inspect.signature(cls.__init__)
        return [p.name for p in sig.parameters.values()
                if p.name != "self" and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]

    def get_params(self) -> dict[str, Any]:
        """The keyword parameters this judge was built with."""
        return {name: getattr(self, name) for name in self._param_names()}

    def identity(self) -> dict[str, Any]:
        """(name, parameters, version, code): what makes two judges give the same verdicts.

        `code` fingerprints the sources of the modules that decide the verdicts and the versions
        of the libraries the judge names, so editing that code changes the cache key.
        """
        from judgesuite.judges.fingerprint import code_fingerprint

        tags = self.get_tags()
        params = {k: v for k, v in self.get_params().items() if k not in tags.identity_exclude}
        cls = type(self)
        return {"name": f"{cls.__module__}.{cls.__qualname__}", "params": params,
                "version": tags.version, "code": code_fingerprint(cls, tags.libraries)}

    def cache_key(self) -> str:
        blob = json.dumps(self.identity(), sort_keys=True, default=str)
        return hashlib.sha256(blob.encode()).hexdigest()[:32]

    def load(self) -> Any:
        """Load what judging needs (model files, weights) and raise, with the cause, if that fails.
        The runner calls it once before a judge's first batch, so a judge that cannot load stops
        the run with one line instead of giving an error on every row. Default: nothing to load."""
        return None

    def close(self) -> None:
        """Release worker processes or models; the judge may not be used afterwards."""

    def __enter__(self) -> "Judge":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.get_params().items())
        return f"{type(self).__name__}({args})"


def _checked_verdict(v: Any) -> Verdict:
    """`v` if it is a Verdict the cache and the verdict files can store, else an error no-verdict saying why."""
    if not isinstance(v, Verdict):
        return Verdict.none(NoVerdict.ERROR, f"the judge returned {type(v).__name__} {v!r:.60}, not a Verdict")
    if v.extra:
        try:
            json.dumps(v.extra)
        except (TypeError, ValueError) as exc:  # an object, a set, a 5,000-digit number
            return Verdict.none(NoVerdict.ERROR, f"the judge returned a Verdict whose extra cannot be stored as JSON: "
                                                 f"{exc}"[:300])
    return v


def held_out_record(figures: Any) -> dict[str, Any]:
    """A stored held-out record (`Judge.held_out`) keeping only the sets with the numbers the
    leaderboard prints (a hand-edited file may lack them); {} if it has none."""
    def numbers(d: Any) -> bool:
        return isinstance(d, dict) and all(isinstance(d.get(k), (int, float)) for k in ("accuracy", "kappa"))

    def ok(f: Any) -> bool:
        return numbers(f) and numbers(f.get("baseline")) and isinstance(f["baseline"].get("judge"), str)

    sets = figures.get("sets") if isinstance(figures, dict) else None
    if not isinstance(sets, dict):
        return {}
    kept = {name: f for name, f in sets.items() if ok(f)}
    return {**figures, "sets": kept} if kept else {}
