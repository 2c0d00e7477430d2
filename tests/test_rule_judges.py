"""Rule-based judges on real rows of the bundled sets."""
from __future__ import annotations

import json

import pytest

from judgesuite.judges import NoVerdict, Sample, make_judge
from judgesuite.judges.lexical.overlap import THRESHOLDS_FILE
from judgesuite.judges.extract.final_answer import extract_final_answer
from judgesuite.suite.data.loader import load_bundled


def _agreement(judge_name, rows):
    with make_judge(judge_name) as judge:
        verdicts = judge.judge([r.sample for r in rows])
    return sum((v.correct is True) == r.label for v, r in zip(verdicts, rows)) / len(rows), verdicts


def test_exact_match_on_nq301_agrees_with_human_labels_mostly(nq301_test):
    rows = nq301_test.scorable()
    acc, verdicts = _agreement("exact-match", rows)
    assert all(v.correct is not None for v in verdicts)
    # Short extractive answers: EM is decent but misses human-accepted paraphrases.
    assert 0.65 < acc < 0.9
    missed = [r for r, v in zip(rows, verdicts) if r.label and not v.correct]
    assert missed, "human-accepted answers that EM rejects are the point of this set"


def test_flexible_reads_the_gsm8k_final_answer_and_strict_does_not(gsm8k_test):
    rows = gsm8k_test.scorable()[:200]
    acc, verdicts = _agreement("flexible", rows)
    # The set's labels were made by comparing the final "A: <n>" number: flexible reproduces them.
    assert acc > 0.98
    assert verdicts[0].extracted == rows[0].sample.candidate.rsplit("A:", 1)[1].strip().rstrip(".")
    with make_judge("strict") as strict:
        sv = strict.judge([r.sample for r in rows])
    # "A: <n>" is neither "The answer is" nor "####": strict gives no verdict, it does not guess.
    assert sum(v.reason is NoVerdict.UNPARSEABLE for v in sv) / len(sv) > 0.95


def test_math_verify_agrees_with_gsm8k_labels(gsm8k_test):
    rows = gsm8k_test.scorable()[:120]
    acc, _ = _agreement("math-verify", rows)
    assert acc > 0.95


def test_regex_paper_failure_case_no_final_answer_is_unparseable():
    # BERT-as-a-Judge Table 25: a correct answer that never writes "Final answer:".
    s = Sample("t25", "context_qa", "What is the ISA?",
               "The ISA, or Identity Structure Analysis, is a methodology developed by Weinreich that maps "
               "how individuals perceive themselves and others.", ["Identity Structure Analysis (ISA)"])
    (v,) = make_judge("regex").judge([s])
    assert v.correct is None and v.reason is NoVerdict.UNPARSEABLE


def test_regex_paper_failure_case_boxed_final_answer():
    # Table 26: "Final answer: \( \boxed{45} \)": the paper's matching scored this wrong;
    # Math-Verify (gold first) reads the boxed value, so our regex judge gets it right.
    cand = (r"\[ AD^2 = 60 \cdot 0.75 \] \[ AD^2 = 45 \] Final answer: \( \boxed{45} \)")
    s = Sample("t26", "math", "find the value of AD^2", cand, ["45"])
    with make_judge("regex") as judge:
        (v,) = judge.judge([s])
        assert v.correct is True and v.extracted == "45"
        (wrong,) = judge.judge([Sample("t26b", "math", "q", cand.replace("{45}", "{44}"), ["45"])])
        assert wrong.correct is False


def test_regex_takes_the_last_final_answer_and_letters_for_choices():
    assert extract_final_answer("Final answer: A\n...on reflection\nFinal answer: C") == "C"
    s = Sample("mc", "multiple_choice", "Which?", "Reasoning.\nFinal answer: **(B)**", ["B"],
               choices=("red", "blue", "green"))
    s_text_ref = Sample("mc2", "multiple_choice", "Which?", "Final answer: C", ["green"],
                        choices=("red", "blue", "green"))
    s_bad = Sample("mc3", "multiple_choice", "Which?", "Final answer: none of them", ["B"],
                   choices=("red", "blue", "green"))
    v, v2, v3 = make_judge("regex").judge([s, s_text_ref, s_bad])
    assert (v.correct, v.extracted, v2.correct) == (True, "B", True)
    assert v3.reason is NoVerdict.UNPARSEABLE


def test_regex_uses_rouge_l_on_spans():
    hit = Sample("s", "context_qa", "q", "Final answer: Identity Structure Analysis", ["Identity Structure Analysis (ISA)"])
    miss = Sample("s2", "context_qa", "q", "Final answer: a psychological theory of self", ["Identity Structure Analysis (ISA)"])
    a, b = make_judge("regex").judge([hit, miss])
    assert a.correct is True and b.correct is False and a.score > 0.5 > b.score


def test_recorded_thresholds_are_reproduced_from_the_dev_split():
    from judgesuite.suite.training.thresholds import choose_threshold, dev_scores

    recorded = json.loads(THRESHOLDS_FILE.read_text())
    for name in ("token-f1", "rouge-l"):
        again = choose_threshold(dev_scores(name))
        assert again["threshold"] == recorded[name]["threshold"]
        assert again["dev_rows_by_set"] == recorded[name]["dev_rows_by_set"]
        assert make_judge(name).threshold == recorded[name]["threshold"]


@pytest.mark.parametrize("name", ["token-f1", "rouge-l"])
def test_overlap_judges_beat_exact_match_on_verbose_evouna_answers(name):
    rows = load_bundled("evouna-nq", "test").scorable()[:600]
    acc, _ = _agreement(name, rows)
    em, _ = _agreement("exact-match", rows)
    assert acc > em + 0.2


def test_regex_on_real_answers_that_end_with_final_answer():
    # answer-matching rows carry the short final answer the annotators rated: written the way
    # the seed's soft prompt asks ("Final answer: X"), regex reads every row and ROUGE-L decides.
    rows = [r for r in load_bundled("answer-matching-gpqa-mmlupro", "test").scorable() if r.candidate_extracted][:200]
    samples = [Sample(r.id, r.sample.task_type, r.sample.question,
                      f"{r.sample.candidate}\nFinal answer: {r.candidate_extracted}", r.sample.references)
               for r in rows]
    verdicts = make_judge("regex").judge(samples)
    assert all(v.correct is not None for v in verdicts)
    acc = sum(v.correct == r.label for v, r in zip(verdicts, rows)) / len(rows)
    majority = max(sum(r.label for r in rows), sum(not r.label for r in rows)) / len(rows)
    assert acc > majority  # better than always answering the majority label
    raw = make_judge("regex").judge([r.sample for r in rows])  # the raw responses: no marker
    assert sum(v.reason is NoVerdict.UNPARSEABLE for v in raw) / len(raw) > 0.9


def test_overlap_scores_equal_rouge_score_and_the_squad_formula_on_real_rows():
    """token-f1 and rouge-l score each distinct reference once, rouge-l by a bit-parallel LCS: the scores must be
    the ones rouge-score's table and the SQuAD formula give, on real answers of every open-QA set."""
    from collections import Counter

    from rouge_score.rouge_scorer import RougeScorer
    from judgesuite.judges.squad import normalize_answer

    def squad_f1(p: str, r: str) -> float:
        pt, rt = normalize_answer(p).split(), normalize_answer(r).split()
        if not pt or not rt:
            return float(pt == rt)
        common = sum((Counter(pt) & Counter(rt)).values())
        return 0.0 if not common else 2 * common / (len(pt) + len(rt))

    rows = [r for name in ("evouna-nq", "openqa-eval-nq301", "financebench")
            for r in load_bundled(name, "dev").scorable()[:150]]
    with make_judge("token-f1") as f1, make_judge("rouge-l") as rl:
        f1_scores = [v.score for v in f1.judge([r.sample for r in rows])]
        rl_scores = [v.score for v in rl.judge([r.sample for r in rows])]
    scorer = RougeScorer(["rougeL"], use_stemmer=False)  # the library's own table, as the reference
    for r, a, b in zip(rows, f1_scores, rl_scores):
        s = r.sample
        assert a == pytest.approx(max(squad_f1(s.candidate, ref) for ref in s.references), abs=1e-12)
        assert b == max(scorer.score(ref, s.candidate)["rougeL"].fmeasure for ref in s.references)


def test_a_huge_answer_against_a_huge_alias_list_is_judged_in_one_pass():
    """A 150,000-word answer against 20,000 aliases ran token-f1 for minutes and rouge-l for hours (every alias
    re-read the answer; rouge-score fills an answer x alias table); now each costs about the size of the two."""
    words = [f"w{i}" for i in range(5000)]
    candidate = " ".join(words[(i * 7919) % 5000] for i in range(150_000)) + " Paris"
    aliases = [" ".join(words[(i * 31 + k) % 5000] for k in range(10)) for i in range(20_000)] + ["Paris"]
    sample = Sample(id="h", task_type="open_qa", question="q?", candidate=candidate, references=tuple(aliases))
    for name in ("token-f1", "rouge-l"):
        with make_judge(name) as judge:
            verdict = judge.judge([sample])[0]
        assert verdict.correct is False and 0 < verdict.score < 0.01  # "Paris" found, in a sea of other words
