"""The blind second reads of math rounds 12 and 13 (cards, "Second read (blind)"), checked by round 14-15's tests
(imported, not copied): each second-read file labels exactly the pre-registered sample (all 140 rows), each label
follows its own read answer against the gold, and the figures written in the card are what
`scripts/math_round7_second_read.py --round N agree` computes. No judge runs here (a second or so)."""
from __future__ import annotations

import json

import pytest

from . import test_model_math_round14_15_second_read as r1415

# label disagreements and read answers that differ, as `agree` printed them when the cards were written
EXPECTED = {
    12: ([], 3),
    13: ([], 12),
}
# correct labels read by the gold's value, not its text: the gold "(5 x 5) + (5 x 4)" (an expression equal to 5 x 9)
# and both replies' boxed 45; the round's filter keeps no two options of one value, so 45 names the gold option
BY_VALUE = {f"m12-qwen2.5-coder-{m}-mmlu-elementary_mathematics-dev-4" for m in ("0.5b", "1.5b")}
ROUNDS = [12, 13]


@pytest.mark.parametrize("number", ROUNDS)
def test_sample_is_every_row_with_the_fields_only(number, tmp_path):
    s = r1415.load_script("math_round7_second_read")
    out = tmp_path / "sample.jsonl"
    ids = s.write_sample(out, s.round_paths(number)["corpus"])
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(ids) == len(lines) == 140 and [r["id"] for r in lines] == sorted(ids)
    assert all(tuple(r) == s.FIELDS for r in lines)  # no label, read_answer or reasons


@pytest.mark.parametrize("number", ROUNDS)
def test_second_read_covers_exactly_the_sample_all_140_rows(number):
    r1415.test_second_read_covers_exactly_the_sample_all_140_rows(number)


def test_labels_by_value_are_the_expression_gold_read_as_45():
    s, second, rows = r1415._script_second_rows(12)
    gold = {r["id"]: r["references"][0] for r in rows}
    for i in BY_VALUE:
        assert gold[i] == "(5 x 5) + (5 x 4)" and 5 * 5 + 5 * 4 == 45 == s.as_number(second[i]["read_answer"])
        assert second[i]["label"]


@pytest.mark.parametrize("number", ROUNDS)
def test_each_second_label_is_its_read_answer_against_the_gold(number, monkeypatch):
    monkeypatch.setattr(r1415, "OTHER_UNIT", r1415.OTHER_UNIT | BY_VALUE)
    r1415.test_each_second_label_is_its_read_answer_against_the_gold(number)


@pytest.mark.parametrize("number", ROUNDS)
def test_agreement_kappa_table_and_read_answers_are_the_cards(number, monkeypatch):
    monkeypatch.setattr(r1415, "EXPECTED", {**r1415.EXPECTED, **EXPECTED})
    r1415.test_agreement_kappa_table_and_read_answers_are_the_cards(number)
