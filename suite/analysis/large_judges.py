"""Can a cheap judge stand in for a large one? Our encoder, stacked and blended judges (and the small
LLM judges that run here, llm-*) against each
replayed judge (published verdicts of GPT-4-eval, InstructGPT-eval, BEM, DeepSeek-V3, Qwen2.5-7B, or
an imported file), on the rows both answered: kappa with bootstrap intervals, McNemar tests
(statistics.mcnemar_p through `significance.pair_test`) Holm-adjusted over the set, accuracy per FLOP."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judgesuite.judges.types import Verdict
from judgesuite.suite.analysis.significance import pair_test
from judgesuite.suite.evaluation.metrics import compute_metrics
from judgesuite.suite.evaluation.schema import VerdictRecord
from judgesuite.suite.evaluation.statistics import holm_adjust

CHEAP = ("encoder", "stacked", "stacked:encoder=true")  # ours, in the order the section shows them (then llm-*)
REPLAYED = ("recorded:", "verdicts:")


def is_replayed(judge: str) -> bool:
    return judge.startswith(REPLAYED)


def _figures(recs: Sequence[VerdictRecord]) -> dict[str, Any]:
    m = compute_metrics([bool(r.label) for r in recs], [Verdict(correct=r.correct) for r in recs])
    flops = sum(getattr(r, "flops", 0.0) for r in recs) / len(recs)
    return {"kappa": m["kappa"], "kappa_ci": m["kappa_ci"], "accuracy": m["accuracy"],
            "accuracy_ci": m["accuracy_ci"], "flops": flops or None,
            "accuracy_per_gflop": m["accuracy"] / (flops / 1e9) if flops else None}


def compare(records: Mapping[str, Sequence[VerdictRecord]], flops_undisclosed: Sequence[str] = ()) -> list[dict[str, Any]]:
    """[{large, cheap, n, large: figures, cheap: figures, test}] for every (replayed judge, cheap judge)
    pair of one set, on the rows both answered; p-values Holm-adjusted over the set's pairs."""
    rows, tests = [], []
    for large in sorted(j for j in records if is_replayed(j)):
        answered = {r.id: r for r in records[large] if r.correct is not None and r.label is not None}
        ours = [c for c in CHEAP if c in records] + sorted(j for j in records if j.startswith("llm-"))
        for cheap in ours:
            both = [r for r in records[cheap] if r.id in answered and r.correct is not None]
            if len(both) < 20:
                continue
            ids = {r.id for r in both}
            mine = [answered[i] for i in (r.id for r in both)]
            test = pair_test(large, cheap, mine, both)
            tests.append(test)
            rows.append({"large": large, "cheap": cheap, "n": len(ids), "n_large": len(answered),
                         "large_fig": _figures(mine) | ({"flops": None, "accuracy_per_gflop": None}
                                                        if large in flops_undisclosed else {}),
                         "cheap_fig": _figures(both), "only_large": test.only_a, "only_cheap": test.only_b,
                         "p": test.p})
    holm_adjust(tests)
    for r, test in zip(rows, tests):
        r["p_holm"] = test.p_holm
        r["verdict"] = ("not different" if not test.significant else
                        "cheap judge worse" if r["only_large"] > r["only_cheap"] else "cheap judge better")
    return rows
