"""Math round 14 of issue 37 (tests/fixtures/model_math_round14.jsonl): the same small local models as rounds 7-13
solved 70 more official MMLU TEST math questions (not bundled) asked without their options, in seven new output
formats, every reply labelled by reading (card): rebuilt byte for byte from the committed replies and labels, each
(question, model) pairing and prompt kind as designed, the frozen questions as the design draws them from the shared
file (when it is there), the card's counts as read. Read once (stop 57); the last test guards that read's figures."""
from __future__ import annotations

import gzip
import json
import random
import re
from collections import Counter
from types import SimpleNamespace

import pytest

from .math_round_checks import FIXTURES, check_pairings, check_read_once, check_rotation, round_paths
from .script_modules import load_script
from .test_model_math_round7 import check_math_card_counts, check_math_read, check_math_rebuilt
from .test_model_math_round12 import check_stacked_saw_no_mcqa
from .test_model_openqa_round6 import _lines

CORPUS, CARD = round_paths(14)
QUESTIONS = FIXTURES / "model_math_round14.questions.jsonl"
KINDS = ("wrong-then-right", "statement", "latex-align", "bullet-summary", "headline", "exact-and-decimal",
         "other-language")
SUBJECTS = {"elementary_mathematics", "high_school_mathematics", "college_mathematics", "high_school_statistics",
            "abstract_algebra"}


@pytest.fixture(scope="module")
def build():
    return load_script("build_model_math_round14")


def _norm(text: str) -> str:
    return " ".join(text.split()).lower()


def _questions(path=QUESTIONS) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").split("\n") if line.strip()]


def test_every_reply_is_a_labelled_row_rebuilt_byte_for_byte(build, tmp_path):
    assert (build.TAG, build.SPLIT) == ("m14", "heldout-m14")
    rows = check_math_rebuilt(build, CORPUS, tmp_path)
    assert all(r["family"] == f"model14-{r['kind']}" and r["task_type"] == "math" for r in rows)
    assert all(r["source"] == "mmlu" and re.fullmatch(r"mmlu-[a-z_]+-test-\d+", r["question_id"]) for r in rows)
    assert all(r["origin"] == f"{r['model']} reply, on its own, to mmlu {r['question_id']} (official test split, "
                              "not bundled), labelled by reading" for r in rows)


def test_each_question_and_model_pairing_and_prompt_is_as_designed(build):
    drawn = check_pairings(build, CORPUS, KINDS, ("Hungarian", "Finnish", "Romanian"))
    assert len(drawn) == 70
    check_rotation(build)
    assert "align*" in build.PROMPTS["latex-align"] and "three bullet points" in build.PROMPTS["bullet-summary"]
    assert "exact value" in build.PROMPTS["exact-and-decimal"] and "headline" in build.PROMPTS["headline"]
    old = {n: load_script(f"build_model_math_round{n}") for n in range(7, 14)}
    assert set(KINDS) & {k for m in old.values() for k in m.KINDS} == {"other-language"}
    assert not set(build.LANGUAGES) & {lang for m in old.values() for lang in m.LANGUAGES}
    instructions = {p.split("\n\n")[-1] for m in old.values() for p in m.PROMPTS.values()}
    assert not {p.split("\n\n")[-1] for k, p in build.PROMPTS.items() if k != "other-language"} & instructions


def test_the_frozen_questions_pass_round_12s_filter_and_feed_the_draw(build):
    m12 = load_script("build_model_math_round12")
    qs = _questions()
    assert len(qs) == 70 and len({q["question_id"] for q in qs}) == len({_norm(q["question"]) for q in qs}) == 70
    per = Counter(q["subject"] for q in qs)
    assert set(per) <= SUBJECTS and max(per.values()) <= 35
    assert all(q["question_id"].startswith(f"mmlu-{q['subject']}-test-") for q in qs)
    assert all(m12.answerable(SimpleNamespace(question=q["question"], choices=q["choices"],
                                              answer_index=q["answer_index"])) for q in qs)
    assert [(it["item"], it["k"], it["references"]) for it in build.drawn()] == [
        (q["question_id"], k, [q["choices"][q["answer_index"]]]) for k, q in enumerate(qs)]
    assert not {q["question_id"] for q in qs} & {q["question_id"] for q in _questions(
        FIXTURES / "model_math_round13.questions.jsonl")}


def test_the_draw_rebuilds_from_the_shared_mmlu_test_file(build):
    if not build.SHARED_TEST.exists():
        pytest.skip(f"the shared MMLU test file is not on this machine ({build.SHARED_TEST})")
    shared = {r["id"]: r for r in build.m13.shared_rows()}
    qs = _questions()
    for q in qs:
        r = shared[q["question_id"]]
        assert (r["question"], r["choices"], r["answer_index"], r["meta"]["subject"]) == (
            q["question"], q["choices"], q["answer_index"], q["subject"])
    kept, dropped = build.passing()
    assert len(kept) == 392 and dropped == {"filter": 569, "id": 70, "text": 30, "duplicate": 3}
    ids = [r["id"] for r in kept]
    assert ids == sorted(ids)
    random.Random(51).shuffle(ids)  # seed 37 + 14
    per, taken = Counter(), []
    for i in ids:
        if len(taken) < 70 and per[shared[i]["meta"]["subject"]] < 35:
            per[shared[i]["meta"]["subject"]] += 1
            taken.append(i)
    assert taken == [q["question_id"] for q in qs] and build.draw_questions() == qs


def test_no_other_fixture_or_bundled_set_holds_these_questions():
    """Checked on every file now (later rounds' included), not only the design's frozen list."""
    qs = _questions()
    ids, texts = {q["question_id"] for q in qs}, {_norm(q["question"]) for q in qs}
    for path in sorted(FIXTURES.rglob("*")):
        if not path.is_file() or path.name.startswith("model_math_round14"):
            continue
        data = path.read_bytes()
        try:
            text = (gzip.decompress(data) if path.suffix == ".gz" else data).decode("utf-8")
        except UnicodeDecodeError:
            continue
        assert not set(re.findall(r"mmlu-[a-z_]+-test-\d+", text)) & ids, path.name
        flat = _norm(text)
        assert not any(t in flat for t in texts), path.name
    bundled = set()
    for path in sorted((FIXTURES.parent.parent / "datasets").rglob("*.jsonl.gz")):
        for line in gzip.decompress(path.read_bytes()).decode("utf-8").split("\n"):
            if line.strip():
                q = json.loads(line).get("question")
                bundled |= {_norm(q)} if isinstance(q, str) else set()
    assert not texts & bundled
    joined = "\x00".join(b for b in bundled if len(b) >= 40)  # one of ours inside a bundled one: one search each
    assert not [t for t in texts if t in joined]
    heads: dict[str, list[str]] = {}  # a bundled question of 40+ characters inside one of ours, by its first 40
    for b in bundled:
        if len(b) >= 40:
            heads.setdefault(b[:40], []).append(b)
    assert not [(t, b) for t in texts for i in range(len(t) - 39) for b in heads.get(t[i:i + 40], ()) if b in t]


def test_the_card_says_what_each_judge_trained_on():
    """`stacked` fit its forest on the bundled sets' train splits (MMLU-Pro's among them) and no MCQA question."""
    check_stacked_saw_no_mcqa("answer-matching-gpqa-mmlupro")
    card = CARD.read_text(encoding="utf-8")
    assert "never trained" in card and "no MMLU row" in card and "MMLU-Pro" in card


def test_the_cards_counts_are_the_labels_as_read(build):
    card = CARD.read_text(encoding="utf-8")
    check_math_card_counts(build, CORPUS, card)
    rows = _lines(CORPUS)
    subject = {it["item"]: it["subject"] for it in build.drawn()}
    order = [s for s, _ in Counter(q["subject"] for q in _questions()).most_common()]
    for name in [m for m in build.MODELS if any(r["model"] == m for r in rows)] + ["all"]:
        mine = [r for r in rows if name in ("all", r["model"])]
        cells = " | ".join(f"{sum(r['label'] for r in mine if subject[r['question_id']] == s)} / "
                           f"{sum(subject[r['question_id']] == s for r in mine)}" for s in order)
        assert f"| {name} | {cells} |" in card, name


def test_the_round_is_read_once_and_in_the_measurers_all_since():
    check_read_once("heldout-m14", CORPUS, CARD, "2026-12-07, stop 57, at 87cb24b")


def test_sympy_and_math_verify_keep_their_single_read():
    """Its single read (card): `sympy` 0.950 with no false "equal" of 112, `math-verify` 0.957 with 2."""
    check_math_read(_lines(CORPUS), {"sympy": (0.949, 0), "math-verify": (0.957, 2)})
