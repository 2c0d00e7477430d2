"""The built-in judges by install extra, for tests that run every one of them."""
from __future__ import annotations

from judgesuite.judges.registry import JUDGES

# `verdicts` replays a user's file (file= is required): tests/test_verdicts_import.py gives it files.
NEEDS_A_FILE = {"verdicts"}


def builtin(needs: str | None = "core", *, other_than: str | None = None) -> list[str]:
    """Built-in judges that build from their name alone: those of one extra, or all but one extra."""
    return [e.name for e in JUDGES if e.origin == "builtin" and e.name not in NEEDS_A_FILE
            and (e.needs == needs if other_than is None else e.needs != other_than)]
