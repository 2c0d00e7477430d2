"""Stop 60c (s71): math round 17's misses (development data): a telegram's line-ending "STOP", a copula's value on a
last line of arithmetic, "N times in M seconds", a receipt's closing label, a number-unit compound between a count
and its phrase, a log record inside a code fence, an inline formula that ends the reply after another."""
from __future__ import annotations

import pytest

from judgesuite.judges.math.extract import extract
from judgesuite.judges.math.symbolic import judge_math

_LOG = "```python\ncount = 0\nfor n in range(25, 101):\n    count += 1\n<time> INFO result=76\n```"


def _verdict(gold: str, cand: str) -> bool | None:
    return judge_math(((gold,), cand, "auto"))[0]


@pytest.mark.parametrize("gold, cand", [
    # a copula's value on a last line of arithmetic (strategies._COPULA_LINE)
    ("18", "60% of 30 is 18."), ("36", "21.6 ÷ 0.06 equals 36."), ("5", "2 + 3 is equal to 5"),
    ("25%", "1/4 is 25%."),
    # a telegram's "STOP" ends its sentence (reply_frames.without_frames)
    ("36", "21.6 ÷ 0.06 equals 36. STOP"), ("12", "Each friend gets 12 apples STOP"),
    # "N times in M <unit>": N (reply_frames.before_phrase)
    ("125", "Pat will bounce the ball approximately 125 times in 150 seconds. STOP"),
    ("125", "Pat bounces the ball 125 times in 150 seconds."),
    # a receipt's closing label after its value (strategies._CLOSING_LABEL)
    ("300", "Step 3: Total\nAmount: 300\nTOTAL"), ("42", "Subtotal: 40\nTax: 2\nGrand total: 42\nGRAND TOTAL"),
    # a number-unit compound is a measure, no count (reply_frames._PHRASE, _PHRASE_END)
    ("56", "Result: There are 56 8-ounce servings in a 28-pound bag of dog food."),
    # a log record in a fence is the program's log, not its source (answer_markup._LOG_RECORD)
    ("76", _LOG), ("76", "```python\nx = 3\n2024-01-02 10:00:00 INFO result=76\n```"),
    # an inline formula that ends the reply after another (strategies._DISPLAY_END)
    ("9(2-x)(2+x)", "The factorization of \\(36 - 9x^2\\) is \\((6 - 3x)(6 + 3x)\\). STOP"),
    ("5", "So \\(2 + 3\\) is \\(5\\)."),
])
def test_round17_forms_read_equal(gold, cand):
    assert _verdict(gold, cand) is True


@pytest.mark.parametrize("gold, cand", [
    # the operands of a copula's line are givens
    ("60", "60% of 30 is 18."), ("30", "60% of 30 is 18."), ("21.6", "21.6 ÷ 0.06 equals 36. STOP"),
    ("5", "2 + 3 is 6."), ("13", "12 equals 13? No, 14."), ("18", "60% of 30 is not 18."),
    # the span of "N times in M" is a given
    ("150", "Pat bounces the ball 125 times in 150 seconds."),
    ("150", "Pat will bounce the ball approximately 125 times in 150 seconds. STOP"),
    # the measures of compounds are givens
    ("28", "Result: There are 56 8-ounce servings in a 28-pound bag of dog food."),
    ("8", "Result: There are 56 8-ounce servings in a 28-pound bag of dog food."),
    # a log record's other numbers, and a source line, are no answer
    ("100", _LOG), ("25", _LOG), ("76", "```python\n<time> INFO start\nx = 76 + 24\nprint(x)\n```"),
    ("x", "So \\(x\\) is \\(5\\)."), ("2", "So \\(x = 2\\) is \\(5\\)."),
    # a closing label without a value above it stays the line read
    ("300", "Amount: three hundred\nTOTAL"),
])
def test_round17_hand_probes_read_not_equal(gold, cand):
    assert _verdict(gold, cand) is not True


def test_stop_only_at_a_line_end():
    assert extract("STOP at 5 then go 7").spans[:1] == ["7"]
    assert extract("The answer is 12 STOP").spans[:1] == ["12"]


def test_copula_line_needs_arithmetic_on_its_left():
    assert extract("x is 18").spans[:1] != ["18"]  # a name, no arithmetic: the line as it stands
    assert extract("60% of 30 is 18.").spans[:1] == ["18"]


def test_log_record_before_a_source_line_keeps_the_source_blank():
    ex = extract("```python\n<time> INFO start\nx = 76\n```")
    assert ex.noncommittal or ex.spans[:1] != ["76"]
