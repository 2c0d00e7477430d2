"""Worker process of `BoundedPool`: `python -m judgesuite.judges.sandbox.worker MODULE:FUNC MAX_MB`.

Reads `[task_id, arg]` JSON lines on stdin, writes `[task_id, status, value, error]`
JSON lines on stdout. Anything the function prints goes to stderr, not the protocol.
"""
from __future__ import annotations

import importlib
import json
import os
import sys
import threading
import time


def _limit_memory(max_mb: int) -> None:
    if max_mb <= 0:
        return
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (max_mb * 2**20, max_mb * 2**20))
    except (ImportError, ValueError, OSError):  # not every platform allows it
        pass


def _end_with_parent() -> None:
    """Exit once the parent is gone (it was killed): a stuck call must not outlive the caller."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, daemon=True, name="end-with-parent").start()


def main() -> None:
    fn_path, max_mb = sys.argv[1], int(sys.argv[2])
    _end_with_parent()
    out = os.fdopen(os.dup(1), "w", encoding="utf-8", errors="surrogatepass")
    os.dup2(2, 1)  # stray prints of the function must not corrupt the protocol
    sys.setrecursionlimit(10_000)
    module, _, name = fn_path.partition(":")
    fn = importlib.import_module(module)
    for part in name.split("."):
        fn = getattr(fn, part)
    _limit_memory(max_mb)
    out.write('"ready"\n')
    out.flush()
    for line in sys.stdin:
        task_id, arg = json.loads(line)
        try:
            reply = [task_id, "ok", fn(arg), None]
            text = json.dumps(reply)
        except MemoryError:
            text = json.dumps([task_id, "error", None, "MemoryError: input too large to process"])
        except BaseException as exc:  # report everything; the worker must survive
            text = json.dumps([task_id, "error", None, f"{type(exc).__name__}: {exc}"[:500]])
        out.write(text + "\n")
        out.flush()


if __name__ == "__main__":
    main()
