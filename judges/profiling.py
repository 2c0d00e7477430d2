"""Cumulative seconds by phase, for `Judge.profile()`."""
from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager


class PhaseTimer:
    """`with timer("model"): ...` adds the block's wall seconds to phase "model"; `totals()` reads them."""

    def __init__(self) -> None:
        self._seconds: dict[str, float] = {}

    @contextmanager
    def __call__(self, phase: str) -> Iterator[None]:
        t0 = time.perf_counter()
        try:
            yield
        finally:
            self.add(phase, time.perf_counter() - t0)

    def add(self, phase: str, seconds: float) -> None:
        self._seconds[phase] = self._seconds.get(phase, 0.0) + seconds

    def totals(self) -> dict[str, float]:
        return dict(self._seconds)
