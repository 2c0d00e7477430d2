"""Readers of the upstream files whose verdicts the `recorded` judges replay.

Used by scripts/build_recorded_verdicts.py (which writes the bundled verdicts file) and by the
tests; the judges themselves read only the bundled file. Each reader yields `RawVerdict`s:
(question, candidate, verdict, score, judge text).
"""
from __future__ import annotations

import csv
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from judgesuite.judges.json_input import parse as parse_json

ABSTAINED = "abstained"  # the judge's text says it cannot decide


@dataclass(frozen=True)
class RawVerdict:
    question: str
    candidate: str
    verdict: bool | str  # True / False, or ABSTAINED
    score: float | None = None
    text: str = ""  # the judge's reply as published (its length estimates the generated tokens)


def yes_no_verdict(text: str) -> bool | str:
    """The verdict in a GPT-4-eval / InstructGPT-eval reply (Kamalloo et al. 2023).

    A reply opening with "Yes" is correct, "No" incorrect. The 10 of 1,490 GPT-4 replies that open
    otherwise: "I cannot determine ..." abstains; everything else ("The candidate is partially
    correct", "does not provide a correct answer", "is unclear") does not say the candidate is
    correct, so it is incorrect (the authors' own `Acceptable?` column reads "partially correct" as
    Yes on 6 rows; we keep to the text)."""
    head = text.strip().lower()
    if re.match(r"yes\b", head):
        return True
    if re.match(r"no\b", head):
        return False
    if "cannot determine" in head:
        return ABSTAINED
    return False


def _tsv(path: Path) -> list[list[str]]:
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.reader(fh, delimiter="\t"))


def read_gpt4_eval(path: Path) -> Iterator[RawVerdict]:
    """NQ301_gpt-4.tsv: id, Question, Model answer, Acceptable? (the authors' reading), gpt-4 (reply)."""
    header, *rows = _tsv(path)
    if header[:5] != ["id", "Question", "Model answer", "Acceptable?", "gpt-4"]:
        raise ValueError(f"{path}: unexpected header {header}")
    for r in rows:
        yield RawVerdict(r[1], r[2], yes_no_verdict(r[4]), text=r[4])


def read_instructgpt_eval(path: Path, questions: set[str]) -> Iterator[RawVerdict]:
    """NQ301_text-davinci-003.tsv. Its header names five columns but each row has four: the question
    and the model answer are one field, joined with no separator; the third is the reply's yes/no and
    the fourth the reply. `questions` (from another file of the set) splits the joined field: the
    longest known question it starts with."""
    header, *rows = _tsv(path)
    if header[:5] != ["id", "Question", "Model answer", "Acceptable?", "text-davinci-003"]:
        raise ValueError(f"{path}: unexpected header {header}")
    by_length = sorted(questions, key=len, reverse=True)
    for r in rows:
        if len(r) != 4:
            raise ValueError(f"{path}: expected 4 fields in a row (shifted columns), got {len(r)}: {r[:2]}")
        joined = r[1]
        question = next((q for q in by_length if joined.startswith(q)), None)
        if question is None:
            raise ValueError(f"{path}: no known question starts {joined[:60]!r}")
        yield RawVerdict(question, joined[len(question):], yes_no_verdict(r[3]), text=r[3])


BEM_THRESHOLD = 0.5  # Bulian et al. 2022: equivalent when P(equivalent) > 0.5


def bem_verdict(probs_per_gold: str) -> tuple[bool, float]:
    """BEM's rule (Bulian et al. 2022, as Kamalloo et al. apply it): the candidate is correct when its
    probability of being equivalent to ANY gold answer is above 0.5; the score is the best gold
    answer's probability. Each pair in the file is [P(not equivalent), P(equivalent)]."""
    pairs = parse_json(probs_per_gold)
    if not pairs or any(not isinstance(p, list) or len(p) != 2 for p in pairs):
        raise ValueError(f"BEM probabilities must be a non-empty list of [p_no, p_yes] pairs: {probs_per_gold[:80]!r}")
    best = max(float(p[1]) for p in pairs)
    return best > BEM_THRESHOLD, best


def read_bem(path: Path) -> Iterator[RawVerdict]:
    """NQ301_BEM.tsv: id, Question, Gold answers, Model answer, Acceptable? (BEM's verdict), probs per gold."""
    header, *rows = _tsv(path)
    if header[:6] != ["id", "Question", "Gold answers", "Model answer", "Acceptable?", "BEM probs per gold answer"]:
        raise ValueError(f"{path}: unexpected header {header}")
    for r in rows:
        verdict, best = bem_verdict(r[5])
        yield RawVerdict(r[1], r[3], verdict, score=best)


def read_human(path: Path) -> Iterator[tuple[str, str, bool]]:
    """NQ301_human.tsv: (question, model answer, majority 'Acceptable?' == Yes)."""
    header, *rows = _tsv(path)
    for r in rows:
        yield r[1], r[2], r[3] == "Yes"


MATCHERS = {"deepseek-v3": "deepseek-chat-v3-0324", "qwen2.5-7b-instruct": "qwen-2.5-7b-instruct"}


def matcher_score(value: object) -> bool:
    """A `score_<judge>` value of Chandak et al.'s files: [1] / [0] (GPQA) or "1" / "0" (MMLU-Pro)."""
    if isinstance(value, list) and len(value) == 1:
        value = value[0]
    if str(value) not in ("0", "1"):
        raise ValueError(f"matcher score must be 0 or 1, got {value!r}")
    return str(value) == "1"


def read_answer_matching(path: Path, source: str) -> Iterator[RawVerdict]:
    """gpqa_combined_samples_to_annotate.jsonl / mmlu_pro_combined_samples_to_annotate2.jsonl: one row
    per model response (`resps`, the bundled candidate), the matcher's score and reply per judge."""
    judge = MATCHERS[source]
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if not line.strip():
                continue
            row = parse_json(line)
            if f"score_{judge}" not in row:
                continue
            reply = row.get(f"response_{judge}")
            reply = reply[0] if isinstance(reply, list) and reply else reply
            yield RawVerdict(row["question"], row["resps"], matcher_score(row[f"score_{judge}"]),
                             text=str(reply or ""))
