"""A labelled row's candidate with the reference spelled differently, its human label kept (stress tests).

The held-out TriviaQA errors of issue 37 include names spelled differently from the reference (a typo, an
accent lost) and numbers written as words; labelled open-QA rows hold few of them, so `respelled` makes
them from any row whose candidate contains a reference word:

- `typo`: one reference word of 6+ letters gets one typing error (a middle letter dropped, doubled, or
  swapped with the next; chosen by the row id's hash);
- `accent`: one reference word of 4+ letters gets an accent on its first inner vowel ("Zurich" -> "Zürich");
- `number-words`: a reference integer from 1 to 99 written in digits is written in words ("25" -> "twenty-five").
"""
from __future__ import annotations

import dataclasses
import hashlib
import re

from judgesuite.judges.types import Sample

KINDS = ("typo", "accent", "number-words")
_WORD = re.compile(r"[A-Za-z]+")
_ACCENT = {"a": "á", "e": "é", "i": "í", "o": "ö", "u": "ü"}
_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
         "sixteen seventeen eighteen nineteen").split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()


def in_words(n: int) -> str:
    """1-99 in English words ("twenty-five")."""
    if n < 20:
        return _ONES[n]
    tens, ones = divmod(n, 10)
    return _TENS[tens - 2] + (f"-{_ONES[ones]}" if ones else "")


def _pick(row_id: str) -> int:
    return int(hashlib.sha256(f"judgesuite-issue37-spelling:{row_id}".encode()).hexdigest(), 16) % (1 << 30)


def _typo(word: str, k: int) -> str:
    i = 1 + k % (len(word) - 3)  # a middle letter: never the first, never the last two
    kind = (k // 7) % 3
    if kind == 0:
        return word[:i] + word[i + 1:]
    if kind == 1:
        return word[:i] + word[i] + word[i:]
    if word[i] == word[i + 1]:
        return word[:i] + word[i + 1:]
    return word[:i] + word[i + 1] + word[i] + word[i + 2:]


def _accent(word: str) -> str | None:
    for i in range(1, len(word)):
        if word[i].lower() in _ACCENT:
            return word[:i] + _ACCENT[word[i].lower()] + word[i + 1:]
    return None


def respelled(sample: Sample, kind: str, row_id: str) -> Sample | None:
    """`sample` with its candidate rewritten (`kind`, one of KINDS), or None where it offers nothing to rewrite."""
    cand = sample.candidate or ""
    if kind == "number-words":
        nums = {int(m) for r in sample.references for m in re.findall(r"(?<![\d.,])\d{1,2}(?![\d.,])", r)}
        for n in sorted(n for n in nums if 1 <= n <= 99):
            m = re.search(rf"(?<![\d.,]){n}(?![\d.,])", cand)
            if m:
                return dataclasses.replace(sample, candidate=cand[:m.start()] + in_words(n) + cand[m.end():])
        return None
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; one of {', '.join(KINDS)}")
    qwords = {w.lower() for w in _WORD.findall(sample.question or "")}
    least = 6 if kind == "typo" else 4
    ref_words = {w.lower() for r in sample.references for w in _WORD.findall(r)
                 if len(w) >= least and w.lower() not in qwords}
    for m in _WORD.finditer(cand):
        if m.group().lower() in ref_words:
            w = m.group()
            new = _typo(w, _pick(row_id)) if kind == "typo" else _accent(w)
            if new is None or new.lower() == w.lower():
                continue
            return dataclasses.replace(sample, candidate=cand[:m.start()] + new + cand[m.end():])
    return None
