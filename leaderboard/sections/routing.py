"""Section: routed judges (regex+encoder, cascade): which stage decided, and the FLOPs saved
against running the expensive stage alone (when that judge ran on the same set)."""
from __future__ import annotations

from typing import Any

ID = "routing"
TITLE = "Hybrid and cascade routing"
ORDER = 20


def build(results: dict[str, Any], analysis: dict[str, Any]) -> dict[str, Any] | None:
    entries = [e for e in results.get("entries", []) if e.get("routing")
               and e["dataset"] not in (analysis.get("probes") or {})]
    if not entries:
        return None
    by_key = {(e["judge"], e["dataset"]): e for e in results["entries"]}
    rows = []
    for e in entries:
        stages = e["routing"]
        alone = [by_key[(s, e["dataset"])] for s in stages if (s, e["dataset"]) in by_key]
        ref = max(alone, key=lambda a: a["cost"].get("flops_per_sample") or 0.0, default=None)
        ref_flops = (ref or {}).get("cost", {}).get("flops_per_sample") or 0.0
        flops = e["cost"].get("flops_per_sample") or 0.0
        rows.append({
            "set": e["dataset"], "judge": e["judge"], "n": e["n_rows"],
            "stages": sorted(stages.items(), key=lambda kv: -kv[1]),
            "accuracy": e["metrics"].get("accuracy"), "flops": flops,
            "alone": ref["judge"] if ref else None,
            "alone_accuracy": ref["metrics"].get("accuracy") if ref else None,
            "alone_flops": ref_flops if ref else None,
            "saved": (1.0 - flops / ref_flops) if ref and ref_flops > 0 else None,
        })
    rows.sort(key=lambda r: (r["set"], r["judge"]))
    return {"rows": rows}
