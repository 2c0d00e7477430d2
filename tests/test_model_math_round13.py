"""Math round 13 of issue 37 (tests/fixtures/model_math_round13.jsonl): the same small local models as rounds 7-12
solved 70 official MMLU TEST math questions (not bundled) asked without their options, in seven new output formats,
every reply labelled by reading (card): rebuilt byte for byte from the committed replies and labels, each (question,
model) pairing and prompt kind as designed, the frozen questions as the design draws them from the shared file (when
it is there), the card's counts as read; read once at stop 56, whose figures `sympy` and `math-verify`
keep."""
from __future__ import annotations

import re

import pytest

from .math_round_checks import FIXTURES, check_pairings, check_read_once, check_rotation, round_paths
from .mmlu_math_checks import (check_card_says_what_each_judge_trained_on, check_draw_from_shared_file,
                               check_frozen_questions, check_no_other_file_holds, check_subject_counts)
from .script_modules import load_script
from .test_model_math_round7 import check_math_card_counts, check_math_read, check_math_rebuilt
from .test_model_openqa_round6 import _lines

CORPUS, CARD = round_paths(13)
QUESTIONS = FIXTURES / "model_math_round13.questions.jsonl"
KINDS = ("exam-solution", "poem", "equation-chain", "common-mistake", "flashcard", "bold-answer", "other-language")


@pytest.fixture(scope="module")
def build():
    return load_script("build_model_math_round13")


def test_every_reply_is_a_labelled_row_rebuilt_byte_for_byte(build, tmp_path):
    assert (build.TAG, build.SPLIT) == ("m13", "heldout-m13")
    rows = check_math_rebuilt(build, CORPUS, tmp_path)
    assert all(r["family"] == f"model13-{r['kind']}" and r["task_type"] == "math" for r in rows)
    assert all(r["source"] == "mmlu" and re.fullmatch(r"mmlu-[a-z_]+-test-\d+", r["question_id"]) for r in rows)
    assert all(r["origin"] == f"{r['model']} reply, on its own, to mmlu {r['question_id']} (official test split, "
                              "not bundled), labelled by reading" for r in rows)


def test_each_question_and_model_pairing_and_prompt_is_as_designed(build):
    drawn = check_pairings(build, CORPUS, KINDS, ("Greek", "Thai", "Czech"))
    assert len(drawn) == 70
    check_rotation(build)
    assert "'Answer: ...'" in build.PROMPTS["exam-solution"] and "in bold" in build.PROMPTS["bold-answer"]
    assert "'Q:'" in build.PROMPTS["flashcard"] and "'A:'" in build.PROMPTS["flashcard"]
    old = {k for n in range(7, 13) for k in load_script(f"build_model_math_round{n}").KINDS}
    assert set(KINDS) & old == {"other-language"}


def test_the_frozen_questions_pass_round_12s_filter_and_feed_the_draw(build):
    check_frozen_questions(build, QUESTIONS)


def test_the_draw_rebuilds_from_the_shared_mmlu_test_file(build):
    dropped = {"filter": 569, "text": 27, "duplicate": 6}
    check_draw_from_shared_file(build, build.shared_rows, QUESTIONS, 462, dropped, 50)  # seed 37 + 13


def test_no_other_fixture_or_bundled_set_holds_these_questions():
    check_no_other_file_holds(QUESTIONS, "model_math_round13")


def test_the_card_says_what_each_judge_trained_on():
    check_card_says_what_each_judge_trained_on(CARD)


def test_the_cards_counts_are_the_labels_as_read(build):
    card = CARD.read_text(encoding="utf-8")
    check_math_card_counts(build, CORPUS, card)
    check_subject_counts(build, CORPUS, card, QUESTIONS)


def test_the_round_is_read_once_and_in_the_measurers_all_since():
    check_read_once("heldout-m13", CORPUS, CARD, "2026-12-07, stop 56, at 50c2018")


def test_sympy_and_math_verify_keep_their_single_read():
    """Its single read (card): `sympy` 0.957 with 2 false "equal" of 106, `math-verify` 0.936 with 4."""
    check_math_read(_lines(CORPUS), {"sympy": (0.957, 2), "math-verify": (0.935, 4)})
