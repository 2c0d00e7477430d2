"""`sympy`'s speed on equations (issue 37, stop 59d, helper s68): the ANTLR path reads number tokens without
SymPy's string parser (antlr_two_stage.parse_number); every reading stays the library's."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import sympy
from latex2sympy2_extended.latex2sympy2 import _Latex2Sympy

from judgesuite.judges.math.antlr_two_stage import latex_to_sympy, parse_number
from judgesuite.judges.math.latex_backend import parse_latex

CORPUS = Path(__file__).parent / "fixtures" / "math_style_corpus.jsonl"
EDGES = ["0", "00", "007", "0.0", "1.", ".5", "1.50", "3.14159265358979323846264338", "1,000", "1,000.5",
         "12345678901234567890123", "0.000001", "1e5", "1.5e3", "\u0663", "12\u0663"]


def _rows(split: str | None = None) -> list[dict]:
    rows = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r for r in rows if split is None or r["split"] == split]


def _reading(fn, text: str) -> tuple:
    """(type, srepr, precision) of fn(text), or the error's type."""
    try:
        value = fn(text)
    except Exception as exc:  # noqa: BLE001 - the library's own error must be ours too
        return ("error", type(exc).__name__)
    return type(value), sympy.srepr(value), getattr(value, "_prec", None)


def test_parse_number_is_the_librarys_on_every_number_of_the_corpus():
    tokens = {t for r in _rows() for text in (r["candidate"], *r["references"])
              for t in re.findall(r"[0-9][0-9.,]*|\.[0-9]+", text)}
    assert len(tokens) > 500
    for t in sorted(tokens) + EDGES:
        assert _reading(parse_number, t) == _reading(lambda x: _Latex2Sympy.parse_number(None, x), t), t


def test_parse_number_leaves_other_tokens_to_the_library():
    with pytest.raises(Exception):
        _Latex2Sympy.parse_number(None, "1.2.3")
    with pytest.raises(Exception):
        parse_number("1.2.3")
    assert parse_number("1e5") == sympy.Float("1e5")


def test_every_dev_w10_text_reads_as_the_library_reads_it():
    texts = sorted({t for r in _rows("dev-w10") for t in (r["candidate"], *r["references"]) if len(t) < 200})[:200]
    read = 0
    for text in texts:
        try:
            ours = latex_to_sympy(text)
        except Exception:  # noqa: BLE001 - the grammar's errors: the library must fail too
            with pytest.raises(Exception):
                _Latex2Sympy(None, True).parse(text)
            continue
        assert sympy.srepr(ours) == sympy.srepr(_Latex2Sympy(None, True).parse(text)), text
        read += 1
    assert read > 100


def test_the_parse_memo_is_bounded_and_returns_equal_readings():
    assert parse_latex.cache_info().maxsize == 256
    parse_latex.cache_clear()
    first = parse_latex("x^2 - 3x + 10 = 0.5")
    assert parse_latex("x^2 - 3x + 10 = 0.5") is first
    parse_latex.cache_clear()
    assert sympy.srepr(parse_latex("x^2 - 3x + 10 = 0.5")) == sympy.srepr(first)
    for i in range(300):
        parse_latex(f"x = {i}")
    assert parse_latex.cache_info().currsize == 256
