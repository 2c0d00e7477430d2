"""The value a last sentence commits to when its last number sits in a subordinate clause, for `extract` (stop 58,
math round 15's misses).

- `stated_count`: a count stated as "There are N <things> that / which / who / whose / where <clause>" (English;
  also "there is / were / was / exist(s)", perhaps "exactly", "only", "a total of" before N) commits to N when the
  sentence's last number is inside that relative clause: "There are 12 arithmetic sequences of consecutive odd
  integers that sum to 240." is 12, never 240. The clause runs to the sentence's end without a comma, semicolon or
  colon ("There are 3 ways that work, so the answer is 5." stays 5). Where the question asks "how many <noun>" and
  the clause's number is followed by that noun ("There are 3 bags that hold 15 apples." for "How many apples ...?"),
  the last number stays. A count offered as two values, "There are 12 or 13 <things> that sum to 240." (stop 59),
  is the span "12 or 13", which hedges: the reply commits to no count, nor to the clause's number.
- `before_condition`: a value assigned to a name, then a condition on another name, "<x> = <value> when / if / for /
  where / given <y> = <number>" at the end of the sentence ("x = 4.875 when y = 13"), commits to the assigned value:
  the condition's value is a given, not the answer. The condition words: English (when, whenever, if, for, where,
  given, with; stop 60: at, "x = 12 at t = 3"), German (wenn, falls, für, bei), French (quand, lorsque, si, pour),
  Spanish / Portuguese / Italian (cuando, quando, si, se, para, per), Russian (когда, если, при) and Persian ("در
  حالی که", "وقتی", "وقتی که", "اگر", "هنگامی که"). The value follows "<x> =" or a copula ("The value of x is 4.875
  when y = 13."); single names only, different names ("x = 5 when x = 2" reads as before), numbers as both values;
  a condition before the assignment ("If x = 3, then y = 7.") is no such ending and reads as before.
- `percentage_pair`: a committed pair "(a, 100a)" (a program printing a value and its percentage, "(7.4, 740.0)")
  is the value a, where an earlier committed span ends on a ("\\[ y = 7.4 \\]"); any other pair stays a pair.
- `percentage_conflict`: a line that gives a value and then another number "as a percentage" which is not that value's
  percentage ("\\( \\frac{5}{12} \\) degrees, and it is \\( 135 \\) degrees as a percentage") names two values: the
  reply commits to neither (no answer); a consistent pair ("3/4, and 75% as a percentage") reads as before.
- `percent_restated` (stop 59): a value restated as its percentage, "<value>, i.e. / that is / which is / or
  (equivalently) <p>%" or "<value> (<p>%)", is one answer, not two alternatives: the percentage "<p>%" where p is
  exactly 100 times the value (the judge's percent rule then compares it as p and as p/100: "0.074, i.e. 7.4%" equals
  0.074, 7.4% and 7.4), the value where p rounds it ("1/3, or 33.33%" is 1/3). A percentage that is not the value's
  ("0.25, or 30%") is left as written ("or" hedges). The printed pair "(7.4, 740.0)" has no sign and keeps stop 58's
  reading (the stated value).
- `with_percent` (stop 59): the last number read from prose keeps the percent sign after it ("The probability is
  7.4%." is 7.4%, equal to 0.074 as "The answer is 7.4%." was; it read the bare 7.4).
- `below_zero` (stop 59): a last number "below zero" is negative ("The temperature is 12 degrees below zero.": -12).
"""
from __future__ import annotations

import re
from fractions import Fraction

_NUMBER = r"-?\d[\d,]*+(?:\.\d++)?+"
# "There are 12 arithmetic sequences ... that sum to", the noun phrase words only (six at most)
# (N may be "N or M": a count offered as alternatives, which the caller's alternatives check hedges)
_COUNT = re.compile(r"\bthere[ \t]++(?:are|is|were|was|exists?)[ \t]++(?:(?:exactly|only|precisely|a[ \t]++total"
                    r"[ \t]++of)[ \t]++)?(" + _NUMBER + r"(?:[ \t]++or[ \t]++" + _NUMBER + r")?)"
                    r"((?:[ \t]++[A-Za-z][A-Za-z'-]*+){1,6}?)[ \t]++"
                    r"(?:that|which|who|whose|where)\b([^,;:.!?\n]*+)", re.IGNORECASE)
# a lone name: "x", "y_1", "T" (no function, no product)
_NAME = r"(?<![\w\\])([A-Za-z](?:_\{?\w\}?)?)"
_CONDITION_WORDS = ("when|whenever|if|for|where|given|with|at|wenn|falls|für|bei|quand|lorsque|si|pour|cuando|quando|se"
                    "|para|per|когда|если|при")
_PERSIAN = r"در[ \t]++حالی[ \t]++که|وقتی(?:[ \t]++که)?|هنگامی[ \t]++که|اگر"
# the text before the condition's value: "x = 4.875 when y = " (an inline formula's brackets or dollars allowed)
_CONDITION = (r"(?:" + _NAME + r"[ \t]*+=|(?<![^\W\d_])(?:is|are|was|equals|ist|est|es|é|è|равно|равен))[ \t]*+("
              + _NUMBER + r")[ \t]*+(?:\\\)|\$)?[ \t]*+,?[ \t]*+(?:(?<![^\W\d_])(?:" + _CONDITION_WORDS
              + r")(?:[ \t]++that)?(?![^\W\d_])|" + _PERSIAN + r")[ \t]++(?:\\\(|\$)?[ \t]*+" + _NAME
              + r"[ \t]*+=[ \t]*+")
_CONDITIONED = re.compile(_CONDITION + r"\Z", re.IGNORECASE)
# a span that ends on such a condition: "x = 2 when y = 3", "x = 4.875 \\) when \\( y = 13"
_CONDITIONED_SPAN = re.compile(_CONDITION + _NUMBER + r"[ \t]*+(?:\\\)|\$)?[ \t.,;!]*+\Z", re.IGNORECASE)


def stated_count(sentence: str, last: int, after: re.Pattern | None = None) -> str | None:
    """N of a "There are N <things> that ..." in `sentence` whose relative clause holds the sentence's last number
    (starting at `last`); None otherwise, or where `after` (the question's asked noun, `asked_unit.asked_pattern`)
    follows the last number and not N."""
    for m in _COUNT.finditer(sentence):
        if m.start(3) <= last < m.end(3) and not re.search(r"\d", sentence[m.end(3):]):
            if after is not None and after.match(sentence, re.match(_NUMBER, sentence[last:]).end() + last) and not (
                    after.match(sentence, m.end(1))):
                return None  # "There are 3 bags that hold 15 apples." for "How many apples?": 15
            return m.group(1).rstrip(",")
    return None


def before_condition(text: str, start: int) -> str | None:
    """The value assigned before a condition whose value starts at `start` in `text` ("x = 4.875 when y = 13":
    4.875 for the 13); None where the number there is no such condition's value."""
    return _value(_CONDITIONED.search(text, max(0, start - 120), start))


def conditioned_span(span: str) -> str | None:
    """The value assigned in a span that ends on a condition ("x = 2 when y = 3": 2); None for any other span."""
    return _value(_CONDITIONED_SPAN.search(span[-200:]))


def _value(m: re.Match | None) -> str | None:
    """The assigned value of a `_CONDITION` match, unless the condition is on the same name ("x = 5 when x = 2")."""
    if m is None or (m.group(1) or "").lower() == m.group(3).lower():
        return None
    return m.group(2).rstrip(",")


# "\\( \\frac{5}{12} \\) degrees, and it is \\( 135 \\) degrees as a percentage": a value, then the same one "as a
# percentage" (inline formulas allowed)
_FORM_VALUE = r"(\\[dt]?frac\{\d{1,9}\}\{\d{1,9}\}|-?\d{1,12}(?:\.\d{1,12})?(?:/\d{1,9})?)"
_AS_PERCENTAGE = re.compile(
    r"(?<![\d.])" + _FORM_VALUE + r"[ \t]*+(?:\\\)|\$)?(?:[ \t]*+[A-Za-z\u00b0]{1,12}){0,2}[ \t]*+,?[ \t]*+and[ \t]++"
    r"(?:(?:it|this|that)[ \t]++)?(?:(?:is|equals|are)[ \t]++)?(?:\\\(|\$)?[ \t]*+" + _FORM_VALUE
    + r"[ \t]*+(?:\\?%)?[ \t]*+(?:\\\)|\$)?(?:[ \t]*+(?:\\?%|percent|[A-Za-z\u00b0]{1,12})){0,2}[ \t]++"
    r"(?:as[ \t]++a[ \t]++percent(?:age)?|in[ \t]++percent)",
    re.IGNORECASE)


def _fraction(value: str) -> Fraction:
    m = re.fullmatch(r"\\[dt]?frac\{(\d+)\}\{(\d+)\}", value)
    return Fraction(int(m.group(1)), int(m.group(2))) if m else Fraction(value)


def percentage_conflict(line: str) -> bool:
    """Whether `line` gives a value and then, "as a percentage", a number that is not that value's percentage
    ("\\( \\frac{5}{12} \\) degrees, and it is \\( 135 \\) degrees as a percentage": 5/12 is 41.67%, so the reply
    names two values and commits to neither; "0.25, and 25% as a percentage" is one value)."""
    m = _AS_PERCENTAGE.search(line[-300:])
    if m is None:
        return False
    try:
        first, second = _fraction(m.group(1)), _fraction(m.group(2))
    except (ValueError, ZeroDivisionError):
        return False
    return second != 100 * first


_PAIR = re.compile(r"\(?[ \t]*+(-?\d{1,12}(?:\.\d{1,12})?)[ \t]*+,[ \t]*+(-?\d{1,12}(?:\.\d{1,12})?)[ \t]*+\)?")
_LAST_VALUE = re.compile(r"(-?\d{1,12}(?:\.\d{1,12})?)\D*\Z")


def percentage_pair(span: str, earlier: list[str]) -> str | None:
    """The value of a committed pair "(a, 100a)", a value and its percentage (a program's `print((y, y * 100))`:
    "(7.4, 740.0)"), where an earlier committed span ends on that value ("\\[ y = 7.4 \\]"); None otherwise (a pair
    of two values, or one no earlier answer states, stays a pair)."""
    m = _PAIR.fullmatch(span.strip())
    if m is None or Fraction(m.group(2)) != 100 * Fraction(m.group(1)):
        return None
    stated = (_LAST_VALUE.search(s[-100:]) for s in earlier)
    return m.group(1) if any(v and Fraction(v.group(1)) == Fraction(m.group(1)) for v in stated) else None


# "0.074, i.e. 7.4%", "0.25, or 25%", "1/4 (25%)", "\\(\\frac{1}{4}\\), which is 25 percent": a value, a joiner that
# restates, and a percentage (inline-formula brackets or dollars allowed around either)
_RESTATED = re.compile(
    r"(?<![\w.,/])(?:(?:\\\(|\$)[ \t]*+)?" + _FORM_VALUE + r"[ \t]*+(?:\\\)|\$)?[ \t]*+(?:,[ \t]*+)?"
    r"(?:or(?:[ \t]++equivalently)?|i\.[ \t]?e\.,?|that[ \t]++is,?|which[ \t]++is|(\())[ \t]*+(?:\\\(|\$)?[ \t]*+"
    r"(-?\d{1,12}(?:\.(\d{1,12}))?)[ \t]?(?:\\?%|percent\b|per[ \t]cent\b)[ \t]*+(?:\\\)|\$)?(?(2)[ \t]*+\))",
    re.IGNORECASE)


def _restated(m: re.Match) -> str:
    try:
        value, percent = _fraction(m.group(1)), Fraction(m.group(3))
    except (ValueError, ZeroDivisionError):
        return m.group(0)
    places = len(m.group(4) or "")
    if percent == 100 * value:
        return m.group(3) + "%"
    if places and abs(percent - 100 * value) <= Fraction(1, 2 * 10 ** places):
        return m.group(1)  # "1/3, or 33.33%": the percentage rounds the value, which is the exact one
    return m.group(0)


def percent_restated(text: str) -> str:
    """`text` with each value restated as its percentage ("0.074, i.e. 7.4%", "0.25, or 25%", "1/4 (25%)") written
    as one answer: the percentage ("7.4%", which the judge's percent rule compares as 7.4 and as 0.074) where it is
    exactly 100 times the value, the value where the percentage rounds it ("1/3, or 33.33%": 1/3). Such an "or" offers
    no alternative. Any other pair ("0.25, or 30%") is left as written (then "or" hedges, as before)."""
    if "%" not in text and "percent" not in text.lower() and "per cent" not in text.lower():
        return text
    return _RESTATED.sub(_restated, text)


_PERCENT_AFTER = re.compile(r"[ \t]?(?:\\?%|percent\b|per[ \t]cent\b)", re.IGNORECASE)


def with_percent(text: str, span: str) -> str:
    """The last number `span` of `text` with the percent sign written after it ("The probability is 7.4%.": "7.4%",
    compared by the judge's percent rule as 7.4 and as 0.074, not the bare 7.4); `span` where none follows."""
    at = text.rfind(span)
    if at < 0 or not re.fullmatch(_NUMBER, span) or not _PERCENT_AFTER.match(text, at + len(span)):
        return span
    return span + "%"


_BELOW_ZERO = re.compile(r"(?<![ \t])(?:[ \t]*+(?:°|degrees?)(?:[ \t]*+(?:[CF]\b|Celsius|Fahrenheit))?)?"
                         r"[ \t]++below[ \t]++zero\b", re.IGNORECASE)


def below_zero(text: str, span: str) -> str:
    """The last number `span` of `text` negated where "below zero" follows it ("The temperature is 12 degrees below
    zero.": -12, never 12; stop 59); `span` otherwise."""
    at = text.rfind(span)
    if at < 0 or not re.fullmatch(r"\d[\d,]*+(?:\.\d++)?+", span) or not _BELOW_ZERO.match(text, at + len(span)):
        return span
    return "-" + span
