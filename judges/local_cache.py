"""Where judgesuite keeps what it derives and stores: the verdict cache, assembled or converted weights."""
from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    """$JUDGESUITE_CACHE, else $XDG_CACHE_HOME/judgesuite, else ~/.cache/judgesuite."""
    root = os.environ.get("JUDGESUITE_CACHE")
    if root:
        return Path(root)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "judgesuite"
