"""The unit a question asks for, for `extract` (stop 56): "how many gallons of water does she drink in 30 days?"
is answered by the number before "gallons" in the concluding sentence ("Therefore, Ingrid drinks 15 gallons of water
in 30 days.": 15, not the sentence's last number 30).

Only where it is unambiguous: the question asks "how many <plural noun>" (perhaps "how many more <noun>") once and
no other "how many" / "how much"; the sentence of the output's last number is no condition ("if", "would",
"suppose"); exactly one number in it is followed by that noun (singular or plural, perhaps after "more"), and it is
not the last number. Anything else keeps the last number.

Stop 57: a last number whose sentence only restates a "how many / how much" question ("12 is a multiple of 12." for
"How many positive and negative integers is 12 a multiple of?": each number, sign included, and each word of it,
three words at least, is the question's, bar a leading "so" / "therefore") answers nothing (`echoes_question`; not
for other questions: "The GCD of 12 and 24 is 12." answers "What is the GCD of 12 and 24?"). A Russian
"сколько <noun>" asks for that noun, matched by its stem (`asked_pattern`). A committed line of several numbers
gives the one of the asked unit ("Ответ: 2 бутылки стоят 13 долларов" for "Сколько долларов ...?": 13; "Answer: 2
bottles cost 13 dollars" for "how many dollars": 13; without the question the value it starts with, 2).

Stop 58: a value in another unit of the dimension the question asks for is converted to the asked unit
(`in_asked_unit`): "64 one-cup servings" for "How many gallons ...?" is 4 (16 cups a gallon), "2 hours" for "how
many minutes" 120; "N k-<unit> <noun>s" is N * k units. Only where both units are known (word_lists.UNITS), of one
dimension, and the value's unit follows it at once; another dimension ("64 ounces" of mass for gallons), an unknown
word or the asked unit itself keep the value as it was.
"""
from __future__ import annotations

import re
from fractions import Fraction

from judgesuite.judges.math.word_lists import UNITS

_HOW = re.compile(r"\bhow\s+(?:many|much)\b", re.IGNORECASE)
_ASKED = re.compile(r"\bhow\s+many\s+(?:(?:more|fewer|less|extra|additional)\s+)?([a-z]{3,20}s)\b", re.IGNORECASE)
_NOT_UNITS = frozenset({"times", "ways", "does", "was", "has", "is", "this", "those", "these", "less", "its", "yes"})
_CONDITION = re.compile(r"\b(?:if|would|suppose|supposing|assuming|assume|could|unless|если|бы)\b", re.IGNORECASE)


def asked_unit(question: str) -> str | None:
    """The plural noun of the question's one "how many <noun>"; None where there is none or more than one ask."""
    asks = _ASKED.findall(question or "")
    if len(asks) != 1 or len(_HOW.findall(question)) != 1 or asks[0].lower() in _NOT_UNITS:
        return None
    return asks[0].lower()


_ASKED_RU = re.compile(r"(?<!\w)сколько[ \t]++([а-яё]{4,20})(?!\w)", re.IGNORECASE)
_HOW_RU = re.compile(r"(?<!\w)сколько(?!\w)", re.IGNORECASE)


def asked_pattern(question: str) -> re.Pattern | None:
    """What follows a number of the unit the question asks for: the English plural noun of `asked_unit` or its
    singular; the stem of a Russian "сколько <noun>" (its one "сколько"; "долларов" -> "доллар", any ending)."""
    unit = asked_unit(question)
    if unit is not None:
        singular = unit[:-2] if unit.endswith(("ches", "shes", "sses", "xes")) else unit[:-1]
        return re.compile(r"[ \t]*+(?:(?:more|fewer|less|extra|additional)[ \t]++)?(?:" + re.escape(unit) + "|"
                          + re.escape(singular) + r")\b", re.IGNORECASE)
    asks = _ASKED_RU.findall(question or "")
    if len(asks) != 1 or len(_HOW_RU.findall(question)) != 1:
        return None
    return re.compile(r"[ \t]*+" + re.escape(asks[0][:max(4, len(asks[0]) - 2)].lower()) + r"[а-яё]*+(?!\w)",
                      re.IGNORECASE)


def unit_number(sentence: str, numbers: list[re.Match], unit: str | re.Pattern, last: bool = False) -> re.Match | None:
    """Of `numbers` (matches in `sentence`, the last last), the one followed by `unit` (a plural noun, or an
    `asked_pattern`), where exactly one is and it is not the last (the first, with `last`: the span's value); else
    None."""
    if not numbers or _CONDITION.search(sentence):
        return None
    after = unit if isinstance(unit, re.Pattern) else asked_pattern(f"how many {unit}")
    if after is None:
        return None
    found = [m for m in numbers if after.match(sentence, m.end())]
    if len(found) != 1 or found[0] is (numbers[0] if last else numbers[-1]):
        return None
    return found[0]


_WORD = re.compile(r"[^\W\d_]++")
_DIGITS = re.compile(r"(?:(?<![\w)])[-\u2212+])?+\d++(?:[.,]\d++)*+")
_LEADS = frozenset({"so", "therefore", "thus", "hence"})


def echoes_question(sentence: str, question: str) -> bool:
    """Whether `sentence` only restates `question`, a "how many / how much" question: its numbers (one at least,
    signed) and its words (three at least, a leading "so" / "therefore" / "thus" / "hence" aside) all occur in it."""
    if not _HOW.search(question or ""):
        return False
    words = [w.lower() for w in _WORD.findall(sentence)]
    if words and words[0] in _LEADS:
        words = words[1:]
    nums = _DIGITS.findall(sentence)
    asked = {w.lower() for w in _WORD.findall(question or "")}
    return (len(words) >= 3 and bool(nums) and set(words) <= asked
            and set(nums) <= set(_DIGITS.findall(question or "")))


# a unit right after a value: "64 cups", "64 one-cup servings", "5 two-liter bottles"
_UNIT_AFTER = re.compile(r"[ \t]*+(?:(one|two|three|four|five|six|ten|\d{1,3})[ \t]*+-[ \t]*+)?([A-Za-z]{1,12}+)"
                         r"(?![\w-])")
_SMALL = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "ten": 10}
_PLAIN = re.compile(r"-?\d{1,12}+(?:,\d{3})*+(?:\.\d{1,12}+)?+")


def in_asked_unit(value: str, after: str, question: str) -> str | None:
    """`value` (a plain number) followed by `after` ("one-cup servings of soup"), written in the unit the question
    asks for where its own unit is another of that dimension ("4" for 64 cups and "how many gallons"); else None."""
    unit = asked_unit(question)
    asked = UNITS.get(unit) if unit else None
    m = _UNIT_AFTER.match(after)
    if asked is None or m is None or not _PLAIN.fullmatch(value.strip()):
        return None
    own, times = UNITS.get(m.group(2).lower()), m.group(1) or "1"
    if own is None or own[0] != asked[0]:
        return None
    factor = (int(times) if times.isdigit() else _SMALL[times.lower()]) * own[1] / asked[1]
    if factor == 1:
        return None  # the asked unit itself
    out = Fraction(value.strip().replace(",", "")) * factor
    if out.denominator == 1:
        return str(out.numerator)
    exact = f"{float(out):.6f}".rstrip("0")
    return exact if Fraction(exact) == out else f"{out.numerator}/{out.denominator}"
