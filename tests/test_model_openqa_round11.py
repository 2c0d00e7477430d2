"""Open-QA round 11 of issue 37 (tests/fixtures/model_openqa_round11.jsonl): round 10's design on a new source, the
bundled multiple-choice sets' TEST questions asked without their options (the gold option the only reference), every
reply labelled by reading (card): rebuilt byte for byte from the committed replies and labels, on questions the
design's filter keeps, of no train split and no earlier round; read once at stop 55 by the judges as shipped then,
whose figures the cheap judges keep."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from .script_modules import load_script
from .test_model_openqa_round6 import _lines
from .test_model_openqa_round7 import cheap_read
from .test_model_openqa_round8 import check_round

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
CORPUS = FIXTURES / "model_openqa_round11.jsonl"
EARLIER = ("model_openqa_styles", "model_openqa_markup", "model_openqa_committed", "model_openqa_committed2",
           "model_openqa_round5", "model_openqa_round6", "model_openqa_round7", "model_openqa_round8",
           "model_openqa_round9", "model_openqa_round10")
KINDS = ("another answer (defensible)", "another answer", "too broad", "no readable answer", "declines",
         "a list, no commitment")


def test_every_reply_is_a_labelled_row_in_every_prompt_kind_and_language(tmp_path):
    check_round("build_model_openqa_round11", CORPUS, "heldout-oqa-round11", "oqa11", tmp_path)


def test_questions_are_the_filtered_multiple_choice_test_questions_of_the_design():
    from judgesuite.suite.data.mcqa import load_items

    b, rows = load_script("build_model_openqa_round11"), _lines(CORPUS)
    pool, drawn = b.pool(), b.drawn()
    assert dict(Counter(it["benchmark"] for it in pool)) == b.COUNTS["usable"]
    assert dict(Counter(it["benchmark"] for it in drawn)) == b.COUNTS["drawn"]
    assert len(drawn) == 150 and [it["k"] for it in drawn] == list(range(150)) and max(b.COUNTS["drawn"].values()) <= 60
    test = {f"{bench}-{it.id}": it for bench in b.BENCHMARKS for it in load_items(bench, "test")}
    for it in drawn:
        item = test[it["question_id"]]  # a row of the original validation file ("test" of the paper)
        assert it["question"] + "?" == item.question.rstrip() and it["aliases"] == [item.choices[item.answer_index]]
        assert b.usable(item.question, item.choices, item.answer_index)
        assert item.benchmark != "mmlu" or item.meta["subject"] in b.MMLU_SUBJECTS
    assert {r["question_id"] for r in rows} == {it["question_id"] for it in drawn}
    assert {r["source"] for r in rows} == {f"mcqa-{bench}" for bench in b.BENCHMARKS}
    ours = {" ".join(b.words(it["question"])) for it in drawn}
    assert len(ours) == 150 and not ours & b._known_questions()
    train = {f"mcqa-{bench}:{it.id}": " ".join(b.words(it.question)) for bench in b.BENCHMARKS
             for split in ("clf_train", "clf_val") for it in load_items(bench, split)}
    shared = {qid for qid, text in train.items() if text in ours}
    assert shared == {"mcqa-openbookqa:11-742", "mcqa-openbookqa:12-589"}  # OpenBookQA repeats two stems (card)
    from judgesuite.suite.data.synthetic import mcqa_questions, test_questions

    assert not shared & {q.qid for q in mcqa_questions(None, test_questions(), 0)}  # kept out of any training
    earlier = {" ".join(b.words(r["question"])) for name in EARLIER for r in _lines(FIXTURES / f"{name}.jsonl")}
    assert not ours & earlier


def test_the_filter_drops_what_an_open_reader_cannot_answer():
    b = load_script("build_model_openqa_round11")
    assert b.usable("What gas do plants take in?", ("oxygen", "carbon dioxide", "nitrogen"), 1)
    assert not b.usable("Which of the following is a gas?", ("rock", "steam", "wood"), 1)
    assert not b.usable("Which is NOT a mammal?", ("cat", "snake", "dog"), 1)
    assert not b.usable("What does a plant need?", ("light", "light and water", "soil"), 0)  # a subset of another
    assert not b.usable("What does a plant need?", ("all of the above", "water", "soil"), 0)
    assert not b.usable("The sun is a ___.", ("star", "planet", "moon"), 0)


def check_mcqa_card_counts(build_name: str, corpus: Path, card: str) -> None:
    """A round on the multiple-choice questions (11 onwards): its card's counts per model (by reason kind), per prompt
    kind and per benchmark are its labels as read."""
    b, rows = load_script(build_name), _lines(corpus)
    labels = json.loads(b.LABELS.read_text(encoding="utf-8"))
    assert all(v["label"] or v["why"].startswith(KINDS) for v in labels.values())  # every wrong row's kind
    for name in list(b.MODELS) + ["all"]:
        mine = [r for r in rows if name in ("all", r["model"])]
        right = sum(r["label"] for r in mine)
        why = Counter(labels[r["id"]]["why"].split(":")[0] for r in mine if not r["label"])
        assert f"| {len(mine)} | **{right} ({right / len(mine):.3f})** | {' | '.join(str(why[k]) for k in KINDS)} |" \
            in card, name
    per_kind = " | ".join(f"{sum(r['label'] for r in rows if r['prompt_style'] == k)} / "
                          f"{sum(r['prompt_style'] == k for r in rows)}" for k in b.KINDS)
    assert f"| all | {per_kind} |" in card
    by_source = " | ".join(f"{sum(r['label'] for r in rows if r['source'] == f'mcqa-{s}')} / "
                           f"{sum(r['source'] == f'mcqa-{s}' for r in rows)}" for s in b.BENCHMARKS)
    assert f"| all | {by_source} |" in card.split("by benchmark")[1]


def test_the_cards_counts_are_the_labels_as_read():
    check_mcqa_card_counts("build_model_openqa_round11", CORPUS,
                           (FIXTURES / "model_openqa_round11.md").read_text(encoding="utf-8"))


def test_the_cheap_judges_keep_their_single_read():
    """Its single read (card): `stacked` 0.917 with 22 false "correct" of 487, the most accurate judge, keeping the
    models' order (tau-b 1.0) and under-rating Qwen-1.5B by 5.3 points; `contains` 0.905 with 4, missing answers in
    other words (Qwen-1.5B 17.3 points under); `token-f1` 0.840 with 62."""
    accuracy, false_correct, gap, tau = cheap_read(_lines(CORPUS))
    assert accuracy["stacked"] >= 0.915 and accuracy["stacked"] > accuracy["contains"] >= 0.9
    assert false_correct["stacked"] <= 22 and false_correct["contains"] <= 4
    assert accuracy["token-f1"] <= 0.845 and false_correct["token-f1"] >= 60
    assert gap <= 0.055 and tau == 1.0
