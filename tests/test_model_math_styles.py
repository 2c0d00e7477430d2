"""The model-written answer-style corpus of issue 37 (tests/fixtures/model_math_styles.jsonl): its rows
follow the build script's filter and split rule, and what `sympy` does on them (every round read so far: each
held-out round was read once, card, before any test ran a judge on it; no test runs a judge on a split named
in the measurer's `UNREAD`: none now, round 6's `heldout-r6` was read once on 2026-12-06)."""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from judgesuite.judges import Sample, make_judge
from judgesuite.judges.math.symbolic import judge_math

from .script_modules import load_script

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "fixtures" / "model_math_styles.jsonl"
CARD = ROOT / "tests" / "fixtures" / "model_math_styles.md"


def _rows(split: str = "all") -> list[dict]:
    """The corpus rows of `split`; "all" is every row."""
    rows = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines()]
    return [r for r in rows if split == "all" or r["split"] == split]


def test_every_row_passes_the_number_filter_and_the_split_rule():
    builder, rows = load_script("build_model_math_styles"), _rows()
    assert CORPUS.stat().st_size < 1_250_000  # 1.07 MB with round 6 (non-Latin scripts: 2-3 bytes a character)
    replies = (builder.REPLIES, builder.REPLIES_R3, builder.REPLIES_R4, builder.REPLIES_R5, builder.REPLIES_R6)
    assert all(p.stat().st_size < 1_000_000 for p in replies)
    items = {it["item"]: it for it in builder.items(builder.N_QUESTIONS)
             + builder.items(builder.ROUND2_QUESTIONS, round_=2) + builder.items(builder.ROUND3_QUESTIONS, round_=3)
             + builder.items(builder.ROUND4_QUESTIONS, round_=4) + builder.items(builder.ROUND5_QUESTIONS, round_=5)
             + builder.items(builder.ROUND6_QUESTIONS, round_=6)}
    styles = {1: builder.STYLES, 2: builder.ROUND2_STYLES, 3: builder.ROUND3_STYLES, 4: builder.ROUND4_STYLES,
              5: builder.harness.STYLES, 6: builder.ROUND6_STYLES}
    for r in rows:
        it = items[r["item"]]
        assert (r["label"], r["prompt_style"], r["references"]) == (it["label"], it["style"], [it["gold"]])
        known = {v for vals in builder.numbers_in(builder.prompt_of(it), strict=False) for v in vals}
        assert builder.keep_reason(r["candidate"], it["final"], it["other"], known) == "kept", r["id"]
        expected = ("dev" if it["round"] < 3 else f"heldout-r{it['round']}" if it["round"] < 5
                    else builder.harness.split_of_style(it["style"]) if it["round"] == 5
                    else builder.split_of_question(it["question_id"]))
        assert r["split"] == builder.split_of(it["round"], it["style"], it["question_id"]) == expected
        assert r["round"] == it["round"] and r["prompt_style"] in styles[it["round"]]
    assert sum(map(len, styles.values())) == len({s for st in styles.values() for s in st})  # every style new
    by_round = [{i["question_id"] for i in items.values() if i["round"] == k} for k in (1, 2, 3, 4, 5, 6)]
    assert sum(map(len, by_round)) == len(set().union(*by_round))  # no question reused across rounds
    assert {i["data_split"] for i in items.values() if i["round"] < 6} == {"train", "dev"}
    assert {i["data_split"] for i in items.values() if i["round"] == 6} == {"gsm8k-train"}  # GSM8K's own train
    assert {r["label"] for r in rows} == {True, False}
    assert {r["split"] for r in rows} == {"dev", "heldout-r3", "heldout-r4", "dev-r5", "heldout-r5", "dev-r6",
                                          "heldout-r6"}
    card = CARD.read_text(encoding="utf-8")
    assert all(f"`{s}`" in card for st in styles.values() for s in st)


@pytest.mark.parametrize("round_", [3, 4])
def test_rounds_3_and_4_styles_are_ifeval_templates_chosen_by_the_hash_rule(round_):
    """Round 3: the first 12 of the 24 eligible ids by the SHA-256 rule; round 4: the other 12."""
    builder = load_script("build_model_math_styles")
    ifeval = load_script("model_math_styles_ifeval")
    ranked = sorted(set(ifeval.TEMPLATES) - ifeval.DROPPED,
                    key=lambda i: hashlib.sha256(f"judgesuite-issue37-round3:{i}".encode()).hexdigest())
    styles = builder.IFEVAL_STYLES[round_]
    assert list(styles.values()) == (ranked[:12] if round_ == 3 else ranked[12:]) and len(ifeval.TEMPLATES) == 25
    for it in builder.items(12, round_=round_)[::2]:  # one question per style: the prompt ends with its template
        template = ifeval.TEMPLATES[styles[it["style"]]]
        head = template.split("{")[0]
        assert it["instruction"].startswith(head) and builder.prompt_of(it).endswith(it["instruction"])
        counts = [int(t) for t in re.findall(r"\b\d+\b", it["instruction"].split("such as")[0])]
        assert not {float(c) for c in counts} & {it["final"], it["other"]}  # a drawn count is neither number


def test_round_5_styles_are_harness_instructions_split_by_the_hash_rule():
    """Round 5: 13 answer-format instructions of public harnesses (MIT / Apache-2.0 sources, none of the
    sources the project's held-out sets come from), split by SHA-256 of a seed fixed before generation."""
    builder, harness = load_script("build_model_math_styles"), load_script("model_math_styles_harness")
    ranked = sorted(harness.STYLES, key=lambda s: hashlib.sha256(
        f"judgesuite-issue37-round5-harness-split:{s}".encode()).hexdigest())
    assert len(ranked) == 13 and harness.HELDOUT == set(ranked[:6])
    assert [harness.split_of_style(s) for s in ranked] == ["heldout-r5"] * 6 + ["dev-r5"] * 7
    for source, _ in harness.STYLES.values():
        repo, path, licence, _ = harness.SOURCES[source]
        assert licence.split()[0] in ("MIT", "Apache-2.0") and re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", repo)
        assert not re.search(r"math-verify|lighteval|hendrycks|open-r1|verl|mindspeed|google-research",
                             f"{repo} {path}".lower())
    assert {harness.LANGUAGE[s] for s in harness.STYLES} == {"en", "fr", "de", "es", "ru", "zh", "ja"}
    assert {harness.WRITERS[s] for s in harness.STYLES if harness.LANGUAGE[s] != "en"} == {harness.QWEN}
    for it in builder.items(13, round_=5)[::2]:  # one question per style: the prompt ends with its instruction
        n = builder.written(it["final"], harness.LOCALE.get(harness.LANGUAGE[it["style"]], "en"))
        assert builder.prompt_of(it).endswith(f"giving the final answer {n}. {harness.instruction(it['style'], n)}")
    assert builder.split_of(5, "simple-evals-mgsm-ru") == "heldout-r5" and builder.split_of(4) == "heldout-r4"


def test_round_6_questions_are_gsm8k_train_questions_split_by_the_hash_rule():
    """Round 6: 40 GSM8K train questions none of the bundled set's splits holds (test included), each in all 8
    styles with one label (4 right, 4 wrong), split by SHA-256 of the question id, written by Qwen only."""
    builder, harness = load_script("build_model_math_styles"), load_script("model_math_styles_harness")
    drawn = load_script("model_math_questions")
    qs = builder.round6_questions()
    ids = [q["question_id"] for q in qs]
    assert len(ids) == len(set(ids)) == 40 and all(re.fullmatch(r"gsm8k-train-\d+", i) for i in ids)
    bundled = {drawn.normalised(r.sample.question) for split in ("train", "dev", "test")
               for r in drawn.load_bundled("gsm8k-openai-solutions", split).scorable()}
    assert not {drawn.normalised(q["question"]) for q in qs} & bundled
    ranked = sorted(ids, key=lambda i: hashlib.sha256(f"judgesuite-issue37-round6-split:{i}".encode()).hexdigest())
    assert [builder.split_of_question(i) for i in ranked] == ["heldout-r6"] * 20 + ["dev-r6"] * 20
    earlier = {**builder.STYLES, **builder.ROUND2_STYLES, **builder.ROUND3_STYLES, **builder.ROUND4_STYLES,
               **harness.STYLES}
    assert len(builder.ROUND6_STYLES) == 8 and not set(builder.ROUND6_STYLES) & set(earlier)
    items = builder.items(builder.ROUND6_QUESTIONS, round_=6)
    assert len(items) == 320 and len({it["item"] for it in items}) == 320
    for q in ids:
        mine = [it for it in items if it["question_id"] == q]
        assert sorted(it["style"] for it in mine) == sorted(builder.ROUND6_STYLES)
        assert sum(it["label"] for it in mine) == 4 and len({it["other"] for it in mine if it["label"]}) == 1
    for it in items[:8]:
        n = builder.written(it["final"])
        assert builder.prompt_of(it).endswith(f"giving the final answer {n}. "
                                              + builder.ROUND6_STYLES[it["style"]].format(n=n))
    assert {r["model"] for r in _rows() if r["round"] == 6} == {harness.QWEN}


def test_the_corpus_is_rebuilt_byte_for_byte_from_the_committed_replies(tmp_path, capsys):
    builder = load_script("build_model_math_styles")
    builder.main(["finalize", "--out", str(tmp_path / "corpus.jsonl")])
    assert (tmp_path / "corpus.jsonl").read_bytes() == CORPUS.read_bytes()
    out = capsys.readouterr().out
    assert f"{'smollm2-135m':40s} round 1 {'kept':36s}   115" in out and f"round 2 {'kept':36s}   219" in out
    assert f"round 3 {'kept':36s}   186" in out and f"round 4 {'kept':36s}   234" in out
    assert f"{'smollm2-135m':40s} round 5 {'kept':36s}   102" in out  # English harness styles
    assert f"{'qwen2.5-coder-0.5b-instruct-q4_k_m.gguf':40s} round 5 {'kept':36s}   184" in out  # the others
    assert f"{'qwen2.5-coder-0.5b-instruct-q4_k_m.gguf':40s} round 6 {'kept':36s}   210" in out


def test_an_unread_split_stays_out_of_every_read_but_its_own(capsys):
    measure = load_script("measure_model_math_styles")
    # r5, r6 read once (card); so was heldout-m7, math round 7, its own corpus file (model_math_round7.jsonl)
    # an unread split is a later round's (its own corpus file), none of this corpus's: the stacked check leaves out none
    assert all(s.startswith("heldout-m") for s in measure.UNREAD)
    assert not set(measure.UNREAD) & {r["split"] for r in measure.load_corpus("all", measure.CORPUS)}
    assert not set(load_script("stacked_sympy_decides_check").UNREAD) & {r["split"] for r in measure.select("all")}
    assert {r["split"] for r in measure.select("all")} == {"dev", "heldout-r3", "heldout-r4", "dev-r5", "heldout-r5",
                                                            "dev-r6", "heldout-r6"}
    assert {r["split"] for r in measure.select("dev")} == {"dev"}  # rounds 1-2, as before round 5
    measure.UNREAD = ("heldout-r6",)  # as it was before its read: out of `all`, never shown row by row
    assert "heldout-r6" not in {r["split"] for r in measure.select("all")}
    assert measure.select("heldout-r6") == _rows("heldout-r6") != []
    with pytest.raises(SystemExit):  # refused before any judge is built
        measure.main(["--split", "heldout-r6", "--show-errors", "sympy", "--cache", "/nonexistent/cache.sqlite"])
    assert "held out" in capsys.readouterr().err


def test_the_number_filter_reads_separators_every_way():
    builder = load_script("build_model_math_styles")
    assert builder.numbers_in("1.400 and 1 400,5") == [{1400.0, 1.4}, {1400.5}]
    assert builder.keep_reason('"answer": "45.53.53"', 45, 55, set()) == "intended number absent"
    assert builder.keep_reason("So 45, not 55.", 45, 55, set()) == "other number present"
    assert builder.keep_reason("It is 45. Or 61.", 45, 55, {45.0}) == "new number after the intended one"
    assert builder.keep_reason("Die Antwort lautet 1.400.", 1400, 1500, set()) == "kept"
    # round 5's languages: Russian thousands space, full-width digits (Chinese, Japanese)
    assert builder.numbers_in("Ответ: 1 400") == [{1400.0, 1.4}] and builder.numbers_in("答案：１８。") == [{18.0}]
    assert builder.keep_reason("答え: 18。１９ではない", 18, 19, set()) == "other number present"


@pytest.mark.parametrize("candidate,gold,equal", [  # round-1 rows (french, german, yaml, json, units, table, bullets)
    ("La réponse est 2 000.", "2000", True),
    ("La réponse est 46.", "23", False),
    ("Die Antwort lautet 20.\n\nDie Frage lautet: wie viele Eier braucht Chester für 60 Tage?", "20", True),
    ("Die Antwort lautet 530.", "520", False),
    ("- steps: ['Calculate the commission', 'Calculate the total']\n- final_answer: 450", "450", True),
    ("```yaml\nsteps:\n  - \"100 + 50 = 150 orders.\"\nfinal_answer: 1050\n```", "1050", True),
    ("```yaml\nsteps:\n  - \"100 + 50 = 150 orders.\"\nfinal_answer: 1050\n```", "150", False),
    ('```json\n{\n  "reasoning": "Subtracting 80 from each side of the equation, we see that '
     'x=220+23-80=163 Post-it notes."\n}\n```', "163", True),
    ("so every year he earns $1200/month * 12 months/year = $14,400\nFinal answer: 14,400 <unit>", "14400", True),
    ("Final answer: 296 dollars <unit>", "295", False),
    ("| Step | Result |\n|------|------|\n| 1    | 450 minutes |\n| 2    | 250 minutes |", "250", True),
    ("| Step | Result |\n|------|------|\n| 1    | 450 minutes |\n| 2    | 250 minutes |", "450", False),
    ("We then multiply to get the final answer, which is 31,800 miles driven by John.", "31800", True),
    ("Konzettel 50\nDie Antwort 50\n\nAwesome!", "50", True),
    ("Konzettel 50\nDie Antwort 50\n\nAwesome!", "51", False),
])
def test_answers_the_small_models_wrote_are_read(candidate, gold, equal):
    assert judge_math(((gold,), candidate, "auto"))[0] is equal


def _verdicts(judge_name: str, rows: list[dict]) -> list:
    with make_judge(judge_name) as judge:
        return judge.judge([Sample(id=r["id"], task_type="math", question=r.get("question") or "",
                                   candidate=r["candidate"], references=tuple(r["references"])) for r in rows])


def test_sympy_never_accepts_a_wrong_row_and_reads_dev_at_least_as_well_as_math_verify():
    """Every round's held-out part was read once (card) before this test judged it: no false equal on any
    row; on rounds 1 and 2 sympy reads at least as well as math-verify."""
    unread = load_script("measure_model_math_styles").UNREAD
    rows = [r for r in _rows() if r["split"] not in unread]  # never a judge on an unread split
    verdicts = _verdicts("sympy", rows)
    assert not [r["id"] for r, v in zip(rows, verdicts) if v.correct is True and not r["label"]]
    pytest.importorskip("math_verify")
    dev = [(r, v) for r, v in zip(rows, verdicts) if r["split"] == "dev"]
    sympy_acc = sum((v.correct is True) == r["label"] for r, v in dev) / len(dev)
    mv = _verdicts("math-verify", [r for r, _ in dev])
    mv_acc = sum((v.correct is True) == r["label"] for (r, _), v in zip(dev, mv)) / len(dev)
    assert sympy_acc >= 0.95 and sympy_acc >= mv_acc  # round 1: 0.958 and 0.901; round 2: 0.954 and 0.931
