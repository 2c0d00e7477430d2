"""The bootstrap (statistics.bootstrap_sums): the law of drawing rows, paired across judges,
seeded, and memory that grows with the rows, not rows x resamples."""
from __future__ import annotations

import tracemalloc

import numpy as np
import pytest

from judgesuite.judges.registry import make_judge
from judgesuite.judges.types import NoVerdict, Verdict
from judgesuite.suite.analysis.choice import SetRows, rank_judges
from judgesuite.suite.data.loader import load_bundled
from judgesuite.suite.evaluation.metrics import binary_rates, bootstrap_rates, compute_metrics
from judgesuite.suite.evaluation.statistics import bootstrap_sums, paired_difference_p


@pytest.fixture(scope="module")
def nq301():
    """token-f1 on openqa-eval-nq301's test split: labels, predictions, answered (every 7th dropped)."""
    rows = load_bundled("openqa-eval-nq301", "test").scorable()
    verdicts = make_judge("token-f1").judge([r.sample for r in rows])
    label = np.array([bool(r.label) for r in rows])
    pred = np.array([v.correct is True for v in verdicts])
    answered = np.array([v.correct is not None for v in verdicts])
    answered[::7] = False
    return label, pred, answered


@pytest.mark.parametrize("n, groups", [(6000, 2), (300, 300)], ids=["few-groups", "every-row-a-group"])
def test_replicates_follow_the_law_of_drawing_rows(n, groups):
    """Each row's draw count is Binomial(n, 1/n) (mean 1, variance 1 - 1/n), the counts of a
    replicate add up to n, and a column's sum is the sum of its rows' draw counts times the rows."""
    rng = np.random.default_rng(1)
    kind = rng.integers(0, groups, n)
    group_value = rng.random(groups)
    onehot = np.eye(groups, dtype=np.int64)[kind]
    sums = bootstrap_sums(np.column_stack([onehot, group_value[kind]]), 4000, seed=2)
    counts = sums[:, :groups]
    np.testing.assert_allclose(counts.sum(1), n)
    np.testing.assert_allclose(sums[:, -1], counts @ group_value, rtol=1e-9)
    share = np.bincount(kind, minlength=groups) / n
    np.testing.assert_allclose(counts.mean(0) / n, share, atol=5 * np.sqrt(share.max() / n / 4000))
    np.testing.assert_allclose(counts.var(0).mean(), (n * share * (1 - share)).mean(), rtol=0.1)


def test_intervals_on_a_bundled_set_match_resampling_rows(nq301):
    """Every metric's interval is within resampling noise of the textbook bootstrap (draw row
    indices, recompute) on real verdicts."""
    label, pred, answered = nq301
    idx = np.random.default_rng(5).integers(0, label.size, size=(2000, label.size))
    direct = binary_rates(label[idx], pred[idx], answered[idx])
    ours = bootstrap_rates(label, [(pred, answered)], 2000, seed=5)[0]
    assert ours.keys() == direct.keys()
    for key in direct:
        np.testing.assert_allclose(np.nanpercentile(ours[key], [2.5, 50, 97.5]),
                                   np.nanpercentile(direct[key], [2.5, 50, 97.5]), atol=0.012, err_msg=key)
    assert len(set(np.round(ours["kappa"], 6))) > 50  # the replicates differ


def test_judges_in_one_call_share_their_replicates(nq301):
    """Paired: a judge and its copy get the same replicates (difference 0, p = 1); a judge that
    differs on a few rows gets a tight paired difference, not two independent intervals."""
    label, pred, answered = nq301
    other = pred.copy()
    other[:10] = ~other[:10]
    a, b, c = bootstrap_rates(label, [(pred, answered), (pred, answered), (other, answered)], 1000, seed=0)
    np.testing.assert_array_equal(a["kappa"], b["kappa"])
    assert paired_difference_p(a["kappa"], b["kappa"], 0.0) == 1.0
    assert np.std(a["kappa"] - c["kappa"]) < 0.3 * np.std(a["kappa"])
    rows = SetRows("nq301", label, {"x": pred, "y": other}, {"x": answered, "y": answered})
    point = binary_rates(label, pred, answered)["kappa"] - binary_rates(label, other, answered)["kappa"]
    assert [t["p"] for t in rank_judges([rows])["tests"]] == [paired_difference_p(a["kappa"], c["kappa"], point)]


def test_the_bootstrap_is_seeded(nq301):
    label, pred, answered = nq301
    first = bootstrap_rates(label, [(pred, answered)], 200, seed=3)[0]["kappa"]
    np.testing.assert_array_equal(first, bootstrap_rates(label, [(pred, answered)], 200, seed=3)[0]["kappa"])
    assert not np.array_equal(first, bootstrap_rates(label, [(pred, answered)], 200, seed=4)[0]["kappa"])


@pytest.mark.parametrize("groups, n", [("few", 50_000), ("many", 20_000)])
def test_rates_of_many_rows_allocate_no_resamples_by_rows_array(groups, n):
    """n rows x 1,000 resamples would be 160-400 MB as int64 indices; the statistics of two
    judges (intervals and the paired ranking) stay under 24 MB of Python-tracked memory, with few
    row groups (rule judges) or with every row its own group (float columns)."""
    rng = np.random.default_rng(0)
    label = rng.random(n) < 0.7
    preds = {j: label ^ (rng.random(n) < 0.1) for j in ("a", "b")}
    answered = {j: rng.random(n) < 0.95 for j in preds}
    columns = rng.random((n, 3)) if groups == "many" else None
    verdicts = {j: [Verdict(bool(p)) if a else Verdict.none(NoVerdict.UNPARSEABLE)
                    for p, a in zip(preds[j], answered[j])] for j in preds}
    labels = [bool(x) for x in label]
    tracemalloc.start()
    try:
        if columns is None:
            for j in preds:
                compute_metrics(labels, verdicts[j])
            rank_judges([SetRows("big", label, preds, answered)])
        else:
            bootstrap_sums(columns)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 24 * 2**20, f"peak {peak / 2**20:.0f} MB"


def test_the_difference_interval_by_cluster_widens_when_rows_of_one_cluster_move_together():
    from judgesuite.suite.evaluation.statistics import clustered_difference_interval

    rng = np.random.default_rng(3)
    per_question = rng.random(50) < 0.3  # judge a right and b wrong on every answer to 30% of 50 questions
    a = np.repeat(per_question, 12)
    b = np.zeros_like(a)
    questions = np.repeat(np.arange(50), 12)
    lo, hi = clustered_difference_interval(a, b, questions)
    rlo, rhi = clustered_difference_interval(a, b, np.arange(len(a)))  # every row its own cluster
    point = a.mean() - b.mean()
    assert lo < point < hi and rlo < point < rhi
    assert hi - lo > 2.5 * (rhi - rlo)  # 50 independent questions, not 600 independent rows
    assert all(np.isnan(clustered_difference_interval([], [], [])))  # no rows: no interval
