"""`stacked` calls a date answer whose year no reference holds incorrect (judges/learned/other_year.py)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from judgesuite.judges import Sample, make_judge
from judgesuite.judges.learned.other_year import RULE, other_year
from judgesuite.suite.data.loader import load_bundled

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _sample(candidate: str, references: tuple[str, ...], question: str = "when did the show first air") -> Sample:
    return Sample(id="y", task_type="open_qa", question=question, candidate=candidate, references=references)


@pytest.mark.parametrize("candidate, references, year", [
    ("1999", ("1983", "August 31, 1983"), 1999),
    ("In 1999.", ("1983",), 1999),
    ("March 30, 1990", ("1984", "May 1984"), 1990),
    ("30 March 1990", ("May 1984",), 1990),
    ('{"answer": "2010"}', ("in 1973", "4 February 1974", "1974"), 2010),
    ("Final answer: 2016", ("8 March 2008", "24 February 2018"), 2016),
])
def test_a_date_alone_with_another_year_is_read(candidate, references, year):
    assert other_year(_sample(candidate, references)) == year


@pytest.mark.parametrize("candidate, references, question", [
    ("1983", ("August 31, 1983",), "when did the show first air"),  # the year a reference holds
    ("May 1978", ("1977 (US), 1978 (UK)",), "when was it released"),
    ("2018", ("the 2017-18 season",), "when did they last win"),  # inside a span
    ("1666", ("1665 to 1666",), "when did the plague happen"),
    ("1967", ("the 1960s.",), "when did the mint move"),  # a decade: the forest decides
    ("1850", ("the 19th century",), "when was it built"),
    ("1999", ("1983",), "how many people live there"),  # no "when": a count
    ("The film came out in 1999 in the US.", ("1983",), "when did the film come out"),  # more than a date
    ("1999", ("season 9",), "when does jo come in"),  # no reference year
    ("1999 or 2000", ("1983",), "when did it air"),
])
def test_anything_else_is_left_to_the_forest(candidate, references, question):
    assert other_year(_sample(candidate, references, question)) is None


def test_only_open_qa_is_read():
    sample = Sample(id="y", task_type="context_qa", question="when did it air", candidate="1999",
                    references=("1983",))
    assert other_year(sample) is None


def test_stacked_rejects_round_7s_wrong_years_the_forest_accepted():
    """Open-QA round 7 (read at stop 52; development data): replies that are a wrong year alone, which the forest
    scored just over its threshold."""
    rows = [json.loads(line) for line in (FIXTURES / "model_openqa_round7.jsonl").read_text().splitlines()]
    samples = [Sample(id=r["id"], task_type="open_qa", question=r["question"], candidate=r["candidate"],
                      references=tuple(r["references"])) for r in rows
               if not r["label"] and other_year(Sample(id=r["id"], task_type="open_qa", question=r["question"],
                                                       candidate=r["candidate"],
                                                       references=tuple(r["references"]))) is not None]
    judge = make_judge("stacked")
    probs, _ = judge.probabilities(samples)
    forest_accepted = probs >= judge.load().threshold("open_qa")
    assert forest_accepted.sum() >= 3
    verdicts = judge.judge(samples)
    assert all(v.correct is False and v.extra["rule"] == RULE for v in verdicts)


def test_on_evouna_dev_every_row_the_rule_fires_on_is_labelled_incorrect():
    rows = [r for r in load_bundled("evouna-nq", "dev").scorable() if other_year(r.sample) is not None]
    assert len(rows) >= 10
    assert not any(r.label for r in rows)
