"""Section: false-positive rates of every judge on the master-key probe set (wrong-by-construction
answers), beside its true-positive rate on the labelled sets: a judge that never says "correct"
(or never decides) has no false positives and is useless, so it is marked."""
from __future__ import annotations

from typing import Any

from judgesuite.leaderboard.sets_and_judges import labelled_entries
from judgesuite.suite.evaluation.schema import ResultsDoc

ID = "master-keys"
TITLE = "Master-key probes"
ORDER = 10


def true_positive_rates(doc: ResultsDoc, analysis: dict[str, Any]) -> dict[str, float]:
    """judge -> its recall (share of the answers labelled correct it calls correct), mean over the
    human-labelled sets it ran on (every labelled set where none is human)."""
    entries = labelled_entries(doc, analysis)
    human = {e.dataset for e in entries if analysis["sets"][e.dataset]["description"]["label_kind"] == "human"}
    out: dict[str, list[float]] = {}
    for e in entries:
        if (not human or e.dataset in human) and e.metrics.get("recall") is not None:
            out.setdefault(e.judge, []).append(float(e.metrics["recall"]))
    return {j: sum(v) / len(v) for j, v in out.items()}


def constant_marks(analysis: dict[str, Any]) -> dict[str, str]:
    """judge -> "never decides" (no verdict on any row) or "constant" (one verdict everywhere), where
    it is so on every labelled set it ran on."""
    kinds: dict[str, list[str | None]] = {}
    for info in analysis.get("sets", {}).values():
        for r in info["ranking"]["rows"]:
            kinds.setdefault(r["judge"], []).append(r.get("constant"))
    out = {}
    for j, ks in kinds.items():
        if all(ks):
            out[j] = "never decides" if all(k.startswith("no verdict") for k in ks) else "constant"
    return out


def build(doc: ResultsDoc, analysis: dict[str, Any]) -> dict[str, Any] | None:
    probes = analysis.get("probes") or {}
    if not probes:
        return None
    tpr, marks = true_positive_rates(doc, analysis), constant_marks(analysis)
    tables = []
    for ds, by_judge in probes.items():
        attacks = sorted({a for adv in by_judge.values() for a in adv if a != "all"})
        rows = [{"judge": j, "all": (adv.get("all") or {}).get("false_positive_rate"),
                 "n": (adv.get("all") or {}).get("n"), "tpr": tpr.get(j), "mark": marks.get(j),
                 "attacks": [(adv.get(a) or {}).get("false_positive_rate") for a in attacks]}
                for j, adv in by_judge.items()]
        rows.sort(key=lambda r: (r["mark"] is not None, r["all"] is None, r["all"] or 0.0, r["judge"]))
        tables.append({"set": ds, "attacks": attacks, "rows": rows})
    rows = [r for t in tables for r in t["rows"] if r["all"] is not None]
    deciding = [r for r in rows if not r["mark"]]
    fooled = [r for r in deciding if r["all"] > 0.05]
    worst = max(deciding, key=lambda r: r["all"], default=None)
    summary = f"{len(fooled)} of {len(deciding)} deciding judges fooled > 5%" + (
        f"; worst: {worst['judge']} {100 * worst['all']:.0f}%" if worst and worst["all"] > 0 else "")
    if len(deciding) < len(rows):
        summary += f"; {len(rows) - len(deciding)} constant (not counted)"
    return {"tables": tables, "summary": summary}
