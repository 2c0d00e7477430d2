"""Answers stated in prose, for `extract`: a value restated beside the value it rejects, and a number in words.

- `rejected_alternative`: a span that states its value and rejects another ("24, not 20", "100 (not 30)",
  "100, and not 30", "42 rather than 24", "7 instead of 5", "24 - not 20, as I first thought") commits to the
  first value; None for any other
  span, for a lone negation ("is not 30": no value before it) and for "20, not 20" (a contradiction).
- `rejected_number`: whether the number at a position is such a rejected alternative ("... 60, not 50",
  "$480, not $400", "18 and not 16", "24 (I previously said 20)", "12 (expected 13)", "12 (was 13)"): the last
  number of the output is then the value before it.
- `applied_number`: whether the number at a position is the argument of a function or operator written before
  it ("sign 2", "round(2.5)", "\\lg 2", "Area(5)"), so no answer (the name would be dropped).
- `value_before_remark`: a sentence that ends on a value and a remark in brackets ("12 (3 × 4).") gives the value.
- `in_remark_after_value`: whether the number at a position is inside such a remark ("12 (3 × 4)": not 3 or 4).
- `enclosing_value`: the clock time, the tuple or interval of numbers, the time in two units, the arithmetic in
  numbers or the quantities of one unit joined by "and" / "or" (`joined_values`) that hold the number at a position
  ("ends at 3:45 PM": the time, not 45; "the point is (3, 4)": the pair, not 4; "5 minutes and 30 seconds": not 30;
  "is 3 + 4": 7; "3 cm and 4 cm": a list, not 4; "7 raised to the power of 3": 7^3, not 3).
- `unclear_number`: whether the number at a position is a term of arithmetic with a name ("4 + x"), one of two
  dimensions ("3 cm by 4 cm"), of two quantities of different nouns ("3 apples and 4 pears") or of numbers joined by
  和 / 及 / 与 / 或 in prose ("所以1和2"): no answer at all.
- `bounded_number`: whether the number at a position follows a strict bound ("more than 5", "almost 5").
- `precision_count`: whether the number at a position counts decimal places or significant figures ("to 2
  decimal places"), so no answer.
- `contradicted`: whether the number at a position is followed by a remark stating another number ("5 (six
  apples)", "10 (5 each)"): as the last number, the output has no answer (not the number before it).
- `no_answer_number`: any of the above at a position (the last-number fallback skips that number).
- `restates_given`: whether the last number names a given again in a purpose clause after the sentence's value ("it
  will take you 4 days to save the remaining $8", 8 said before): the value is the number before it in its clause.
- `number_in_words`: an output without a digit whose last sentence states a number in words ("She has three
  hundred and twelve apples.", "It takes nine hours.") gives that number, and so does a concluding last
  sentence without a digit after digits ("... 4 * 3 bags. So she has twelve apples."); a lone "one" ("the one that ...",
  "no one") is a pronoun, not an answer.
"""
from __future__ import annotations

import re

from judgesuite.judges.math.answer_markup import LITERAL
from judgesuite.judges.math.bracket_remarks import restated
from judgesuite.judges.math.normalize import BOUND_BEFORE, DURATION, FRACTION_WORDS, duration
from judgesuite.judges.math.tokens import FUNCTION_COMMANDS, FUNCTION_WORDS
from judgesuite.judges.math.word_lists import NUMBER_WORDS, OPERATOR_NAMES, UNITS
from judgesuite.judges.math.written_operators import POWER_WORDS

_REJECTION = (r"(?:(?:,|;|\(|--?|\u2013|\u2014)\s*(?:(?:but|and)\s+)?not|(?:,\s*)?(?:(?:but|and)\s+)?not"
              r"|(?:,\s*)?(?:rather\s+than|instead\s+of))")
# a few words may lead in ("It's 24, not 20!"); the value has no blank
_REJECTED = re.compile(r"((?:[A-Za-z']{1,12}\s+){0,3}?)(\$?\d{1,3}(?:,\d{3})+(?:\.\d+)?|[^\s,;(]{1,60}?)\s*"
                       + _REJECTION + r"\s+([^\s()]{1,60}?)\s*\)?(?:,\s*(?:as|like)\s[^\n]{1,60})?[.!]?", re.IGNORECASE)
# right before a number: a value, then the phrase rejecting the number ("60, not ", "18 and not $", "24 apples, not ")
# (a copula is no unit: "52 + 12 is not 64" states an inequality and commits to neither side)
_REJECTING = re.compile(r"\d[%)]?(?:\s+(?!(?:is|was|are|were|be|equals?|does|do|did)\b)[A-Za-z]{1,15})?\s*(?:"
                        + _REJECTION
                        + r"|\((?:I\s+)?(?:previously|earlier|originally|initially|first)\s+"
                        r"(?:said|wrote|got|thought|had|claimed)"
                        r"|\((?:expected|previously|formerly|earlier|originally|was|were)\s*:?)\s+\$?\Z", re.IGNORECASE)
_NAMES = sorted(FUNCTION_WORDS | OPERATOR_NAMES, key=len, reverse=True)
# right before a number: a function or operator applied to it ("sign 2", "round(2.5)", "\\lg 2", "Area(5)"), whose
# argument it is, not the answer; min, deg and mod after a number are units ("5 min 30 s")
_APPLIED = re.compile(r"(?:(?<![A-Za-z\\])(" + "|".join(_NAMES) + r")\s*[(\[{]?"
                      r"|\\(?:" + "|".join(sorted(FUNCTION_COMMANDS | OPERATOR_NAMES, key=len, reverse=True))
                      + r"|operatorname|mathrm|text)(?![A-Za-z])(?:\s*\{[A-Za-z ]{1,20}\})?\s*[(\[{]?"
                      r"|(?<![A-Za-z])[A-Za-z]{2,}[(\[])\s*\Z", re.IGNORECASE)
_UNIT_BEFORE = re.compile(r"\d\s*(?:min|deg|mod)\s*\Z", re.IGNORECASE)
_SENTENCES = re.compile(r"[.!?\u3002\n]+\s*")
_WORD = re.compile(r"[A-Za-z]+")
_UNSURE = re.compile(r"\b(?:or|either|maybe|perhaps|possibly|between)\b", re.IGNORECASE)
_NEGATION_BEFORE = re.compile(r"(?:\bnot|n't|\bnever|\brather\s+than|\binstead\s+of)\s+\Z", re.IGNORECASE)
_CONCLUDES = re.compile(r"(?:so|therefore|thus|hence|in total|altogether|in all|overall|the answer)\b", re.IGNORECASE)


def rejected_alternative(span: str) -> str | None:
    """The value that `span` commits to when it rejects another beside it; None otherwise."""
    m = _REJECTED.fullmatch(span.strip()) if len(span) < 200 else None
    if m is None or not re.search(r"[\d\\]", m.group(2)) or re.search(r"\bnot\b|n't", m.group(1) + m.group(2),
                                                                    re.IGNORECASE):
        return None
    return None if m.group(2).strip(".,") == m.group(3).strip(".,") else m.group(2)


def rejected_number(text: str, start: int) -> bool:
    """Whether the number starting at `start` in `text` is the alternative a value before it rejects."""
    return bool(_REJECTING.search(text[max(0, start - 40):start]))


def applied_number(text: str, start: int) -> bool:
    """Whether the number starting at `start` in `text` is the argument of a function or operator before it
    (also an absolute value glued to its bars: "so it is |-3|" is 3, not -3)."""
    before = text[max(0, start - 40):start]
    if before.endswith("|"):  # "| 5 |", a table cell, has spaces inside its bars
        return True
    m = _APPLIED.search(before)
    return bool(m) and not (m.group(1) and _UNIT_BEFORE.search(before))


# right after a number: the precision it counts ("to 2 decimal places", "3 s.f."), so no answer (the space run starts
# only after a non-space, so a search over a long run of spaces stays linear)
_PRECISION_AFTER = re.compile(r"(?<!\s)\s*(?:decimal\s+(?:places?|digits?)|d\.\s?p\.|dp\b"
                              r"|significant\s+(?:figures?|digits?)|sig\.?\s*figs?\b|s\.\s?f\.)", re.IGNORECASE)


# a value, perhaps a unit, then a remark in brackets that ends the sentence: "12 (3 × 4).", "12 (3 dozen)"
_VALUE_THEN_REMARK = re.compile(r"(?<![\d,.])(-?\d[\d,]*(?:\.\d+)?)(?:[ \t]+[A-Za-z%]{1,12}){0,2}[ \t]*"
                                r"\(([^()\n]{1,80})\)[\s.,;:!]*\Z")
_TUPLE = re.compile(r"(?<![\d.,\s-])\s*+-?\d[\d.]*+(?:\s*+,\s*+-?\d[\d.]*+)+\s*+")  # linear: one start per run


def value_before_remark(sentence: str) -> str | None:
    """The value of a prose sentence that ends on a remark in brackets after it ("The total is 12 (3 × 4).": 12,
    never the 4 of the working); None when the brackets hold a tuple ("... at 2 is (3, 4)") or there is no such
    ending."""
    m = _VALUE_THEN_REMARK.search(sentence[-200:])
    if m is None or _TUPLE.fullmatch(m.group(2)) or restated(m.group(1).replace(",", ""), m.group(2),
                                                             m.group(0)[len(m.group(1)):m.start(2) - 1]) is False:
        return None  # "She has 5 apples (six apples).": the remark says another number
    return m.group(1).rstrip(",")


# right after a number: perhaps a unit, then a remark in brackets ("5 (six apples)", "10 (5 each)"); a space run is
# tried from its start only
_REMARK_AFTER = re.compile(r"(?<![ \t])(?:[ \t]+[A-Za-z]{2,12}){0,2}[ \t]*+\(([^()\n]{1,80})\)")  # linear


def contradicted(text: str, start: int, end: int) -> bool:
    """Whether the number at `start:end` of `text` is followed by a remark in brackets that states another number
    ("5 (six apples)", "10 (5 each)"): the output contradicts itself there, so that number is no answer."""
    m = _REMARK_AFTER.match(text, end)
    value = text[start:end].replace(",", "")
    return bool(m) and re.fullmatch(r"-?\d+(?:\.\d+)?", value) is not None and restated(
        value, m.group(1), m.group(0)[:m.start(1) - 1 - end]) is False


# right before a number: a value, perhaps a unit, and the opening of a bracket ("12 (3 × ", "12 apples (3 ")
_OPENED_AFTER_VALUE = re.compile(r"\d(?:[ \t]+[A-Za-z%]{1,12}){0,2}[ \t]*\(([^()\n]{0,80})\Z")


def in_remark_after_value(text: str, start: int) -> bool:
    """Whether the number starting at `start` in `text` is inside a remark in brackets after a value ("12 (3 × 4)":
    the 3 and the 4 are working, not the answer); a tuple in brackets ("2 (3, 4)") is no remark."""
    m = _OPENED_AFTER_VALUE.search(text, max(0, start - 100), start)
    close = text.find(")", start, start + 80) if m else -1
    return close >= 0 and not _TUPLE.fullmatch(m.group(1) + text[start:close])


# a point or an interval of numbers in brackets: "(3, 4)", "[-1, 2.5)"; not a number with thousands "(1,000)"
_BRACKETED = re.compile(r"[(\[][ \t]*+-?\d[\d.]*+(?:[ \t]*+,[ \t]*+-?\d[\d.]*+)+[ \t]*+[)\]]")
_THOUSANDS_IN_BRACKETS = re.compile(r"[(\[]\d{1,3}(?:,\d{3})+(?:\.\d+)?[)\]]")


# quantities of one unit (or none) joined by "and" or "or" (a comma before it or between more of them): "3 cm and
# 4 cm", "3, 4, and 5", "$3 or $4", "2 or 3 bags"; not followed by working, a fraction or (after "and", without a
# unit) a word other than "respectively" or a known unit ("3 and 4 cm"): "3 and 4 make 7", "2 and 1/2"
_UNIT_NAMES = "|".join(re.escape(u) for u in sorted(UNITS, key=len, reverse=True))
_QUANTITY = r"(?:-?\$?|\$-)(?:\d{1,3}(?:,\d{3})++(?:\.\d+)?|\d+(?:\.\d+)?)"
_POWER = r"(?:\^\{?[23]\}?|\*\*[23])?"  # a unit's square or cube: "12 cm^2 or 13 cm^2"
_JOINED = re.compile(rf"(?<![\w.,$])({_QUANTITY})(?:[ \t]+(?!(?:and|or)\b)([A-Za-z%]{{1,12}}){_POWER})?"
                     rf"(?:,[ \t]+(?:{_QUANTITY})(?:[ \t]+\2\b{_POWER})?)*,?[ \t]+(?:and|(or))[ \t]+(?:{_QUANTITY})"
                     rf"(?:[ \t]+\2\b{_POWER}|(?=[ \t]+(?:respectively|" + _UNIT_NAMES + r")\b)"
                     r"|(?![ \t]*+[\d(/*+^=\u00d7\u00f7-])(?(3)|(?![ \t]*+[A-Za-z%])))")
# arithmetic in numbers, one operator at least, that ends a sentence: "The total is 3 + 4" (7, never 4); with working
# or "=" before it (`_BEFORE_JOINED`), in a call's brackets ("print(3 * 6)") or a range ("3-4 hours": a minus needs
# spaces) none; "\\times" and "\\cdot" are operators ("(3.4 \\times 10^1)" is 34, never 10^1)
_ARITHMETIC = re.compile(rf"(?<![\w.,=^*/+\u00d7\u00f7-])(?<!\w\()(?<!\\times )(?<!\\cdot ){LITERAL}"
                         rf"(?:(?:[ \t]*+(?:\*\*|[+*/^\u00d7\u00f7]|\\times\b|\\cdot\b)[ \t]*+"
                         rf"|[ \t]++-[ \t]++){LITERAL})++"
                         r"(?![ \t]*+[=(^*/+\u00d7\u00f7-])(?![\w,]|\.\d)")
_BEFORE_JOINED = re.compile(r"(?:[-+*/^=\u00d7\u00f7\u2212\d]|\bbetween|\bfrom)\s*\Z", re.IGNORECASE)


def joined_values(text: str, start: int) -> str | None:
    """The quantities of one unit joined by "and" / "or" that hold the number starting at `start` ("The legs are 3 cm
    and 4 cm.": 3 cm and 4 cm, a list, never 4), with "between" before them the bound ("between 3 and 4", no value);
    None when there are none or working stands before them ("2 + 3 and 4")."""
    for m in _JOINED.finditer(text, max(0, start - 120), min(len(text), start + 120)):
        if m.start() <= start < m.end():
            before = _BEFORE_JOINED.search(text, max(0, m.start() - 10), m.start())
            if before is None:
                return m.group(0)
            return text[before.start():m.end()] if before.group(0)[0].isalpha() else None
    return None


# a clock time ("3:45 PM", "12:30:15"): its minutes or seconds are no answer of their own
# a ratio of numbers, "3:4", "1 : 100", "2:3:5" (a colon with the same spacing both sides: "Step 3: 4" is a label);
# a clock time ("3:45") is read first
_RATIO = re.compile(r"(?<![\d:.,])\d{1,12}(?:\.\d{1,12})?(?:(?::|[ \t]:[ \t])\d{1,12}(?:\.\d{1,12})?){1,3}(?![\d:])")
_CLOCK = re.compile(r"(?<![\d:.,])\d{1,2}:\d{2}(?::\d{2})?(?![\d:])(?:[ \t]?[ap]\.?[ \t]?m\b\.?)?", re.IGNORECASE)


_JOINED_BEFORE = re.compile(r"(?:\b(?:and|or|nor|plus|minus|times|over)|[-+*/,;&^=<>])[ \t]*+\Z", re.IGNORECASE)
_JOINED_AFTER = re.compile(r"(?<![ \t])[ \t]*+(?:\b(?:and|or|nor|plus|minus|times|over|by)\b|[-+*/,;&^(=<>]|[a-z])",
                           re.IGNORECASE)


def enclosing_value(text: str, start: int) -> str | None:
    """The tuple or interval of numbers in brackets, a ratio ("The ratio is 3:4.": 3:4, never 4; stop 59), the time in
    two units, the arithmetic in numbers or the quantities joined by "and" that hold the number starting at `start`
    ("At t = 2 the point is (3, 4).": (3, 4), never its last number 4; "It takes 5 minutes and 30 seconds.": not 30;
    "The total is 3 + 4": 3 + 4); None when there is none."""
    lo, hi = max(0, start - 120), min(len(text), start + 120)
    for m in POWER_WORDS.finditer(text, lo, hi):  # "7 raised to the power of 3": 7^3, never 3
        if m.start() < start < m.end() and not (_JOINED_BEFORE.search(text, lo, m.start())
                                                or _JOINED_AFTER.match(text, m.end())):
            return m.group(0)  # not one of two values ("... 3 and 5 raised to the power of 2")
    for m in _CLOCK.finditer(text, max(0, start - 10), hi):
        if m.start() <= start < m.end():
            return m.group(0)
    for m in _RATIO.finditer(text, max(0, start - 40), hi):  # "The ratio is 3:4.": 3:4, never 4 (stop 59)
        if m.start() <= start < m.end():
            return m.group(0)
    for m in _BRACKETED.finditer(text, lo, hi):
        glued = text[m.start() - 1:m.start()]  # "f(2, 3)", "x_{(1, 2)}", "\\binom{5}{2}(1, 2)": no pair of its own
        if m.start() < start < m.end() and not _THOUSANDS_IN_BRACKETS.fullmatch(m.group(0)) and not (
                glued.islower() or glued.isdigit() or (glued and glued in "_^{}\\")):
            return m.group(0)
    for m in DURATION.finditer(text, lo, hi):
        if m.start() < start < m.end() and duration(m) is not None:
            return m.group(0)
    for m in _ARITHMETIC.finditer(text, lo, hi):  # not the right side of an equation ("31 = 27 + 5")
        if m.start() < start < m.end() and not _BEFORE_JOINED.search(text, max(0, m.start() - 10), m.start()):
            return m.group(0)
    return joined_values(text, start)


# arithmetic with a name among its terms ("4 + x", "x^2", "3 + 4 + x", "$4/pill * 30"): "*", "**", "/" and "-" need
# spaces ("*" and "**" word characters on both sides instead; a search before a number ends at it), so "**4**"
# (bold), "4-year" and "$4/pill" are none
_OP = r"(?:[ \t]*+[+^\u00d7\u00f7][ \t]*+|[ \t]++(?:-|\*\*?|/)[ \t]++|(?<=\w)\*\*?(?=\w|\Z))"
_TERM = r"(?:[A-Za-z_]\w*+|\d[\d.,]*+)"
_CHAIN_BEFORE = re.compile(rf"(?<![\w.,])(?:{_TERM}{_OP})+\Z")  # a term starts a chain only after a non-term: linear
_CHAIN_AFTER = re.compile(rf"(?<![ \t])(?:{_OP}{_TERM})+")
# a plus sign glued to a number after a copula or preposition ("is +7", "equals +7", "from -3 to +7"): the number's
# sign, not a term of arithmetic with the word before it
_SIGN_BEFORE = re.compile(r"(?<![\w-])(?:is|are|was|were|be|equals?|becomes?|gives?|of|to|by|at|from)[ \t]++\+\Z",
                          re.IGNORECASE)
# dimensions ("3 cm by 4 cm", "3 m x 4 m", "3 by 4") and two quantities of different nouns ("3 apples and 4 pears",
# "$12 and 50 cents"; not "12 apples and 4 is the rest": a verb or function word after the second number reads as
# before)
_DIMENSIONS = re.compile(rf"(?<![\w.,$]){_QUANTITY}(?:[ \t]*+[A-Za-z%]{{1,12}})?[ \t]*+(?:by|x|X|\u00d7)[ \t]*+"
                         rf"{_QUANTITY}(?!\.?\d)")
_NOT_NOUN = ("is|are|was|were|be|been|being|make|makes|made|give|gives|gave|equal|equals|left|remain|remains|more|less"
             "|of|in|on|at|to|for|from|with|by|per|the|that|this|these|those|which|who|each|times|has|have|had|will"
             "|would|can|could|should|must|may|might|then|so|than|total|altogether|minus|plus|out|back|respectively"
             "|and|or|but|it|its|they|them|he|she|we|you|do|does|did|get|gets|got|go|goes|went|come|comes|came|cost"
             "|costs|take|takes|took|need|needs|result|results|together|combined|overall|all|both|percent")
_TWO_NOUNS = re.compile(rf"(?<![\w.,$]){_QUANTITY}((?:[ \t]+[A-Za-z-]{{2,15}}){{0,3}}),?[ \t]+and[ \t]+{_QUANTITY}"
                        rf"[ \t]+(?!(?:{_NOT_NOUN})\b)([A-Za-z]{{2,15}})\b", re.IGNORECASE)


# "1和2", "1或2", "3 个和 4 个" (a measure word between): a list or alternatives
_CLASSIFIER = r"[ \t]*+[\u4e2a\u500b\u53ea\u672c\u5143\u5757\u6761\u5f20\u4ef6\u4eba\u6b21\u5929\u7c73]?"
_CJK_JOINED_BEFORE = re.compile(r"\d" + _CLASSIFIER + r"[ \t]*+[\u548c\u53ca\u4e0e\u6216][ \t]*+\Z")
_CJK_JOINED_AFTER = re.compile(r"(?<![ \t])" + _CLASSIFIER + r"[ \t]*+[\u548c\u53ca\u4e0e\u6216][ \t]*+-?\d")
# a number glued to a one-letter name ("4x", "2n + 1", "4x faster"): a product with a name, or a doubtful "times"
_GLUED_NAME = re.compile(r"[xyznab](?![A-Za-z])")
# dimensions in brackets: "{3, 4} by {5}", "(3) x (4)"
_BRACKET_BY_BEFORE = re.compile(r"[})\]][ \t]*+(?:by|x|\u00d7)[ \t]*+[{(\[]?[ \t]*+\Z")
_BRACKET_BY_AFTER = re.compile(r"(?<![ \t])[ \t]*+[})\]][ \t]*+(?:by|x|\u00d7)[ \t]*+[{(\[]")


def unclear_number(text: str, start: int, end: int) -> bool:
    """Whether the number at `start:end` of `text` is a term of arithmetic with a name ("4 + x", "4x"), one of two
    dimensions ("3 cm by 4 cm", "{3, 4} by {5}") or one of two quantities of different nouns ("3 apples and 4 pears",
    "3 个和 4 个"): no value of its own, and no other number of the output answers instead (no answer)."""
    before = None if _SIGN_BEFORE.search(text, max(0, start - 20), start) else _CHAIN_BEFORE.search(
        text, max(0, start - 60), start)
    after = _CHAIN_AFTER.match(text, end)
    if re.search(r"[A-Za-z_]", (before.group(0) if before else "") + (after.group(0) if after else "")):
        return True
    if _CJK_JOINED_BEFORE.search(text, max(0, start - 10), start) or _CJK_JOINED_AFTER.match(text, end):
        return True
    if _GLUED_NAME.match(text, end) or _BRACKET_BY_BEFORE.search(text, max(0, start - 15), start) or (
            _BRACKET_BY_AFTER.match(text, end)):
        return True
    lo, hi = max(0, start - 120), min(len(text), end + 120)
    if any(m.start() <= start < m.end() for m in _DIMENSIONS.finditer(text, lo, hi)):
        return True
    return any(m.start() <= start < m.end() and m.group(2).lower() not in m.group(1).lower().split()
               for m in _TWO_NOUNS.finditer(text, lo, hi))


def bounded_number(text: str, start: int) -> bool:
    """Whether the number starting at `start` in `text` follows a strict bound or an approach ("more than 5",
    "under 5", "almost 5"): no statement of that number."""
    return bool(BOUND_BEFORE.search(text, max(0, start - 30), start))


def precision_count(text: str, end: int) -> bool:
    """Whether the number ending at `end` in `text` counts decimal places or significant figures ("2.24, rounded
    to 2 decimal places": the answer is 2.24, never 2)."""
    return bool(_PRECISION_AFTER.match(text, end))


# a step's number in its label at a line's start ("### Step 8: Calculate", "**Step 3.**"); a unit's power ("12 cm^2",
# "8 cm**3"); the period of a rate after its quantity ("12 face masks every 2 days", "$30 per 2 hours": the rate is
# 12, never 2)
_STEP_LABEL = re.compile(r"(?:^|\n)[ \t#*>-]*+step[ \t]++\Z", re.IGNORECASE)
_LABEL_END = re.compile(r"(?<![ \t])[ \t]*+(?:\*\*)?[:.)]")
_UNIT_POWER = re.compile(r"(?<![A-Za-z])(?:in|" + "|".join(sorted(UNITS, key=len, reverse=True))
                         + r")(?:\^\{?|\*\*)\Z")
_RATE_PERIOD = re.compile(r"(?<![\d.,])(\d[\d,]*(?:\.\d+)?)(?:[ \t]+[A-Za-z-]{1,15}){0,3}[ \t]+(?:every|per)[ \t]+\Z",
                          re.IGNORECASE)


def no_answer_number(text: str, start: int, end: int) -> bool:
    """Whether the number at `start:end` of `text` is no candidate for the last-number answer: a rejected
    alternative, an operator's argument, a precision, a bound, working in a remark after a value, a step's label, a
    unit's power or a rate's period."""
    return (rejected_number(text, start) or applied_number(text, start) or precision_count(text, end)
            or bounded_number(text, start) or in_remark_after_value(text, start)
            or (bool(_STEP_LABEL.search(text, max(0, start - 20), start)) and bool(_LABEL_END.match(text, end)))
            or bool(_UNIT_POWER.search(text, max(0, start - 20), start))
            or _rate_period(text, start))


_DIGITS = re.compile(r"(?<![\d,.])\d[\d,]*+(?:\.\d+)?")
# a gold that is a rate itself ("12 masks per day", "60 km/h"): a rate read by its quantity is no match for it
RATE_GOLD = re.compile(r"\b(?:per|every|each)\b|/\s*(?:\\[A-Za-z]+\s*\{\s*)?[A-Za-z]", re.IGNORECASE)


def read_through_rate(text: str) -> bool:
    """Whether the last number of `text` is a rate's period that the last-number answer skips ("12 face masks every 2
    days" is read as 12)."""
    found = list(_DIGITS.finditer(text, max(0, len(text) - 200)))
    return bool(found) and _rate_period(text, found[-1].start())


def _rate_period(text: str, start: int) -> bool:
    """Whether the number at `start` is a rate's period after a quantity that is itself an answer candidate ("more
    than 12 masks every 2 days": the period stays, no earlier number)."""
    m = _RATE_PERIOD.search(text, max(0, start - 60), start)
    return m is not None and not no_answer_number(text, m.start(1), m.end(1))


# right before a number: a purpose clause that names a quantity again ("to save the remaining $", "to pay the rest of
# the ")
_BACK_REFERENCE = re.compile(r"\bto[ \t]+[a-z]{2,12}[ \t]+the[ \t]+(?:remaining|rest[ \t]+of[ \t]+the|other)"
                             r"[ \t]+\$?\Z", re.IGNORECASE)


def restates_given(text: str, found: list[re.Match]) -> bool:
    """Whether the last of the numbers `found` in `text` names again, in a purpose clause, a value said before the
    sentence ("... 4 days to save the remaining $8.", 8 said earlier), and its clause holds one number before it."""
    if len(found) < 2 or not _BACK_REFERENCE.search(text, max(0, found[-1].start() - 40), found[-1].start()):
        return False
    one_before = not re.search(r"[,;.!?\n]\s", text[found[-2].end():found[-1].start()])
    alone = len(found) < 3 or bool(re.search(r"[,;.!?\n]\s", text[found[-3].end():found[-2].start()]))
    value = found[-1].group().replace(",", "")
    return one_before and alone and any(m.group().replace(",", "") == value for m in found[:-2])


def number_in_words(text: str) -> str | None:
    """The last number said in words ("three hundred and twelve", "three and a half", "a dozen") in the last
    sentence that has one, as written (normalize reads it), for an output without any digit; in an output with
    digits, only from a concluding last sentence without any ("So she has twelve apples.")."""
    sentences = [s for s in _SENTENCES.split(text.strip()) if s.strip()][-3:]
    if any(c.isdigit() for c in text):
        last = sentences[-1:] if sentences else []
        if not last or any(c.isdigit() for c in last[0]) or not _CONCLUDES.match(last[0].strip()):
            return None
        sentences = last
    for sentence in reversed(sentences):
        words = list(_WORD.finditer(sentence))
        runs, run = [], []
        for k, m in enumerate(words):
            word, after = m.group().lower(), words[k + 1].group().lower() if k + 1 < len(words) else ""
            if word == "and" and run:
                continue  # "three hundred and twelve", "three and a half"
            counted = word in FRACTION_WORDS and (word != "quarters" or after == "of")  # not coins: "four quarters"
            fits = word in NUMBER_WORDS or (counted and run) or (
                word == "a" and (after in FRACTION_WORDS or after in ("hundred", "thousand", "million", "dozen")))
            joined = run and sentence[run[-1].end():m.start()] in (" ", "-", " and ")
            if fits and (joined or not run):
                run.append(m)
            else:
                runs += [run] if run else []
                run = [m] if fits else []
        runs += [run] if run else []
        runs = [r for r in runs if [m.group().lower() for m in r] not in (["one"], ["a"])]
        if _UNSURE.search(sentence):
            return None  # "Either eleven or twelve.", "maybe twelve"
        while runs and _NEGATION_BEFORE.search(sentence, 0, runs[-1][0].start()):
            runs.pop()  # "three apples, not twelve": the value before the rejected one; a lone "not twelve": none
            if not runs:
                return None
        if runs:
            end = runs[-1][-1].end()
            return sentence[runs[-1][0].start():end + (3 if sentence[end:end + 3] == " of" else 0)]  # "quarters of"
    return None
