"""What the `stacked` features see on real answers (glued web text, a reference called wrong against extra detail,
words offering alternatives) and what the shipped model does with them."""
from __future__ import annotations

import numpy as np
import pytest

from judgesuite.judges import make_judge
from judgesuite.judges.learned.features import FEATURES, features
from judgesuite.judges.learned.stacked import DEFAULT_MODEL
from judgesuite.judges.types import Sample

OPEN_QA = ["evouna-nq", "openqa-eval-nq301"]


def test_glued_web_answers_are_seen_as_containing_the_reference():
    from judgesuite.suite.data.loader import load_bundled

    def f(candidate, refs):
        s = Sample(id="x", task_type="open_qa", question="when?", candidate=candidate, references=refs)
        return dict(zip(FEATURES, features(s)))

    glued = f("It has been banned since the Act came into effect in19971.", ["1997"])
    assert glued["contains_ref"] == 0 and glued["contains_ref_squashed"] == 1 and glued["ref_number_glued"] == 1
    assert f("AARP is a nonpartisan organization", ["non-partisan"])["contains_ref_squashed"] == 1
    other = f("It was banned in 2019 [1].", ["1997"])
    assert other["contains_ref_squashed"] == 0 and other["ref_number_glued"] == 0
    assert f("The IBM building", ["IB"])["contains_ref_squashed"] == 0  # too short to match inside words
    # on real answers: the squashed-only matches of evouna-nq's train split are nearly all labelled correct
    rows = load_bundled("evouna-nq", "train").scorable()
    hits = [r for r in rows if (lambda d: d["contains_ref_squashed"] and not d["contains_ref"])(
        dict(zip(FEATURES, features(r.sample))))]
    assert len(hits) >= 100 and sum(bool(r.label) for r in hits) / len(hits) >= 0.9


def _feats(sample: Sample) -> dict:
    return dict(zip(FEATURES, features(sample)))


def _extra_detail(d: dict) -> bool:
    """A short answer (<= 8 tokens) that contains the reference plus other words."""
    return bool(d["contains_ref"] and not d["exact_match"] and d["log_cand_tokens"] <= np.log1p(8)
                and 0.3 < d["f1"] < 0.85)


def test_reference_called_wrong_is_told_apart_from_extra_detail():
    """Version 4: "X is wrong here" (rows by construction) no longer looks like "X (age 70)" (real answers
    with extra detail, which both open-QA sets label correct), so the trees stop rejecting the latter."""
    from judgesuite.suite.data.loader import load_bundled

    def f(candidate, refs):
        return _feats(Sample(id="x", task_type="open_qa", question="who?", candidate=candidate, references=refs))

    for text in ("Donald Trump is wrong here.", "Donald Trump is incorrect", "Donald Trump is not the right answer"):
        assert f(text, ["Donald Trump"])["ref_called_wrong"] == 1, text
    for text in ("Donald Trump (age 70)", "Donald Trump, who was right", "It is not Donald Trump."):
        assert f(text, ["Donald Trump"])["ref_called_wrong"] == 0, text  # the last is `negated_ref`'s
    # the other direction of initials, and a number rounded within 5%
    assert f("B. R. Ambedkar", ["Bhimrao Ramji Ambedkar"])["cand_initials_match"] == 1
    assert f("Ambedkar", ["Bhimrao Ramji Ambedkar"])["cand_initials_match"] == 0
    assert f("2.4 billion years ago", ["around 2.45 billion years ago"])["num_close"] == 1
    assert f("in 1998", ["1997"])["num_close"] == 0  # years are not "close"

    # real answers: the feature never fires on the open-QA train splits; short answers that contain the
    # reference plus a few words are nearly all labelled correct there (so nothing real is traded away)
    region = []
    for src in OPEN_QA:
        for row in load_bundled(src, "train").scorable():
            d = _feats(row.sample)
            assert d["ref_called_wrong"] == 0, row.sample.candidate
            if _extra_detail(d):
                region.append(row)
    assert len(region) >= 300 and sum(bool(r.label) for r in region) / len(region) >= 0.95


@pytest.mark.skipif(not DEFAULT_MODEL.is_file(), reason="no shipped model")
def test_shipped_model_accepts_extra_detail_and_rejects_a_reference_called_wrong():
    from judgesuite.suite.data.loader import load_bundled

    judge = make_judge("stacked")
    rows = {r.sample.candidate: r for r in load_bundled("openqa-eval-nq301", "train").scorable()}
    real = [rows[c] for c in ("Donald Trump (age 70)", "Gianluigi Buffon of Italy.",
                              "One For Arthur, ridden by Derek Fox.")]
    assert all(r.label for r in real)  # human labels
    assert all(v.correct for v in judge.judge([r.sample for r in real]))
    refuted = [Sample(id=f"w{i}", task_type="open_qa", question=r.sample.question, references=r.sample.references,
                      candidate=f"{ref} is wrong here.") for i, r in enumerate(real) for ref in r.sample.references]
    assert not any(v.correct for v in judge.judge(refuted))
    # rows the model never saw (dev splits): short answers containing the reference plus a few words
    dev = [r for src in OPEN_QA for r in load_bundled(src, "dev").scorable() if _extra_detail(_feats(r.sample))]
    verdicts = judge.judge([r.sample for r in dev])
    assert len(dev) >= 80 and sum(v.correct for v in verdicts) / len(dev) >= 0.95
    assert sum(v.correct == bool(r.label) for v, r in zip(verdicts, dev)) / len(dev) >= 0.95


def test_one_of_is_words_offering_alternatives_not_a_phrase_of_the_question():
    """Version 7: "One of These Nights" in the question and "each of the" in working steps fired the column on
    real answers labelled correct, which outweighed the every-option rows by construction."""
    from judgesuite.suite.data.loader import load_bundled

    def one_of(candidate, question="Which city is the capital?"):
        return _feats(Sample(id="x", task_type="open_qa", question=question, candidate=candidate,
                             references=["Paris"]))["one_of"]

    assert one_of("The answer is one of the following: Paris; Rome; Oslo.") == 1
    assert one_of("It is either of the following: Paris or Rome") == 1
    assert one_of("All of the above.") == 1
    assert one_of("Each of the boxes holds 3 pens, so Paris.") == 0
    assert one_of("The song 'One of These Nights' is by the Eagles.", "Who sang One of These Nights?") == 0
    # real answers: the column fires on at most a handful of bundled rows (every split)
    fired = [r for src in OPEN_QA for split in ("train", "dev") for r in load_bundled(src, split).scorable()
             if _feats(r.sample)["one_of"]]
    assert len(fired) <= 3


@pytest.mark.skipif(not DEFAULT_MODEL.is_file(), reason="no shipped model")
def test_the_shipped_model_rejects_every_option_listed_on_dev_probes():
    from judgesuite.suite.data.probes import build_probe_set

    probes = [r for r in build_probe_set(per_set=50, split="dev").rows if r.meta["attack"] == "every-option"]
    verdicts = make_judge("stacked").judge([r.sample for r in probes])
    assert len(probes) >= 250 and sum(v.correct is True for v in verdicts) / len(probes) <= 0.02
