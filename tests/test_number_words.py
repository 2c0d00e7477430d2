"""Number words read as values (judges/number_words.py): the parse `stacked` and the encoder share."""
import pytest

from judgesuite.judges.learned.numbers import compound_numbers
from judgesuite.judges.number_words import MAX_TEXT, as_reference_digits, word_runs


@pytest.mark.parametrize("text, runs", [
    ("twenty five", [(0, 2, 25.0)]),
    ("two hundred and ten", [(0, 4, 210.0)]),
    ("three thousand and twenty people", [(0, 4, 3020.0)]),
    ("two and three", [(0, 1, 2.0), (2, 3, 3.0)]),  # "and" joins only after hundred / thousand
    ("two three", [(0, 1, 2.0), (1, 2, 3.0)]),
    ("twelve seven", [(0, 1, 12.0), (1, 2, 7.0)]),
    ("two hundred and the rest", [(0, 2, 200.0)]),  # a trailing "and" is not part of the number
    ("hundred years", []),  # a multiplier alone starts nothing
    ("the end", []),
])
def test_runs_of_number_words_and_their_values(text, runs):
    assert word_runs(text.split()) == runs
    assert compound_numbers(text.split()) == {v for _, _, v in runs}


def test_number_words_are_written_as_the_digits_a_reference_writes():
    assert as_reference_digits("It lasted Twenty-Five years.", ["25 years"]) == "It lasted 25 years."
    assert as_reference_digits("three thousand and twenty people", ["3,020"]) == "3,020 people"
    assert as_reference_digits("one of the two hundred and ten", ["210"]) == "one of the 210"
    # values no reference writes, references without digits, and words split by other marks stay as written
    assert as_reference_digits("two and three", ["5"]) == "two and three"
    assert as_reference_digits("twenty-five", ["twenty-five"]) == "twenty-five"
    assert as_reference_digits("twenty, five", ["25"]) == "twenty, five"
    assert as_reference_digits("someone", ["1"]) == "someone"


def test_only_the_head_of_a_huge_text_is_searched():
    text = "seven " * 200_000
    out = as_reference_digits(text, ["7"])
    assert out.startswith("7 7 ") and out.endswith("seven ") and len(out) < len(text)
    assert "seven" not in out[:MAX_TEXT // 3]


def test_letters_whose_lower_case_is_longer_do_not_shift_the_rewrite():
    assert as_reference_digits("İİİ twenty-five İ", ["25"]) == "İİİ 25 İ"  # "İ".lower() has two characters
