"""Open-QA round 10 of issue 37 (tests/fixtures/model_openqa_round10.jsonl): round 9's design on the next 150 NQ
TEST questions (draw positions 450-599), every reply labelled by reading (card): rebuilt byte for byte from the
committed replies and labels, on test questions of no train or dev split and of no earlier round (1-9); read once at
stop 54 by the judges as shipped at stop 52, whose figures the cheap judges keep."""
from __future__ import annotations

from pathlib import Path

from .script_modules import load_script
from .test_model_openqa_round6 import _lines
from .test_model_openqa_round7 import check_card_counts, check_test_questions, cheap_read
from .test_model_openqa_round8 import check_round

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
CORPUS = FIXTURES / "model_openqa_round10.jsonl"
EARLIER = ("model_openqa_styles", "model_openqa_markup", "model_openqa_committed", "model_openqa_committed2",
           "model_openqa_round5", "model_openqa_round6", "model_openqa_round7", "model_openqa_round8",
           "model_openqa_round9")


def test_every_reply_is_a_labelled_row_in_every_prompt_kind_and_language(tmp_path):
    check_round("build_model_openqa_round10", CORPUS, "heldout-oqa-round10", "oqa10", tmp_path)


def test_questions_are_the_next_test_nq_of_no_train_or_dev_split_and_no_earlier_round():
    b, rows = load_script("build_model_openqa_round10"), _lines(CORPUS)
    r7, r8, r9 = (load_script(f"build_model_openqa_round{n}") for n in (7, 8, 9))
    drawn = b.drawn()
    assert len(drawn) == b.N_QUESTIONS == 150 and all(it["data_split"] == "test" for it in drawn)
    assert [it["k"] for it in drawn] == list(range(450, 600))
    pool = load_script("build_model_openqa_styles").drawn_pool(37, ("test",))
    assert [it["item"] for it in r7.drawn() + r8.drawn() + r9.drawn() + drawn] == [q["question_id"]
                                                                                   for q in pool[:600]]
    check_test_questions(rows, EARLIER)
    assert not {r["question"] for r in rows} & {q for q, _ in r7.r6.few_shot_pairs()}


def test_the_cards_counts_are_the_labels_as_read():
    card = (FIXTURES / "model_openqa_round10.md").read_text(encoding="utf-8")
    assert "## The single read (2026-12-07, stop 54, at 867e9a5; read once)" in card
    check_card_counts("build_model_openqa_round10", CORPUS, card)


def test_the_cheap_judges_keep_their_single_read():
    """Its single read (card): `contains` 0.968 with 4 false "correct" of 561, the most accurate judge for the fourth
    round running; `stacked` 0.948 with 24, over-rating gemma by 4.0 points (tau-b 0.71); `token-f1` 0.865 with 75."""
    accuracy, false_correct, gap, tau = cheap_read(_lines(CORPUS))
    assert accuracy["contains"] >= 0.965 and false_correct["contains"] <= 4
    assert accuracy["contains"] > accuracy["stacked"] >= 0.945 and accuracy["stacked"] >= accuracy["token-f1"] + 0.05
    assert false_correct["stacked"] <= 25 and false_correct["stacked"] * 2 <= false_correct["token-f1"]
    assert gap <= 0.045 and tau >= 0.7
