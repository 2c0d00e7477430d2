"""Math round 11 of issue 37 (tests/fixtures/model_math_round11.jsonl): the same small local models as rounds 7-10
solved 70 GSM8K questions of the bundled set's TRAIN split on their own in seven new output formats, every reply
labelled by reading (card): rebuilt byte for byte from the committed replies and labels, each (question, model)
pairing and prompt kind as designed, on train questions no other fixture names, the card's counts as read; read once
at stop 55, whose figures `sympy` and `math-verify` keep."""
from __future__ import annotations

import random
import re

import pytest

from .math_round_checks import FIXTURES, check_pairings, check_read_once, check_rotation, round_paths
from .script_modules import load_script
from .test_model_math_round7 import check_math_card_counts, check_math_rebuilt, check_math_read
from .test_model_openqa_round6 import _lines

CORPUS, CARD = round_paths(11)
STACKED_CARD = FIXTURES.parent.parent / "judges" / "learned" / "models" / "stacked.md"


@pytest.fixture(scope="module")
def build():
    return load_script("build_model_math_round11")


def _others() -> list:
    """Every tests/fixtures file but this round's own."""
    return [p for p in sorted(FIXTURES.rglob("*")) if p.is_file() and not p.name.startswith("model_math_round11")]


def test_every_reply_is_a_labelled_row_rebuilt_byte_for_byte(build, tmp_path):
    assert (build.TAG, build.SPLIT, build.DATA_SPLIT) == ("m11", "heldout-m11", "train")
    rows = check_math_rebuilt(build, CORPUS, tmp_path)
    assert all(r["family"] == f"model11-{r['kind']}" and r["task_type"] == "math" for r in rows)
    assert all(r["origin"].endswith(f"{r['question_id']} (train), labelled by reading") for r in rows)


def test_each_question_and_model_pairing_and_prompt_is_as_designed(build):
    drawn = check_pairings(build, CORPUS, ("gsm8k-hash", "html", "socratic", "verify", "explain-child",
                                           "sci-notation", "other-language"), ("Arabic", "Hindi", "Vietnamese"))
    assert len(drawn) == 70
    check_rotation(build)
    assert "'#### <number>'" in build.PROMPTS["gsm8k-hash"] and "scientific notation" in build.PROMPTS["sci-notation"]


def test_questions_are_70_train_questions_no_other_fixture_names(build):
    rows = _lines(CORPUS)
    train = {q["question_id"]: q for q in build.m7.questions("train")}
    other = {q["question_id"] for split in ("dev", "test") for q in build.m7.questions(split)}
    assert len(train) == 786 and not set(train) & other
    frozen = {i for name in build.ID_FILES for i in re.findall(r"gsm8k-test-\d{4}", (FIXTURES / name).read_text(
        encoding="utf-8"))}  # the files that named a gsm8k id at the design commit
    pool = sorted(set(train) - frozen)
    assert len(pool) == 89
    random.Random(48).shuffle(pool)  # seed 37 + 11
    drawn = [it["item"] for it in build.drawn()]
    assert drawn == pool[:70]
    named = set()  # any id named by any other fixture, later rounds' included
    for path in _others():
        try:
            named |= set(re.findall(r"gsm8k-test-\d{4}", path.read_text(encoding="utf-8")))
        except UnicodeDecodeError:
            continue
    assert not set(drawn) & named and all(train[r["question_id"]]["question"] == r["question"] for r in rows)
    norm = lambda text: " ".join(text.split()).lower()  # noqa: E731
    texts = {norm(e["question"]) for p in _others() if p.suffix == ".jsonl" for e in _lines(p)
             if isinstance(e.get("question"), str)}
    texts |= {norm(q["question"]) for split in ("train", "dev", "test") for q in build.m7.questions(split)
              if q["question_id"] in named}
    assert not {norm(it["question"]) for it in build.drawn()} & texts


def test_the_card_says_stacked_trained_on_these_questions(build):
    """`stacked` fit its forest on the bundled sets' train splits, gsm8k's among them: in source by question."""
    training = next(line for line in STACKED_CARD.read_text(encoding="utf-8").splitlines()
                    if line.startswith("- **Training data**"))
    assert '"gsm8k-openai-solutions": ' in training and "train split" in training
    card = CARD.read_text(encoding="utf-8")
    assert "in source by question" in card and "never trained on any split" in card


def test_the_cards_counts_are_the_labels_as_read(build):
    check_math_card_counts(build, CORPUS, CARD.read_text(encoding="utf-8"))


def test_the_round_is_read_once_and_in_the_measurers_all_since():
    check_read_once("heldout-m11", CORPUS, CARD, "2026-12-07, stop 55, at d8f50d8")


def test_sympy_and_math_verify_keep_their_single_read():
    """Its single read (card): `sympy` 0.957 with one false "equal" of 90 (an Arabic loop read as the gold),
    `math-verify` 0.950 with two."""
    check_math_read(_lines(CORPUS), {"sympy": (0.957, 1), "math-verify": (0.95, 2)})
