"""Open-QA round 10 of issue 37 (tests/fixtures/model_openqa_round10.jsonl): round 9's design on the next 150 NQ
TEST questions (draw positions 450-599), every reply labelled by reading (card). FROZEN AND UNREAD: the corpus only
is checked here (rebuilt byte for byte from the committed replies and labels, on test questions of no train or dev
split and of no earlier round, 1-9); no judge runs on these rows until a later session reads them once."""
from __future__ import annotations

from pathlib import Path

from .script_modules import load_script
from .test_model_openqa_round6 import _lines
from .test_model_openqa_round7 import check_card_counts, check_test_questions
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
    frozen = "Frozen, unread: no judge has run on these rows; a later session reads it once."
    assert card.startswith("# ") and card.splitlines()[2] == frozen
    check_card_counts("build_model_openqa_round10", CORPUS, card)
