"""The blind second reads of math rounds 11-17 (cards, "Second read (blind)"): each second-read file labels
exactly the pre-registered sample (every row: 140, round 16's 102), each label follows its own read answer against
the gold, and the agreement, Cohen's kappa, 2x2 table, per-model and per-kind rows and read-answer agreement
written in the card are what `scripts/math_round7_second_read.py --round N agree` computes. No judge runs here (a
second or so)."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

from .test_model_math_round7_second_read import HEADING, check_second_read_covers_every_row, load_script

HOW = "as numbers, else as text"
# label disagreements and read answers that differ, as `agree` printed them when the cards were written
EXPECTED = {
    11: (["m11-qwen2.5-coder-0.5b-gsm8k-test-1162"], 1),
    12: ([], 3),
    13: ([], 12),
    14: ([], 1),
    15: (["m15-qwen2.5-coder-1.5b-mmlu-elementary_mathematics-test-29"], 8),
    16: ([f"m16-qwen2.5-coder-{m}-mmlu-elementary_mathematics-test-72" for m in ("0.5b", "1.5b")], 5),
    17: (["m17-qwen2.5-coder-0.5b-mmlu-elementary_mathematics-test-213",
          "m17-qwen2.5-coder-0.5b-mmlu-elementary_mathematics-test-9",
          "m17-qwen2.5-coder-1.5b-mmlu-high_school_mathematics-test-71"], 13),
}
# rows per model where a round is not 70 + 70 (round 16 was cut short)
PER_MODEL = {16: {"qwen2.5-coder-0.5b": 70, "qwen2.5-coder-1.5b": 32}}
# a correct label whose read answer is the asked quantity in another unit (64 cups for a gold of 4 gallons)
OTHER_UNIT = {"m14-qwen2.5-coder-0.5b-mmlu-elementary_mathematics-test-135"}
# correct labels read by the gold's value, not its text: the gold "(5 x 5) + (5 x 4)" (an expression equal to 5 x 9)
# and both replies' boxed 45; the round's filter keeps no two options of one value, so 45 names the gold option
BY_VALUE = {f"m12-qwen2.5-coder-{m}-mmlu-elementary_mathematics-dev-4" for m in ("0.5b", "1.5b")}
# correct labels in the second read of the gold "0.21 Repeating" (7/33): the formula 7/33 read as its value, and
# 0.2121... with the repeating block written out (the first read labels both incorrect: the two disagreements)
REPEATING = {f"m16-qwen2.5-coder-{m}-mmlu-elementary_mathematics-test-72" for m in ("0.5b", "1.5b")}
# a correct label whose read answer is the gold expression in another equal form: (6 - 3x)(6 + 3x) = 9(2 - x)(2 + x)
EQUAL_FORM = {"m17-qwen2.5-coder-0.5b-mmlu-high_school_mathematics-test-43"}
ROUNDS = sorted(EXPECTED)


def _script_second_rows(number: int):
    s = load_script("math_round7_second_read")
    paths = s.round_paths(number)
    return s, json.loads(paths["second"].read_text(encoding="utf-8")), s.corpus_rows(paths["corpus"])


@pytest.mark.parametrize("number", ROUNDS)
def test_second_read_covers_exactly_the_sample_every_row(number):
    counts = PER_MODEL.get(number)
    check_second_read_covers_every_row(*_script_second_rows(number), sum(counts.values()) if counts else 140, counts)


@pytest.mark.parametrize("number", ROUNDS)
def test_each_second_label_is_its_read_answer_against_the_gold(number):
    s, second, rows = _script_second_rows(number)
    gold = {r["id"]: r["references"][0] for r in rows}
    for i, v in second.items():
        read, ref = v["read_answer"], gold[i]
        if read is None:
            assert not v["label"], i
            continue
        head = ref.split()[0] if len(ref.split()) > 1 else ref  # "130 minutes", "3480 ft^3": the number
        same = s.same_answer(read, ref) or (s.as_number(head) is not None and s.same_answer(read, head))
        assert v["label"] == same or (v["label"] and i in OTHER_UNIT | BY_VALUE | REPEATING | EQUAL_FORM), i


@pytest.mark.parametrize("number", ROUNDS)
def test_agreement_kappa_table_and_read_answers_are_the_cards(number):
    s, second, rows = _script_second_rows(number)
    assert all(r["prompt_style"] == r["kind"] for r in rows)  # `agreement` groups by prompt_style: here the kind
    res = s.agreement(second, rows)
    answers = s.read_answer_agreement(second, rows, text=True)
    card = s.FIXTURES / f"model_math_round{number}.md"
    section = card.read_text(encoding="utf-8").split(HEADING, 1)[1]
    flat = " ".join(section.split())
    for line in s.card_lines(res, answers, HOW):
        if line.startswith("|"):
            assert line in section.splitlines(), line
        elif line:
            assert " ".join(line.split()) in flat, line
    disagreements, differ = EXPECTED[number]
    assert res["disagreements"] == disagreements
    assert len(answers["differ"]) == differ


@pytest.mark.parametrize("number", ROUNDS)
def test_sample_is_every_row_with_the_fields_only(number, tmp_path):
    s = load_script("math_round7_second_read")
    out = tmp_path / "sample.jsonl"
    ids = s.write_sample(out, s.round_paths(number)["corpus"])
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    total = sum(PER_MODEL[number].values()) if number in PER_MODEL else 140
    assert len(ids) == len(lines) == total and [r["id"] for r in lines] == sorted(ids)
    assert all(tuple(r) == s.FIELDS for r in lines)  # no label, read_answer or reasons


def test_labels_by_value_are_the_expression_gold_read_as_45():
    s, second, rows = _script_second_rows(12)
    gold = {r["id"]: r["references"][0] for r in rows}
    for i in BY_VALUE:
        assert gold[i] == "(5 x 5) + (5 x 4)" and 5 * 5 + 5 * 4 == 45 == s.as_number(second[i]["read_answer"])
        assert second[i]["label"]


def test_repeating_labels_are_seven_33rds():
    s, second, rows = _script_second_rows(16)
    gold = {r["id"]: r["references"][0] for r in rows}
    for i in REPEATING:
        read = s.as_number(second[i]["read_answer"])
        assert gold[i] == "0.21 Repeating" and second[i]["label"]
        assert abs(read - Fraction(7, 33)) < Fraction(1, 10**16)  # 7/33 itself, or its decimal to 17 places


def test_read_answers_compare_as_numbers_else_as_text():
    s = load_script("math_round7_second_read")
    assert s.same_answer("$10.00", "$10.00 ") and s.same_answer("-7", "\u22127")
    assert s.same_answer("\\frac{2}{4}", "0.5") and s.same_answer("4T", "4t") and s.same_answer(None, None)
    assert not s.same_answer("5k + 1", "5k") and not s.same_answer("0", None)
    assert s.same_answer(">= 80", None, text=False) and not s.same_answer(">= 80", None)


def test_equal_form_label_is_the_gold_factorization_multiplied_out():
    s, second, rows = _script_second_rows(17)
    gold = {r["id"]: r["references"][0] for r in rows}
    for i in EQUAL_FORM:
        assert gold[i] == "9(2-x)(2+x)" and second[i]["read_answer"] == "(6 - 3x)(6 + 3x)" and second[i]["label"]
        # both products are 36 - 9x^2: equal at three points, so equal as quadratics
        assert all((6 - 3 * x) * (6 + 3 * x) == 9 * (2 - x) * (2 + x) == 36 - 9 * x * x for x in (-1, 0, 5))
