"""Math round 10 of issue 37 (tests/fixtures/model_math_round10.jsonl): the same small local models as rounds 7-9
solved 70 GSM8K questions of the bundled set's DEV split on their own in seven new output formats, every reply
labelled by reading (card): rebuilt byte for byte from the committed replies and labels, each (question, model)
pairing and prompt kind as designed, on dev questions of no earlier math round, the card's counts as read; read once
at stop 54, whose figures `sympy` and `math-verify` keep."""
from __future__ import annotations

import random
import re

import pytest

from .math_round_checks import FIXTURES, check_pairings, check_read_once, check_rotation, round_paths
from .script_modules import load_script
from .test_model_math_round7 import check_math_card_counts, check_math_read, check_math_rebuilt
from .test_model_openqa_round6 import _lines

CORPUS, CARD = round_paths(10)


@pytest.fixture(scope="module")
def build():
    return load_script("build_model_math_round10")


def test_every_reply_is_a_labelled_row_rebuilt_byte_for_byte(build, tmp_path):
    assert (build.TAG, build.SPLIT, build.DATA_SPLIT) == ("m10", "heldout-m10", "dev")
    rows = check_math_rebuilt(build, CORPUS, tmp_path)
    assert all(r["family"] == f"model10-{r['kind']}" and r["task_type"] == "math" for r in rows)
    assert all(r["origin"].endswith(f"{r['question_id']} (dev), labelled by reading") for r in rows)


def test_each_question_and_model_pairing_and_prompt_is_as_designed(build):
    drawn = check_pairings(build, CORPUS, ("xml", "tweet", "two-methods", "estimate-first", "dialogue",
                                           "markdown-answer", "other-language"),
                           ("Korean", "Turkish", "Polish"))
    assert len(drawn) == 70
    check_rotation(build)


def test_questions_are_70_dev_questions_of_no_earlier_math_round(build):
    rows = _lines(CORPUS)
    dev = {q["question_id"]: q for q in build.m7.questions("dev")}
    other = {q["question_id"] for split in ("train", "test") for q in build.m7.questions(split)}
    assert len(dev) == 267 and not set(dev) & other  # the loader splits by question
    earlier = set()
    for name in ("model_math_styles.jsonl", "model_math_round7.jsonl", "model_math_round8.jsonl",
                 "model_math_round9.jsonl", "generated_format_rows.jsonl"):
        earlier |= set(re.findall(r"gsm8k-test-\d{4}", (FIXTURES / name).read_text(encoding="utf-8")))
    pool = sorted(set(dev) - earlier)
    assert len(pool) == 89
    random.Random(47).shuffle(pool)  # seed 37 + 10
    assert [it["item"] for it in build.drawn()] == pool[:70]
    prompted = set()  # rounds 1-5 prompted on these too, but kept no reply of them (card)
    for name in ("model_math_styles.replies.jsonl", "model_math_styles.replies-r3.jsonl",
                 "model_math_styles.replies-r4.jsonl", "model_math_styles.replies-r5.jsonl"):
        prompted |= set(re.findall(r"gsm8k-test-\d{4}", (FIXTURES / name).read_text(encoding="utf-8")))
    assert len(set(pool[:70]) & prompted) == 48
    assert all(dev[r["question_id"]]["question"] == r["question"] for r in rows)
    norm = lambda text: " ".join(text.split()).lower()  # noqa: E731
    texts = {norm(e["question"]) for name in ("model_math_styles.questions-r6.jsonl", "generated_format_rows.jsonl",
             "model_math_round7.jsonl", "model_math_round8.jsonl", "model_math_round9.jsonl")
             for e in _lines(FIXTURES / name)}
    texts |= {norm(q["question"]) for split in ("train", "dev", "test") for q in build.m7.questions(split)
              if q["question_id"] in earlier}
    assert not {norm(r["question"]) for r in rows} & texts


def test_the_cards_counts_are_the_labels_as_read(build):
    check_math_card_counts(build, CORPUS, CARD.read_text(encoding="utf-8"))


def test_the_round_is_read_once_and_in_the_measurers_all_since():
    check_read_once("heldout-m10", CORPUS, CARD, "2026-12-07, stop 54, at 304b800")


def test_sympy_and_math_verify_keep_their_single_read():
    """Its single read (card): `sympy` 0.971 with one false "equal" of 105 (a cut-off reply's printed estimate),
    `math-verify` 0.979 with none."""
    check_math_read(_lines(CORPUS), {"sympy": (0.971, 1), "math-verify": (0.978, 0)})
