"""What the `stacked` judge does on data it was not fit on: the held-out figures its model file
carries (its recipe trained without each set), and reference lists longer than the training sets'."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("sklearn")

from judgesuite.judges import make_judge  # noqa: E402
from judgesuite.judges.learned.features import FEATURES, feature_matrix, features  # noqa: E402
from judgesuite.judges.learned.stacked import StackedJudge  # noqa: E402
from judgesuite.judges.types import Sample  # noqa: E402
from judgesuite.suite.data.loader import load_bundled  # noqa: E402
from judgesuite.suite.data.spelling_forms import KINDS, respelled  # noqa: E402
from judgesuite.suite.evaluation.metrics import binary_rates  # noqa: E402
from judgesuite.suite.training.stacked import FeatureStore, train_stacked  # noqa: E402
from judgesuite.suite.training.stacked_held_out import held_out_figures  # noqa: E402

from .alias_forms import with_aliases  # noqa: E402

OPEN_QA = ["evouna-nq", "openqa-eval-nq301"]
QUICK = {"params": {"max_iter": 40}, "synthetic_weight": 0}  # seconds, not a minute


@pytest.fixture(scope="module")
def store():
    s = FeatureStore(limit=600)
    yield s
    s.close()


def test_held_out_figures_are_the_recipe_trained_without_each_set(store):
    kw = QUICK
    figures = held_out_figures(store, OPEN_QA, **kw)
    assert set(figures["sets"]) == set(OPEN_QA) and "test split" in figures["protocol"]
    for src in OPEN_QA:
        model, _ = train_stacked(OPEN_QA, exclude=[src], store=store, with_test=False, **kw)
        assert src not in model.meta["training_data"]["train_split"]
        t = store.table(src, "test")
        pred = model.proba("open_qa", t.X) >= model.threshold("open_qa")
        f = figures["sets"][src]
        assert f["rows"] == len(t.y) and f["accuracy"] == round(float((pred == t.y).mean()), 4)
        assert f["kappa"] == round(float(binary_rates(t.y, pred, np.ones_like(t.y))["kappa"]), 4)
        assert f["baseline"]["accuracy"] == round(float(((t.token_f1 >= 0.02) == t.y).mean()), 4)
    assert held_out_figures(store, OPEN_QA[:1], **kw) == {}  # nothing left to train on


def test_shipped_model_reports_its_held_out_figures_and_the_blend_none():
    figures = make_judge("stacked").held_out()
    assert set(figures["sets"]) >= {"evouna-nq", "openqa-eval-nq301", "answer-matching-gpqa-mmlupro", "financebench"}
    evouna = figures["sets"]["evouna-nq"]
    assert evouna["rows"] > 3000 and evouna["accuracy"] > evouna["baseline"]["accuracy"]  # docs/stacked-judge.md
    assert make_judge("stacked", encoder=True).held_out() == {}
    assert make_judge("token-f1").held_out() == {}


def test_malformed_held_out_records_are_left_out(store, tmp_path):
    trained, _ = train_stacked(OPEN_QA, store=store, with_test=False, **QUICK)
    base = {"judge": "token-f1", "accuracy": 0.8, "kappa": 0.4}
    sets = {"good": {"rows": 3, "accuracy": 0.9, "kappa": 0.5, "baseline": base},
            "no-baseline": {"rows": 3, "accuracy": 0.9, "kappa": 0.5},
            "text": {"rows": 3, "accuracy": "<b>0.9</b>", "kappa": 0.5, "baseline": base}}
    model = type(trained)({**trained.meta, "held_out": {"protocol": "p", "measured": "d", "sets": sets}},
                          trained.forests)
    path = model.save(tmp_path / "m.npz")
    assert set(StackedJudge(model=str(path)).held_out()["sets"]) == {"good"}


def _evouna_dev_rows(n: int = 800):
    rows = load_bundled("evouna-nq", "dev").scorable()
    return [rows[i] for i in sorted(np.random.default_rng(0).choice(len(rows), n, replace=False))]


def test_features_do_not_count_the_references():
    """Adding forms of the same answer leaves a row's features unchanged (features version 5: no count,
    share or spread of the references; lengths from the best-matching one)."""
    samples = [r.sample for r in _evouna_dev_rows(300)]
    more = [with_aliases(s) for s in samples]
    assert np.mean([len(s.references) for s in more]) > 4 * np.mean([len(s.references) for s in samples])
    same = (feature_matrix(samples) == feature_matrix(more)).all(axis=1)
    assert same.mean() >= 0.95  # the rest: normalised forms that tokenise differently ("U.S." -> "us")


def test_alias_lists_do_not_move_the_shipped_models_verdicts():
    """TriviaQA-style references list many forms of one answer; bundled open-QA sets have ~1.8 references
    per row. Version 4's model flipped 1-3.4% of verdicts when given such forms (reference count and spread
    were features); the shipped model must keep its verdicts (real evouna-nq dev rows, human labels)."""
    rows = _evouna_dev_rows()
    samples = [r.sample for r in rows]
    more = [with_aliases(s) for s in samples]
    y = np.array([bool(r.label) for r in rows])
    with StackedJudge() as judge:
        plain = np.array([v.correct for v in judge.judge(samples)])
        aliased = np.array([v.correct for v in judge.judge(more)])
    assert abs((plain == y).mean() - (aliased == y).mean()) <= 0.003
    assert (plain != aliased).mean() <= 0.005


def test_spelling_forms_rewrite_one_reference_word():
    s = Sample(id="r1", task_type="open_qa", question="Where is the bank?", candidate="In Basel, since 25 years.",
               references=("Basel", "25"))
    assert respelled(s, "accent", s.id).candidate == "In Básel, since 25 years."
    assert respelled(s, "number-words", s.id).candidate == "In Basel, since twenty-five years."
    assert respelled(s, "typo", s.id) is None  # no reference word of 6+ letters
    t = Sample(id="r2", task_type="open_qa", question="Who wrote it?", candidate="John Steinbeck wrote it.",
               references=("John Steinbeck",))
    typo = respelled(t, "typo", t.id).candidate.split()[1]
    assert typo != "Steinbeck" and abs(len(typo) - len("Steinbeck")) <= 1 and typo[0] == "S"


def test_close_spellings_accents_and_number_words_read_as_the_reference():
    """Features version 6: a typo, a lost accent or "twenty-five" read as the reference; short names one
    letter apart ("Mario" for "Maria") and other numbers do not."""
    def f(candidate, refs, question="who?"):
        return dict(zip(FEATURES, features(Sample(id="x", task_type="open_qa", question=question,
                                                  candidate=candidate, references=refs))))

    assert f("It was written by Jon Stienbeck.", ["John Steinbeck"])["contains_ref"] == 0  # "jon" is 3 letters
    assert f("It was written by John Stienbeck.", ["John Steinbeck"])["contains_ref"] == 1
    assert f("Zürich", ["Zurich"])["exact_match"] == 1 and f("Zurich", ["Zürich"])["exact_match"] == 1
    assert f("Søren Kierkegaard", ["Soren Kierkegaard"])["exact_match"] == 1
    assert f("Mario", ["Maria"])["contains_ref"] == 0
    assert f("Australia", ["Austria"])["contains_ref"] == 0
    assert f("It has twenty-five members.", ["25"], "how many?")["ref_numbers_found"] == 1
    assert f("It has twenty-six members.", ["25"], "how many?")["ref_numbers_found"] == 0
    assert f("environmental", ["the environment"], "what?")["contains_ref"] == 0  # two more letters: another word
    assert f("two and three", ["5"], "how many?")["ref_numbers_found"] == 0
    assert f("two thousand and twenty", ["2020"], "when?")["ref_numbers_found"] == 1


@pytest.mark.parametrize("candidate", ["Destiny's Child", "Destinys Child", "Destny's Child", "destiny's child."])
def test_a_reference_word_with_an_apostrophe_is_read_as_itself(candidate):
    """Features version 10: "Destiny's Child" was respelled "destinys's child" (the close spellings came from the
    reference without its apostrophe, the candidate was split at it), so no column found the reference."""
    row = dict(zip(FEATURES, features(Sample(id="x", task_type="open_qa", question="who sang Survivor?",
                                             candidate=candidate, references=("Destiny's Child",)))))
    assert row["exact_match"] == 1 and row["contains_ref"] == 1


def test_the_shipped_models_reject_a_negated_reference_with_an_apostrophe():
    """Two master-key test probes ("The answer is not Destiny's Child.") were accepted before version 10."""
    samples = [Sample(id="n", task_type="open_qa", question="who sang Survivor?",
                      candidate="The answer is not Destiny's Child.", references=("Destiny's Child", "Solange Knowles")),
               Sample(id="y", task_type="open_qa", question="who sang Survivor?", candidate="Destiny's Child",
                      references=("Destiny's Child", "Solange Knowles"))]
    for spec in ("stacked", "stacked:encoder=true"):
        with make_judge(spec) as judge:
            assert [v.correct for v in judge.judge(samples)] == [False, True]


@pytest.mark.parametrize("candidate, reference", [
    ("27", "Twenty-seven"), ("There have been 27 amendments.", "Twenty-seven"), ("27", "twenty seven"),
    ("There have been twenty-seven amendments.", "27"), ("It was built in 110 days.", "one hundred and ten days"),
])
def test_a_number_in_words_matches_its_digits_either_way(candidate, reference):
    """Features version 11: the candidate's number words were read as digits, the reference's were not, so "27" against
    "Twenty-seven" had no column matching (P 0.12; open-QA round 6)."""
    row = dict(zip(FEATURES, features(Sample(id="x", task_type="open_qa", question="how many amendments?",
                                             candidate=candidate, references=(reference,)))))
    assert row["ref_numbers_found"] == 1
    if not reference[0].isdigit():  # the reference's digit form is read: the candidate contains it
        assert row["contains_ref"] == 1 and row["recall_max"] == 1
    with make_judge("stacked") as judge:
        assert judge.judge([Sample(id="x", task_type="open_qa", question="how many amendments?", candidate=candidate,
                                   references=(reference,))])[0].correct is True


def test_a_different_number_against_a_reference_in_words_stays_wrong():
    samples = [Sample(id="x", task_type="open_qa", question="how many amendments?", candidate=c,
                      references=("Twenty-seven",)) for c in ("28", "There have been 26 amendments.", "seventeen")]
    with make_judge("stacked") as judge:
        assert [v.correct for v in judge.judge(samples)] == [False, False, False]


def test_a_reference_late_in_a_long_alias_list_is_read():
    """TriviaQA lists many forms of an answer: the distinct forms count against the cap, not the repeats
    (version 5 read the first 50 strings, and missed "Eleanor Roosevelt" after 15 other names' 7 forms)."""
    from .alias_forms import aliases

    names = [f"Person Number{i}" for i in range(14)] + ["Eleanor Roosevelt"]
    refs = tuple(a for n in names for a in aliases(n))
    assert len(refs) > 50 and refs.index("Eleanor Roosevelt") > 50
    s = Sample(id="x", task_type="open_qa", question="Who led the committee?",
               candidate="It was led by Eleanor Roosevelt.", references=refs)
    assert dict(zip(FEATURES, features(s)))["contains_ref"] == 1
    with StackedJudge() as judge:
        assert judge.judge([s])[0].correct is True
    # and what is read is bounded: 200 distinct forms, 200,000 characters in all
    from judgesuite.judges.learned.features import MAX_CHARS, MAX_REF_CHARS, MAX_REFS, _distinct_references

    assert len(_distinct_references([f"name {i}" for i in range(5_000)])) == MAX_REFS
    read = _distinct_references(["a" * 150_000, "b" * 150_000, "Paris"])
    assert [len(r) for r in read] == [MAX_CHARS, MAX_REF_CHARS - 150_000]  # each text is cut to MAX_CHARS too


def test_a_typo_an_accent_or_number_words_keep_the_shipped_models_verdicts():
    """Issue 37: held-out TriviaQA answers spell names differently from the reference and write numbers in
    words. On real evouna-nq dev rows (human labels) rewritten so (`spelling_forms`), version 5's model lost
    16-29% of its correct verdicts (token-f1 19-41%); the shipped model keeps nearly all and accepts none
    of the rows labelled incorrect (scripts/stacked_spelling_stress.py on both open-QA dev splits)."""
    rows = _evouna_dev_rows()
    with StackedJudge() as judge:
        for kind in KINDS:
            pairs = [(r, s) for r in rows if (s := respelled(r.sample, kind, r.sample.id)) is not None]
            assert len(pairs) >= (10 if kind == "number-words" else 300), kind
            y = np.array([bool(r.label) for r, _ in pairs])
            before = np.array([v.correct for v in judge.judge([r.sample for r, _ in pairs])])
            after = np.array([v.correct for v in judge.judge([s for _, s in pairs])])
            assert (y & before & ~after).sum() <= max(1, 0.05 * (y & before).sum()), kind
            assert (~y & ~before & after).sum() <= max(1, 0.01 * len(pairs)), kind
