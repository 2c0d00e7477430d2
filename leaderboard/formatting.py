"""Numbers and times as the page prints them (one formatter for the page and the plots)."""
from __future__ import annotations

import math
import re
from datetime import datetime
from typing import Any

from judgesuite.leaderboard.svg import si, sig  # noqa: F401 - re-exported: sections format through this module


def human_time(stamp: Any) -> str:
    """'2026-12-03 21:57 UTC' from an ISO time stamp (the text unchanged if it is not one)."""
    if not stamp:
        return "?"
    try:
        t = datetime.fromisoformat(str(stamp).replace("Z", "+00:00"))
    except ValueError:
        return str(stamp)
    zone = t.strftime("%Z") or ""
    return t.strftime("%Y-%m-%d %H:%M") + (f" {zone}" if zone else "")


def plain_reason(why: str) -> str:
    """A skip reason without Python reprs: "handles ['math'] only" -> "handles math only"."""
    return re.sub(r"\[((?:'[^']*'(?:, )?)+)\]", lambda m: ", ".join(re.findall(r"'([^']*)'", m.group(1))), why)


def short_name(judge: str) -> str:
    """A replayed judge by its source alone: "recorded:source=gpt-4-eval" -> "gpt-4-eval"."""
    for prefix in ("recorded:source=", "verdicts:file="):
        if judge.startswith(prefix):
            return judge[len(prefix):]
    return judge


def fmt_time(ms: float | None) -> str:
    """A time per answer to two significant digits with its unit: "25 µs", "0.16 ms", "13 ms", "2.1 s"."""
    if ms is None or (isinstance(ms, float) and math.isnan(ms)):
        return "–"
    if ms < 0.1:
        return f"{sig(ms * 1000)} µs"
    return f"{sig(ms)} ms" if ms < 1000 else f"{sig(ms / 1000)} s"
