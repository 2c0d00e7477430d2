"""Multiple-choice formats without a model: Algorithm 1, majority vote, typology, normalisation, splits."""
from __future__ import annotations

import math

import pytest

from judgesuite.suite.data.mcqa import bundled_benchmarks, clf_split_of, load_items
from judgesuite.suite.studies.mc_formats.evaluate import ItemScores, option_probs, predict, rule_scores
from judgesuite.suite.studies.mc_formats.formats import PAPER_SEEDS, cloze_pairs, prompt_pairs, sample_demos, symbol_pairs
from judgesuite.suite.studies.mc_formats.labels import (heuristic_label, label_scores, majority_label, margin,
                                          preference_label, typology)
from judgesuite.suite.studies.mc_formats.report import one_sample_t, routed_correct


# --- Algorithm 1 on constructed probabilities -------------------------------------------------
def test_neither_correct_abstains():
    assert preference_label(False, False, [0.1, 0.9], [0.2, 0.8], 0) is None


def test_exactly_one_correct_compares_gold_probability():
    # symbol right (gold 0.5), cloze wrong (gold 0.3): symbol
    assert preference_label(True, False, [0.5, 0.3, 0.2], [0.3, 0.6, 0.1], 0) == "symbol"
    # symbol right but with a lower gold probability than the wrong cloze: cloze (the paper compares p_ans)
    assert preference_label(True, False, [0.3, 0.25, 0.25, 0.2], [0.45, 0.55], 0) == "cloze"
    assert preference_label(False, True, [0.2, 0.8], [0.7, 0.3], 0) == "cloze"
    assert preference_label(False, True, [0.5, 0.5], [0.5, 0.5], 0) is None  # tie


def test_both_correct_margin_rule_with_delta():
    # margins: symbol 0.9-0.05 = 0.85, cloze 0.5-0.3 = 0.2: |diff| = 0.65 > 0.2 -> symbol
    assert preference_label(True, True, [0.9, 0.05, 0.05], [0.5, 0.3, 0.2], 0) == "symbol"
    assert preference_label(True, True, [0.5, 0.3, 0.2], [0.9, 0.05, 0.05], 0) == "cloze"
    # margins 0.4 vs 0.3: |diff| 0.1 <= 0.2 -> abstain; with delta 0.05 -> symbol
    p_sym, p_clz = [0.6, 0.2, 0.2], [0.55, 0.25, 0.2]
    assert math.isclose(margin(p_sym), 0.4) and math.isclose(margin(p_clz), 0.3)
    assert preference_label(True, True, p_sym, p_clz, 0) is None
    assert preference_label(True, True, p_sym, p_clz, 0, delta=0.05) == "symbol"
    # exactly delta apart: abstain (strictly greater is required)
    assert preference_label(True, True, [0.7, 0.3], [0.6, 0.4], 0, delta=0.2) is None


def test_label_scores_uses_softmax_distributions():
    # symbol letters: log-probs favour gold strongly; cloze: per-token means favour gold weakly
    s = ItemScores("q", 0, [math.log(0.9), math.log(0.05), math.log(0.05)],
                   [-2.0, -4.2, -9.0], [2, 4, 3], [10, 12, 9])
    p = option_probs(s, "cloze")
    assert predict(s, "cloze") == 0 and math.isclose(sum(p), 1.0)
    assert math.isclose(p[0] / p[1], math.exp(-1.0 - (-1.05)))
    assert label_scores(s) == "symbol"


def test_majority_vote():
    assert majority_label(["symbol", "symbol", "cloze"]) == "symbol"
    assert majority_label(["symbol", None, None]) == "symbol"
    assert majority_label(["symbol", "cloze", None]) is None  # tie: discarded
    assert majority_label([None, None, None]) is None


# --- length normalisation ---------------------------------------------------------------------
def test_cloze_normalisations_pick_different_options():
    # option 0: -6 over 2 tokens / 5 chars; option 1: -8 over 4 tokens / 30 chars
    s = ItemScores("q", 1, [0.0, -1.0], [-6.0, -8.0], [2, 4], [5, 30])
    assert rule_scores(s, "cloze") == [-3.0, -2.0]
    assert rule_scores(s, "cloze_char") == [-6.0 / 5, -8.0 / 30]
    assert predict(s, "cloze_raw") == 0 and predict(s, "cloze") == 1 and predict(s, "cloze_char") == 1
    assert predict(s, "symbol") == 0
    assert routed_correct([s, s], ["symbol", "cloze"]) == [False, True]


def test_t_test_against_zero():
    assert one_sample_t([1.0])["p"] is None
    r = one_sample_t([2.0, 3.0, 2.5, 3.5])
    assert r["t"] > 0 and r["p"] < 0.01


# --- the human-heuristic typology labeler (the paper's Table 3 examples) -----------------------
@pytest.mark.parametrize("question,choices,expected", [
    ("Which item is used for protection from chemical splashing?",
     ["compass", "hand lens", "microscope", "safety goggles"], "which"),
    ("What contains seeds?", ["human", "pumpkin", "soda can", "leaf"], "short_answer"),
    ("How does ice change the shape of rocks?",
     ["It dissolves the rocks by pooling on surfaces.", "It breaks the rocks by expanding in openings.",
      "It smooths the rocks by colliding with them.", "It moves the rocks by pressing on them."], "multi_sentence"),
    ("Solve the equation: 3x+5=14.", ["x=3", "x=4", "x=5", "x=6"], "imperative"),
    ("This is most likely to be conserved:", ["CO2", "toilet paper", "a soda can", "styrofoam"],
     "anaphora_resolution"),
    ("A/an ______ is reusable.", ["liquid soap", "dish towel", "band-aid", "apple"], "blank_completion"),
    ("We see a bottle of face wash. We",
     ["see a newspaper story.", "see four cookies in a pan.", "see a person holding face wash.",
      "see a tool on a table."], "sentence_continuation"),
])
def test_typology_on_paper_examples(question, choices, expected):
    assert typology(question, choices) == expected


def test_heuristic_labels_on_real_rows():
    wino = load_items("winogrande", "test", limit=20)
    assert all(heuristic_label(it) == "cloze" for it in wino)  # every row has the blank
    hs = load_items("hellaswag", "test", limit=50)
    assert sum(heuristic_label(it) == "cloze" for it in hs) >= 45  # context fragments
    arc = load_items("arc_easy", "test", limit=100)
    assert sum(heuristic_label(it) == "symbol" for it in arc) >= 70  # mostly interrogatives


# --- data, splits, prompts --------------------------------------------------------------------
def test_bundled_benchmarks_and_paper_splits():
    assert set(bundled_benchmarks()) >= {"arc_easy", "hellaswag", "piqa", "winogrande", "openbookqa"}
    test = load_items("arc_easy", "test")
    train = load_items("arc_easy", "clf_train")
    val = load_items("arc_easy", "clf_val")
    assert len(test) == 570
    assert len(train) + len(val) == 2000 and 0.75 < len(train) / 2000 < 0.85
    assert not {i.id for i in train} & {i.id for i in val}
    assert all(clf_split_of(i.id) == "clf_val" for i in val)
    with pytest.raises(FileNotFoundError):
        load_items("socialiqa", "test")  # not bundled: licence unverified


def test_prompts_symbol_and_cloze():
    item = load_items("hellaswag", "test", limit=1)[0]
    sym = symbol_pairs(item)
    assert len({c for c, _ in sym}) == 1 and [x for _, x in sym] == [" A", " B", " C", " D"]
    assert sym[0][0].startswith("Context: ") and sym[0][0].endswith("\nCompletion:")
    assert "D. " + item.choices[3] in sym[0][0]
    clz = cloze_pairs(item)
    assert [x for _, x in clz] == [" " + c for c in item.choices]
    wino = load_items("winogrande", "test", limit=1)[0]
    pairs = cloze_pairs(wino)
    assert len({x for _, x in pairs}) == 1  # partial scoring: same remainder for both options
    assert all(wino.choices[i] in pairs[i][0] and "_" not in pairs[i][0] for i in range(2))


def test_demonstrations_are_seeded_and_exclude_the_item():
    pool = load_items("arc_easy", "clf_val")
    item = pool[0]
    a = sample_demos(item, pool, 5, PAPER_SEEDS[0])
    assert a == sample_demos(item, pool, 5, PAPER_SEEDS[0])
    assert a != sample_demos(item, pool, 5, PAPER_SEEDS[1])
    assert item not in a
    ctx = prompt_pairs(item, "symbol", a)[0][0]
    assert ctx.count("Question: ") == 6 and ctx.count("\n\n") == 5
    # each demonstration ends with its gold letter
    first = ctx.split("\n\n")[0]
    assert first.endswith("Answer: " + "ABCDE"[a[0].answer_index])


@pytest.mark.parametrize("change, field", [
    ({"answer_index": 7}, "answer_index"), ({"answer_index": -1}, "answer_index"), ({"answer_index": "A"}, "answer_index"),
    ({"answer_index": True}, "answer_index"), ({"choices": ["only one"]}, "choices"), ({"choices": [1, 2, 3, 4]}, "choices"),
    ({"question": None}, "question"), ({"id": None}, "id"),
])
def test_a_benchmark_row_outside_the_schema_is_one_line_naming_file_line_and_field(tmp_path, change, field):
    """Out-of-range answers were skipped in silence, a null question read as "None", numbers as option texts,
    "A" as an answer a ValueError traceback."""
    import json

    from judgesuite.suite.data.loader import DataError

    rows = [{"id": f"q{i}", "question": f"Question {i}?", "choices": ["a", "b", "c", "d"], "answer_index": i % 4}
            for i in range(3)]
    rows[1].update(change)
    (tmp_path / "arc_easy").mkdir()
    (tmp_path / "arc_easy" / "validation.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    with pytest.raises(DataError, match=f"validation.jsonl, line 2, field '{field}'"):
        load_items("arc_easy", "test", data_dir=tmp_path)
    rows[1] = {**rows[0], "id": "q1", "answer_index": None}  # an unlabelled question is left out, as before
    (tmp_path / "arc_easy" / "validation.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert [it.id for it in load_items("arc_easy", "test", data_dir=tmp_path)] == ["q0", "q2"]


def test_a_router_trained_on_one_format_routes_every_question_given_as_embeddings():
    """With few training questions every label can be one format: the constant router answered [] for the
    embeddings of a whole test split, and `mc-formats --train-limit 3` ended in a numpy traceback."""
    import numpy as np

    from judgesuite.suite.studies.mc_formats.classifier import FormatClassifier

    clf = FormatClassifier().fit([], ["cloze", "cloze"], embeddings=np.zeros((2, 4)))
    assert clf.predict([], embeddings=np.zeros((5, 4))) == ["cloze"] * 5
