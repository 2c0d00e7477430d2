"""The blind second read of open-QA round 6 (card, "Second read (blind)"): the second-read file labels exactly the
seeded sample, and the agreement and Cohen's kappa written in the card are what `agree` computes (a second or so)."""
from __future__ import annotations

import json
import re
from pathlib import Path

from .script_modules import load_script

ROOT = Path(__file__).resolve().parent.parent
CARD = ROOT / "tests" / "fixtures" / "model_openqa_round6.md"


def _second_read() -> dict:
    return json.loads(load_script("round6_second_read").SECOND.read_text(encoding="utf-8"))


def test_second_read_covers_exactly_the_seeded_sample():
    s = load_script("round6_second_read")
    rows = s.corpus_rows()
    ids = s.sample_ids(rows)
    second = _second_read()
    assert len(ids) == len(set(ids)) == 200
    assert sorted(second) == ids
    per_model = {}
    for row in rows:
        if row["id"] in second:
            per_model[row["model"]] = per_model.get(row["model"], 0) + 1
    assert sorted(per_model.values()) == [50, 50, 50, 50]
    assert all(isinstance(v["label"], bool) and isinstance(v["why"], str) and v["why"] for v in second.values())


def test_agreement_and_kappa_are_the_cards():
    s = load_script("round6_second_read")
    res = s.agreement(_second_read())
    section = CARD.read_text(encoding="utf-8").split("## Second read (blind)", 1)[1]
    m = re.search(r"(\d+) rows, raw agreement (\d+)/(\d+) = ([0-9.]+), Cohen's kappa ([0-9.]+)", section)
    assert m, "the card's agreement line"
    rows, agreed, n, raw, kappa = m.groups()
    assert (int(rows), int(agreed), int(n)) == (res["rows"], res["agree"], res["rows"])
    assert raw == f"{res['raw']:.3f}"
    assert kappa == f"{res['kappa']:.3f}"
    for model, (a, total) in res["per_model"].items():
        assert f"| {model} | {a}/{total} |" in section
    assert len(res["disagreements"]) == 1
