"""`stacked` on math rows: a definite `sympy` verdict decides; the forest decides where `sympy` gives none."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from judgesuite.judges import make_judge
from judgesuite.judges.types import Sample

CORPUS = Path(__file__).parent / "fixtures" / "math_style_corpus.jsonl"
# rows of the grader-case corpus where the forest said the opposite of sympy before the rule, sympy right
OVERRIDDEN = ("grader-opencompass-0826", "grader-nemo-skills-0801", "grader-simple-evals-0846",
              "style-inequality-interval-0671", "style-inequality-interval-0676",
              "style-rejected-alternative-0375", "style-rejected-alternative-0399")


def corpus_rows(ids):
    rows = {r["id"]: r for r in map(json.loads, CORPUS.read_text(encoding="utf-8").splitlines())}
    return [rows[i] for i in ids]


@pytest.fixture(scope="module", params=["stacked", "stacked:encoder=true"])
def judge(request):
    j = make_judge(request.param)
    yield j
    j.close()


def test_sympy_decides_where_the_forest_overrode_it(judge):
    rows = corpus_rows(OVERRIDDEN)
    samples = [Sample(id=r["id"], task_type="math", question="", candidate=r["candidate"],
                      references=tuple(r["references"])) for r in rows]
    verdicts = judge.judge(samples)
    assert [v.correct for v in verdicts] == [r["label"] for r in rows]
    assert all(v.extra["rule"] == "sympy decides" and v.score == float(v.correct) for v in verdicts)


def test_the_forest_decides_where_sympy_gives_no_verdict(judge):
    sympy = make_judge("sympy")
    try:
        rows = [Sample(id="prose", task_type="math", question="Is the statement true?",
                       candidate="Yes, it is true for every n.", references=("\\text{True}",)),
                Sample(id="open", task_type="open_qa", question="Who wrote Hamlet?",
                       candidate="William Shakespeare", references=("Shakespeare",))]
        assert sympy.judge(rows[:1])[0].correct is None
        verdicts = judge.judge(rows)
    finally:
        sympy.close()
    assert all("rule" not in v.extra and v.correct is not None for v in verdicts)
    assert all(0.0 < v.score < 1.0 for v in verdicts)
    assert verdicts[1].correct is True
