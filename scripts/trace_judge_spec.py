"""Follow a judge spec through a one-row `judgesuite run`: which judgesuite modules it enters, in
order, how often it enters the runner, and whether it ever calls back into a module it has left.

    python scripts/trace_judge_spec.py [--judge stacked] [--dataset gsm8k-openai-solutions] [--sequence]

The run is `judgesuite run --limit 1 --no-site --no-progress --workers 1` in this process, with a
fresh cache in a temporary folder. Every call into a judgesuite function is seen (`sys.setprofile`,
`threading.setprofile`); module import time is left out. A *transition* is a call whose callee's
module differs from the module of the nearest judgesuite frame below it. A *re-entry* is a
transition into a module that already has a frame lower on the stack: the spec went back into a
module it had left (a callback); a call between one object's methods across its class hierarchy (an
override called from its base class, or super()) is listed apart. A *climb* is a transition into a higher layer than the caller's
(judges < suite.data < suite.evaluation < suite.analysis < leaderboard < suite.cli; training,
generation and studies sit with the commands). A thread's first judgesuite frame counts as called
from its own module (the runner's batch-timeout thread runs `judging` code).
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import threading
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

LAYERS = ["judges", "suite.data", "suite.evaluation", "suite.analysis", "leaderboard", "suite.cli"]
RUNNER = ("suite.evaluation.runner", "suite.evaluation.judging")


def layer(module: str) -> int:
    for i, prefix in enumerate(LAYERS):
        if module == prefix or module.startswith(prefix + "."):
            return i
    return len(LAYERS) - 1  # training, generation, studies, api, the package itself: beside the commands


def short(frame: FrameType) -> str | None:
    """The judgesuite module of a frame, without the 'judgesuite.' prefix; None outside judgesuite."""
    name = frame.f_globals.get("__name__", "")
    return name[len("judgesuite."):] if name.startswith("judgesuite.") else None


class Tracer:
    def __init__(self) -> None:
        self.sequence: list[str] = []
        self.visits: Counter[str] = Counter()
        self.reentries: Counter[tuple[str, str]] = Counter()
        self.same_object: Counter[tuple[str, str]] = Counter()  # re-entries that are one object's own methods
        self.climbs: Counter[tuple[str, str]] = Counter()
        self.runner_entries = 0
        self.example: dict[tuple[str, str], str] = {}  # re-entry or climb -> the judgesuite stack it happened on

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if event != "call":
            return
        callee = short(frame)
        if callee is None or frame.f_code.co_name == "<module>":
            return
        below: list[str] = []
        names: list[str] = []
        caller_frame = None
        f = frame.f_back
        while f is not None:
            if f.f_code.co_filename.startswith("<frozen importlib"):
                return  # a module being imported: not the spec's path
            m = short(f)
            if m is not None:
                caller_frame = caller_frame or f
                below.append(m)
                names.append(f"{m}:{f.f_code.co_name}")
            f = f.f_back
        caller = below[0] if below else callee
        if caller == callee:
            return
        self.sequence.append(callee)
        self.visits[callee] += 1
        if callee in below:
            me = frame.f_locals.get("self")
            if me is not None and caller_frame is not None and caller_frame.f_locals.get("self") is me:
                self.same_object[(caller, callee)] += 1  # a method and its override, or super(), on one object
            else:
                self.reentries[(caller, callee)] += 1
                self.example.setdefault((caller, callee), " < ".join([f"{callee}:{frame.f_code.co_name}", *names]))
        if layer(callee) > layer(caller):
            self.climbs[(caller, callee)] += 1
        if layer(callee) > layer(caller):
            self.example.setdefault((caller, callee), " < ".join([f"{callee}:{frame.f_code.co_name}", *names]))
        if callee in RUNNER and not caller.startswith("suite.evaluation"):
            self.runner_entries += 1


def collapsed(seq: list[str]) -> list[str]:
    return [m for i, m in enumerate(seq) if i == 0 or m != seq[i - 1]]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--judge", default="stacked")
    p.add_argument("--dataset", default="gsm8k-openai-solutions")
    p.add_argument("--sequence", action="store_true", help="print every module entered, in order")
    args = p.parse_args(argv)

    from judgesuite.suite.cli.main import main as cli

    with tempfile.TemporaryDirectory() as tmp:
        argv_run = ["run", "--judges", args.judge, "--datasets", args.dataset, "--limit", "1", "--out",
                    str(Path(tmp) / "out"), "--cache", str(Path(tmp) / "c.sqlite"), "--no-site",
                    "--no-progress", "--workers", "1"]
        tracer = Tracer()
        threading.setprofile(tracer)
        sys.setprofile(tracer)
        try:
            code = cli(argv_run)
        finally:
            sys.setprofile(None)
            threading.setprofile(None)  # type: ignore[arg-type]
    seq = collapsed(tracer.sequence)
    print(f"judgesuite {' '.join(argv_run[:9])} ... -> exit {code}")
    print(f"modules entered: {len(seq)} transitions (consecutive repeats collapsed), "
          f"{len(tracer.visits)} modules")
    if args.sequence:
        print("  " + " > ".join(seq))
    print("modules visited (times entered): " + ", ".join(f"{m} {n}" for m, n in sorted(tracer.visits.items())))
    print(f"enters the runner ({' / '.join(RUNNER)}) from outside suite.evaluation: {tracer.runner_entries}")
    print(f"returns to a module it had left (a call into a module already on the stack): "
          f"{sum(tracer.reentries.values())}")
    for (caller, callee), n in tracer.reentries.most_common():
        print(f"  {caller} -> {callee}: {n}; first on the stack {tracer.example[(caller, callee)]}")
    print(f"  (not counted: {sum(tracer.same_object.values())} calls between one object's methods across its class "
          f"hierarchy, an override or super(): " + ", ".join(f"{a} -> {b} {n}" for (a, b), n in
                                                           tracer.same_object.most_common()) + ")")
    print(f"climbs back up the layers (a call into a higher layer than the caller's): {sum(tracer.climbs.values())}")
    for (caller, callee), n in tracer.climbs.most_common():
        print(f"  {caller} -> {callee}: {n}")
    return code


if __name__ == "__main__":
    sys.exit(main())
