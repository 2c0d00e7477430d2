"""Remarks in brackets after a value: on its precision ("3.14 (rounded)"), its working ("12 (= 3 × 4)", "12 (3 × 4)"),
the value restated ("5 (5 apples)", "36 (3 dozen)"), another quantity beside it ("12 apples (3 boxes)"); one that
contradicts the value ("5 (3 apples)", "10 (5 each)") makes the span unreadable, never a product."""
from __future__ import annotations

import re
from fractions import Fraction

from judgesuite.judges.math.word_lists import (KEEP_WORDS, MULTIPLIERS, OPERATOR_NAMES, SCALES, SPACED_NOT,
                                               UNITS, UNREADABLE, words_to_number)


# a remark in brackets after the value about its precision: "3.14 (rounded)", "5 min (approx.)", "2.24 (to 2
# decimal places)"; any other bracket ("5 (mod 7)", "3 (x2)", "5 (per person)") stays
_PRECISION_REMARK = re.compile(r"\(\s*(?:approx(?:\.|imately)?|about|roughly|estimated|est\.|exact(?:ly)?|"
                               r"rounded(?:\s+(?:off|up|down))?(?:\s+to\s+[A-Za-z0-9 .]{1,40})?|"
                               r"to\s+the\s+nearest\s+[A-Za-z ]{1,20}|(?:(?:correct\s+)?to\s+)?\d{1,2}\s*(?:decimal\s+"
                               r"(?:places?|digits?)|d\.\s?p\.|dp|significant\s+(?:figures?|digits?)|sig\.?\s*figs?"
                               r"|s\.\s?f\.))\s*\)[\s.]*", re.IGNORECASE)


# the working or a reason after the value: "12 (= 3 × 4)", "42 (from 6 × 7)", "7 (with 3 left over)"; not "5 (mod 7)"
_WORKING_REMARK = re.compile(r"\(\s*(?:=|(?:from|since|because|as|i\.\s?e\.|that\s+is|which\s+is|check|see|by|via|"
                             r"using|with)(?![A-Za-z]))[^()]{0,80}\)[\s.]*", re.IGNORECASE)
# a former or expected value, or the modulus, beside the value (stop 61): "12 (expected 13)", "12 (was 13)", "12
# (previously 13)", "12 (mod 13)": the value stays
_BESIDE_REMARK = re.compile(r"\(\s*(?:(?:expected|previously|formerly|earlier|originally|initially|was|were|old)\b"
                            r"\s*:?\s*\$?-?\d[^()]{0,40}|(?:mod|modulo)\s+\d{1,12})\)[\s.]*", re.IGNORECASE)
_WORDS_BEFORE = re.compile(r"(?<![A-Za-z-])((?:[A-Za-z]{2,12}[ -]){0,5}[A-Za-z]{3,12})\s*\Z")
_FRACTION_BEFORE = re.compile(r"(?<![\d.])(-?\d{1,9})\s*/\s*(\d{1,9})\s*\Z")
_DECIMAL = re.compile(r"(?<!\s)\s*(-?\d{0,9}\.(\d{1,12}))\s*\)[\s.]*")
# a word alone after the value that says what it counts: "5 (each)", "5 (in total)", "5 (per person)"
_PER_ITEM_REMARK = re.compile(r"\(\s*(?:each|apiece|per\s+[A-Za-z]{2,15}|(?:in\s+)?total|in\s+all|altogether|combined"
                              r"|overall|(?:all\s+)?together)\s*\)[\s.]*", re.IGNORECASE)
# the value before a remark: a number, perhaps with a unit or a word ("12 eggs (1 dozen)", "5 h (300 min)")
_LAST_NUMBER = re.compile(r"(?<![\d.])(-?\d{1,15}(?:\.\d{1,12})?)(?:[ \t]+(?:[A-Za-z]{2,15}|[smhgL]\b)){0,2}\s*\Z")
# words after a number that make it no quantity of a unit ("10 (5 each)", "5 (3 times)", "4 (4 squared)")
_NOT_UNIT = frozenset(("times plus minus over divided less more of per each left mod and or by to than squared cubed "
                       "doubled tripled halved twice thrice root roots power powers factorial inverse reciprocal "
                       "percent").split())


def _converted(value: Fraction, unit: str, number: Fraction, words: list[str]) -> bool | None:
    """Whether `number words` ("300 s") is `value unit` ("5 min") in another unit of its dimension; None when the two
    are no such units."""
    first, second = UNITS.get(unit.strip().lower()), UNITS.get(" ".join(words))
    if first is None or second is None or first[0] != second[0]:
        return None
    return value * first[1] == number * second[1]


def restated(value: str, remark: str, unit: str = "") -> bool | None:
    """Whether a remark in brackets of a number and words ("5 apples", "3 dozen", "five", "a dozen eggs") after `value`
    (and its `unit`, "apples") states that value (True) or contradicts it (False: another number without a unit or in
    the same unit, or an operation, "5 each", "3 times"); None when it is not a number with words (a bare number,
    working, a tuple, prose) or states a quantity in another unit ("12 apples (3 boxes)")."""
    tokens = remark.replace(",", " ").split()
    bracket = f"({remark})"
    if not 0 < len(tokens) <= 8 or _PRECISION_REMARK.fullmatch(bracket) or _WORKING_REMARK.fullmatch(bracket):
        return None
    if re.fullmatch(r"-?\d{1,15}(?:\.\d{1,12})?", tokens[0]):
        number, rest = Fraction(tokens[0]), tokens[1:]
        if not rest:
            return None  # "2 (3)": a product as written
    else:
        spoken = [("one" if t.lower() in ("a", "an") and k == 0 else t) for k, t in enumerate(tokens)]
        end = next((e for e in range(len(spoken), 0, -1) if words_to_number(" ".join(spoken[:e])) is not None), 0)
        if not end:
            return None
        number, rest = Fraction(words_to_number(" ".join(spoken[:end]))), tokens[end:]
    words = [w.lower().rstrip(".") for w in rest]
    if words[:1] and words[0] in MULTIPLIERS | SCALES:  # "3 dozen" is 36, "10 thousand" 10000
        number, words = number * {**MULTIPLIERS, **SCALES}[words[0]], words[1:]
    if len(words) > 3 or not all(re.fullmatch(r"[a-z]{2,15}", w) or w in UNITS for w in words):
        return None
    if any(w in _NOT_UNIT or w in KEEP_WORDS or (w in OPERATOR_NAMES and w not in SPACED_NOT) for w in words):
        return False
    converted = _converted(Fraction(value), unit, number, words)
    if converted is not None:  # "5 min (300 s)" restates the value, "5 min (200 s)" contradicts it
        return converted
    if number == Fraction(value):
        return True
    other_unit = unit.lower().split() and words and [w.rstrip("s") for w in words] != [
        w.rstrip("s") for w in unit.lower().split()]
    return None if other_unit else False


_ARITHMETIC = re.compile(r"(?<!\s)\s*+(?:(\d{1,15}(?:\.\d{1,12})?)|(\\times|\\cdot|\\div|[-+*/\u00d7\u00b7\u00f7xX]))")


def _arithmetic(text: str) -> Fraction | None:
    """The value of working in numbers only ("3 × 4", "6 \\times 7 - 2", products before sums); None otherwise."""
    tokens, pos, text = [], 0, text.strip()
    while pos < len(text) and len(tokens) <= 15:
        m = _ARITHMETIC.match(text, pos)
        if m is None:
            return None
        tokens.append((m.group(1), m.group(2)))
        pos = m.end()
    if pos < len(text) or len(tokens) < 3 or len(tokens) % 2 == 0 or any(
            t[0] is None for t in tokens[0::2]) or any(t[1] is None for t in tokens[1::2]):
        return None
    total, term, sign = Fraction(0), Fraction(tokens[0][0]), 1
    for (_, op), (number, _) in zip(tokens[1::2], tokens[2::2]):
        value = Fraction(number)
        if op in "+-":
            total, term, sign = total + sign * term, value, 1 if op == "+" else -1
        elif op in ("/", "\u00f7", "\\div"):
            if value == 0:
                return None
            term /= value
        else:
            term *= value
    return total + sign * term


def remark_contradicts(s: str) -> bool:
    """Whether `s` ends on a value and a remark in brackets that contradicts it ("5 (3 apples)", "12 (3 × 5)")."""
    return without_remark(s.rstrip()).endswith(UNREADABLE)


def without_remark(s: str) -> str:
    """`s` without a remark in brackets at its end, after a number: on its precision ("3.14 (rounded)"), its working
    ("12 (= 3 × 4)", "42 (from 6 × 7)"), what it counts ("5 (each)", "5 (in total)"), the same quantity restated ("5
    (five)", "5 (5 apples)", "36 (3 dozen)", "5 min (300 s)") or
    another quantity in another unit ("12 apples (3 boxes)"), or working in numbers that gives the value ("12 (3 × 4)").
    Stop 61: a former or expected value or a modulus ("12 (expected 13)", "12 (mod 13)") goes, a number in words
    restated in digits ("twelve (12)") is the digits, a fraction's decimal ("1/2 (0.5)", rounded or not) goes.
    A remark that contradicts the value ("5 (3 apples)", "5 (six)", "10 (5 each)", "12 (3 × 5)") makes `s`
    unreadable, never a product."""
    i = s.rfind("(")
    spoken = _spoken(s, i) if i > 0 else None
    if spoken is not None:
        return spoken  # "twelve (12)": the digits
    if i <= 0 or not re.search(r"\d", s[:i]):
        return s
    if _BESIDE_REMARK.fullmatch(s, i) or _decimal_of_fraction(s, i):
        return s[:i]
    if _PRECISION_REMARK.fullmatch(s, i) or _WORKING_REMARK.fullmatch(s, i):
        return s[:i]
    value, remark = _LAST_NUMBER.search(s, 0, i), s[i + 1:].rstrip(" .")
    if value is not None and _PER_ITEM_REMARK.fullmatch(s, i):
        return s[:i]  # "5 (each)"
    if value is None or not remark.endswith(")") or ")" in remark[:-1]:
        return s
    unit = value.group(0)[len(value.group(1)):]
    same = restated(value.group(1), remark[:-1], unit)
    if same is None and unit.strip() and restated(value.group(1), remark[:-1]) is not None:
        return s[:i]  # "12 apples (3 boxes)": another quantity beside the value
    working = _arithmetic(remark[:-1]) if same is None and s[i - 1].isspace() else None
    if working is not None:  # "12 (3 × 4)": the working of the value, not a product ("12(3 × 4)" is one)
        same = working == Fraction(value.group(1))
    return s if same is None else s[:i] if same else s[:i] + UNREADABLE


def _spoken(s: str, i: int) -> str | None:
    """`s` with "<number in words> (<its digits>)" at its end read as the digits; None for any other `s`."""
    m = re.fullmatch(r"\(\s*(\d{1,12})\s*\)[\s.]*", s[i:])
    words = _WORDS_BEFORE.search(s, max(0, i - 80), i) if m else None
    if words is None:
        return None
    tokens = words.group(1).replace("-", " ").split()
    for k in range(len(tokens)):
        if words_to_number(" ".join(tokens[k:])) == int(m.group(1)):
            return s[:words.start()] + m.group(1)
    return None


def _decimal_of_fraction(s: str, i: int) -> bool:
    """Whether `s` ends on a fraction and its decimal in brackets, as written or rounded ("1/2 (0.5)", "1/3 (0.33)")."""
    m, d = _FRACTION_BEFORE.search(s, max(0, i - 30), i), _DECIMAL.fullmatch(s, i + 1)
    if m is None or d is None or int(m.group(2)) == 0:
        return False
    gap = abs(Fraction(int(m.group(1)), int(m.group(2))) - Fraction(d.group(1)))
    return gap <= Fraction(1, 2 * 10 ** len(d.group(2)))
