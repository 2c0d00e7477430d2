"""Per format family of the format-variety set (built from real GSM8K rows, labels by
construction): `sympy` (auto) gives the expected verdict on every sample and is at least
as accurate as Math-Verify on every family."""
from __future__ import annotations

from collections import defaultdict

import pytest

from judgesuite.judges import make_judge

from .sympy_format_set import FAMILIES, build


@pytest.fixture(scope="module")
def verdicts():
    data = build(per_family=6)
    samples = [s for _, s, _ in data]
    out = {}
    for name in ("sympy", "math-verify"):
        with make_judge(name) as judge:
            out[name] = judge.judge(samples)
    return data, out


def test_every_family_is_present(verdicts):
    data, _ = verdicts
    counts = defaultdict(lambda: [0, 0])
    for family, _, label in data:
        counts[family][label] += 1
    for family in FAMILIES:
        assert counts[family][False] >= 6, family
        if family != "noncommittal":
            assert counts[family][True] >= 6, family


@pytest.mark.parametrize("family", FAMILIES)
def test_family(verdicts, family):
    data, out = verdicts
    idx = [i for i, (f, _, _) in enumerate(data) if f == family]
    wrong = [(data[i][1].candidate[-60:], data[i][2], out["sympy"][i].correct, out["sympy"][i].detail)
             for i in idx if out["sympy"][i].correct is not data[i][2]]
    assert wrong == []  # the expected verdict (True/False, never a no-verdict) on every sample
    acc = {name: sum((out[name][i].correct is True) == data[i][2] for i in idx) / len(idx) for name in out}
    assert acc["sympy"] >= acc["math-verify"]
