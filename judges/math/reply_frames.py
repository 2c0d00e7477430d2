"""What frames a value in a reply without being the reply's own answer, for `extract` (stop 60):
- a bare ascending range "10-12" (digits, one hyphen, no spaces, the first smaller) as the value of a committed
  sentence ("The answer is 10-12.") or as the last number of prose ("It takes 10-12 minutes.") is a range of two
  values, no commitment to either; "10 - 12 = -2", "x = 10-12", "12-10", a boxed "10-12" and a line of bare math
  ("3-4", "**10-12**", as stop 55's pins) are differences (`bare_range`, `range_at`);
- a value the reply attributes to another source ("the textbook says 13", "The reference answer: 13", "the answer
  key gives 13") is that source's, not the reply's: no commitment (`attributed`);
- a JSON object that marks its own answer wrong ('"correct": false', "'is_correct': False") commits to nothing
  (`marked_incorrect`);
- a `\\boxed{}` with text glued after its closing brace ("\\boxed{12}3", "\\boxed{12}^2", "\\boxed{1}.5") holds a part
  of a value, not the value (`glued_box`);
- a database client's row-count footer ("(1 row)", "1 row in set (0.00 sec)") and a footnote's mark ("12.[^2]") are
  no numbers of the answer (`without_frames`); digits grouped by thin or narrow no-break spaces ("1 200") are one
  number; a conversion in brackets right after a value and its unit, at the line's end or alone on the next line
  ("1.2 km (= 1,200 m)", "1.2 km\n(= 1,200 m)"), restates that value: it goes, the value stated first stays;
- "5 dozen eggs" (a number, then "dozen", "score" or "gross" and a noun) counts dozens of the noun: the eggs are 60,
  the dozens 5; without the question it commits to neither (`multiplied_count`);
- a value stated by a copula, a verb of having or a label ("is", "gets", "costs", "earns", "=", "Total:") and then a
  trailing phrase "after / for / in / over / within / during <N> <words>" that ends the sentence ("The value is $12
  after 3 years.", "Each friend gets 12 apples, for 3 friends.") commits to the stated value, as stop 58's "x =
  4.875 when y = 13": the phrase's number is a given (`before_phrase`; only where the question names no unit, else
  `asked_unit` picks); "12 out of 13" and "12 of the 13 students" commit to the part, 12 (`part_of_whole`, as "There
  are 12 ... that sum to 240"); zero-width characters inside a number ("1\u200b2") are dropped;
- (stop 60c) a telegram's "STOP" that ends a line ("21.6 ÷ 0.06 equals 36. STOP") is its full stop, no word of the
  sentence (`without_frames`); "N times in M <unit>" ("bounces the ball 125 times in 150 seconds.") counts N events
  over the given span M: it commits to N as a stated value does (`before_phrase`); a number-unit compound
  ("8-ounce", "28-pound") between a stated count and its phrase, or as the phrase's number, is a measure that
  describes a noun, no count ("There are 56 8-ounce servings in a 28-pound bag of dog food.": 56)."""
from __future__ import annotations

import re

_RANGE = re.compile(r"(?<![\d.,\-\u2212/^_=])(\d{1,9}(?:\.\d{1,9})?)-(\d{1,9}(?:\.\d{1,9})?)(?![\d.,]?\d)")
# another source than the reply, before the value in its sentence
_SOURCE = re.compile(r"\b(?:(?:the|a|this|that)[ \t]++)?(?:text[ \t]?book|book|answer[ \t]++key|key|solutions?"
                     r"[ \t]++manual|manual|reference|official|teacher|instructor|grader|source)"
                     r"(?:'s)?[ \t]++(?:(?:answer|solution|result)[ \t]*+(?:(?:is|was|says|states|gives)\b|:)"
                     r"|(?:says|said|states|stated|gives|gave|lists|listed|claims|shows)\b)"
                     r"|\b(?:ground[ \t]++truth|gold[ \t]++(?:answer|label|standard))[ \t]*+(?::|(?:is|was)\b)"
                     r"|\baccording[ \t]++to[ \t]++the[ \t]++(?:text[ \t]?book|book|answer[ \t]++key|key|reference"
                     r"|solution|official[ \t]++answer)\b", re.IGNORECASE)
_CLAUSE_BREAK = re.compile(r";|\b(?:but|while|whereas|however|and)\b", re.IGNORECASE)
_MARKED_WRONG = re.compile(r"""["'](?:is_?)?(?:correct|right|valid|verified)["'][ \t]*+:[ \t]*+(?:false|False)\b""")
_GLUED = re.compile(r"[\d^_]|\.\d")
_ROW_COUNT = re.compile(r"(?<![^\n])[ \t]*+(?:\(\d{1,9}[ \t]++rows?\)|\d{1,9}[ \t]++rows?[ \t]++in[ \t]++set"
                        r"(?:[ \t]*+\(\d{1,5}(?:\.\d{1,5})?[ \t]*+sec\))?|Empty[ \t]++set[^\n]{0,30})[ \t]*+(?![^\n])")
_FOOTNOTE_MARK = re.compile(r"(?<=\S)\[\^[A-Za-z0-9_-]{1,20}\](?!:)")
_CONVERSION = re.compile(r"(?<=\d)([ \t]*+[A-Za-z%\u00b0]{1,10}+\.?)[ \t]*+\n?[ \t]*+\(=[ \t]*+[^()\n=]{1,40}+\)"
                         r"[ \t]*+(?![^\n])")
_ZERO_WIDTH = re.compile("[\u200b\u200c\u200d\u2060\ufeff]")
# a telegram's "STOP" at a line's end, after a sentence's last word or its full stop
_TELEGRAM_STOP = re.compile(r"(?<=[\w.!?%)])[ \t]++STOP[.!]?(?=[ \t]*+(?:\n|\Z))")
_THIN_GROUPS = re.compile(r"(?<![\d.,])\d{1,3}(?:[\u2009\u202f]\d{3})++(?![\d])")


def bare_range(span: str) -> bool:
    """Whether `span` (a committed value, its unit and words allowed around it) is a bare ascending range "10-12"."""
    found = list(_RANGE.finditer(span))
    if len(found) != 1 or "=" in span or "\\" in span:
        return False
    return float(found[0].group(1)) < float(found[0].group(2))


def range_at(text: str, start: int) -> bool:
    """Whether the last number read at `start` ("-12") is the upper end of a bare ascending range ("10-12")."""
    if start < 1 or text[start:start + 1] != "-" or not text[start - 1].isdigit():
        return False
    line_start = text.rfind("\n", 0, start) + 1
    if "=" in text[line_start:start]:
        return False  # "x = 10-12": a difference
    m = None
    for m in _RANGE.finditer(text, max(line_start, start - 20), min(len(text), start + 20)):
        if m.start(2) - 1 == start:
            break
    else:
        return False
    return float(m.group(1)) < float(m.group(2))


def attributed(sentence: str) -> bool:
    """Whether `sentence`, up to its value, attributes the value to another source than the reply (in the value's
    clause: "The textbook says 13, but I get 12." gives 12 as the reply's own)."""
    return bool(_SOURCE.search(_CLAUSE_BREAK.split(sentence[-300:])[-1]))


def marked_incorrect(text: str) -> bool:
    """Whether a JSON or Python object in the last 400 characters of `text` marks its answer wrong."""
    return bool(_MARKED_WRONG.search(text, max(0, len(text) - 400)))


def glued_box(text: str, pos: int, content: str) -> bool:
    """Whether the `\\boxed{content}` at `pos` has a digit, a power, a subscript or a decimal part glued after it."""
    opening = text.find("{", pos, pos + 12)
    if opening < 0 or text[opening + 1:opening + 1 + len(content)] != content:
        return False
    end = opening + 1 + len(content)
    return text[end:end + 1] == "}" and bool(_GLUED.match(text, end + 1))


def without_frames(text: str) -> str:
    """`text` without row-count footers, footnote marks, bracketed conversions and zero-width characters, thin-space
    digit groups joined, a telegram's line-ending "STOP" read as its full stop."""
    if "row" in text or "Empty set" in text:
        text = _ROW_COUNT.sub("", text)
    if "[^" in text:
        text = _FOOTNOTE_MARK.sub("", text)
    if "\u2009" in text or "\u202f" in text:
        text = _THIN_GROUPS.sub(lambda m: m.group().replace("\u2009", "").replace("\u202f", ""), text)
    if _ZERO_WIDTH.search(text):
        text = _ZERO_WIDTH.sub("", text)
    if "(=" in text:
        text = _CONVERSION.sub(r"\1", text)
    if "STOP" in text:
        text = _TELEGRAM_STOP.sub(lambda m: "" if text[m.start() - 1] in ".!?" else ".", text)
    return text


_MULTIPLIED = re.compile(r"(?<![ \t])[ \t]++(?:dozens?|score|gross)[ \t]++(?:of[ \t]++)?[A-Za-z]", re.IGNORECASE)
_PHRASE = re.compile(r"(?:(?<![^\W\d_])(?:is|are|was|were|equals|gets?|receives?|costs?|earns?|has|have|had"
                     r"|will[ \t]++be|becomes?|grows?[ \t]++to)|=|:)[ \t]++(?:\$[ \t]*+)?(-?\d[\d,]*+(?:\.\d++)?+)"
                     r"(?:[ \t]++(?:\d{1,6}-)?[A-Za-z/]{1,15}+){0,3}?(?:[ \t]*+,)?[ \t]++"
                     r"(?:after|for|in|over|within|during|at)[ \t]++(?:(?:a|an|the|all)[ \t]++)?\Z",
                     re.IGNORECASE)
# a count of events over a given span: "125 times in 150 seconds" (the span's number starts the trailing phrase)
_TIMES_IN = re.compile(r"(?<![\d.,\-])(\d[\d,]*+(?:\.\d++)?+)[ \t]++times[ \t]++"
                       r"(?:in|within|during|over|every)[ \t]++\Z", re.IGNORECASE)
_PHRASE_END = re.compile(r"(?<![\d,.])-?\d[\d,]*+(?:\.\d++)?+(?:(?:[ \t]++[A-Za-z]{1,15}+){1,2}"
                         r"|-[A-Za-z]{1,15}+(?:[ \t]++[A-Za-z]{1,15}+){1,4})[ \t]*+[.!]?[ \t]*+(?:\n|\Z)")


def multiplied_count(text: str, end: int) -> bool:
    """Whether the number ending at `end` in `text` counts dozens (scores, grosses) of a noun ("5 dozen eggs")."""
    return bool(_MULTIPLIED.match(text, end))


def before_phrase(text: str, start: int) -> str | None:
    """The value stated before a trailing "after / for / in ... <N> <words>" phrase whose number starts at `start`
    ("The value is $12 after 3 years.": 12), or the count of "<N> times in <M> <words>" ("125 times in 150
    seconds.": 125); None where the number there ends no such phrase."""
    if not _PHRASE_END.match(text, start):
        return None
    m = _PHRASE.search(text, max(0, start - 80), start) or _TIMES_IN.search(text, max(0, start - 40), start)
    return m.group(1).rstrip(",") if m else None


# a part of a whole: "12 out of 13", "12 of the 13 students" (the number before is the count; M is the whole, a given)
_PART_OF = re.compile(r"(?<![\d.,])(\d[\d,]*+(?:\.\d++)?+)[ \t]++(?:[A-Za-z]{1,15}[ \t]++)?"
                      r"(?:out[ \t]++of|of[ \t]++the)[ \t]++\Z", re.IGNORECASE)


def part_of_whole(text: str, start: int) -> str | None:
    """N of "N out of M" / "N of the M" where M starts at `start` in `text` ("12 out of 13": 12); else None."""
    m = _PART_OF.search(text, max(0, start - 40), start)
    return m.group(1).rstrip(",") if m else None
