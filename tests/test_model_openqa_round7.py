"""Open-QA round 7 of issue 37 (tests/fixtures/model_openqa_round7.jsonl): answers four local models gave on their
own to drawn NQ TEST questions in six output formats, every reply labelled by reading (card). The corpus only: it is
rebuilt byte for byte from the committed replies and labels, on test questions of no train or dev split and of no
earlier round; since its single read (card) the figures of the cheap judges on it are guarded here."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from judgesuite.suite.data.loader import split_of

from judgesuite.suite.evaluation.statistics import kendall_tau_b

from .script_modules import load_script
from .test_model_openqa_round6 import _by_model, _lines, _verdicts

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
CORPUS = FIXTURES / "model_openqa_round7.jsonl"
EARLIER = ("model_openqa_styles", "model_openqa_markup", "model_openqa_committed", "model_openqa_committed2",
           "model_openqa_round5", "model_openqa_round6")


def check_rebuilt(build: str, corpus: Path, split: str, tmp_path: Path) -> None:
    """A round built with round 7's prompts (`build`: its script's name): every reply is a labelled row of `split`,
    each model once per question, and `finalize` rebuilds `corpus` byte for byte."""
    b, r7 = load_script(build), load_script("build_model_openqa_round7")
    rows, replies = _lines(corpus), _lines(b.REPLIES)
    labels = json.loads(b.LABELS.read_text(encoding="utf-8"))
    assert len(rows) == len(replies) == len(labels) == len({r["id"] for r in rows})
    assert all(isinstance(v["label"], bool) and isinstance(v["why"], str) for v in labels.values())
    assert all(v["why"] for v in labels.values() if v["label"] is False)  # why every wrong reply is wrong
    drawn = {it["item"]: it for it in b.drawn()}
    pairs = Counter((r["model"], r["question_id"]) for r in rows)
    assert set(pairs.values()) == {1} and {m for m, _ in pairs} == set(b.MODELS)  # each model once per question
    assert {q for _, q in pairs} <= set(drawn)
    for row, rep in zip(rows, replies):
        it = drawn[rep["item"]]
        assert (row["candidate"], row["references"], row["question"]) == (rep["reply"].strip(), it["aliases"],
                                                                         it["question"])
        assert row["prompt_style"] == r7.prompt_kind(it, row["model"]) == rep["prompt"]
        assert row["language"] == r7.language_of(it, row["model"]) == rep["language"]
        assert rep["temperature"] == 0.0 and rep["max_tokens"] == r7.MAX_TOKENS[rep["prompt"]]
    assert {r["split"] for r in rows} == {split} and {r["task_type"] for r in rows} == {"open_qa"}
    b.finalize(b.REPLIES, b.LABELS, tmp_path / "corpus.jsonl")
    assert (tmp_path / "corpus.jsonl").read_bytes() == corpus.read_bytes()


def test_every_reply_is_a_labelled_row_rebuilt_byte_for_byte(tmp_path):
    check_rebuilt("build_model_openqa_round7", CORPUS, "heldout-oqa-round7", tmp_path)


def test_every_model_answered_in_every_prompt_kind_and_language():
    b, rows = load_script("build_model_openqa_round7"), _lines(CORPUS)
    kinds = Counter((r["model"], r["prompt_style"]) for r in rows)
    assert set(kinds) == {(m, k) for m in b.MODELS for k in b.KINDS}
    assert all(n >= 20 for n in kinds.values())  # 25 each when no model was cut short
    languages = Counter((r["model"], r["language"]) for r in rows if r["prompt_style"] == "other-language")
    assert set(languages) == {(m, lang) for m in b.MODELS for lang in b.LANGUAGES}
    assert all(r["language"] is None for r in rows if r["prompt_style"] != "other-language")


def check_test_questions(rows: list[dict], earlier_corpora: tuple[str, ...]) -> None:
    """Every row's question is a TEST question of the bundled NQ sets, of no train or dev split (by id and by text)
    and of none of `earlier_corpora` (fixture names)."""
    assert {split_of(r["question"]) for r in rows} == {"test"}
    assert {r["source"] for r in rows} <= {"evouna-nq", "openqa-eval-nq301"}  # never EVOUNA's TriviaQA half
    styles = load_script("build_model_openqa_styles")
    train_dev = styles.questions(("train", "dev"))
    ours_ids, ours_text = {r["question_id"] for r in rows}, {" ".join(styles.words(r["question"])) for r in rows}
    assert not ours_ids & {q["question_id"] for q in train_dev}
    assert not ours_text & {" ".join(styles.words(q["question"])) for q in train_dev}
    earlier = [r for name in earlier_corpora for r in _lines(FIXTURES / f"{name}.jsonl")]
    assert not ours_ids & {r["question_id"] for r in earlier}
    assert not ours_text & {" ".join(styles.words(r["question"])) for r in earlier}


def test_questions_are_test_nq_of_no_train_or_dev_split_and_no_earlier_round():
    b, rows = load_script("build_model_openqa_round7"), _lines(CORPUS)
    drawn = b.drawn()
    assert len(drawn) == b.N_QUESTIONS == 150 and all(it["data_split"] == "test" for it in drawn)
    check_test_questions(rows, EARLIER)
    shots = {q for q, _ in b.r6.few_shot_pairs()}
    assert len(shots) == 3 and all(split_of(q) == "train" for q in shots)
    assert not shots & {r["question"] for r in rows}


def test_the_base_model_saw_three_examples_in_the_format_it_was_asked_for():
    b = load_script("build_model_openqa_round7")
    it = b.drawn()[0]
    for kind in b.KINDS:
        item = next(i for i in b.drawn() if b.prompt_kind(i, "gemma-3-270m-base") == kind)
        prompt = b.prompt_of(item, "gemma-3-270m-base")
        answers = b.SHOT_ANSWERS[b.language_of(item, "gemma-3-270m-base") or kind]
        assert prompt.count("\nA: ") == 3 and all(f"A: {a}\n" in prompt for a in answers)
        assert prompt.endswith(f"Q: {item['question']}?\nA:")
    assert '{"answer": "..."}' in b.prompt_of(next(i for i in b.drawn() if b.prompt_kind(i, "smollm2-135m") == "json"),
                                              "smollm2-135m")
    assert it["question"] in b.prompt_of(it, "qwen2.5-coder-1.5b")


def test_the_cards_counts_are_the_labels_as_read():
    check_card_counts("build_model_openqa_round7", CORPUS, (FIXTURES / "model_openqa_round7.md").read_text(
        encoding="utf-8"))


def check_card_counts(script: str, corpus: Path, card: str) -> None:
    """Every wrong row's kind is one of the guideline's; the card's counts per model, per kind and in all are the
    labels as read."""
    b, r7, rows = load_script(script), load_script("build_model_openqa_round7"), _lines(corpus)
    labels = json.loads(b.LABELS.read_text(encoding="utf-8"))
    kinds = ("another answer", "no readable answer", "declines", "a list, no commitment")
    assert all(v["label"] or v["why"].startswith(kinds) for v in labels.values())  # every wrong row's kind
    for name in list(b.MODELS) + ["all"]:
        mine = [r for r in rows if name in ("all", r["model"])]
        right = sum(r["label"] for r in mine)
        why = Counter(labels[r["id"]]["why"].split(":")[0] for r in mine if not r["label"])
        cells = " | ".join(str(why[k]) for k in kinds)
        assert f"| {len(mine)} | **{right} ({right / len(mine):.3f})** | {cells} |" in card, name
    per_kind = " | ".join(f"{sum(r['label'] for r in rows if r['prompt_style'] == k)} / "
                          f"{sum(r['prompt_style'] == k for r in rows)}" for k in r7.KINDS)
    assert f"| all | {per_kind} |" in card


def test_the_cheap_judges_keep_their_single_read():
    """Its single read (card): `contains` 0.967 with 5 false "correct" of 543, `stacked` 0.940 with 34 and the four
    models' order as read (Kendall tau-b 1.0), `token-f1` 0.898 with 58. Read again after the read that chose it
    (open-QA round 8), the `stacked` forest retrained at stop 52 with the model-written rounds 1-6 (not on round 7):
    0.973 with 13, every model within 3.4 points of its accuracy as read (the stop-51 forest: 7.3), tau-b 0.67 (SmolLM2
    and gemma, 1.3 points apart as read, swap). With the stop-54 files (features version 12): 0.967 with 17, every
    model within 2.7 points, tau-b 1.0."""
    accuracy, false_correct, gap, tau = cheap_read(_lines(CORPUS))
    assert accuracy["contains"] >= 0.96 and false_correct["contains"] <= 5
    assert accuracy["stacked"] >= 0.965 and accuracy["stacked"] >= accuracy["token-f1"] + 0.06
    assert false_correct["stacked"] <= 17 and false_correct["stacked"] < false_correct["token-f1"]
    assert gap <= 0.034 and tau >= 0.66


def cheap_read(rows: list[dict]) -> tuple[dict, dict, float, float]:
    """({judge: accuracy}, {judge: false "correct"}) of `stacked`, `contains` and `token-f1` on a round's rows, and
    `stacked`'s largest per-model gap (judged minus labelled accuracy, absolute) and Kendall tau-b of the models."""
    labels = [r["label"] for r in rows]
    said = {name: _verdicts(name, rows) for name in ("stacked", "contains", "token-f1")}
    accuracy = {n: sum(s == y for s, y in zip(v, labels)) / len(rows) for n, v in said.items()}
    false_correct = {n: sum(s and not y for s, y in zip(v, labels)) for n, v in said.items()}
    read, judged = _by_model(rows, labels), _by_model(rows, said["stacked"])
    return (accuracy, false_correct, max(abs(judged[m] - read[m]) for m in read),
            kendall_tau_b([read[m] for m in read], [judged[m] for m in read]))
