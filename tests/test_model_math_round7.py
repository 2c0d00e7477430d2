"""Math round 7 of issue 37 (tests/fixtures/model_math_round7.jsonl): small local models solved GSM8K TEST questions
on their own in seven output formats, every reply labelled by reading (card): rebuilt byte for byte from the committed
replies and labels, each (question, model) pairing as designed, on test questions of no earlier math round, the
card's counts as read; read once at stop 52, whose figures `sympy` and `math-verify` keep."""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from .script_modules import load_script
from .test_model_openqa_round6 import _lines

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
CORPUS = FIXTURES / "model_math_round7.jsonl"
CARD = FIXTURES / "model_math_round7.md"
WHY = ("another answer", "conflicting answers", "no committed answer")
FIELDS = {"id", "source", "question_id", "question", "candidate", "references", "label", "split", "model", "kind",
          "language", "read_answer", "family", "finish_reason", "prompt_style", "task_type", "origin"}


@pytest.fixture(scope="module")
def build():
    return load_script("build_model_math_round7")


def check_math_rebuilt(build, corpus: Path, tmp_path: Path) -> list[dict]:
    """Every reply of a math round is one labelled row (ids `<tag>-<model>-<question>`, round 7's fields, the round's
    split), and `finalize` rebuilds the corpus byte for byte from the replies and labels. Returns the rows."""
    rows, replies = _lines(corpus), _lines(build.REPLIES)
    labels = json.loads(build.LABELS.read_text(encoding="utf-8"))
    assert len(rows) == len(replies) == len(labels) == len({r["id"] for r in rows})
    assert [r["id"] for r in rows] == [f"{build.TAG}-{rep['model']}-{rep['item']}" for rep in replies]
    assert all(set(r) == FIELDS for r in rows) and {r["split"] for r in rows} == {build.SPLIT}
    for row, rep in zip(rows, replies):
        lab = labels[row["id"]]
        assert isinstance(lab["label"], bool) and (row["label"], row["read_answer"]) == (lab["label"],
                                                                                       lab["read_answer"])
        assert row["candidate"] == rep["reply"].strip() and row["finish_reason"] == rep["finish_reason"]
    build.finalize(build.REPLIES, build.LABELS, tmp_path / "corpus.jsonl")
    assert (tmp_path / "corpus.jsonl").read_bytes() == corpus.read_bytes()
    return rows


def test_every_reply_is_a_labelled_row_rebuilt_byte_for_byte(build, tmp_path):
    assert (build.TAG, build.SPLIT) == ("m7", "heldout-m7")
    check_math_rebuilt(build, CORPUS, tmp_path)


def test_each_question_and_model_pairing_is_as_designed(build):
    rows, replies = _lines(CORPUS), _lines(build.REPLIES)
    drawn = {it["item"]: it for it in build.drawn()}
    assert len(drawn) == build.N_QUESTIONS == 105 and not set(drawn) & set(build.EXCLUDED)
    pairs = Counter((r["model"], r["question_id"]) for r in rows)
    assert set(pairs.values()) == {1} and {q for _, q in pairs} <= set(drawn)
    assert {m for m, _ in pairs} <= set(build.MODELS)
    for row, rep in zip(rows, replies):
        it = drawn[row["question_id"]]
        assert (row["question"], row["references"]) == (it["question"], it["references"])
        assert row["kind"] == row["prompt_style"] == rep["prompt"] == build.prompt_kind(it, row["model"])
        assert row["language"] == rep["language"] == build.language_of(it, row["model"])
        assert (rep["temperature"], rep["seed"], rep["max_tokens"]) == (0.0, 37, 384)
    for model in {r["model"] for r in rows}:  # each model answered a prefix of the draw (the time cap cuts the end)
        ks = sorted(drawn[r["question_id"]]["k"] for r in rows if r["model"] == model)
        assert ks == list(range(len(ks)))


def test_questions_are_bundled_test_questions_of_no_earlier_math_round(build):
    rows = _lines(CORPUS)
    test = {q["question_id"]: q for q in build.questions()}
    assert all(test[r["question_id"]]["question"] == r["question"] for r in rows)
    earlier = set(re.findall(r"gsm8k-test-\d{4}", (FIXTURES / "model_math_styles.jsonl").read_text(encoding="utf-8")))
    assert len(earlier) > 700 and not {r["question_id"] for r in rows} & earlier  # rounds 1-6's bundled questions
    texts = {" ".join(e["question"].split()).lower() for e in _lines(FIXTURES / "model_math_styles.questions-r6.jsonl")}
    assert not {" ".join(r["question"].split()).lower() for r in rows} & texts


def check_math_card_counts(build, corpus: Path, card: str) -> None:
    """A math round's card gives, per model and in all, the rows, the labels as read by kind of error, the cut-off
    replies and the correct answers per prompt kind; every wrong row's reason names its kind."""
    rows = _lines(corpus)
    labels = json.loads(build.LABELS.read_text(encoding="utf-8"))
    assert all(v["label"] or v["why"].startswith(WHY) for v in labels.values())  # every wrong row's kind
    assert all(v["why"] == "" or v["why"].startswith("note: ") for v in labels.values() if v["label"])
    assert all(v["read_answer"] is None or isinstance(v["read_answer"], str) for v in labels.values())
    assert all(v["read_answer"] is not None for v in labels.values() if v["label"])
    for name in [m for m in build.MODELS if any(r["model"] == m for r in rows)] + ["all"]:
        mine = [r for r in rows if name in ("all", r["model"])]
        right = sum(r["label"] for r in mine)
        why = Counter(labels[r["id"]]["why"].split(":")[0] for r in mine if not r["label"])
        cut = sum(r["finish_reason"] == "length" for r in mine)
        cells = " | ".join(str(why[k]) for k in WHY)
        assert f"| {name} | {len(mine)} | **{right}** | {cells} | {cut} |" in card, name
        per_kind = " | ".join(f"{sum(r['label'] for r in mine if r['kind'] == k)} / "
                              f"{sum(r['kind'] == k for r in mine)}" for k in build.KINDS)
        assert f"| {name} | {per_kind} |" in card, name


def test_the_cards_counts_are_the_labels_as_read(build):
    card = CARD.read_text(encoding="utf-8")
    check_math_card_counts(build, CORPUS, card)
    assert "## The single read (2026-12-07, stop 52, at 2d6d635; read once)" in card


def test_the_round_is_read_once_and_in_the_measurers_all_since():
    measure = load_script("measure_model_math_styles")
    assert "heldout-m7" not in measure.UNREAD
    assert len(measure.select("all", CORPUS)) == len(measure.select("heldout-m7", CORPUS)) == len(_lines(CORPUS))


def test_sympy_and_math_verify_keep_their_single_read():
    """Its single read (card): `sympy` 0.986 and `math-verify` 0.991, 2 false "equal" each of 160 (a range "80 or
    higher" for 80, a cut-off program's last number); `sympy`'s one miss a JSON value written as arithmetic, read
    as its value since stop 53 (a hand-probed fix, not tuned on this row): `sympy` 0.990 since."""
    check_math_read(_lines(CORPUS), {"sympy": (0.99, 2), "math-verify": (0.99, 2)})


def check_math_read(rows: list[dict], limits: dict[str, tuple[float, int]]) -> None:
    """Each judge keeps a round's single read: {judge: (least accuracy, most false "equal")}."""
    from .test_model_math_styles import _verdicts

    for judge, (floor, most_false_equal) in limits.items():
        if judge == "math-verify":
            pytest.importorskip("math_verify")
        said = _verdicts(judge, rows)
        accuracy = sum((v.correct is True) == r["label"] for r, v in zip(rows, said)) / len(rows)
        false_equal = sum(v.correct is True and not r["label"] for r, v in zip(rows, said))
        assert accuracy >= floor and false_equal <= most_false_equal, judge
