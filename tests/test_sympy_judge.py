"""The `sympy` judge: conformance, safe parsing, bounded time, extraction configurations, real data."""
from __future__ import annotations

import inspect
import re
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judgesuite.judges import NoVerdict, Sample, check_judge, make_judge
from judgesuite.judges.math import (bounded_values as math_build, compare as math_compare, extract as math_extract,
    normalize as math_normalize, parse as math_parse)
from judgesuite.judges.math import forms as math_forms, latex_backend as math_latex_backend
from judgesuite.judges.math import answer_markers, span_cleaning, strategies as math_strategies
from judgesuite.judges.math.extract import CONFIGS, extract
from judgesuite.judges.math.normalize import normalize, words_to_number
from judgesuite.judges.math.parse import Collection, ParseError, parse
from judgesuite.suite.data.loader import load_bundled

TIMEOUT = 4.0


@pytest.fixture(scope="module")
def auto():
    with make_judge("sympy", timeout=TIMEOUT) as judge:
        yield judge


def _sample(candidate: str, reference: str = "42", sid: str = "s") -> Sample:
    return Sample(sid, "math", "q", candidate, (reference,))


# ------------------------------------------------------------------ contract
@pytest.mark.parametrize("extraction", sorted(CONFIGS))
def test_conformance(extraction):
    with make_judge("sympy", extraction=extraction) as judge:
        check_judge(judge)


def test_bad_extraction_is_refused():
    with pytest.raises(ValueError, match="extraction must be one of"):
        make_judge("sympy", extraction="nonsense")


def test_extraction_is_part_of_identity():
    a, b = make_judge("sympy"), make_judge("sympy", extraction="simplerl")
    assert a.identity()["params"]["extraction"] == "auto"
    assert a.cache_key() != b.cache_key()


# ------------------------------------------------------------------ parsing without eval
def test_no_eval_sympify_or_parse_expr_in_the_parsing_modules():
    for module in (math_parse, math_build, math_normalize, math_compare, math_extract, math_forms, math_latex_backend,
                   answer_markers, span_cleaning, math_strategies):
        code = re.sub(r'"""[\s\S]*?"""|#.*', "", inspect.getsource(module))
        assert not re.search(r"\b(eval|exec|sympify|parse_expr|S)\s*\(", code), module.__name__


@pytest.mark.parametrize("text", ["__import__('os').system('touch /tmp/pwned')", "lambda: 1",
                                  "x.__class__", "open('f')", "a; import os"])
def test_code_is_not_in_the_grammar(text):
    with pytest.raises(ParseError):
        parse(normalize(text))


@pytest.mark.parametrize("text,value", [
    ("1{,}234", 1234), ("\\$1,234.50", "2469/2"), ("3\\frac{1}{2}", "7/2"), ("2 1/2", "5/2"),
    ("x = 5", 5), ("-2^2", -4), ("2^-1*3", "3/2"), ("\\sqrt[3]{27}", 3), ("3.16e3", 3160),
    ("3.16 \\times 10^{3}", 3160), ("thirty-six", 36), ("one hundred and five", 105),
    ("30^\\circ", 30), ("\\frac12", "1/2"), ("\\log_2 8", 3), ("18 \\text{ dollars}", 18),
    ("5!", 120), ("\\dfrac{6}{4}", "3/2"), ("\\tfrac{9}{3}", 3), ("91.00", 91),
])
def test_parse_values(text, value):
    import sympy

    assert parse(normalize(text)).value == sympy.Rational(str(value))


_ATOMS = ["1", "2", "0", "10", "3.5", "x", "y", "e", "\\pi", "\\infty", "+", "-", "*", "/", "^", "**", "!",
          "%", "(", ")", "[", "]", "{", "}", "\\{", "\\}", ",", "=", "\\frac", "\\sqrt", "\\sqrt[3]",
          "\\log_2", "\\sin", "\\binom", "\\cup", " ", "\\cdot", "0.5", "1e5", "\\text{cm}", "seven",
          "\\lfloor", "\\rfloor", "99999", "^{", ";", "_1", "_", "\\$", "1{,}000", "\\%"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_ATOMS), max_size=12).map("".join))
def test_parser_raises_only_parse_error_and_an_answer_equals_itself(text):
    try:
        parsed = parse(normalize(text))
    except ParseError:
        return
    assert math_compare.answers_equal(parsed, parsed) is not False


def test_collections_and_order_rules():
    assert parse("(1, 2)").value.kind == "()"
    assert parse("[1, 2)").value.kind == "[)"
    assert parse("\\{3, 1\\}").value.kind == "set"
    assert isinstance(parse("1, 2").value, Collection) and parse("1, 2").value.kind == "bare"
    eq = math_compare.answers_equal
    assert eq(parse("(1, 2)"), parse("(2, 1)")) is False  # tuples are ordered
    assert eq(parse("\\{1, 2\\}"), parse("\\{2, 1\\}")) is True  # sets are not
    assert eq(parse("[1, 2]"), parse("(1, 2]")) is False  # interval brackets must match
    assert eq(parse("25%"), parse("25")) is True and eq(parse("0.25"), parse("25%")) is True
    assert eq(parse("25"), parse("0.25")) is False  # a bare fraction does not match a percent gold
    assert parse("{3, 1}").value.kind == "bare"  # LaTeX grouping braces are not a set
    assert eq(parse("(1, 3)"), parse("\\{3, 1\\}")) is False  # a set never matches a tuple gold
    assert eq(parse("\\{1, 3\\}"), parse("(3, 1)")) is True  # a tuple may match a set gold
    assert eq(parse("\\{1, 3\\}"), parse("3, 1, 3")) is True  # a repeat counts once in a set


@pytest.mark.parametrize("gold, cand, equal", [
    # a dominant term must not hide a difference: exact polynomial test, not a relative tolerance
    ("+".join(f"(x+{i})^{{{40 + i}}}" for i in range(12)),
     "+".join(f"(x+{2 if i == 1 else i})^{{{40 + i}}}" for i in range(12)), False),
    ("(x+1)^2", "x^2+2x+1", True),
    ("\\frac{1}{x}+\\frac{1}{x+1}", "\\frac{2x+1}{x^2+x}", True),
    ("1000000", "1000001", False),  # exact integers: no tolerance
    ("2^{100}", "2^{100}+1", False),
    ("\\sqrt{2}+1", "1+\\sqrt{2}+10^{-20}", False),
    ("\\sqrt{8}", "2\\sqrt{2}", True),
    ("1/3", "0.333333333", True),  # a decimal answer is compared with REL_TOL
    ("1/3", "0.333", False),
    ("\\sin(x)^2+\\cos(x)^2", "1", True),
])
def test_exact_answers_compare_exactly_rounded_ones_with_tolerance(gold, cand, equal):
    assert math_compare.answers_equal(parse(gold), parse(cand)) is equal


def test_number_words():
    assert words_to_number("seventy-two") == 72
    assert words_to_number("two thousand and five") == 2005
    assert words_to_number("seventy apples") is None


# ------------------------------------------------------------------ extraction configurations
def test_extraction_configs_differ_as_documented():
    text = "The final answer is 5. I hope it is correct.\nOn reflection: \\boxed{6}"
    assert extract(text, CONFIGS["lighteval"]).spans[0] == "5"
    assert extract(text, CONFIGS["simplerl"]).spans[0] == "6"
    assert extract(text, CONFIGS["auto"]).spans[0] == "6"  # the last committed answer counts
    assert extract("So 3 + 4 = 7.\nA: 1,234", CONFIGS["simplerl"]).spans[0] == "1234"
    nested = "\\boxed{\\frac{\\sqrt{2}}{2}}"
    assert extract(nested, CONFIGS["simplerl"]).spans[0] == "\\frac{\\sqrt{2}}{2}"


def test_several_final_answers_last_committed_counts(auto):
    text = "The answer is 41.\nWait, that is wrong; recomputing.\nThe answer is 42."
    assert auto.judge([_sample(text)])[0].correct is True
    assert auto.judge([_sample(text, "41")])[0].correct is False


@pytest.mark.parametrize("text", ["Final answer: 42 or 43", "I cannot determine the answer from this.",
                                  "Final answer: either 42 or 7", "There is not enough information.",
                                  "The answer is not 42.", "The answer is one of the following: 7; 42; 9.",
                                  "The answer is not \\[\n\\boxed{42}\n\\]."])
def test_noncommittal_is_incorrect_not_unparseable(auto, text):
    v = auto.judge([_sample(text)])[0]
    assert v.correct is False and v.reason is None and "non-committal" in v.detail


def test_a_negation_elsewhere_does_not_make_an_answer_noncommittal(auto):
    v = auto.judge([_sample("Since x is not negative, the answer is \\boxed{42}.")])[0]
    assert v.correct is True


def test_no_answer_is_unparseable(auto):
    v = auto.judge([_sample("I will think about it later.")])[0]
    assert v.correct is None and v.reason == NoVerdict.UNPARSEABLE


# ------------------------------------------------------------------ pathological inputs
PATHOLOGICAL = [  # (name, candidate, reference, label)
    ("exponent tower", "Final answer: $10^{10^{10^{10}}}$", "42", False),
    ("python power tower", "Final answer: 9**9**9**9", "42", False),
    ("factorial tower", "\\boxed{((100!)!)!}", "42", False),
    ("factorial chain", "\\boxed{1000!!!!}", "42", False),
    ("huge literal exponent", "Final answer: 1e999999999", "42", False),
    ("deep brackets", "Final answer: " + "(" * 10_000 + "42" + ")" * 10_000, "42", True),
    ("deep braces", "\\boxed{" + "{" * 10_000 + "41" + "}" * 10_000 + "}", "42", False),
    ("deep unary minus", "\\boxed{" + "-(" * 5_000 + "42" + ")" * 5_000 + "}", "42", True),
    ("1 MB of prose", "blah " * 200_000 + "\nFinal answer: 42", "42", True),
    ("1 MB number", "Final answer: " + "9" * 1_000_000, "42", False),
    ("1 MB sum", "\\boxed{" + "1+" * 500_000 + "1}", "500001", True),
]


def _check_pathological(judge) -> list[str]:
    samples = [_sample(c, ref, sid=name) for name, c, ref, _ in PATHOLOGICAL]
    problems = []
    for (name, _, _, label), v in zip(PATHOLOGICAL, judge.judge(samples)):
        if v.reason == NoVerdict.TIMEOUT:
            continue
        if v.correct is not label:
            problems.append(f"{name}: {v.correct} ({v.reason}, {v.detail}) instead of {label}")
    return problems


def test_pathological_inputs_end_with_a_right_verdict_or_a_timeout():
    with make_judge("sympy", timeout=TIMEOUT) as judge:
        assert _check_pathological(judge) == []
        # the pool survives: an ordinary sample right after still gets its verdict
        assert judge.judge([_sample("\\boxed{42}")])[0].correct is True


def test_pathological_inputs_from_a_worker_thread():
    out: dict = {}

    def run() -> None:
        with make_judge("sympy", timeout=TIMEOUT, extraction="lighteval") as judge:
            out["problems"] = _check_pathological(judge)

    t = threading.Thread(target=run)
    t.start()
    t.join(timeout=len(PATHOLOGICAL) * TIMEOUT * 2 + 60)
    assert not t.is_alive()
    assert out["problems"] == []


def test_sympy_timeout_becomes_a_timeout_verdict():
    # Comparing a large symbolic expression cannot finish in 0.05 s: it must come back as timeout.
    hard = "+".join(f"(x+{i})^{40 + i}" for i in range(40))
    with make_judge("sympy", timeout=0.05) as judge:
        v = judge.judge([_sample(f"\\boxed{{{hard}}}", hard.replace("+1)", "+2)"))])[0]
    assert v.correct is None and v.reason == NoVerdict.TIMEOUT


def test_size_bounds_make_huge_values_not_built_numbers():
    assert isinstance(parse("10^{10^{10}}").value, math_build.Huge)
    assert isinstance(parse("5000!").value, math_build.Huge)
    with pytest.raises(ParseError):
        parse("x^{100000}")  # symbolic power beyond MAX_SYMBOLIC_EXPONENT
    with pytest.raises(ParseError):
        parse("x^" * 300 + "x")  # tree deeper than MAX_DEPTH


# ------------------------------------------------------------------ real data
def _accuracy(verdicts, labels) -> float:
    return sum((v.correct is True) == lab for v, lab in zip(verdicts, labels)) / len(labels)


@pytest.mark.parametrize("name,limit", [("omni-math-gpt4o-examples", None), ("gsm8k-openai-solutions", 300)])
def test_at_least_as_accurate_as_math_verify_on_bundled_test_split(auto, name, limit):
    rows = [r for r in load_bundled(name, "test").rows if r.scorable][:limit]
    labels = [bool(r.label) for r in rows]
    ours = auto.judge([r.sample for r in rows])
    with make_judge("math-verify") as mv:
        theirs = mv.judge([r.sample for r in rows])
    assert _accuracy(ours, labels) >= _accuracy(theirs, labels)
    assert _accuracy(ours, labels) > 0.85


@pytest.mark.parametrize("cand, gold, equal", [
    ("C", "C. x = 42", True), ("42", "C. x = 42", True), ("C", "(C) 42", True),  # the letter or the content
    ("D", "C. x = 42", False), ("41", "C. x = 42", False), ("B", "(C) 42", False),
    ("A", "A: (1, 2)", False),  # a named point, not a choice
])
def test_a_gold_written_as_a_choice_is_answered_by_its_letter_or_its_content(cand, gold, equal):
    from judgesuite.judges.math.symbolic import judge_math
    assert math_forms.option_answers("(C) 42") == ["C", "42"] and math_forms.option_answers("42") == []
    assert judge_math(((gold,), cand, "auto"))[0] is equal


@pytest.mark.parametrize("cand, gold, equal", [
    ("\\boxed{|-3|}", "3", True), ("\\boxed{|-3|}", "-3", False),  # not the value without its bars
    ("The answer is $|x-1|$", "x-1", False), ("$\\left| 3 - 5 \\right|$", "2", True),
    ("\\boxed{x'}", "x", None), ("\\boxed{f'}", "f'", True),  # the ANTLR grammar drops a prime
])
def test_an_absolute_value_is_not_read_as_its_content_nor_a_prime_dropped(cand, gold, equal):
    from judgesuite.judges.math.symbolic import judge_math
    assert judge_math(((gold,), cand, "auto"))[0] is equal


# ------------------------------------------------------------------ malformed answers around the gold
# Each body is malformed math around the gold value (an empty group, a missing operand, an unbalanced
# brace, an unknown command, a decoration, a negation or strikethrough): never equal to the gold.
MALFORMED = {  # name: (body, gold)
    "frac empty denominator": ("\\frac{3}{}", "3"), "frac empty numerator": ("\\frac{}{3}", "3"),
    "frac one argument": ("\\frac{3}", "3"), "dfrac empty denominator": ("\\dfrac{3}{}", "3"),
    "frac extra empty group": ("\\frac{3}{1}{}", "1"), "sqrt empty after": ("3\\sqrt{}", "3"),
    "sqrt empty before": ("\\sqrt{}3", "3"), "sqrt empty index": ("\\sqrt[]{3}", "3"),
    "sqrt empty radicand": ("\\sqrt[3]{}", "3"), "sqrt then empty group": ("\\sqrt{3}{}", "3"),
    "empty exponent": ("3^{}", "3"), "empty exponent of ten": ("10^{}", "10"), "empty subscript": ("3_{}", "3"),
    "braced base empty exponent": ("{3}^{}", "3"), "binom empty": ("\\binom{3}{}", "3"),
    "log empty base": ("\\log_{}3", "3"), "empty frac after": ("3\\,\\frac{}{}", "3"),
    "dangling caret": ("3^", "3"), "dangling plus": ("3+", "3"), "plus both sides": ("+3+", "3"),
    "dangling minus": ("3-", "3"), "dangling slash": ("3/", "3"), "dangling cdot": ("3\\cdot", "3"),
    "dangling times": ("3\\times", "3"), "leading times": ("\\times 3", "3"), "dangling div": ("3\\div", "3"),
    "dangling sqrt": ("3\\sqrt", "3"), "dangling equals": ("3 =", "3"), "dangling pm": ("3\\pm", "3"),
    "leading mp": ("\\mp 3", "3"), "dangling exponent mark": ("3e+", "3"), "not equal to": ("\\ne 3", "3"),
    "less than": ("< 3", "3"), "open brace": ("{3", "3"), "open braces": ("{{3}", "3"),
    "left without right": ("\\left( 3", "3"), "right without left": ("3 \\right)", "3"),
    "open floor": ("\\lfloor 3", "3"), "open ceil": ("\\lceil 3", "3"), "bar after": ("3|", "3"),
    "unknown command": ("\\foo{3}", "3"), "unknown command no braces": ("\\foo 3", "3"),
    "control symbol": ("\\3", "3"), "overline": ("\\overline{3}", "3"), "bar": ("\\bar{3}", "3"),
    "hat": ("\\hat{3}", "3"), "vec": ("\\vec{3}", "3"), "tilde": ("\\tilde{3}", "3"), "dot": ("\\dot{3}", "3"),
    "neg": ("\\neg 3", "3"), "lnot": ("\\lnot 3", "3"), "not": ("\\not 3", "3"), "not braced": ("\\not{3}", "3"),
    "unicode not": ("\u00ac3", "3"), "cancel": ("\\cancel{3}", "3"), "bcancel": ("\\bcancel{3}", "3"),
    "xcancel": ("\\xcancel{3}", "3"), "sout": ("\\sout{3}", "3"), "st": ("\\st{3}", "3"),
    "xout": ("\\xout{3}", "3"), "strike": ("\\strike{3}", "3"), "markdown strikethrough": ("~~3~~", "3"),
    "html s": ("<s>3</s>", "3"), "html del": ("<del>3</del>", "3"), "combining stroke": ("3\u0336", "3"),
    "leading decimal comma": (",3", "3"), "unicode times": ("3 \u00d7", "3"), "superscript two": ("3\u00b2", "3"),
}
WRAPPERS = {"dollar": "${}$", "boxed": "\\boxed{{{}}}", "sentence": "The answer is ${}$.", "final": "Final answer: {}"}
WELL_FORMED = {"plain": "3", "boxed": "\\boxed{3}", "mathbf": "\\mathbf{3}", "text": "\\text{3}",
               "textbf": "\\textbf{3}", "mathrm": "\\mathrm{3}", "braces": "{3}", "displaystyle": "\\displaystyle 3",
               "left right": "\\left(3\\right)", "frac": "\\frac{6}{2}", "sqrt": "\\sqrt{9}", "power one": "3^{1}",
               "decimal": "3.0", "dfrac": "\\dfrac{9}{3}", "parentheses": "(3)", "label": "x = 3",
               "floor": "\\lfloor 3.5 \\rfloor"}
# a committed span our grammar cannot read whose value has only prose or punctuation around it
NOISY_BUT_RIGHT = ["Final answer: 3 apples (approximately)", "Final answer: \uff1a3", "We get 5 (so the answer is 3).",
                   "The answer is **3**!", "Final answer: 3 \u2713", "The answer is 3 \\qed", "The answer is 3 --- done",
                   "The answer is x = 3 (approx.)", "The answer is 3 \\text{(exact)}", "Final answer: 3\\"]


def _wrap(wrapper: str, body: str) -> str:
    return WRAPPERS[wrapper].replace("{}", body) if wrapper != "boxed" else "\\boxed{" + body + "}"


@pytest.mark.parametrize("wrapper", sorted(WRAPPERS))
@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_malformed_math_around_the_gold_is_never_equal(name, wrapper):
    from judgesuite.judges.math.symbolic import judge_math
    body, gold = MALFORMED[name]
    assert judge_math(((gold,), _wrap(wrapper, body), "auto"))[0] is not True


@pytest.mark.parametrize("wrapper", sorted(WRAPPERS))
@pytest.mark.parametrize("name", sorted(WELL_FORMED))
def test_well_formed_controls_are_equal(name, wrapper):
    from judgesuite.judges.math.symbolic import judge_math
    assert judge_math((("3",), _wrap(wrapper, WELL_FORMED[name]), "auto"))[0] is True


@pytest.mark.parametrize("candidate", NOISY_BUT_RIGHT)
def test_a_value_with_only_noise_around_it_stays_equal(candidate):
    from judgesuite.judges.math.symbolic import judge_math
    assert judge_math((("3",), candidate, "auto"))[0] is True
    assert judge_math((("4",), candidate, "auto"))[0] is not True


def test_malformed_answers_through_the_registry_judge(auto):
    cases = [("\\boxed{\\frac{3}{}}", "3"), ("The answer is $3\\sqrt{}$.", "3"), ("\\boxed{10^{}}", "10"),
             ("The answer is \\boxed{\\neg 3}", "3"), ("The answer is $\\overline{3}$.", "3"), ("\\boxed{3}", "3")]
    verdicts = auto.judge([_sample(c, g, sid=str(i)) for i, (c, g) in enumerate(cases)])
    assert [v.correct is True for v in verdicts] == [False] * 5 + [True]


@pytest.mark.parametrize("cand, gold, equal", [
    ("$e^{i\\pi}$", "-1", True), ("$e^{i\\pi}$", "1", False), ("$e^{2\\pi i}$", "1", True),
    ("$e^{i\\pi/3}$", "\\frac{1}{2}+\\frac{\\sqrt{3}}{2}i", True), ("$e^{i\\pi/2}$", "-i", False),
    ("$i^2$", "-1", False),  # without Euler's form `i` stays a variable
    ("$e^{i\\pi \\cdot 99999!}$", "1", None),  # bounded: a huge exponent is undecided
])
def test_in_eulers_form_i_is_the_imaginary_unit(cand, gold, equal):
    from judgesuite.judges.math.symbolic import judge_math
    assert judge_math(((gold,), cand, "auto"))[0] is equal
