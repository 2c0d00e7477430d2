"""Plain-text summary of a results document."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from judgesuite.suite.evaluation.schema import ResultsDoc


def _pct(x: float | None) -> str:
    return "   -  " if x is None else f"{100 * x:5.1f}"


def summary_table(doc: ResultsDoc) -> str:
    """Per dataset, one line per judge: accuracy (95% CI), F1, no-verdict rate, cost."""
    lines: list[str] = []
    header = (f"  {'judge':<28} {'acc':>5} {'95% CI':>13} {'F1':>5} {'acc*':>5} {'no-v':>5} "
              f"{'n':>6} {'ms/sample':>9}")
    probes = [e for e in doc.entries if e.probe and e.adversarial]
    for ds, entries in doc.by_dataset().items():
        if any(e.probe for e in entries):
            continue
        split = entries[0].split or "whole file"
        lines.append(f"\n{ds} ({split}, {entries[0].n_rows} rows, "
                     f"{_pct(entries[0].metrics.get('positive_rate_labels')).strip()}% labelled correct)")
        lines.append(header)
        for e in sorted(entries, key=lambda e: -(e.metrics.get("accuracy") or 0)):
            m = e.metrics
            ci = m.get("accuracy_ci")
            ci_text = f"[{_pct(ci[0]).strip()}, {_pct(ci[1]).strip()}]" if ci else ""
            lines.append(f"  {e.judge:<28} {_pct(m.get('accuracy'))} {ci_text:>13} {_pct(m.get('f1'))} "
                         f"{_pct(m.get('accuracy_answered'))} {_pct(m.get('no_verdict_rate'))} "
                         f"{m['n']:>6} {1000 * e.cost.seconds_per_sample:>9.2f}")
    if probes:
        lines.append(f"\nmaster-keys: false-positive rate on {probes[0].n_rows} wrong-by-construction "
                     "answers (lower is better)")
        lines.append(f"  {'judge':<28} {'all':>5}  worst attacks")
        for e in sorted(probes, key=lambda e: e.false_positive_rates["all"]):
            adv = {k: v for k, v in e.false_positive_rates.items() if k != "all"}
            worst = ", ".join(f"{k} {_pct(v).strip()}" for k, v in sorted(adv.items(), key=lambda kv: -kv[1])[:3] if v > 0)
            lines.append(f"  {e.judge:<28} {_pct(e.false_positive_rates['all'])}  {worst or '-'}")
    lines.append("\nacc, F1: a no-verdict counts as 'incorrect'; acc* = accuracy on answered rows only; "
                 "no-v = no-verdict rate (%).")
    not_run: dict[tuple[str, str], list[str]] = {}
    for s in doc.skips:
        not_run.setdefault((s.judge, s.why), []).append(s.dataset)
    for (judge, why), sets in not_run.items():
        lines.append(f"not run: {judge} on {', '.join(sets)} ({why})")
    return "\n".join(lines)


def profile_table(doc: ResultsDoc) -> str:
    """Where each judge's time went: seconds by phase (load, tokenise, model, ...) summed over sets."""
    totals: dict[str, dict[str, float]] = {}
    for e in doc.entries:
        row = totals.setdefault(e.judge, {})
        row["judging (measured)"] = row.get("judging (measured)", 0.0) + e.cost.seconds_total
        for phase, s in e.cost.profile.items():
            row[phase] = s  # judges report cumulative seconds: the last entry holds the total
    lines = ["\nprofile (seconds):"]
    for judge, row in totals.items():
        lines.append(f"  {judge:<28} " + ", ".join(f"{k} {v:.2f}" for k, v in row.items()))
    return "\n".join(lines)
