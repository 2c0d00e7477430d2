"""Benchmarks (run with `pytest --benchmark`): each rule-based judge per 1,000 samples."""
from __future__ import annotations

import pytest

from judgesuite.judges import make_judge
from judgesuite.suite.data.loader import bundled_names, load_bundled

RULE_JUDGES = ["exact-match", "token-f1", "rouge-l", "regex", "strict", "flexible", "math-verify"]


def _thousand(task_filter) -> list:
    rows = []
    for name in bundled_names():
        rows += [r.sample for r in load_bundled(name, "test").scorable() if task_filter(r.sample.task_type)]
    step = max(1, len(rows) // 1000)
    return rows[::step][:1000]


@pytest.mark.parametrize("name", RULE_JUDGES)
def test_rule_judge_per_1000_samples(benchmark, name):
    with make_judge(name) as judge:
        samples = _thousand(judge.supports)
        if len(samples) < 1000:  # math-only judges: repeat the math rows to 1,000
            samples = (samples * (1000 // len(samples) + 1))[:1000]
        judge.judge(samples[:4])  # start worker processes outside the timing
        verdicts = benchmark.pedantic(judge.judge, args=(samples,), rounds=3, iterations=1)
    assert len(verdicts) == 1000
    benchmark.extra_info["samples"] = 1000


@pytest.mark.parametrize("name", ["token-f1", "rouge-l"])
def test_overlap_judge_on_a_huge_answer_and_alias_list(benchmark, name):
    """One 150,000-word answer against 20,000 aliases of 10 words (hours with rouge-score's table)."""
    from judgesuite.judges import Sample

    words = [f"w{i}" for i in range(5000)]
    candidate = " ".join(words[(i * 7919) % 5000] for i in range(150_000))
    aliases = tuple(" ".join(words[(i * 31 + k) % 5000] for k in range(10)) for i in range(20_000))
    sample = Sample(id="h", task_type="open_qa", question="q?", candidate=candidate, references=aliases)
    with make_judge(name) as judge:
        verdicts = benchmark.pedantic(judge.judge, args=([sample],), rounds=1, iterations=1)
    assert verdicts[0].correct is False
