"""Format labels: Algorithm 1 (model preference), majority vote, and the human-typology heuristic.

Algorithm 1 (paper, Section 4.2), with a_f = correctness in format f, p_f the option
distribution (see `evaluate.option_probs`), ans the gold index:
- neither format correct: abstain;
- exactly one correct: the format with the larger p_f[ans] (equal: abstain);
- both correct: margins d_f = top-1 minus top-2 of p_f; the larger margin's format if
  |d_sym - d_clz| > delta (0.2 in the paper), else abstain.
Abstentions are None and are left out of classifier training.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from judgesuite.suite.data.mcqa import McqaItem
from judgesuite.suite.studies.mc_formats.evaluate import ItemScores, option_probs, predict

SYMBOL, CLOZE = "symbol", "cloze"
DELTA = 0.2


def margin(probs: Sequence[float]) -> float:
    """Top-1 minus top-2 probability."""
    top = sorted(probs, reverse=True)
    return top[0] - (top[1] if len(top) > 1 else 0.0)


def preference_label(correct_sym: bool, correct_clz: bool, p_sym: Sequence[float], p_clz: Sequence[float],
                     answer: int, delta: float = DELTA) -> str | None:
    """Algorithm 1 for one question: 'symbol', 'cloze' or None (abstain)."""
    if not correct_sym and not correct_clz:
        return None
    if correct_sym != correct_clz:
        a_sym, a_clz = p_sym[answer], p_clz[answer]
        if a_sym == a_clz:
            return None
        return SYMBOL if a_sym > a_clz else CLOZE
    d_sym, d_clz = margin(p_sym), margin(p_clz)
    if abs(d_sym - d_clz) <= delta:
        return None
    return SYMBOL if d_sym > d_clz else CLOZE


def label_scores(s: ItemScores, delta: float = DELTA, cloze_rule: str = "cloze") -> str | None:
    """Algorithm 1 on a question's stored scores."""
    return preference_label(predict(s, "symbol") == s.answer_index, predict(s, cloze_rule) == s.answer_index,
                            option_probs(s, "symbol"), option_probs(s, cloze_rule), s.answer_index, delta)


def majority_label(votes: Sequence[str | None]) -> str | None:
    """Majority of the non-abstaining votes; None when all abstain or on a tie."""
    counts = Counter(v for v in votes if v is not None).most_common()
    if not counts or (len(counts) > 1 and counts[0][1] == counts[1][1]):
        return None
    return counts[0][0]


# --- the human-heuristic labeler (the paper's Table 3 typology) -------------------------------
TYPOLOGY = {
    "which": SYMBOL, "short_answer": SYMBOL, "multi_sentence": SYMBOL, "imperative": SYMBOL,
    "anaphora_resolution": SYMBOL, "blank_completion": CLOZE, "sentence_continuation": CLOZE,
}
_BLANK = re.compile(r"(?:^|\s|\b)_{1,}(?:\s|\b|$)")
_WH = re.compile(r"^(?:what|who|whom|whose|where|when|why|how|is|are|was|were|do|does|did|can|could|"
                 r"should|would|will|which)\b", re.I)
_WHICH = re.compile(r"\bwhich\b", re.I)
_IMPERATIVE = re.compile(r"^(?:solve|calculate|compute|find|determine|identify|choose|select|evaluate|"
                         r"simplify|name|give|explain|estimate|predict|describe|list|classify|compare)\b", re.I)
_ANAPHOR = re.compile(r"\b(?:this|these|that|those|it|they)\b", re.I)


def _short(option: str) -> bool:
    return len(option.split()) <= 3 and not option.rstrip().endswith(".")


def typology(question: str, choices: Sequence[str]) -> str:
    """The paper's annotation typology, decided by fixed syntactic rules (deterministic)."""
    q = question.strip()
    last = q.split("\n")[-1].strip()  # multi-line stems: the last line holds the query
    interrogative = last.endswith("?") or bool(_WH.match(last))
    if _BLANK.search(q):
        return "blank_completion"
    if interrogative and _WHICH.search(last):
        return "which"
    if _IMPERATIVE.match(last):
        return "imperative"
    if interrogative:
        return "short_answer" if all(_short(c) for c in choices) else "multi_sentence"
    if (last.endswith(":") or _ANAPHOR.search(last.split()[0] if last.split() else "")) and \
            all(_short(c) for c in choices):
        return "anaphora_resolution"
    return "sentence_continuation"


def heuristic_label(item: McqaItem) -> str:
    """'symbol' or 'cloze' from the typology (the baseline the paper shows to fail)."""
    return TYPOLOGY[typology(item.question, item.choices)]
