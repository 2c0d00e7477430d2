"""`sympy` on the misses of math round 13 (read once at stop 56, development data since) and the leftovers of stop
56 (issue 37, stop 57): a value the reply itself calls the wrong answer, the question's own statement echoed, a chain
of quantities in one unit. A doubtful reading gives no verdict; probes of each rule (another number first, a hedge,
a negation, two quantities, a rejected alternative) stay unequal."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from judgesuite.judges.math.symbolic import judge_math

NOT_TRUE = "no equal"  # unequal or no verdict: never a false equal
FIXTURES = Path(__file__).parent / "fixtures"
MULTIPLE = "How many positive and negative integers is $12$ a multiple of?"
BOXED_2 = "So, the value of \\( f(x + 2) \\) is \\(\\boxed{2}\\).\n\nNow, one common mistake.\n\n"
STICKERS = ("Therefore, each student will receive {} stickers.\n\nThe wrong answer it would give is:\n"
            "\\[\n\\boxed{{6}}\n\\]")


def _check(cand: str, gold: str, expected: object, question: str | None = None) -> None:
    task = ((gold,), cand, "auto") if question is None else ((gold,), cand, "auto", question)
    got = judge_math(task)[0]
    assert (got is not True) if expected == NOT_TRUE else (got is expected), (cand, gold, got)


def _row(suffix: str) -> dict:
    text = (FIXTURES / "model_math_round13.jsonl").read_text(encoding="utf-8")
    return next(r for r in map(json.loads, filter(None, text.split("\n"))) if r["id"].endswith(suffix))


# A committed value named the wrong answer after it, or introduced as the wrong answer, commits to nothing; a wrong
# answer of another value, or followed by the right one, changes nothing.
@pytest.mark.parametrize("cand, gold, expected", [
    (BOXED_2 + "The wrong answer would be that \\( f(x + 2) = 2 \\).", "2", False),
    (BOXED_2 + "The wrong answer would be that \\( f(x + 2) = 4 \\).", "2", True),
    ("The answer is \\boxed{2}. The wrong answer would be 2 + 2 = 4.", "2", True),
    ("The answer is \\boxed{2}. The wrong answer, 4, comes from adding.", "2", True),
    ("The wrong answer would be 5; the right one is 2.", "2", True),
    ("The wrong answer would be 5; the right one is 2.", "5", False),
    ("The wrong answer would be 5, the right one is \\boxed{2}.", "2", True),
    ("The wrong answer would be:\n\\[ \\boxed{5}. \\]", "5", False),
    ("The wrong answer is: 5", "5", False),
    ("The wrong answer would be 5.", "5", False),
    ("f(x + 2) = 2.\n\nThe wrong answer would be that f(x + 2) = 2.", "2", False),
    ("Therefore, the wrong answer would be 4125 square feet, which is the area.\n\nThe correct answer is "
     "\\(\\boxed{260}\\).", "260", True),
    ("Therefore, the wrong answer would be 4125 square feet, which is the area.\n\nThe correct answer is "
     "\\(\\boxed{260}\\).", "4125", False),
    (STICKERS.format(6), "6", True),  # the value said before the phrase: still said (round 13's labelled row)
    (STICKERS.format(7), "6", False),
    (STICKERS.format(7), "7", NOT_TRUE),
    ("The answer is 2. It is not the wrong answer.", "2", True),
])
def test_value_called_the_wrong_answer(cand, gold, expected):
    _check(cand, gold, expected)


def test_round13_wrong_answer_rows():
    row = _row("1.5b-mmlu-high_school_mathematics-test-105")
    assert judge_math(((row["references"][0],), row["candidate"], "auto", row["question"]))[0] is False
    row = _row("0.5b-mmlu-elementary_mathematics-test-157")  # boxes 6 as "the wrong answer", said 6 before
    assert judge_math(((row["references"][0],), row["candidate"], "auto", row["question"]))[0] is True


# The question's own statement echoed (a "how many" question) answers nothing; other questions, other numbers and
# signs are answers.
@pytest.mark.parametrize("cand, gold, question, expected", [
    ("12 is a multiple of 12.", "12", MULTIPLE, False),
    ("Therefore, 12 is a multiple of 12.", "12", MULTIPLE, False),
    ("12 is a multiple of 12.", "12", "", True),  # without the question: the last number, as before
    ("There are 12 such integers.", "12", MULTIPLE, True),
    ("12 integers.", "12", MULTIPLE, True),
    ("The GCD of 12 and 24 is 12.", "12", "What is the GCD of 12 and 24?", True),
    ("The opposite of -7 is 7.", "7", "How much is the opposite of -7?", True),
    ("The opposite of -7 is -7.", "-7", "How much is the opposite of -7?", False),
    ("The opposite of the number −7 is +7", "7", "What is the opposite of the number −7?", True),
])
def test_question_echoed(cand, gold, question, expected):
    _check(cand, gold, expected, question)


# A chain of quantities in one unit is its last side; other units, names or alternatives are not read so.
@pytest.mark.parametrize("cand, gold, expected", [
    ("Q: What is the difference in elevation?\nA: 620 feet - (-55 feet) = 675 feet", "675 feet", True),
    ("A: 620 feet - (-55 feet) = 675 feet", "675", True),
    ("A: 620 feet - (-55 feet) = 675 feet", "565 feet", False),
    ("A: 620 feet - 55 feet = 565 feet", "675 feet", False),
    ("A: 620 feet - (-55 meters) = 675 feet", "675 feet", NOT_TRUE),
    ("A: x feet - (-55 feet) = 675 feet", "675 feet", NOT_TRUE),
    ("A: 620 feet - (-55 feet) = 675 feet or 676 feet", "675 feet", NOT_TRUE),
    ("A: 620 feet - (-55 feet) = 675 feet, not 565 feet", "565 feet", NOT_TRUE),
    ("The answer is 3 apples + 2 apples = 5 apples.", "5 apples", True),
])
def test_chain_of_quantities(cand, gold, expected):
    _check(cand, gold, expected)


# An exclamation mark after a number that a sentence without a digit follows ends the value; a hedge, a doubt or
# another number after it still counts, and "12!" alone stays a factorial.
@pytest.mark.parametrize("cand, gold, expected", [
    ("The answer is 12! Great.", "12", True),
    ("**Answer: 12! Great job.**", "12", True),
    ("The answer is 13! Great.", "12", False),
    ("The answer is 12! Or 13.", "12", NOT_TRUE),
    ("The answer is 12! Maybe.", "12", NOT_TRUE),
    ("The answer is 12! I think.", "12", NOT_TRUE),
    ("The answer is 12! Not sure.", "12", NOT_TRUE),
    ("The answer is 12! Wrong.", "12", NOT_TRUE),
    ("The answer is 12! Not 12.", "12", NOT_TRUE),
    ("The answer is not 12! Great.", "12", NOT_TRUE),
    ("The answer is 12!", "479001600", True),
    ("The answer is 5! = 120", "120", True),
])
def test_exclamation_after_the_value(cand, gold, expected):
    _check(cand, gold, expected)


# Two clock times joined by "and" in one sentence are no single time: never the last one.
@pytest.mark.parametrize("cand, gold, expected", [
    ("The first train is at 3:45 PM and the next one at 4:45 PM.", "4:45 PM", False),
    ("The first train is at 3:45 PM and the next one at 4:45 PM.", "3:45 PM", False),
    ("The answer is 3:45 PM and 4:45 PM.", "4:45 PM", False),
    ("The first train is at 3:45 and the next one at 4:45.", "4:45", False),
    ("The first train is at 3:45 P.M. and the next one at 4:45 P.M.", "4:45 PM", NOT_TRUE),
    ("It started at 3:45 PM. It ends at 4:45 PM.", "4:45 PM", True),
    ("It opens at 3:45 PM and closes at 4:45 PM, so it is open for 60 minutes.", "60", True),
])
def test_clock_times_joined_by_and(cand, gold, expected):
    _check(cand, gold, expected)


# With the question, the unit it asks for picks the number ("He bought 3 bottles for $13"); without it the last.
@pytest.mark.parametrize("gold, question, expected", [
    ("3", "How many bottles did he buy?", True),
    ("13", "How many bottles did he buy?", False),
    ("13", "How much did he pay?", True),
    ("13", "", True),
])
def test_bottles_for_a_price(gold, question, expected):
    _check("He bought 3 bottles for $13.", gold, expected, question)


# A committed line of several numbers gives the one of the unit the question asks for (English or a Russian
# "сколько <noun>"), where exactly one has it and nothing hedges, negates or lists alternatives.
@pytest.mark.parametrize("cand, gold, question, expected", [
    ("Ответ: 2 бутылки стоят 13 долларов", "13", "Сколько долларов стоят 2 бутылки?", True),
    ("Ответ: 2 бутылки стоят 13 долларов", "2", "Сколько долларов стоят 2 бутылки?", False),
    ("Ответ: 2 бутылки стоят 13 долларов", "13", "", False),  # without the question: the value it starts with
    ("Ответ: 13 долларов за 2 бутылки", "13", "Сколько долларов стоят 2 бутылки?", True),
    ("Ответ: 2 бутылки стоят 13 долларов, а не 15 долларов", "13", "Сколько долларов стоят 2 бутылки?", NOT_TRUE),
    ("Ответ: 2 бутылки стоят 13 или 14 долларов", "13", "Сколько долларов стоят 2 бутылки?", NOT_TRUE),
    ("Ответ: 2 бутылки, возможно, стоят 13 долларов", "13", "Сколько долларов стоят 2 бутылки?", NOT_TRUE),
    ("Ответ: 2 бутылки не стоят 13 долларов", "13", "Сколько долларов стоят 2 бутылки?", NOT_TRUE),
    ("Ответ: если 2 бутылки, то 13 долларов", "13", "Сколько долларов стоят 2 бутылки?", NOT_TRUE),
    ("Answer: 2 bottles cost 13 dollars", "13", "How many dollars do 2 bottles cost?", True),
    ("Answer: 2 bottles cost 13 dollars", "2", "How many bottles cost 13 dollars?", True),
    ("Answer: 2 bottles cost 13 or 14 dollars", "14", "How many dollars do 2 bottles cost?", NOT_TRUE),
    ("Answer: 2 bottles cost 13 dollars or 14 dollars", "13", "How many dollars do 2 bottles cost?", NOT_TRUE),
    ("Answer: 2 bottles do not cost 13 dollars", "13", "How many dollars do 2 bottles cost?", NOT_TRUE),
    ("Answer: 2 bottles cost 13 dollars, not 15", "13", "How many dollars do 2 bottles cost?", NOT_TRUE),
    ("Answer: 2 bottles cost 13 dollars, I think", "13", "How many dollars do 2 bottles cost?", NOT_TRUE),
    ("Answer: 2 bottles cost 13 dollars and 3 bottles cost 19 dollars", "13", "How many dollars do 2 bottles cost?",
     NOT_TRUE),
])
def test_asked_unit_in_a_committed_line(cand, gold, question, expected):
    _check(cand, gold, expected, question)


# A spaced x between numbers, with no other letter, is the times sign (as × is); otherwise it stays a letter.
@pytest.mark.parametrize("cand, gold, expected", [
    ("45", "(5 x 5) + (5 x 4)", True),
    ("46", "(5 x 5) + (5 x 4)", False),
    ("5 x 9", "45", True),
    ("5 x 9", "45x", False),
    ("5x9", "45", False),
    ("x + 44", "45", False),
    ("3 x 4 feet", "12", NOT_TRUE),
    ("The room is 3 m x 4 m.", "12", NOT_TRUE),
    ("1.2 x 10^3", "1200", True),
])
def test_spaced_x_between_numbers(cand, gold, expected):
    _check(cand, gold, expected)


# Decided: a bare `\sin 30` is in radians, so unequal to `\sin 30^\circ` (1/2); `\sin(30)` equals it.
@pytest.mark.parametrize("cand, gold, expected", [
    ("\\sin 30^\\circ", "\\sin 30", False),
    ("\\sin(30)", "\\sin 30", True),
    ("1/2", "\\sin 30^\\circ", True),
])
def test_bare_sine_argument_is_radians(cand, gold, expected):
    _check(cand, gold, expected)


# A last line whose inline formulas are all numbers is prose ("The opposite of the number \(-7\) is \(7\)."): read
# with the number rules (alternatives, dimensions, a rejected alternative); a negation before a last formula hedges.
@pytest.mark.parametrize("cand, gold, expected", [
    ("The opposite of the number \\(-7\\) is \\(7\\).", "7", True),
    ("The opposite of the number \\(-7\\) is \\(7\\).", "-7", False),
    ("Step 1.\n\nThe opposite of the number \\(-7\\) is \\(7\\).", "7", True),
    ("He has \\(3\\) apples and \\(4\\) pears.", "4", NOT_TRUE),
    ("It is \\(3\\) or \\(4\\).", "4", NOT_TRUE),
    ("It is \\(3\\), not \\(4\\).", "4", False),
    ("It is not \\(4\\).", "4", NOT_TRUE),
    ("So \\(x = 4\\).", "4", True),
    ("So \\(x\\) is \\(4\\), maybe.", "4", NOT_TRUE),
])
def test_sentence_of_inline_numbers(cand, gold, expected):
    _check(cand, gold, expected)


def test_round13_inline_opposite_row():
    row = _row("1.5b-mmlu-elementary_mathematics-test-171")
    assert judge_math(((row["references"][0],), row["candidate"], "auto", row["question"]))[0] is True


# After math round 14 (read once at stop 57, development data since): its four misses and probes of each new rule.
def _row14(suffix: str) -> dict:
    text = (FIXTURES / "model_math_round14.jsonl").read_text(encoding="utf-8")
    return next(r for r in map(json.loads, filter(None, text.split("\n"))) if r["id"].endswith(suffix))


STEPS = "1. Compute 52 + 6 * 2.\n2. 6 * 2 = 12.\n3. 52 + 12 = 64."
GCF = "The correct GCF of 252 and 96 is {}. The wrong result it gives is 12, which is the GCF."


# A list marker at the last line's start, text after it, is no value; the line's own value is. A list of bare values
# ("1. 64\n2. 65") keeps its old reading (the marker), never one of its values.
@pytest.mark.parametrize("cand, gold, expected", [
    (STEPS, "64", True),
    (STEPS, "3", False),
    ("Compute it.\n3.", "3", True),
    ("Answer: 3.", "3", True),
    ("3. The answer is 64.", "64", True),
    ("3. The answer is 64.", "3", False),
    ("Total:\n3) 64", "64", True),
    ("1. 64\n2. 65", "65", NOT_TRUE),
    ("1. 64\n2. 65", "64", NOT_TRUE),
    ("1. Compute.\n2. 52 + 12 = 64 or 65.", "64", NOT_TRUE),
    ("1. Compute.\n2. 52 + 12 = 64, maybe.", "64", NOT_TRUE),
    ("1. Compute.\n2. 52 + 12 = 64, not 65.", "65", NOT_TRUE),
    ("1. Compute.\n2. a = 64, b = 65", "64", NOT_TRUE),
    ("1. Compute.\n2. 64 and 65", "65", NOT_TRUE),
])
def test_numbered_step_as_the_last_line(cand, gold, expected):
    _check(cand, gold, expected)


# A value called correct before a wrong-answer phrase names it is still said; called so only by a correctness word
# before it as its sentence's last number, without a negation, condition, modal word or alternative.
@pytest.mark.parametrize("cand, gold, expected", [
    (GCF.format(12), "12", True),
    ("The correct GCF of 252 and 96 is 12. The wrong result it gives is 12.", "12", True),
    ("The correct value of \\( f(x + 2) \\) is \\(\\boxed{2}\\).\n\nThe wrong answer would be that \\( f(x + 2) = 2"
     " \\).", "2", True),
    (GCF.format(6), "12", NOT_TRUE),
    (GCF.format("not 12"), "12", NOT_TRUE),
    (GCF.format("6, not 12"), "12", NOT_TRUE),
    ("The correct GCF might be 12. The wrong result it gives is 12.", "12", NOT_TRUE),
    ("The correct GCF is 12 or 6. The wrong result it gives is 12.", "12", NOT_TRUE),
    ("The GCF of 252 and 96 is 12. The wrong result it gives is 12.", "12", NOT_TRUE),
    ("The answer is 12. The wrong result it gives is 12.", "12", NOT_TRUE),
    ("If the correct GCF were 12, the wrong result it gives is 12.", "12", NOT_TRUE),
    ("The right triangle has side 12. The wrong result it gives is 12.", "12", NOT_TRUE),
    ("The answer is \\(\\boxed{2}\\).\n\nThe wrong answer would be that \\( f(x + 2) = 2 \\).", "2", NOT_TRUE),
    (BOXED_2 + "The wrong answer would be that \\( f(x + 2) = 2 \\).", "2", False),
])
def test_value_called_correct_before_the_wrong_answer(cand, gold, expected):
    _check(cand, gold, expected)


# Boxes of one exact value and its rounded decimals are that value ("\boxed{6} and \boxed{6.000}"); decided: "1/3"
# and "0.33" are 1/3 (the decimal restates the exact value, so gold 0.33 meets the exact 1/3, unequal as before).
# Other values, two decimals without an exact one, a hedge before the first box stay a pair or no answer.
@pytest.mark.parametrize("cand, gold, expected", [
    ("So, the final answer is:\n\\[\n\\boxed{6}\n\\]\nand\n\\[\n\\boxed{6.000}\n\\]", "6", True),
    ("\\boxed{-6} and \\boxed{-6.000}", "-6", True),
    ("\\boxed{1/3} and \\boxed{0.33}", "1/3", True),
    ("\\boxed{0.33} and \\boxed{\\frac{1}{3}}", "1/3", True),
    ("\\boxed{6} and \\boxed{7}", "6", NOT_TRUE),
    ("\\boxed{6} and \\boxed{7}", "7", NOT_TRUE),
    ("\\boxed{0.34} and \\boxed{\\frac{1}{3}}", "1/3", NOT_TRUE),
    ("\\boxed{0.33} and \\boxed{0.333}", "0.33", NOT_TRUE),
    ("\\boxed{6.5} and \\boxed{6}", "6", NOT_TRUE),
    ("\\boxed{-6} and \\boxed{6.000}", "6", NOT_TRUE),
    ("Maybe \\boxed{6} and \\boxed{6.000}", "6", NOT_TRUE),
    ("It is not \\boxed{6} and \\boxed{6.000}", "6", NOT_TRUE),
    ("\\boxed{6}, \\boxed{6.000}, \\boxed{7}", "6", NOT_TRUE),
])
def test_exact_value_and_its_rounded_decimal(cand, gold, expected):
    _check(cand, gold, expected)


# A power in words between two numbers is that power ("7 raised to the power of 3": 7^3, never 3); not one of two
# joined values, nor with a hedge, a negation, alternatives or a rejected alternative.
POWER = "The number 343 can be written as 343 = 7^3, which is equivalent to 7 raised to the power of 3."


@pytest.mark.parametrize("cand, gold, expected", [
    (POWER, "7^3", True),
    (POWER, "343", True),
    (POWER, "3", False),
    ("It is 7 raised to the power of 3.", "7^4", False),
    ("It is 7 to the power of 3.", "343", True),
    ("Maybe it is 7 raised to the power of 3.", "7^3", NOT_TRUE),
    (POWER + " Perhaps.", "7^3", NOT_TRUE),
    ("It is not 7 raised to the power of 3.", "7^3", NOT_TRUE),
    ("It is 7 raised to the power of 3 or 4.", "7^3", NOT_TRUE),
    ("It is 7^4, not 7 raised to the power of 3.", "7^3", NOT_TRUE),
    ("It is 7 raised to the power of 3 and 5 raised to the power of 2.", "25", NOT_TRUE),
    ("It is 7 raised to the power of 3 and 5 raised to the power of 2.", "7^3", NOT_TRUE),
    ("It is 5 or 7 raised to the power of 3.", "7^3", NOT_TRUE),
    ("It is 2 * 7 raised to the power of 3.", "7^3", NOT_TRUE),
    ("It is 7 raised to the power of 3.5.", "7^3", NOT_TRUE),
    ("It is x raised to the power of 3.", "7^3", NOT_TRUE),
    ("The answer is 7 raised to the power of 3.", "7^3", True),
    ("The answer is 7 raised to the power of 3.", "7", False),
    ("The answer is maybe 7 raised to the power of 3.", "7^3", NOT_TRUE),
    ("The answer is not 7 raised to the power of 3.", "7^3", NOT_TRUE),
    ("The answer is 7 raised to the power of 3 times 2.", "7^3", NOT_TRUE),
    ("The answer is 7 raised to the power of 3, not 7^4.", "7^4", NOT_TRUE),
])
def test_power_in_words(cand, gold, expected):
    _check(cand, gold, expected)


@pytest.mark.parametrize("suffix", ["0.5b-mmlu-elementary_mathematics-test-339",
                                    "0.5b-mmlu-high_school_mathematics-test-83",
                                    "1.5b-mmlu-elementary_mathematics-test-188",
                                    "1.5b-mmlu-elementary_mathematics-test-207"])
def test_round14_rows(suffix):
    row = _row14(suffix)
    assert judge_math(((row["references"][0],), row["candidate"], "auto", row.get("question") or ""))[0] is True


@pytest.mark.parametrize("cand, gold, expected", [
    # found probing after math round 14's fixes (the lead): each was a false "equal" before
    ("1. Compute.\n2. 52 + 12 is not 64.", "64", NOT_TRUE),
    ("52 + 12 is not 64.", "64", NOT_TRUE),
    ("12 is not 64.", "12", NOT_TRUE),
    ("The answer is 7 raised to the power of 3 or 4.", "7", NOT_TRUE),
    ("The answer is 7 raised to the power of 3 times 2.", "7", NOT_TRUE),
    # what stays
    ("The answer is 60, not 50.", "60", True),
    ("She has 60 apples, not 50.", "60", True),
    ("The total is 18 and not 16.", "18", True),
    ("The answer is 7 raised to the power of 3.", "7^3", True),
    ("The answer is 30 is the most.", "30", True),
])
def test_an_inequality_or_a_powers_base_commits_to_nothing(cand, gold, expected):
    _check(cand, gold, expected)
