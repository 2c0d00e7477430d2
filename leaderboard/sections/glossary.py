"""Section: every term the page uses, with links to where it comes from."""
from __future__ import annotations

from typing import Any
from judgesuite.suite.evaluation.schema import ResultsDoc

ID = "glossary"
TITLE = "Glossary"
ORDER = 90

BERT_JUDGE = "https://arxiv.org/search/?query=BERT-as-a-Judge&searchtype=title"
MATH_JUDGE = "https://arxiv.org/search/?query=Rethinking+Math+Reasoning+Evaluation+LLM-as-a-Judge&searchtype=title"
MC_FORMATS = "https://arxiv.org/abs/2601.22699"

TERMS = [
    ("kappa", "Cohen's \u03ba", "Agreement of the judge's verdicts with the labels beyond what two raters with the same "
     "shares of \u201ccorrect\u201d reach by chance: (p_o \u2212 p_e) / (1 \u2212 p_e). 1 = perfect, 0 = chance (any judge that says the "
     "same thing every time), below 0 = worse than chance. Used to rank because accuracy rewards a judge that always answers the "
     "majority class.", "https://en.wikipedia.org/wiki/Cohen%27s_kappa"),
    ("ci", "95% interval", "One method on the whole page: the percentile bootstrap over rows (1,000 resamples, resampled within each set). "
     "Where every resample gives the same value (e.g. a judge right on every row) the Wilson score interval over the set's rows "
     "is used instead, so no interval has zero width.", None),
    ("rank", "rank (#k)", "1 + the number of judges significantly better. In \u201cWhich judge?\u201d and per set: the paired bootstrap of the "
     "\u03ba difference (the same resampled rows for both judges, normal approximation), p-values Holm-adjusted over all pairs, "
     "\u03b1 = 0.05. Judges with the same rank are not distinguishable on these rows.", None),
    ("constant", "constant judge", "A judge that gives one verdict on every row of a set (always \u201ccorrect\u201d or always \u201cincorrect\u201d) "
     "or no verdict at all. Its \u03ba is 0 and it carries no information there, so it is marked and not ranked.", None),
    ("in-source", "in-source", "The judge's model was fit on the train split of this set (a learned judge such as stacked or "
     "encoder): its test-split figures here are what it does on questions it never saw from a source it did see. On a source "
     "held out of training it does worse; the leave-one-source-out figures are in docs/stacked-judge.md and the encoder's "
     "model card.", None),
    ("held-out", "held out", "For a learned judge whose model records them (stacked, from `judgesuite train-stacked`; an "
     "encoder checkpoint's held_out.json): the same recipe trained without the set (train splits of the other sets, "
     "thresholds on their dev splits) and scored on the set's test split, beside token-f1 on the same rows. What to "
     "expect on a source the judge never saw; measured when the model was trained, not in this run. This figure, not "
     "the in-source one, ranks the judge on that set (its interval: Cohen's standard error of \u03ba); a learned judge "
     "in-source on a set with no held-out figure is shown but not ranked.", None),
    ("noverdict", "no verdict", "The judge could not decide (e.g. no \u201cFinal answer:\u201d line to read, a parse timeout). Counted as "
     "\u201cincorrect\u201d in every headline number, as the papers do; \u201cacc. answered\u201d leaves those rows out.", None),
    ("labels", "label source", "human: annotators judged each answer; automatic rule: a program decided (e.g. GSM8K's final-number check); "
     "LLM: a strong model decided (e.g. GPT-4o). Only human labels count by default.", None),
    ("accuracy", "accuracy, F1", "Share of rows where the verdict equals the label; F1 of the \u201ccorrect\u201d class (precision and recall of "
     "the judge's \u201ccorrect\u201d verdicts).", None),
    ("ms", "time per answer", "Wall-clock time per judged answer on the machine that ran the judges: the median over its batches within a set "
     "(a first batch that pays for warm-up does not count), then the median over sets.", None),
    ("flops", "FLOP per answer", "2 \u00d7 parameters \u00d7 (input + generated) tokens, with SI prefixes (5.8 GFLOP = 5.8 \u00d7 10\u2079); "
     "0 for rule and symbolic judges; not counted for boosted trees (learned), whose cost is their measured time.", BERT_JUDGE),
    ("pareto", "Pareto frontier", "The judges no other judge beats on both cost (lower) and \u03ba (higher).", None),
    ("tau", "Kendall \u03c4-b", "Rank correlation (with ties) between the models' order under the labels and under the judge: "
     "1 = same order. As in BERT-as-a-Judge, Table 1.", BERT_JUDGE),
    ("borda", "Borda count", "Aggregates per-set rankings: a model earns a point for every model of the same set it beats (\u00bd per tie).",
     BERT_JUDGE),
    ("ah", "A_S, A_H, \u03c1", "A_S: accuracy against automatic/LLM labels; \u03c1: how often such labels agree with humans; "
     "A_H = (2\u03c1 \u2212 1)\u00b7A_S + 1 \u2212 \u03c1 estimates the accuracy against human labels (appendix C).", BERT_JUDGE),
    ("reliability", "reliability diagram", "Share of answers labelled correct against the mean score, per score bin; a calibrated judge "
     "lies on the diagonal.", None),
    ("ece", "ECE", "Expected calibration error: the bins' |mean score \u2212 share correct|, weighted by their rows.", None),
    ("mcnemar", "McNemar test", "Tests whether two judges' accuracies on the same rows differ, from the rows only one of them gets right.",
     None),
    ("holm", "Holm adjustment", "Controls the chance of any false \u201csignificant\u201d among many pairs: the k-th smallest of m p-values is "
     "multiplied by (m \u2212 k + 1), kept monotone.", None),
    ("masterkey", "master key", "An answer built to fool judges without answering (e.g. the reference with a negation, a bare "
     "\u201cFinal answer:\u201d); every probe is wrong by construction, so any \u201ccorrect\u201d verdict is a false positive.", BERT_JUDGE),
    ("passk", "pass@k", "Chance that at least one of k answers drawn from a model's n answers to a question is correct "
     "(unbiased estimator).", MATH_JUDGE),
    ("formats", "symbol / cloze", "Multiple-choice scoring by the option letter's probability (symbol) or by the option text's "
     "likelihood (cloze).", MC_FORMATS),
]


def _any_set(analysis: dict[str, Any], key: str) -> bool:
    return any(info.get(key) for info in analysis.get("sets", {}).values())


# Terms of sections that are left out when the results hold nothing for them.
NEEDS = {
    "ah": lambda r, a: _any_set(a, "correction"),
    "reliability": lambda r, a: _any_set(a, "calibration"),
    "ece": lambda r, a: _any_set(a, "calibration"),
    "masterkey": lambda r, a: bool(a.get("probes")),
    "passk": lambda r, a: _any_set(a, "pass_at_k"),
    "formats": lambda doc, a: doc.mc_formats is not None,
}


def build(doc: ResultsDoc, analysis: dict[str, Any]) -> dict[str, Any] | None:
    terms = [{"id": "g-" + key, "term": term, "text": text, "link": link} for key, term, text, link in TERMS
             if key not in NEEDS or NEEDS[key](doc, analysis)]
    return {"terms": terms, "summary": f"{len(terms)} terms: " + ", ".join(t["term"] for t in terms[:3]) + "…"}
