"""Math round 9 of issue 37 (tests/fixtures/model_math_round9.jsonl): the same small local models as rounds 7-8
solved the last 54 GSM8K TEST questions of round 7's pool on their own in six new output formats, every reply
labelled by reading (card): rebuilt byte for byte from the committed replies and labels, each (question, model)
pairing and prompt kind as designed, on test questions of no earlier math round, the card's counts as read; read once
at stop 54, whose figures `sympy` and `math-verify` keep."""
from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

from .script_modules import load_script
from .test_model_math_round7 import check_math_card_counts, check_math_read, check_math_rebuilt
from .test_model_openqa_round6 import _lines

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
CORPUS = FIXTURES / "model_math_round9.jsonl"
CARD = FIXTURES / "model_math_round9.md"


@pytest.fixture(scope="module")
def build():
    return load_script("build_model_math_round9")


def test_every_reply_is_a_labelled_row_rebuilt_byte_for_byte(build, tmp_path):
    assert (build.TAG, build.SPLIT) == ("m9", "heldout-m9")
    rows = check_math_rebuilt(build, CORPUS, tmp_path)
    assert all(r["family"] == f"model9-{r['kind']}" and r["task_type"] == "math" for r in rows)


def test_each_question_and_model_pairing_and_prompt_is_as_designed(build):
    rows, replies = _lines(CORPUS), _lines(build.REPLIES)
    drawn = {it["item"]: it for it in build.drawn()}
    assert len(drawn) == build.N_QUESTIONS == 54 and not set(drawn) & set(build.EXCLUDED)
    assert build.KINDS == ("latex", "words", "email", "bullets", "csv", "other-language")
    assert build.LANGUAGES == ("Russian", "Japanese", "Dutch")
    pairs = Counter((r["model"], r["question_id"]) for r in rows)
    assert set(pairs.values()) == {1} and {q for _, q in pairs} <= set(drawn)
    assert {m for m, _ in pairs} <= set(build.MODELS) == {"qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b"}
    for row, rep in zip(rows, replies):
        it = drawn[row["question_id"]]
        assert (row["question"], row["references"]) == (it["question"], it["references"])
        assert row["kind"] == row["prompt_style"] == rep["prompt"] == build.prompt_kind(it, row["model"])
        assert row["language"] == rep["language"] == build.language_of(it, row["model"])
        assert (row["language"] is None) == (row["kind"] != "other-language")
        assert (rep["temperature"], rep["seed"], rep["max_tokens"]) == (0.0, 37, 384)
    for model in {r["model"] for r in rows}:  # each model answered a prefix of the draw (the time cap cuts the end)
        ks = sorted(drawn[r["question_id"]]["k"] for r in rows if r["model"] == model)
        assert ks == list(range(len(ks)))
    for item in drawn.values():  # each question gets a different kind from each model
        assert len({build.prompt_kind(item, m) for m in build.MODELS}) == 2


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
    measure = load_script("measure_model_math_styles")
    assert "heldout-m9" not in measure.UNREAD
    assert len(measure.select("all", CORPUS)) == len(measure.select("heldout-m9", CORPUS)) == len(_lines(CORPUS))
    card = CARD.read_text(encoding="utf-8")
    assert "## The single read (2026-12-07, stop 54, at 94bdc4a; read once)" in card and "--split heldout-m9" in card


def test_sympy_and_math_verify_keep_their_single_read():
    """Its single read (card): `sympy` 0.982 and `math-verify` 0.972, one false "equal" of 86 each (a reply that
    says "$15 less", read as -15 against the gold 15)."""
    check_math_read(_lines(CORPUS), {"sympy": (0.981, 1), "math-verify": (0.972, 1)})
