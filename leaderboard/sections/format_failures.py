"""Section: "Final answer:" format failures per set, evaluated model and answer format
(BERT-as-a-Judge Tables 13-15): the parse-failure rate, and on labelled rows the accuracy each
judge that extracts a final answer loses to parse failures vs to matching. Reads the analysis's
`sets[<set>]["format_stats"]` (suite/analysis/format_stats.py); the split needs such a judge
(e.g. `regex`) in the run."""
from __future__ import annotations

from typing import Any
from judgesuite.suite.evaluation.schema import ResultsDoc

ID = "format-failures"
TITLE = "Format failures (\u201cFinal answer:\u201d parsing)"
ORDER = 30


def _rate(num: int, den: int) -> float | None:
    return num / den if den else None


def build(doc: ResultsDoc, analysis: dict[str, Any]) -> dict[str, Any] | None:
    stats = {name: info["format_stats"] for name, info in (analysis.get("sets") or {}).items()
             if info.get("format_stats")}
    if not stats:
        return None
    rows, pooled = [], {}
    for name in sorted(stats):
        for g in stats[name]:
            label_acc = g.get("label_accuracy")
            base = {"set": name, "model": g["model"], "format": g["format"], "n": g["rows"],
                    "parse_failure": g.get("parse_failure_rate"), "labelled": g.get("labelled", 0),
                    "label_accuracy": label_acc}
            for judge, j in sorted((g.get("judges") or {"": {}}).items()):
                acc = j.get("accuracy")
                rows.append({**base, "judge": judge, "judge_accuracy": acc,
                             "gap": label_acc - acc if label_acc is not None and acc is not None else None,
                             "lost_parsing": j.get("lost_to_parsing_rate"), "lost_matching": j.get("lost_to_matching_rate"),
                             "false_accepts": j.get("false_accept_rate")})
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
    worst = max((r for r in rows if r["parse_failure"] is not None), key=lambda r: r["parse_failure"], default=None)
    summary = "; ".join(
        ([f"{sum(len(v) for v in never.values())} model groups on {len(never)} sets never write the line"] if never else [])
        + ([f"worst parse-failure rate {100 * worst['parse_failure']:.0f}% ({worst['model']})"] if worst else []))
    return {"summary": summary, "rows": rows, "by_format": by_format, "never": sorted((k, list(dict.fromkeys(v))) for k, v in never.items()),
            "has_formats": any(r["format"] != "-" for r in rows),
            "has_split": any(r["lost_parsing"] is not None for r in rows)}
