"""Open-QA round 14 of issue 37 (tests/fixtures/model_openqa_round14.jsonl): the official test questions of ARC,
OpenBookQA and MMLU asked without their options, in six new output formats, every reply labelled by reading (card):
rebuilt byte for byte from the committed replies, labels and frozen questions, on questions round 11's filter keeps
and no earlier round, bundled set or judge's training file holds. Read once (stop 57); the last test guards that
read's figures for the cheap judges."""
from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from .script_modules import load_script
from .test_model_openqa_round6 import _lines
from .test_model_openqa_round7 import cheap_read
from .test_model_openqa_round11 import check_mcqa_card_counts
from .test_model_openqa_round12 import check_few_shot, check_rebuilt

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
CORPUS = FIXTURES / "model_openqa_round14.jsonl"
CARD = FIXTURES / "model_openqa_round14.md"
QUESTIONS = FIXTURES / "model_openqa_round14.questions.jsonl"


@pytest.fixture(scope="module")
def build():
    return load_script("build_model_openqa_round14")


def test_every_reply_is_a_labelled_row_rebuilt_byte_for_byte(tmp_path):
    rows = check_rebuilt("build_model_openqa_round14", CORPUS, 14, tmp_path)
    assert {r["source"] for r in rows} == {"mcqa-arc_easy", "mcqa-arc_challenge", "mcqa-openbookqa", "mcqa-mmlu"}


def check_kinds_and_languages(build, corpus, earlier_rounds: tuple[int, ...]) -> None:
    """Each model answered 25 questions in each kind, every language for every model, and no kind or language an
    earlier round (`earlier_rounds`, with rounds 6's) asked for."""
    rows = _lines(corpus)
    assert Counter((r["model"], r["prompt_style"]) for r in rows) == {
        (m, k): 25 for m in build.MODELS for k in build.KINDS}
    languages = Counter((r["model"], r["language"]) for r in rows if r["prompt_style"] == "other-language")
    assert set(languages) == {(m, lang) for m in build.MODELS for lang in build.LANGUAGES}
    assert all(r["language"] is None for r in rows if r["prompt_style"] != "other-language")
    earlier_kinds, earlier_languages = {"short", "free", "few-shot"}, set()
    for n in earlier_rounds:
        b = load_script(f"build_model_openqa_round{n}")
        earlier_kinds |= set(b.KINDS)
        earlier_languages |= set(b.LANGUAGES)
    assert set(build.KINDS) & earlier_kinds == {"other-language"} and not set(build.LANGUAGES) & earlier_languages


def check_frozen_questions(build, questions, corpus, counts: dict | None = None) -> list[dict]:
    """150 official test questions (`counts` per benchmark, default 38 each, OpenBookQA 36) that round 11's filter
    keeps, in the order the build script draws them, each the source of the corpus' rows."""
    r11, qs = load_script("build_model_openqa_round11"), _lines(questions)
    assert len(qs) == 150 and Counter(q["benchmark"] for q in qs) == (counts or {
        "arc_easy": 38, "arc_challenge": 38, "mmlu": 38, "openbookqa": 36})
    assert all(r11.usable(q["question"], tuple(q["choices"]), q["answer_index"]) for q in qs)
    assert all(q["subject"] in r11.MMLU_SUBJECTS for q in qs if q["benchmark"] == "mmlu")
    assert all(q["question_id"] == f"{q['benchmark']}-{q['id']}" for q in qs)
    assert [(it["question_id"], it["k"], it["aliases"], it["question"], it["source"]) for it in build.drawn()] == [
        (q["question_id"], k, [q["choices"][q["answer_index"]].strip()], q["question"].rstrip()[:-1].rstrip(),
         f"mcqa-{q['benchmark']}") for k, q in enumerate(qs)]
    rows = _lines(corpus)
    assert all(r["origin"].endswith(f"to mcqa-{r['source'][5:]} {r['question_id']} (official test split, not "
                                    "bundled), labelled by reading") for r in rows)
    assert {r["question_id"] for r in rows} == {q["question_id"] for q in qs}
    return qs


def check_draw_from_shared_files(build, questions, ids: set, texts: set, pool_counts: dict, seed: int,
                                 cap: int = 38) -> None:
    """The frozen questions are the shared test files' rows round 11's filter keeps, less the ids and normalized
    texts given (`pool_counts` per benchmark), shuffled with `seed`, the first 150 with at most `cap` per benchmark;
    skipped where the shared files are not on this machine."""
    if not (build.SHARED / "mmlu" / "test.jsonl").exists():
        pytest.skip(f"the shared multiple-choice test files are not on this machine ({build.SHARED})")
    r11, qs = load_script("build_model_openqa_round11"), _lines(questions)
    shared = {f"{b}-{it.id}": it for b in build.BENCHMARKS for it in build.shared_items(b)}
    for q in qs:
        it = shared[q["question_id"]]
        assert (it.question, list(it.choices), it.answer_index) == (q["question"], q["choices"], q["answer_index"])
    pool = r11.pool(build.BENCHMARKS, build.shared_items, texts | build.bundled_mcqa_texts())
    pool = [it for it in pool if it["question_id"] not in ids]
    assert Counter(it["benchmark"] for it in pool) == pool_counts
    order = sorted(pool, key=lambda it: it["question_id"])
    random.Random(seed).shuffle(order)
    per, taken = Counter(), []
    for it in order:
        if len(taken) < 150 and per[it["benchmark"]] < cap:
            per[it["benchmark"]] += 1
            taken.append(it["question_id"])
    assert taken == [q["question_id"] for q in qs] and build.draw() == qs


def test_every_model_answered_in_every_new_prompt_kind_and_language(build):
    check_kinds_and_languages(build, CORPUS, (7, 12, 13))


def test_the_frozen_questions_pass_round_11s_filter_and_feed_the_draw(build):
    check_frozen_questions(build, QUESTIONS, CORPUS)


def test_no_earlier_round_bundled_set_or_training_file_holds_these_questions(build):
    """By id and normalized text: rounds 1-13, math round 13's questions, the bundled answer-correctness sets (every
    split), the model-written training rows and the bundled multiple-choice files (the encoder's synthetic source)."""
    r11, qs = load_script("build_model_openqa_round11"), _lines(QUESTIONS)
    ours = {" ".join(r11.words(q["question"])) for q in qs}
    assert len(ours) == 150
    ids, texts = build.earlier()
    assert not ours & texts and not {q["question_id"] for q in qs} & ids
    assert len(ids) > 1000 and len(texts) > 1000
    assert not ours & r11._known_questions() and not ours & build.bundled_mcqa_texts()


def test_the_draw_rebuilds_from_the_shared_test_files(build):
    ids, texts = build.earlier()
    check_draw_from_shared_files(build, QUESTIONS, ids, texts, {"mmlu": 957, "arc_easy": 707, "arc_challenge": 233,
                                                               "openbookqa": 103}, 1414)


def test_the_base_model_saw_three_one_line_examples_in_the_format_it_was_asked_for():
    check_few_shot("build_model_openqa_round14")


def test_the_cards_counts_are_the_labels_as_read(build):
    card = CARD.read_text(encoding="utf-8")
    check_mcqa_card_counts("build_model_openqa_round14", CORPUS, card)
    assert "## The single read (2026-12-07, stop 57, at d36eb7b; read once)" in card
    assert "--corpus tests/fixtures/model_openqa_round14.jsonl" in card
    labels = json.loads(build.LABELS.read_text(encoding="utf-8"))
    assert len(labels) == 600


def test_the_cheap_judges_keep_their_single_read():
    """Its single read (card): `contains` 0.943 with 5 false "correct" of 515, ahead of `stacked` (0.933, 26), which
    keeps every model within 2.7 points where `contains` under-rates Qwen-1.5B by 12.7; `token-f1` 0.873 with 61."""
    rows = _lines(CORPUS)
    accuracy, false_correct, gap, _ = cheap_read(rows)
    assert accuracy["contains"] >= 0.943 and accuracy["contains"] > accuracy["stacked"] >= 0.933
    assert false_correct["stacked"] <= 26 and false_correct["contains"] <= 5
    assert accuracy["token-f1"] <= 0.874 and false_correct["token-f1"] >= 61
    assert gap <= 0.027
    assert "round14" not in load_script("stacked_other_year_check").UNREAD
