"""The blind second read of math round 7 (card, "Second read (blind)"): the second-read file labels exactly the
pre-registered sample (all 210 rows), each label follows its own read answer, and the agreement, Cohen's kappa, 2x2
table, per-model and per-kind rows and read-answer agreement written in the card are what `agree` computes. No judge
runs here (a second or so)."""
from __future__ import annotations

import json
from pathlib import Path

from .script_modules import load_script
from .test_model_openqa_round6_second_read import HEADING

CARD = Path(__file__).resolve().parent / "fixtures" / "model_math_round7.md"


def _script_second_rows():
    s = load_script("math_round7_second_read")
    return s, json.loads(s.SECOND.read_text(encoding="utf-8")), s.corpus_rows(s.CORPUS)


def check_second_read_covers_every_row(s, second: dict, rows: list[dict], total: int,
                                      per_model: dict[str, int] | None = None) -> None:
    """The second read labels exactly the sample (every row of the round; half per model unless `per_model` gives
    the round's own counts), each with a label, a read answer or None, and a reason starting with its kind when
    incorrect."""
    ids = s.sample_ids(rows)
    assert len(ids) == len(set(ids)) == total
    assert sorted(second) == ids
    counts = {}
    for row in rows:
        counts[row["model"]] = counts.get(row["model"], 0) + 1
    if per_model is None:
        assert sorted(counts.values()) == [total // 2, total // 2]
    else:
        assert counts == per_model
    for v in second.values():
        assert set(v) == {"label", "read_answer", "why"}
        assert isinstance(v["label"], bool) and isinstance(v["why"], str) and v["why"]
        assert v["read_answer"] is None or isinstance(v["read_answer"], str)
        if not v["label"]:
            assert v["why"].startswith(("another answer", "conflicting answers", "no committed answer"))


def test_second_read_covers_exactly_the_sample_all_210_rows():
    check_second_read_covers_every_row(*_script_second_rows(), 210)


def test_each_second_label_is_its_read_answer_against_the_gold():
    s, second, rows = _script_second_rows()
    gold = {r["id"]: r["references"][0] for r in rows}
    for i, v in second.items():
        read = s.as_number(v["read_answer"])
        assert v["label"] == (read is not None and read == s.as_number(gold[i])), i


def test_agreement_kappa_table_and_read_answers_are_the_cards():
    s, second, rows = _script_second_rows()
    assert all(r["prompt_style"] == r["kind"] for r in rows)  # `agreement` groups by prompt_style: here the kind
    res = s.agreement(second, rows)
    answers = s.read_answer_agreement(second, rows)
    section = CARD.read_text(encoding="utf-8").split(HEADING, 1)[1]
    flat = " ".join(section.split())
    for line in s.card_lines(res, answers):
        if line.startswith("|"):
            assert line in section.splitlines(), line
        elif line:
            assert " ".join(line.split()) in flat, line
    assert res["disagreements"] == ["m7-qwen2.5-coder-1.5b-gsm8k-test-0208"]
    assert len(answers["differ"]) == 7
