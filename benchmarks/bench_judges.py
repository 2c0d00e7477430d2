"""Judge comparison under `pytest --benchmark`: every registered judge on each bundled set's test split.

Each case times one pass of the judge over the set through pytest-benchmark and attaches
the accuracy / F1 (with 95% intervals) and the full results entry as `extra_info`, so

    pytest --benchmark tests/test_benchmark_judges.py --benchmark-json bench.json
    judgesuite leaderboard bench.json --out site/

renders the same page as `judgesuite run` + `judgesuite leaderboard`. Judges whose extra
is not installed, or that need a model that is not there, are skipped with the reason.
JUDGESUITE_BENCH_JUDGES (comma list) and JUDGESUITE_BENCH_LIMIT (rows per set) narrow a
run; LLM judges on CPU take hours over the full splits.
"""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from judgesuite.judges.registry import RegistryError, list_judges, make_judge
from judgesuite.suite.data.loader import bundled_names, load_bundled
from judgesuite.suite.evaluation.runner import JudgedRows, _slug, entry_for, limit_rows, write_verdicts

JUDGES = [j.strip() for j in os.environ.get("JUDGESUITE_BENCH_JUDGES", "").split(",") if j.strip()] \
    or [e.name for e in list_judges()]
LIMIT = int(os.environ["JUDGESUITE_BENCH_LIMIT"]) if os.environ.get("JUDGESUITE_BENCH_LIMIT") else None


def _verdict_dir(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    cache = getattr(request.config, "cache", None)  # None under -p no:cacheprovider
    return Path(cache.mkdir("judgesuite-benchmark-verdicts")) if cache else tmp_path_factory.mktemp("verdicts")


@pytest.mark.parametrize("dataset", bundled_names())
@pytest.mark.parametrize("judge_name", JUDGES)
def test_judge_on_bundled_set(benchmark, judge_name, dataset, request, tmp_path_factory):
    try:
        judge = make_judge(judge_name)
    except (ImportError, RegistryError, OSError, ValueError, RuntimeError) as exc:
        pytest.skip(f"{judge_name} unavailable here: {exc}"[:300])
    with judge:
        ds = load_bundled(dataset, "test")
        rows = limit_rows([r for r in ds.scorable() if judge.supports(r.sample.task_type)], LIMIT)
        if not rows:
            pytest.skip(f"{judge_name} handles {sorted(judge.task_types or [])} only; {dataset} has none")
        samples = [r.sample for r in rows]
        timing: list[float] = []

        def judge_all():
            t0 = time.perf_counter()
            out = judge.judge(samples)
            timing.append(time.perf_counter() - t0)
            return out

        verdicts = benchmark.pedantic(judge_all, rounds=1, iterations=1)
        per_sample = timing[-1] / len(rows)
        judged = JudgedRows(rows=rows, verdicts=verdicts, seconds=[per_sample] * len(rows))
        entry = entry_for(judge_name, judge, ds, "test", judged, ds.exclusions())
    assert len(verdicts) == len(rows)
    assert all(v.correct is not None or v.reason is not None for v in verdicts)  # no silent no-verdict
    vfile = _verdict_dir(request, tmp_path_factory) / f"{_slug(judge_name)}__{_slug(dataset)}.jsonl.gz"
    write_verdicts(vfile, judged)
    entry["verdicts_file"] = str(vfile.resolve())
    entry["data_path"] = ds.path
    m = entry["metrics"]
    benchmark.extra_info.update({
        "judge": judge_name, "dataset": dataset, "n": m["n"], "accuracy": m["accuracy"],
        "accuracy_ci": m.get("accuracy_ci"), "f1": m["f1"], "f1_ci": m.get("f1_ci"),
        "no_verdict_rate": m["no_verdict_rate"], "entry": entry})
    assert 0.0 <= m["accuracy"] <= 1.0
