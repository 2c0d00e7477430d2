"""`sympy` on the leftovers of stop 54 (issue 37, stop 55): a modal word of doubt ("42, maybe"), alternatives and
approximations in other languages, Greek answer markers, "4x" and bracketed dimensions, a measure word before 和, a
last answer called an estimate before a recomputation, a given named again in a purpose clause, and an integer gold
against an expression with decimals. A doubtful reading gives no verdict, never an earlier number."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from judgesuite.judges.math.symbolic import judge_math

NOT_TRUE = "no equal"  # unequal or no verdict: never a false equal
ROUND10 = Path(__file__).parent / "fixtures" / "model_math_round10.jsonl"


def _check(cand: str, gold: str, expected: object) -> None:
    got = judge_math(((gold,), cand, "auto"))[0]
    assert (got is not True) if expected == NOT_TRUE else (got is expected), (cand, gold, got)


# A modal word of doubt in the answer's sentence (after the value too) withdraws the commitment.
@pytest.mark.parametrize("cand, gold", [
    ("The answer is 42, maybe.", "42"), ("12 face masks, maybe.", "12"), ('{"answer": maybe 42}', "42"),
    ("The answer is 42, I think.", "42"), ("It is 42, probably.", "42"), ("The answer is probably 42.", "42"),
    ("I think it is 42.", "42"), ("Final answer: perhaps 42", "42"), ("So she has 42 apples, I guess.", "42"),
    ("Antwort: vielleicht 42", "42"), ("Réponse : peut-être 42", "42"), ("Απάντηση: ίσως 42", "42"),
    ("答案：也许是42", "42"), ("The answer is \\boxed{42}, possibly.", "42"), ("Maybe the answer is 12.", "12"),
    ("I think the answer is 42.", "42"),
])
def test_modal_word_is_a_hedge(cand, gold):
    _check(cand, gold, NOT_TRUE)


@pytest.mark.parametrize("cand, gold", [
    ("The answer is 42.", "42"), ("Maybe we should check. 6 * 7 = 42.\nThe answer is 42.", "42"),
    ("She has 42 apples.", "42"), ("Antwort: 42", "42"),
])
def test_committed_answers_stay_equal(cand, gold):
    _check(cand, gold, True)


# Alternatives in other languages hedge as "42 or 43" does; a different number first stays unequal.
@pytest.mark.parametrize("cand, gold", [
    ("Réponse : 42 ou 43", "43"), ("Antwort: 42 oder 43", "43"), ("答案：42 或 43", "43"), ("Respuesta: 42 o 43", "43"),
    ("Odpowiedź: 42 lub 43", "42"), ("Ответ: 42 или 43", "43"), ("Απάντηση: 42 ή 43", "43"), ("42 ou 43", "43"),
    ("Es sind 42 oder 43 Äpfel.", "43"), ("Il y a 42 ou 43 pommes.", "43"), ("42 or 43", "43"),
])
def test_alternatives_in_other_languages(cand, gold):
    _check(cand, gold, NOT_TRUE)


# Approximations in other languages read as "about 42" does (equal to their number).
@pytest.mark.parametrize("cand", ["about 42", "ongeveer 42", "Réponse : environ 42", "Antwort: etwa 42", "答案：约42"])
def test_approximations_read_as_about(cand):
    _check(cand, "42", True)


# Greek answer markers: the committed span, not the last number.
@pytest.mark.parametrize("cand, gold, expected", [
    ("Απάντηση: 42. Ο Γιάννης είχε 3 μήλα.", "42", True), ("Απάντηση: 42. Ο Γιάννης είχε 3 μήλα.", "3", NOT_TRUE),
    ("Η απάντηση είναι 42. Ο Γιάννης είχε 3 μήλα.", "42", True), ("Τελική απάντηση: 42. Είχε 3.", "42", True),
    ("ΑΠΑΝΤΗΣΗ: 42. Είχε 3.", "42", True), ("Απάντηση: όχι 42", "42", NOT_TRUE),
    # a value a span starts with, then words, as "Ответ: 13 евро за 3 бутылки." (was its last number without a marker)
    ("Απάντηση: 13 ευρώ για 3 μπουκάλια.", "13", True), ("Απάντηση: 13 ή 14 ευρώ για 3 μπουκάλια.", "13", NOT_TRUE),
    ("Απάντηση: 13 μήλα και 4 αχλάδια.", "4", NOT_TRUE), ("Απάντηση: 13 μήλα και 4 αχλάδια.", "13", NOT_TRUE),
])
def test_greek_markers(cand, gold, expected):
    _check(cand, gold, expected)


# "4x" is a product with a name (or a doubtful "times"), dimensions in brackets and "3 个和 4 个" no single value.
@pytest.mark.parametrize("cand, gold", [
    ("It is 4x faster.", "4"), ("The car is 4x faster.", "4"), ("The derivative is 4x.", "4"),
    ("It is {3, 4} by {5}", "5"), ("It is {3, 4} by {5}", "4"), ("The box is (3) by (5).", "5"),
    ("3 个和 4 个", "4"), ("3 个和 4 个", "3"), ("所以是3个和4个。", "4"),
])
def test_no_single_value(cand, gold):
    _check(cand, gold, NOT_TRUE)


@pytest.mark.parametrize("cand, gold", [
    ("It is 4 times faster.", "4"), ("所以一共 4 个苹果。", "4"), ("There were 4 boxes.", "4"),
])
def test_single_values_stay(cand, gold):
    _check(cand, gold, True)


_REDO = ("```output\n2.0\n```\nThe rough estimate suggests that it will take John 2 weeks. However, to ensure "
         "accuracy, let's perform the calculations again.\n\n1. **Daily Earnings:**")


# A last answer called an estimate before a recomputation starts is no commitment; a later answer still is.
@pytest.mark.parametrize("cand, gold, expected", [
    (_REDO, "2", NOT_TRUE),
    ("```output\n2.0\n```\nThe rough estimate suggests 2 weeks. Let's compute again.\n```output\n2.0\n```\nSo 2 weeks.",
     "2", True),
    ("Rough estimate: about 2 weeks.\nExact: 80 / 40 = 2.\nThe answer is 2.", "2", True),
    ("```output\n2.0\n```\nSo it takes 2 weeks.", "2", True),
])
def test_estimate_then_recompute(cand, gold, expected):
    _check(cand, gold, expected)


_GIVEN = "I need $8 more. If you save $2 every day, it will take you {} days to save the remaining $8."


# A given named again in a purpose clause ("to save the remaining $8") is not the value; the number before it is,
# when its clause holds no other number; otherwise the reading stays the last number.
@pytest.mark.parametrize("cand, gold, expected", [
    (_GIVEN.format("4"), "4", True), (_GIVEN.format("4"), "8", False), (_GIVEN.format("4"), "2", False),
    (_GIVEN.format("4, no 5"), "4", NOT_TRUE), (_GIVEN.format("3 or 4"), "4", NOT_TRUE),
    (_GIVEN.format("maybe 4"), "4", NOT_TRUE), ("It will take you 4 days to save the remaining $8.", "4", NOT_TRUE),
    ("I need $8 more. It will take 3 weeks and 4 days to save the remaining $8.", "4", NOT_TRUE),
])
def test_given_named_again(cand, gold, expected):
    _check(cand, gold, expected)


# An integer gold against an expression with decimals: equal only when the decimals, read exactly, give the integer.
@pytest.mark.parametrize("cand, gold, expected", [
    ("\\boxed{1-0.0000001}", "1", False), ("\\boxed{2 \\times 0.4999999}", "1", False),
    ("\\boxed{1.0000001 \\times 10^2}", "100", False), ("\\boxed{\\sqrt{24.9999999}}", "5", False),
    ("\\boxed{100\\%-0.00001\\%}", "1", False), ("\\boxed{0.9999999}", "1", False),
    ("\\boxed{2 \\times 0.5}", "1", True), ("\\boxed{1.5 + 2.5}", "4", True), ("\\boxed{\\sqrt{6.25}}", "2.5", True),
    ("\\boxed{0.3333333333}", "\\frac{1}{3}", True), ("\\boxed{0.33333}", "\\frac{1}{3}", False),
])
def test_integer_gold_against_decimals(cand, gold, expected):
    _check(cand, gold, expected)


# Clock times: AM / PM is no unit word to drop; minutes or seconds inside a time are no answer of their own.
@pytest.mark.parametrize("cand, gold, expected", [
    ("The answer is 3:45 PM.", "3:45 AM", False), ("The meeting ends at 3:45 PM.", "3:45 AM", False),
    ("The meeting ends at 3:45 PM.", "45", NOT_TRUE), ("The meeting ends at 3:45:10 PM.", "10", NOT_TRUE),
    ("\\boxed{12:30 AM}", "0:30", True), ("\\boxed{12:30 AM}", "12:30 PM", False),
    ("The answer is 3:45 P.M.", "3:45 PM", True), ("The answer is 3:45 p.m.", "3:45 PM", True),
    ("The answer is 3:45 PM.", "15:45", True), ("The answer is 15:45.", "3:45 PM", True),
    ("The meeting ends at 3:45 PM.", "3:45 PM", True), ("\\boxed{20:34:00}", "20:34", True),
    ("\\boxed{08:34 \\text{P.M.}}", "20:34", True), ("\\boxed{12:30:16}", "12:30:15", False),
    ("The answer is 3:45 PM.", "3:45", None),  # stop 56: which half of the day "3:45" means is not said
])
def test_clock_times(cand, gold, expected):
    _check(cand, gold, expected)


# `i(2-i)` as a complex number against `a + bi`; degrees in a trigonometric argument; `\\ln(x^2)` and `2\\ln|x|`.
@pytest.mark.parametrize("cand, gold, expected", [
    ("\\boxed{i(2-i)}", "1+2i", True), ("\\boxed{2i - i^2}", "1+2i", True), ("\\boxed{(2+i)i}", "1+2i", False),
    ("\\boxed{i(2-i)}", "2-i", False), ("\\boxed{i(2-i)}", "1-2i", False), ("\\boxed{i(2-i)}", "2+i", False),
    ("\\boxed{\\sin(90^{\\circ}-x)}", "\\cos x", True), ("\\boxed{\\sin(90^\\circ - x)}", "\\cos x", True),
    ("\\boxed{\\cos(x)}", "\\sin(90^{\\circ}-x)", True), ("\\boxed{\\sin(90^{\\circ}-x)}", "\\sin x", False),
    ("\\boxed{\\sin 30^\\circ}", "\\frac{1}{2}", True), ("\\boxed{\\cos 60°}", "\\frac{1}{2}", True),
    ("\\boxed{\\sin 60^{\\circ}}", "\\frac{1}{2}", False), ("\\boxed{30^\\circ}", "30", True),
    ("\\boxed{\\ln(x^2)}", "2\\ln|x|", True), ("\\boxed{2\\ln|x|}", "\\ln(x^2)", True),
    ("\\boxed{2\\ln x}", "2\\ln|x|", False), ("\\boxed{\\ln(x^3)}", "2\\ln|x|", False),
    ("\\boxed{\\ln(2x^2)}", "2\\ln|x|", False), ("\\boxed{x}", "|x|", False),
])
def test_latex_leftovers(cand, gold, expected):
    _check(cand, gold, expected)


# Hand probes that were false equals while this stop's rules were built: a negation in the last number's clause, a
# clock time of two alternatives, an estimate without a committed answer before a recomputation.
@pytest.mark.parametrize("cand, gold", [
    ("He had $8. It won't take 4 days to save the remaining $8.", "4"), ("It does not end at 3:45 PM.", "3:45 PM"),
    ("The train does not arrive at 3.", "3"), ("It ends at 3:45 PM or 4:45 PM.", "4:45 PM"),
    ("It ends at 3 PM or 4 PM.", "4 PM"), ("Rough estimate: 3 weeks. Let me calculate again.", "3"),
    ("Η απάντηση είναι όχι 4", "4"), ("Η απάντηση δεν είναι 4", "4"), ("Ο Γιάννης δεν έχει 4 μήλα.", "4"),
])
def test_probes_stay_unequal(cand, gold):
    _check(cand, gold, NOT_TRUE)


def test_round10_rows():
    """Round 10's cut-off "rough estimate" reply gives no equal; the dialogue ending on "the remaining $8" gives 4."""
    rows = {r["id"]: r for r in map(json.loads, ROUND10.read_text(encoding="utf-8").splitlines()) if r}
    est, given = rows["m10-qwen2.5-coder-1.5b-gsm8k-test-0555"], rows["m10-qwen2.5-coder-1.5b-gsm8k-test-0490"]
    assert not est["label"] and given["label"]
    assert judge_math((tuple(est["references"]), est["candidate"], "auto"))[0] is not True
    assert judge_math((tuple(given["references"]), given["candidate"], "auto"))[0] is True
