"""Untrusted text stays data: no code runs, no regex backtracks without bound, caches stay whole."""
from __future__ import annotations

import importlib
import json
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

import judgesuite.judges as judges_pkg
from judgesuite.judges import Sample, make_judge
from judgesuite.judges.sandbox.bounded import OK, BoundedPool

from .judge_lists import builtin
from .workers import EVIL_TEXTS, evil_text, run_pattern

ROOT = Path(__file__).resolve().parent.parent


def _payloads(sentinel: Path) -> list[str]:
    cmd = f"touch {sentinel}"
    return [
        f"__import__('os').system('{cmd}')",
        f"Final answer: __import__('os').system('{cmd}')",
        f"eval(\"__import__('os').system('{cmd}')\")",
        f"exec('import os; os.system(\"{cmd}\")')",
        f"$\\operatorname{{__import__}}('os').system('{cmd}')$",
        f"\\boxed{{__import__('os').system('{cmd}')}}",
        f"Final answer: \\boxed{{(lambda: __import__('os').system('{cmd}'))()}}",
        "\\input{/etc/passwd} \\include{/etc/shadow} \\write18{" + cmd + "}",
        f"Symbol('x').__class__.__base__.__subclasses__()[0]('{cmd}')",
        f"!!python/object/apply:os.system ['{cmd}']",
        f"cos\nsystem\n(S'{cmd}'\ntR.",
        f"{{{{ self.__init__.__globals__.__builtins__.__import__('os').system('{cmd}') }}}}",
    ]


CORE = builtin("core")
OTHER = builtin(other_than="core")


def _no_execution(name: str, tmp_path: Path) -> None:
    sentinel = tmp_path / "SENTINEL"
    samples = []
    for i, p in enumerate(_payloads(sentinel)):
        for task in ("math", "open_qa", "context_qa"):
            samples.append(Sample(f"{i}-{task}-c", task, "What is 2+2?", p, ["4"]))
            samples.append(Sample(f"{i}-{task}-r", task, p, "Final answer: 4", [p]))
    with make_judge(name) as judge:
        verdicts = judge.judge(samples)
    assert len(verdicts) == len(samples)
    assert not sentinel.exists(), f"{name} executed a payload"


@pytest.mark.parametrize("name", CORE)
def test_injection_payloads_never_run_in_core_judges(name, tmp_path):
    _no_execution(name, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("name", OTHER)
def test_injection_payloads_never_run_in_model_judges(name, tmp_path):
    _no_execution(name, tmp_path)


def test_injection_payloads_in_a_user_file_never_run(tmp_path):
    from judgesuite.suite.cli.main import main

    sentinel = tmp_path / "SENTINEL"
    rows = [{"id": str(i), "task_type": "math", "question": p, "candidate": p, "references": [p],
             "label": False, "model": p, "meta": {"x": p}} for i, p in enumerate(_payloads(sentinel))]
    f = tmp_path / "evil.jsonl"
    f.write_text("\n".join(json.dumps(r) for r in rows))
    assert main(["run", "--judges", ",".join(CORE), "--data", str(f), "--out", str(tmp_path / "o"),
                 "--cache", str(tmp_path / "c.sqlite"), "--no-progress"]) == 0
    assert not sentinel.exists()


def _shipped_patterns() -> list[tuple[str, str, int, re.Pattern]]:
    """Each distinct compiled regex (pattern and flags) of the judges' modules once, under the first name found: a
    module that imports another's regex holds the same pattern, which behaves the same on the same text."""
    found, seen = [], set()
    for info in pkgutil.walk_packages(judges_pkg.__path__, "judgesuite.judges."):
        try:
            module = importlib.import_module(info.name)
        except ImportError:  # an optional extra that is not installed
            continue
        for attr, obj in vars(module).items():
            items = obj if isinstance(obj, (tuple, list)) else [obj]
            for i, item in enumerate(items):
                if isinstance(item, re.Pattern) and getattr(module, attr) is obj \
                        and (item.pattern, item.flags) not in seen:
                    seen.add((item.pattern, item.flags))
                    found.append((info.name, attr, i if isinstance(obj, (tuple, list)) else -1, item))
    return found


CPU_LIMIT = 1.0  # CPU seconds on 20,000 characters: a quadratic pattern at the limit takes ~6 s on 50,000


def test_no_shipped_regex_backtracks_catastrophically():
    patterns = _shipped_patterns()
    assert len(patterns) >= 4, patterns  # the regex, strict and flexible judges at least
    args = [(m, a, i, t) for m, a, i, _ in patterns for t in range(EVIL_TEXTS)]
    with BoundedPool(run_pattern, workers=2, timeout=30.0) as pool:  # the wall-clock bound only ends a hang
        outcomes = pool.map(args)
    slow = [(a[0], a[1], evil_text(a[3])[:20], o.value if o.status == OK else o.status)
            for a, o in zip(args, outcomes) if o.status != OK or o.value > CPU_LIMIT]
    assert not slow, f"regexes that took over {CPU_LIMIT} CPU seconds on {len(evil_text(0)):,} characters: {slow}"


def test_two_runs_writing_one_cache_at_once(tmp_path):
    cache = tmp_path / "shared.sqlite"
    cmd = lambda out: [sys.executable, "-m", "judgesuite.suite.cli.main", "run", "--judges", "token-f1,exact-match",  # noqa: E731
                       "--datasets", "evouna-nq", "--split", "all", "--batch-size", "16", "--out", str(out),
                       "--cache", str(cache), "--no-progress"]
    procs = [subprocess.Popen(cmd(tmp_path / f"o{i}"), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
             for i in range(2)]
    for p in procs:
        assert p.wait(timeout=600) == 0, p.stderr.read().decode()
    a, b = (json.loads((tmp_path / f"o{i}" / "results.json").read_text()) for i in range(2))
    assert [e["metrics"] for e in a["entries"]] == [e["metrics"] for e in b["entries"]]
    import sqlite3

    with sqlite3.connect(cache) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
