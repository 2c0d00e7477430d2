"""`sympy` on math round 16's misses (issue 37, stop 59, helper s67; the round's rows are development data since its
single read): a reply cut off while it restates its last equation's side, a value given with its tolerance, a value
a formula or cell is said to display over the formula restated. Each rule's probes stay unequal."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from judgesuite.judges.math.symbolic import judge_math

NOT_TRUE = "no equal"  # unequal or no verdict: never a false equal
FIXTURES = Path(__file__).parent / "fixtures"
CHAIN = "Now:\n\n\\[ j + 2k = 87 + 2(-29) \\]\n\\[ j + 2k = 87 - 58 \\]\n\\[ j + 2k = 29 \\]\n\n"
CARDS = "So, Samantha has 158 more cards than Perry.\n\n"
FORMULA = "Enter the formula:\n\\[\n=8 + 8 \\div 2 + 2\n\\]\n\n"
RESTATED = "\n\nSo the formula in cell A1 is:\n\\[\n=8 + 8 \\div 2 + 2\n\\]"


def _check(cand: str, gold: str, expected: object, question: str | None = None) -> None:
    task = ((gold,), cand, "auto") if question is None else ((gold,), cand, "auto", question)
    got = judge_math(task)[0]
    assert (got is not True) if expected == NOT_TRUE else (got is expected), (cand, gold, got)


def _row(suffix: str) -> dict:
    text = (FIXTURES / "model_math_round16.jsonl").read_text(encoding="utf-8")
    return next(r for r in map(json.loads, filter(None, text.split("\n"))) if r["id"].endswith(suffix))


# The round's three misses that the rules mend, judged with their questions as the measure scripts pass them.
@pytest.mark.parametrize("suffix, expected", [
    ("1.5b-mmlu-high_school_mathematics-test-189", True),  # cut at "The value of \\(j +" after j + 2k = 29
    ("1.5b-mmlu-elementary_mathematics-test-237", True),  # \\boxed{158, between 157 and 159}
    ("1.5b-mmlu-elementary_mathematics-test-85", False),  # "will display the result ..., which is: 18"
])
def test_round16_misses(suffix, expected):
    row = _row(suffix)
    assert row["label"] is expected
    _check(row["candidate"], row["references"][0], expected, row["question"])


# A cut-off restatement of the last equation's left side: the value of that side.
@pytest.mark.parametrize("tail, gold, expected", [
    ("The value of \\(j +", "29", True),
    ("So, the final value of $j + 2", "29", True),
    ("The value of \\(j + 2k", "29", True),
    ("The value of \\(j +", "30", False),
    ("The value of \\(m +", "29", NOT_TRUE),  # another quantity
    ("The value of \\(j + 3", "29", NOT_TRUE),  # not the side's start
    ("The value of \\(j + 2k =", "29", NOT_TRUE),  # an equation of its own
    ("But the value of \\(j +", "29", NOT_TRUE),  # a doubt
    ("The value of \\(j + 2k\\) is", "29", NOT_TRUE),  # the value's slot was cut
])
def test_cut_restatement_of_the_last_side(tail, gold, expected):
    _check(CHAIN + tail, gold, expected)


def test_cut_restatement_needs_a_value_on_the_side():
    _check("Now:\n\\[ j + 2k = m \\]\n\nThe value of \\(j +", "29", NOT_TRUE)


# A value with its tolerance commits to the value; an interval alone commits to none.
@pytest.mark.parametrize("tail, gold, expected", [
    ("The final answer is:\n\n\\[\n\\boxed{158, between 157 and 159}\n\\]", "158", True),
    ("\\boxed{158 (between 157 and 159)}", "158", True),
    ("The answer is 158 (between 157 and 159).", "158", True),
    ("The answer is about 4.9, between 4.8 and 5.0.", "4.9", True),
    ("\\boxed{158 \\pm 1}", "158", True),
    ("The answer is 158 ± 1.", "158", True),
    ("\\boxed{158, between 157 and 159}", "157", False),
    ("\\boxed{between 157 and 159}", "158", NOT_TRUE),  # no value
    ("\\boxed{158, between 160 and 170}", "158", NOT_TRUE),  # the value outside its interval
    ("\\boxed{3 \\pm 2}", "3", NOT_TRUE),  # two roots, not a tolerance
])
def test_value_with_its_tolerance(tail, gold, expected):
    _check(CARDS + tail, gold, expected)


# A value a formula or cell is said to display or return commits over the formula restated after it.
@pytest.mark.parametrize("cand, gold, expected", [
    (FORMULA + "When you press Enter, the cell will display the result, which is:\n\\[\n18\n\\]" + RESTATED, "14",
     False),
    (FORMULA + "When you press Enter, the cell will display the result, which is:\n\\[\n14\n\\]" + RESTATED, "14",
     True),
    (FORMULA + "The cell returns 18." + RESTATED, "14", False),
    (FORMULA + "The cell returns 18." + RESTATED, "18", True),
])
def test_displayed_value_over_a_restated_formula(cand, gold, expected):
    _check(cand, gold, expected)


# Probes for new false "equal": no value shown, a number that is an operand, a value before the formula is written.
@pytest.mark.parametrize("cand, gold", [
    (FORMULA + "It will display the result of 8 + 8." + RESTATED, "8"),
    (FORMULA + "It will display the result." + RESTATED, "18"),
    ("The output is 18.\n\nWe compute:\n\\[\n8 + 8 \\div 2 + 2\n\\]", "18"),
    (FORMULA + "It shows 2 decimal places." + RESTATED, "2"),
])
def test_displayed_value_probes_not_equal(cand, gold):
    _check(cand, gold, NOT_TRUE)
