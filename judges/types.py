"""The data the Judge contract exchanges: a `Sample` in, a `Verdict` out."""
from __future__ import annotations

import hashlib
import json
import math
from dataclasses import asdict, dataclass, field
from enum import Enum
from typing import Any

SCORE_SLACK = 1e-6  # float rounding of a score computed in [0, 1]
MAX_COUNT = 10**18  # tokens of one verdict; more is no count (and overflows the float arithmetic after)


def _finite_or_none(value: Any) -> float | None:
    """`value` as a finite float (numpy numbers too), None for anything else (a bool, a string, NaN, 10**400)."""
    if isinstance(value, (bool, str, bytes)) or not hasattr(value, "__float__"):
        return None
    try:
        x = float(value)
    except (OverflowError, TypeError, ValueError):
        return None
    return x if math.isfinite(x) else None
TASK_TYPES = ("open_qa", "multiple_choice", "multiple_choice_freeform", "context_qa", "math")


class NoVerdict(str, Enum):
    """Why a judge gave no verdict. A no-verdict is an outcome, never a silent False."""

    UNPARSEABLE = "unparseable"  # no answer could be extracted from the candidate
    TIMEOUT = "timeout"  # parsing or comparison ran past its time limit
    INVALID_OUTPUT = "invalid_output"  # an LLM judge answered outside the allowed forms
    ERROR = "error"  # the judge raised; the exception text is in `detail`
    NOT_RECORDED = "not_recorded"  # a replayed source (judges/recorded) has no verdict for this row
    NOT_IN_FILE = "not_in_file"  # an imported verdicts file has no line for this row's id

    @property
    def cacheable(self) -> bool:
        """Whether the same sample gives this outcome again: an error or a time limit depends on the
        moment (an endpoint down, a loaded machine), so it is never stored as the judge's verdict."""
        return self not in (NoVerdict.ERROR, NoVerdict.TIMEOUT)


@dataclass(frozen=True)
class Sample:
    """One (question, candidate answer, references) triple to judge.

    `references` holds every acceptable gold answer; `choices` is set for
    lettered multiple choice (references then hold the gold letter or text).
    """

    id: str
    task_type: str
    question: str
    candidate: str
    references: tuple[str, ...]
    context: str | None = None
    choices: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        # Accept lists from callers but store tuples so samples stay hashable. One string is one reference, not
        # a reference per character (references="Paris" was judged against "P", "a", "r", ...).
        if isinstance(self.references, str):
            object.__setattr__(self, "references", (self.references,))
        elif not isinstance(self.references, tuple):
            object.__setattr__(self, "references", tuple(self.references))
        if isinstance(self.choices, str):
            raise TypeError("Sample.choices: the options as a list of strings, not one string")
        if self.choices is not None and not isinstance(self.choices, tuple):
            object.__setattr__(self, "choices", tuple(self.choices))

    def content_hash(self) -> str:
        """Hash of everything a judge may read (not the id): the verdict cache key."""
        cached = self.__dict__.get("_content_hash")  # computed once: a run asks once per judge
        if cached is not None:
            return cached
        payload = json.dumps(
            [self.task_type, self.question, self.candidate, list(self.references),
             self.context, list(self.choices) if self.choices is not None else None],
            ensure_ascii=False,
        )
        cached = hashlib.sha256(payload.encode("utf-8", "surrogatepass")).hexdigest()
        object.__setattr__(self, "_content_hash", cached)
        return cached


@dataclass
class Verdict:
    """A judge's decision on one sample.

    `correct` is True, False, or None for no verdict; a None always carries a
    `reason`. `score` is the judge's confidence that the candidate is correct,
    in [0, 1], where the judge has one. `input_tokens` and `generated_tokens` are the
    model tokens this verdict cost (`tokens` their sum), `flops` the model FLOPs; `stage`
    names the stage that decided, for staged judges. `extra` holds judge-specific details
    (replies, votes): no metric or cache key depends on them; `judgesuite label` copies an LLM
    judge's `reply` into the labelled row's meta.
    """

    correct: bool | None
    score: float | None = None
    extracted: str | None = None
    reason: NoVerdict | None = None
    detail: str | None = None
    tokens: int = 0
    flops: float = 0.0
    input_tokens: int = 0
    generated_tokens: int = 0
    stage: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # Checked here, so a judge that hands back "yes" or a score of 7.0 fails on its batch
        # (an error no-verdict) instead of being counted as a verdict.
        if self.correct is not None and not isinstance(self.correct, bool):
            if getattr(getattr(self.correct, "dtype", None), "kind", "") != "b":  # numpy bools are fine
                raise TypeError(f"Verdict.correct must be True, False or None, got {self.correct!r}")
            self.correct = bool(self.correct)
        if self.score is not None:
            if isinstance(self.score, bool) or not isinstance(self.score, (int, float)) and not hasattr(self.score, "__float__"):
                raise TypeError(f"Verdict.score must be a number in [0, 1] or None, got {self.score!r}")
            score = float(self.score)
            if not -SCORE_SLACK <= score <= 1 + SCORE_SLACK:  # NaN fails too
                raise ValueError(f"Verdict.score must be in [0, 1], got {self.score!r}")
            self.score = min(max(score, 0.0), 1.0)
        if self.reason is not None and not isinstance(self.reason, NoVerdict):
            self.reason = NoVerdict(self.reason)  # ValueError on an unknown reason
        for name in ("extracted", "detail", "stage"):
            if getattr(self, name) is not None and not isinstance(getattr(self, name), str):
                raise TypeError(f"Verdict.{name} must be a string or None, got {getattr(self, name)!r:.60}")
        for name in ("tokens", "input_tokens", "generated_tokens"):
            value = getattr(self, name)
            if isinstance(value, bool) or not hasattr(value, "__index__") or not 0 <= value <= MAX_COUNT:
                raise TypeError(f"Verdict.{name} must be a whole number >= 0, got {value!r:.60}")
            setattr(self, name, int(value))
        flops = _finite_or_none(self.flops)
        if flops is None or flops < 0:
            raise TypeError(f"Verdict.flops must be a finite number >= 0, got {self.flops!r:.60}")
        self.flops = flops
        if not isinstance(self.extra, dict):
            raise TypeError(f"Verdict.extra must be a dict, got {type(self.extra).__name__}")

    @classmethod
    def none(cls, reason: NoVerdict, detail: str | None = None, **kw: Any) -> "Verdict":
        return cls(correct=None, reason=NoVerdict(reason), detail=detail, **kw)

    @property
    def answered(self) -> bool:
        return self.correct is not None

    @property
    def cacheable(self) -> bool:
        """A real verdict or a deterministic no-verdict (`NoVerdict.cacheable`)."""
        return self.correct is not None or (self.reason is not None and self.reason.cacheable)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["reason"] = self.reason.value if self.reason is not None else None
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Verdict":
        d = dict(d)
        if d.get("reason") is not None:
            d["reason"] = NoVerdict(d["reason"])
        known = cls.__dataclass_fields__
        return cls(**{k: v for k, v in d.items() if k in known})
