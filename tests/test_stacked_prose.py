"""Features version 9: for open QA, `stacked` reads the answer a reply commits to in prose ("Final answer: X", "The
correct answer is X") when every such commitment agrees, as version 8 reads markup; other task types keep markup or
the whole text, and training reads such rows whole (stop 48, scripts/loso_stacked.py `prose-open-qa`)."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from judgesuite.judges import make_judge
from judgesuite.judges.learned.committed import committed_span, has_committed_span, prose_answers
from judgesuite.judges.learned.features import FEATURES, features
from judgesuite.judges.types import Sample

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(("candidate", "span"), [
    ("Paris is a common wrong guess. The correct answer is Lyon.", "Lyon"),
    ("The answer is Lyon. Some say Paris, but the correct answer is Lyon.", "Lyon"),  # agreeing twice
    ("Reasoning first.\nFinal answer: Lyon", "Lyon"),
    ("**Final Answer:**\n**Lyon**", "**Lyon**"),  # the value on the next line
    ("The answer is The answer is Lyon. Paris is wrong.", "Lyon"),  # a repeated opening skipped
    ('The correct answer to "which city is it?" is Lyon.', "Lyon"),  # a quoted question skipped
    ("The answer is J. R. R. Tolkien. Not C. S. Lewis.", "J. R. R. Tolkien"),  # initials are no sentence end
    ("The answer is the U.S. Senate.", "the U.S. Senate"),
    ("The answer is Paris. Actually, the correct answer is Lyon.", None),  # two answers: the whole text
    ("I think the answer is Lyon, but the answer is not Paris.", None),
    ("Lyon, of course.", None),  # no commitment
    ("<answer>Lyon</answer> The answer is Paris.", "Lyon"),  # markup first
])
def test_a_prose_commitment_is_read_when_every_one_agrees(candidate, span):
    assert committed_span(candidate) == span


def test_prose_is_read_for_open_qa_only():
    text = "Paris is a common wrong guess. The correct answer is Lyon."
    sample = Sample(id="x", task_type="open_qa", question="Which city?", candidate=text, references=("Paris",))
    other = Sample(id="x", task_type="context_qa", question="Which city?", candidate=text, references=("Paris",))
    assert has_committed_span(sample) and not has_committed_span(other)
    read = dict(zip(FEATURES, features(sample)))
    whole = dict(zip(FEATURES, features(other)))
    assert read["contains_ref"] == 0 and whole["contains_ref"] == 1  # the named wrong guess is not the answer
    assert committed_span(text, prose=False) is None


def test_prose_answers_are_bounded_on_hostile_text():
    assert len(prose_answers("The answer is x. " * 20_000)) <= 100
    assert prose_answers("the answer is " * 20_000) == []
    assert all(len(v) <= 400 for v in prose_answers("Final answer: " + "y" * 5000))


def test_the_shipped_model_reads_a_right_answer_after_a_named_wrong_guess_with_other_years():
    """Round 3 of the model-written corpus: the named wrong guess's years used to reject a right answer."""
    candidate = ("The answer is April 2, 2018. This is a common wrong guess because Beyblade was released in 1954, and "
                 "the series in 1958.")
    sample = Sample(id="x", task_type="open_qa", question="when is beyblade burst super z coming out",
                    candidate=candidate, references=("April 2, 2018",))
    wrong = Sample(id="y", task_type="open_qa", question="when is beyblade burst super z coming out",
                   candidate="April 2, 2018 is a common wrong guess. The correct answer is 1958.",
                   references=("April 2, 2018",))
    right, rejected = make_judge("stacked").judge([sample, wrong])
    assert right.correct is True and right.extracted == "April 2, 2018"
    assert rejected.correct is False and rejected.extracted == "1958"


def test_training_reads_rows_that_commit_in_prose_whole():
    pytest.importorskip("sklearn")
    from judgesuite.suite.training.stacked import FeatureStore

    store = FeatureStore(limit=400)
    synthetic = store.synthetic(["evouna-nq"])["open_qa"]
    prose = [i for i, r in enumerate(synthetic.rows) if has_committed_span(r.sample)]
    assert prose  # the rows by construction hold "The answer is not X" and the like
    whole = np.array([features(synthetic.rows[i].sample, read_committed=False) for i in prose])
    assert np.array_equal(synthetic.X[prose][:, :len(FEATURES)], whole)
    store.close()


def test_the_model_card_records_the_rules_that_shipped_versions_9_to_12():
    """Versions 10 and 11 were read at inference by forests trained on version 9's tables (a note in the model);
    since stop 52 the shipped forests are trained on their version's tables, with the model-written open-QA rows
    (version 12 since stop 54)."""
    for name in ("stacked.npz", "stacked-encoder.npz"):
        with np.load(ROOT / "judges" / "learned" / "models" / name, allow_pickle=False) as z:
            meta = json.loads(z["meta"].tobytes())
            assert meta["features_version"] == "12" and "features_version_note" not in meta
            assert meta["training_data"]["extra_train"]["model-written-openqa"] == {"rows": 1367, "weight": 2.0}
    assert "Passed: shipped as features version 9." in (ROOT / "scripts" / "loso_stacked.py").read_text()
    assert "Variant `apostrophe-inference`" in (ROOT / "scripts" / "loso_stacked.py").read_text()
    assert "Adopted: the model files re-stamped version 11" in (ROOT / "scripts" / "stacked_number_word_refs_check.py"
                                                                 ).read_text()
    assert "Adopted: shipped as features version 12" in (ROOT / "scripts" / "stacked_number_words_check.py").read_text()
