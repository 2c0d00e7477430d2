"""Cleaning an answer span down to its value, for `extract`: a label, an arrow, a bullet, quotation ends, a closing
tag, an adverb ("is now 10") and a remark after the value go; a span's one inline formula or `\\boxed{}` is its value;
a sentence that corrects a negated one is read; a prose span gives the value it starts with, else its last formula
or number (none where that number is unclear: "3 cm by 4 cm"); "9 is 9" is 9. Stop 57: an exclamation mark after a
number that a sentence without a digit follows ("12! Great.") ends the value (12, not 12 factorial; "12!" alone and
"5! = 120" stay factorials). Stop 60: a conclusion word before an equation without prose ("Therefore x = 12", "Thus,
x = 12") goes."""
from __future__ import annotations

import re

from judgesuite.judges.math.answer_markup import LABEL, SLOT, last_boxed, without_label
from judgesuite.judges.math.hedges import SPAN_HEDGES
from judgesuite.judges.math.reply_frames import before_phrase, part_of_whole
from judgesuite.judges.math.prose_numbers import (bounded_number, contradicted, enclosing_value, joined_values,
                                                  precision_count, rejected_alternative, unclear_number,
                                                  value_before_remark)

SPAN_CHARS = 400
PROSE = re.compile(r"(?<![\\A-Za-z])(?<!operatorname\{)(?<!operatorname\*\{)(?!arg\s+m(?:ax|in)\b)"  # not arg max
                   r"[A-Za-z]{2,}\s+[A-Za-z]{2,}")
SENTENCE_END = re.compile(r"\.(?=\s|$)(?!\d)|\n|[。，！]|\bI hope\b|\bbecause\b|\bsince\b|\bwhich\b",
                          re.IGNORECASE)
_AND_VALUE = re.compile(r"(?<![ \t])[ \t]*+(?:and|or|und|et|oder|ou)[ \t]++[-+]?[ \t]*+[\d(\\]", re.IGNORECASE)
_INLINE_OR_NUMBER = re.compile(r"\$([^$\n]{1,200})\$|-?\d[\d,]*(?:\.\d+)?")
_ONE_INLINE = re.compile(r"(?<![$\\])\$([^$\n]{1,400})\$(?!\$)")

# a prose span that starts with its value: "30 is the most ...", "that 30 days ..."
# (also a formula before a clause: "$10$, and the process of using 15 spoons ...")
# (never the base of a power in words: "7 raised to the power of 3." is 7^3, "... of 3 or 4" no value, never 7)
_LEAD_VALUE = re.compile(r"\A(?:that\s+)?(?:(-?\d(?:[\d,]*\d)?(?:\.\d+)?)(?=\s+(?!(?:times|plus|minus|divided|"
                         r"multiplied|over|x|of|out)\b)(?!(?:raised[ \t]+)?to[ \t]+the[ \t]+power\b)[A-Za-z])"
                         r"|\$([^$\n]{1,40})\$(?=,\s+(?:and|but|so)\s))",
                         re.IGNORECASE)
_QUOTES = '"\u201c\u201d'
# (stop 60) a conclusion word before an equation that is not prose: "Therefore x = 12", "Thus, x = 12" (a comma read as
# a list), "So 10 - 12 = -2": the equation
_LEAD_CONCLUSION = re.compile(r"(?:so|thus|hence|therefore|then|finally|consequently)\b,?+[ \t]++(?=[^=\n]{1,60}+=)",
                              re.IGNORECASE)
# an adverb between the marker and the value: "the answer is now 10", "is actually $5"
_LEAD_ADVERB = re.compile(r"^(?:now|actually|indeed|simply|still|just|exactly|clearly|really|then|thus|therefore|"
                          r"definitely|certainly|obviously|precisely|surely|undoubtedly)"
                          r"\s+(?=[-$\\\d(])", re.IGNORECASE)
# prose of another script: two words of letters with a letter that is not ASCII (Cyrillic, Greek, "écus pour"), or
# three CJK characters in a row
_NON_ASCII_LETTER = re.compile(r"[^\W\d_A-Za-z]")
_ANY_PROSE = re.compile(r"(?<![\\])(?<![^\W\d_])[^\W\d_]{2,}\s+[^\W\d_]{2,}|[\u3040-\u30ff\u3400-\u9fff]{3}")
# a value that a word of another script follows ("13 долларов за ...", "13 écus pour ..."), not an operator word
_LEAD_OTHER = re.compile(r"\A(-?\d(?:[\d,]*\d)?(?:\.\d+)?)(?=\s+(?!(?:на|раз|умнож\w*|раздел\w*|плюс|минус|по|επί|"
                         r"συν|πλην)(?![^\W\d_]))[^\W\d_A-Za-z])", re.IGNORECASE)
# another number joined by a conjunction of these languages ("3 яблока и 4 груши", "3 pommes et 4 poires")
_CONJ_NUMBER = re.compile(r"(?<![^\W\d_])(?:and|or|и|или|либо|et|ou|y|o|und|oder|e|ed|en|of|i|lub|albo|ve|veya|και|ή)"
                          r"\s++(?:[^\W\d_]++\s++){0,2}[$\u20ac\u00a3]?\d", re.IGNORECASE)
# a hedge, a negation or an approximation word of these languages: such a prose span gives no answer
_OTHER_HEDGE = re.compile(r"(?<![^\W\d_])(?:примерно|около|приблизительно|или|либо|не|environ|etwa|ungefähr|circa|"
                          r"aproximadamente|cerca|ongeveer|około|yaklaşık|περίπου|ή|δεν)(?![^\W\d_])"
                          r"|大约|大約|约|約|左右|大概|或|不是", re.IGNORECASE)
_MONEY_WORDS = r"dollars?|euros?|долл\w*|руб\w*|евро|dólares|dollari|yuan|元|美元"
# a price before "for" and what it buys: "$13 for 3 bottles of juice and 2 bottles of water", "13$ за 3 бутыла"
_PRICE_FOR = re.compile(r"(?<![\d.,])(?:\$[ \t]?(\d[\d,]*(?:\.\d+)?)|"
                        r"(\d[\d,]*(?:\.\d+)?)[ \t]?(?:[$\u20ac\u00a3\u00a5]|(?:" + _MONEY_WORDS + r")(?![^\W\d_])))"
                        r"[ \t]+(?:for|за|pour|por|für|voor|para)[ \t]+(.*)\Z",
                        re.IGNORECASE | re.DOTALL)
_MONEY_OR_WORKING = re.compile(r"[$\u20ac\u00a3\u00a5=+*/\u00d7\u00f7]|(?<![^\W\d_])(?:" + _MONEY_WORDS
                               + r")(?![^\W\d_])", re.IGNORECASE)
# "18.</answer>": the end of a tag around the statement (not a struck "<del>3</del>")
_CLOSING_TAG = re.compile(r"</(?:final_?answer|answer|result|solution|response|output)>", re.IGNORECASE)
_SAME_SIDES = re.compile(r"([^\s=]{1,40}+)\s++(?:is|=|equals)\s++([^\s=]{1,40}+)")
_EXCLAIMED = re.compile(r"(?<=\d)![ \t]++[A-Z][^\d\n]*+\Z")  # "12! Great.": the remark goes, 12 stays
_BULLET = re.compile(r"\A[-\u2022]\s+(?=[A-Za-z*])")  # "- Total: $15": a list item, not a minus sign


def _currency_pair(between: str) -> bool:
    """Whether the text between the dollar signs of "$3 and $4" (a digit after) is a currency pair, not a formula: a
    digit first, a space last, no dollar sign inside (a test, not a regex that a search would backtrack on)."""
    return bool(between) and between[0].isdecimal() and between[-1].isspace() and "$" not in between


def _prose(text: str) -> bool:
    """Whether `text` holds prose: two words of ASCII letters, or of letters of another script."""
    return bool(PROSE.search(text) or (_NON_ASCII_LETTER.search(text) and _ANY_PROSE.search(text)))


def clean_span(span: str) -> str:
    """The value of an answer span (see the module docstring)."""
    span = _BULLET.sub("", SLOT.sub("", _CLOSING_TAG.sub(" ", span).strip()))
    span = LABEL.sub("", span, count=1) if span[:2] in ("=>", "->") else span  # "=> 42": an arrow, not "> 42"
    span = span.lstrip("*_:#= \u3001\uff0c\uff1a").strip()  # also CJK commas and colon: "答えは、4です"
    quoted = sum(span.count(q) for q in _QUOTES) <= 2  # a quoted sentence ("The answer is 64."), not JSON
    span = span.lstrip(_QUOTES if quoted else "").strip()
    lone = [i for i, c in enumerate(span) if c in _QUOTES]
    if quoted and len(lone) == 1:  # one end of a quotation: 'print("The answer is 6")', 'a line "Answer: 6'
        i = lone[0]
        span = (span[:i] if i and not span[i - 1].isspace() else span[i + 1:]).strip()
    span = _LEAD_ADVERB.sub("", span, count=1)
    conclusion = _LEAD_CONCLUSION.match(span)
    if conclusion and not PROSE.search(span, conclusion.end()):
        span = span[conclusion.end():]
    span = without_label(_EXCLAIMED.sub("", span))
    if len(span) > 2 and span[0] == span[-1] == "`" and span.count("`") == 2:
        span = span[1:-1].strip()  # "`42`": inline code
    inline = list(_ONE_INLINE.finditer(span))
    if len(inline) == 1:  # "So $x \in [2, 5)$.": the one formula of a short line without numbers around it
        outside = span[:inline[0].start()] + span[inline[0].end():]
        if not re.search(r"\d", outside) and not SPAN_HEDGES.search(outside) and len(outside.strip(" .,:;!")) <= 40:
            inner = inline[0].group(1).strip()  # "$\\text{Total}: 5$": a label in a text command goes
            return without_label(inner) if inner.startswith(("\\text", "\\math")) else inner
    inner = last_boxed(span)
    if inner is not None:
        return inner[1]
    head, *rest = SENTENCE_END.split(span, 1)
    if rest and rest[0] and len(span) <= SPAN_CHARS and SPAN_HEDGES.search(head) and re.search(r"\d", rest[0]):
        return clean_span(rest[0])  # "It's not 20. It's 24.": the sentence that corrects a negated one
    if rejected_alternative(head):  # "100, and not 30": whole, for `extract` to keep the first value
        return head.strip()
    if _prose(re.sub(r"\$[^$]*\$", " ", head)):  # "The largest $n$ is 34": the last formula or number
        lead = _LEAD_VALUE.match(head)
        if lead:  # "that 30 is the most that fits in 6 periods": the value it starts with ("3 cm and 4 cm": all)
            if lead.group(1) and unclear_number(head, lead.start(1), lead.end(1)):
                return head.strip()  # "3 cm by 4 cm", "3 apples and 4 pears": no answer
            return lead.group(2) or joined_values(head, lead.start(1)) or lead.group(1)
        if _OTHER_HEDGE.search(head):
            return head.strip()  # "примерно 13 долларов за 3 бутылки": no answer, never 3
        other = _LEAD_OTHER.match(head)
        if other:  # "13 долларов за 3 бутылки": 13; "3 яблока и 4 груши": no answer
            return head.strip() if _CONJ_NUMBER.search(head, other.end()) else other.group(1)
        price = _PRICE_FOR.search(head)
        if price and not re.search(r"\d", head[:price.start()]) and re.search(r"\d", price.group(3)) and not (
                _MONEY_OR_WORKING.search(price.group(3))):  # "pays $13 for 3 juices and 2 waters": 13
            return price.group(1) or price.group(2)
        before_remark = value_before_remark(head)
        if before_remark:  # "The total is 12 (3 × 4).": 12
            return before_remark
        found = [f for f in _INLINE_OR_NUMBER.finditer(head)
                 if not (precision_count(head, f.end()) or bounded_number(head, f.start()))]
        stated = (before_phrase(" is " + head, found[-1].start() + 4) or part_of_whole(head, found[-1].start())
                  ) if found and not found[-1].group(1) else None
        if stated:  # "Total: 12 apples after 3 days": the stated 12 (reply_frames.before_phrase)
            return stated
        if found and not found[-1].group(1) and contradicted(head, found[-1].start(), found[-1].end()):
            return head.strip()  # "She has 5 apples (six apples).": no answer, never a number before it
        if found:  # a number in a pair or a time at the end ("the point is (3, 4).") gives the pair or time
            pair = None if found[-1].group(1) else enclosing_value(head, found[-1].start())
            if pair is None and not found[-1].group(1) and unclear_number(head, found[-1].start(), found[-1].end()):
                return head.strip()
            return pair or (found[-1].group(1) or found[-1].group(0).rstrip(",")).strip()
    m = re.match(r"\$\$?((?:\\\$|[^$]){1,400})\$", span)
    # "$\frac{1}{2}$. I hope..." -> the math between the dollars; "$x=4$ and $x=9$", "$\frac{1}{3}$ and 1" stay whole
    if m and "$" not in span[m.end():].replace("\\$", "") and not _AND_VALUE.match(span, m.end()) and not (
            _currency_pair(m.group(1)) and span[m.end():m.end() + 1].isdigit()):
        return m.group(1)
    cut = SENTENCE_END.search(span)
    if cut:  # "x = 5 (since 2x = 10)": the bracket the reason opens goes with it
        span = span[:cut.start()]
        span = span.rstrip()[:-1] if span.rstrip().endswith("(") and span.count("(") > span.count(")") else span
    span = span.strip().rstrip("*_.,;" + (_QUOTES if quoted else "")).strip()
    return same[1] if (same := _SAME_SIDES.fullmatch(span)) and same[1] == same[2] else span  # "9 is 9"
