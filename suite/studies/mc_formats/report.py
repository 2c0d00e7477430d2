"""Routed accuracy, deltas vs the preferred fixed format, and significance tests.

Per (model, benchmark): symbol, cloze (per token), cloze_char accuracies, routed accuracy
under each router, delta = routed - max(symbol, cloze) in percentage points with a paired
bootstrap interval over questions. Across models: "# models with delta >= 0", mean delta,
and a one-sample t-test of the deltas (H0: delta = 0), the paper's test.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from scipy import stats

from judgesuite.suite.evaluation.statistics import mean_difference_interval
from judgesuite.suite.studies.mc_formats.evaluate import ItemScores, predict
from judgesuite.suite.studies.mc_formats.formats import LETTERS


def routed_correct(scores: Sequence[ItemScores], formats: Sequence[str], cloze_rule: str = "cloze") -> list[bool]:
    """Correctness of each question evaluated in its routed format ('symbol' / 'cloze')."""
    out = []
    for s, f in zip(scores, formats):
        rule = "symbol" if f == "symbol" else cloze_rule
        out.append(predict(s, rule) == s.answer_index)
    return out


def pct(xs: Sequence[bool]) -> float:
    return 100.0 * sum(xs) / len(xs) if xs else float("nan")


def paired_bootstrap(a: Sequence[bool], b: Sequence[bool], n: int = 2000, seed: int = 0) -> tuple[float, float]:
    """95% interval of mean(a) - mean(b) in percentage points, resampling questions."""
    lo, hi = mean_difference_interval([float(x) for x in a], [float(y) for y in b], n, seed)
    return (100.0 * lo, 100.0 * hi)


def one_sample_t(deltas: Sequence[float]) -> dict:
    """Two-sided one-sample t-test of H0: mean delta = 0 (needs >= 2 models)."""
    n = len(deltas)
    if n < 2:
        return {"n": n, "t": None, "p": None}
    mean = sum(deltas) / n
    if all(d == deltas[0] for d in deltas):  # no spread: the test is undefined
        return {"n": n, "t": None, "p": 0.0 if mean != 0 else 1.0}
    res = stats.ttest_1samp(deltas, 0.0)
    return {"n": n, "t": float(res.statistic), "p": float(res.pvalue)}


def benchmark_row(scores: Sequence[ItemScores], routes: Mapping[str, Sequence[str]]) -> dict:
    """Accuracies of one model on one benchmark, with every router's routed accuracy and delta."""
    sym = [predict(s, "symbol") == s.answer_index for s in scores]
    clz = [predict(s, "cloze") == s.answer_index for s in scores]
    row = {"n": len(scores), "symbol": pct(sym), "cloze": pct(clz),
           "cloze_char": pct([predict(s, "cloze_char") == s.answer_index for s in scores]),
           "cloze_raw": pct([predict(s, "cloze_raw") == s.answer_index for s in scores])}
    row["symbol_minus_cloze"] = row["symbol"] - row["cloze"]
    # Small models often answer one letter whatever the question (position bias): show it.
    row["symbol_letter_share"] = {LETTERS[i]: pct([predict(s, "symbol") == i for s in scores])
                                  for i in range(max((len(s.symbol_logprobs) for s in scores), default=0))}
    row["gold_letter_share"] = {LETTERS[i]: pct([s.answer_index == i for s in scores])
                                for i in range(len(row["symbol_letter_share"]))}
    best = sym if row["symbol"] >= row["cloze"] else clz
    row["preferred"] = "symbol" if best is sym else "cloze"
    oracle = [a or b for a, b in zip(sym, clz)]
    row["oracle"] = pct(oracle)
    row["routers"] = {}
    for name, formats in routes.items():
        routed = routed_correct(scores, formats)
        row["routers"][name] = {
            "accuracy": pct(routed), "delta": pct(routed) - max(row["symbol"], row["cloze"]),
            "delta_ci95": paired_bootstrap(routed, best),
            "share_symbol": pct([f == "symbol" for f in formats])}
    return row


def across_models(per_model: Mapping[str, Mapping[str, dict]], router: str) -> dict:
    """For each benchmark: # models with delta >= 0, mean delta, t-test over the models' deltas."""
    benches = sorted({b for rows in per_model.values() for b in rows})
    out = {}
    for b in benches:
        deltas = [rows[b]["routers"][router]["delta"] for rows in per_model.values()
                  if b in rows and router in rows[b]["routers"]]
        if deltas:
            out[b] = {"models_delta_ge_0": f"{sum(d >= 0 for d in deltas)}/{len(deltas)}",
                      "mean_delta": sum(deltas) / len(deltas), "t_test": one_sample_t(deltas)}
    return out
