""""Which judge?": kappa ranking per set and family, constant judges never ranked first, and the
statistics it rests on (one interval method, never zero-width)."""
from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from judgesuite.suite.evaluation.statistics import (interval, kendall_tau_b_rows, paired_difference_p,
                                                    wilson_interval)

from .leaderboard_helpers import CONSTANT, constant_judges

SETS = ["openqa-eval-nq301", "omni-math-gpt4o-examples", "financebench"]


@pytest.fixture(scope="module")
def analysis(tmp_path_factory):
    from judgesuite.suite.analysis import analyze
    from judgesuite.suite.evaluation.schema import ResultsDoc
    from judgesuite.suite.data.loader import load_bundled
    from judgesuite.suite.evaluation.cache import VerdictCache
    from judgesuite.suite.evaluation.runner import run

    out = tmp_path_factory.mktemp("choice")
    with constant_judges():
        run(["always-incorrect", "never-sure", "exact-match", "token-f1"], [load_bundled(n, "test") for n in SETS],
            split="test", out_dir=out, cache=VerdictCache(out / "c.sqlite"), limit=150, progress=False)
    return analyze(ResultsDoc.read(out / "results.json"))


def test_constant_judges_are_marked_and_never_ranked_first(analysis):
    # omni-math: 14% of answers correct, so "always incorrect" is 86% accurate, yet unranked.
    omni = analysis["sets"]["omni-math-gpt4o-examples"]["ranking"]["rows"]
    acc = {r["judge"]: r["accuracy"] for r in omni}
    assert acc["always-incorrect"] > acc["token-f1"]
    rankings = [info["ranking"] for info in analysis["sets"].values()] + analysis["choice"]
    assert len(rankings) >= 3 + 4
    for ranking in rankings:
        rows = ranking["rows"]
        assert rows[0]["judge"] not in CONSTANT and rows[0]["rank"] == 1
        for r in rows:
            if r["judge"] in CONSTANT:
                assert r["rank"] is None and r["constant"] and r["kappa"] == 0.0
        assert rows[-1]["judge"] in CONSTANT  # listed last
        assert ranking["verdict"]["best"]["judge"] not in CONSTANT
    for c in analysis["choice"]:  # the one-line verdict names the pick and its interval
        best = c["verdict"]["best"]
        assert f" use {best['judge']}: kappa {best['kappa']:.2f} [{best['kappa_ci'][0]:.2f}, " in c["sentence"]
    never = next(r for r in omni if r["judge"] == "never-sure")
    assert never["constant"] == "no verdict on omni-math-gpt4o-examples" and never["no_verdict_rate"] == 1.0
    assert next(r for r in omni if r["judge"] == "always-incorrect")["constant"].startswith("always incorrect")


def test_families_use_human_labels_by_default_and_rank_by_kappa(analysis):
    by = {(c["family"], c["view"]): c for c in analysis["choice"]}
    assert ("math", "human") not in by and ("math", "all") in by  # omni-math labels come from GPT-4o
    assert sorted(by[("all", "human")]["sets"]) == ["financebench", "openqa-eval-nq301"]
    assert "omni-math-gpt4o-examples" in by[("all", "all")]["sets"]
    for c in analysis["choice"]:
        ranked = [r for r in c["rows"] if r["rank"] is not None]
        assert [r["rank"] for r in ranked] == sorted(r["rank"] for r in ranked)
        for r in ranked:
            lo, hi = r["kappa_ci"]
            assert lo <= r["kappa"] <= hi and hi > lo
    # The family score is the mean of its sets' kappas.
    fam = {r["judge"]: r["kappa"] for r in by[("all", "human")]["rows"]}
    per_set = [{r["judge"]: r["kappa"] for r in analysis["sets"][s]["ranking"]["rows"]}
               for s in ("financebench", "openqa-eval-nq301")]
    assert fam["token-f1"] == pytest.approx(sum(p["token-f1"] for p in per_set) / 2, abs=1e-5)
    for s in SETS:
        assert analysis["sets"][s]["description"]["label_kind"] == ("llm" if "omni" in s else "human")


def test_interval_is_never_zero_width_and_wilson_matches_scipy():
    assert interval(np.ones(1000), 1.0, 49) == pytest.approx(list(wilson_interval(49, 49)), abs=1e-6)
    lo, hi = interval(np.ones(1000), 1.0, 49)
    assert lo < 1.0 == hi
    ci = stats.binomtest(7, 20).proportion_ci(method="wilson")
    assert wilson_interval(7, 20) == pytest.approx((ci.low, ci.high))
    samples = np.random.default_rng(0).normal(0.5, 0.1, 5000)
    assert interval(samples, 0.5, 100) == pytest.approx([0.304, 0.696], abs=0.01)


def test_vectorised_kendall_and_paired_p():
    rng = np.random.default_rng(1)
    x, y = rng.integers(0, 4, (20, 7)), rng.integers(0, 4, (20, 7))
    ours = kendall_tau_b_rows(x, y)
    theirs = [stats.kendalltau(a, b).statistic for a, b in zip(x, y)]
    assert np.allclose(ours, theirs, equal_nan=True)
    a = rng.normal(0.6, 0.02, 1000)
    assert paired_difference_p(a, a - 0.1, 0.1) < 1e-6
    assert paired_difference_p(a, a + rng.normal(0, 0.05, 1000), 0.0) == 1.0
