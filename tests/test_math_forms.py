"""The answer-form families of issue 17 (tests/math_forms.py, labels by construction):
`sympy` (auto) gives the expected verdict on every case of every family, never a false
"equal"; at least as accurate as Math-Verify on every family (slow); the ANTLR path
never runs injected code; the SimpleRL and Lighteval configurations keep their parsers."""
from __future__ import annotations

import pytest

from judgesuite.judges import Sample, make_judge
from judgesuite.judges.math.extract import CONFIGS, extract
from judgesuite.judges.math.forms import as_list, decimal_comma, is_equation, needs_latex_backend, reference_answer
from judgesuite.judges.sandbox.bounded import OK, BoundedPool

from .math_forms import FAMILIES, PARAMS, build, cases


@pytest.fixture(scope="module")
def judge():
    with make_judge("sympy") as j:
        yield j


@pytest.fixture(scope="module")
def sweep(judge):
    data = build(params=PARAMS[:1])[::2]  # half the cases of one parameter set: the fast sweep
    return data, judge.judge([s for _, s, _ in data])


def test_every_family_has_correct_and_incorrect_cases():
    for family in FAMILIES:
        labels = [lab for _, _, lab in cases(family)]
        assert labels.count(True) >= 20 and labels.count(False) >= 20, family


@pytest.mark.parametrize("family", list(FAMILIES))
def test_family_every_verdict_as_labelled(sweep, family):
    data, verdicts = sweep
    wrong = [(s.references[0][-40:], s.candidate[-60:], lab, v.correct, v.detail)
             for (f, s, lab), v in zip(data, verdicts) if f == family and v.correct is not lab]
    assert wrong == []


@pytest.mark.slow
def test_every_family_at_least_as_accurate_as_math_verify_and_no_false_equal():
    data = build()
    samples = [s for _, s, _ in data]
    out = {}
    for name in ("sympy", "math-verify"):
        with make_judge(name) as judge:
            out[name] = judge.judge(samples)
    for family in FAMILIES:
        idx = [i for i, (f, _, _) in enumerate(data) if f == family]
        acc = {n: sum((v[i].correct is True) == data[i][2] for i in idx) / len(idx) for n, v in out.items()}
        assert acc["sympy"] >= 0.98 and acc["sympy"] >= acc["math-verify"], (family, acc)
        assert not any(out["sympy"][i].correct is True and not data[i][2] for i in idx), family


def test_routing_of_answer_forms():
    assert needs_latex_backend("x \\geq 5") and needs_latex_backend("-2 < x")
    assert needs_latex_backend("\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}") and needs_latex_backend("\\sum_{k=1}^n k")
    assert is_equation("2x - y + 1 = 0") and is_equation("y - 3x = 4")
    for label in ("k = 45", "AB = 7", "V_1 = 3", "f(x) = x^2", "(x, y) = (1, 2)", "V_1 : V_2 = 3:4", "18 + 2 = 20"):
        assert not is_equation(label), label
    assert not needs_latex_backend("\\frac{1}{2}") and not needs_latex_backend("(1, 2) \\cup [3, 4]")


def test_span_rewrites():
    assert as_list("5 and 8") == "5, 8" and as_list("(a) 3, (b) 1") == "3, 1"
    assert as_list("x = 5 \\text{ or } x = 8") == "x = 5, x = 8"
    assert decimal_comma("3,5") == "3.5" and decimal_comma("1 000,50 €") == "1000.50"
    assert decimal_comma("12,345") is None and decimal_comma("1, 2") is None
    sol = "We add 3 and 4 to get 7.\nThen 7 * 2 = 14.\n#### 14"
    assert reference_answer(sol) == "14" and reference_answer("\\frac{1}{2}") == "\\frac{1}{2}"


@pytest.mark.parametrize("gold,cand,equal", [
    ("25\\%", "0.25\\%", False), ("25\\%", "25", True), ("25\\%", "0.25", True), ("25", "25\\%", True),
    ("0.25", "25\\%", True), ("25", "0.25", False),  # the percent rule (docs/math-judges.md)
    ("3:4", "V_1 : V_2 = 3:4", True), ("3:4", "4:3", False), ("12:30", "2:5", False),
    ("\\pm 3", "3", False), ("\\emptyset", "0", False), ("y = 2x + 1", "4x - 2y + 2 = 0", True),
    ("y = 2x + 1", "2x + y + 1 = 0", False), ("x \\geq 5", "y \\geq 5", False),
])
def test_comparison_rules(judge, gold, cand, equal):
    v = judge.judge([Sample("s", "math", "q", f"Final answer: ${cand}$", (gold,))])[0]
    assert v.correct is equal, v.detail


def test_simplerl_and_lighteval_extraction_unchanged_by_the_new_forms():
    text = "So $x = \\boxed{5}$ or $x = \\boxed{8}$.\nThe answers are 5 and 8."
    for name in ("simplerl", "lighteval"):  # no joined boxes, no "answers are" marker
        assert extract(text, CONFIGS[name]).spans[:2] == ["5", "8"]
    assert extract(text, CONFIGS["auto"]).spans[0] == "5 and 8"  # auto: the last committed answer
    display = "We get\n$$\nx = 58\n$$"
    assert extract(display, CONFIGS["simplerl"]).spans == ["58"]
    assert extract(display, CONFIGS["auto"]).spans[0] == "x = 58"


def test_latex_backend_never_runs_injected_code(tmp_path):
    from .test_security import _payloads

    sentinel = tmp_path / "SENTINEL"
    texts = _payloads(sentinel) + [f"x \\geq {p}" for p in _payloads(sentinel)]
    with BoundedPool("judgesuite.judges.math.latex_backend:parse_repr", workers=1, timeout=20.0) as pool:
        outcomes = pool.map(texts)
    assert all(o.status == OK for o in outcomes)
    assert not sentinel.exists()
