"""The ranges judge parameters must lie in, checked when a judge is built.

A parameter name means one thing across the built-in judges (`threshold` is a decision threshold
on a score in [0, 1], `timeout` a time limit in seconds, `encoder` true or false, ...), so `BY_NAME`
declares each once; a judge class adds or overrides ranges in its `param_ranges` (a plugin judge declares its own: the
names below bind only judges of this package). `Judge` checks the built values after `__init__`.
"""
from __future__ import annotations

import math
import os
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


class ParameterError(ValueError):
    """A judge parameter outside its range or of the wrong type."""


@dataclass(frozen=True)
class Range:
    """low <= value <= high (`open_low`: low < value), finite; `integer`: a whole number;
    `optional`: None is allowed (the judge resolves it to its default)."""

    low: float | None = None
    high: float | None = None
    open_low: bool = False
    integer: bool = False
    optional: bool = True

    def describe(self) -> str:
        kind = "a whole number" if self.integer else "a number"
        if self.low is not None and self.high is not None:
            return f"{kind} in {'(' if self.open_low else '['}{self.low:g}, {self.high:g}]"
        if self.low is not None:
            return f"{kind} {'>' if self.open_low else '>='} {self.low:g}"
        return kind

    def accepts(self, value: Any) -> bool:
        if value is None:
            return self.optional
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            return False
        if self.integer and not float(value).is_integer():
            return False
        if self.low is not None and (value <= self.low if self.open_low else value < self.low):
            return False
        return self.high is None or value <= self.high


@dataclass(frozen=True)
class Flag:
    """true or false, nothing else: a bare word, 1 or "no" is refused rather than read as true."""

    optional: bool = False

    def describe(self) -> str:
        return "true or false"

    def accepts(self, value: Any) -> bool:
        return isinstance(value, bool) or (value is None and self.optional)


@dataclass(frozen=True)
class Text:
    """A path, hub id or name that is not blank: `model=` was read as "not given" and judged with the default."""

    optional: bool = True

    def describe(self) -> str:
        return "a path or a name, not blank"

    def accepts(self, value: Any) -> bool:
        if value is None:
            return self.optional
        return isinstance(value, (str, os.PathLike)) and bool(str(value).strip())


UNIT = Range(0.0, 1.0)
POSITIVE = Range(0.0, open_low=True)
NON_NEGATIVE = Range(0.0)
COUNT = Range(1, integer=True)
WHOLE = Range(integer=True)
PROCESSES = Range(1, 1024, integer=True)  # workers / threads: each is a process or thread; more is a mistake

BY_NAME: dict[str, Range | Flag | Text] = {
    "threshold": UNIT, "rouge_threshold": UNIT, "band": UNIT,
    "timeout": POSITIVE,
    "temperature": Range(0.0, 2.0), "top_p": Range(0.0, 1.0, open_low=True),
    "top_logprobs": Range(0, 20, integer=True), "seed": WHOLE,
    "k": COUNT, "candidates_per_prompt": COUNT, "max_new_tokens": COUNT, "answer_tokens": COUNT,
    "check_tokens": COUNT, "max_field_chars": COUNT, "max_length": COUNT, "max_chars": COUNT,
    "num_layers": COUNT, "batch_size": COUNT, "threads": PROCESSES, "workers": PROCESSES,
    "encoder": Flag(), "extract": Flag(), "fallback": Flag(), "shuffle": Flag(),
    "model": Text(), "checkpoint": Text(), "encoder_checkpoint": Text(), "file": Text(),
}
OURS = "judgesuite."


def ranges_of(cls: type) -> dict[str, Range | Flag | Text]:
    """The ranges that bind `cls`'s parameters: `BY_NAME` for this package's judges, then every
    `param_ranges` along its classes (the most derived wins)."""
    out: dict[str, Range | Flag | Text] = dict(BY_NAME) if cls.__module__.startswith(OURS) else {}
    for klass in reversed(cls.__mro__):
        out.update(klass.__dict__.get("param_ranges") or {})
    return out


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def check_params(cls: type, params: Mapping[str, Any]) -> None:
    """Raise ParameterError naming the first parameter of `params` outside its range."""
    ranges = ranges_of(cls)
    for name, value in params.items():
        rng = ranges.get(name)
        if rng is not None and not rng.accepts(value):
            raise ParameterError(f"{name}={_shown(value)} is not allowed: it must be {rng.describe()}"
                                 + (" or left out" if rng.optional else ""))


_SIMPLE = {int: "a whole number", float: "a number", str: "a string", bool: "true or false"}


def fits_hint(value: Any, hint: Any) -> bool | None:
    """Whether `value` fits a simple type hint (int, float, str, bool, their unions and None); None where
    the hint is not simple (a sequence, a class) and is left to the code that takes it."""
    if hint is type(None):
        return value is None
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        fits = [fits_hint(value, h) for h in typing.get_args(hint)]
        return True if any(fits) else (False if all(f is False for f in fits) else None)
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    return None


def check_option_types(cls: type, options: Mapping[str, Any]) -> None:
    """ParameterError naming the first of `options` (keyword arguments of `cls`) whose value does not fit the
    parameter's simple type hint (`timeout="abc"` for a float), then `check_params`' ranges."""
    try:
        hints = typing.get_type_hints(cls.__init__)
    except Exception:  # hints that do not resolve are not checked
        hints = {}
    for name, value in options.items():
        if fits_hint(value, hints.get(name)) is False:
            simple = [_SIMPLE[h] for h in typing.get_args(hints[name]) or (hints[name],) if h in _SIMPLE]
            raise ParameterError(f"{name}={_shown(value)} is not allowed: it must be "
                                 f"{' or '.join(simple) or 'another type'}")
    check_params(cls, options)
