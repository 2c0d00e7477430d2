"""Progress of a run: one bar per judge x dataset with its rate, and one for the whole run
with an estimate of the time left (tqdm, on stderr).

The whole-run bar counts samples still to be judged: cached verdicts, composites replayed from
their stages' verdicts and unsupported rows leave its total instead of advancing it, so its rate
(and the time left) is the rate of real judging, not inflated by free rows."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any


class RunProgress:
    """Bars for a run of `total` samples; disabled, every call does nothing."""

    def __init__(self, enabled: bool = True, total: int = 0) -> None:
        self.enabled = enabled
        self._overall: Any = None
        self._bars: dict[str, tuple[Any, list[int]]] = {}
        if enabled and total:
            from tqdm import tqdm

            self._overall = tqdm(total=total, desc="whole run", unit="sample", position=0, dynamic_ncols=True,
                                 bar_format="{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} "
                                            "[{elapsed} elapsed, ~{remaining} left]")

    def bar(self, label: str, total: int, position: int = 1) -> Callable[..., None]:
        """A bar for one judge x dataset (screen line `position`, one per worker process); returns
        `tick(n, free=False)`, which advances it by n samples (`free`: answered without judging,
        from the cache or a replay)."""
        if not self.enabled:
            return lambda n, free=False: None
        from tqdm import tqdm

        bar = tqdm(total=total, desc=label, unit="sample", position=position, leave=False, dynamic_ncols=True)
        seen = [0, total]
        self._bars[label] = (bar, seen)

        def tick(n: int, free: bool = False) -> None:
            n = min(n, seen[1] - seen[0])
            seen[0] += n
            bar.update(n)
            if free:
                self._drop(n)
            elif self._overall is not None:
                self._overall.update(n)
        return tick

    def done(self, label: str) -> None:
        bar, seen = self._bars.pop(label, (None, [0, 0]))
        if bar is None:
            return
        self._drop(seen[1] - seen[0])  # rows sharing another row's verdict
        bar.close()

    def skip(self, n: int) -> None:
        """n rows that will not be judged (the judge does not handle their task type)."""
        self._drop(n)

    def _drop(self, n: int) -> None:
        if self._overall is not None and n:
            self._overall.total = max(self._overall.n, self._overall.total - n)
            self._overall.refresh()

    def close(self) -> None:
        if self._overall is not None:
            self._overall.close()
            self._overall = None
