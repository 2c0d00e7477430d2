"""Answer normalisation and token overlap, as in the SQuAD evaluation script."""
from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Iterable

_ARTICLES = re.compile(r"\b(a|an|the)\b", re.UNICODE)
_PUNCT = frozenset(string.punctuation)


def normalize_answer(text: str) -> str:
    """Lower-case, drop punctuation and English articles, collapse whitespace."""
    text = "".join(ch for ch in text.lower() if ch not in _PUNCT)
    text = _ARTICLES.sub(" ", text)
    return " ".join(text.split())


def best_token_f1(prediction: str, references: Iterable[str]) -> float:
    """The highest token F1 of `prediction` with any of `references` (0.0 for none). The prediction is
    normalised once and each distinct reference once: a long answer against a long alias list costs the
    size of the two, not their product."""
    pred = normalize_answer(prediction).split()
    pred_counts = Counter(pred)
    best = 0.0
    for ref_text in dict.fromkeys(normalize_answer(r) for r in references):
        ref = ref_text.split()
        if not pred or not ref:
            best = max(best, float(pred == ref))
            continue
        common = sum(min(pred_counts[t], c) for t, c in Counter(ref).items())  # over the reference's words
        if common:
            precision, recall = common / len(pred), common / len(ref)
            best = max(best, 2 * precision * recall / (precision + recall))
    return best
