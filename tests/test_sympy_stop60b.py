"""Stop 60b (s70): grader batch 11's function notations (named_functions): inverse functions written `cos^(-1)(x)`,
`acot`, `arccsch`; powers `sech^2 x`; `log_2(8)`; `nCr`, `nPr`, `binom`, `atan2`, `cbrt`, `nthroot`, `round`."""
from __future__ import annotations

import pytest

from judgesuite.judges.math.latex_backend import parse_latex
from judgesuite.judges.math.symbolic import judge_math


def _verdict(gold: str, cand: str) -> bool | None:
    return judge_math(((gold,), cand, "auto"))[0]


@pytest.mark.parametrize("gold, cand", [
    # f^{-1} after a trigonometric or hyperbolic name is its inverse, in plain text and LaTeX
    ("acos(x)", "cos^(-1)(x)"), ("asin(x)", "sin^(-1)(x)"), ("asin(x)", "sin^-1 x"), ("atan(x)", "tan^(-1)(x)"),
    ("acot(x)", "cot^(-1)(x)"), ("acsc(x)", "csc^(-1)(x)"), ("asec(x)", "sec^(-1)(x)"),
    ("acosh(x)", "cosh^(-1)(x)"), ("asinh(x)", "sinh^(-1)(x)"), ("atanh(x)", "tanh^(-1)(x)"),
    ("acoth(x)", "coth^(-1)(x)"), ("arccsch(x)", "csch^(-1)(x)"), ("asech(x)", "sech^(-1)(x)"),
    ("\\arccos x", "\\cos^{-1} x"), ("\\arctan(2)", "\\tan^{-1}(2)"),
    # the a- and arc- spellings are one function
    ("arccot(x)", "acot(x)"), ("arcsec(x)", "asec(x)"), ("arccsc(x)", "acsc(x)"), ("arccoth(x)", "acoth(x)"),
    ("arcsech(x)", "asech(x)"), ("arccsch(x)", "acsch(x)"),
    # a power after a function name: (f x)^n
    ("sech(x)^2", "sech^2 x"), ("csch(x)^2", "csch^2(x)"), ("coth(x)^n", "coth^n x"), ("sech(x)^n", "sech^n(x)"),
    ("(tan x)(tan(x))", "tan^2 x"), ("\\cos(x)^k", "\\cos^k x"),
    # a plain-text base of log
    ("5", "log_10(100000)"), ("3", "log_2(8)"), ("log(b)/log(a)", "log_a(b)"), ("3", "\\log_2 8"),
    # named functions glued to their bracket
    ("56", "nCr(8,3)"), ("336", "nPr(8,3)"), ("56", "binom(8,3)"), ("nCr(n,m)", "binom(n,m)"), ("10", "\\binom{5}{2}"),
    ("pi/3", "atan2(sqrt(3),1)"), ("-2*pi/3", "atan2(-sqrt(3),-1)"),
    ("x^(1/3)", "cbrt(x)"), ("x^(1/n)", "nthroot(x, n)"), ("cbrt(x)", "nthroot(x, 3)"), ("sqrt(x)", "nthroot(x,2)"),
    ("17", "round(17.3)"), ("-17", "round(-17.3)"), ("18", "round(17.8)"), ("-18", "round(-17.8)"),
])
def test_function_notations_read_equal(gold, cand):
    assert _verdict(gold, cand) is True


@pytest.mark.parametrize("gold, cand", [
    ("1/cos(x)", "cos^(-1)(x)"), ("1/sin(x)", "sin^-1 x"), ("\\sec x", "\\cos^{-1} x"), ("acos(x)", "cos^(-1)(2x)"),
    ("4", "log_2(8)"), ("2", "log_10(1000)"), ("log(a)/log(b)", "log_a(b)"),
    ("20", "nCr(5,2)"), ("10", "nPr(5,2)"), ("56", "nCr(8,4)"),
    ("pi/6", "atan2(sqrt(3),1)"), ("pi/3", "atan2(1,sqrt(3))"),
    ("17", "round(17.8)"), ("x^(1/2)", "cbrt(x)"), ("sech(x)^3", "sech^2 x"), ("acot(x)", "arctan(x)"),
])
def test_function_notations_read_unequal(gold, cand):
    assert _verdict(gold, cand) is False


@pytest.mark.parametrize("gold, cand", [
    ("2", "round(2.5)"), ("3", "round(2.5)"),  # half-even and half-up differ: no verdict
    ("3", "re(3-5x)"), ("-5", "im(x-5i)"),  # i is a variable to the grammar: not read (of numbers only, stop 61 reads
    # them: tests/test_sympy_stop61.py)
    ("-2", "cbrt(-8)"), ("-2", "nthroot(-8, 3)"),  # real root or principal root: refused
    ("x", "nCr(5)"), ("0", "atan2(0,0)"),
])
def test_conventions_that_differ_get_no_verdict(gold, cand):
    assert _verdict(gold, cand) is None


def test_the_antlr_path_refuses_plain_text_calls_it_read_as_products():
    assert parse_latex("round(2.5)") is None and parse_latex("nCr(8,3)") is None and parse_latex("arg(x)") is None
    assert parse_latex("\\binom{8}{3}") is not None  # the command stays


def test_a_minus_two_power_and_prose_round_are_not_inverses_or_calls():
    assert _verdict("asin(x)", "\\sin^{-2} x") is not True
    assert _verdict("17", "17 (round to the nearest integer)") is True


@pytest.mark.parametrize("cand", ["cos^(-1)(" * 5000 + "x", "nCr(" * 5000, "log_2 " * 10000 + "8", "sin^" * 20000])
def test_adversarial_notations_end(cand):
    judge_math((("1",), cand, "auto"))


def test_named_functions_is_inside_the_sympy_fingerprint():
    from judgesuite.judges.fingerprint import module_closure
    from judgesuite.judges.math.symbolic import SympyJudge

    assert "judgesuite.judges.math.named_functions" in set(module_closure([SympyJudge.__module__]))
