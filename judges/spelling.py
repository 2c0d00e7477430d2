"""Spelling-tolerant matching shared by the judges that read text: accent folding and close spellings.

A candidate that writes a reference word with a typo ("Stienbeck"), without or with an accent ("Zürich") should
read as the reference word: `respell` writes such words as the reference writes them, so what comes after
(feature columns, an encoder) sees the reference's spelling. Close means one edit (a letter dropped, added or
changed, or two neighbours swapped), same first letter, CLOSE_MIN+ letters on both sides; two edits where both
words have 10+ letters and their lengths differ by at most one (two more letters are mostly another word:
"environmental" is not "environment").
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

CLOSE_MIN = 6  # shorter words one letter apart are too often different names ("Maria", "Mario")
CLOSE_MAX = 30  # longer "words" are not names; with CLOSE_CHECKS this bounds the time of `respell`
CLOSE_CHECKS = 2_000  # spelling comparisons per text at most (distinct words; a real answer needs tens)
_LETTERS = str.maketrans({"ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss", "ł": "l",
                          "Ł": "L", "đ": "d", "Đ": "D", "ı": "i"})
_WORD = re.compile(r"\w+", re.UNICODE)
_PUNCT = re.compile(r"[^\w\s]|_", re.UNICODE)
_ARTICLES = frozenset({"a", "an", "the"})


def fold(text: str) -> str:
    """`text` with accents and a few letters folded ("Zürich", "Søren": Zurich, Soren); case kept."""
    if text.isascii():
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text.translate(_LETTERS)) if not unicodedata.combining(c))


def words(low: str) -> list[str]:
    """The words of lower-cased text: punctuation read as a space, apostrophes dropped, articles left out."""
    return [t for t in _PUNCT.sub(" ", low.replace("'", "")).split() if t not in _ARTICLES]


def _one_edit(a: str, b: str) -> bool:
    """a and b differ by at most one letter dropped, added or changed, or two neighbours swapped."""
    if len(a) > len(b):
        a, b = b, a
    if len(b) - len(a) > 1:
        return False
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) < len(b):
        return a[i:] == b[i + 1:]
    return a[i + 1:] == b[i + 1:] or (i + 1 < len(a) and a[i] == b[i + 1] and a[i + 1] == b[i]
                                      and a[i + 2:] == b[i + 2:])


def within(a: str, b: str, k: int) -> bool:
    """Edit distance of a and b at most k, a swap of neighbouring letters counting as one edit."""
    if abs(len(a) - len(b)) > k:
        return False
    if k == 1:
        return _one_edit(a, b)
    prev2, prev = None, list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1]))
            if prev2 is not None and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > k:
            return False
        prev2, prev = prev, cur
    return prev[-1] <= k


def _edits(a: str, b: str) -> int:
    return 2 if min(len(a), len(b)) >= 10 and abs(len(a) - len(b)) <= 1 else 1


def reference_words(references: list[str]) -> dict[str, str]:
    """The words `respell` may write: folded lower-cased form -> the form the first reference having it uses
    (every word, for accents; those of CLOSE_MIN+ letters also for close spellings)."""
    out: dict[str, str] = {}
    for ref in references:
        for w in _WORD.findall(ref):
            key = fold(w).lower()
            if key.isalpha() and key not in out:
                out[key] = w
    return out


def respell(text: str, words: Mapping[str, str]) -> str:
    """`text` with each word whose folded lower-cased form equals a key of `words` or is close to one (module
    docstring; the first close key in sorted order) written as that key's value."""
    by_first: dict[str, list[str]] = {}
    for key in sorted(words):
        if len(key) >= CLOSE_MIN:
            by_first.setdefault(key[0], []).append(key)
    if not words:
        return text
    seen: dict[str, str | None] = {}
    budget = [CLOSE_CHECKS]

    def respelled(m: re.Match) -> str:
        w = m.group()
        key = fold(w).lower()
        if key in words:  # the same word: only an accent or a folded letter is rewritten, not the case
            return w if w.isascii() else words[key]
        if not CLOSE_MIN <= len(key) <= CLOSE_MAX or key[0] not in by_first or not key.isalpha():
            return w
        if key not in seen:
            if budget[0] <= 0:
                return w
            keys = by_first[key[0]]
            budget[0] -= len(keys)
            seen[key] = next((r for r in keys if within(key, r, _edits(key, r))), None)
        r = seen[key]
        return w if r is None else words[r]

    return _WORD.sub(respelled, text)
