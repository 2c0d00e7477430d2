"""From judged rows to a results `Entry`: metrics, breakdowns, cost, verdict records."""
from __future__ import annotations

import os
import platform
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judgesuite.judges.base import Judge
from judgesuite.judges.types import Verdict
from judgesuite.suite.data.loader import Dataset, Row
from judgesuite.suite.evaluation.metrics import compute_metrics
from judgesuite.suite.evaluation.schema import Cost, Entry, HeldOut, label_sources
from judgesuite.suite.evaluation.verdict_records import CANDIDATE_CHARS, DETAIL_CHARS, QUESTION_CHARS, VerdictRecord


@dataclass
class JudgedRows:
    """A judge's verdicts on a dataset's rows, with the seconds each took."""

    rows: list[Row]
    verdicts: list[Verdict]
    seconds: list[float]
    from_cache: int = 0
    unsupported: int = 0
    not_cached: int = 0  # errors and time limits (and verdicts built on them): judged again next run


def _by_model(rows: Sequence[Row], labels: list[bool], verdicts: Sequence[Verdict]) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for model in sorted({r.model for r in rows}):
        idx = [i for i, r in enumerate(rows) if r.model == model]
        v = [verdicts[i] for i in idx]
        out[model] = {
            "n": len(idx),
            "label_accuracy": round(sum(labels[i] for i in idx) / len(idx), 6),
            "judged_accuracy": round(sum(x.correct is True for x in v) / len(idx), 6),
            "no_verdict_rate": round(sum(x.correct is None for x in v) / len(idx), 6),
        }
    return out


def _adversarial(rows: Sequence[Row], verdicts: Sequence[Verdict]) -> dict[str, Any]:
    """False-positive rate per attack (a probe set's "model" is the attack) and over all rows."""
    out: dict[str, Any] = {}
    for attack in sorted({r.model for r in rows}):
        v = [x for r, x in zip(rows, verdicts) if r.model == attack]
        out[attack] = {"n": len(v), "false_positive_rate": round(sum(x.correct is True for x in v) / len(v), 6)}
    flagged = sum(v.correct is True for v in verdicts)
    out["all"] = {"n": len(rows), "false_positive_rate": round(flagged / max(len(rows), 1), 6)}
    return out


def _cost(judge: Judge, judged: JudgedRows) -> Cost:
    n = max(len(judged.rows), 1)
    model = judge.cost_model()
    generated = sum(v.generated_tokens for v in judged.verdicts)
    seconds = sum(judged.seconds)
    profile = getattr(judge, "profile", None)
    return Cost(
        cost_class=model.cost_class, parameters=model.parameters,
        input_tokens_per_sample=round(sum(v.input_tokens for v in judged.verdicts) / n, 3),
        generated_tokens_per_sample=round(generated / n, 3),
        flops_per_sample=sum(v.flops for v in judged.verdicts) / n,
        # the BERT-as-a-Judge convention for LLM judges: generated tokens only
        flops_generated_only_per_sample=model.flops(generated) / n if model.cost_class == "llm" else None,
        seconds_per_sample=seconds / n,
        seconds_median_per_sample=statistics.median(judged.seconds) if judged.seconds else 0.0,
        seconds_total=seconds, from_cache=judged.from_cache,
        profile=dict(profile()) if callable(profile) else {})


def build_entry(spec: str, judge: Judge, dataset: Dataset, split: str | None, judged: JudgedRows,
                excluded: dict[str, int]) -> Entry:
    """The results entry of `judge` (built from `spec`) on `dataset`."""
    labels = [bool(r.label) for r in judged.rows]
    by_type = {}
    for task_type in sorted({r.sample.task_type for r in judged.rows}):
        idx = [i for i, r in enumerate(judged.rows) if r.sample.task_type == task_type]
        by_type[task_type] = compute_metrics([labels[i] for i in idx], [judged.verdicts[i] for i in idx])
    n = max(len(judged.rows), 1)
    stages = [v.stage for v in judged.verdicts]
    routing = ({str(s): round(stages.count(s) / n, 6) for s in sorted(set(stages), key=str)}
               if any(s is not None for s in stages) else None)
    return Entry(
        judge=spec, judge_identity=judge.identity(), dataset=dataset.name, split=split,
        task_types=sorted(by_type), n_rows=len(judged.rows), n_unsupported=judged.unsupported,
        excluded=excluded, metrics=compute_metrics(labels, judged.verdicts), by_task_type=by_type,
        by_model=_by_model(judged.rows, labels, judged.verdicts), cost=_cost(judge, judged),
        adversarial=_adversarial(judged.rows, judged.verdicts) if dataset.probe else None,
        routing=routing, judge_report=judge.report(judged.verdicts, labels),
        data_path=dataset.path, label_source=dataset.label_source, learned_from=list(judge.learned_from()),
        held_out=HeldOut.from_dict(judge.held_out()), probe=dataset.probe,
        extracts_final_answer=judge.get_tags().extracts_final_answer,
        label_sources=label_sources(dataset.rows))


def verdict_records(judged: JudgedRows) -> list[VerdictRecord]:
    return [VerdictRecord(id=row.id, question_id=row.question_id, model=row.model,
                          task_type=row.sample.task_type, label=row.label, correct=v.correct, score=v.score,
                          reason=v.reason.value if v.reason else None,
                          detail=v.detail[:DETAIL_CHARS] if v.reason and v.detail else None,
                          extracted=v.extracted, tokens=v.tokens,
                          flops=v.flops, stage=v.stage, seconds=round(s, 6),
                          question=row.sample.question[:QUESTION_CHARS],
                          candidate=row.sample.candidate[:CANDIDATE_CHARS], references=list(row.sample.references))
            for row, v, s in zip(judged.rows, judged.verdicts, judged.seconds)]


def hardware() -> dict[str, Any]:
    info = {"machine": platform.machine(), "processor": platform.processor() or platform.machine(),
            "cpu_count": os.cpu_count(), "python": platform.python_version(), "gpu": None}
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                info["processor"] = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return info
