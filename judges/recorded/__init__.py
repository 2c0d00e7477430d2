"""Judges that replay verdicts given elsewhere: published ones (`recorded`) and a user's file (`verdicts`).

Nothing runs when they judge, so a run treats them as free to schedule; their cost is what the
source reports (`Judge.report` -> `judge_report["replayed"]`), never the replay's own time.
"""
from __future__ import annotations

from collections.abc import Iterable

from judgesuite.judges.base import Judge


class ReplayedJudge(Judge):
    """A judge whose verdicts were given elsewhere (the board badges them with their source)."""

    def check_ids(self, known: Iterable[str]) -> None:
        """Refuse verdicts naming rows that are not in the data (default: nothing to check)."""
