"""`sympy` on the leftovers of stop 58 and a hunt for false "equal" (issue 37, stop 59): a count offered as "N or M",
a value restated as its percentage, a last number with its percent sign, digits of other scripts, a program's error
report, the numbers of a program's source. Each rule's probes (a percentage that is no restatement, a mixed-script
number, a comment in the code, an output that is no error) stay as they were or unequal."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from judgesuite.judges.math.symbolic import judge_math

NOT_TRUE = "no equal"  # unequal or no verdict: never a false equal
FIXTURES = Path(__file__).parent / "fixtures"
STEPS = "Step 1: work it out.\n\n"
COUNT = "There are 12 or 13 arithmetic sequences of consecutive odd integers that sum to 240."
TRACE = "```output\nTraceback (most recent call last):\n  File \"<stdin>\", line 3\nValueError: 12\n```"


def _check(cand: str, gold: str, expected: object, question: str | None = None) -> None:
    task = ((gold,), cand, "auto") if question is None else ((gold,), cand, "auto", question)
    got = judge_math(task)[0]
    assert (got is not True) if expected == NOT_TRUE else (got is expected), (cand, gold, got)


def _row(n: int, row_id: str) -> dict:
    text = (FIXTURES / f"model_math_round{n}.jsonl").read_text(encoding="utf-8")
    return next(r for r in map(json.loads, filter(None, text.split("\n"))) if r["id"] == row_id)


# A count offered as two values commits to neither, nor to the clause's number (stop 58 read 240).
@pytest.mark.parametrize("cand, gold, expected", [
    (COUNT, "240", False),
    (COUNT, "12", False),
    (COUNT, "13", False),
    (STEPS + "So there are 3 or 4 ways which give 10.", "10", False),
    # probes: one count still commits to it; alternatives in the clause are the clause's
    ("There are 12 arithmetic sequences of consecutive odd integers that sum to 240.", "12", True),
    (STEPS + "There are 12 sequences that sum to 240 or 250.", "12", True),
    (STEPS + "There are 12 or 13 sequences.", "12", NOT_TRUE),
])
def test_count_offered_as_alternatives(cand, gold, expected):
    _check(cand, gold, expected)


# A value restated as its percentage is one answer, the percentage (equal to the value and to the bare percent
# number, by the percent rule); a rounded percentage restates the exact value.
@pytest.mark.parametrize("cand, gold, expected", [
    (STEPS + "The probability is 0.074, i.e. 7.4%.", "0.074", True),
    (STEPS + "The probability is 0.074, i.e. 7.4%.", "7.4", True),
    (STEPS + "The probability is 0.074, that is, 7.4%.", "0.074", True),
    (STEPS + "The probability is 0.074, or 7.4%.", "0.074", True),
    (STEPS + "The probability is 0.074 or 7.4 percent.", "0.074", True),
    (STEPS + "The probability is 0.074, which is 7.4%.", "0.074", True),
    (STEPS + "So the rate is 0.25, or 25%.", "0.25", True),
    (STEPS + "So the rate is 0.25, or 25%.", "25%", True),
    (STEPS + "So the rate is 1/4, or 25%.", "1/4", True),
    (STEPS + "So the rate is \\(\\frac{1}{4}\\), or 25%.", "1/4", True),
    (STEPS + "So the share is 1/3, or 33.33%.", "1/3", True),
    (STEPS + "The answer is 0.074, i.e. 7.4%.", "7.4", True),
    # probes: a percentage that is not the value's stays two values ("or" hedges); the wrong value stays wrong
    (STEPS + "So the rate is 0.25, or 30%.", "0.25", NOT_TRUE),
    (STEPS + "So the rate is 0.25, or 30%.", "30", NOT_TRUE),
    (STEPS + "So the share is 1/3, or 33.4%.", "1/3", NOT_TRUE),
    (STEPS + "The probability is 0.074, i.e. 7.4%.", "0.74", False),
    (STEPS + "The probability is 0.074, i.e. 7.4%.", "74", False),
    # the printed pair of stop 58 keeps its reading: the stated value, not the percentage
    ("The final answer is:\n\\[ y = 7.4 \\]\n\n```output\n(7.4, 740.0)\n```", "7.4", True),
    ("The final answer is:\n\\[ y = 7.4 \\]\n\n```output\n(7.4, 740.0)\n```", "740", False),
])
def test_value_restated_as_percentage(cand, gold, expected):
    _check(cand, gold, expected)


# The last number keeps the percent sign after it, as a committed "The answer is 7.4%." does.
@pytest.mark.parametrize("cand, gold, expected", [
    (STEPS + "The probability is 7.4%.", "0.074", True),
    (STEPS + "The probability is 7.4 percent.", "0.074", True),
    (STEPS + "The probability is 7.4%.", "7.4", True),
    # probes: another percentage is unequal; a number without the sign is as before
    (STEPS + "The probability is 2.5%.", "0.25", False),
    (STEPS + "The probability is 7.4%.", "0.74", False),
    (STEPS + "The probability is 7.4.", "0.074", False),
])
def test_last_number_keeps_its_percent_sign(cand, gold, expected):
    _check(cand, gold, expected)


# A last number "below zero" is negative.
@pytest.mark.parametrize("cand, gold, expected", [
    (STEPS + "The temperature is 12 below zero.", "-12", True),
    (STEPS + "The temperature is 12 below zero.", "12", False),
    (STEPS + "The temperature is 12 degrees below zero.", "-12", True),
    (STEPS + "The temperature is 12°F below zero.", "12", False),
    # probes: above zero, or a number not followed by it, as before
    (STEPS + "The temperature is 12 degrees above zero.", "12", True),
    (STEPS + "It fell 12 degrees, to 3 below zero.", "-3", True),
])
def test_below_zero_is_negative(cand, gold, expected):
    _check(cand, gold, expected)


# Digits of other scripts are the number they write.
@pytest.mark.parametrize("cand, gold, expected", [
    (STEPS + "The answer is ١٢.", "12", True),
    (STEPS + "The answer is ١٢.", "13", False),
    (STEPS + "The answer is ۱۲.", "12", True),
    (STEPS + "The answer is १२.", "12", True),
    (STEPS + "The answer is １２.", "12", True),
    (STEPS + "The answer is １２.", "21", False),
    (STEPS + "\\boxed{１２}", "12", True),
    (STEPS + "The answer is ١٫٥.", "1.5", True),
    (STEPS + "The answer is ١٫٥.", "15", False),
    (STEPS + "الجواب هو ٣٬٥٠٠ دولار.", "3500", True),
    # probes: a number that mixes scripts is read as before (no verdict)
    (STEPS + "The answer is 1٢.", "12", NOT_TRUE),
])
def test_digits_of_other_scripts(cand, gold, expected):
    _check(cand, gold, expected)


# A program's output that reports an error prints no value: neither it nor its numbers are the answer.
@pytest.mark.parametrize("cand, gold, expected", [
    (STEPS + TRACE, "12", NOT_TRUE),
    (STEPS + TRACE, "3", NOT_TRUE),
    (STEPS + "```output\nError: division by 12\n```", "12", NOT_TRUE),
    (STEPS + "```output\nZeroDivisionError: division by zero\n```", "0", NOT_TRUE),
    ("The answer is 12.\n```python\nprint(y)\n```\n```output\nNameError: name 'y' is not defined\n```", "12", True),
    # probes: an output that is no error is read as before; a wrong printed value stays wrong
    (STEPS + "```output\n12\n```", "12", True),
    (STEPS + "```output\nTotal errors: 12\n```", "12", True),
    (STEPS + "```python\nprint(3*4)\n```\n```output\n13\n```", "12", False),
])
def test_error_output_is_no_answer(cand, gold, expected):
    _check(cand, gold, expected)


# The numbers of a program's source (operands, literals) are no last number; its comments and outputs are read.
@pytest.mark.parametrize("cand, gold, expected", [
    (STEPS + "```python\nprint(3*4)\n```", "4", NOT_TRUE),
    (STEPS + "```python\nx = 12\nprint(x)\n```", "12", NOT_TRUE),
    (STEPS + "```javascript\nconsole.log(3 * 4);\n```", "4", NOT_TRUE),
    (STEPS + "So he has 9 apples.\n\n```python\napples = 12 - 3\nprint(apples)\n```", "9", True),
    (STEPS + "So he has 9 apples.\n\n```python\napples = 12 - 3\nprint(apples)\n```", "3", False),
    # probes: a comment is the model's words; an output block, a plain fence and a committed answer are read
    (STEPS + "```python\nx = 3 * 4\n# Output 12\n```\n\nThis code prints the total.", "12", True),
    (STEPS + "```python\nprint(3*4)\n```\n```output\n12\n```", "12", True),
    (STEPS + "```\n12\n```", "12", True),
    (STEPS + "The answer is 12.\n\n```python\nprint(3 * 5)\n```", "12", True),
    (STEPS + "```python\nprint(x // 2)\n```", "2", NOT_TRUE),  # "//" is Python's floor division, no comment
])
def test_program_source_numbers_are_no_answer(cand, gold, expected):
    _check(cand, gold, expected)


# A correction right after a committed value is the value it corrects to; a "wait" without one commits to nothing.
@pytest.mark.parametrize("cand, gold, expected", [
    (STEPS + "Final answer: 12 ... no wait, 13.", "12", False),
    (STEPS + "Final answer: 12 ... no wait, 13.", "13", True),
    (STEPS + "The answer is 12 -- actually 13.", "13", True),
    (STEPS + "Answer: 12. Wait, no: 13.", "12", False),
    (STEPS + "Answer: 12. Wait, no: 13.", "13", True),
    (STEPS + "The answer is 12... wait, let me recheck.", "12", NOT_TRUE),
    # probes: a remark that is no correction keeps the value
    (STEPS + "The answer is 12. Actually, this is a nice problem.", "12", True),
    (STEPS + "The answer is 12, which is what we expected.", "12", True),
])
def test_self_correction_after_the_value(cand, gold, expected):
    _check(cand, gold, expected)


# A committed value for one case and another "otherwise" commits to neither.
@pytest.mark.parametrize("cand, gold, expected", [
    (STEPS + "The answer is 12 if we ignore friction, otherwise 13.", "12", NOT_TRUE),
    (STEPS + "The answer is 12 if we ignore friction, otherwise 13.", "13", NOT_TRUE),
    (STEPS + "Answer: 5 when n is odd; otherwise it is 6.", "5", NOT_TRUE),
    # probes: "otherwise" without a second value, or no case word, keeps the value
    (STEPS + "The answer is 12, since otherwise the sum would be too large.", "12", True),
    (STEPS + "The answer is 12 if we round down.", "12", True),
])
def test_value_for_one_case_otherwise_another(cand, gold, expected):
    _check(cand, gold, expected)


# A value called no solution, or a next sentence saying it fails a check, commits to nothing.
@pytest.mark.parametrize("cand, gold, expected", [
    (STEPS + "x = 12 is not a solution.", "12", NOT_TRUE),
    (STEPS + "x = 12 is extraneous.", "12", NOT_TRUE),
    (STEPS + "So 12 is not a valid answer.", "12", NOT_TRUE),
    (STEPS + "Final answer: 12. Hmm, that doesn't match.", "12", NOT_TRUE),
    (STEPS + "Final answer: 12. That doesn't add up.", "12", NOT_TRUE),
    (STEPS + "So x = 12. This does not satisfy the equation.", "12", NOT_TRUE),
    # probes: a later value after the rejected one is read; a check that passes keeps the value
    (STEPS + "x = 12 is extraneous, so x = 3.", "3", True),
    (STEPS + "x = 12 is extraneous, so x = 3.", "12", False),
    (STEPS + "The answer is 12. That matches the check.", "12", True),
])
def test_value_called_no_solution_or_failing_a_check(cand, gold, expected):
    _check(cand, gold, expected)


# A last sentence that states the task ("We need to find ... if he started with 12.") gives no answer.
@pytest.mark.parametrize("cand, gold, expected", [
    (STEPS + "We need to find how many apples Tom has if he started with 12.", "12", None),
    (STEPS + "Let's find the number of apples if Tom starts with 12.", "12", None),
    (STEPS + "We are asked for the total when each box holds 12.", "12", None),
    # probes: a task sentence that gives its value, or a result sentence, is read
    (STEPS + "We need to find the total, which is 12.", "12", True),
    (STEPS + "Let's find the total: 3 + 9 = 12.", "12", True),
    (STEPS + "So he has 12 apples.", "12", True),
])
def test_task_statement_is_no_answer(cand, gold, expected):
    _check(cand, gold, expected)


# A last number that is a term of a ratio gives the ratio, never its last term.
@pytest.mark.parametrize("cand, gold, expected", [
    (STEPS + "The ratio is 3:4.", "4", NOT_TRUE),
    (STEPS + "The ratio is 3 : 4.", "4", NOT_TRUE),
    (STEPS + "The odds are 1:5.", "5", NOT_TRUE),
    (STEPS + "The scale is 1:100.", "100", NOT_TRUE),
    (STEPS + "The ratio is 3:4.", "3:4", True),
    # probes: a clock time stays a time; a label before a value stays a label
    (STEPS + "The train leaves at 3:45.", "3:45", True),
    (STEPS + "The train leaves at 3:45.", "45", NOT_TRUE),
    (STEPS + "Step 3: 4 apples remain.", "4", True),
])
def test_ratio_is_no_last_term(cand, gold, expected):
    _check(cand, gold, expected)


# Round 7's program without its output (labelled incorrect): it read the literal 3 of "sleeves_per_box = 3" before;
# a program not run commits to no value now.
def test_round7_program_without_output_reads_no_literal():
    row = _row(7, "m7-qwen2.5-coder-1.5b-gsm8k-test-0731")
    assert row["label"] is False
    got = judge_math(((row["references"][0],), row["candidate"], "auto", row["question"]))
    assert got[0] is False and got[2] == "non-committal answer"
    assert judge_math((("3",), row["candidate"], "auto"))[0] is False


# Hunt probes that were right before and stay right (a wrong final after a right step, negations, ranges, lists,
# units, scientific notation, European numbers, LaTeX traps): never "equal" to the wrong gold.
@pytest.mark.parametrize("cand, gold, expected", [
    (STEPS + "First we get 12 apples. Then he gives away 3, so he has 9 apples.", "12", False),
    (STEPS + "The answer is 12.\n\nWait, I made a mistake. The correct answer is 15.", "12", False),
    (STEPS + "\\boxed{12}\n\nActually, rechecking, the answer is \\boxed{15}.", "12", False),
    ("Given that there are 12 apples, the answer is 10.", "12", False),
    (STEPS + "12 is wrong.", "12", NOT_TRUE),
    (STEPS + "It can't be 12.", "12", NOT_TRUE),
    (STEPS + "So the answer is 12? No.", "12", NOT_TRUE),
    (STEPS + "The answer is 10-12.", "11", NOT_TRUE),
    (STEPS + "The answer is between 10 and 12.", "11", NOT_TRUE),
    (STEPS + "The answer is 3, 4, 5.", "4", NOT_TRUE),
    (STEPS + "x = 3 or x = 4", "4", NOT_TRUE),
    (STEPS + "The distance is 3 km.", "3000", NOT_TRUE),
    (STEPS + "\\boxed{3\\text{ km}}", "3000", NOT_TRUE),
    (STEPS + "The answer is 3 million.", "3", NOT_TRUE),
    (STEPS + "The answer is 3.2 \\times 10^{5}.", "3.2e6", False),
    (STEPS + "The answer is 3.2E+05.", "3.2e6", False),
    (STEPS + "The answer is 1e-3.", "0.01", False),
    (STEPS + "The answer is 111111111111111111111111111111.", "111111111111111111111111111112", False),
    (STEPS + "The answer is 1.0000000001.", "1", NOT_TRUE),
    (STEPS + "The answer is 1,234.", "1.234", NOT_TRUE),
    (STEPS + "Die Antwort ist 1.234,5.", "1.2345", False),
    (STEPS + "The answer is $\\frac12$.", "12", False),
    (STEPS + "The answer is $\\frac123$.", "1/2", NOT_TRUE),
    (STEPS + "The answer is $3\\frac{1}{2}$.", "1.5", False),
    (STEPS + "The answer is $\\sqrt[3]{8}$.", "8", False),
    (STEPS + "The answer is ~~12~~ 13.", "12", NOT_TRUE),
    (STEPS + "The answer is $0.\\overline{3}$.", "0.3", False),
])
def test_hunt_probes_stay_unequal(cand, gold, expected):
    _check(cand, gold, expected)


# Deep nesting, long runs and many fences end (bounded regexes) and give no false equal.
@pytest.mark.parametrize("cand", [
    STEPS + "The answer is " + "\\sqrt{" * 60 + "2" + "}" * 60 + ".",
    STEPS + "The answer is " + "(" * 300 + "1" + ")" * 300 + ".",
    "```python\n" * 20000,
    "```python\n" + "a = 1\n" * 50000,
    "0.25, or 25% " * 20000,
    "١" * 100000,
    "There are 1 or 2 " + "a " * 50000 + "that 3",
])
def test_adversarial_inputs_end(cand):
    assert judge_math((("2",), cand, "auto"))[0] is not True


def test_new_module_is_inside_the_sympy_fingerprint():
    from judgesuite.judges.fingerprint import module_closure
    from judgesuite.judges.math.symbolic import SympyJudge

    assert "judgesuite.judges.math.script_digits" in set(module_closure([SympyJudge.__module__]))
