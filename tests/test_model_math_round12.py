"""Math round 12 of issue 37 (tests/fixtures/model_math_round12.jsonl): the same small local models as rounds 7-11
solved the last 28 bundled GSM8K questions and 42 bundled MMLU math questions asked without their options, in seven
new output formats, every reply labelled by reading (card): rebuilt byte for byte from the committed replies and
labels, each (question, model) pairing and prompt kind as designed, the questions as the design draws them, the
card's counts as read; read once at stop 56, whose figures `sympy` and `math-verify` keep."""
from __future__ import annotations

import json
import random
import re
from fractions import Fraction

import numpy as np
import pytest

from .math_round_checks import FIXTURES, check_pairings, check_read_once, check_rotation, round_paths
from .script_modules import load_script
from .test_model_math_round7 import check_math_card_counts, check_math_read, check_math_rebuilt
from .test_model_openqa_round6 import _lines

CORPUS, CARD = round_paths(12)
STACKED = FIXTURES.parent.parent / "judges" / "learned" / "models"
KINDS = ("final-answer-line", "formal-proof", "json-steps", "letter", "hint-first", "rephrase-first", "other-language")


@pytest.fixture(scope="module")
def build():
    return load_script("build_model_math_round12")


def _others() -> list:
    """Every tests/fixtures file but this round's own."""
    return [p for p in sorted(FIXTURES.rglob("*")) if p.is_file() and not p.name.startswith("model_math_round12")]


def test_every_reply_is_a_labelled_row_rebuilt_byte_for_byte(build, tmp_path):
    assert (build.TAG, build.SPLIT) == ("m12", "heldout-m12")
    rows = check_math_rebuilt(build, CORPUS, tmp_path)
    drawn = {it["item"]: it for it in build.drawn()}
    assert all(r["family"] == f"model12-{r['kind']}" and r["task_type"] == "math" for r in rows)
    for r in rows:
        it = drawn[r["question_id"]]
        assert r["source"] == it["source"] == ("mmlu" if r["question_id"].startswith("mmlu-")
                                               else "gsm8k-openai-solutions")
        assert r["origin"].endswith(f"{r['source']} {r['question_id']} ({it['data_split']}), labelled by reading")


def test_each_question_and_model_pairing_and_prompt_is_as_designed(build):
    drawn = check_pairings(build, CORPUS, KINDS, ("Swedish", "Indonesian", "Hebrew"))
    assert len(drawn) == 70
    check_rotation(build)
    assert "'Final answer: <answer>'" in build.PROMPTS["final-answer-line"]
    assert "'final_answer'" in build.PROMPTS["json-steps"] and "'Therefore, ...'" in build.PROMPTS["formal-proof"]


def test_the_gsm8k_questions_are_the_28_no_other_fixture_names(build):
    splits = {s: {q["question_id"]: q for q in build.m7.questions(s)} for s in ("train", "dev", "test")}
    frozen = {i for name in build.ID_FILES for i in re.findall(r"gsm8k-test-\d{4}", (FIXTURES / name).read_text(
        encoding="utf-8"))}  # the files that named a gsm8k id at the design commit
    left = {i: s for s, qs in splits.items() for i in qs if i not in frozen}
    assert len(left) == 28 and sorted(left.values()).count("train") == 19
    gsm8k = [it for it in build.drawn() if it["source"] == "gsm8k-openai-solutions"]
    assert {it["question_id"]: it["data_split"] for it in gsm8k} == left
    assert all(it["question"] == splits[it["data_split"]][it["question_id"]]["question"] for it in gsm8k)
    named = set()  # any id named by any other fixture, later rounds' included
    for path in _others():
        try:
            named |= set(re.findall(r"gsm8k-test-\d{4}", path.read_text(encoding="utf-8")))
        except UnicodeDecodeError:
            continue
    assert not set(left) & named
    norm = lambda text: " ".join(text.split()).lower()  # noqa: E731
    texts = {norm(e["question"]) for p in _others() if p.suffix == ".jsonl" for e in _lines(p)
             if isinstance(e.get("question"), str)}
    assert not {norm(it["question"]) for it in gsm8k} & texts


def test_the_mmlu_questions_pass_the_designs_filter_and_are_drawn_as_designed(build):
    from judgesuite.suite.data.mcqa import load_items

    items = {it.id: (split, it) for split in ("test", "clf_train", "clf_val") for it in load_items("mmlu", split)}
    mmlu = [it for it in build.drawn() if it["source"] == "mmlu"]
    passed = build.mmlu_pool()
    assert (len(mmlu), len(passed)) == (42, 43)
    for it in mmlu:
        split, item = items[it["question_id"]]
        assert it["data_split"] == split and it["question"] == item.question and item.meta["subject"] in build.SUBJECTS
        assert it["references"] == [item.choices[item.answer_index]]
        q = item.question.lower()
        assert "_" not in q and not any(re.search(rf"\b{w}\b", q) for w in ("following", "not", "true", "statement"))
        assert build.value_key(it["references"][0]) is not None
    ids = sorted(q["question_id"] for q in passed)
    random.Random(49).shuffle(ids)  # seed 37 + 12
    assert sorted(it["question_id"] for it in mmlu) == sorted(ids[:42])
    every = sorted(it["question_id"] for it in build.drawn())
    random.Random(49).shuffle(every)
    assert [it["question_id"] for it in build.drawn()] == every


def test_the_filters_value_reading_on_bundled_options(build):
    """Options as the bundled MMLU rows write them: values, and what is not one."""
    assert build.value_key("$238.00 ") == Fraction(238) and build.value_key("61%") == Fraction(61, 100)
    assert build.value_key("1.7 g") == Fraction(17, 10) and build.value_key("4 times") == 4
    assert build.value_key("10/e") == "10/e" and build.value_key("\\frac{\\sqrt{3}}{3}") == "\\frac{\\sqrt{3}}{3}"
    assert build.value_key("None of the above") is None and build.value_key("True, False") is None
    assert build.value_key("5 and 6") is None


def check_stacked_saw_no_mcqa(bundled_set: str) -> None:
    """`stacked` fit its forest on the bundled sets' train splits (`bundled_set` among them) and no MCQA question."""
    training = next(line for line in (STACKED / "stacked.md").read_text(encoding="utf-8").splitlines()
                    if line.startswith("- **Training data**"))
    assert f'"{bundled_set}": ' in training and "mmlu\"" not in training
    with np.load(STACKED / "stacked.npz", allow_pickle=False) as z:
        meta = json.loads(next(bytes(z[k]).decode() if z[k].dtype == np.uint8 else str(z[k])
                               for k in z.files if "meta" in k))
    assert meta["training_data"]["synthetic"]["mcqa_per_benchmark"] == 0


def test_the_card_says_what_each_judge_trained_on(build):
    check_stacked_saw_no_mcqa("gsm8k-openai-solutions")
    card = CARD.read_text(encoding="utf-8")
    assert "in source by question" in card and "never trained" in card and "no MMLU row" in card


def test_the_cards_counts_are_the_labels_as_read(build):
    card = CARD.read_text(encoding="utf-8")
    check_math_card_counts(build, CORPUS, card)
    rows = _lines(CORPUS)
    for name in [m for m in build.MODELS if any(r["model"] == m for r in rows)] + ["all"]:
        mine = [r for r in rows if name in ("all", r["model"])]
        cells = " | ".join(f"{sum(r['label'] for r in mine if r['source'] == src)} / "
                           f"{sum(r['source'] == src for r in mine)}" for src in ("gsm8k-openai-solutions", "mmlu"))
        assert f"| {name} | {cells} |" in card, name


def test_the_round_is_read_once_and_in_the_measurers_all_since():
    check_read_once("heldout-m12", CORPUS, CARD, "2026-12-07, stop 56, at 09e8a43")


def test_sympy_and_math_verify_keep_their_single_read():
    """Its single read (card): `sympy` 0.971 and `math-verify` 0.964, neither with a false "equal" of 109."""
    check_math_read(_lines(CORPUS), {"sympy": (0.971, 0), "math-verify": (0.964, 0)})
