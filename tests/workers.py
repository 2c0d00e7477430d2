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
