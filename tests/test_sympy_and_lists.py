"""`sympy` on two values joined by "and", "or" or `\\quad` (issue 37, stop 53). Dropped as prose or spacing, the word
left the values side by side, and a bracket, `\\frac{}{}`, a root or a constant before a number read as a product:
`\\frac{1}{3} and 1` and `0.(3) and 1` equalled the gold 1/3. They are a list of two values now."""
from __future__ import annotations

import pytest

from judgesuite.judges.math.symbolic import judge_math

NOT_TRUE = "no equal"  # unequal or no verdict: never a false equal


def _check(cand: str, gold: str, expected: object) -> None:
    got = judge_math(((gold,), cand, "auto"))[0]
    assert (got is not True) if expected == NOT_TRUE else (got is expected), (cand, gold, got)


# Each of these was equal to the product of its two values (a false equal).
@pytest.mark.parametrize("cand, gold", [
    ("\\frac{1}{3} and 1", "1/3"), ("\\frac{1}{3} and 1", "\\frac{1}{3}"), ("0.(3) and 1", "1/3"),
    ("0.\\overline{3} and 1", "1/3"), ("(2) and 3", "6"), ("\\sqrt{2} and 3", "3\\sqrt{2}"), ("\\pi and 3", "3\\pi"),
    ("\\frac{1}{3} und 1", "1/3"), ("\\frac{1}{3} et 1", "1/3"), ("\\frac{1}{3} \\text{ and } 1", "1/3"),
    ("\\frac{1}{3} \\text{and} 1", "1/3"), ("$\\frac{1}{3}$ and $1$", "1/3"),
    ("The answer is $\\frac{1}{3}$ and $1$.", "1/3"), ("\\boxed{\\frac{1}{3} \\text{ and } 1}", "1/3"),
    ("\\frac{1}{3} and 1 apple", "1/3"), ("(2) and 3 apples", "6"), ("\\frac{2}{3} and \\frac{1}{2}", "1/3"),
    ("\\frac{1}{3} or 1", "1/3"), ("\\frac{1}{3} and/or 1", "1/3"), ("\\frac{1}{3} oder 1", "1/3"),
    ("\\frac{1}{3} ou 1", "1/3"), ("\\frac{1}{3} \\quad 1", "1/3"), ("\\frac{1}{3} \\qquad 1", "1/3"),
    ("a and b", "ab"), ("2x and 3", "6x"), ("\\frac{1}{3} and one", "1/3"),
])
def test_two_values_are_no_product(cand, gold):
    _check(cand, gold, NOT_TRUE)


# Never one of the two values either; the rest of the family as it was.
@pytest.mark.parametrize("cand, gold", [
    ("\\frac{1}{3} and 1", "1"), ("1/3 and 1", "1/3"), ("(2) and 3", "2"), ("x = 2 and 3", "6"), ("x = 2 and 3", "2"),
    ("2 and 3", "6"), ("3 and 4", "12"), ("-2 and 3", "-6"), ("2 and -3", "-6"), ("\\frac{1}{3} y 1", "1/3"),
    ("\\frac{1}{3} 和 1", "1/3"), ("\\frac{1}{3} cup and 1 cup", "1/3"), ("2 apples and 3 oranges", "6"),
    ("12 and 5", "60"), ("x = \\frac{1}{3} and x = 1", "1/3"), ("between 3 and 4", "3, 4"),
    ("between 3 and 4", "12"), ("5 \\text{ cm} \\quad 3 \\text{ cm}", "15"),
])
def test_two_values_are_not_one(cand, gold):
    _check(cand, gold, NOT_TRUE)


# Lists compare as lists (a set, or in order against a tuple); forms with "and" that are one value keep it.
@pytest.mark.parametrize("cand, gold", [
    ("\\frac{1}{3} and 1", "\\{1/3, 1\\}"), ("\\frac{1}{3} and 1", "1/3, 1"), ("\\frac{1}{3} and 1", "\\{1, 1/3\\}"),
    ("\\frac{1}{3} \\quad 1", "\\{1/3, 1\\}"), ("\\frac{1}{3} or 1", "\\{1/3, 1\\}"), ("2 and 3", "2, 3"),
    ("3 and 4", "3, 4"), ("3 and 4", "\\{3, 4\\}"), ("3 and 4", "(3, 4)"), ("3 \\text{ and } 4", "3, 4"),
    ("5 and 8", "5, 8"), ("x and y", "x, y"), ("x = 3 and y = 4", "(3, 4)"), ("x = 3 and x = 4", "3, 4"),
    ("x = 5 \\quad \\text{and} \\quad y = 3", "(5, 3)"),
    ("2\\frac{1}{3}", "7/3"), ("2 \\frac{1}{3}", "7/3"), ("2 \\cdot 3", "6"), ("2(3)", "6"), ("(2)(3)", "6"),
    ("one and a half", "1.5"), ("three and a half", "3.5"), ("one hundred and five", "105"),
    ("2 hours and 15 minutes", "2.25"), ("5 and that is final", "5"), ("The answer is 5 and it is correct.", "5"),
    ("5 \\quad \\text{apples}", "5"),
])
def test_lists_and_single_values_keep_their_verdicts(cand, gold):
    _check(cand, gold, True)
