"""Math round 8 of issue 37 (tests/fixtures/model_math_round8.jsonl): the same small local models as round 7 solved
the next GSM8K TEST questions on their own in seven new output formats, every reply labelled by reading (card).
Rebuilt byte for byte from the committed replies and labels, each (question, model) pairing and prompt kind as
designed, on test questions of no earlier math round, the card's counts as read; read once at stop 53, whose figures
`sympy` and `math-verify` keep."""
from __future__ import annotations

import random
import re
from decimal import Decimal

import pytest

from .math_round_checks import FIXTURES, check_pairings, check_read_once, round_paths
from .script_modules import load_script
from .test_model_math_round7 import check_math_card_counts, check_math_read, check_math_rebuilt
from .test_model_openqa_round6 import _lines

CORPUS, CARD = round_paths(8)


@pytest.fixture(scope="module")
def build():
    return load_script("build_model_math_round8")


def test_every_reply_is_a_labelled_row_rebuilt_byte_for_byte(build, tmp_path):
    assert (build.TAG, build.SPLIT) == ("m8", "heldout-m8")
    rows = check_math_rebuilt(build, CORPUS, tmp_path)
    assert all(r["family"] == f"model8-{r['kind']}" and r["task_type"] == "math" for r in rows)


def test_each_question_and_model_pairing_and_prompt_is_as_designed(build):
    drawn = check_pairings(build, CORPUS, ("boxed", "table", "yaml", "answer-first", "units", "teacher-check",
                                           "other-language"))
    assert len(drawn) == 105 and not set(drawn) & set(build.EXCLUDED)


def test_the_student_of_teacher_check_is_the_gold_plus_ten(build):
    for it in build.drawn():
        gold = Decimal(it["references"][0].replace(",", ""))
        assert Decimal(build.wrong_answer(it)) == gold + 10
        assert f"the answer is {build.wrong_answer(it)}." in build.PROMPTS["teacher-check"].format(
            question=it["question"], wrong=build.wrong_answer(it))


def test_questions_are_the_105_after_round_7s_and_of_no_earlier_math_round(build):
    rows = _lines(CORPUS)
    test = {q["question_id"]: q for q in build.m7.questions()}
    pool = [q["question_id"] for q in build.m7.questions() if q["question_id"] not in build.m7.EXCLUDED]
    random.Random(44).shuffle(pool)  # round 7's shuffle (seed 37 + 7): round 7 drew 0..104, this round 105..209
    assert [it["item"] for it in build.m7.drawn()] == pool[:105]
    assert [it["item"] for it in build.drawn()] == pool[105:210]
    assert all(test[r["question_id"]]["question"] == r["question"] for r in rows)
    round7 = {r["question_id"] for r in _lines(FIXTURES / "model_math_round7.jsonl")}
    assert not {r["question_id"] for r in rows} & round7
    earlier = set(re.findall(r"gsm8k-test-\d{4}", (FIXTURES / "model_math_styles.jsonl").read_text(encoding="utf-8")))
    assert len(earlier) > 700 and not {r["question_id"] for r in rows} & earlier  # rounds 1-6's bundled questions
    texts = {" ".join(e["question"].split()).lower() for e in _lines(FIXTURES / "model_math_styles.questions-r6.jsonl")}
    texts |= {" ".join(e["question"].split()).lower() for e in _lines(FIXTURES / "generated_format_rows.jsonl")}
    texts |= {" ".join(e["question"].split()).lower() for e in _lines(FIXTURES / "model_math_round7.jsonl")}
    assert not {" ".join(r["question"].split()).lower() for r in rows} & texts


def test_the_cards_counts_are_the_labels_as_read(build):
    check_math_card_counts(build, CORPUS, CARD.read_text(encoding="utf-8"))


def test_the_round_is_read_once_and_in_the_measurers_all_since():
    check_read_once("heldout-m8", CORPUS, CARD, "2026-12-07, stop 53, at d273bd9")


def test_sympy_and_math_verify_keep_their_single_read():
    """Its single read (card): `sympy` and `math-verify` 0.948 each, with 3 and 4 false "equal" of 156 (three
    replies that name another number first and end on the gold, read as conflicting; `math-verify` also a
    "respectively" pair)."""
    check_math_read(_lines(CORPUS), {"sympy": (0.947, 3), "math-verify": (0.947, 4)})
