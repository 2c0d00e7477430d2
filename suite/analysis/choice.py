""""Which judge?": judges ranked per task family by Cohen's kappa with the labels.

Why kappa: accuracy rewards a judge that always answers the majority class (on a set where 14%
of answers are correct, "always incorrect" scores 86%); kappa subtracts the agreement two raters
with the same marginals reach by chance, so any constant judge scores 0. It reads as "share of
the possible agreement above chance" and is the usual statistic for judge-vs-human agreement.
(MCC would also expose constant judges; kappa is kept because it is what the meta-evaluation
papers report.) A no-verdict counts as "incorrect", as in the headline metrics.

A family's score is the mean of its sets' scores (each set weighs the same, so one large set
does not drown a small one). Intervals: the 95% bootstrap over rows, resampled within each set
(statistics.interval). Two judges differ significantly when the paired bootstrap of their
kappa difference (same resampled rows) gives p < 0.05 after Holm's adjustment over all pairs;
rank = 1 + judges significantly better, so judges within noise share a rank. A judge constant on
some set of the family (one verdict class only, or no verdict on every row) carries no signal
there: it is marked and left unranked, listed last.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from statistics import median
from typing import Any

import numpy as np

from judgesuite.suite.evaluation.schema import VerdictRecord
from judgesuite.suite.evaluation.metrics import binary_rates, bootstrap_rates
from judgesuite.suite.evaluation.statistics import (BOOTSTRAP, PairTest, bootstrap_weights, holm_adjust,
                                                    interval, paired_difference_p, significance_ranks)

METRICS = ("kappa", "accuracy", "f1", "no_verdict_rate")


@dataclass
class SetRows:
    """One set's rows, aligned across judges: the label and each judge's verdict per row."""

    name: str
    label: np.ndarray
    pred: dict[str, np.ndarray] = field(default_factory=dict)  # verdict "correct" (no-verdict = False)
    answered: dict[str, np.ndarray] = field(default_factory=dict)
    cost: dict[str, dict[str, Any]] = field(default_factory=dict)
    learned_from: dict[str, list[str]] = field(default_factory=dict)  # judge -> sets its model was fit on
    held_out: dict[str, dict[str, Any]] = field(default_factory=dict)  # judge -> Judge.held_out()["sets"]


def align(name: str, records: Mapping[str, Sequence[VerdictRecord]], cost: Mapping[str, Mapping[str, Any]],
          learned_from: Mapping[str, Sequence[str]] | None = None,
          held_out: Mapping[str, Mapping[str, Any]] | None = None) -> SetRows:
    """The rows every judge of `records` judged, in one order."""
    ids = None
    for recs in records.values():
        these = {r.id for r in recs}
        ids = these if ids is None else ids & these
    order = sorted(ids or ())
    first = {r.id: r for r in next(iter(records.values()), [])}
    rows = SetRows(name, np.array([first[i].label for i in order], dtype=bool))
    for judge, recs in records.items():
        by_id = {r.id: r for r in recs}
        rows.pred[judge] = np.array([by_id[i].correct is True for i in order], dtype=bool)
        rows.answered[judge] = np.array([by_id[i].correct is not None for i in order], dtype=bool)
        rows.cost[judge] = dict(cost.get(judge) or {})
        rows.learned_from[judge] = list((learned_from or {}).get(judge) or [])
        rows.held_out[judge] = dict(((held_out or {}).get(judge) or {}).get("sets") or {})
    return rows


def constant_kind(pred: np.ndarray, answered: np.ndarray) -> str | None:
    """"no verdict" (none on any row), "always correct" / "always incorrect", or None."""
    if pred.size == 0:
        return None
    if not answered.any():
        return "no verdict"
    if pred.all():
        return "always correct"
    if not pred.any():
        return "always incorrect"
    return None


def ms_per_sample(cost: Mapping[str, Any]) -> float | None:
    """Median latency per sample (warm-up excluded) in ms, falling back to the mean."""
    s = cost.get("seconds_median_per_sample", cost.get("seconds_per_sample"))
    return None if s is None else 1000.0 * float(s)


def rank_judges(sets: Sequence[SetRows], resamples: int = BOOTSTRAP, seed: int = 0) -> dict[str, Any]:
    """Judges on every one of `sets`, ranked by mean kappa (see the module note)."""
    judges = sorted(set.intersection(*(set(s.pred) for s in sets))) if sets else []
    if not judges or not all(s.label.size for s in sets):
        return {"sets": [s.name for s in sets], "rows": [], "n": 0, "tests": [], "verdict": None}
    point: dict[str, dict[str, float]] = {j: {m: 0.0 for m in METRICS} for j in judges}
    boot: dict[str, dict[str, np.ndarray]] = {j: {m: np.zeros(resamples) for m in METRICS} for j in judges}
    constant: dict[str, list[str]] = {j: [] for j in judges}
    for k, s in enumerate(sets):
        weights = bootstrap_weights(s.label.size, resamples, seed + k)
        for j in judges:
            p, a = s.pred[j], s.answered[j]
            pt, bt = binary_rates(s.label, p, a), bootstrap_rates(s.label, p, a, weights)
            for m in METRICS:
                point[j][m] += float(pt[m]) / len(sets)
                boot[j][m] += bt[m] / len(sets)
            kind = constant_kind(p, a)
            if kind:
                constant[j].append(f"{kind} on {s.name}")
    n = int(sum(s.label.size for s in sets))
    ranked = [j for j in judges if not constant[j]]
    tests = []
    for a, b in combinations(ranked, 2):
        d = point[a]["kappa"] - point[b]["kappa"]
        tests.append(PairTest(a, b, paired_difference_p(boot[a]["kappa"], boot[b]["kappa"], d),
                              a if d > 0 else b if d < 0 else None))
    holm_adjust(tests)
    ranks = significance_ranks(ranked, tests)
    rows = []
    for j in judges:
        ms = [ms_per_sample(s.cost[j]) for s in sets]
        flops = [float(s.cost[j].get("flops_per_sample") or 0.0) for s in sets]
        kinds = {c.split(" on ")[0] for c in constant[j]}
        short = (f"{kinds.pop() if len(kinds) == 1 else 'constant'} on {len(constant[j])} of {len(sets)} "
                 f"set{'s' if len(sets) != 1 else ''}") if constant[j] else None
        rows.append({"judge": j, "rank": ranks.get(j), "constant": "; ".join(constant[j]) or None, "constant_short": short,
                     **{m: round(point[j][m], 6) for m in METRICS},
                     **{f"{m}_ci": interval(boot[j][m], point[j][m], n) for m in ("kappa", "accuracy")},
                     "ms_per_sample": median([x for x in ms if x is not None]) if any(x is not None for x in ms) else None,
                     "flops_per_sample": sum(flops) / len(flops),
                     "cost_class": sets[0].cost[j].get("cost_class"),
                     "in_source": [s.name for s in sets if s.name in s.learned_from.get(j, ())],
                     "held_out": {s.name: s.held_out[j][s.name] for s in sets
                                  if s.name in s.learned_from.get(j, ()) and s.name in s.held_out.get(j, {})}})
    rows.sort(key=lambda r: (r["rank"] is None, r["rank"] or 0, -r["kappa"], r["judge"]))
    significant = {frozenset((t.a, t.b)): t for t in tests}
    return {"sets": [s.name for s in sets], "n": n, "rows": rows,
            "tests": [{"a": t.a, "b": t.b, "p": t.p, "p_holm": t.p_holm, "significant": t.significant}
                      for t in tests],
            "verdict": verdict(rows, significant)}


def verdict(rows: list[dict[str, Any]], tests: Mapping[frozenset, PairTest]) -> dict[str, Any] | None:
    """The pick (first ranked row), judges tied with it, and the best one significantly worse."""
    ranked = [r for r in rows if r["rank"] is not None]
    if not ranked:
        return None
    best = ranked[0]
    tied = [r["judge"] for r in ranked[1:] if not tests[frozenset((best["judge"], r["judge"]))].significant]
    worse = next((r for r in ranked[1:] if tests[frozenset((best["judge"], r["judge"]))].significant), None)
    timed = [r for r in ranked if (r["judge"] == best["judge"] or r["judge"] in tied) and r["ms_per_sample"] is not None]
    cheapest = min(timed, key=lambda r: r["ms_per_sample"], default=None)
    return {"best": best, "tied": tied, "next_worse": worse,
            "cheapest_tied": cheapest if cheapest and cheapest["judge"] != best["judge"] else None}


def families(set_family: Mapping[str, str], set_kind: Mapping[str, str], order: Sequence[str]) -> list[dict[str, Any]]:
    """[{family, view, sets}] for each family (and "all") under the two label views: human-labelled
    sets only ("human") and every set ("all"); a view with no set is left out."""
    out = []
    for fam in [*order, "all"]:
        members = [s for s in set_family if fam == "all" or set_family[s] == fam]
        for view in ("human", "all"):
            sets = [s for s in members if view == "all" or set_kind[s] == "human"]
            if sets:
                out.append({"family": fam, "view": view, "sets": sets})
    return out


def verdict_sentence(family: str, choice: Mapping[str, Any]) -> str:
    """One line: "for open QA use X: kappa 0.64 [0.61, 0.68], 0.16 ms per answer; ..."."""
    v = choice.get("verdict")
    name = "all tasks" if family == "all" else family
    if not v:
        return f"for {name} no judge can be recommended: every judge is constant on these sets"

    def k(r: Mapping[str, Any]) -> str:
        lo, hi = r["kappa_ci"] or (r["kappa"], r["kappa"])
        return f"kappa {r['kappa']:.2f} [{lo:.2f}, {hi:.2f}]"

    b = v["best"]
    ms = "" if b["ms_per_sample"] is None else f", {b['ms_per_sample']:.2g} ms per answer"
    text = f"for {name} use {b['judge']}: {k(b)}{ms}"
    if v["tied"]:
        text += f"; tied with {', '.join(v['tied'])}"
        if v.get("cheapest_tied"):
            c = v["cheapest_tied"]
            text += f" (cheapest: {c['judge']}, {c['ms_per_sample']:.2g} ms)"
    w = v["next_worse"]
    text += f"; the next best significantly worse is {w['judge']} ({k(w)})" if w else "; no judge is significantly worse"
    return text
