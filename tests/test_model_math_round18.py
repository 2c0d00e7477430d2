"""Math round 18 of issue 37 (tests/fixtures/model_math_round18.jsonl): the same small local models as rounds 7-17
solved 70 more official MMLU TEST math questions (not bundled) asked without their options, in seven new output
formats, every reply labelled by reading (card): rebuilt byte for byte from the committed replies and labels, each
(question, model) pairing and prompt kind as designed, the frozen questions as the design draws them from the shared
file (when it is there), the card's counts as read. Built frozen and unread, read once at stop 61 (card); the
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

CORPUS, CARD = round_paths(18)
QUESTIONS = FIXTURES / "model_math_round18.questions.jsonl"
KINDS = ("ascii-box", "ranked-candidates", "http-response", "subtitles", "unified-diff", "shell-session",
         "other-language")


@pytest.fixture(scope="module")
def build():
    return load_script("build_model_math_round18")


def test_every_reply_is_a_labelled_row_rebuilt_byte_for_byte(build, tmp_path):
    check_official_rows(build, CORPUS, 18, tmp_path)


def test_each_question_and_model_pairing_and_prompt_is_as_designed(build):
    check_new_design(build, CORPUS, 18, KINDS, ("Malay", "Urdu", "Serbian"))
    assert "ASCII art" in build.PROMPTS["ascii-box"] and "three candidate" in build.PROMPTS["ranked-candidates"]
    assert "HTTP response" in build.PROMPTS["http-response"] and "-->" in build.PROMPTS["subtitles"]
    assert "'answer = ?'" in build.PROMPTS["unified-diff"] and "'$ '" in build.PROMPTS["shell-session"]


def test_the_frozen_questions_pass_round_12s_filter_and_feed_the_draw(build):
    qs = check_frozen_questions(build, QUESTIONS)
    assert not {q["question_id"] for q in qs} & {q["question_id"] for n in (13, 14, 15, 16, 17) for q in questions(
        FIXTURES / f"model_math_round{n}.questions.jsonl")}


def test_the_draw_rebuilds_from_the_shared_mmlu_test_file(build):
    dropped = {"filter": 569, "id": 350, "text": 31, "duplicate": 2}
    check_draw_from_shared_file(build, build.m13.shared_rows, QUESTIONS, 112, dropped, 55)  # seed 37 + 18


def test_no_other_fixture_or_bundled_set_holds_these_questions():
    check_no_other_file_holds(QUESTIONS, "model_math_round18")


def test_the_card_says_what_each_judge_trained_on():
    check_card_says_what_each_judge_trained_on(CARD)


def test_the_cards_counts_are_the_labels_as_read(build):
    card = CARD.read_text(encoding="utf-8")
    check_math_card_counts(build, CORPUS, card)
    check_subject_counts(build, CORPUS, card, QUESTIONS)


def test_the_round_was_read_once_after_its_plan():
    check_read_once("heldout-m18", CORPUS, CARD, "2026-12-08, stop 61, at c0fd8ff")
    assert 18 in load_script("sympy_row_guard").ROUNDS
    card = CARD.read_text(encoding="utf-8")
    assert card.index("## The single read: plan (written before it)") < card.index("## The single read (2026")


def test_sympy_and_math_verify_keep_their_single_read():
    """Its single read (card): `sympy` 0.933 with 4 false "equal" of 112, `math-verify` 0.955 with 3."""
    check_math_read(_lines(CORPUS), {"sympy": (0.932, 4), "math-verify": (0.954, 3)})
