"""The README's examples run as written: its Python block three ways, its command lines in CI."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def readme_python_block() -> str:
    (block,) = re.findall(r"^## In Python\n\n```python\n(.*?)^```", README, re.S | re.M)
    return block


def readme_commands() -> tuple[list[str], list[str]]:
    """(every line of the README's ```bash blocks, every inline `pip install ...` command)."""
    lines = [line.strip() for block in re.findall(r"^```bash\n(.*?)^```", README, re.S | re.M)
             for line in block.splitlines() if line.strip()]
    return lines, re.findall(r"`((?:pip install|python3? -m pip install) [^`]*)`", README)


# How a notebook runs a cell: the code compiled under a cell name, run in a `__main__` namespace.
NOTEBOOK = ("import sys\ncode = sys.stdin.read()\n"
            "exec(compile(code, '<cell 1>', 'exec'), {'__name__': '__main__'})\n")


@pytest.mark.parametrize("how", ["script", "stdin", "notebook"])
def test_the_readme_python_block_runs_as_written(how, tmp_path):
    code = readme_python_block()
    script = tmp_path / "example.py"
    script.write_text(code, encoding="utf-8")
    argv = {"script": [sys.executable, str(script)], "stdin": [sys.executable, "-"],
            "notebook": [sys.executable, "-c", NOTEBOOK]}[how]
    proc = subprocess.run(argv, input=None if how == "script" else code, capture_output=True, text=True,
                          cwd=tmp_path, timeout=300)  # a hang fails here instead of stalling the suite
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr[-3000:]
    # The spawn check cannot import a class of __main__: a warning saying so, never a hang or failure.
    assert "ConformanceWarning: contains-reference skips check_survives_spawn: the class is defined in __main__" \
        in proc.stderr, proc.stderr[-3000:]
    out = proc.stdout.splitlines()
    assert any(line.startswith("evouna-nq (test, 3107 rows") for line in out), proc.stdout
    rows = {line.split()[0]: line.split() for line in out if line.startswith("  ") and line.split()[0] != "judge"}
    assert set(rows) == {"contains-reference", "token-f1"}  # the registered judge is named by its spec
    assert 50.0 < float(rows["contains-reference"][1]) < 100.0 and rows["contains-reference"][7] == "3107"
    assert 0.0 < float(out[-1]) < 1.0  # its kappa


def test_every_install_and_run_line_of_the_readme_is_run_by_ci_as_written():
    lines, inline = readme_commands()
    assert any(line.startswith("python3 -m venv") and line.endswith("judgesuite run") for line in lines)
    assert "pip install -e . && judgesuite run" in inline  # the no-torch path
    ci_lines = [line.strip() for line in CI.splitlines() if not line.lstrip().startswith("#")]
    for line in lines + ["pip install -e . && judgesuite run"]:
        if line != "bash .ci/run":  # the CI script itself
            assert line in ci_lines, f"a README command line is not run verbatim by .ci/run: {line}"
    for command in inline:
        assert any(command in line for line in ci_lines), f"a README command is not run by .ci/run: {command}"
    test_command = re.search(r"then runs `([^`]+)`", README).group(1)
    assert test_command in ci_lines, f"the README's test command {test_command!r} is not in .ci/run"
