"""scripts/sympy_row_guard.py: `compare` on hand-made dumps, and the corpora it reads (never round 15, never -w8)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import sympy_row_guard as guard  # noqa: E402


def _row(corpus, rid, label, verdict, extracted, config="auto"):
    return {"corpus": corpus, "config": config, "id": rid, "label": label, "verdict": verdict,
            "extracted": extracted, "detail": None}


BEFORE = {"rows": [_row("round7", "a", True, None, None), _row("round7", "b", False, True, "5"),
                   _row("round7", "c", True, True, "3"), _row("gsm8k", "d", False, False, "2", "simplerl"),
                   _row("gsm8k", "e", True, True, "9")]}
AFTER = {"rows": [_row("round7", "a", True, True, "4"), _row("round7", "b", False, None, None),
                  _row("round7", "c", True, False, "4"), _row("gsm8k", "d", False, None, "2", "simplerl"),
                  _row("gsm8k", "e", True, True, "9")]}


def test_compare_counts_better_worse_and_same_rightness():
    counts, lines = guard.compare(BEFORE, AFTER)
    assert counts["round7"] == {"rows": 3, "better": 2, "worse": 1, "changed": 0, "missing": 0}
    assert counts["gsm8k:simplerl"] == {"rows": 1, "better": 0, "worse": 0, "changed": 1, "missing": 0}
    assert counts["gsm8k"] == {"rows": 1, "better": 0, "worse": 0, "changed": 0, "missing": 0}
    assert len(lines) == 4 and any(line.startswith("WORSE") and " c " in line for line in lines)


def test_compare_main_exit_status(tmp_path, capsys):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps(BEFORE))
    b.write_text(json.dumps(AFTER))
    assert guard.main(["compare", str(a), str(b)]) == 1  # row c got worse
    assert guard.main(["compare", str(a), str(a)]) == 0
    out = capsys.readouterr().out
    assert "WORSE   round7 c label=True verdict True -> False" in out


def test_extraction_change_alone_is_listed():
    after = {"rows": [dict(r) for r in BEFORE["rows"]]}
    after["rows"][4]["extracted"] = "9.0"
    counts, lines = guard.compare(BEFORE, after)
    assert counts["gsm8k"]["changed"] == 1 and lines == [
        "CHANGED gsm8k e label=True verdict True -> True extracted '9' -> '9.0'"]


def test_corpora_are_the_read_ones():
    data = guard.corpora()
    assert set(data) == {"answer-styles", "model-styles", "gsm8k", "omni-math"} | {f"round{n}" for n in range(7, 19)}
    assert len(data["answer-styles"]) == 2658 and len(data["model-styles"]) == 1327  # every batch read (w12: stop 61)
    assert len(data["round14"]) == 140 and len(data["gsm8k"]) == 2132 and len(data["omni-math"]) == 94
    assert 19 not in guard.ROUNDS and len(data["round15"]) == 140 and len(data["round16"]) == 102
    assert len(data["round17"]) == 140 and len(data["round18"]) == 134
