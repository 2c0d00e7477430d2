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


# A number spaced after a bracket, a fraction or a root is no product either (the values are apart), on both paths
# (the ANTLR grammar read "(2) 3" as 5); glued or written, the product stays.
@pytest.mark.parametrize("cand, gold", [
    ("\\frac{1}{3} 1", "1/3"), ("\\frac{1}{3}\\,1", "1/3"), ("(2) 3", "6"), ("(2) 3", "5"), ("(2) 3", "3"),
    ("\\sqrt{2} 3", "3\\sqrt{2}"), ("\\sqrt[3]{2} 5", "5\\sqrt[3]{2}"),
    ("\\frac{\\sqrt{2}}{3} 1", "\\frac{\\sqrt{2}}{3}"),
    ("\\frac{1}{3} apples 1", "1/3"), ("\\frac{1}{3} then 1", "1/3"), ("x = \\frac{1}{3} 1", "1/3"),
    ("[0, 1] 2", "[0, 1]"), ("\\pi 3", "3\\pi"), ("\u03c0 3", "3\\pi"),
])
def test_a_number_spaced_after_a_value_is_no_product(cand, gold):
    _check(cand, gold, NOT_TRUE)


@pytest.mark.parametrize("cand, gold", [
    ("(2)(3)", "6"), ("2 (3)", "6"), ("(2) \\cdot 3", "6"), ("\\frac{1}{3} \\cdot 3", "1"), ("\\frac{1}{3}x", "x/3"),
    ("\\frac{1}{3} x", "x/3"), ("\\begin{pmatrix} 1 & 2 \\end{pmatrix}", "\\begin{pmatrix} 1 & 2 \\end{pmatrix}"),
    ("\\sum_{i=1}^{n} 2i", "n(n+1)"), ("\\pi \\cdot 3", "3\\pi"), ("3 \\pi", "3\\pi"), ("\u03c0", "\\pi"),
    ("2\u03c0 r", "2\\pi r"), ("\\pi r^2", "\\pi r^2"),
])
def test_written_products_stay(cand, gold):
    _check(cand, gold, True)


# Two values joined by a Chinese conjunction on the last line are a list, not the last number ("1和2" equalled 2).
@pytest.mark.parametrize("cand, gold, expected", [
    ("1和2", "2", NOT_TRUE), ("1 和 2", "2", NOT_TRUE), ("x=1和x=2", "2", NOT_TRUE), ("x=1或x=2", "2", NOT_TRUE),
    ("\\frac{1}{3}和1", "1/3", NOT_TRUE), ("\\frac{1}{3} 和 1", "1", NOT_TRUE),
    ("1和2", "1, 2", True), ("x=1和x=2", "1, 2", True), ("x = 1 和 y = 2", "(1, 2)", True),
])
def test_a_chinese_conjunction_joins_a_list(cand, gold, expected):
    _check(cand, gold, expected)


# Units of different dimensions on both sides are different quantities ("5 min" equalled "5 m"); a unit on one side
# only, or a word that is no known unit, is dropped as before.
@pytest.mark.parametrize("cand, gold, expected", [
    ("5 min", "5 m", False), ("5 m", "5 min", False), ("5 kg", "5 km", False), ("5 \\text{ min}", "5\\text{ m}", False),
    ("5 days", "5 kg", False), ("5 ml", "5 mg", False), ("The answer is 5 min.", "5 m", False),
    ("\\boxed{5 \\text{ min}}", "5 \\text{ m}", False), ("2 hours 30 minutes", "150 m", False),
    ("5", "5 min", True), ("5 min", "5", True), ("5 m", "5", True), ("2 h", "120 min", True),
    ("5 minutes", "5 min", True), ("5 cm", "50 mm", True), ("5 apples", "5 m", True),
])
def test_units_of_different_dimensions(cand, gold, expected):
    _check(cand, gold, expected)


# One value in dollars with "and" and a number after it is the whole line, not the formula alone; a boxed value is
# the answer committed to (Math-Verify reads it so too).
@pytest.mark.parametrize("cand, gold, expected", [
    ("The answer is $\\frac{1}{3}$ and 1", "1/3", NOT_TRUE), ("The answer is $\\frac{1}{3}$ and 1.", "1/3", NOT_TRUE),
    ("The answer is $\\frac{1}{3}$ and 1", "1/3, 1", True),
    ("The answer is $\\frac{1}{3}$ and that is final", "1/3", True),
    ("$\\frac{1}{2}$. I hope", "1/2", True), ("\\boxed{\\frac{1}{3}} and \\boxed{1}", "1/3", NOT_TRUE),
    ("\\boxed{\\frac{1}{3}} and 1", "1/3", True),
])
def test_a_formula_in_dollars_and_a_value_after_it(cand, gold, expected):
    _check(cand, gold, expected)
