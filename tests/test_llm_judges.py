"""LLM judges with the real SmolLM2-135M-Instruct (llama.cpp backend) on bundled rows.

SmolLM2 judges at about chance level; these tests check behaviour (prompts, parsing,
accounting, voting, escalation), not accuracy.
"""
from __future__ import annotations

import pytest

from judgesuite.judges.routed.cascade import CascadeJudge, cascade_frontier, escalates
from judgesuite.judges.llm.judges import LLMCoTJudge, LLMDirectJudge, p_true
from judgesuite.judges.llm.vote import LLMVoteJudge, vote_report
from judgesuite.judges.llm.prompts import DIRECT_PROMPT, parse_cot, parse_direct, render
from judgesuite.judges.types import NoVerdict, Verdict
from judgesuite.judges.llm.backends import Generation
from judgesuite.judges.registry import make_judge

SMOL_PARAMS = 134_515_008

# The seed's direct prompt exactly as quoted in issue 6 (BERT-as-a-Judge, Table 10).
ISSUE_DIRECT = '''You are an expert evaluator. Your task is to determine whether the CANDIDATE response
correctly answers the QUESTION.
Judge the CANDIDATE as correct only if its final answer, disregarding any intermediate
reasoning or explanation, is semantically equivalent to the
REFERENCE with respect to the QUESTION.
Base your judgment solely on the information given. Do not rely on external knowledge.

[QUESTION starts here]
{question}
[QUESTION ends here]

[REFERENCE starts here]
{reference}
[REFERENCE ends here]

[CANDIDATE starts here]
{candidate}
[CANDIDATE ends here]

Respond with exactly one of the following strings (add no additional text):
- "Final answer: True" if the CANDIDATE is correct
- "Final answer: False" if the CANDIDATE is incorrect'''


def test_direct_prompt_is_verbatim_and_braces_in_data_are_safe():
    assert DIRECT_PROMPT == ISSUE_DIRECT
    q, r, c = "What is {x}?", "{candidate}", "It is {reference} }{"
    text = render("direct", q, r, c)
    assert text == ISSUE_DIRECT.replace("{question}", q).replace("{reference}", r, 1).replace(
        "[CANDIDATE starts here]\n{candidate}", "[CANDIDATE starts here]\n" + c)
    swapped = render("direct", "Q", "R", "C", reference_first=False)
    assert swapped.index("[CANDIDATE starts here]") < swapped.index("[REFERENCE starts here]")
    assert render("cot", "Q", "R", "C").endswith('Conclude your response with exactly one of the following:\n'
                                                 '- "Final answer: True" if the CANDIDATE is correct\n'
                                                 '- "Final answer: False" if the CANDIDATE is incorrect')


# Replies SmolLM2 really gave on bundled rows (and the forms the prompt asks for).
@pytest.mark.parametrize("reply, expected", [
    ("Final answer: True", True), ("Final answer: False", False), ("True", True), ("False", False),
    ("True.", True), ('- "Final answer: False"\n', False), ('"Final answer: True"', True), ("**False**", False),
    ("The CANDIDATE is correct.", None), ('- "Final answer: True" if', None), ("The answer is False.", None),
    ("[CANDIDATE ends here]", None), ("True. Because the numbers match", None), ("Falkey\n\nFalkey", None),
    ("", None), ("Final answer: Maybe", None), ("No", None),
])
def test_parse_direct(reply, expected):
    assert parse_direct(reply) is expected


@pytest.mark.parametrize("reply, expected", [
    ("The candidate says 18 and the reference is 18.\nFinal answer: True", True),
    ("Final answer: True\nWait, 17 is not 18.\nFinal answer: False", False),
    ("Comparing the two...\nFalse", False),
    ("The CANDIDATE is correct if the", None),
])
def test_parse_cot(reply, expected):
    assert parse_cot(reply) is expected


def test_p_true_reads_the_verdict_position():
    g = Generation("Final answer: True", 10, 4, tokens=["Final", " answer", ":", " True"],
                   token_logprobs=[{"Final": -0.1}, {" answer": -0.1}, {":": -0.1},
                                   {" True": -0.5, " False": -1.5, " true": -3.0}])
    import math
    pt, pf = math.exp(-0.5) + math.exp(-3.0), math.exp(-1.5)
    assert p_true(g, last=False) == pytest.approx(pt / (pt + pf))
    assert p_true(Generation("x", 1, 1), last=False) is None


@pytest.fixture(scope="module")
def rows(gsm8k_test, nq301_test):
    return gsm8k_test.rows[:1] + nq301_test.rows[:2]


@pytest.fixture(scope="module")
def direct():
    judge = LLMDirectJudge(max_new_tokens=8, backend_options={"threads": 1})
    yield judge
    judge.close()


def test_llm_direct_on_real_rows(direct, rows):
    verdicts = direct.judge([r.sample for r in rows])
    assert len(verdicts) == len(rows)
    for v in verdicts:
        e = v.extra
        assert v.tokens == v.input_tokens + v.generated_tokens and v.input_tokens > 150
        assert 1 <= v.generated_tokens <= 8
        assert v.flops == 2 * SMOL_PARAMS * v.tokens
        if v.correct is None:  # never a silent False
            assert v.reason is NoVerdict.INVALID_OUTPUT and parse_direct(e["reply"]) is None
        else:
            assert parse_direct(e["reply"]) is v.correct
            if v.score is not None:  # greedy picked the more likely of True/False
                assert (v.score > 0.5) == v.correct
    assert direct.cost.parameters == SMOL_PARAMS
    again = direct.judge([r.sample for r in rows[::-1]])[::-1]
    assert [(v.correct, v.reason) for v in again] == [(v.correct, v.reason) for v in verdicts]


def test_llm_direct_identity_holds_sampling_and_backend_options():
    a = LLMDirectJudge(backend_options={"threads": 1})
    assert a.cache_key() == LLMDirectJudge(backend_options={"threads": 1}, batch_size=1).cache_key()
    # llama.cpp's floating-point results depend on the thread count.
    assert LLMDirectJudge(backend_options={"threads": 2}).cache_key() != a.cache_key()
    assert LLMDirectJudge(temperature=0.7, backend_options={"threads": 1}).cache_key() != a.cache_key()
    assert LLMDirectJudge(max_new_tokens=9, backend_options={"threads": 1}).cache_key() != a.cache_key()
    assert LLMDirectJudge(backend="transformers", backend_options={"threads": 1}).cache_key() != a.cache_key()


def test_llm_cot_budget_exhaustion_is_invalid_output(rows):
    judge = LLMCoTJudge(max_new_tokens=3, backend_options={"threads": 1})
    try:
        verdicts = judge.judge([rows[0].sample])
    finally:
        judge.close()
    (v,) = verdicts
    assert v.generated_tokens <= 3
    if v.correct is None:
        assert v.reason is NoVerdict.INVALID_OUTPUT
        assert "budget" in v.detail or "not True/False" in v.detail


def test_llm_vote_shuffles_blocks_and_reports(rows):
    judge = LLMVoteJudge(k=3, max_new_tokens=8, backend_options={"threads": 1})
    try:
        s = rows[0].sample
        assert judge.orders(s) == judge.orders(s) and sorted(judge.orders(s)) == [False, True, True]
        orders = {tuple(judge.orders(r.sample)) for r in rows}
        verdicts = judge.judge([r.sample for r in rows[1:2]])
        again = judge.judge([r.sample for r in rows[1:2]])
    finally:
        judge.close()
    assert len(orders) >= 1
    for v, w in zip(verdicts, again):
        assert len(v.extra["votes"]) == 3 and sorted(v.extra["reference_first"]) == [False, True, True]
        assert v.extra["votes"] == w.extra["votes"]  # seeded sampling: reproducible
        valid = [x for x in v.extra["votes"] if x is not None]
        if v.correct is not None:
            assert v.score == pytest.approx(sum(valid) / len(valid))
            assert 2 * sum(x == v.correct for x in valid) > len(valid)
        else:
            assert v.reason is NoVerdict.INVALID_OUTPUT
    report = vote_report(verdicts, [r.label for r in rows[1:2]])
    assert set(report) == {"agreement_rate", "flip_rate", "accuracy_reference_first",
                           "accuracy_candidate_first", "position_bias_gap"}


def test_vote_report_arithmetic():
    v1 = Verdict(True, 2 / 3, extra={"votes": [False, True, True], "reference_first": [True, False, True],
                                     "first_vote": False, "agreement": 2 / 3})
    v2 = Verdict(False, 0.0, extra={"votes": [False, False, None], "reference_first": [False, True, True],
                                    "first_vote": False, "agreement": 1.0})
    rep = vote_report([v1, v2], [True, False])
    assert rep["flip_rate"] == 0.5 and rep["agreement_rate"] == pytest.approx(5 / 6)
    # reference first: v1 votes F(wrong), T(right); v2 vote F(right) -> 2/3; candidate first: T(right), F(right)
    assert rep["accuracy_reference_first"] == pytest.approx(2 / 3) and rep["accuracy_candidate_first"] == 1.0
    assert rep["position_bias_gap"] == pytest.approx(-1 / 3)


def test_cascade_escalates_only_uncertain_samples(nq301_test):
    rows = nq301_test.rows[:4]
    judge = CascadeJudge(band=0.2, expensive_params={"max_new_tokens": 8, "backend_options": {"threads": 1}})
    with make_judge("regex") as regex:
        cheap = regex.judge([r.sample for r in rows])
    try:
        verdicts = judge.judge([r.sample for r in rows])
    finally:
        judge.close()
    for c, v in zip(cheap, verdicts):
        up = escalates(c, 0.5, 0.2)
        assert v.extra["escalated"] is up
        if up:
            assert v.tokens > 150 and v.extra["cheap_verdict"] == c.correct
        else:
            assert (v.correct, v.score, v.tokens) == (c.correct, c.score, 0)


def test_cascade_frontier_arithmetic():
    cheap = [Verdict(True, 0.9), Verdict(False, 0.45), Verdict.none(NoVerdict.UNPARSEABLE)]
    llm = [Verdict(False, 0.2, flops=10.0), Verdict(True, 0.8, flops=10.0), Verdict(True, 0.7, flops=10.0)]
    labels = [True, True, False]
    f = cascade_frontier(cheap, llm, labels, [0.0, 0.1, 0.5])
    assert [p["escalation_rate"] for p in f] == pytest.approx([1 / 3, 2 / 3, 1.0])
    assert [p["accuracy"] for p in f] == pytest.approx([1 / 3, 2 / 3, 1 / 3])
    assert [p["flops_per_sample"] for p in f] == pytest.approx([10 / 3, 20 / 3, 10.0])


@pytest.mark.slow
@pytest.mark.parametrize("name, params", [
    ("llm-direct", {}), ("llm-cot", {"max_new_tokens": 48}), ("llm-vote", {"k": 3}),
    ("cascade", {"band": 0.3}),
])
def test_llm_judges_pass_the_conformance_check(name, params):
    from judgesuite.judges import check_judge
    with make_judge(name, **params) as judge:
        check_judge(judge)


# `judgesuite run` with llm-direct on two real rows is checked in the run of
# tests/test_llm_run_options.py::test_run_records_vote_report_and_generated_only_flops_and_the_leaderboard_shows_them.


def test_cascade_under_the_runner_reuses_cached_inner_verdicts(tmp_path, nq301_test):
    """Under the runner a cascade's stages go through the verdict cache, in both directions."""
    from judgesuite.suite.evaluation.cache import VerdictCache
    from judgesuite.suite.evaluation.runner import Runner
    rows = nq301_test.scorable()[:40]
    runner = Runner(VerdictCache(tmp_path / "c.sqlite"), progress=False)
    cheap, expensive = make_judge("token-f1"), make_judge("exact-match")
    with make_judge("cascade:cheap=token-f1:expensive=exact-match:band=0.2") as cascade:
        direct = cascade.judge([r.sample for r in rows])  # no runner: both stages computed here
        routed = runner.judge_rows(cascade, rows)
    up = [i for i, v in enumerate(routed.verdicts) if v.extra["escalated"]]
    assert 0 < len(up) < len(rows)
    assert [(v.correct, v.score, v.tokens) for v in routed.verdicts] == [(v.correct, v.score, v.tokens) for v in direct]
    # The cascade stored its stages' verdicts: the cheap one for every row, the expensive one for escalations.
    assert runner.cache.count(cheap.cache_key()) == len(rows)
    assert runner.cache.count(expensive.cache_key()) == len(up)
    alone = runner.judge_rows(expensive, rows)
    assert alone.from_cache == len(up)
    # A cascade at a wider band computes only its new escalations and reports their measured seconds.
    with make_judge("cascade:cheap=token-f1:expensive=exact-match:band=0.5") as wide:
        everything = runner.judge_rows(wide, rows)
    assert runner.cache.count(expensive.cache_key()) == len(rows)
    for i in range(len(rows)):
        assert everything.verdicts[i].correct == alone.verdicts[i].correct
        assert everything.seconds[i] >= alone.seconds[i]


def test_cascade_keeps_the_cheap_verdict_where_the_expensive_judge_gives_none(nq301_test):
    # regex gives no verdict on these free-form answers (no "Final answer:" line): every escalation falls back
    samples = [r.sample for r in nq301_test.scorable()[:40]]
    with make_judge("token-f1") as f1:
        cheap = f1.judge(samples)
    with make_judge("cascade:cheap=token-f1:expensive=regex:band=0.2") as keep, \
            make_judge("cascade:cheap=token-f1:expensive=regex:band=0.2:fallback=false") as strict:
        kept, raw = keep.judge(samples), strict.judge(samples)
    up = [i for i, c in enumerate(cheap) if escalates(c, 0.5, 0.2)]
    assert 0 < len(up) < len(samples)
    for i in up:
        assert kept[i].extra["fallback"] and kept[i].stage == "token-f1"
        assert kept[i].correct == cheap[i].correct and kept[i].extra["expensive_reason"] == "unparseable"
        assert raw[i].correct is None and raw[i].stage == "regex"
        assert kept[i].input_tokens == cheap[i].input_tokens + raw[i].input_tokens
    report = keep.report(kept, [None] * len(kept))
    assert report == {"escalation_rate": len(up) / 40, "expensive_no_verdict_rate": 1.0, "fallback_rate": len(up) / 40}
    assert [kept[i].correct for i in range(len(samples)) if i not in up] == [cheap[i].correct for i in range(len(samples)) if i not in up]
    labels = [r.label for r in nq301_test.scorable()[:40]]
    with make_judge("regex") as regex:
        llm = regex.judge(samples)
    on, off = (cascade_frontier(cheap, llm, labels, [0.2], fallback=f)[0] for f in (True, False))
    assert on["no_verdict_rate"] == 0.0 and off["no_verdict_rate"] == pytest.approx(len(up) / len(samples))
    assert on["accuracy"] == pytest.approx(sum((kept[i].correct is True) == labels[i] for i in range(40)) / 40)
