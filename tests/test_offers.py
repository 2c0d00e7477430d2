"""The learned judges call an answer that offers options and commits to none incorrect (judges/offers.py)."""
from __future__ import annotations

import pytest

from judgesuite.judges.offers import offers_options_only
from judgesuite.judges.types import Sample
from judgesuite.suite.data.loader import bundled_names, load_bundled

Q = "Who wrote the play Hamlet?"


def _s(candidate, question: str | None = Q) -> Sample:
    return Sample(id="x", task_type="open_qa", question=question, candidate=candidate, references=("Shakespeare",))


@pytest.mark.parametrize("candidate, offers", [
    ("The answer is one of the following: Shakespeare; Marlowe; Jonson.", True),  # the master key
    ("It is one of the following: Shakespeare, Marlowe or Jonson", True),
    ("ONE OF THE FOLLOWING options:\n- Shakespeare\n- Marlowe", True),
    ("It is one of the following: Shakespeare, Marlowe. I think it is Shakespeare.", False),  # a choice after it
    ("It is one of the following: Marlowe; Shakespeare. The answer is Shakespeare.", False),
    ("One of the following: <answer>Shakespeare</answer> or Marlowe", False),  # an answer tag commits
    ("One of the following: Shakespeare", False),  # one item is an answer
    ("One of these playwrights, Shakespeare, wrote it.", False),  # a phrase, no offer
    ("Either of the following works: Shakespeare or William Shakespeare", False),  # both are accepted
    ("Shakespeare wrote it; Marlowe did not.", False),
    (None, False), ("", False),
])
def test_offers_options_only(candidate, offers):
    assert offers_options_only(_s(candidate)) is offers


def test_the_phrase_in_the_question_is_the_questions():
    assert not offers_options_only(_s("It is one of the following: A; B", question="Which one of the following "
                                                                              "wrote Hamlet: A; B; C?"))
    assert offers_options_only(_s("It is one of the following: A; B", question=None))


def test_on_the_human_labelled_train_and_dev_rows_the_rule_fires_on_no_row_labelled_correct():
    fired = [(name, r.label) for name in bundled_names() for split in ("train", "dev")
             for r in load_bundled(name, split).scorable() if offers_options_only(r.sample)]
    assert not any(label for _, label in fired)

