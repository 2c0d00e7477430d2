"""Judge comparison under `pytest --benchmark`: every registered judge on each bundled set's test split.

Each case times one pass of the judge over the set through pytest-benchmark and attaches
the accuracy / F1 (with 95% intervals) and the full results entry as `extra_info`, so

    pytest --benchmark benchmarks/bench_judges.py --benchmark-json bench.json
    judgesuite leaderboard bench.json --out site/

renders the same page as `judgesuite run` + `judgesuite leaderboard`. Judges whose extra
is not installed, or that need a model that is not there, are skipped with the reason.
JUDGESUITE_BENCH_JUDGES (comma list) and JUDGESUITE_BENCH_LIMIT (rows per set) narrow a
run; LLM judges on CPU take hours over the full splits.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from judgesuite.judges.registry import RegistryError, list_judges, make_judge
from judgesuite.suite.data.loader import bundled_names, load_bundled
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.evaluation.runner import run

JUDGES = [j.strip() for j in os.environ.get("JUDGESUITE_BENCH_JUDGES", "").split(",") if j.strip()] \
    or [e.name for e in list_judges()]
LIMIT = int(os.environ["JUDGESUITE_BENCH_LIMIT"]) if os.environ.get("JUDGESUITE_BENCH_LIMIT") else None


def _out_dir(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, name: str) -> Path:
    cache = getattr(request.config, "cache", None)  # None under -p no:cacheprovider
    root = Path(cache.mkdir("judgesuite-benchmark-verdicts")) if cache else tmp_path_factory.mktemp("verdicts")
    return root / name


@pytest.mark.parametrize("dataset", bundled_names())
@pytest.mark.parametrize("judge_name", JUDGES)
def test_judge_on_bundled_set(benchmark, judge_name, dataset, request, tmp_path_factory):
    try:
        judge = make_judge(judge_name)
    except (ImportError, RegistryError, OSError, ValueError, RuntimeError) as exc:
        pytest.skip(f"{judge_name} unavailable here: {exc}"[:300])
    ds = load_bundled(dataset, "test")
    if not any(judge.supports(r.sample.task_type) for r in ds.scorable()):
        judge.close()
        pytest.skip(f"{judge_name} handles {sorted(judge.get_tags().task_types or [])} only; {dataset} has none")
    out = _out_dir(request, tmp_path_factory, f"{judge_name}__{dataset}".replace("/", "_"))
    cache = VerdictCache(tmp_path_factory.mktemp("cache") / "c.sqlite")  # fresh: every verdict is computed
    with judge:
        # the suite's one judging loop, timed once
        results = benchmark.pedantic(lambda: run([judge], [ds], split="test", out_dir=out, cache=cache,
                                                 limit=LIMIT, progress=False), rounds=1, iterations=1)
    (entry,) = results["entries"]
    entry["judge"] = judge_name
    entry["verdicts_file"] = str((out / entry["verdicts_file"]).resolve())
    m = entry["metrics"]
    benchmark.extra_info.update({
        "judge": judge_name, "dataset": dataset, "n": m["n"], "accuracy": m["accuracy"],
        "accuracy_ci": m.get("accuracy_ci"), "f1": m["f1"], "f1_ci": m.get("f1_ci"),
        "no_verdict_rate": m["no_verdict_rate"], "entry": entry})
    assert entry["n_rows"] > 0 and entry["cost"]["from_cache"] == 0
    assert 0.0 <= m["accuracy"] <= 1.0
