"""`token-f1` and `rouge-l`: lexical overlap with the best reference, thresholded.

Default thresholds were chosen on the dev split of the bundled sets by
`judgesuite tune-thresholds` and are recorded, with the figures behind them, in
`tuned_thresholds.json` beside this module.
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from judgesuite.judges.base import Judge
from judgesuite.judges.squad import token_f1
from judgesuite.judges.types import Sample, Verdict

THRESHOLDS_FILE = Path(__file__).with_name("tuned_thresholds.json")


@lru_cache(maxsize=1)
def _tuned() -> dict:
    try:
        return json.loads(THRESHOLDS_FILE.read_text())
    except FileNotFoundError:
        return {}


def tuned_threshold(judge_name: str, fallback: float = 0.5) -> float:
    return float(_tuned().get(judge_name, {}).get("threshold", fallback))


@lru_cache(maxsize=1)
def _rouge_scorer():
    from rouge_score import rouge_scorer

    return rouge_scorer.RougeScorer(["rougeL"], use_stemmer=False)


def rouge_l(prediction: str, reference: str) -> float:
    return _rouge_scorer().score(reference, prediction)["rougeL"].fmeasure


class _OverlapJudge(Judge):
    _tuned_name = ""

    def __init__(self, threshold: float | None = None) -> None:
        # None = the dev-tuned value; resolved here so the cache identity records it.
        self.threshold = tuned_threshold(self._tuned_name) if threshold is None else float(threshold)

    def similarity(self, prediction: str, reference: str) -> float:
        raise NotImplementedError

    def _judge_batch(self, samples: Sequence[Sample]) -> list[Verdict]:
        out = []
        for s in samples:
            score = max((self.similarity(s.candidate, r) for r in s.references), default=0.0)
            out.append(Verdict(correct=score >= self.threshold, score=score))
        return out


class TokenF1Judge(_OverlapJudge):
    """SQuAD token F1 with the best reference >= threshold."""

    _tuned_name = "token-f1"

    def similarity(self, prediction: str, reference: str) -> float:
        return token_f1(prediction, reference)


class RougeLJudge(_OverlapJudge):
    """ROUGE-L F-measure (rouge-score) with the best reference >= threshold."""

    _tuned_name = "rouge-l"

    def similarity(self, prediction: str, reference: str) -> float:
        return rouge_l(prediction, reference)
