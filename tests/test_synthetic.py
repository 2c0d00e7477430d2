"""The synthetic encoder training rows: deterministic, train-split questions only, sane labels."""
from __future__ import annotations

import pytest

from judgesuite.judges.squad import normalize_answer
from judgesuite.suite.data.loader import split_of
from judgesuite.suite.data import synthetic
from judgesuite.suite.data import synthetic_forms as F
from judgesuite.suite.data.synthetic import CORRECT_KINDS, INCORRECT_KINDS, generate


@pytest.fixture(scope="module")
def rows():
    return generate(seed=0)


def test_deterministic_by_seed(rows):
    again = generate(seed=0)
    assert [(r.id, r.sample.candidate, r.label) for r in again] == [(r.id, r.sample.candidate, r.label) for r in rows]
    other = generate(seed=1)
    assert [r.sample.candidate for r in other] != [r.sample.candidate for r in rows]


def test_no_test_question_leaks(rows):
    test = synthetic.test_questions()
    assert len(test) > 1000
    leaked = [r.sample.question for r in rows if normalize_answer(r.sample.question) in test]
    assert leaked == []
    # questions of the bundled answer sets all come from their train split
    bundled = [r for r in rows if not r.benchmark.startswith("mcqa-")]
    assert bundled and all(split_of(r.sample.question) == "train" for r in bundled)


def test_every_kind_present_and_labels_balanced(rows):
    kinds = {r.model for r in rows}
    assert set(CORRECT_KINDS) <= kinds and set(INCORRECT_KINDS) <= kinds
    from judgesuite.suite.data.probes import ATTACKS

    assert {f"master-key:{a}" for a in ATTACKS} <= kinds  # every probe form, restated question included
    assert all(r.label is (r.model in CORRECT_KINDS) for r in rows)
    share = sum(r.label for r in rows) / len(rows)
    assert 0.35 < share < 0.6


def _mentions(text: str, answers) -> bool:
    c = f" {normalize_answer(text)} "
    return any(f" {normalize_answer(a)} " in c for a in answers if normalize_answer(a))


def _contains(text: str, answers) -> bool:
    """Mentions an answer; raw containment for answers that normalise to nothing ("A+")."""
    return _mentions(text, answers) or any(a.strip().lower() in text.lower() for a in answers)


def test_label_sanity(rows):
    for r in rows:
        c, refs = r.sample.candidate, r.sample.references
        if r.model in ("surface", "sentence", "long", "cot"):
            assert _contains(c, refs), (r.model, c, refs)
        elif r.model in ("other-answer", "distractor", "near-miss", "refusal", "restate"):
            assert not _mentions(c, refs), (r.model, c, refs)
        elif r.model in ("hedge", "negation"):
            assert _contains(c, refs), (r.model, c, refs)


def test_examples(rows):
    by_kind = {}
    for r in rows:
        by_kind.setdefault(r.model, []).append(r)
    # a neighbouring year / off-by-one number differs from every reference
    for r in by_kind["near-miss"][:200]:
        assert normalize_answer(r.sample.candidate) not in {normalize_answer(x) for x in r.sample.references}
    # chain-of-thought rows end in the answer
    for r in by_kind["cot"][:200]:
        tail = normalize_answer(r.sample.candidate)[-200:]
        assert any(normalize_answer(a) and tail.endswith(normalize_answer(a)[-20:]) for a in r.sample.references)
    assert all(r.sample.candidate == ":" for r in by_kind["master-key:colon"])
    # a negation is one of the negation templates around one of the question's answers
    for r in by_kind["negation"][:200]:
        assert any(r.sample.candidate == t.format(a=a) for t in F.NEGATION for a in r.sample.references)


def test_master_key_forms_can_be_chosen():
    from judgesuite.suite.training.stacked import SYNTHETIC_ATTACKS

    rows = generate(seed=0, names=["openqa-eval-nq301", "financebench"], mcqa_per_benchmark=0,
                    master_key_rate=1.0, attacks=SYNTHETIC_ATTACKS)
    forms = {r.model.split(":", 1)[1] for r in rows if r.model.startswith("master-key:")}
    assert forms == set(SYNTHETIC_ATTACKS)


def test_master_key_share_sets_the_probe_forms_share_of_the_mix():
    from judgesuite.suite.training.encoder_mix import SYNTHETIC_GROUPS, synthetic_rows

    def forms(rows):
        return [r.model for r in rows if r.model.startswith("master-key:")]

    default = synthetic_rows(1000, 0, ["evouna-nq"])
    more = synthetic_rows(1000, 0, ["evouna-nq"], master_key_share=0.3)
    assert len(forms(default)) == round(1000 * SYNTHETIC_GROUPS["master-key"]) and len(forms(more)) == 300
    assert {"master-key:restate-question", "master-key:negated-reference"} <= set(forms(more))
    # the other groups keep their quotas
    assert len(default) - len(forms(default)) == len(more) - len(forms(more))
