"""The learned judges call an answer that only restates the question incorrect (judges/restated.py)."""
from __future__ import annotations

import pytest

from judgesuite.judges.restated import restates_question_only
from judgesuite.judges.types import Sample
from judgesuite.suite.data.loader import bundled_names, load_bundled

Q = "Ray had 25 lollipops. He kept 5 and gave the rest to his friends. How many did he keep?"


def _s(candidate: str, question: str = Q, references=("5",)) -> Sample:
    return Sample(id="x", task_type="open_qa", question=question, candidate=candidate, references=references)


@pytest.mark.parametrize("candidate, restated", [
    (Q, True),  # the copy alone
    (Q.upper().replace(".", ""), True),  # case and punctuation do not hide it
    (f"{Q}\n\n{Q}", True),  # twice
    (f"{Q} He kept 5.", False),  # the copy, then the answer
    (f"{Q} Five.", False),  # the answer in other words: for the model to judge, not this rule
    (f"{Q} The answer is 20.", False),  # a wrong answer: likewise
    ("He kept 5 lollipops.", False),  # no copy
    ("Ray had 25 lollipops.", False),  # part of the question only
])
def test_restates_question_only(candidate, restated):
    assert restates_question_only(_s(candidate)) is restated


def test_a_short_question_or_odd_fields_are_not_read_as_restated():
    assert not restates_question_only(_s("Who wrote Hamlet", question="Who wrote Hamlet", references=("Shakespeare",)))
    assert not restates_question_only(Sample(id="x", task_type="open_qa", question=None, candidate=Q,
                                             references=("5",)))


def test_on_the_human_labelled_train_and_dev_rows_the_rule_fires_only_on_the_question_copied():
    fired = [(name, r.sample.candidate, r.label) for name in bundled_names() for split in ("train", "dev")
             for r in load_bundled(name, split).scorable() if restates_question_only(r.sample)]
    # one row of 28,000: an evouna answer that is the question word for word, labelled correct by its annotators
    assert [(name, c.rstrip(".").lower()) for name, c, _ in fired] == [
        ("evouna-nq", "when did the revolution begin in the united states")]

