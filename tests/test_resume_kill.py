"""kill -9 in the middle of `judgesuite run`, run again: it resumes from the cache."""
from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _plugin(tmp: Path) -> dict[str, str]:
    """A third-party judge installed through the entry-point group, slow enough to be killed."""
    pkg = tmp / "slow_plugin"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(textwrap.dedent("""
        import time
        from judgesuite.judges import Judge, Verdict
        class SlowContains(Judge):
            def _judge_batch(self, samples):
                time.sleep(0.002 * len(samples))
                return [Verdict(any(r.lower() in s.candidate.lower() for r in s.references))
                        for s in samples]
    """))
    dist = tmp / "slow_plugin-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: slow-plugin\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[judgesuite.judges]\nslow-contains = slow_plugin:SlowContains\n")
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp), str(ROOT)])}


def _cmd(out: Path, cache: Path) -> list[str]:
    return [sys.executable, "-m", "judgesuite.suite.cli.main", "run", "--judges", "slow-contains",
            "--datasets", "openqa-eval-nq301", "--split", "all", "--batch-size", "20",
            "--out", str(out), "--cache", str(cache), "--no-progress"]


def _stored(cache: Path) -> int:
    if not cache.exists():
        return 0
    try:
        with sqlite3.connect(cache, timeout=30) as conn:
            return conn.execute("SELECT COUNT(*) FROM verdicts").fetchone()[0]
    except sqlite3.OperationalError:
        return 0


def test_kill_minus_9_then_resume_equals_an_uninterrupted_run(tmp_path):
    env = _plugin(tmp_path)
    cache = tmp_path / "cache.sqlite"
    proc = subprocess.Popen(_cmd(tmp_path / "a", cache), env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while _stored(cache) < 300 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert proc.poll() is None, proc.stderr.read().decode()
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    before = _stored(cache)
    assert before >= 300 and not (tmp_path / "a" / "results.json").exists()

    subprocess.run(_cmd(tmp_path / "a", cache), env=env, check=True, capture_output=True)
    resumed = json.loads((tmp_path / "a" / "results.json").read_text())["entries"][0]
    assert resumed["cost"]["from_cache"] >= before  # what was stored was not recomputed

    subprocess.run(_cmd(tmp_path / "b", tmp_path / "fresh.sqlite"), env=env, check=True, capture_output=True)
    fresh = json.loads((tmp_path / "b" / "results.json").read_text())["entries"][0]
    assert fresh["cost"]["from_cache"] == 0
    assert resumed["metrics"] == fresh["metrics"] and resumed["by_model"] == fresh["by_model"]
