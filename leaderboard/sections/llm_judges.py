"""Section: LLM judges (and cascades to them): how often the reply is unusable, what a sample
costs in tokens and FLOPs under both conventions (prompt + generated, and BERT-as-a-Judge's
generated only), and for voting judges the agreement, flip rate and position-bias gap
(`judge_report` of each results entry)."""
from __future__ import annotations

from typing import Any
from judgesuite.suite.evaluation.schema import ResultsDoc, Voting

ID = "llm-judges"
TITLE = "LLM judges: invalid outputs, tokens, voting"
ORDER = 25


def build(doc: ResultsDoc, analysis: dict[str, Any]) -> dict[str, Any] | None:
    probes = analysis.get("probes") or {}
    rows = []
    for e in doc.entries:
        cost = e.cost
        if cost.cost_class != "llm" or e.dataset in probes:
            continue
        m, n = e.metrics, max(e.n_rows, 1)
        voting = e.voting or Voting()
        rows.append({
            "set": e.dataset, "judge": e.judge, "n": e.n_rows,
            "accuracy": m.get("accuracy"), "accuracy_answered": m.get("accuracy_answered"),
            "invalid": e.no_verdict_reasons.get("invalid_output", 0) / n,
            "tokens_in": cost.input_tokens_per_sample, "tokens_out": cost.generated_tokens_per_sample,
            "flops": cost.flops_per_sample, "flops_out": cost.flops_generated_only_per_sample,
            "seconds": cost.seconds_per_sample,
            "agreement": voting.agreement_rate, "flips": voting.flip_rate, "gap": voting.position_bias_gap,
        })
    if not rows:
        return None
    rows.sort(key=lambda r: (r["set"], r["judge"]))
    worst = max(rows, key=lambda r: r["invalid"])
    summary = (f"{len({r['judge'] for r in rows})} LLM judges on {len({r['set'] for r in rows})} sets; "
               + (f"invalid outputs at most {100 * worst['invalid']:.1f}%" if worst["invalid"] else "no invalid outputs"))
    return {"rows": rows, "voting": any(r["agreement"] is not None for r in rows), "summary": summary}
