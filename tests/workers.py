"""Module-level functions for BoundedPool tests (workers are spawned and import them)."""
import functools
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


EVIL_PIECES = ("1", "1,", "1.", " ", "$", "(", "-1", "Final answer:", "**", "\\frac{", "{", "\\", "a ", ",", ". ",
               "The answer is ", "#### ", "\n", "\t", "0" * 10 + " ")


@functools.lru_cache(maxsize=None)
def evil_text(i: int, n: int = 20_000) -> str:
    """Text i of the backtracking probes: a piece repeated to n characters, or a long run after a prefix (built in
    the worker: the texts are not sent to it once per pattern)."""
    if i < len(EVIL_PIECES):
        p = EVIL_PIECES[i]
        return p * (n // len(p)) + "!"
    return ["Final answer:" + " " * n, "1" * n + "x" + " " * n][i - len(EVIL_PIECES)]


EVIL_TEXTS = len(EVIL_PIECES) + 2


def run_pattern(arg):
    """Apply one compiled regex of a judgesuite module to probe text i (for backtracking probes): the CPU seconds it
    took, which other processes' load does not change."""
    import importlib

    module, attr, index, i = arg
    obj = getattr(importlib.import_module(module), attr)
    pattern = obj[index] if isinstance(obj, (tuple, list)) else obj
    text = evil_text(i)
    start = time.process_time()
    pattern.findall(text)
    return time.process_time() - start


def start_grandchild_and_hang(pid_file):
    """Start a long-lived process, note its pid, then never return."""
    import subprocess
    import sys

    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
    with open(pid_file, "w") as f:
        f.write(str(child.pid))
    time.sleep(3600)


def die(how):
    """End the process without a reply: by a signal, or with an exit code after a line on stderr."""
    import signal
    import sys

    if how == "signal":
        os.kill(os.getpid(), signal.SIGKILL)
    print("fatal: the model file is corrupt", file=sys.stderr, flush=True)
    os._exit(3)


from judgesuite.judges import Judge, Verdict  # noqa: E402  (judges for the conformance suite's process check)


class WellBehaved(Judge):
    def _judge_batch(self, samples):
        return [Verdict(s.references[0].lower() in s.candidate.lower()) for s in samples]


class HangsInAWorker(WellBehaved):
    """Judges where it was built; never returns in any other process."""

    def __init__(self, home: int = 0) -> None:
        self.home = home

    def _judge_batch(self, samples):
        if os.getpid() != self.home:
            time.sleep(3600)
        return super()._judge_batch(samples)


class DiesInAWorker(HangsInAWorker):
    """Judges where it was built; kills its process anywhere else (a crash in native code)."""

    def _judge_batch(self, samples):
        if os.getpid() != self.home:
            die("signal")
        return WellBehaved._judge_batch(self, samples)
