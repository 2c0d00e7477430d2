"""`sympy` on math round 15's misses (issue 37, stop 58; round 15 was read once and is development data now): a count
stated with a relative clause after it, a value assigned before a condition, a value and its percentage printed as a
pair, a value and another number "as a percentage". Each rule's probes (a count followed by another answer, a
condition before the assignment, a consistent percentage) stay as they were or unequal."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from judgesuite.judges.math.symbolic import judge_math

NOT_TRUE = "no equal"  # unequal or no verdict: never a false equal
FIXTURES = Path(__file__).parent / "fixtures"
STEPS = "Step 1: work it out.\n\n"


def _check(cand: str, gold: str, expected: object, question: str | None = None) -> None:
    task = ((gold,), cand, "auto") if question is None else ((gold,), cand, "auto", question)
    got = judge_math(task)[0]
    assert (got is not True) if expected == NOT_TRUE else (got is expected), (cand, gold, got)


def _row(suffix: str) -> dict:
    text = (FIXTURES / "model_math_round15.jsonl").read_text(encoding="utf-8")
    return next(r for r in map(json.loads, filter(None, text.split("\n"))) if r["id"].endswith(suffix))


# Round 15's four misses, judged with their questions as the measure scripts pass them: three labelled correct are
# equal now, the conflicting one (labelled incorrect, read as 135 before) is no "equal".
@pytest.mark.parametrize("suffix, expected", [
    ("0.5b-mmlu-high_school_mathematics-test-9", True),  # "There are 12 ... that sum to 240."
    ("1.5b-mmlu-high_school_mathematics-test-61", True),  # "x = 4.875 در حالی که y = 13 باشد."
    ("1.5b-mmlu-elementary_mathematics-test-217", True),  # "y = 7.4", then the printed "(7.4, 740.0)"
    ("0.5b-mmlu-high_school_mathematics-test-137", NOT_TRUE),  # "5/12 degrees, and 135 degrees as a percentage"
])
def test_round15_misses(suffix, expected):
    row = _row(suffix)
    assert row["label"] is (expected is True)
    _check(row["candidate"], row["references"][0], expected, row["question"])
    if expected is True:
        _check(row["candidate"], row["references"][0], True)  # the question is not needed


# A count stated as "There are N <things> that / which / who ... <number>" commits to N.
@pytest.mark.parametrize("cand, gold, expected", [
    ("There are 12 arithmetic sequences of consecutive odd integers that sum to 240.", "12", True),
    ("There are 12 arithmetic sequences of consecutive odd integers that sum to 240.", "240", False),
    (STEPS + "Therefore, there are 5 students who scored 90 points.", "5", True),
    (STEPS + "So there are exactly 4 numbers which are divisible by 6.", "4", True),
    (STEPS + "There is 1 number whose square is 49.", "1", True),
    # probes: another answer after the count, a clause cut by a comma, a negation or a hedge, no relative clause
    ("There are 3 ways, so the answer is 5.", "5", True),
    ("There are 3 ways, so the answer is 5.", "3", False),
    (STEPS + "There are 3 ways that work, so the total is 5.", "3", False),
    (STEPS + "There are 5 students who scored 90, and the answer is 90.", "5", False),
    (STEPS + "There are not 12 sequences that sum to 240.", "12", NOT_TRUE),
    (STEPS + "Maybe there are 12 sequences that sum to 240.", "12", NOT_TRUE),
    (STEPS + "There are 12 sequences that sum to 240 or 250.", "12", True),  # the clause's alternatives, not N's
    (STEPS + "There are 12 or 13 sequences that sum to 240.", "12", NOT_TRUE),
    (STEPS + "The 12 sequences sum to 240.", "12", False),
])
def test_count_with_relative_clause(cand, gold, expected):
    _check(cand, gold, expected)


# With the question: a clause whose number carries the asked noun keeps that number.
@pytest.mark.parametrize("question, gold, expected", [
    ("How many apples are there?", "15", True),
    ("How many apples are there?", "3", False),
    ("How many bags are there?", "3", True),
    ("How many bags are there?", "15", False),
])
def test_count_with_the_asked_noun(question, gold, expected):
    _check(STEPS + "There are 3 bags that hold 15 apples.", gold, expected, question)


# A value assigned, then a condition on another name: the assigned value (several languages).
@pytest.mark.parametrize("cand, gold, expected", [
    ("x = 2 when y = 3", "2", True),
    ("x = 2 when y = 3", "3", False),
    (STEPS + "So x = 4.875 when y = 13.", "4.875", True),
    (STEPS + "So x = 4.875 when y = 13.", "13", False),
    (STEPS + "Thus x = 4.875 for y = 13.", "13", False),
    (STEPS + "So the value of x is 4.875 when y = 13.", "4.875", True),
    (STEPS + "So the value of x is 4.875 when y = 13.", "13", False),
    (STEPS + "\\( x = 4.875 \\) when \\( y = 13 \\).", "4.875", True),
    (STEPS + "\\( x = 4.875 \\) when \\( y = 13 \\).", "13", False),
    (STEPS + "Hence A = 50 where r = 4.", "4", False),
    (STEPS + "پس، x = 4.875 وقتی y = 13 باشد.", "4.875", True),
    (STEPS + "پس، x = 4.875 وقتی y = 13 باشد.", "13", False),
    (STEPS + "پس، x = 4.875 در حالی که y = 13 باشد.", "13", False),
    (STEPS + "Also ist x = 5, wenn y = 2.", "2", False),
    (STEPS + "Donc x = 5 quand y = 2.", "5", True),
    (STEPS + "Donc x = 5 quand y = 2.", "2", False),
    (STEPS + "Por lo tanto, x = 5 cuando y = 2.", "2", False),
    (STEPS + "Таким образом, x = 5 при y = 2.", "5", True),
    (STEPS + "Таким образом, x = 5 при y = 2.", "2", False),
    # probes: a condition before the assignment, a condition on the same name, a function's value
    ("If x = 3, then y = 7.", "3", False),
    (STEPS + "If x = 3, then y = 7.", "3", False),
    (STEPS + "x = 5 when x = 2", "5", NOT_TRUE),
    (STEPS + "So x = 3 and y = 7.", "3", NOT_TRUE),
])
def test_value_before_condition(cand, gold, expected):
    _check(cand, gold, expected)


# A value and its percentage printed as a pair; a value and another number "as a percentage".
@pytest.mark.parametrize("cand, gold, expected", [
    ("The final answer is:\n\\[ y = 7.4 \\]\n\n```output\n(7.4, 740.0)\n```", "7.4", True),
    ("The final answer is:\n\\[ y = 0.25 \\]\n\n```output\n(0.25, 25.0)\n```", "0.25", True),
    ("The final answer is:\n\\[ y = 7.4 \\]\n\n```output\n(7.4, 740.0)\n```", "(7.4, 740)", False),  # y = 7.4
    # probes: a pair no earlier answer states, a pair that is no percentage, stays a pair
    ("Let me compute.\n\n```output\n(7.4, 740.0)\n```", "7.4", False),
    ("The final answer is:\n\\[ y = 7.4 \\]\n\n```output\n(7.4, 74.0)\n```", "7.4", False),
    ("The final answer is:\n\\[ y = 7.4 \\]\n\n```output\n(7.4, 74.0)\n```", "(7.4, 74)", True),
    (STEPS + "So the measure is \\( \\frac{5}{12} \\) degrees, and it is \\( 135 \\) degrees as a percentage.", "135",
     NOT_TRUE),
    (STEPS + "So the measure is \\( \\frac{5}{12} \\) degrees, and it is \\( 135 \\) degrees as a percentage.",
     "5/12", NOT_TRUE),
    ("So the answer is 0.25, and it is 30% as a percentage.", "30", NOT_TRUE),
    ("So the answer is 0.25, and it is 30% as a percentage.", "0.25", NOT_TRUE),
    # probe: a consistent percentage is no conflict
    (STEPS + "The share is \\( \\frac{3}{4} \\), and \\( 75\\% \\) as a percentage.", "75", True),
])
def test_value_and_percentage(cand, gold, expected):
    _check(cand, gold, expected)


def test_new_module_is_inside_the_sympy_fingerprint():
    from judgesuite.judges.fingerprint import module_closure
    from judgesuite.judges.math.symbolic import SympyJudge

    assert "judgesuite.judges.math.clause_values" in set(module_closure([SympyJudge.__module__]))
