"""The blocks of a results entry (`suite/evaluation/schema.py`): its cost, its held-out figures, and
typed views of the free-form blocks it stores as written (judge identity, judge report, skips, hardware).
Readers use these records, never the dicts; the JSON they come from is unchanged."""
from __future__ import annotations

import functools
import json
import types
import typing
from dataclasses import asdict, dataclass, field, fields, is_dataclass
from typing import Any

from judgesuite.judges.ranges import fits_hint


@functools.cache
def _field_names(cls: type) -> frozenset[str]:
    return frozenset(f.name for f in fields(cls))


def known_fields(cls: type, d: dict[str, Any]) -> dict[str, Any]:
    """The items of `d` that are fields of the dataclass `cls` (unknown keys are dropped)."""
    names = _field_names(cls)
    return {k: v for k, v in d.items() if k in names}


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _conforms(value: Any, tp: Any) -> bool:
    """`value`, as read from JSON, is of the declared type `tp` (a dataclass: an object whose fields are)."""
    simple = fits_hint(value, tp)  # scalars and their unions, as judge parameters are checked
    if simple is not None:
        return simple
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp is Any:
        return True
    if origin in (typing.Union, types.UnionType):
        return any(_conforms(value, a) for a in args)
    if origin is list:
        return isinstance(value, list) and all(_conforms(v, args[0]) for v in value)
    if origin is dict:
        return isinstance(value, dict) and all(_conforms(v, args[1]) for v in value.values())
    if is_dataclass(tp):
        return isinstance(value, dict) and field_problem(tp, value) is None
    return True


def _described(tp: Any) -> str:
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_described(a) for a in args)
    names = {type(None): "null", bool: "true or false", int: "a whole number", float: "a number", str: "a string"}
    if tp in names:
        return names[tp]
    if origin is list:
        return f"a list of {_plural(args[0])}"
    if origin is dict and args[1] is not Any:
        return f"an object of {_plural(args[1])}"
    return "an object"


def _plural(tp: Any) -> str:
    said = _described(tp)
    for kind in ("object", "list"):
        if said.startswith(("a " + kind, "an " + kind)):
            return kind + "s"
    return "true-or-false values" if tp is bool else said.removeprefix("a ") + "s"


def field_problem(cls: type, d: dict[str, Any], prefix: str = "") -> str | None:
    """The first field of `d` (a stored `cls` record) whose value is not of the declared type, as one line
    ("field cost.parameters: expected a whole number, got \"big\""); None when every field is. A file from
    anyone is refused here rather than read as something else or failing deep in an analysis."""
    for name, tp in _hints(cls).items():
        if name not in d:
            continue
        value = d[name]
        if is_dataclass(tp) and isinstance(value, dict):
            inner = field_problem(tp, value, f"{prefix}{name}.")
            if inner:
                return inner
        elif not _conforms(value, tp):
            return f"field {prefix}{name}: expected {_described(tp)}, got {json.dumps(value, default=str)[:60]}"
    return None


@dataclass
class Cost:
    """What an entry's verdicts cost. FLOPs = 2 x parameters x tokens (BERT-as-a-Judge)."""

    cost_class: str
    parameters: int
    input_tokens_per_sample: float
    generated_tokens_per_sample: float
    flops_per_sample: float
    flops_generated_only_per_sample: float | None
    seconds_per_sample: float
    seconds_median_per_sample: float
    seconds_total: float
    from_cache: int
    flops_counts: str = "2 x parameters x (input + generated) tokens"
    not_cached: int = 0  # errors and time limits (never stored): judged again on the next run
    profile: dict[str, float] = field(default_factory=dict)


@dataclass
class Figures:
    """Accuracy and Cohen's kappa of a judge on one set's rows."""

    judge: str
    accuracy: float
    kappa: float


@dataclass
class HeldOutSet:
    """A learned judge's recipe trained without one set and scored on its test split."""

    rows: int | None
    accuracy: float
    kappa: float
    baseline: Figures
    extra: dict[str, Any] = field(default_factory=dict)  # e.g. the encoder's threshold, says_correct

    def to_dict(self) -> dict[str, Any]:
        return {**self.extra, "rows": self.rows, "accuracy": self.accuracy, "kappa": self.kappa,
                "baseline": asdict(self.baseline)}


@dataclass
class HeldOut:
    """What `Judge.held_out()` reports: how and when the held-out figures were measured, per set."""

    protocol: str = ""
    measured: str = ""
    sets: dict[str, HeldOutSet] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, d: Any) -> "HeldOut | None":
        """The record's sets with the numbers the leaderboard prints (None when none has them)."""
        def number(x: Any) -> bool:
            return isinstance(x, (int, float)) and not isinstance(x, bool)

        def figures(x: Any) -> bool:
            return isinstance(x, dict) and number(x.get("accuracy")) and number(x.get("kappa"))

        sets = d.get("sets") if isinstance(d, dict) else None
        kept = {}
        for name, f in (sets.items() if isinstance(sets, dict) else ()):
            base = f.get("baseline") if isinstance(f, dict) else None
            if figures(f) and figures(base) and isinstance(base.get("judge"), str):
                rows = f.get("rows")
                kept[str(name)] = HeldOutSet(
                    rows=int(rows) if number(rows) else None, accuracy=float(f["accuracy"]), kappa=float(f["kappa"]),
                    baseline=Figures(base["judge"], float(base["accuracy"]), float(base["kappa"])),
                    extra={k: v for k, v in f.items() if k not in ("rows", "accuracy", "kappa", "baseline")})
        if not kept:
            return None
        return cls(protocol=str(d.get("protocol") or ""), measured=str(d.get("measured") or ""), sets=kept)

    def to_dict(self) -> dict[str, Any]:
        return {"protocol": self.protocol, "measured": self.measured,
                "sets": {name: s.to_dict() for name, s in self.sets.items()}}


# Typed views of the free-form blocks an entry or document stores as written (their JSON is unchanged):
# readers use these, never the dicts.

@dataclass(frozen=True)
class JudgeIdentity:
    """An entry's `judge_identity` (`Judge.identity()`): what makes two judges give the same verdicts."""

    name: str = ""  # module.Class
    params: dict[str, Any] = field(default_factory=dict)
    version: Any = None
    code: str | None = None


@dataclass(frozen=True)
class ReplayedSource:
    """`judge_report["replayed"]` of a replayed judge: where its verdicts come from, what is known of their cost."""

    kind: str | None = None  # "recorded" (published verdicts) or "imported" (your file)
    source: str | None = None
    model: str | None = None
    citation: str | None = None
    file: str | None = None
    parameters: float | str | None = None  # a count, or why there is none ("undisclosed")
    parameters_note: str | None = None
    flops: str | None = None  # how FLOPs were counted: "estimated", "undisclosed", ...
    latency: str | None = None


@dataclass(frozen=True)
class Voting:
    """`judge_report` of a voting LLM judge: how often its votes agree, flip and favour the first position."""

    agreement_rate: float | None = None
    flip_rate: float | None = None
    position_bias_gap: float | None = None


@dataclass(frozen=True)
class Skipped:
    """A judge that did not run on a set (`ResultsDoc.skipped`), and why."""

    judge: str
    dataset: str
    why: str
    failed: bool = False  # it could not load or failed on every row (--keep-going), rather than being out of scope


@dataclass(frozen=True)
class Hardware:
    """`ResultsDoc.hardware`: the machine that judged."""

    processor: str | None = None
    cpu_count: int | None = None
    gpu: str | None = None
    machine: str | None = None
    python: str | None = None


def typed_view(cls: type, d: Any) -> Any:
    """`d` as a `cls` record (its unknown keys dropped); None when it is not a dict."""
    return cls(**known_fields(cls, d)) if isinstance(d, dict) else None
