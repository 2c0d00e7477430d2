"""`recorded:source=NAME`: replays a published judge's verdicts (GPT-4-eval, InstructGPT-eval, BEM,
DeepSeek-V3, Qwen2.5-7B-Instruct) on the rows that judge saw; a row it did not judge is the
no-verdict "not_recorded". Nothing runs: the verdicts come from judges/recorded/verdicts.json.gz
(built by scripts/build_recorded_verdicts.py from the upstream files)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from judgesuite.judges.base import CostModel, JudgeTags
from judgesuite.judges.recorded import ReplayedJudge
from judgesuite.judges.recorded.sources import SOURCES, Source, estimate_tokens
from judgesuite.judges.recorded.store import ABSTAINED, covered_row, load_store, lookup
from judgesuite.judges.types import NoVerdict, Sample, Verdict


class RecordedJudge(ReplayedJudge):
    """Replays a published judge's verdicts on the rows it judged (sources: `judgesuite judges`)."""

    tags = JudgeTags(version="1", cost_class="llm")

    def __init__(self, source: str = "gpt-4-eval") -> None:
        if source not in SOURCES:
            raise ValueError(f"recorded: unknown source {source!r}; known: {', '.join(SOURCES)}")
        self.source = source
        load_store()  # a missing or broken verdicts file fails when the judge is built

    @property
    def spec(self) -> Source:
        return SOURCES[self.source]

    def get_tags(self) -> JudgeTags:
        s = self.spec
        return JudgeTags(version=self.tags.version, cost_class=s.cost_class, task_types=frozenset({s.task_type}))

    def cost_model(self) -> CostModel:
        return CostModel(self.spec.cost_class, int(self.spec.flops_parameters or 0))

    def covers(self, sample: Sample) -> bool:
        """The rows of the source's bundled set whose questions it judged (Qwen2.5-7B: the GPQA half)."""
        return covered_row(self.source, sample.id)

    def skip_reason(self, samples: Sequence[Sample]) -> str | None:
        if any(map(self.covers, samples)):
            return None
        return f"{self.spec.model} judged none of these rows (its verdicts are on {self.spec.dataset})"

    def _find(self, s: Sample) -> list | None:
        return lookup(self.source, s.question, s.candidate, normalized=self.spec.task_type == "open_qa")

    def _input_tokens(self, s: Sample, stored: int | None) -> int:
        if stored is not None:
            return stored
        if self.spec.per_reference:  # one (question, reference, candidate) input per gold answer
            return sum(estimate_tokens(s.question, ref, s.candidate) for ref in s.references)
        return self.spec.prompt_overhead_tokens + estimate_tokens(s.question, " / ".join(s.references), s.candidate)

    def _judge_batch(self, samples: Sequence[Sample]) -> list[Verdict]:
        out = []
        params = self.spec.flops_parameters
        for s in samples:
            found = self._find(s)
            if found is None:
                out.append(Verdict.none(NoVerdict.NOT_RECORDED, f"{self.source} has no verdict for this row"))
                continue
            verdict, score, stored_tokens, generated = found
            tokens_in = self._input_tokens(s, stored_tokens)
            cost = {"input_tokens": tokens_in, "generated_tokens": generated, "tokens": tokens_in + generated,
                    "flops": 2.0 * params * (tokens_in + generated) if params else 0.0}
            if verdict == ABSTAINED:
                out.append(Verdict.none(NoVerdict.INVALID_OUTPUT, "the judge replied that it cannot determine", **cost))
            else:
                out.append(Verdict(correct=bool(verdict), score=score, **cost))
        return out

    def report(self, verdicts: Sequence[Verdict], labels: Sequence[bool | None]) -> dict[str, Any]:
        """Where the verdicts came from and what is known of their cost (stored as `judge_report`)."""
        s = self.spec
        reasons = Counter(v.reason.value for v in verdicts if v.reason is not None)
        return {"replayed": {
            "kind": "recorded", "source": s.name, "model": s.model, "citation": s.citation,
            "parameters": s.parameters if s.parameters is not None else "undisclosed",
            "active_parameters": s.active_parameters, "parameters_note": s.parameters_note,
            "flops": "estimated" if s.parameters is not None else "undisclosed",
            "tokens": "estimated (4 characters a token)", "latency": "unknown (not recorded)",
            "not_recorded": reasons.get(NoVerdict.NOT_RECORDED.value, 0), "rows": len(verdicts)}}
