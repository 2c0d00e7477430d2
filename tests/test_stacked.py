"""The `stacked` judge: trained on real train rows it beats token-f1 on held-out rows; its model
format is plain arrays whose tree-walker equals scikit-learn; bad files are refused; bad input
gets a verdict or a no-verdict, never an exception."""
from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest

pytest.importorskip("sklearn")

from judgesuite.judges import make_judge  # noqa: E402
from judgesuite.judges.learned.features import FEATURES, FEATURES_VERSION, N_FEATURES, features  # noqa: E402
from judgesuite.judges.learned.model import ModelFormatError, load_model  # noqa: E402
from judgesuite.judges.learned.stacked import DEFAULT_MODEL, StackedJudge, feature_names  # noqa: E402
from judgesuite.judges.types import Sample  # noqa: E402
from judgesuite.suite.data.loader import load_bundled  # noqa: E402
from judgesuite.suite.training.stacked import (FeatureStore, evaluate, fit_forest, source_weights,  # noqa: E402
                                               train_stacked)

OPEN_QA = ["evouna-nq", "openqa-eval-nq301"]
LIMIT = 1200  # rows per (set, split): seconds, not minutes


@pytest.fixture(scope="module")
def store():
    s = FeatureStore(limit=LIMIT)
    yield s
    s.close()


@pytest.fixture(scope="module")
def trained(store):
    # no rows by construction here (the command test below covers them): seconds, not a minute
    model, _ = train_stacked(OPEN_QA, store=store, with_test=False, params={"max_iter": 80}, synthetic_weight=0)
    return model


@pytest.fixture(scope="module")
def model_file(trained, tmp_path_factory):
    return trained.save(tmp_path_factory.mktemp("stacked") / "stacked.npz")


def test_beats_token_f1_on_held_out_rows(trained, store):
    correct_stacked = correct_f1 = n = 0
    for src in OPEN_QA:
        ev = evaluate(trained, store.table(src, "test"))  # test questions: never seen in training
        correct_stacked += ev["stacked"] * ev["n"]
        correct_f1 += ev["token-f1"] * ev["n"]
        n += ev["n"]
    assert n > 1000
    assert correct_stacked / n > correct_f1 / n


def test_tree_walker_equals_sklearn(store):
    train = [store.table(s, "train") for s in OPEN_QA]
    est, forest = fit_forest(train, {"max_iter": 40})
    X = np.vstack([store.table(s, "test").X for s in OPEN_QA])
    np.testing.assert_allclose(forest.proba(X), est.predict_proba(X)[:, 1], rtol=0, atol=1e-12)


def test_tree_walker_equals_sklearn_with_missing_values(store):
    rng = np.random.default_rng(0)
    train = [store.table(s, "train") for s in OPEN_QA]
    col = FEATURES.index("recall_max")
    holed = []  # tables are shared with other tests: holes go into copies
    for t in train:
        X = t.X.copy()
        X[rng.random(len(X)) < 0.2, col] = np.nan
        holed.append(type(t)(t.source, t.split, t.rows, X, t.y, t.token_f1))
    est, forest = fit_forest(holed, {"max_iter": 30})
    X = np.vstack([store.table(s, "test").X for s in OPEN_QA])
    X[rng.random(len(X)) < 0.3, col] = np.nan
    np.testing.assert_allclose(forest.proba(X), est.predict_proba(X)[:, 1], rtol=0, atol=1e-12)


def test_an_extra_table_joins_training_with_its_weight_and_is_recorded(store):
    """`train_stacked(extra_train=..., extra_dev=...)`: a table that is no bundled source (here evouna's dev rows, as
    scripts/stacked_model_written_check.py adds the model-written rounds) trains the forest, weighing its `weight`
    times one source, and the meta says so."""
    train = store.table("evouna-nq", "train")
    extra = dataclasses.replace(store.table("evouna-nq", "dev"), source="extra-rows", weight=2.0)
    w = source_weights([train, extra])
    assert w[len(train.y):].sum() == pytest.approx(2 * w[:len(train.y)].sum())
    quick = {"params": {"max_iter": 20}, "synthetic_weight": 0, "with_test": False, "model_written_weight": 0}
    base, _ = train_stacked(OPEN_QA, store=store, **quick)
    model, _ = train_stacked(OPEN_QA, store=store, extra_train=[extra], extra_dev=[extra], **quick)
    assert model.meta["training_data"]["extra_train"] == {"extra-rows": {"rows": len(extra.y), "weight": 2.0}}
    assert model.meta["training_data"]["extra_dev"] == {"extra-rows": len(extra.y)}
    assert "extra_train" not in base.meta["training_data"]
    X = store.table("openqa-eval-nq301", "test").X
    assert not np.allclose(model.proba("open_qa", X), base.proba("open_qa", X))


def test_the_model_written_rows_join_by_default_and_drop_with_their_set(store):
    """The bundled model-written open-QA rows train every model (2 sources when whole) and their dev rows join the
    open-QA threshold choice; leaving evouna-nq out drops the rows on its questions, and the rest weigh by their rows
    (12 train rows on nq301 questions: 2 x 12 / all), too few dev rows to choose a threshold on."""
    quick = {"params": {"max_iter": 20}, "synthetic_weight": 0, "with_test": False}
    train, dev = store.model_written(OPEN_QA)
    assert len(train.y) == LIMIT and len(dev.y) == 430 and train.family == "open_qa"
    model, _ = train_stacked(OPEN_QA, store=store, **quick)
    assert model.meta["training_data"]["extra_train"] == {"model-written-openqa": {"rows": LIMIT, "weight": 2.0}}
    assert model.meta["training_data"]["extra_dev"] == {"model-written-openqa": 430}
    without, _ = train_stacked(OPEN_QA, exclude=["evouna-nq"], store=store, **quick)
    kept = without.meta["training_data"]["extra_train"]["model-written-openqa"]
    assert kept["rows"] == 12 and kept["weight"] == pytest.approx(2 * 12 / LIMIT)
    assert without.meta["training_data"]["extra_dev"] == {}
    nq301_only = store.model_written(["openqa-eval-nq301"])
    assert {r.meta["source"] for t in nq301_only for r in t.rows} == {"openqa-eval-nq301"}
    plain, _ = train_stacked(OPEN_QA, store=store, model_written_weight=0, **quick)
    assert "extra_train" not in plain.meta["training_data"]


def test_averaged_forests_are_one_forest_of_the_mean_log_odds(store):
    train = [store.table(s, "train") for s in OPEN_QA]
    ests, forest = fit_forest(train, [{"max_iter": 30}, {"max_iter": 20, "max_leaf_nodes": 7}])
    X = np.vstack([store.table(s, "test").X for s in OPEN_QA])
    mean = np.mean([e.decision_function(X) for e in ests], axis=0)
    np.testing.assert_allclose(forest.raw(X), mean, rtol=0, atol=1e-12)
    assert forest.roots.size == 50


def test_master_key_rows_weigh_more_within_the_constructed_rows(store):
    real = [store.table(s, "train") for s in OPEN_QA]
    synth = store.synthetic(OPEN_QA)["open_qa"]
    keys = np.array([r.meta["kind"].startswith("master-key:") for r in synth.rows])
    assert 0 < keys.sum() < len(keys)
    plain, heavy = source_weights(real + [synth], 0.5), source_weights(real + [synth], 0.5, attack_weight=3.0)
    n_real = sum(len(t.y) for t in real)
    np.testing.assert_allclose(plain[:n_real], heavy[:n_real])  # real rows untouched
    np.testing.assert_allclose(plain[n_real:].sum(), heavy[n_real:].sum())  # the table's total is kept
    w = heavy[n_real:]
    np.testing.assert_allclose(w[keys] / w[~keys][0], 3.0)


def test_saved_model_round_trip(trained, model_file, store):
    loaded = load_model(model_file, features=feature_names(), features_version=FEATURES_VERSION)
    X = store.table("evouna-nq", "test").X
    assert np.array_equal(loaded.proba("open_qa", X), trained.proba("open_qa", X))
    assert loaded.threshold("open_qa") == trained.threshold("open_qa")


def test_mismatched_model_is_refused_with_how_to_retrain(model_file):
    with pytest.raises(ModelFormatError, match="train-stacked"):
        load_model(model_file, features=feature_names() + ["a_new_feature"], features_version=FEATURES_VERSION)
    with pytest.raises(ModelFormatError, match="train-stacked"):
        load_model(model_file, features=feature_names(), features_version=FEATURES_VERSION + ".next")
    with pytest.raises(ModelFormatError, match="train-stacked"):
        StackedJudge(model=str(model_file), encoder=True)  # no encoder blend in this model


def test_files_that_are_not_models_are_refused(tmp_path):
    pickled = tmp_path / "pickled.npz"
    np.savez(pickled, meta=np.array([{"format": "judgesuite-stacked/1"}], dtype=object))
    with pytest.raises(ModelFormatError, match="train-stacked"):
        load_model(pickled, features=feature_names(), features_version=FEATURES_VERSION)  # never unpickled
    garbage = tmp_path / "garbage.npz"
    garbage.write_bytes(b"\x00not a zip")
    with pytest.raises(ModelFormatError):
        load_model(garbage, features=feature_names(), features_version=FEATURES_VERSION)
    other = tmp_path / "other.npz"
    np.savez(other, meta=np.frombuffer(json.dumps({"format": "x/9"}).encode(), dtype=np.uint8))
    with pytest.raises(ModelFormatError, match="format"):
        load_model(other, features=feature_names(), features_version=FEATURES_VERSION)
    with pytest.raises(FileNotFoundError, match="train-stacked"):
        StackedJudge(model=str(tmp_path / "missing.npz"))


BAD = ["", " ", "x" * 1_000_000, "\x00\x01\x02\x1b[31m\u0007 Paris \r\n\t", "\u202e\u05e9\u05dc\u05d5\u05dd Paris \u0645\u0631\u062d\u0628\u0627",
       "\U0001F600" * 5000, "\ud800 lone surrogate", "1" * 5000, "not " * 20000, "or" + " or" * 50000]


@pytest.mark.parametrize("encoder", [False, True], ids=["forest", "encoder-blend"])
def test_bad_input_gets_a_verdict_or_a_no_verdict(model_file, encoder):
    if encoder:
        pytest.importorskip("torch")
    samples = []
    for i, text in enumerate(BAD):
        samples.append(Sample(id=f"c{i}", task_type="open_qa", question="capital of France?", candidate=text,
                              references=("Paris",)))
        samples.append(Sample(id=f"r{i}", task_type="open_qa", question=text, candidate="Paris",
                              references=(text, "Paris")))
    samples.append(Sample(id="norefs", task_type="open_qa", question="q", candidate="a", references=()))
    samples.append(Sample(id="mc", task_type="multiple_choice", question="q", candidate="B",
                          references=("B",), choices=("a", "b")))
    with (StackedJudge(encoder=True) if encoder else StackedJudge(model=str(model_file))) as judge:
        verdicts = judge.judge(samples)
    assert len(verdicts) == len(samples)
    for v in verdicts:
        assert v.correct in (True, False) or (v.correct is None and v.reason is not None)
    assert sum(v.correct is not None for v in verdicts) == len(samples)
    assert verdicts[1].correct is True  # "Paris" among the references


def test_features_of_any_text_have_the_declared_width():
    for text in BAD:
        row = features(Sample(id="x", task_type="open_qa", question=text, candidate=text, references=(text,)))
        assert len(row) == N_FEATURES and np.all(np.isfinite(row))


def test_train_stacked_command_writes_a_loadable_model(tmp_path):
    from judgesuite.suite.cli.main import main

    out = tmp_path / "model"
    assert main(["train-stacked", "--datasets", ",".join(OPEN_QA), "--limit", "300", "--out", str(out)]) == 0
    assert (out / "stacked.md").read_text().startswith("# stacked judge model")
    judge = make_judge("stacked", model=str(out / "stacked.npz"))
    assert set(judge.held_out()["sets"]) == set(OPEN_QA) and "## Held out" in (out / "stacked.md").read_text()
    (v,) = judge.judge([Sample(id="1", task_type="open_qa", question="who wrote hamlet",
                               candidate="It was written by William Shakespeare.", references=("Shakespeare",))])
    assert v.correct is True and 0 <= v.score <= 1


@pytest.mark.skipif(not DEFAULT_MODEL.is_file(), reason="no shipped model")
def test_shipped_model_matches_this_code():
    judge = make_judge("stacked")  # refused if its feature list or version differs from the code
    assert set(judge.load().meta["families"]) >= {"open_qa", "context_qa", "math", "default"}


@pytest.mark.slow
def test_encoder_feature_path_trains_and_judges(tmp_path):
    pytest.importorskip("torch")
    from judgesuite.suite.cli.main import main

    out = tmp_path / "enc"
    assert main(["train-stacked", "--encoder", "--datasets", ",".join(OPEN_QA), "--limit", "150",
                 "--out", str(out)]) == 0
    judge = make_judge("stacked", encoder=True, model=str(out / "stacked-encoder.npz"))
    blend = judge.load().encoder_blend
    assert blend["coef_forest"] > 0 and blend["coef_encoder"] > 0  # both models carry signal on dev rows
    assert set(blend["thresholds"]) == {"open_qa"} and 0 <= blend["thresholds"]["open_qa"] <= 1  # one per family
    (v,) = judge.judge([Sample(id="1", task_type="open_qa", question="who wrote hamlet",
                               candidate="William Shakespeare", references=("Shakespeare",))])
    assert v.correct is True and v.extra["family"] == "blend" and 0 <= v.score <= 1
    assert "stacked+encoder" in (out / "stacked-encoder.md").read_text()


def test_the_runner_feeds_stacked_the_sympy_verdicts_it_already_has(tmp_path):
    from judgesuite.suite.evaluation.cache import VerdictCache
    from judgesuite.suite.evaluation.runner import Runner

    rows = load_bundled("gsm8k-openai-solutions", "test").scorable()[:60]
    samples = [r.sample for r in rows]
    runner = Runner(VerdictCache(tmp_path / "c.sqlite"))
    with make_judge("sympy") as sympy, StackedJudge() as stacked, StackedJudge() as direct:
        sympy_verdicts, sympy_seconds = runner.judge_samples(sympy, samples)
        verdicts, seconds = runner.judge_samples(stacked, samples)
        assert stacked._sympy is not None and stacked._sympy._pool is None  # read from the cache, never run
        assert [(v.correct, v.score) for v in verdicts] == [(v.correct, v.score) for v in direct.judge(samples)]
        assert direct._sympy._pool is not None  # judged directly, it runs sympy itself
    assert all(s >= t > 0 for s, t in zip(seconds, sympy_seconds))  # its cost includes the sympy verdict's


@pytest.mark.parametrize("damage", [
    lambda p: p.write_bytes(p.read_bytes()[:100]),  # cut short by a kill
    lambda p: np.save(p, np.zeros((3, 2)), allow_pickle=False),  # another table under this name
], ids=["cut-short", "other-shape"])
def test_a_damaged_feature_cache_file_is_computed_again_not_trained_on(tmp_path, damage):
    """A cut-short file was an EOFError / ValueError traceback; one of another shape reached the forest."""
    first = FeatureStore(cache_dir=tmp_path).table("answer-matching-gpqa-mmlupro", "dev").X
    (path,) = tmp_path.glob("answer-matching-gpqa-mmlupro.dev.*.npy")
    damage(path)
    again = FeatureStore(cache_dir=tmp_path).table("answer-matching-gpqa-mmlupro", "dev").X
    assert np.array_equal(first, again) and np.array_equal(np.load(path, allow_pickle=False), first)
