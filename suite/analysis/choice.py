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

Held-out evidence decides for learned judges. A judge whose model was fit on a set's train split
(`learned_from`) is scored on that set by its recorded held-out figure (`held_out`: its recipe
trained without the set, scored on the set's test split): that is what a new dataset would see.
Its in-source figure stays in the row (`in_source_kappa`) but does not decide. A held-out figure is
one number, not per-row verdicts, so its bootstrap replicates are normal draws with Cohen's
standard error of kappa (and the binomial one of accuracy), unpaired with the run's resamples. A
learned judge in-source on a set with no held-out figure is shown but not ranked (`unranked`).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from statistics import median
from typing import Any

import numpy as np

from judgesuite.suite.evaluation.entry_blocks import Cost, HeldOut, HeldOutSet
from judgesuite.suite.evaluation.schema import VerdictRecord
from judgesuite.suite.evaluation.metrics import binary_rates, bootstrap_rates
from judgesuite.suite.evaluation.statistics import (BOOTSTRAP, PairTest, holm_adjust,
                                                    interval, paired_difference_p, significance_ranks)

METRICS = ("kappa", "accuracy", "f1", "no_verdict_rate")


@dataclass
class SetRows:
    """One set's rows, aligned across judges: the label and each judge's verdict per row."""

    name: str
    label: np.ndarray
    pred: dict[str, np.ndarray] = field(default_factory=dict)  # verdict "correct" (no-verdict = False)
    answered: dict[str, np.ndarray] = field(default_factory=dict)
    cost: dict[str, Cost] = field(default_factory=dict)  # judge -> its cost on this set (absent: unknown)
    learned_from: dict[str, list[str]] = field(default_factory=dict)  # judge -> sets its model was fit on
    held_out: dict[str, dict[str, HeldOutSet]] = field(default_factory=dict)  # judge -> set -> its held-out figure


def align(name: str, records: Mapping[str, Sequence[VerdictRecord]], cost: Mapping[str, Cost],
          learned_from: Mapping[str, Sequence[str]] | None = None,
          held_out: Mapping[str, HeldOut | None] | None = None) -> SetRows:
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
        if judge in cost:
            rows.cost[judge] = cost[judge]
        rows.learned_from[judge] = list((learned_from or {}).get(judge) or [])
        figures = (held_out or {}).get(judge)
        rows.held_out[judge] = dict(figures.sets) if figures else {}
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


def ms_per_sample(cost: Cost | None) -> float | None:
    """Median latency per sample (warm-up excluded) in ms, falling back to the mean; None = unknown."""
    if cost is None:
        return None
    s = cost.seconds_median_per_sample if cost.seconds_median_per_sample is not None else cost.seconds_per_sample
    return None if s is None else 1000.0 * float(s)


def held_out_draws(figure: HeldOutSet, resamples: int, seed: int, rows: int) -> dict[str, np.ndarray]:
    """Bootstrap-like replicates of a held-out figure's kappa and accuracy: normal draws around the
    point with Cohen's standard error of kappa, sqrt(po (1 - po) / (n (1 - pe)^2)), and the
    binomial one of accuracy (pe from po = accuracy and kappa = (po - pe) / (1 - pe)); n is the
    figure's rows, else `rows` (the run's rows of that set)."""
    po, k, n = float(figure.accuracy), float(figure.kappa), max(int(figure.rows or rows), 1)
    pe = (po - k) / (1 - k) if k < 1 else 0.5
    pe = min(max(pe, 0.0), 0.999)
    se_k = (po * (1 - po) / n) ** 0.5 / (1 - pe)
    se_a = (po * (1 - po) / n) ** 0.5
    z = np.random.default_rng(seed).standard_normal((2, resamples))
    return {"kappa": k + se_k * z[0], "accuracy": po + se_a * z[1]}


def figure_basis(judge: str, s: SetRows) -> tuple[str, HeldOutSet | None]:
    """("run" | "held-out" | "missing", the held-out figure) for a judge on one set."""
    if s.name not in s.learned_from.get(judge, ()):
        return "run", None
    figure = s.held_out.get(judge, {}).get(s.name)
    return ("held-out", figure) if figure else ("missing", None)


def basis_text(bases: Mapping[str, str]) -> str:
    """"held-out" / "run" / "held-out on A; run on B" from set -> basis."""
    kinds = sorted(set(bases.values()))
    if len(kinds) == 1:
        return kinds[0]
    return "; ".join(f"{k} on {', '.join(s for s, b in bases.items() if b == k)}" for k in kinds)


def same_verdicts(judges: Sequence[str], sets: Sequence[SetRows]) -> dict[str, str]:
    """judge -> the judge it duplicates: the same verdict (and no-verdict) on every row of `sets`
    (pass the judges that are not constant: a constant judge is marked as constant instead).
    Each group is shown once, under its member with the shortest name (then the cheapest)."""
    groups: dict[tuple[bytes, ...], list[str]] = {}
    for j in judges:
        groups.setdefault(tuple(np.packbits(np.concatenate([s.pred[j], s.answered[j]])).tobytes() for s in sets),
                          []).append(j)
    out = {}
    for group in groups.values():
        if len(group) > 1:
            keep = min(group, key=lambda j: (len(j), ms_per_sample(sets[0].cost.get(j)) or 0.0, j))
            out.update({j: keep for j in group if j != keep})
    return out


def rank_judges(sets: Sequence[SetRows], resamples: int = BOOTSTRAP, seed: int = 0) -> dict[str, Any]:
    """Judges on every one of `sets`, ranked by mean kappa (see the module note); a learned judge's
    kappa and accuracy on a set it was fit on are its held-out figures."""
    judges = sorted(set.intersection(*(set(s.pred) for s in sets))) if sets else []
    if not judges or not all(s.label.size for s in sets):
        return {"sets": [s.name for s in sets], "rows": [], "n": 0, "tests": [], "verdict": None}
    point: dict[str, dict[str, float]] = {j: {m: 0.0 for m in METRICS} for j in judges}
    boot: dict[str, dict[str, np.ndarray]] = {j: {m: np.zeros(resamples) for m in METRICS} for j in judges}
    constant: dict[str, list[str]] = {j: [] for j in judges}
    run_point: dict[str, dict[str, float]] = {j: {"kappa": 0.0, "accuracy": 0.0} for j in judges}
    run_boot: dict[str, np.ndarray] = {j: np.zeros(resamples) for j in judges}
    bases: dict[str, dict[str, str]] = {j: {} for j in judges}
    for k, s in enumerate(sets):
        paired = bootstrap_rates(s.label, [(s.pred[j], s.answered[j]) for j in judges], resamples, seed + k)
        for j, bt in zip(judges, paired):
            p, a = s.pred[j], s.answered[j]
            pt = binary_rates(s.label, p, a)
            basis, figure = figure_basis(j, s)
            bases[j][s.name] = basis
            held = held_out_draws(figure, resamples, seed + 7919 * (k + 1) + sum(map(ord, j)), s.label.size) if figure else {}
            for m in METRICS:
                point[j][m] += (float(getattr(figure, m)) if m in held else float(pt[m])) / len(sets)
                boot[j][m] += (held[m] if m in held else bt[m]) / len(sets)
            for m in ("kappa", "accuracy"):
                run_point[j][m] += float(pt[m]) / len(sets)
            run_boot[j] += bt["kappa"] / len(sets)
            kind = constant_kind(p, a)
            if kind:
                constant[j].append(f"{kind} on {s.name}")
    n = int(sum(s.label.size for s in sets))
    unranked = {j: "trained on the train split of " + ", ".join(x for x, b in bases[j].items() if b == "missing")
                   + " and no held-out figure recorded for it: its figures there are in-source"
                for j in judges if "missing" in bases[j].values()}
    same = same_verdicts([j for j in judges if not constant[j]], sets)  # a constant judge is marked as such
    ranked = [j for j in judges if not constant[j] and j not in unranked and j not in same]
    tests = []
    for a, b in combinations(ranked, 2):
        d = point[a]["kappa"] - point[b]["kappa"]
        tests.append(PairTest(a, b, paired_difference_p(boot[a]["kappa"], boot[b]["kappa"], d),
                              a if d > 0 else b if d < 0 else None))
    holm_adjust(tests)
    ranks = significance_ranks(ranked, tests)
    rows = []
    for j in judges:
        ms = [ms_per_sample(s.cost.get(j)) for s in sets]
        flops = [float(s.cost[j].flops_per_sample or 0.0) if j in s.cost else 0.0 for s in sets]
        kinds = {c.split(" on ")[0] for c in constant[j]}
        short = (f"{kinds.pop() if len(kinds) == 1 else 'constant'} on {len(constant[j])} of {len(sets)} "
                 f"set{'s' if len(sets) != 1 else ''}") if constant[j] else None
        rows.append({"judge": j, "rank": ranks.get(j), "constant": "; ".join(constant[j]) or None, "constant_short": short,
                     **{m: round(point[j][m], 6) for m in METRICS},
                     **{f"{m}_ci": interval(boot[j][m], point[j][m], n) for m in ("kappa", "accuracy")},
                     "ms_per_sample": median([x for x in ms if x is not None]) if any(x is not None for x in ms) else None,
                     "flops_per_sample": sum(flops) / len(flops),
                     "cost_class": sets[0].cost[j].cost_class if j in sets[0].cost else None,
                     "in_source": [s.name for s in sets if s.name in s.learned_from.get(j, ())],
                     "held_out": {s.name: s.held_out[j][s.name].to_dict() for s in sets
                                  if s.name in s.learned_from.get(j, ()) and s.name in s.held_out.get(j, {})},
                     # which figure ranks it; its in-source figures, shown but not used
                     "figure": basis_text(bases[j]), "unranked": unranked.get(j), "same_as": same.get(j),
                     **({"in_source_kappa": round(run_point[j]["kappa"], 6),
                         "in_source_kappa_ci": interval(run_boot[j], run_point[j]["kappa"], n),
                         "in_source_accuracy": round(run_point[j]["accuracy"], 6)}
                        if "run" != basis_text(bases[j]) else {})})
    rows.sort(key=lambda r: (r["rank"] is None, r["same_as"] is not None, r["rank"] or 0, -r["kappa"], r["judge"]))
    significant = {frozenset((t.a, t.b)): t for t in tests}
    return {"sets": [s.name for s in sets], "n": n, "rows": rows,
            "tests": [{"a": t.a, "b": t.b, "p": t.p, "p_holm": t.p_holm, "significant": t.significant}
                      for t in tests],
            "verdict": verdict(rows, significant)}


REPLAYED = ("recorded:", "verdicts:")  # judges whose verdicts are replayed from a file, not run here


def measured_ms(row: Mapping[str, Any]) -> float | None:
    """A row's time per answer as a cost: None for a replayed judge (its time is the replay's)."""
    return None if str(row["judge"]).startswith(REPLAYED) else row["ms_per_sample"]


def cost_key(row: Mapping[str, Any]) -> tuple:
    """Cheapest first: by measured time; judges without one (replayed) after them, by their FLOPs
    (an undisclosed size, 0 FLOPs, last); then the higher kappa."""
    ms, flops = measured_ms(row), float(row.get("flops_per_sample") or 0.0)
    return (ms is None, ms or 0.0, flops <= 0 if ms is None else False, flops, -row["kappa"])


def verdict(rows: list[dict[str, Any]], tests: Mapping[frozenset, PairTest]) -> dict[str, Any] | None:
    """The pick: the cheapest (median ms; a replayed judge's time is no cost) judge of the shared top rank, so "pick the cheaper" is the
    answer, not a footnote; `highest` is the top kappa when that is another judge. Also the other
    judges of the top rank (`tied`) and the best judge significantly worse than the pick."""
    ranked = [r for r in rows if r["rank"] is not None]
    if not ranked:
        return None
    top = [r for r in ranked if r["rank"] == ranked[0]["rank"]]
    best = min(top, key=cost_key)
    tied = [r["judge"] for r in top if r is not best]
    worse = next((r for r in ranked if r is not best and r["judge"] not in tied
                  and tests[frozenset((best["judge"], r["judge"]))].significant), None)
    return {"best": best, "tied": tied, "next_worse": worse,
            "highest": ranked[0] if ranked[0] is not best else None,
            "unranked": [{"judge": r["judge"], "why": r["unranked"]} for r in rows
                         if r.get("unranked") and not r.get("same_as")]}


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
    ms = "" if measured_ms(b) is None else f", {b['ms_per_sample']:.2g} ms per answer"
    figure = "" if b.get("figure", "run") == "run" else f" ({b['figure']})"
    text = f"for {name} use {b['judge']}: {k(b)}{figure}{ms}"
    if v["tied"]:
        text += f"; the cheapest of {len(v['tied']) + 1} judges sharing the top rank ({', '.join(v['tied'])})"
    w = v["next_worse"]
    text += f"; the next best significantly worse is {w['judge']} ({k(w)})" if w else "; no judge is significantly worse"
    return text
