"""Features version 12: `ref_word_replaced`, a best reference matched in part whose missing word has another word in
its place (stop 54, scripts/stacked_word_replaced_check.py)."""
from __future__ import annotations

import pytest

from judgesuite.judges.learned.features import FEATURES, features
from judgesuite.judges.types import Sample

from .alias_forms import with_aliases

COLUMN = FEATURES.index("ref_word_replaced")


def _replaced(candidate: str, *references: str, question: str = "who played susanna") -> float:
    return features(Sample(id="x", task_type="open_qa", question=question, candidate=candidate,
                           references=references))[COLUMN]


@pytest.mark.parametrize(("candidate", "reference"), [
    ("Susanna was played by actress Julia Roberts.", "Julia Ormond"),
    ("The first president to be impeached is Andrew Brattain.", "Andrew Johnson"),
    ("It was won by the University of North Carolina.", "South Carolina"),
    ("It became the symbol in the 1st century AD.", "the 4th century"),
])
def test_a_replaced_reference_word_is_marked(candidate, reference):
    assert _replaced(candidate, reference) == 1.0


@pytest.mark.parametrize(("candidate", "reference"), [
    ("Julia Ormond", "Julia Ormond"),  # whole
    ("Ormond", "Julia Ormond"),  # a part, nothing in the other word's place
    ("The red wolf lives in the United States.", "southeastern United States"),  # a word left out, not replaced
    ("Julia Ormond played her.", "Julia Ormond"),
    ("Roberts", "Julia Ormond"),  # nothing matched
    ("Susanna was played by Julia.", "Julia Ormond"),  # the question's and stop words are not replacements
    ("", "Julia Ormond"),
])
def test_a_whole_or_a_shortened_reference_is_not(candidate, reference):
    assert _replaced(candidate, reference) == 0.0


def test_read_on_the_best_reference_only_so_more_aliases_change_nothing():
    """An alias matched in part does not mark an answer that matches another reference whole."""
    sample = Sample(id="x", task_type="open_qa", question="who was impeached", candidate="President Johnson",
                    references=("Johnson", "Andrew Johnson"))
    assert features(sample)[COLUMN] == 0.0
    assert features(with_aliases(sample))[COLUMN] == features(sample)[COLUMN]
