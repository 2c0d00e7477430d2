"""Features version 12: a candidate's number words are read in a reference's digits before any column reads them
(stop 54, scripts/stacked_number_words_check.py); other number words are left as written."""
from __future__ import annotations

import pytest

from judgesuite.judges.learned.features import FEATURES, features
from judgesuite.judges.types import Sample


def _row(candidate: str, reference: str) -> dict[str, float]:
    sample = Sample(id="x", task_type="open_qa", question="how many amendments are there?", candidate=candidate,
                    references=(reference,))
    return dict(zip(FEATURES, features(sample)))


@pytest.mark.parametrize(("words", "digits", "reference"), [
    ("There have been twenty-seven amendments.", "There have been 27 amendments.", "27"),
    ("Two hundred and ten of them.", "210 of them.", "210"),
    ("It has Twenty Seven.", "It has 27.", "27"),
])
def test_number_words_read_as_the_references_digits(words, digits, reference):
    assert _row(words, reference) == _row(digits, reference)
    assert _row(words, reference)["contains_ref"] == 1


def test_other_number_words_stay_as_written():
    """Only a value a reference writes in digits is rewritten: "one of the best" against 27 keeps its words."""
    row = _row("It is one of the best, with twenty-six amendments.", "27")
    assert row["contains_ref"] == 0 and row["recall_max"] == 0
    assert _row("one", "1")["exact_match"] == 1 and _row("one of them", "27")["contains_ref"] == 0
