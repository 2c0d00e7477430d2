"""Benchmark (run with `pytest --benchmark benchmarks/bench_memory.py`): peak memory of a whole
`judgesuite run` (two rule judges, 100,000 rows, page included); the goal is <= 1 GB."""
from __future__ import annotations

import gzip
import json
import resource
import subprocess
import sys

from judgesuite.suite.data.loader import DATASETS_DIR

ROWS = 100_000
GOAL_MB = 1024


def write_rows(path, n: int) -> None:
    """n rows: evouna-nq's rows repeated under new ids (five answers per question)."""
    with gzip.open(DATASETS_DIR / "evouna-nq.jsonl.gz", "rt", encoding="utf-8") as f:
        rows = [json.loads(line) for line in f]
    with open(path, "w", encoding="utf-8") as out:
        for i in range(n):
            out.write(json.dumps(rows[i % len(rows)] | {"id": f"row-{i}", "question_id": f"q-{i // 5}"}) + "\n")


def test_peak_memory_of_a_100k_row_run(benchmark, tmp_path):
    data = tmp_path / "rows.jsonl"
    write_rows(data, ROWS)
    cmd = [sys.executable, "-m", "judgesuite.suite.cli.main", "run", "--judges", "exact-match,token-f1",
           "--data", str(data), "--out", str(tmp_path / "out"), "--cache", str(tmp_path / "cache.sqlite"),
           "--workers", "1", "--no-progress"]
    benchmark.pedantic(subprocess.run, args=(cmd,), kwargs={"check": True, "capture_output": True},
                       rounds=1, iterations=1)
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # KB on Linux
    benchmark.extra_info["peak_rss_mb"] = round(peak_mb)
    assert (tmp_path / "out" / "site" / "index.html").is_file()
    assert peak_mb <= GOAL_MB, f"peak RSS {peak_mb:.0f} MB"
