"""The blind second read of open-QA round 6 (card, "Second read (blind)"): the second-read file labels exactly the
seeded sample, and the agreement and Cohen's kappa written in the card are what `agree` computes (a second or so).
Round 7's test (test_model_openqa_round7_second_read.py) runs the same checks through the helpers below."""
from __future__ import annotations

import json
import re
from pathlib import Path

from .script_modules import load_script

ROOT = Path(__file__).resolve().parent.parent
CARD = ROOT / "tests" / "fixtures" / "model_openqa_round6.md"
HEADING = "## Second read (blind)"


def _second_read(number: int = 6) -> dict:
    return json.loads(load_script("round6_second_read").ROUNDS[number].second.read_text(encoding="utf-8"))


def check_covers_exactly_the_seeded_sample(number: int) -> None:
    s = load_script("round6_second_read")
    rnd = s.ROUNDS[number]
    rows = s.corpus_rows(rnd.corpus)
    ids = s.sample_ids(rows, seed=rnd.seed)
    second = _second_read(number)
    assert len(ids) == len(set(ids)) == 200
    assert sorted(second) == ids
    per_model = {}
    for row in rows:
        if row["id"] in second:
            per_model[row["model"]] = per_model.get(row["model"], 0) + 1
    assert sorted(per_model.values()) == [50, 50, 50, 50]
    assert all(isinstance(v["label"], bool) and isinstance(v["why"], str) and v["why"] for v in second.values())


def check_figures_are_agrees(number: int, card: Path, disagreements: int, per_kind: bool = False) -> None:
    """The card's agreement line, per-model (and per prompt kind) rows and number of disagreements are `agree`'s."""
    s = load_script("round6_second_read")
    res = s.agreement(_second_read(number), s.corpus_rows(s.ROUNDS[number].corpus))
    section = card.read_text(encoding="utf-8").split(HEADING, 1)[1]
    m = re.search(r"(\d+) rows, raw agreement (\d+)/(\d+) = ([0-9.]+), Cohen's kappa ([0-9.]+)", section)
    assert m, "the card's agreement line"
    rows, agreed, n, raw, kappa = m.groups()
    assert (int(rows), int(agreed), int(n)) == (res["rows"], res["agree"], res["rows"])
    assert raw == f"{res['raw']:.3f}"
    assert kappa == f"{res['kappa']:.3f}"
    for model, (a, total) in res["per_model"].items():
        assert f"| {model} | {a}/{total} |" in section
    if per_kind:
        for kind, (a, total) in res["per_kind"].items():
            assert f"| {kind} | {a}/{total} |" in section
    assert len(res["disagreements"]) == disagreements


def test_second_read_covers_exactly_the_seeded_sample():
    check_covers_exactly_the_seeded_sample(6)


def test_agreement_and_kappa_are_the_cards():
    check_figures_are_agrees(6, CARD, disagreements=1)
