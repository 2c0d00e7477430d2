"""`sympy` on an arithmetic JSON value and two quantities joined by "and" in prose (issue 37, stop 53). A JSON member
whose value is arithmetic in numbers (`{"total_cakes": 4 + 3 * 4}`, not valid JSON) was read as its first or last
number; "3 cm and 4 cm" in prose gave its last number, equal to the gold 4."""
from __future__ import annotations

import pytest

from judgesuite.judges.math.symbolic import judge_math

NOT_TRUE = "no equal"  # unequal or no verdict: never a false equal


def _check(cand: str, gold: str, expected: object) -> None:
    got = judge_math(((gold,), cand, "auto"))[0]
    assert (got is not True) if expected == NOT_TRUE else (got is expected), (cand, gold, got)


# The value of the arithmetic (the safe parser reads it), never one of its numbers; an answer key wins as before,
# else the member of the last number; an `=`-chain gives its last side.
@pytest.mark.parametrize("cand, gold, expected", [
    ('{"total_cakes": 4 + 3 * 4 + 5 * 3 * 4}', "76", True), ('{"total_cakes": 4 + 3 * 4 + 5 * 3 * 4}', "4", False),
    ('{"total_cakes": 4 + 3 * 4 + 5 * 3 * 4}', "20", False), ('{"answer": 4 + 3 * 4}', "16", True),
    ('{"answer": 4 + 3 * 4}', "4", False), ('{"answer": 4+3*4}', "16", True), ('{"answer": 4+3*4}', "7", False),
    ('{"answer": 4 + 3 * 4,}', "16", True), ('{"answer": "4 + 3 * 4"}', "16", True),
    ('{"total": "4 + 3 * 4"}', "16", True), ('{"total": -4 + 12}', "8", True), ('{"total": -4 + 12}', "12", False),
    ('{"answer": (4 + 12) / 2}', "8", True), ('{"answer": (4 + 12) / 2}', "2", False),
    ('{"total": 2^3 + 1}', "9", True), ('{"total": 2 ** 3 + 1}', "9", True),
    ('{"a": 3, "answer": 4 + 12}', "16", True), ('{"answer": 4 + 12, "a": 3}', "16", True),
    ('{"answer": 4 + 12, "a": 3}', "3", False), ('{"x": 3, "total": 4 + 12}', "16", True),
    ('{\n  "steps": 3,\n  "total_cakes": 4 + 3 * 4\n}', "16", True), ('```json\n{"total": 10 - 2 * 3}\n```', "4", True),
    ('{"total": 4 + 12 = 16}', "16", True), ('{"answer": 4 + 12 = 16}', "16", True),
    ('{"answer": 4 + 12 = 16}', "4", False), ('{"total_cakes": 76}', "76", True), ('{"answer": -5}', "-5", True),
    ('{"answer": 1e3}', "1000", True), ('{"x": 3, "total_cakes": 76}', "76", True),
])
def test_an_arithmetic_json_value(cand, gold, expected):
    _check(cand, gold, expected)


# Anything else than arithmetic in numbers stays as it was; a unit after it reads as in prose (below): "4 + 3 apples".
@pytest.mark.parametrize("cand, gold, expected", [
    ('{"answer": 4 + 3 apples}', "7", True),
    ('{"total": 4 + 3 apples}', "7", True), ('{"answer": 42}', "42", True), ('{"answer": "42 apples"}', "42", True),
    ('{"answer": null}', "0", NOT_TRUE),
])
def test_other_json_values(cand, gold, expected):
    _check(cand, gold, expected)


# Two or more quantities of one unit (or none) joined by "and" in prose are a list: never its last (or first) value.
@pytest.mark.parametrize("cand, gold", [
    ("3 cm and 4 cm", "4"), ("3 cm and 4 cm", "3"), ("The legs are 3 cm and 4 cm.", "4"), ("So 3 cm and 4 cm", "4"),
    ("x is 3 cm and 4 cm", "4"), ("The legs are 3 and 4.", "4"), ("Answer: 3 cm and 4 cm", "3"),
    ("Answer: 3 cm and 4 cm", "4"), ("The sides are 3 cm, 4 cm and 5 cm.", "5"), ("The sides are 3, 4, and 5.", "5"),
    ("The numbers are -3 and 4.", "4"), ("It measures 3.5 cm and 4.5 cm.", "4.5"),
])
def test_two_quantities_in_prose_are_no_single_value(cand, gold):
    _check(cand, gold, NOT_TRUE)


# As a list they equal a list gold; a value with non-values after "and", a time in two units, a bound, different
# nouns and working before the value read as before.
@pytest.mark.parametrize("cand, gold, expected", [
    ("3 cm and 4 cm", "3 cm, 4 cm", True), ("3 cm and 4 cm", "(3, 4)", True), ("3 cm and 4 cm", "3, 4", True),
    ("The legs are 3 cm and 4 cm.", "3, 4", True), ("The legs are 3 and 4.", "\\{3, 4\\}", True),
    ("Answer: 3 cm and 4 cm", "3 cm, 4 cm", True), ("The sides are 3 cm, 4 cm and 5 cm.", "3, 4, 5", True),
    ("3 cm and 4 cm", "3, 5", False),
    ("4 cm and that is the answer", "4", True), ("It is 4 cm and that is the answer.", "4", True),
    ("The answer is 5 and it is correct.", "5", True), ("It takes 5 minutes and 30 seconds.", "5.5 minutes", True),
    ("He walked 3 km and then ran 4 km.", "4", True), ("The total is 12 apples and 4 is the rest.", "4", True),
    ("The value is between 3 and 4.", "4", NOT_TRUE), ("So it is 2 + 3 and 4", "3, 4", NOT_TRUE),
    ("The sum is 1,000 and 2,000.", "2000", NOT_TRUE),
])
def test_two_quantities_as_a_list_and_the_rest_as_before(cand, gold, expected):
    _check(cand, gold, expected)


# Found probing the same family: alternatives joined by "or" (a word may follow them), dollars and "respectively";
# "$3 and $4" was a formula "3 and " (its first value).
@pytest.mark.parametrize("cand, gold, expected", [
    ("She will need 2 or 3 bags.", "3", NOT_TRUE), ("She will need 2 or 3 bags.", "2", NOT_TRUE),
    ("It could be 3 cm or 4 cm", "4", NOT_TRUE), ("Either 3 cm or 4 cm", "4", NOT_TRUE),
    ("It is 5 or 6.", "6", NOT_TRUE),
    ("The legs are 3 and 4 respectively.", "4", NOT_TRUE), ("It costs $3 and $4.", "4", NOT_TRUE),
    ("The legs are 3 and 4 cm.", "4", NOT_TRUE), ("The legs are 3 and 4 cm.", "3, 4", True),
    ("The answer is $3 and $4.", "3", NOT_TRUE), ("The answer is $3 and $4.", "4", NOT_TRUE),
    ("The legs are 3 and 4 respectively.", "3, 4", True), ("It costs $3 and $4.", "3, 4", True),
    ("The answer is $3 and $4.", "3, 4", True), ("The answer is $3$ and $4$.", "3, 4", True),
    ("Answer: $5 $", "5", True), ("The answer is $3 + 4 $", "7", True), ("He paid $5 and got 2 back.", "2", True),
    ("12 apples and 4 is the rest.", "4", True), ("The answer is $\\frac{1}{2}$. I hope", "1/2", True),
])
def test_alternatives_dollars_and_respectively(cand, gold, expected):
    _check(cand, gold, expected)


# Arithmetic in numbers that ends a prose sentence is its value, not its last number; the right side of an equation,
# working after it and letters in it read as before.
@pytest.mark.parametrize("cand, gold, expected", [
    ("The total is 3 + 4", "4", False), ("The total is 3 + 4", "7", True), ("So the total is 3 * 4.", "12", True),
    ("So the total is 3 * 4.", "4", False), ("He pays 2 × 8 dollars", "16", True), ("The result is 2^3", "8", True),
    ("It is 3 + 4.5", "7.5", True), ("It is 3 + 4.5", "4.5", False), ("The total is 3 + 4 = 7.", "7", True),
    ("She has 16 - 3 - 4 = 9 eggs", "9", True), ("It is 3/4", "0.75", True),
    ("The given equation is: 31 = 27 + 5$$", "32", NOT_TRUE),
])
def test_arithmetic_at_the_end_of_a_sentence(cand, gold, expected):
    _check(cand, gold, expected)
