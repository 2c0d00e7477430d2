"""Surface forms for synthetic encoder training rows: answer sentences, format changes, near misses.

Every function takes a `random.Random` and returns text (or None when the form does not apply
to that answer); the labelling lives in `synthetic.py`.
"""
from __future__ import annotations

import random
import re

from judgesuite.judges.lexical.contains import contained_reference

NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
                "fourteen fifteen sixteen seventeen eighteen nineteen twenty").split()
MONTHS = ("January February March April May June July August September October November "
          "December").split()
UNITS = {"km": "kilometres", "kilometers": "km", "kilometres": "km", "m": "metres", "metres": "m",
         "meters": "m", "kg": "kilograms", "kilograms": "kg", "lb": "pounds", "pounds": "lb",
         "miles": "mi", "mi": "miles", "ft": "feet", "feet": "ft", "%": " percent", "percent": "%",
         "cm": "centimetres", "mph": "miles per hour", "years": "yrs", "million": "m"}

_NUM = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?![\w.,]*\d)")
_YEAR = re.compile(r"\b(1[0-9]{3}|20[0-9]{2})\b")
_DMY = re.compile(r"\b(\d{1,2}) (" + "|".join(MONTHS) + r"),? (\d{3,4})\b")
_MDY = re.compile(r"\b(" + "|".join(MONTHS) + r") (\d{1,2}),? (\d{3,4})\b")
_UNIT = re.compile(r"^(\d[\d,.]*)\s*(" + "|".join(re.escape(u) for u in UNITS) + r")$", re.I)

SHORT = ("{a}", "{a}.", "The answer is {a}.", "It's {a}.", "{A}", "Answer: {a}", "{a}!",
         "That would be {a}.", "the answer is {a}")
LONG = ("Based on what I know, the answer is {a}. I'm fairly confident about this.",
        "Great question! After thinking about it, I believe it is {a}.",
        "{a} is the answer to this question, as far as the record shows.",
        "Short answer: {a}. That is what most sources report.",
        "The correct answer is {a}, which is what the question asks for.")
COT = ("Let's think step by step. The question asks: {q} I recall the relevant facts and check "
       "them against each other. Putting this together, the answer is {a}.",
       "First, identify what is being asked. {q} Next, consider what is known about it. "
       "Therefore, the final answer is {a}.",
       "We need to work out the following. {q} Considering the possibilities one by one and "
       "ruling out the ones that do not fit, we arrive at {a}.\nFinal answer: {a}")
HEDGE = ("It could be {x}, {y} or {z}.", "Possibly {x}, or maybe {y}; {z} is also a candidate.",
         "I'm not sure: {x}, {y} or {z}.", "Either {x}, {y} or {z}.")
REFUSAL = ("I don't know.", "I'm sorry, but I can't answer that question.",
           "I do not have enough information to answer this.", "Unknown.",
           "As an AI, I cannot verify this, so I won't guess.", "There is no answer to this question.")
NEGATION = ("It is not {a}.", "The answer is not {a}.", "Definitely not {a}; that is a common mistake.",
            "{a} is wrong here.")
RESTATE = ("{q}", "The question is: {q}", "You are asking {q} That is a good question.",
           "{q} This needs some thought.")


def vary_surface(answer: str, rng: random.Random) -> str:
    """The same answer with casing / trailing punctuation / leading article changed."""
    a = answer.strip()
    choice = rng.randrange(5)
    if choice == 0:
        return a.lower()
    if choice == 1:
        return a.upper() if len(a) < 40 else a.title()
    if choice == 2:
        return a.rstrip(".") + "."
    if choice == 3 and not re.match(r"(?i)(the|a|an)\b", a) and a[:1].isalpha():
        return "the " + a
    if choice == 3:
        return re.sub(r"(?i)^(the|a|an)\s+", "", a) or a
    return a.title() if a.islower() else a


def in_sentence(answer: str, rng: random.Random, long: bool = False) -> str:
    t = rng.choice(LONG if long else SHORT)
    return t.format(a=answer, A=answer[:1].upper() + answer[1:])


def in_cot(question: str, answer: str, rng: random.Random) -> str:
    q = question.strip()
    if len(q) > 300:
        q = q[:300].rsplit(" ", 1)[0] + " ..."
    return rng.choice(COT).format(q=q, a=answer)


def number_word(n: int) -> str | None:
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else None


def reformat(answer: str, rng: random.Random) -> str | None:
    """A format change that keeps the meaning: number <-> word, thousands separator, date order,
    unit spelled out or abbreviated. None when none applies."""
    a = answer.strip()
    options = []
    m = _MDY.search(a)
    if m:
        options.append(a[:m.start()] + f"{int(m.group(2))} {m.group(1)} {m.group(3)}" + a[m.end():])
    m = _DMY.search(a)
    if m:
        options.append(a[:m.start()] + f"{m.group(2)} {int(m.group(1))}, {m.group(3)}" + a[m.end():])
    m = _UNIT.match(a)
    if m:
        options.append(f"{m.group(1)} {UNITS[m.group(2).lower()] if m.group(2).lower() in UNITS else m.group(2)}".replace("  ", " "))
    low = a.lower()
    if low in NUMBER_WORDS:
        options.append(str(NUMBER_WORDS.index(low)))
    for m in _NUM.finditer(a):
        digits = m.group(1).replace(",", "")
        if not _DMY.search(a) and not _MDY.search(a):
            word = number_word(int(digits)) if len(digits) < 3 else None
            if word and not _YEAR.fullmatch(digits):
                options.append(a[:m.start()] + word + a[m.end():])
            if "," in m.group(1):
                options.append(a[:m.start()] + digits + a[m.end():])
            elif len(digits) >= 5:
                options.append(a[:m.start()] + f"{int(digits):,}" + a[m.end():])
        break
    options = [o for o in options if o != a]
    return rng.choice(options) if options else None


def near_miss(answer: str, rng: random.Random) -> str | None:
    """A close but wrong answer: a number off by one, a neighbouring year, part of a name."""
    a = answer.strip()
    m = _YEAR.search(a)
    if m:
        year = int(m.group(1)) + rng.choice((-2, -1, 1, 2))
        return a[:m.start()] + str(year) + a[m.end():]
    m = _NUM.search(a)
    if m:
        n = int(m.group(1).replace(",", "")) + rng.choice((-1, 1))
        if n < 0:
            n = 2
        return a[:m.start()] + (f"{n:,}" if "," in m.group(1) else str(n)) + a[m.end():]
    words = a.split()
    if 2 <= len(words) <= 4 and all(w[:1].isupper() for w in words):
        return words[0]  # a given name alone does not name the person
    return None


def answer_kind(answer: str) -> str:
    """Kind used to draw another question's answer: date, year, number, name, short, long."""
    a = answer.strip()
    if _DMY.search(a) or _MDY.search(a):
        return "date"
    if _YEAR.fullmatch(a):
        return "year"
    if _NUM.search(a) and len(a.split()) <= 3:
        return "number"
    words = a.split()
    if 1 <= len(words) <= 4 and all(w[:1].isupper() for w in words):
        return "name"
    return "short" if len(words) <= 6 else "long"


def mentions(candidate: str, answers: list[str]) -> bool:
    """Does the candidate contain any of the answers (normalised, as whole tokens; the `contains-reference` judge)?"""
    return contained_reference(candidate, answers) is not None
