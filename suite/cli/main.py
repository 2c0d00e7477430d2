"""The `judgesuite` command line. A contract users script against: keep it stable.

Commands living in other modules plug in through COMMAND_MODULES: each module has
`register(subparsers)` that adds its sub-parser with `set_defaults(func=handler)`,
where `handler(args) -> int` is the exit code.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys
import warnings

# Modules that add sub-commands (imported lazily: listing help never imports torch).
COMMAND_MODULES = [
    "judgesuite.suite.cli.run",
    "judgesuite.suite.cli.merge",
    "judgesuite.suite.cli.leaderboard",
    "judgesuite.suite.cli.train_encoder",
    "judgesuite.suite.cli.pack_encoder",
    "judgesuite.suite.cli.train_stacked",
    "judgesuite.suite.cli.mc_formats",
    "judgesuite.suite.cli.generate",
    "judgesuite.suite.cli.audit",
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="judgesuite",
        description="Which answer-correctness judge should I trust, at what cost?")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for module in COMMAND_MODULES:
        importlib.import_module(module).register(sub)
    return parser


def _one_line_warning(message, category, filename, lineno, line=None) -> str:
    return f"warning: {message}\n"


def main(argv: list[str] | None = None) -> int:
    warnings.formatwarning = _one_line_warning  # a user reads one line, not our source file
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("interrupted: verdicts computed so far are in the cache; run again to resume",
              file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (`... | head`): nothing left to tell it
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stderr.fileno())
        return 141
    except OSError as exc:  # a path the system refuses (an --out that cannot be made, a full disk, ...)
        print(f"judgesuite {args.command}: {_os_error(exc)}", file=sys.stderr)
        return 2


def _os_error(exc: OSError) -> str:
    """One line: the path(s), then the system's reason ("/proc/x: No such file or directory")."""
    where = ": ".join(str(f) for f in (exc.filename, exc.filename2) if f is not None)
    why = "a file is there, not a folder" if isinstance(exc, (FileExistsError, NotADirectoryError)) else (
        exc.strerror or str(exc))
    return f"{where}: {why}" if where else why


if __name__ == "__main__":
    sys.exit(main())
