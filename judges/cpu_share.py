"""How many cores this process may use: what judges size their thread and process pools by."""
from __future__ import annotations

import os

CPUS_ENV = "JUDGESUITE_CPUS"  # set by the runner in its worker processes (their share of the cores)


def usable_cpus() -> int:
    """$JUDGESUITE_CPUS if set, else the cores this process may run on."""
    given = os.environ.get(CPUS_ENV, "")
    if given.isdigit() and int(given) > 0:
        return int(given)
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
