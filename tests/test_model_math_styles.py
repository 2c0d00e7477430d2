"""The model-written answer-style corpus of issue 37 (tests/fixtures/model_math_styles.jsonl): its rows
follow the build script's filter and split rule, and what `sympy` does on them."""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from judgesuite.judges import Sample, make_judge
from judgesuite.judges.math.symbolic import judge_math

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "fixtures" / "model_math_styles.jsonl"
CARD = ROOT / "tests" / "fixtures" / "model_math_styles.md"


def _script(name: str):
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(ROOT / "scripts"))


def _rows(split: str = "all") -> list[dict]:
    rows = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines()]
    return [r for r in rows if split == "all" or r["split"] == split]


def test_every_row_passes_the_number_filter_and_the_split_rule():
    builder, rows = _script("build_model_math_styles"), _rows()
    assert CORPUS.stat().st_size < 1_000_000
    items = {it["item"]: it for it in builder.items(builder.N_QUESTIONS)
             + builder.items(builder.ROUND2_QUESTIONS, round_=2)}
    for r in rows:
        it = items[r["item"]]
        assert (r["label"], r["prompt_style"], r["references"]) == (it["label"], it["style"], [it["gold"]])
        known = {v for vals in builder.numbers_in(builder.prompt_of(it), strict=False) for v in vals}
        assert builder.keep_reason(r["candidate"], it["final"], it["other"], known) == "kept", r["id"]
        assert r["split"] == builder.split_of(it["round"]) and r["round"] == it["round"]
        assert r["prompt_style"] in (builder.STYLES if it["round"] == 1 else builder.ROUND2_STYLES)
    assert not set(builder.STYLES) & set(builder.ROUND2_STYLES)
    assert not {i["question_id"] for i in items.values() if i["round"] == 1} & {
        i["question_id"] for i in items.values() if i["round"] == 2}
    assert {r["label"] for r in rows} == {True, False}
    card = CARD.read_text(encoding="utf-8")
    assert all(f"`{s}`" in card for s in {**builder.STYLES, **builder.ROUND2_STYLES})


def test_the_corpus_is_rebuilt_byte_for_byte_from_the_committed_replies(tmp_path, capsys):
    builder = _script("build_model_math_styles")
    builder.main(["finalize", "--out", str(tmp_path / "corpus.jsonl")])
    assert (tmp_path / "corpus.jsonl").read_bytes() == CORPUS.read_bytes()
    assert "smollm2-135m                             kept                                   334" in capsys.readouterr().out


def test_the_number_filter_reads_separators_every_way():
    builder = _script("build_model_math_styles")
    assert builder.numbers_in("1.400 and 1 400,5") == [{1400.0, 1.4}, {1400.5}]
    assert builder.keep_reason('"answer": "45.53.53"', 45, 55, set()) == "intended number absent"
    assert builder.keep_reason("So 45, not 55.", 45, 55, set()) == "other number present"
    assert builder.keep_reason("It is 45. Or 61.", 45, 55, {45.0}) == "new number after the intended one"
    assert builder.keep_reason("Die Antwort lautet 1.400.", 1400, 1500, set()) == "kept"


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
        return judge.judge([Sample(id=r["id"], task_type="math", question="", candidate=r["candidate"],
                                   references=tuple(r["references"])) for r in rows])


def test_sympy_never_accepts_a_wrong_row_and_reads_round_1_at_least_as_well_as_math_verify():
    """Round 1 is development data (its frozen half was read once: sympy 0.872, math-verify 0.894, then fixed
    on); round 2's held-out rows are measured once, by the script, not asserted here."""
    rows = _rows()  # both rounds: no false "equal" (round 2 held out: read once, then guarded here)
    verdicts = _verdicts("sympy", rows)
    assert not [r["id"] for r, v in zip(rows, verdicts) if v.correct is True and not r["label"]]
    pytest.importorskip("math_verify")
    dev = [(r, v) for r, v in zip(rows, verdicts) if r["split"] == "dev"]
    sympy_acc = sum((v.correct is True) == r["label"] for r, v in dev) / len(dev)
    mv = _verdicts("math-verify", [r for r, _ in dev])
    mv_acc = sum((v.correct is True) == r["label"] for (r, _), v in zip(dev, mv)) / len(dev)
    assert sympy_acc >= 0.95 and sympy_acc >= mv_acc  # measured 0.958 and 0.901 (192 round-1 rows)
