"""Close spellings (judges/spelling.py): what counts as a typo of a reference word, and what does not."""
from __future__ import annotations

import random
import string

import pytest

from judgesuite.judges.spelling import CLOSE_CHECKS, fold, reference_words, respell, within


@pytest.mark.parametrize("a, b, k, close", [
    ("steinbeck", "stienbeck", 1, True),  # neighbours swapped: one edit
    ("steinbeck", "steinbek", 1, True),
    ("steinbeck", "steinbecck", 1, True),
    ("lincoln", "lincon", 1, True),
    ("austria", "australia", 1, False),
    ("abxcdef", "abcydef", 1, False),
    ("tchaikovsky", "tchaikowski", 2, True),
    ("tchaikovsky", "chaikovsky", 1, True),
])
def test_edit_distance_with_swaps(a, b, k, close):
    assert within(a, b, k) is close and within(b, a, k) is close


def test_folding_keeps_case_and_drops_accents():
    assert fold("Zürich, Søren, Straße, Łódź") == "Zurich, Soren, Strasse, Lodz"
    assert fold("plain ascii") == "plain ascii"


def test_respell_writes_close_words_as_the_reference_does():
    words = reference_words(["John Steinbeck", "the environment", "Zurich", "Mario"])
    assert set(words) == {"john", "steinbeck", "the", "environment", "zurich", "mario"}
    assert respell("Jon Stienbeck and John Steinbek", words) == "Jon Steinbeck and John Steinbeck"
    assert respell("Zürich or ZURICH", words) == "Zurich or ZURICH"
    assert respell("environmental environments", words) == "environmental environment"
    assert respell("Maria", reference_words(["Mario"])) == "Maria"  # close, but too short to tell from a name
    assert respell("Bérn", reference_words(["Bern"])) == "Bern"  # the same word but for an accent: any length


def test_respell_work_is_bounded_on_hostile_text():
    """Distinct long words that share a first letter with many reference words: comparisons stop after
    CLOSE_CHECKS, and the rest of the text is left as written (a typo at its end is not respelled)."""
    rng = random.Random(0)

    def word():
        return "s" + "".join(rng.choice(string.ascii_lowercase) for _ in range(11))

    refs = [word() for _ in range(300)]
    words = reference_words([" ".join(refs)])
    typo = refs[0][:5] + refs[0][6:]  # one letter dropped
    noise = " ".join(word() for _ in range(CLOSE_CHECKS))
    assert respell(f"{typo} {noise}", words).split()[0] == refs[0]
    assert respell(f"{noise} {typo}", words).split()[-1] == typo
