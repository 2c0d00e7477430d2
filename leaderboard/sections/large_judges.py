"""Section: can a cheap judge stand in for a large one? Encoder, stacked and the blend against each
replayed judge (published verdicts, or an imported file) on the rows both answered
(`suite/analysis/large_judges.py`), with where each replayed judge's verdicts and cost come from."""
from __future__ import annotations

from collections import Counter
from dataclasses import asdict
from typing import Any

from judgesuite.leaderboard.sets_and_judges import badge, set_order
from judgesuite.suite.evaluation.schema import ResultsDoc

ID = "large-judges"
TITLE = "Cheap judges against large LLM judges (published verdicts)"
ORDER = 27


def build(doc: ResultsDoc, analysis: dict[str, Any]) -> dict[str, Any] | None:
    blocks = [{"set": s, "badge": badge(analysis, s), "rows": analysis["sets"][s]["large_judges"]}
              for s in set_order(analysis) if analysis["sets"][s].get("large_judges")]
    sources, seen = [], set()
    for e in doc.entries:
        if e.replayed and e.judge not in seen:
            seen.add(e.judge)
            sources.append({"judge": e.judge, **asdict(e.replayed)})
    if not blocks and not sources:
        return None
    verdicts = Counter(r["verdict"] for b in blocks for r in b["rows"])
    summary = (f"{len(sources)} replayed large judges; cheap judge "
               + ", ".join(f"{v.removeprefix('cheap judge ')} in {n}" for v, n in verdicts.most_common())
               + f" of {sum(verdicts.values())} pairs") if verdicts else f"{len(sources)} replayed large judges"
    return {"blocks": blocks, "sources": sources, "summary": summary}
