"""Open-QA round 6 of issue 37 (tests/fixtures/model_openqa_round6.jsonl): answers four local models gave on their
own to drawn NQ train/dev questions, every reply labelled by reading (card). The corpus is rebuilt byte for byte
from the committed replies and labels, on questions of no test split and of no earlier round; since its single
read the figures of the cheap judges on it are guarded here."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from judgesuite.judges import Sample, make_judge
from judgesuite.suite.data.loader import split_of
from judgesuite.suite.evaluation.statistics import kendall_tau_b

from .script_modules import load_script

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
CORPUS = FIXTURES / "model_openqa_round6.jsonl"
EARLIER = ("model_openqa_styles", "model_openqa_markup", "model_openqa_committed", "model_openqa_committed2",
           "model_openqa_round5")


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_every_reply_is_a_labelled_row_rebuilt_byte_for_byte(tmp_path):
    b = load_script("build_model_openqa_round6")
    rows, replies = _lines(CORPUS), _lines(b.REPLIES)
    labels = json.loads(b.LABELS.read_text(encoding="utf-8"))
    assert len(rows) == len(replies) == len(labels) == len({r["id"] for r in rows})
    assert all(isinstance(v["label"], bool) and isinstance(v["why"], str) for v in labels.values())
    assert all(v["why"] for v in labels.values() if v["label"] is False and rows)  # why every reply is wrong
    drawn = {it["item"]: it for it in b.drawn()}
    assert Counter(r["model"] for r in rows) == {m: len(drawn) for m in b.MODELS}  # each model, each question once
    assert {(r["model"], r["question_id"]) for r in rows} == {(m, q) for m in b.MODELS for q in drawn}
    for row, rep in zip(rows, replies):
        it = drawn[rep["item"]]
        assert (row["candidate"], row["references"], row["question"]) == (rep["reply"].strip(), it["aliases"],
                                                                         it["question"])
        assert row["prompt_style"] == b.prompt_kind(it, row["model"]) == rep["prompt"]
        assert rep["temperature"] == 0.0 and rep["max_tokens"] == b.PROMPTS[rep["prompt"]][1]
    assert {r["split"] for r in rows} == {"heldout-oqa-round6"} and {r["task_type"] for r in rows} == {"open_qa"}
    b.finalize(b.REPLIES, b.LABELS, tmp_path / "corpus.jsonl")
    assert (tmp_path / "corpus.jsonl").read_bytes() == CORPUS.read_bytes()


def test_questions_are_train_or_dev_nq_of_no_earlier_round_and_the_few_shot_examples_of_none():
    b, rows = load_script("build_model_openqa_round6"), _lines(CORPUS)
    assert len(b.drawn()) == b.N_QUESTIONS == 150
    assert {split_of(r["question"]) for r in rows} <= {"train", "dev"}  # never a test question
    assert {r["source"] for r in rows} <= {"evouna-nq", "openqa-eval-nq301"}  # never EVOUNA's TriviaQA half
    earlier = {r["question_id"] for name in EARLIER for r in _lines(FIXTURES / f"{name}.jsonl")}
    ours = {r["question_id"] for r in rows}
    assert not ours & earlier
    shots = {q for q, _ in b.few_shot_pairs()}
    assert len(shots) == 3 and not shots & {r["question"] for r in rows}
    assert all(split_of(q) == "train" for q in shots)
    styles = load_script("build_model_openqa_styles")  # the draw is the earlier rounds' shuffle, after round 5's
    assert not ours & {it["question_id"] for r in (1, 2, 3, 4, 5) for it in styles.items(round_=r)}
    assert [it["question_id"] for it in b.drawn()] == [q["question_id"] for q in styles.drawn_pool()[1000:1150]]


def _verdicts(judge_name: str, rows: list[dict]) -> list[bool]:
    with make_judge(judge_name) as judge:
        verdicts = judge.judge([Sample(id=r["id"], task_type="open_qa", question=r["question"],
                                       candidate=r["candidate"], references=tuple(r["references"])) for r in rows])
    return [v.correct is True for v in verdicts]


def _by_model(rows: list[dict], said: list[bool]) -> dict[str, float]:
    models = sorted({r["model"] for r in rows})
    return {m: sum(s for s, r in zip(said, rows) if r["model"] == m) / sum(r["model"] == m for r in rows)
            for m in models}


def test_the_labels_as_read_give_the_cards_per_model_accuracy():
    rows = _lines(CORPUS)
    read = {m: round(a * 150) for m, a in _by_model(rows, [r["label"] for r in rows]).items()}
    assert read == {"qwen2.5-coder-1.5b": 29, "smollm2-135m": 13, "qwen2.5-coder-0.5b": 11, "gemma-3-270m-base": 10}
    assert "| all | 600 | **63 (0.105)** | 435 | 94 | 7 | 1 |" in (FIXTURES / "model_openqa_round6.md").read_text(
        encoding="utf-8")


def test_stacked_on_answers_models_gave_on_their_own_keeps_its_single_read():
    """Its single read (card): stacked 0.917 with 44 false "correct" of 537, token-f1 0.823 with 102; both keep the
    four models' order as read (Kendall tau-b 1.0). contains-reference (0.965) and the blend (0.932) read it better:
    most of stacked's errors are wrong answers that share words with the gold (George III for George II). Since stop
    52 these rows train the shipped forest (datasets/training/model-written-openqa.jsonl.gz), so its figures here are
    in source: 0.963 with 18, every model within 4.0 points (was 8.0), tau-b 0.67 (Qwen2.5-Coder-0.5B and
    gemma, 0.7 points apart as read, swap)."""
    rows = _lines(CORPUS)
    labels = [r["label"] for r in rows]
    stacked, token_f1 = _verdicts("stacked", rows), _verdicts("token-f1", rows)
    accuracy = {name: sum(s == y for s, y in zip(said, labels)) / len(rows)
                for name, said in (("stacked", stacked), ("token-f1", token_f1))}
    false_correct = {name: sum(s and not y for s, y in zip(said, labels))
                     for name, said in (("stacked", stacked), ("token-f1", token_f1))}
    assert accuracy["stacked"] >= 0.955 and accuracy["stacked"] >= accuracy["token-f1"] + 0.13
    assert false_correct["stacked"] <= 18 and false_correct["stacked"] * 4 <= false_correct["token-f1"]
    read, judged = _by_model(rows, labels), _by_model(rows, stacked)
    assert max(abs(judged[m] - read[m]) for m in read) <= 0.041
    assert kendall_tau_b([read[m] for m in read], [judged[m] for m in read]) >= 0.66
