"""Training options of the `stacked` forest that the shipped recipe leaves off (scripts/stacked_stability_check.py):
bootstrap bags keyed by row id, and a threshold from the middle of the near-best dev thresholds."""
from __future__ import annotations

import numpy as np
import pytest

from judgesuite.suite.training.stacked import FeatureStore, bootstrap_weights, fit_forest

from .test_stacked import LIMIT, OPEN_QA


@pytest.fixture(scope="module")
def store():
    s = FeatureStore(limit=LIMIT)
    yield s
    s.close()


def test_bagged_forests_are_seeded_bootstrap_fits_averaged(store):
    """`bags=3`: three fits on Poisson(1)-reweighted rows (keyed by row id), one forest of their mean log-odds; the
    same call gives the same forest, and bagging moves the verdicts of a single fit (it is not a no-op); a row keeps
    its bootstrap count when other rows are left out."""
    train = [store.table(s, "train") for s in OPEN_QA]
    ests, forest = fit_forest(train, {"max_iter": 20}, bags=3)
    X = np.vstack([store.table(s, "test").X for s in OPEN_QA])
    assert len(ests) == 3 and forest.roots.size == 60
    np.testing.assert_allclose(forest.raw(X), np.mean([e.decision_function(X) for e in ests], axis=0), atol=1e-12)
    _, again = fit_forest(train, {"max_iter": 20}, bags=3)
    np.testing.assert_allclose(again.raw(X), forest.raw(X), rtol=0, atol=1e-12)
    single, _ = fit_forest(train, {"max_iter": 20})
    assert not np.allclose(ests[0].decision_function(X), single.decision_function(X))
    ids = [r.sample.id for t in train for r in t.rows]
    counts = bootstrap_weights(ids, 0)
    assert 0.9 < counts.mean() < 1.1 and set(np.unique(counts)) <= set(range(16))
    np.testing.assert_array_equal(bootstrap_weights(ids[1::2], 0), counts[1::2])
    assert not np.array_equal(bootstrap_weights(ids, 1), counts)


def test_a_threshold_plateau_takes_the_middle_of_the_near_best_thresholds():
    """On a dev set where every threshold from 0.3 to 0.7 is right, the first best is 0.3 and the plateau's middle
    0.5; a plateau narrower than the gap to the next-best value changes nothing."""
    from judgesuite.suite.training.thresholds import best_threshold

    scores = np.array([0.1, 0.2, 0.25, 0.75, 0.8, 0.9])
    labels = scores > 0.5
    grid = np.round(np.arange(0.1, 0.91, 0.1), 2)
    assert best_threshold([(scores, labels)], grid)[0] == 0.3
    assert best_threshold([(scores, labels)], grid, plateau=0.01)[0] == 0.5
    noisy = (np.append(scores, 0.45), np.append(labels, True))  # now only 0.3 and 0.4 are best
    assert best_threshold([noisy], grid, plateau=0.01)[0] == 0.3
