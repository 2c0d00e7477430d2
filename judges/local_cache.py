"""Where judgesuite keeps files it derives from installed models (assembled or converted weights)."""
from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    """$JUDGESUITE_CACHE, else ~/.cache/judgesuite."""
    root = os.environ.get("JUDGESUITE_CACHE") or os.path.join(os.path.expanduser("~"), ".cache", "judgesuite")
    return Path(root)
