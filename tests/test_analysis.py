"""Meta-evaluation analyses: known answers on constructed input, and a real run on bundled rows."""
from __future__ import annotations

import itertools
import random
from math import comb

import pytest

from judgesuite.suite.analysis import (
    analyze, average_ranks, borda, calibration, human_accuracy, kendall_tau_b, pairwise, pass_at_k,
    pass_at_k_by_model, ranking_distortion, threshold_curve,
)
from judgesuite.suite.analysis.correction import label_provenance, rho_for
from judgesuite.suite.analysis.passk import has_repeated_samples
from judgesuite.suite.analysis.ranking import borda_distortion, category_means
from judgesuite.suite.evaluation.statistics import holm, mcnemar_p, significance_ranks
from judgesuite.suite.evaluation.schema import ResultsDoc
from judgesuite.suite.evaluation.schema import VerdictRecord as Record


def rec(i, model, label, correct, score=None, qid=None):
    return Record(id=f"r{i}", question_id=qid or f"q{i}", model=model, task_type="open_qa",
                  label=label, correct=correct, score=score)


# ---------- ranks and Kendall tau ----------

def test_average_ranks_share_ties():
    assert average_ranks({"a": 0.9, "b": 0.5, "c": 0.5, "d": 0.1}) == {"a": 1, "b": 2.5, "c": 2.5, "d": 4}


def test_kendall_tau_b_known_values():
    assert kendall_tau_b([1, 2, 3, 4], [1, 2, 3, 4]) == 1.0
    assert kendall_tau_b([1, 2, 3, 4], [4, 3, 2, 1]) == -1.0
    assert kendall_tau_b([1, 2, 3, 4], [1, 3, 2, 4]) == pytest.approx(4 / 6)
    assert kendall_tau_b([1, 2, 3], [5, 5, 5]) is None  # a judge that ties every model


def test_kendall_tau_b_matches_scipy_with_ties():
    stats = pytest.importorskip("scipy.stats")
    rng = random.Random(1)
    for _ in range(50):
        n = rng.randint(3, 15)
        x = [rng.randint(0, 4) for _ in range(n)]
        y = [rng.randint(0, 4) for _ in range(n)]
        ours = kendall_tau_b(x, y)
        theirs = stats.kendalltau(x, y).statistic
        if ours is None:
            assert theirs != theirs  # NaN
        else:
            assert ours == pytest.approx(theirs)


# ---------- ranking distortion ----------

def test_ranking_distortion_splits_the_delta():
    records = [rec(1, "A", True, None), rec(2, "A", True, True), rec(3, "A", True, False), rec(4, "A", False, False),
               rec(5, "B", True, True), rec(6, "B", False, True), rec(7, "B", False, False), rec(8, "B", False, False)]
    d = ranking_distortion(records)
    a, b = d.models  # sorted by name
    assert (a.label_accuracy, a.judged_accuracy) == (0.75, 0.25)
    assert a.delta_no_verdict == -0.25 and a.delta_matching == -0.25 and a.delta == -0.5
    assert (b.label_accuracy, b.judged_accuracy) == (0.25, 0.5)
    assert b.delta_no_verdict == 0 and b.delta_matching == 0.25
    assert (a.label_rank, a.judge_rank, a.delta_rank) == (1, 2, -1)
    assert (b.label_rank, b.judge_rank, b.delta_rank) == (2, 1, 1)
    assert d.kendall_tau == -1.0 and d.max_abs_delta_rank == 1 and sorted(d.largest_movers) == ["A", "B"]


def test_kendall_tau_interval_on_constructed_sets():
    from judgesuite.suite.analysis.ranking import kendall_tau_interval

    # Three models answer the same 40 questions; accuracies 90/50/10 %; a perfect judge.
    records = [Record(id=f"{m}{q}", question_id=f"q{q}", model=m, task_type="open_qa",
                      label=(q % 10) < k, correct=(q % 10) < k)
               for m, k in (("A", 9), ("B", 5), ("C", 1)) for q in range(40)]
    # Every resample keeps the order: the interval is not zero-width (Wilson fallback over 40 questions).
    lo, hi = kendall_tau_interval(records, tau=1.0)
    assert 0.9 < lo < hi == 1.0
    flipped = [Record(r.id, r.question_id, r.model, r.task_type, r.label, not r.label) for r in records]
    d = ranking_distortion(flipped)
    assert d.kendall_tau == -1.0 and d.kendall_tau_ci[0] == -1.0 and -1.0 < d.kendall_tau_ci[1] < -0.9
    assert ranking_distortion(records, bootstrap=0).kendall_tau_ci is None


def test_borda_count_known_answer():
    res = borda({"s1": {"a": 3, "b": 2, "c": 1}, "s2": {"a": 1, "b": 2, "c": 3}, "s3": {"a": 3, "b": 1, "c": 2}})
    assert res.points == {"a": 4, "b": 2, "c": 3}
    assert res.rank == {"a": 1, "c": 2, "b": 3}
    tied = borda({"s": {"a": 1, "b": 1}})
    assert tied.points == {"a": 0.5, "b": 0.5}


def test_borda_distortion_and_category_means():
    s1 = ranking_distortion([rec(1, "A", True, False), rec(2, "B", False, True), rec(3, "C", False, False)])
    s2 = ranking_distortion([rec(4, "A", True, True), rec(5, "B", False, False), rec(6, "C", False, False)])
    bd = borda_distortion({"s1": s1, "s2": s2})
    assert bd.label.rank["A"] == 1  # A is best by the labels in both sets
    assert bd.judge.rank["B"] < bd.judge.rank["C"]
    means = category_means({"s1": s1, "s2": s2}, {"s1": "open QA", "s2": "open QA"})
    a = means["open QA"]["A"]
    assert a["sets"] == 2
    assert a["delta"] == pytest.approx((-1 + 0) / 2)
    assert a["delta_rank"] == pytest.approx((s1.models[0].delta_rank + s2.models[0].delta_rank) / 2)


# ---------- human-agreement correction ----------

def test_human_agreement_correction():
    assert human_accuracy(0.9, 1.0) == pytest.approx(0.9)
    assert human_accuracy(0.9, 0.5) == pytest.approx(0.5)  # uncorrelated labels: a coin flip
    assert human_accuracy(0.9, 0.987) == pytest.approx(0.974 * 0.9 + 0.013)
    assert rho_for("math")[0] == 0.987 and rho_for("context_qa")[0] == 0.9683
    assert rho_for("math", {"open-form math": 0.9})[0] == 0.9
    with pytest.raises(ValueError):
        human_accuracy(0.5, 1.5)


# ---------- calibration ----------

def test_threshold_curve_and_ece_known_answers():
    records = [rec(i, "m", i < 8, True, score=0.8) for i in range(10)]  # 80% correct at score 0.8
    cal = calibration(records)
    assert cal.ece == pytest.approx(0.0) and cal.n_scored == 10
    bad = calibration([rec(i, "m", False, True, score=1.0) for i in range(4)])
    assert bad.ece == pytest.approx(1.0) and bad.bins[-1]["n"] == 4
    curve = threshold_curve([rec(1, "m", True, True, 0.9), rec(2, "m", False, False, 0.2),
                             rec(3, "m", True, None, None)], thresholds=[0.0, 0.5, 1.0])
    # t=0: score 0.2 accepted (wrong), no-verdict rejected (wrong); t=0.5: one wrong; t=1: 0.9 rejected too.
    assert curve.accuracy == pytest.approx([1 / 3, 2 / 3, 1 / 3])
    assert curve.best_threshold == 0.5
    assert calibration([rec(1, "m", True, None)]) is None


# ---------- pass@k ----------

def test_pass_at_k_matches_enumeration():
    for n in range(1, 8):
        for c in range(n + 1):
            for k in range(1, n + 1):
                samples = [True] * c + [False] * (n - c)
                subsets = list(itertools.combinations(range(n), k))
                brute = sum(any(samples[i] for i in s) for s in subsets) / len(subsets)
                assert pass_at_k(n, c, k) == pytest.approx(brute)
    assert pass_at_k(10, 3, 2) == pytest.approx(1 - comb(7, 2) / comb(10, 2))
    with pytest.raises(ValueError):
        pass_at_k(3, 1, 4)


def test_pass_at_k_by_model_on_repeated_samples():
    records = []
    for q in range(2):  # model M: 4 samples per question; labels 2/4 and 0/4 correct; judge accepts 1/4 and 1/4
        for s in range(4):
            records.append(Record(id=f"{q}-{s}", question_id=f"q{q}", model="M", task_type="math",
                                  label=(q == 0 and s < 2), correct=(s == 0)))
    assert has_repeated_samples(records)
    out = pass_at_k_by_model(records, ks=(1, 2, 8))
    assert 8 not in out["M"]  # no question has 8 samples
    assert out["M"][1]["label"] == pytest.approx((0.5 + 0) / 2)
    assert out["M"][2]["label"] == pytest.approx((1 - comb(2, 2) / comb(4, 2)) / 2)
    assert out["M"][2]["judge"] == pytest.approx(0.5) and out["M"][2]["questions"] == 2


# ---------- McNemar ----------

def test_mcnemar_known_values():
    assert mcnemar_p(0, 10) == pytest.approx(2 * 0.5 ** 10)
    assert mcnemar_p(5, 5) == 1.0 and mcnemar_p(0, 0) == 1.0
    assert mcnemar_p(3, 7) == pytest.approx(2 * sum(comb(10, i) for i in range(4)) / 2 ** 10)
    # chi-square branch: (|b - c| - 1)^2 / (b + c) = 2.5^2 ... compare with the survival function
    assert mcnemar_p(1100, 1200) == pytest.approx(0.0390, abs=2e-3)
    assert holm({("a", "b"): 0.01, ("a", "c"): 0.04, ("b", "c"): 0.03}) == pytest.approx(
        {("a", "b"): 0.03, ("a", "c"): 0.06, ("b", "c"): 0.06})


def test_mcnemar_agrees_with_scipy_binomial():
    stats = pytest.importorskip("scipy.stats")
    for b, c in [(0, 3), (4, 9), (20, 31), (100, 140)]:
        assert mcnemar_p(b, c) == pytest.approx(stats.binomtest(b, b + c, 0.5).pvalue, rel=1e-9)


def test_significance_ranks_do_not_order_noise():
    labels = [True] * 30 + [False] * 30
    good = [rec(i, "m", l, l) for i, l in enumerate(labels)]  # always right
    good2 = [rec(i, "m", l, l if i != 0 else not l) for i, l in enumerate(labels)]  # one row worse
    bad = [rec(i, "m", l, not l if i < 40 else l) for i, l in enumerate(labels)]  # 40 rows wrong
    tests = pairwise({"good": good, "good2": good2, "bad": bad})
    acc = {"good": 1.0, "good2": 59 / 60, "bad": 20 / 60}
    ranks = significance_ranks(list(acc), tests)
    assert ranks == {"good": 1, "good2": 1, "bad": 3}


# ---------- on a real results.json ----------

SETS = ["openqa-eval-nq301", "evouna-nq", "gsm8k-openai-solutions"]
JUDGES = ["exact-match", "token-f1", "regex"]


@pytest.fixture(scope="module")
def real_results(tmp_path_factory):
    from judgesuite.suite.evaluation.cache import VerdictCache
    from judgesuite.suite.data.loader import load_bundled
    from judgesuite.suite.evaluation.runner import run

    out = tmp_path_factory.mktemp("lb")
    run(JUDGES, [load_bundled(n, "test") for n in SETS], split="test", out_dir=out,
        cache=VerdictCache(out / "c.sqlite"), limit=200, progress=False)
    return ResultsDoc.read(out / "results.json")


def test_distortion_on_real_results_agrees_with_runner(real_results):
    for entry in real_results.entries:
        records = real_results.verdicts(entry)
        assert len(records) == entry.n_rows == 200
        d = ranking_distortion(records)
        assert sum(m.n for m in d.models) == entry.n_rows
        for m in d.models:
            runner_view = entry.by_model[m.model]  # computed independently by the runner
            assert m.label_accuracy == pytest.approx(runner_view["label_accuracy"], abs=1e-6)
            assert m.judged_accuracy == pytest.approx(runner_view["judged_accuracy"], abs=1e-6)
            assert m.delta == pytest.approx(m.delta_no_verdict + m.delta_matching)
            assert m.delta_no_verdict <= 0
            nv_share = runner_view["no_verdict_rate"]
            assert -m.delta_no_verdict <= nv_share + 1e-9
        assert d.kendall_tau is None or -1 <= d.kendall_tau <= 1
        if d.kendall_tau_ci:
            lo, hi = d.kendall_tau_ci
            assert -1 <= lo <= hi <= 1


def test_analyze_real_results(real_results):
    a = analyze(real_results)
    assert set(a["sets"]) == set(SETS)
    nq = a["sets"]["openqa-eval-nq301"]
    assert nq["label_provenance"]["human_share"] > 0.9 and not nq["correction"]
    gsm = a["sets"]["gsm8k-openai-solutions"]
    assert gsm["label_provenance"]["synthetic"]  # OpenAI's automatic answer check
    corr = gsm["correction"]["token-f1"]
    assert corr["rho"] == 0.987
    assert corr["accuracy_human_est"] == pytest.approx(human_accuracy(corr["accuracy_synthetic"], 0.987))
    assert "independent" in corr["assumption"]
    # token-f1 emits graded scores: it gets a curve and an ECE; exact-match (0/1 scores) does not.
    assert "token-f1" in nq["curves"] and "exact-match" not in nq["curves"]
    assert 0 <= nq["calibration"]["token-f1"]["ece"] <= 1
    # evouna-nq: token-f1 is far more accurate than regex (which reads no final answer) on 200 rows.
    ev = a["sets"]["evouna-nq"]
    assert ev["significance_rank"]["token-f1"] < ev["significance_rank"]["regex"]
    assert any(t["significant"] for t in ev["mcnemar"])
    assert not any(a["sets"][s]["pass_at_k"] for s in SETS)  # one sample per question and model
    for judge in JUDGES:
        assert set(a["borda"][judge]["sets"]) == set(SETS)
    dis = ev["disagreements"]
    assert dis["rows"] and dis["best"] == ev["ranking"]["rows"][0]["judge"]
    for r in dis["rows"]:
        given = {v[0] for v in r["v"] if v is not None and v[0] is not None}
        if r["kind"] == "split":  # two judges gave different verdicts; a no-verdict is not a split
            assert given == {True, False}
        else:
            assert len(given) <= 1
            assert r["kind"] == "no_verdict" or all((v[0] is True) != r["label"] for v in r["v"])


def test_label_provenance_counts_the_rows_label_sources(tmp_path):
    from judgesuite import evaluate

    assert label_provenance({"human": 1, "": 1})["human_share"] == 1.0
    prov = label_provenance({"": 3})  # rows that state no source say nothing
    assert prov["human_share"] is None and not prov["synthetic"] and not prov["known"]
    assert label_provenance({"gpt-4o": 2, "human": 1})["synthetic"]
    own = tmp_path / "own.jsonl"
    own.write_text("".join(
        f'{{"id": "r{i}", "task_type": "open_qa", "question": "q{i}", "candidate": "a", "references": ["a"], '
        f'"label": true, '
        f'"label_source": "{src}"}}\n' for i, src in enumerate(["gpt-4o", "gpt-4o", "human annotator"])))
    (entry,) = evaluate("exact-match", own, cache=False).entries
    assert entry.label_sources == {"gpt-4o": 2, "human annotator": 1}  # counted by the run, stored typed
    assert label_provenance(entry.label_sources)["synthetic"]
    (nq,) = evaluate("exact-match", "evouna-nq", limit=5, cache=False).entries
    assert not label_provenance(nq.label_sources)["synthetic"] and label_provenance(nq.label_sources)["known"]
