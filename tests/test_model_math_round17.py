"""Math round 17 of issue 37 (tests/fixtures/model_math_round17.jsonl): the same small local models as rounds 7-16
solved 70 more official MMLU TEST math questions (not bundled) asked without their options, in seven new output
formats, every reply labelled by reading (card): rebuilt byte for byte from the committed replies and labels, each
(question, model) pairing and prompt kind as designed, the frozen questions as the design draws them from the shared
file (when it is there), the card's counts as read. Built frozen and unread, read once at stop 60 (card); the
judges' figures of that read are kept here."""
from __future__ import annotations

import pytest

from .math_round_checks import FIXTURES, check_read_once, round_paths
from .mmlu_math_checks import (check_card_says_what_each_judge_trained_on, check_draw_from_shared_file,
                               check_frozen_questions, check_new_design, check_no_other_file_holds, check_official_rows,
                               check_subject_counts, questions)
from .script_modules import load_script
from .test_model_math_round7 import check_math_card_counts, check_math_read
from .test_model_openqa_round6 import _lines

CORPUS, CARD = round_paths(17)
QUESTIONS = FIXTURES / "model_math_round17.questions.jsonl"
KINDS = ("git-commit", "sql-result", "lab-notebook", "receipt", "telegram", "log-lines", "other-language")


@pytest.fixture(scope="module")
def build():
    return load_script("build_model_math_round17")


def test_every_reply_is_a_labelled_row_rebuilt_byte_for_byte(build, tmp_path):
    check_official_rows(build, CORPUS, 17, tmp_path)


def test_each_question_and_model_pairing_and_prompt_is_as_designed(build):
    check_new_design(build, CORPUS, 17, KINDS, ("Catalan", "Slovak", "Tagalog"))
    assert "git commit message" in build.PROMPTS["git-commit"] and "SQL" in build.PROMPTS["sql-result"]
    assert "'Result:'" in build.PROMPTS["lab-notebook"] and "'TOTAL'" in build.PROMPTS["receipt"]
    assert "STOP" in build.PROMPTS["telegram"] and "result=<answer>" in build.PROMPTS["log-lines"]


def test_the_frozen_questions_pass_round_12s_filter_and_feed_the_draw(build):
    qs = check_frozen_questions(build, QUESTIONS)
    assert not {q["question_id"] for q in qs} & {q["question_id"] for n in (13, 14, 15, 16) for q in questions(
        FIXTURES / f"model_math_round{n}.questions.jsonl")}


def test_the_draw_rebuilds_from_the_shared_mmlu_test_file(build):
    dropped = {"filter": 569, "id": 280, "text": 31, "duplicate": 2}
    check_draw_from_shared_file(build, build.m13.shared_rows, QUESTIONS, 182, dropped, 54)  # seed 37 + 17


def test_no_other_fixture_or_bundled_set_holds_these_questions():
    check_no_other_file_holds(QUESTIONS, "model_math_round17")


def test_the_card_says_what_each_judge_trained_on():
    check_card_says_what_each_judge_trained_on(CARD)


def test_the_cards_counts_are_the_labels_as_read(build):
    card = CARD.read_text(encoding="utf-8")
    check_math_card_counts(build, CORPUS, card)
    check_subject_counts(build, CORPUS, card, QUESTIONS)


def test_the_round_was_read_once_after_its_plan():
    check_read_once("heldout-m17", CORPUS, CARD, "2026-12-07, stop 60, at 2ba6e8a")
    assert 17 in load_script("sympy_row_guard").ROUNDS
    card = CARD.read_text(encoding="utf-8")
    assert card.index("## The single read: plan (written before it)") < card.index("## The single read (2026")


def test_sympy_and_math_verify_keep_their_single_read():
    """Its single read (card): `sympy` 0.943 with no false "equal" of 108, `math-verify` 0.943 with 2."""
    check_math_read(_lines(CORPUS), {"sympy": (0.942, 0), "math-verify": (0.942, 2)})
