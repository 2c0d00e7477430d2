"""The `judgesuite` command line. A contract users script against: keep it stable.

Commands living in other modules plug in through COMMAND_MODULES: each module has
`register(subparsers)` that adds its sub-parser with `set_defaults(func=handler)`,
where `handler(args) -> int` is the exit code.
"""
from __future__ import annotations

import argparse
import importlib
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


if __name__ == "__main__":
    sys.exit(main())
