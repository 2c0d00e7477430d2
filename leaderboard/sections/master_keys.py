"""Section: false-positive rates of every judge on the master-key probe set (wrong-by-construction answers)."""
from __future__ import annotations

from typing import Any

ID = "master-keys"
TITLE = "Master-key probes"
ORDER = 10


def build(results: dict[str, Any], analysis: dict[str, Any]) -> dict[str, Any] | None:
    probes = analysis.get("probes") or {}
    if not probes:
        return None
    tables = []
    for ds, by_judge in probes.items():
        attacks = sorted({a for adv in by_judge.values() for a in adv if a != "all"})
        rows = [{"judge": j, "all": (adv.get("all") or {}).get("false_positive_rate"),
                 "n": (adv.get("all") or {}).get("n"),
                 "attacks": [(adv.get(a) or {}).get("false_positive_rate") for a in attacks]}
                for j, adv in by_judge.items()]
        rows.sort(key=lambda r: (r["all"] is None, r["all"] or 0.0, r["judge"]))
        tables.append({"set": ds, "attacks": attacks, "rows": rows})
    return {"tables": tables}
