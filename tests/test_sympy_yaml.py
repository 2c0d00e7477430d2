"""`sympy` on answers written in YAML (stop 53): a `key: value` member in a ```yaml block or a reply that is YAML
is read like a JSON member (its value; arithmetic in numbers its value), and a span of code names (`total_fabric`,
`x = books_read + 3`) never goes to the ANTLR fallback, which reads a name as a product of letters."""
from __future__ import annotations

import time

import pytest

from judgesuite.judges.math.symbolic import judge_math

NOT_TRUE = "no equal"  # unequal or no verdict: never a false equal
FABRIC = "Fabric per kind times count.\n\n```yaml\nsolution:\n  total_fabric: 3 * 11 + 4 * 8 + 6 * 6\n```"
BOOKS = "```yaml\nsolution:\n  books_read_by_ahmed: 40\n  total_books: 2 * books_read_by_ahmed + 150\n```"


def _check(cand: str, gold: str, expected: object) -> None:
    got = judge_math(((gold,), cand, "auto"))[0]
    assert (got is not True) if expected == NOT_TRUE else (got is expected), (cand, gold, got)


@pytest.mark.parametrize("cand, gold, expected", [
    (FABRIC, "101", True), (FABRIC, "36", False), (FABRIC, "33", False),
    ("```yaml\ntotal_points: 40 * 21\n```", "840", True), ("```yaml\ntotal_points: 40 * 21\n```", "21", False),
    ("```yaml\nmoney_left: 100\n```", "100", True), ("```yaml\nmoney_left: 100\n```", "10", False),
    ("```yaml\ntotal_amount_paid: 100.00\n```", "100", True), ("```yaml\ntotal_amount_paid: 99.50\n```", "100", False),
    ("```yaml\nanswer: 12\n```", "12", True), ("```yaml\nanswer: 12\n```", "13", False),
    ("```yaml\nfinal_answer: 4 + 3 * 4\n```", "16", True), ("```yaml\nfinal_answer: 4 + 3 * 4\n```", "4", False),
    ("```yaml\nanswer: 12\nsteps: 3\n```", "12", True), ("```yaml\nanswer: 12\nsteps: 3\n```", "3", False),
    ("```yaml\nsteps: 3\ntotal_cost: 4 + 12 = 16\n```", "16", True),
    ("```yaml\nsolution:\n  cost: '15'\n```", "15", True),
    ("solution:\n  steps: 3\n  total_points: 40 * 21\n", "840", True),
    ("solution:\n  steps: 3\n  total_points: 40 * 21\n", "3", False),
    ("money_left: 100\ncandies_left: 7\n", "7", True), ("money_left: 100\ncandies_left: 7\n", "100", False),
])
def test_a_yaml_member_is_read_like_a_json_member(cand, gold, expected):
    _check(cand, gold, expected)


# never a false equal: alternatives, a value with names, a wrong number
@pytest.mark.parametrize("cand, gold", [
    ("```yaml\nanswer: 12 or 13\n```", "12"), ("```yaml\nanswer: 12 or 13\n```", "13"),
    ("```yaml\ntotal: 12 or 13\n```", "13"), (BOOKS, "150"), (BOOKS, "230"), (BOOKS, "40"), (BOOKS, "2"),
    ("```yaml\nmoney_left: 100\n```", "1"), ("```yaml\ntotal_points: 40 * 21\n```", "40"),
    ("total = books_read + 3", "3"), ("total_fabric", "101"),
])
def test_no_false_equal(cand, gold):
    _check(cand, gold, NOT_TRUE)


# a value of names, a snake_case name, code: no verdict, and quickly (never the ANTLR fallback)
@pytest.mark.parametrize("cand, gold", [
    (BOOKS, "230"), ("total_fabric", "101"), ("total = books_read + 3", "3"),
    ("```yaml\ntotal_books: 2 * books_read_by_ahmed + 150\n```", "230"), ("money_left: x_total - spent_money", "5"),
    ("total = price * count", "5"),
])
def test_code_names_are_undecided_quickly(cand, gold):
    judge_math((("1",), "1", "auto"))  # warm-up
    start = time.perf_counter()
    got = judge_math(((gold,), cand, "auto"))[0]
    assert got is None and time.perf_counter() - start < 0.03, (cand, got)


# prose reads as before: a step label, a label before a value
@pytest.mark.parametrize("cand, gold, expected", [
    ("Total: $15", "15", True), ("Total: $15", "5", False), ("Step 1: 40 * 21 = 840", "840", None),
    ("So the total is 840.\n\nTotal: 840", "840", True), ("Area: 5\\pi", "5\\pi", True),
    ("The answer is 7.\n\nanswer: 7", "7", True),
])
def test_prose_reads_as_before(cand, gold, expected):
    _check(cand, gold, expected)


# a line of code after a marker's line (a comment "# Print the final answer") is no answer: the printed output is
PROGRAM = ("Here is a program that calculates the final answer:\n\n```python\n# Given scores\ntotal_miles = 12 - 8\n\n"
           "# Print the final answer\nprint(total_miles)\n```\n\nWhen you run this program, it will output:\n\n"
           "```\n4\n```\n\nThis confirms that the difference is indeed 4 miles per gallon.")


@pytest.mark.parametrize("cand, gold, expected", [
    (PROGRAM, "4", True), (PROGRAM, "8", False),
    (PROGRAM.replace("indeed 4", "indeed 5").replace("\n4\n", "\n5\n"), "4", False),
    ("The final answer:\n```\n18\n```", "18", True), ("Answer:\n\n```python\nprint(3)\n```\n\nIt prints 3.", "3", True),
])
def test_code_after_a_marker_is_no_answer(cand, gold, expected):
    _check(cand, gold, expected)
