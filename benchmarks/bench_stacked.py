"""Benchmark (run with `pytest --benchmark`): the `stacked` judge per 2,000 open-QA samples, one core.

Goal (issue 16): >= 2,000 samples/s per core without the encoder, i.e. < 1 s per round here.
"""
from __future__ import annotations

import os

import pytest

from judgesuite.judges import make_judge
from judgesuite.suite.data.loader import load_bundled


@pytest.fixture(scope="module")
def open_qa_samples() -> list:
    rows = load_bundled("evouna-nq", "test").scorable() + load_bundled("openqa-eval-nq301", "test").scorable()
    step = max(1, len(rows) // 2000)
    return [r.sample for r in rows[::step][:2000]]


def test_stacked_per_2000_open_qa_samples(benchmark, open_qa_samples):
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    judge = make_judge("stacked")
    judge.judge(open_qa_samples[:4])  # load the model outside the timing
    verdicts = benchmark.pedantic(judge.judge, args=(open_qa_samples,), rounds=3, iterations=1)
    assert len(verdicts) == len(open_qa_samples) and all(v.correct is not None for v in verdicts)
    benchmark.extra_info["samples"] = len(open_qa_samples)
    benchmark.extra_info["samples_per_second"] = round(len(open_qa_samples) / benchmark.stats["mean"], 1)
