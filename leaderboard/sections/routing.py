"""Section: routed judges (regex+encoder, cascade): which stage decided, and the FLOPs saved
against running the expensive stage alone (when that judge ran on the same set)."""
from __future__ import annotations

from typing import Any
from judgesuite.suite.evaluation.schema import ResultsDoc

ID = "routing"
TITLE = "Hybrid and cascade routing"
ORDER = 20


def build(doc: ResultsDoc, analysis: dict[str, Any]) -> dict[str, Any] | None:
    entries = [e for e in doc.entries if e.routing and e.dataset not in (analysis.get("probes") or {})]
    if not entries:
        return None
    by_key = {(e.judge, e.dataset): e for e in doc.entries}
    rows = []
    for e in entries:
        stages = e.routing
        alone = [by_key[(s, e.dataset)] for s in stages if (s, e.dataset) in by_key]
        ref = max(alone, key=lambda a: a.cost.flops_per_sample or 0.0, default=None)
        ref_flops = (ref.cost.flops_per_sample if ref else 0.0) or 0.0
        flops = e.cost.flops_per_sample or 0.0
        rows.append({
            "set": e.dataset, "judge": e.judge, "n": e.n_rows,
            "stages": sorted(stages.items(), key=lambda kv: -kv[1]),
            "accuracy": e.metrics.get("accuracy"), "flops": flops,
            "alone": ref.judge if ref else None,
            "alone_accuracy": ref.metrics.get("accuracy") if ref else None,
            "alone_flops": ref_flops if ref else None,
            "saved": (1.0 - flops / ref_flops) if ref and ref_flops > 0 else None,
        })
    rows.sort(key=lambda r: (r["set"], r["judge"]))
    # A routed judge whose one stage decided every row (nothing saved) is that stage: one line, not a table.
    idle = [r for r in rows if r["stages"] and r["stages"][0][1] >= 0.999 and r["saved"] in (None, 0.0)]
    nothing: dict[tuple[str, str], list[str]] = {}
    for r in idle:
        nothing.setdefault((r["judge"], r["stages"][0][0]), []).append(r["set"])
    rows = [r for r in rows if r not in idle]
    saved = max((r for r in rows if r["saved"] is not None), key=lambda r: r["saved"], default=None)
    summary = "; ".join([f"{r['judge']} on {r['set']}: {100 * r['saved']:.0f}% FLOPs saved" for r in [saved] if r]
                        + [f"{j}: {st} decided every row on {len(ss)} sets" for (j, st), ss in nothing.items()])
    return {"rows": rows, "nothing": [{"judge": j, "stage": st, "sets": ss} for (j, st), ss in nothing.items()],
            "summary": summary}
