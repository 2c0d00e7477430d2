"""Inputs the leaderboard renders: our results.json, or a pytest-benchmark JSON file."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from judgesuite.suite.analysis.records import load_results


def from_pytest_benchmark(doc: dict[str, Any], base: Path) -> dict[str, Any]:
    """A results document from `pytest --benchmark --benchmark-json=F`: every benchmark of
    benchmarks/bench_judges.py carries its results entry in `extra_info["entry"]`;
    latency is taken from the benchmark's own timing (mean, and median for the plots)."""
    entries = []
    for bench in doc.get("benchmarks", []):
        entry = (bench.get("extra_info") or {}).get("entry")
        if not isinstance(entry, dict):
            continue
        entry = dict(entry)
        stats = bench.get("stats") or {}
        n = max(int(entry.get("n_rows") or 0), 1)
        if stats.get("mean") is not None:
            cost = dict(entry.get("cost") or {})
            cost["seconds_per_sample"] = float(stats["mean"]) / n
            cost["seconds_total"] = float(stats["mean"])
            cost["seconds_median_per_sample"] = float(stats.get("median", stats["mean"])) / n
            entry["cost"] = cost
        entries.append(entry)
    machine = doc.get("machine_info") or {}
    cpu = machine.get("cpu") or {}
    return {
        "schema": "judgesuite.results/1", "source": "pytest-benchmark",
        "created": doc.get("datetime"), "split": "test", "limit": None,
        "hardware": {"machine": machine.get("machine"), "processor": cpu.get("brand_raw") or machine.get("processor"),
                     "cpu_count": cpu.get("count"), "python": machine.get("python_version"), "gpu": None},
        "entries": entries, "skipped": [], "_base": str(base),
    }


def load_any(path: str | Path) -> dict[str, Any]:
    """Load results.json or a pytest-benchmark JSON; raises ValueError if it is neither."""
    path = Path(path)
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path}: cannot read JSON: {exc}") from None
    if isinstance(doc, dict) and isinstance(doc.get("benchmarks"), list):
        out = from_pytest_benchmark(doc, path.resolve().parent)
        if not out["entries"]:
            raise ValueError(f"{path}: pytest-benchmark file without judgesuite entries "
                             "(run benchmarks/bench_judges.py with --benchmark)")
        return out
    return load_results(path)
