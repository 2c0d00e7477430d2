"""Section: pass@k under the labels and under each judge (unbiased estimator), for sets where a
model answered a question several times; omitted otherwise."""
from __future__ import annotations

from typing import Any

from judgesuite.leaderboard.sets_and_judges import set_order
from judgesuite.suite.evaluation.schema import ResultsDoc

ID = "passk"
TITLE = "pass@k"
ORDER = 26


def build(doc: ResultsDoc, analysis: dict[str, Any]) -> dict[str, Any] | None:
    rows = [{"set": s, "judge": j, "model": model, "k": k, "r": r}
            for s in set_order(analysis) for j, per_model in analysis["sets"][s].get("pass_at_k", {}).items()
            for model, ks in per_model.items() for k, r in ks.items()]
    summary = f"pass@k of {len({r['model'] for r in rows})} models on {len({r['set'] for r in rows})} sets, labels and judges"
    return {"rows": rows, "summary": summary} if rows else None
