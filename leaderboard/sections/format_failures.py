"""Section: "Final answer:" format failures per set, evaluated model and answer format
(BERT-as-a-Judge Tables 13-15): the regex judge's parse-failure rate, and on labelled rows the
accuracy it loses to parse failures vs to matching. Reads `results["format_stats"]`, which
`judgesuite run` computes per set (suite/format_stats.py); the split needs the `regex` judge in
the run."""
from __future__ import annotations

from typing import Any

ID = "format-failures"
TITLE = "Format failures (\u201cFinal answer:\u201d parsing)"
ORDER = 30


def _rate(num: int, den: int) -> float | None:
    return num / den if den else None


def build(results: dict[str, Any], analysis: dict[str, Any]) -> dict[str, Any] | None:
    probes = analysis.get("probes") or {}
    stats = {name: groups for name, groups in (results.get("format_stats") or {}).items()
             if name not in probes and groups}
    if not stats:
        return None
    rows, pooled = [], {}
    for name in sorted(stats):
        for g in stats[name]:
            judged = g.get("regex_judged") or 0
            label_acc, regex_acc = g.get("label_accuracy"), g.get("regex_accuracy")
            rows.append({
                "set": name, "model": g["model"], "format": g["format"], "n": g["rows"],
                "parse_failure": g.get("parse_failure_rate"), "labelled": g.get("labelled", 0),
                "label_accuracy": label_acc, "regex_accuracy": regex_acc,
                "gap": label_acc - regex_acc if judged and label_acc is not None and regex_acc is not None else None,
                "lost_parsing": g.get("lost_to_parsing_rate"), "lost_matching": g.get("lost_to_matching_rate"),
                "false_accepts": _rate(g.get("false_accepts", 0), judged),
            })
            p = pooled.setdefault((name, g["format"]), {"models": 0, "n": 0, "failures": 0})
            p["models"] += 1
            p["n"] += g["rows"]
            p["failures"] += g.get("parse_failures", 0)
    by_format = [{"set": s, "format": f, "models": p["models"], "n": p["n"],
                  "parse_failure": _rate(p["failures"], p["n"])} for (s, f), p in sorted(pooled.items()) if f != "-"]
    # Groups that never write the line say one thing each: list them in a sentence, not as rows.
    never: dict[str, list[str]] = {}
    for r in rows:
        if r["parse_failure"] is not None and r["parse_failure"] >= 1.0:
            never.setdefault(r["set"], []).append(r["model"] if r["format"] == "-" else f"{r['model']} ({r['format']})")
    rows = [r for r in rows if r["parse_failure"] is None or r["parse_failure"] < 1.0]
    return {"rows": rows, "by_format": by_format, "never": sorted(never.items()),
            "has_formats": any(r["format"] != "-" for r in rows),
            "has_split": any(r["lost_parsing"] is not None for r in rows)}
