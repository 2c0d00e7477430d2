"""What the bad-input tests share: the command line in this process and the one-line check."""
from __future__ import annotations

import json
from pathlib import Path

from judgesuite.suite.cli.main import main

ROWS = 12


def write(path: Path, rows: list[dict]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def cli(capsys, *args: str) -> tuple[int, str, str]:
    """`judgesuite ARGS` in this process: (exit code, stdout, stderr)."""
    try:
        rc = main(list(args))
    except SystemExit as exc:  # argparse
        rc = exc.code
    out = capsys.readouterr()
    return rc, out.out, out.err


def run(capsys, tmp_path, *args: str) -> tuple[int, str, str]:
    return cli(capsys, "run", "--no-progress", "--no-site", "--workers", "1", "--out", str(tmp_path / "out"),
               *(() if "--cache" in args else ("--cache", str(tmp_path / "cache.sqlite"))), *args)


def one_line(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]
