"""`sympy` on labels, remarks and number notations (issue 37, the leftovers of the operator-name round and the
probes after it): a label with a unit in brackets before a colon, a precision remark after the value, a choice
letter in lower case, `abs`, repeating decimals, `x` for the times sign, the imaginary unit, digits kept apart."""
from __future__ import annotations

import pytest

from judgesuite.judges.math.symbolic import judge_math

NOT_TRUE = "no equal"  # unequal or no verdict: never a false equal


def _verdict(cand: str, gold: str) -> bool | None:
    return judge_math(((gold,), cand, "auto"))[0]


def _check(cand: str, gold: str, expected: object) -> None:
    got = _verdict(cand, gold)
    assert (got is not True) if expected == NOT_TRUE else (got is expected), (cand, gold, got)


# A label is a word (or words) then a colon; a unit or words in brackets (`Mass(g)`, `Perimeter (cm)`, `[km/h]`) or
# a text command (`\text{Total}`) keep it a label. One letter in brackets is a unit only when it is one (`g`, `m`,
# `s`): `Area(x): 5` is function notation (unchanged: no equal).
@pytest.mark.parametrize("cand, gold, expected", [
    ("Mass(g): 5", "5", True), ("Perimeter (cm): 20", "20", True), ("\\text{Total}: 5", "5", True),
    ("\\textbf{Total:} 5", "5", True), ("\\text{Total: } 5", "5", True), ("$\\text{Total}: 5$", "5", True),
    ("$\\mathrm{Total}: 5$", "5", True), ("Speed [km/h]: 60", "60", True), ("Area (cm^2): 20", "20", True),
    ("Mass(g): 5 g", "5", True), ("The answer: Mass(g): 5", "5", True), ("Length (m): 5", "5", True),
    # controls: another value, a number in brackets, a one-letter variable, a ratio
    ("Mass(g): 6", "5", False), ("Mass (kg): 5", "5000", False), ("Total(5): 7", "5", False),
    ("Area(x): 5", "5", NOT_TRUE), ("Ratio: 3:4", "3:4", True), ("Mass(g) = 5", "5", True),
    ("Final Answer (in dollars): 15", "15", True), ("Total: 5", "5", True),
])
def test_a_label_with_a_unit_in_brackets_before_a_colon(cand, gold, expected):
    _check(cand, gold, expected)


# A remark on precision in brackets after the value ("(rounded)", "(approx.)", "(to 2 decimal places)", "(2 s.f.)")
# is no part of it, and a number that counts decimal places or significant figures is never the answer; any other
# bracket stays (`3 (x2)` is no 3; since stop 61 a modulus `5 (mod 7)` is a remark: 5).
@pytest.mark.parametrize("cand, gold, expected", [
    ("3.14 (rounded)", "3.14", True), ("5 min (approx)", "5", True), ("42 apples (approx.)", "42", True),
    ("3.14 (approximately)", "3.14", True), ("2.24 (to 2 decimal places)", "2.24", True),
    ("2.24 (rounded to the nearest hundredth)", "2.24", True), ("The answer is 3.1 (2 s.f.).", "3.1", True),
    ("3.14 (3 sig figs)", "3.14", True), ("3.14 (correct to 2 dp)", "3.14", True), ("3.14 (2dp)", "3.14", True),
    ("\\text{3.14 (rounded)}", "3.14", True), ("x = 3.14 (approx.)", "3.14", True),
    ("(3.14, 2) (approx)", "(3.14, 2)", True), ("\\frac{1}{2} (exact)", "0.5", True),
    ("The answer is 2.24 (to 2 decimal places).", "2.24", True), ("2.24, rounded to 2 decimal places", "2.24", True),
    ("2.24 to 2 decimal places", "2.24", True),
    # controls: the value still counts, the precision is not the answer, other brackets stay
    ("3.14 (rounded)", "\\pi", False), ("5 (approx)", "6", False), ("5 (approx.)", "5.2", False),
    ("3.14 (2dp)", "2", False), ("2.24 to 2 decimal places", "2", False), ("\\frac{1}{2} (exact)", "1/3", False),
    ("5 (mod 7)", "5", True), ("3 (x2)", "3", NOT_TRUE), ("5 (twice)", "5", NOT_TRUE),  # a modulus: stop 61
])
def test_a_precision_remark_in_brackets_is_no_part_of_the_value(cand, gold, expected):
    _check(cand, gold, expected)


# A gold that is a bare capital choice letter (A-J) is answered by the same letter in lower case. A lower-case gold
# (`c`, a variable) and letters inside an expression keep their case; `i` for `I` and `e` for `E` are equal under
# both readings (a choice, or SymPy's names of the imaginary unit and Euler's number).
@pytest.mark.parametrize("cand, gold, expected", [
    ("c", "C", True), ("(c)", "C", True), ("The answer is (c).", "C", True), ("The answer is c.", "C", True),
    ("\\boxed{c}", "C", True), ("\\boxed{\\text{c}}", "C", True), ("c", "(C)", True), ("c", "C. 42", True),
    ("a", "A", True), ("c", "\\text{C}", True),
    # controls
    ("C", "C", True), ("d", "C", False), ("C", "c", False), ("2c", "2C", False), ("k", "K", False),
    ("x = c", "C", NOT_TRUE), ("The answer is c or d.", "C", False),
])
def test_a_choice_letter_in_lower_case(cand, gold, expected):
    _check(cand, gold, expected)


# `abs` applied to a number, a letter or a simple bracket is the absolute value (it was dropped before the operator
# round, then made unreadable); other operator words stay unreadable.
@pytest.mark.parametrize("cand, gold, expected", [
    ("abs3", "3", True), ("abs 3", "3", True), ("abs(-3)", "3", True), ("abs(3)", "3", True), ("abs -3", "3", True),
    ("abs(-2.5)", "2.5", True), ("abs(3-5)", "2", True), ("\\operatorname{abs}(-3)", "3", True),
    ("abs(x)", "|x|", True),
    # controls: |x| is no x, -3 or 4; sign and floor stay unreadable
    ("abs(-3)", "-3", False), ("abs3", "-3", False), ("abs3", "4", False), ("abs(3-5)", "-2", False),
    ("\\operatorname{abs}(-3)", "-3", False), ("abs x", "x", NOT_TRUE), ("sign2", "2", NOT_TRUE),
    ("floor2.5", "2.5", NOT_TRUE), ("sign(-3)", "3", NOT_TRUE),
])
def test_abs_is_the_absolute_value(cand, gold, expected):
    _check(cand, gold, expected)


# Digits apart ("12 34", "1.5.3", "\text{1 2}") were equal as text to the digits joined (a false equal): a gap
# between two digits is kept in the text comparison, and the ANTLR path refuses it inside a text command.
@pytest.mark.parametrize("cand, gold, expected", [
    ("12 34", "1234", NOT_TRUE), ("1 5", "15", NOT_TRUE), ("1.5.3", "153", NOT_TRUE), ("1.5.3", "1.53", NOT_TRUE),
    ("3 14", "314", NOT_TRUE), ("\\text{1 2}", "12", NOT_TRUE), ("\\mathrm{1 2}", "12", NOT_TRUE),
    # controls: the same text, groups of thousands, a time
    ("12 34", "12 34", True), ("1.2.3", "\\text{1.2.3}", True), ("\\text{12:30 PM}", "12:30 pm", True),
    ("\\text{1 000}", "1000", True), ("1 000", "1000", True), ("12 345", "12345", True), ("1'000", "1000", True),
    ("\\text{12 apples}", "12", True), ("\\text{no solution}", "\\text{No solution}", True),
])
def test_digits_apart_are_not_the_digits_joined(cand, gold, expected):
    _check(cand, gold, expected)


# Number notations: a repeating decimal is its exact fraction, `x` between a number and `10^` is the times sign,
# and where either side holds the imaginary unit (`\sqrt{-4}`) `i` is the imaginary unit on both sides.
@pytest.mark.parametrize("cand, gold, expected", [
    ("0.1\\overline{6}", "1/6", True), ("0.\\overline{9}", "1", True), ("0.\\overline{3}", "1/3", True),
    ("0.\\overline{33}", "1/3", True), ("0.\\overline{142857}", "1/7", True), ("1.\\overline{6}", "5/3", True),
    ("-0.\\overline{3}", "-1/3", True), ("$0.\\overline{3}$", "\\frac{1}{3}", True),
    ("\\frac{1}{3}", "0.\\overline{3}", True), ("2.\\overline{12}", "2 + 12/99", True),
    ("1.2x10^3", "1200", True), ("1.2 x 10^3", "1200", True), ("1.2x10^{-3}", "0.0012", True),
    ("1.2X10^3", "1200", True), ("i", "\\sqrt{-1}", True), ("2i", "\\sqrt{-4}", True), ("\\sqrt{-4}", "2i", True),
    ("1+2i", "1+\\sqrt{-4}", True),
    # controls
    ("0.\\overline{3}", "0.333", False), ("0.\\overline{3}", "0.3", False), ("0.\\overline{3}", "1/6", False),
    ("0.1\\overline{6}", "0.16", False), ("1.2x10^3", "12", False), ("1.2x10^3", "1.2", False),
    ("3x10", "30", NOT_TRUE), ("x10^3", "1000", NOT_TRUE), ("2x+1", "2x+1", True), ("-2i", "\\sqrt{-4}", False),
    ("2", "\\sqrt{-4}", False), ("2i", "2", False), ("1+2i", "1+2j", NOT_TRUE), ("e^{i\\pi}", "-1", True),
    ("1.2e3", "1200", True), ("1.2 \\times 10^3", "1200", True), ("2\\frac{1}{2}", "5/2", True),
    ("2 1/2", "5/2", True), ("2\\frac{1}{2}", "1", False), ("\\emptyset", "\\varnothing", True),
    ("\\emptyset", "0", False), ("\\infty", "oo", True), ("-\\infty", "\\infty", False),
    ("x \\in [1,2]", "[1,2]", True), ("x \\in (1,2]", "[1,2]", False), ("\\{1,2\\}", "1, 2", True),
    ("\\{1,2\\}", "\\{1,2,3\\}", False), ("(2,1)", "(1,2)", False),
])
def test_number_notations(cand, gold, expected):
    _check(cand, gold, expected)


# A strict bound or an approach before a number ("more than 5", "under 5", "almost 5") is no statement of 5 (these
# were false equals: the words were dropped, or the prose fallback took the number). "At least 5", "at most 5",
# "up to 5" and "5 or more" state a minimum or maximum, which is how such an answer is said: they stay equal.
# Unicode's vulgar fractions are read ("3½" was 3, a false equal against 3).
@pytest.mark.parametrize("cand, gold, expected", [
    ("more than 5", "5", NOT_TRUE), ("less than 5", "5", NOT_TRUE), ("fewer than 5", "5", NOT_TRUE),
    ("over 5", "5", NOT_TRUE), ("under 5", "5", NOT_TRUE), ("almost 5", "5", NOT_TRUE), ("nearly 5", "5", NOT_TRUE),
    ("The answer is more than 5.", "5", NOT_TRUE), ("Final answer: less than 5", "5", NOT_TRUE),
    ("She needs greater than 5 boxes.", "5", NOT_TRUE), ("3½", "3", NOT_TRUE), ("She walked 3½ miles.", "3", NOT_TRUE),
    ("2⅓", "2", NOT_TRUE), ("2⅓", "1/3", NOT_TRUE),
    # controls: a minimum or maximum, the value itself, "no more than", "5 over 2", a prose value before the bound
    ("at least 5", "5", True), ("at most 5", "5", True), ("up to 5", "5", True), ("5 or more", "5", True),
    ("no more than 5", "5", True), ("She has 12 apples, which is more than 5.", "12", True),
    ("\\frac{5}{2}", "5/2", True), ("{5 \\over 2}", "5/2", True), ("\\approx 5", "5", True),
    ("½", "0.5", True), ("⅓", "1/3", True), ("3½", "3.5", True), ("She walked 3½ miles.", "3.5", True),
    ("2⅓", "7/3", True), ("¾", "0.75", True), ("-1½", "-1.5", True), ("x = ½", "1/2", True),
])
def test_a_bound_is_no_value_and_vulgar_fractions(cand, gold, expected):
    _check(cand, gold, expected)


# Numbers in a remark in brackets after a value are working, not the answer ("The total is 12 (3 × 4)." read 4, a
# false equal against 4); a date or a range that goes up before a word is no subtraction ("2024-01-05" read 2018,
# "3-4 hours" read -1: false equals).
@pytest.mark.parametrize("cand, gold, expected", [
    ("The total is 12 (3 × 4).", "4", NOT_TRUE), ("The total is 12 (3 × 4).", "3", NOT_TRUE),
    ("She has 5 apples (3 red and 2 green).", "2", NOT_TRUE), ("Final answer: the total is 12 (3 x 4).", "4", NOT_TRUE),
    ("2024-01-05", "2018", NOT_TRUE), ("3-4 hours", "-1", NOT_TRUE), ("It takes 3-4 hours.", "-1", NOT_TRUE),
    # controls: the value before the remark, a tuple, a rejected value, subtractions
    ("The total is 12 (3 × 4).", "12", True), ("She has 5 apples (3 red and 2 green).", "5", True),
    ("Final answer: the total is 12 (3 x 4).", "12", True), ("The result is 7 (with 3 left over).", "7", True),
    ("So the answer is 5 (not 6).", "5", True), ("10-3 apples", "7", True), ("5-2", "3", True), ("3-4", "-1", True),
    ("x = 3-4", "-1", True), ("2-3x", "2-3x", True),
])
def test_a_remark_after_a_value_a_date_and_a_range(cand, gold, expected):
    _check(cand, gold, expected)


# A remark in brackets after a value that gives its working or a reason ("(= 3 × 4)", "(from 6 × 7)", "(by
# symmetry)") or the same number in words ("(five)") is no part of it; a multiplier or a modulus stays.
@pytest.mark.parametrize("cand, gold, expected", [
    ("12 (= 3 × 4)", "12", True), ("The answer is 42 (from 6 × 7).", "42", True), ("5 (five)", "5", True),
    ("\\frac{1}{2} (= 0.5)", "1/2", True), ("Final answer: 12 (= 3 \\times 4)", "12", True),
    ("12 (by symmetry)", "12", True),
    # controls
    ("12 (= 3 × 4)", "4", NOT_TRUE), ("The answer is 42 (from 6 × 7).", "7", NOT_TRUE), ("5 (six)", "5", NOT_TRUE),
    ("5 (six)", "6", NOT_TRUE), ("5 (mod 7)", "7", NOT_TRUE), ("3 (x2)", "3", NOT_TRUE), ("2x (= 10)", "10", NOT_TRUE),
])
def test_a_working_remark_after_a_value(cand, gold, expected):
    _check(cand, gold, expected)
