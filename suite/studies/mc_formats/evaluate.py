"""Per-question predictions and option distributions in the symbol and cloze formats.

Choice rules:
- symbol: argmax of log P(letter | prompt);
- cloze (the paper): argmax of log-likelihood / number of continuation tokens;
- cloze_char (lm-evaluation-harness acc_norm): argmax of log-likelihood / characters;
- cloze_raw: argmax of the unnormalised log-likelihood.

Option distributions for Algorithm 1 (the paper leaves them unspecified): a softmax over the
scores the format chooses by, so the argmax of the distribution is always the prediction.
For symbol that is the letter probabilities renormalised over the option letters; for cloze
it is softmax(mean per-token log-likelihood), i.e. the options' geometric-mean token
probabilities, renormalised.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from judgesuite.suite.data.mcqa import McqaItem
from judgesuite.suite.studies.mc_formats.formats import prompt_pairs, sample_demos

RULES = ("symbol", "cloze", "cloze_char", "cloze_raw")


@dataclass
class ItemScores:
    """Raw scores of one question in both formats (one entry per option)."""

    id: str
    answer_index: int
    symbol_logprobs: list[float]
    cloze_loglik: list[float]
    cloze_tokens: list[int]
    cloze_chars: list[int]

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> "ItemScores":
        return cls(**{k: d[k] for k in cls.__dataclass_fields__})


def rule_scores(s: ItemScores, rule: str) -> list[float]:
    """The per-option scores that `rule` takes the argmax of."""
    if rule == "symbol":
        return list(s.symbol_logprobs)
    if rule == "cloze":
        return [ll / max(n, 1) for ll, n in zip(s.cloze_loglik, s.cloze_tokens)]
    if rule == "cloze_char":
        return [ll / max(n, 1) for ll, n in zip(s.cloze_loglik, s.cloze_chars)]
    if rule == "cloze_raw":
        return list(s.cloze_loglik)
    raise ValueError(f"unknown rule {rule!r}; choose one of {', '.join(RULES)}")


def argmax(xs: Sequence[float]) -> int:
    """First index of the maximum (ties go to the earlier option, deterministically)."""
    return max(range(len(xs)), key=lambda i: (xs[i], -i))


def softmax(xs: Sequence[float]) -> list[float]:
    m = max(xs)
    e = [math.exp(x - m) for x in xs]
    z = sum(e)
    return [v / z for v in e]


def predict(s: ItemScores, rule: str) -> int:
    return argmax(rule_scores(s, rule))


def option_probs(s: ItemScores, rule: str) -> list[float]:
    return softmax(rule_scores(s, rule))


def score_items(scorer, items: Sequence[McqaItem], shots: int = 0, seed: int = 0,
                demo_pool: Sequence[McqaItem] = (), progress=None) -> list[ItemScores]:
    """Score every item in both formats (k-shot demonstrations drawn per item under `seed`)."""
    results = []
    for n, item in enumerate(items):
        demos = sample_demos(item, demo_pool, shots, seed)
        sym = prompt_pairs(item, "symbol", demos)
        clz = prompt_pairs(item, "cloze", demos)
        scores = scorer.score(sym + clz)
        k = len(item.choices)
        results.append(ItemScores(
            item.id, item.answer_index,
            [sc.loglik for sc in scores[:k]],
            [sc.loglik for sc in scores[k:]],
            [sc.n_tokens for sc in scores[k:]],
            [sc.n_chars for sc in scores[k:]]))
        if progress is not None:
            progress(n + 1, len(items))
    return results


def accuracy(scores: Sequence[ItemScores], rule: str) -> float:
    if not scores:
        return float("nan")
    return sum(predict(s, rule) == s.answer_index for s in scores) / len(scores)
