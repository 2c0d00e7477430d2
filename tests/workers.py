"""Module-level functions for BoundedPool tests (workers are spawned and import them)."""
import os
import time


def echo_or_sleep(x):
    if x == "sleep":
        time.sleep(3600)
    return x


def crash(x):
    if x == "raise":
        raise ValueError("bad input")
    if x == "exit":
        os._exit(3)
    return x


def run_pattern(arg):
    """Apply one compiled regex of a judgesuite module to a text (for backtracking probes)."""
    import importlib

    module, attr, index, text = arg
    obj = getattr(importlib.import_module(module), attr)
    pattern = obj[index] if isinstance(obj, (tuple, list)) else obj
    return len(pattern.findall(text))
