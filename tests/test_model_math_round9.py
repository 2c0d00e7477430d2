"""Math round 9 of issue 37 (tests/fixtures/model_math_round9.jsonl): the same small local models as rounds 7-8
solved the last 54 GSM8K TEST questions of round 7's pool on their own in six new output formats, every reply
labelled by reading (card): rebuilt byte for byte from the committed replies and labels, each (question, model)
pairing and prompt kind as designed, on test questions of no earlier math round, the card's counts as read; read once
at stop 54, whose figures `sympy` and `math-verify` keep."""
from __future__ import annotations

import random
import re

import pytest

from .math_round_checks import FIXTURES, check_pairings, check_read_once, check_rotation, round_paths
from .script_modules import load_script
from .test_model_math_round7 import check_math_card_counts, check_math_read, check_math_rebuilt
from .test_model_openqa_round6 import _lines

CORPUS, CARD = round_paths(9)


@pytest.fixture(scope="module")
def build():
    return load_script("build_model_math_round9")


def test_every_reply_is_a_labelled_row_rebuilt_byte_for_byte(build, tmp_path):
    assert (build.TAG, build.SPLIT) == ("m9", "heldout-m9")
    rows = check_math_rebuilt(build, CORPUS, tmp_path)
    assert all(r["family"] == f"model9-{r['kind']}" and r["task_type"] == "math" for r in rows)


def test_each_question_and_model_pairing_and_prompt_is_as_designed(build):
    drawn = check_pairings(build, CORPUS, ("latex", "words", "email", "bullets", "csv", "other-language"),
                           ("Russian", "Japanese", "Dutch"))
    assert len(drawn) == 54 and not set(drawn) & set(build.EXCLUDED)
    check_rotation(build)


def test_questions_are_the_54_after_rounds_7_and_8_and_of_no_earlier_math_round(build):
    rows = _lines(CORPUS)
    test = {q["question_id"]: q for q in build.m7.questions()}
    pool = [q["question_id"] for q in build.m7.questions() if q["question_id"] not in build.m7.EXCLUDED]
    random.Random(44).shuffle(pool)  # round 7's shuffle (seed 37 + 7): rounds 7-8 drew 0..209, this round 210..263
    assert len(pool) == 265 and [it["item"] for it in build.m8.drawn()] == pool[105:210]
    assert [it["item"] for it in build.drawn()] == pool[210:264]
    assert all(test[r["question_id"]]["question"] == r["question"] for r in rows)
    for earlier_round in ("model_math_round7.jsonl", "model_math_round8.jsonl"):
        assert not {r["question_id"] for r in rows} & {r["question_id"] for r in _lines(FIXTURES / earlier_round)}
    earlier = set(re.findall(r"gsm8k-test-\d{4}", (FIXTURES / "model_math_styles.jsonl").read_text(encoding="utf-8")))
    assert len(earlier) > 700 and not {r["question_id"] for r in rows} & earlier  # rounds 1-6's bundled questions
    texts = {" ".join(e["question"].split()).lower() for name in ("model_math_styles.questions-r6.jsonl",
             "generated_format_rows.jsonl", "model_math_round7.jsonl", "model_math_round8.jsonl")
             for e in _lines(FIXTURES / name)}
    assert not {" ".join(r["question"].split()).lower() for r in rows} & texts


def test_the_cards_counts_are_the_labels_as_read(build):
    check_math_card_counts(build, CORPUS, CARD.read_text(encoding="utf-8"))


def test_the_round_is_read_once_and_in_the_measurers_all_since():
    check_read_once("heldout-m9", CORPUS, CARD, "2026-12-07, stop 54, at 94bdc4a")


def test_sympy_and_math_verify_keep_their_single_read():
    """Its single read (card): `sympy` 0.982 and `math-verify` 0.972, one false "equal" of 86 each (a reply that
    says "$15 less", read as -15 against the gold 15)."""
    check_math_read(_lines(CORPUS), {"sympy": (0.981, 1), "math-verify": (0.972, 1)})
