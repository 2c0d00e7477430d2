"""`cascade`: a cheap judge first; only uncertain samples go to an expensive (LLM) judge.

A sample escalates when the cheap judge gives no verdict, or has no score, or its score
lies within `band` of `threshold` (|score - threshold| <= band). band = 0 escalates only
no-verdicts (and exact ties); band >= 0.5 escalates everything. When the LLM gives no verdict
(a reply outside the allowed forms) the cheap judge's verdict stands, if it had one
(`fallback=True`, the default; `stage` then says the cheap judge decided and `extra.fallback`
is set); with `fallback=False` the no-verdict is kept. FLOPs add up: the cheap
judge's for every sample, the LLM's for escalated ones. `cascade_frontier` replays the
band sweep from one run of each judge, giving the accuracy / FLOPs frontier.

Under the suite's runner both stages go through the verdict cache (`StagedJudge`): a
cascade costs nothing for samples its stages already judged (another band, or a run of
`llm-direct` alone).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from judgesuite.judges.base import CostModel, Judge, JudgeTags
from judgesuite.judges.composite import StagedJudge
from judgesuite.judges.types import Verdict


def escalates(v: Verdict, threshold: float, band: float) -> bool:
    return v.correct is None or v.score is None or abs(float(v.score) - threshold) <= band


class CascadeJudge(StagedJudge):
    """Cheap judge first (default: regex); no-verdicts and scores near the threshold go to an LLM judge."""

    tags = JudgeTags(version="2", cost_class="llm")  # 2: fallback to the cheap verdict where the LLM gives none

    def __init__(self, cheap: str = "regex", cheap_params: dict | None = None, expensive: str = "llm-direct",
                 expensive_params: dict | None = None, threshold: float = 0.5, band: float = 0.0,
                 fallback: bool = True) -> None:
        self.cheap = cheap
        self.cheap_params = dict(cheap_params or {})
        self.expensive = expensive
        self.expensive_params = dict(expensive_params or {})
        self.threshold = threshold
        self.band = band
        self.fallback = fallback
        self._cheap: Judge | None = None
        self._expensive: Judge | None = None

    def _judges(self) -> tuple[Judge, Judge]:
        from judgesuite.judges.registry import make_judge

        if self._cheap is None:
            self._cheap = make_judge(self.cheap, **self.cheap_params)
        if self._expensive is None:
            self._expensive = make_judge(self.expensive, **self.expensive_params)
        return self._cheap, self._expensive

    def get_tags(self) -> JudgeTags:
        cheap, expensive = self._judges()
        return replace(self.tags, deterministic=cheap.get_tags().deterministic and expensive.get_tags().deterministic)

    def cost_model(self) -> CostModel:
        return CostModel("llm", self._judges()[1].cost_model().parameters)

    def stages(self) -> tuple[Judge, Judge]:
        return self._judges()

    def escalate(self, first: Verdict) -> bool:
        return escalates(first, self.threshold, self.band)

    def decide(self, first: Verdict, second: Verdict | None) -> Verdict:
        if second is None:
            first.stage = self.cheap
            first.extra = {**first.extra, "escalated": False}
            return first
        info = {"escalated": True, "cheap_verdict": first.correct, "cheap_score": first.score,
                "cheap_reason": first.reason.value if first.reason else None}
        if self.fallback and second.correct is None and first.correct is not None:
            decided, info["fallback"] = first, True  # the LLM's work is paid for, the cheap verdict decides
            info["expensive_reason"] = second.reason.value if second.reason else None
            decided.stage = self.cheap
        else:
            decided = second
            decided.stage = self.expensive
        # both stages' tokens and FLOPs
        decided.input_tokens = first.input_tokens + second.input_tokens
        decided.generated_tokens = first.generated_tokens + second.generated_tokens
        decided.tokens = first.tokens + second.tokens
        decided.flops = first.flops + second.flops
        decided.extra = {**decided.extra, **info}
        return decided

    def report(self, verdicts: Sequence[Verdict], labels: Sequence[bool | None]) -> dict[str, Any] | None:
        """Share of samples escalated, and of those where the LLM gave no verdict (and the fallback decided)."""
        n = max(len(verdicts), 1)
        up = [v for v in verdicts if v.extra.get("escalated")]
        return {"escalation_rate": len(up) / n,
                "expensive_no_verdict_rate": (sum(bool(v.extra.get("fallback")) or v.correct is None for v in up)
                                              / len(up) if up else None),
                "fallback_rate": sum(bool(v.extra.get("fallback")) for v in verdicts) / n}

    def close(self) -> None:
        for j in (self._cheap, self._expensive):
            if j is not None:
                j.close()
        self._cheap = self._expensive = None


def cascade_frontier(cheap: Sequence[Verdict], expensive: Sequence[Verdict], labels: Sequence[bool | None],
                     bands: Sequence[float], threshold: float = 0.5, fallback: bool = True) -> list[dict[str, Any]]:
    """Accuracy, no-verdict rate, escalation rate and mean FLOPs per sample for each band.

    `cheap` and `expensive` hold both judges' verdicts on the same samples. Accuracy
    follows the suite's headline convention (suite/evaluation/metrics.py): a no-verdict counts as
    a verdict of "incorrect"; the no-verdict rate is reported beside it. Only rows with
    a label count. `fallback` as in `CascadeJudge`.
    """
    rows = [(c, e, lab) for c, e, lab in zip(cheap, expensive, labels) if lab is not None]
    out = []
    for band in bands:
        right = none = up = 0
        flops = 0.0
        for c, e, lab in rows:
            v = c
            flops += c.flops
            if escalates(c, threshold, band):
                up += 1
                v = c if fallback and e.correct is None and c.correct is not None else e
                flops += e.flops
            none += v.correct is None
            right += (v.correct is True) == lab
        n = len(rows) or 1
        out.append({"band": band, "accuracy": right / n, "no_verdict_rate": none / n,
                    "escalation_rate": up / n, "flops_per_sample": flops / n, "n": len(rows)})
    return out
