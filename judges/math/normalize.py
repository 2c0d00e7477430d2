"""String clean-up of an extracted math answer before it is tokenized.

Only regular expressions without nested quantifiers run here (linear time on any
input). What is removed or rewritten, in order:
- dollar signs (`$`, `\\$`), `\\left`/`\\right`, LaTeX spacing (`\\,`, `\\;`, `\\!`,
  `~`, `\\quad`; not `~~`, a markdown strikethrough the grammar refuses), `\\displaystyle`,
  display delimiters `\\( \\) \\[ \\]`;
- an operator name is never dropped (that would leave its argument as the answer): `\\operatorname{sinh}`,
  `\\mathrm{arcsin}`, `\\text{ln}` of a function the grammar knows read as its command, `arcsin(x)` and
  `floor(2.5)` as the function; any other name in `\\operatorname{...}`, and a known operator name (lcm, max, Re,
  sgn...) in another wrapper or as a bare word before its argument (`sign(2)`, `sign x`, `floor 2.5`, `sign2`;
  `min`, `deg`, `mod` after a number are units), become `\\operatorname`, which the tokenizer refuses (the ANTLR
  path then reads the original span, or nothing does); so does any other word glued to its bracketed argument
  (`Total(5)`, `\\text{Area}(5)`: function notation; "Total: 5" and "Total (5)" stay labels);
- `\\text{...}`, `\\mathrm{...}`, `\\textbf{...}`, `\\mbox{...}`: kept when the content
  is a number, dropped otherwise (units, "for any", "dollars");
- thousands separators: `1{,}234`, `1\\,234`, `1,\\!234`, `1 234`, `1'234`, and `1,234,567` when every
  group has three digits;
- two values joined by "and", "or" (und, et, oder, ou, 和, 或) or `\\quad` become a list (`a, b`), never a product;
  a number spaced after a bracket of numbers, a fraction, a root or `\\pi` ("(2) 3", `\\frac{1}{3} 1`) is unreadable;
- `a \\pm b` becomes the set `\\{a-b, a+b\\}`; `\\emptyset` / `\\varnothing`, "no solution", "There are no real
  solutions." and "the empty set" the empty set `\\{\\}`;
- currency signs (`$`, `€`, `£`, `¥`) are dropped;
- a time in two or three units ("5 min 30 s", "2 hours and 15 minutes") becomes its value in the first unit (11/2);
- degrees (`^\\circ`, `°`, "degrees"), which compare as the bare number (in a trigonometric function's argument as
  radians: `\\sin(90^{\\circ}-x)` is `\\cos x`, `\\sin 30^\\circ` is 1/2); a one-letter unit or a rate
  after a number at the end ("12 m²", "5 km/h");
- percent: `\\%`, `%`, "percent" become the `%` operator (see math_compare);
- a strict bound or an approach before a number ("more than 5", "under 5", "almost 5") becomes `\\operatorname`
  (unreadable: no statement of 5); "at least 5", "at most 5", "up to 5" keep the number (a minimum or maximum);
  so do a date ("2024-01-05") and a range before a word ("3-4 hours"), which are no subtraction;
- number words ("thirty-six", "one hundred and five", "a dozen"), fractions in words ("two thirds", "three and
  a half"), a scale after digits ("1.5 million") and "minus 5" become digits;
- any other word of two or more letters (a unit, "apples", "approximately") is dropped,
  except function and constant names the grammar knows; so is a word of another script ("рублей", "个"),
  but not a Greek letter (`θ` reads as `\\theta`).
"""
from __future__ import annotations

import re
from fractions import Fraction

from judgesuite.judges.math.bracket_remarks import without_remark
from judgesuite.judges.math.named_functions import GLUED
from judgesuite.judges.math.tokens import FUNCTION_COMMANDS, FUNCTION_WORDS
from judgesuite.judges.math.word_lists import (KEEP_WORDS, OPERATOR_NAMES, SCALES as _SCALES, SMALL as _SMALL,
                                               SPACED_NOT as _SPACED_NOT, UNREADABLE as _UNREADABLE, words_to_number)
from judgesuite.judges.math.written_operators import letter_x_times, power_in_words

_WORD_RUN = re.compile(r"[A-Za-z]+(?:(?:-|\s+|\s+and\s+)[A-Za-z]+)*")

# read as functions only when glued to their bracket ("floor(2.5)"); "the 5th floor" is prose
_GLUED_FUNCTIONS = frozenset({"floor", "ceil", *GLUED})  # nCr(8, 3), round(17.3): named_functions
# \operatorname{sinh}, \mathrm{arcsin}, \text{lcm}(...): a function name in a wrapper (see _named_operator)
_NAMED_OP = re.compile(r"\\(operatorname\*?|mathrm|mathbf|mathit|mathsf|text|textrm|textit|textbf|mbox|emph)\s*"
                       r"\{\s*([A-Za-z][A-Za-z \t]{0,40})\}(?=(\s*(?:\(|\[|\\?\{))?)")
# what an argument starts with: a number, a sign, a command or one letter ("x", not the word "top")
_ARG_START = r"(?:[-+\d.\\]|[A-Za-z](?![A-Za-z]))"
# a bare word applied to an argument: glued to its bracket ("sign(2)", "max{4, 6}"), or spaced before a bracket
# that opens on an argument ("sign (2)", "floor (x)", not "floor (top)")
# (the space run starts only after a non-space, so a search over a long run of spaces stays linear)
_ARGUMENT = re.compile(r"(?:\(|\[|\\?\{)|(?<!\s)(\s+)(?=(?:\(|\[|\\?\{)\s*" + _ARG_START + ")")
# an operator's argument without a bracket, glued or spaced: "sign x", "floor 2.5", "sign2", "min \\theta"
_BARE_ARGUMENT = re.compile(r"(?<![ \t])[ \t]*(?:[-+]?[\d.]|[A-Za-z](?![A-Za-z])"
                            r"|\\(?:[dt]?frac|sqrt|pi|theta|alpha|beta|gamma|phi|lambda|mu|omega)(?![A-Za-z]))")
_BEFORE_WORD = re.compile(r"[\d})%]\s*$")
_GLUED_ARGUMENT = re.compile(r"[(\[]\s*" + _ARG_START)  # "Total(5)", not "Total(in dollars)"

_TEXT_CMD = re.compile(r"\\(?:text|textbf|textit|textrm|mathrm|mathbf|mbox|emph|operatorname)\s*\{([^{}]*)\}")
_SPACING = re.compile(r"\\[,;:! ]|\\quad|\\qquad|\\displaystyle|(?<!~)~(?!~)|\\left\b|\\right\b|\\big|\\Big")
_THOUSANDS_BRACE = re.compile(r"(?<=\d)\{,\}(?=\d{3})")
# 12\,345, 12,\!345, 12~345 and 12 345 (groups of three digits only)
_THOUSANDS_SPACE = re.compile(r"(?<=\d)(?:,\\! ?|\\[,;:! ]|~|\{\\,\}| ?\{ ?, ?\} ?)(?=\d{3}(?!\d))")
_THOUSANDS_APOSTROPHE = re.compile(r"(?<=\d)['\u2019](?=\d{3}(?!\d))")  # 1'250 (Swiss)
_SPACED = re.compile(r"(?<![\d.,/^_{])\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d/]|\s*/|\s*\\frac|[ \u00a0\u202f]\d)")
_SHORT_FRAC = re.compile(r"\\([dtc]?frac)\s*(\d)\s*(\d)")
_LABEL_EQ = re.compile(r"[A-Za-z](?:_\{?\w{1,3}\}?)? *=")
_EMPTY = re.compile(r"\\(?:emptyset|varnothing)\b|\\O\b")
# "no solution", "There are no real solutions.", "the empty set", "无解": the empty set, said in words
NO_SOLUTION = re.compile(r"(?:(?:so|thus|therefore|hence)[ \t]*,?[ \t]*)?(?:(?:there[ \t]+(?:is|are|exists?)[ \t]+"
                         r"|(?:the[ \t]+)?(?:equation|system|inequality)[ \t]+has[ \t]+)?no[ \t]+(?:real[ \t]+)?"
                         r"(?:solutions?|roots?)(?:[ \t]+exists?)?|(?:it[ \t]+is[ \t]+)?(?:the[ \t]+)?empty[ \t]+set"
                         r"|(?:此|原)?(?:方程(?:组)?)?无(?:实数?)?解)[ \t]*[.!\u3002]?", re.IGNORECASE)  # 无解: none
# not inside a pair "(12,102)" / "[1,000)": that is a tuple or an interval
_THOUSANDS = re.compile(r"(?<![\d.,(\[])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,]|\.\d)"
                        r"|(?<=[(\[])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,)\]]|\.\d)")
# a unit after a number that the word rule cannot drop: one letter ("12 m\u00b2", "3 s") or a rate ("5 km/h")
_UNIT_AFTER = re.compile(r"(?<=\d)[ \u00a0]+(?:[mgshL](?:\u00b2|\u00b3|\^\{?[23]\}?)?|(?:[A-Za-z]{2,12}|m)/"
                         r"(?:h|hr|s|sec|min|d|day|wk|week|mo|month|yr|year|hour|m|km|l|L|kg|g|gal|person|unit|item)"
                         r"(?:\u00b2|\^2)?)(?=\s*$|\s*[.,;)])")
_DEGREES = re.compile(r"\^\s*(?:\{\s*\\circ\s*\}|\\circ)|°|\\degree|\bdegrees?\b", re.IGNORECASE)
# the argument of a trigonometric function that holds degrees ("\\sin(90^{\\circ}-x)", "\\cos 60°"): in radians there
_TRIG_DEGREES = re.compile(r"(\\(?:sin|cos|tan|cot|sec|csc)\s*+)(\([^()]{1,60}\)|\{[^{}]{1,60}\}|\d+(?:\.\d+)?\s*+"
                           r"(?:\^\s*+(?:\{\s*+\\circ\s*+\}|\\circ)|°|\\degree))")
_DEGREE_NUMBER = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*+(?:\^\s*+(?:\{\s*+\\circ\s*+\}|\\circ)|°|\\degree)")


def _trig_radians(m: re.Match) -> str:
    """A trigonometric function's argument, each number in degrees as radians (`90^{\\circ}`: `\\frac{90\\pi}{180}`)."""
    arg = _DEGREE_NUMBER.sub(r"(\\frac{\1\\pi}{180})", m.group(2))
    return m.group(1) + (arg if arg[:1] in "({" else "{" + arg + "}")


_PERCENT = re.compile(r"\\%|\bpercent\b|\bper\s+cent\b", re.IGNORECASE)
# a word, with the exponent of a unit (cm^2) that goes with it
_WORDS = re.compile(r"(?<![\\A-Za-z])[A-Za-z]{2,}(?:['\u2019](?:s|t|re|ll|ve|d|m)\b)?(?:\^\{?\d\}?)?")  # "It's"


# "and" or "or" between two values joins a list ("\\frac{1}{3} and 1" is 1/3, 1), as a `\\quad` between them does:
# dropped as prose or spacing, they left the two side by side, read as a product (1/3). The value after it starts
# with a digit, a sign, a bracket, a command or one letter; "5 and that's it" keeps its 5 ("three and a half" is read
# before).
_VALUE_END = r"(?<=[\w)}\]%!.])[ \t]*+"
_VALUE_START = r"(?=[ \t]*+(?:[-+][ \t]*)?(?:[\d([{\\]|\.\d|[A-Za-z](?![A-Za-z])))"
_JOINED_VALUES = re.compile(_VALUE_END + r"(?:(?<![A-Za-z])(?:and/or|and|und|et|or|oder|ou)(?![A-Za-z/])"
                            r"|[\u548c\u53ca\u4e0e\u6216])" + _VALUE_START, re.IGNORECASE)
_QUAD_VALUES = re.compile(_VALUE_END + r"\\q?quad(?![A-Za-z])(?![ \t]*\\text)" + _VALUE_START)
# a number spaced after a bracket of numbers, a fraction, a root or pi ("(2) 3", "\\frac{1}{3} 1", what is left of
# "\\frac{1}{3} apples 1") is no product: the values are apart (a product is glued, "(2)(3)", "2(3)", or written,
# "(2) \\cdot 3"); "(C) 42", a choice, reads as before
_GROUP = r"\{(?:[^{}]++|\{[^{}]*+\})*+\}"
SPACED_NUMBER = re.compile(r"(?:[(\[][^()[\]A-Za-z]*+[)\]]|\\(?:[dt]?frac|binom)[ \t]*+" + _GROUP + r"[ \t]*+" + _GROUP
                           + r"|\\sqrt[ \t]*+(?:\[[^\]]*+\])?[ \t]*+" + _GROUP
                           + r"|\\pi(?![A-Za-z])|\u03c0)(?:[ \t]|\\[,;:! ]|~)++(?=\d)")
_DENOMINATORS = {"half": 2, "halves": 2, "third": 3, "quarter": 4, "fourth": 4, "fifth": 5, "sixth": 6,
                 "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10}
FRACTION_WORDS = frozenset(_DENOMINATORS) | {w + "s" for w in _DENOMINATORS}
_AND_A_HALF = re.compile(r"\band[ \t]+(?:a|one)[ \t-]+half\b", re.IGNORECASE)
# a count in words (not "4 quarters"); quarters only before "of" ("three quarters of it", not coins: "four quarters")
_FRACTION_WORDS = re.compile(r"\b(a|one|two|three|four|five|six|seven|eight|nine|ten)[ \t-]+"
                             r"(halves|half|thirds?|quarter|quarters(?=[ \t]+of\b)|fourths?|fifths?"
                             r"|sixths?|sevenths?|eighths?|ninths?|tenths?)\b", re.IGNORECASE)
_A_SCALE = re.compile(r"\ba(?=[ \t]+(?:hundred|thousand|million|billion|dozen)\b)", re.IGNORECASE)
_DIGITS_SCALE = re.compile(r"(?<![\d.,])(\d{1,6}(?:\.\d{1,6})?)[ \t]+(hundred|thousand|million|billion)\b",
                           re.IGNORECASE)
_MINUS_WORD = re.compile(r"\b(?:minus|negative)[ \t]+(?=\d|(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|"
                         r"eleven|twelve|[a-z]{3,5}teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b)",
                         re.IGNORECASE)


def spoken_fractions(text: str) -> str:
    """Fractions and scales said in words: "three quarters" -> "3/4", "two and a half" -> "two + 1/2",
    "a dozen" -> "one dozen"."""
    def fraction(m: re.Match) -> str:
        count, word = m.group(1).lower(), m.group(2).lower()
        n = 1 if count in ("a", "one") else _SMALL[count]
        d = _DENOMINATORS[word.rstrip("s") if word != "halves" else "halves"]
        return f"{n}/{d}"

    text = _AND_A_HALF.sub("+ 1/2", text)
    return _A_SCALE.sub("one", _FRACTION_WORDS.sub(fraction, text))


def _scaled(m: re.Match) -> str:
    """"1.5 million" -> "1500000" (exactly: the digits shifted, no float)."""
    whole, _, frac = m.group(1).partition(".")
    zeros = len(str(_SCALES[m.group(2).lower()])) - 1
    if len(frac) > zeros:
        return m.group(0)
    return str(int(whole + frac + "0" * (zeros - len(frac))))


def _replace_number_words(text: str) -> str:
    def repl(m: re.Match) -> str:
        run = m.group(0)
        # A run may hold other words too ("thirty-six apples"): convert its longest
        # number-word prefix and keep the rest.
        parts = re.split(r"(\s+|-)", run)
        best = None
        for end in range(len(parts), 0, -1):
            value = words_to_number("".join(parts[:end]))
            if value is not None:
                best = (value, "".join(parts[end:]))
                break
        if best is None:
            return run
        return f"{best[0]}{best[1]}"

    return _WORD_RUN.sub(repl, text)


def _named_operator(m: re.Match) -> str:
    """`\\operatorname{NAME}` (also `\\mathrm`, `\\text`, `\\mathbf`...): a function the grammar knows reads as its
    command (`\\operatorname{sinh}(2)` is `\\sinh(2)`, never 2); any other name in `\\operatorname`, or a known
    operator name (lcm, Re, max...) in another wrapper before a bracket, becomes unreadable to the grammar (the ANTLR
    path reads the original span); any other wrapper stays for the text rule (units, prose)."""
    wrapper, name, bracket = m.group(1), " ".join(m.group(2).split()), m.group(3)
    operator = wrapper.startswith("operatorname")
    if name in FUNCTION_WORDS or (operator and name.lower() in FUNCTION_COMMANDS):
        after = m.string[m.end():m.end() + 1]
        return f"\\{name.lower()}" + (" " if after.isalnum() else "")  # \\log_2 keeps its subscript
    if (operator and len(name) > 1) or (bracket is not None and (name in OPERATOR_NAMES
                                                                  or name.lower() in OPERATOR_NAMES)):
        return _UNREADABLE  # a one-letter \\operatorname{d} stays the letter (read as before, nothing dropped)
    return m.group(0)


def _text_repl(m: re.Match) -> str:
    return f" {m.group(1).strip()}"  # words in it (units, "for any") are dropped below


# short words that are units or prose, never a product of variables
_DROP_SHORT = frozenset(("cm mm km kg mg lb lbs oz ft yd mi mph kph kmh hr hrs min ml cl dl am pm yr yrs mo "
                         "wk wks day pt pts qt gal hz kw kwh rpm doz pcs pc ea usd eur gbp rs ms sq "
                         "and or the is so of to be are for per we an as at by it its no yes not all any").split())


def _word_or_space(m: re.Match) -> str:
    """Keep function names, and a run of 2-3 letters glued to math ("8xy", "xy(x+y)"): a product
    of variables; drop other words (units, prose)."""
    word = m.group(0)
    low = word.split("^")[0].lower()
    if low in KEEP_WORDS:
        return word
    s, i, j = m.string, m.start(), m.end()
    arg = _ARGUMENT.match(s, j) if "^" not in word else None
    operator = low in OPERATOR_NAMES or word in OPERATOR_NAMES or low in _GLUED_FUNCTIONS
    unit = low in _SPACED_NOT and _BEFORE_WORD.search(s[max(0, i - 20):i])  # "5 min (300 s)"
    if arg:  # a function applied to its argument: "floor(2.5)", "lcm(4, 6)", "sign (2)"
        if low in _GLUED_FUNCTIONS and not arg.group(1) and s[j] == "(":
            return word
        if operator and not (arg.group(1) and unit):
            return _UNREADABLE
    if operator and "^" not in word and not unit and _BARE_ARGUMENT.match(s, j):
        return _UNREADABLE  # "sign x", "floor 2.5", "min 3" are not x, 2.5, 3
    glued = (i == 0 or s[i - 1] in "0123456789)}(+-*/=,^") and (j == len(s) or s[j] in "()^_+-*/=, ")
    if len(low) <= 3 and low not in _DROP_SHORT and (glued or _spaced_term(s, i, j)) and "^" not in word:
        return word
    if _GLUED_ARGUMENT.match(s, j) and not _BEFORE_WORD.search(s[max(0, i - 20):i]):
        return _UNREADABLE  # "Total(5)", "\\text{Area}(5)": a function's name glued to its argument, not a label
    return " "


def _spaced_term(s: str, i: int, j: int) -> bool:
    """A run of letters spaced between two operators, `+ bc)` in `2(a*b + a*c + bc)` (stop 61b, grader batch 12): a
    term, the product of its letters; after a number or before one it is a unit or prose ("5 cm", "- so 5")."""
    before, after = s[:i].rstrip(" \t"), s[j:].lstrip(" \t")
    return len(before) < i and bool(before) and before[-1] in "(+-*/=" and bool(after) and after[0] in ")+-*/="


# a word of another script ("рублей", "个", "años"), dropped as an English word is; a Greek letter is math
_LETTER_RUN = re.compile(r"(?<![^\W\d_])[^\W\d_]+")


def _foreign_word(m: re.Match) -> str:
    word = m.group(0)
    keep = word.isascii() or not word.isalpha() or all("\u0370" <= c <= "\u03ff" or c.isascii() for c in word)
    return word if keep else " "  # "3²" keeps its superscript (no letter), and is refused later


def _approx_tail(s: str) -> str:
    """`x = 1/3 \\approx 0.33`: the exact value before `\\approx` is the answer (a lone
    `\\approx 3.14` or `x \\approx 3.14` keeps its number)."""
    if "\\approx" not in s or "," in s:
        return s
    left = s.split("\\approx")[0]
    value = left.rsplit("=", 1)[-1]
    return left if any(c.isdigit() for c in value) else s


def _plus_minus(s: str) -> str:
    """`a \\pm b` (one \\pm, no list or equation around it) as the set `\\{a-(b), a+(b)\\}`."""
    if s.count("\\pm") != 1:
        return s
    left, right = (p.strip() for p in s.split("\\pm"))
    label = _LABEL_EQ.match(left)
    if label:
        left = left[label.end():].strip()
    if any(c in left for c in ",=\\") or any(c in right for c in ",=") or not right:
        return s
    return f"\\{{{left}-({right}), {left}+({right})\\}}" if left else f"\\{{-({right}), {right}\\}}"


# Unicode's vulgar fractions: exact decimals where they end ("3½" -> "3.5"), a fraction otherwise ("2⅓" -> "2 1/3")
_VULGAR = {"\u00bd": (1, 2), "\u00bc": (1, 4), "\u00be": (3, 4), "\u2153": (1, 3), "\u2154": (2, 3), "\u2155": (1, 5),
           "\u2156": (2, 5), "\u2157": (3, 5), "\u2158": (4, 5), "\u2159": (1, 6), "\u215a": (5, 6), "\u215b": (1, 8),
           "\u215c": (3, 8), "\u215d": (5, 8), "\u215e": (7, 8), "\u2150": (1, 7), "\u2151": (1, 9), "\u2152": (1, 10)}
_VULGAR_RUN = re.compile(r"(?<![\d.])(\d{1,12})?([" + "".join(_VULGAR) + "])")
_DECIMAL = {(1, 2): "5", (1, 4): "25", (3, 4): "75", (1, 5): "2", (2, 5): "4", (3, 5): "6", (4, 5): "8", (1, 8): "125",
            (3, 8): "375", (5, 8): "625", (7, 8): "875", (1, 10): "1"}


def vulgar_fractions(text: str) -> str:
    """"3½" -> "3.5", "½" -> "0.5", "2⅓" -> "2 1/3", "⅓" -> "1/3" (a mixed number, read as 2 + 1/3)."""
    def repl(m: re.Match) -> str:
        whole, pair = m.group(1), _VULGAR[m.group(2)]
        if pair in _DECIMAL:
            return f"{whole or 0}.{_DECIMAL[pair]}"
        return f"{whole} {pair[0]}/{pair[1]}" if whole else f"{pair[0]}/{pair[1]}"
    return _VULGAR_RUN.sub(repl, text) if any(c in _VULGAR for c in text) else text


# a strict bound or an approach before a number ("more than 5", "under 5", "almost 5") is no statement of the
# number: unreadable ("at least", "at most", "up to", "no more than" state a minimum or maximum: the value stays);
# not after a number ("5 over 2") or a backslash (`\\over`)
_BOUND_WORDS = (r"(?:more|less|fewer|greater|smaller|larger|bigger|higher|lower)[ \t]+than|over|under|above|below|"
                r"almost|nearly")
BOUND_BEFORE = re.compile(r"(?<![\\A-Za-z])(?<!\d )(?<!\d)(?<!no )(?<!not )(?:" + _BOUND_WORDS + r")[ \t]+\$?\Z",
                          re.IGNORECASE)
_BOUND = re.compile(r"(?<![\\A-Za-z])(?<!\d )(?<!\d)(?<!no )(?<!not )(?:" + _BOUND_WORDS
                    + r")(?![A-Za-z])(?=[ \t]+[-+$]?\d)", re.IGNORECASE)


# a date ("2024-01-05") or a range before a word ("3-4 hours", the first number the smaller) is no subtraction
_DATE_OR_RANGE = re.compile(r"(?<![\d.-])(?:\d{4}-\d{2}-\d{2}(?![\d-])|(\d{1,6})-(\d{1,6})(?=[ \t]+[A-Za-z]{2}))")


def date_or_range(m: re.Match) -> bool:
    """Whether a `_DATE_OR_RANGE` match is a date, or a range that goes up ("3-4 hours", not "10-3 apples")."""
    return m.group(1) is None or int(m.group(1)) < int(m.group(2))


def has_date_or_range(text: str) -> bool:
    return any(date_or_range(m) for m in _DATE_OR_RANGE.finditer(text))


# a repeating decimal: 0.\\overline{3}, 0.1\\overline{6}, or its period in brackets, 0.(3), 0.1(6) (digits bounded,
# so the fraction stays small); never the product 0 * 3
REPEATING = re.compile(r"(?<![\d.])(\d{1,12})\.(\d{0,12})"
                        r"(?:\\overline\s*\{\s*(\d{1,12})\s*\}|\((\d{1,12})\)(?![\d.(]))")
# the same with a decimal comma, 0,(3), 0,1\\overline{6} (not inside a tuple or a list: "(1,(2))", "1,2,(3)")
_REPEATING_COMMA = re.compile(r"(?<![\d.,(\[])(\d{1,12}),(\d{0,12})"
                              r"(?:\\overline\s*\{\s*(\d{1,12})\s*\}|\((\d{1,12})\)(?![\d.,(]))")
# a time in two or three units, larger first: "5 min 30 s", "2 hours and 15 minutes", "1 h 30 min 45 s"
_UNIT_RANK = {"h": 0, "hr": 0, "hrs": 0, "hour": 0, "hours": 0, "min": 1, "mins": 1, "minute": 1, "minutes": 1,
              "s": 2, "sec": 2, "secs": 2, "second": 2, "seconds": 2}
_TIME_UNIT = r"[ \t]*(hours?|hrs?|h|minutes?|mins?|min|seconds?|secs?|s)(?![A-Za-z])"
_TIME_PART = r"[ \t]*,?[ \t]*(?:and[ \t]+)?(\d{1,2}(?:\.\d{1,6})?)" + _TIME_UNIT
DURATION = re.compile(r"(?<![\w.])(\d{1,6}(?:\.\d{1,6})?)" + _TIME_UNIT + _TIME_PART + "(?:" + _TIME_PART + ")?",
                      re.IGNORECASE)


def duration(m: re.Match) -> Fraction | None:
    """A `DURATION` match in its first (largest) unit: "5 min 30 s" -> 11/2; None unless the units go down (h, min,
    s), each later part is under 60 and one unit is a word ("2h 3s" may be a product of the variables h and s)."""
    parts = [(Fraction(m.group(k)), _UNIT_RANK[m.group(k + 1).lower()]) for k in (1, 3, 5) if m.group(k)]
    ranks = [r for _, r in parts]
    if ranks != sorted(set(ranks)) or any(v >= 60 for v, _ in parts[1:]) or all(
            len(m.group(k)) == 1 for k in (2, 4, 6) if m.group(k)):
        return None
    return sum((v / 60 ** (r - ranks[0]) for v, r in parts), Fraction(0))


def _duration_repl(m: re.Match) -> str:
    value = duration(m)
    return m.group(0) if value is None else f" ({value}) "


def repeating_decimals(text: str) -> str:
    """Every repeating decimal of `text` as its exact fraction (see `repeating`)."""
    return _REPEATING_COMMA.sub(repeating, REPEATING.sub(repeating, text))


def repeating(m: re.Match) -> str:
    """`0.1\\overline{6}` or `0.1(6)` -> `(15/90)`: the exact fraction of a repeating decimal."""
    whole, fixed, period = m.group(1), m.group(2), m.group(3) or m.group(4)
    numerator = int(whole + fixed + period) - int(whole + fixed)
    return f"({numerator}/{(10 ** len(period) - 1) * 10 ** len(fixed)})"


def normalize(answer: str) -> str:
    """Clean an extracted answer for the tokenizer (see the module docstring)."""
    answer = power_in_words(answer)
    s = answer.replace("\\$", " ").replace("$", " ")
    s = s.replace("\\(", " ").replace("\\)", " ").replace("\\[", " ").replace("\\]", " ")
    s = s.replace("\u2212", "-").replace("\u00d7", "\\times ").replace("\u00b7", "\\cdot ")
    s = s.replace("\u00f7", "\\div ").replace("\u03c0", "\\pi ").replace("\u221e", "\\infty ")
    s = s.replace("\u03b8", "\\theta ")
    s = s.replace("\u221a", "\\sqrt ").replace("\u2264", "\\le ").replace("\u2265", "\\ge ")
    s = s.replace("\u20ac", " ").replace("\u00a3", " ").replace("\u00a5", " ")
    s = _BOUND.sub(lambda m: _UNREADABLE, vulgar_fractions(s))
    s = _DATE_OR_RANGE.sub(lambda m: _UNREADABLE if date_or_range(m) else m.group(0), s)
    s = letter_x_times(repeating_decimals(s))
    s = _THOUSANDS_SPACE.sub("", s)
    s = _THOUSANDS_APOSTROPHE.sub("", s)
    s = _SHORT_FRAC.sub(r"\\\1{\2}{\3}", s)
    s = _EMPTY.sub(r"\\{\\}", s)
    s = _plus_minus(_approx_tail(s))
    s = _SPACING.sub(" ", _QUAD_VALUES.sub(", ", s))
    s = _SPACED.sub(lambda m: re.sub(r"\s", "", m.group(0)), s)
    s = _NAMED_OP.sub(_named_operator, s)
    for _ in range(3):  # \text{\textbf{5}}: a few rounds, each linear
        s = _TEXT_CMD.sub(_text_repl, s)
    s = DURATION.sub(_duration_repl, s) if re.search(r"\d[ \t]*[hmsHMS]", s) else s  # after \text{ min}
    s = "\\{\\}" if NO_SOLUTION.fullmatch(s.strip()) else without_remark(s.rstrip())
    s = _THOUSANDS_BRACE.sub("", s)
    s = _THOUSANDS.sub(lambda m: m.group(0).replace(",", ""), s)
    s = _UNIT_AFTER.sub(" ", s)
    s = _DEGREES.sub(" ", _TRIG_DEGREES.sub(_trig_radians, s) if "\\" in s else s)
    s = _PERCENT.sub("%", s)
    s = _DIGITS_SCALE.sub(_scaled, _MINUS_WORD.sub("-", spoken_fractions(s)))
    s = _replace_number_words(s)
    s = _JOINED_VALUES.sub(", ", s)
    s = _LETTER_RUN.sub(_foreign_word, s)
    s = _WORDS.sub(_word_or_space, s.strip())
    s = s.strip().rstrip(".").strip()
    return SPACED_NUMBER.sub(lambda m: m.group(0) + _UNREADABLE, s)
