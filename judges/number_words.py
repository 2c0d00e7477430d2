"""Numbers written in words, read as values: shared by the `stacked` features and the encoder's input.

`word_runs` parses runs of number words ("twenty five", "two hundred and ten", "three thousand"); a word that
cannot continue the number ("two three", "five and six") starts a new one. `as_reference_digits` rewrites such
runs in a text as the digits a reference writes for the same value ("twenty-five" -> "25"), `in_digits` as digits.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence

DIGITS = re.compile(r"(?<![\w.])[-+]?\d[\d,]*(?:\.\d+)?")  # 1,776 / 3.5 / -2
_UNIT_WORDS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve "
                                           "thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split())}
_TEN_WORDS = {w: 10 * (i + 2) for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
_MULTIPLIERS = {"hundred": 100, "thousand": 1000, "million": 10 ** 6, "billion": 10 ** 9}
_LETTER_WORD = re.compile(r"[A-Za-z]+")
_JOIN = re.compile(r"[\s\-\u2010\u2011]*")  # what may stand between two words of one number
MAX_TEXT = 20_000  # characters searched for number words by `as_reference_digits`


def number_value(token: str) -> float | None:
    """The value of a digit string ("1,776" -> 1776.0), None if it is not one."""
    try:
        return float(token.replace(",", ""))
    except ValueError:
        return None


def word_runs(tokens: Sequence[str]) -> list[tuple[int, int, float]]:
    """(first token, one past the last token, value) of each run of number words in lower-cased `tokens`."""
    out: list[tuple[int, int, float]] = []
    total = cur = 0
    start = last = -1  # first and last token of the current run; -1: no run
    after_multiplier = False
    for i, t in enumerate([*tokens, ""]):
        word = _UNIT_WORDS.get(t, _TEN_WORDS.get(t))
        fits = word is not None and start >= 0 and (
            cur % 100 == 0 if word >= 20 else cur % 10 == 0 and not 10 <= cur % 100 < 20)
        if word is not None and not fits and start >= 0:
            out.append((start, last + 1, float(total + cur)))
            total, cur, start = 0, 0, -1
        if word is not None:
            cur += word
            start = i if start < 0 else start
            last, after_multiplier = i, False
        elif t in _MULTIPLIERS and start >= 0 and not after_multiplier:
            if _MULTIPLIERS[t] == 100:
                cur = max(cur, 1) * 100
            else:
                total, cur = total + max(cur, 1) * _MULTIPLIERS[t], 0
            last, after_multiplier = i, True
        elif t == "and" and start >= 0 and after_multiplier:
            continue
        else:
            if start >= 0:
                out.append((start, last + 1, float(total + cur)))
            total, cur, start, after_multiplier = 0, 0, -1, False
    return out


def _digit_forms(references: Sequence[str]) -> dict[float, str]:
    """Value -> the digits the first reference holding it writes ("1,776")."""
    out: dict[float, str] = {}
    for ref in references:
        for m in DIGITS.finditer(ref):
            v = number_value(m.group().lstrip("+"))
            if v is not None:
                out.setdefault(v, m.group().lstrip("+"))
    return out


def _rewrite_runs(text: str, form: Callable[[float], str | None]) -> str:
    """`text` with each run of number words whose value `form` writes replaced by that form; the first MAX_TEXT
    characters are searched."""
    head = text[:MAX_TEXT]  # spans are found on the text itself: lower() may change its length ("İ")
    words = list(_LETTER_WORD.finditer(head))
    pieces: list[str] = []
    done = 0
    group: list[re.Match] = []

    def flush() -> None:
        nonlocal done
        for i, j, value in word_runs([m.group().lower() for m in group]):
            written = form(value)
            if written is not None:
                a, b = group[i].start(), group[j - 1].end()
                pieces.extend([text[done:a], written])
                done = b
        group.clear()

    for m in words:  # a run never spans anything but spaces and hyphens
        if group and not _JOIN.fullmatch(head, group[-1].end(), m.start()):
            flush()
        group.append(m)
    flush()
    return "".join(pieces) + text[done:]


def as_reference_digits(text: str, references: Sequence[str]) -> str:
    """`text` with each run of number words whose value a reference writes in digits written as those digits
    ("twenty-five" -> "25" against the reference "25"); the first MAX_TEXT characters are searched."""
    forms = _digit_forms(references)
    return _rewrite_runs(text, forms.get) if forms else text


def in_digits(text: str) -> str:
    """`text` with each run of number words written in digits ("Twenty-seven amendments" -> "27 amendments");
    the first MAX_TEXT characters are searched."""
    return _rewrite_runs(text, lambda value: f"{value:.0f}" if value.is_integer() else None)
