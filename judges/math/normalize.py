"""String clean-up of an extracted math answer before it is tokenized.

Only regular expressions without nested quantifiers run here (linear time on any
input). What is removed or rewritten, in order:
- dollar signs (`$`, `\\$`), `\\left`/`\\right`, LaTeX spacing (`\\,`, `\\;`, `\\!`,
  `~`, `\\quad`), `\\displaystyle`, display delimiters `\\( \\) \\[ \\]`;
- `\\text{...}`, `\\mathrm{...}`, `\\textbf{...}`, `\\mbox{...}`: kept when the content
  is a number, dropped otherwise (units, "for any", "dollars");
- thousands separators: `1{,}234`, and `1,234,567` when every group has three digits;
- degrees (`^\\circ`, `°`, "degrees"), which compare as the bare number;
- percent: `\\%`, `%`, "percent" become the `%` operator (see math_compare);
- number words ("thirty-six", "one hundred and five") become digits;
- any other word of two or more letters (a unit, "apples", "approximately") is dropped,
  except function and constant names the grammar knows.
"""
from __future__ import annotations

import re

_SMALL = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen".split())}
_TENS = {w: 10 * i for i, w in enumerate(
    "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()) if w != "_"}
_SCALES = {"hundred": 100, "thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}
_NUMBER_WORD = set(_SMALL) | set(_TENS) | set(_SCALES)
_WORD_RUN = re.compile(r"[A-Za-z]+(?:(?:-|\s+|\s+and\s+)[A-Za-z]+)*")

# Words the grammar reads (function and constant names); any other word is dropped.
KEEP_WORDS = frozenset({"sqrt", "sin", "cos", "tan", "cot", "sec", "csc", "log", "ln", "exp",
                        "pi", "inf", "infinity", "oo", "frac", "dfrac", "tfrac", "cup"})

_TEXT_CMD = re.compile(r"\\(?:text|textbf|textit|textrm|mathrm|mathbf|mbox|emph|operatorname)\s*\{([^{}]*)\}")
_SPACING = re.compile(r"\\[,;:! ]|\\quad|\\qquad|\\displaystyle|~|\\left\b|\\right\b|\\big|\\Big")
_THOUSANDS_BRACE = re.compile(r"(?<=\d)\{,\}(?=\d{3})")
_THOUSANDS = re.compile(r"(?<![\d.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,]|\.\d)")
_DEGREES = re.compile(r"\^\s*(?:\{\s*\\circ\s*\}|\\circ)|°|\\degree|\bdegrees?\b", re.IGNORECASE)
_PERCENT = re.compile(r"\\%|\bpercent\b|\bper\s+cent\b", re.IGNORECASE)
# a word, with the exponent of a unit (cm^2) that goes with it
_WORDS = re.compile(r"(?<![\\A-Za-z])[A-Za-z]{2,}(?:\^\{?\d\}?)?")


def words_to_number(words: str) -> int | None:
    """'one hundred and five' -> 105; None unless every word is a number word."""
    tokens = [t for t in re.split(r"[-\s]+", words.lower()) if t and t != "and"]
    if not tokens or any(t not in _NUMBER_WORD for t in tokens):
        return None
    total, current = 0, 0
    for t in tokens:
        if t in _SMALL:
            current += _SMALL[t]
        elif t in _TENS:
            current += _TENS[t]
        elif t == "hundred":
            current = max(current, 1) * 100
        else:
            total += max(current, 1) * _SCALES[t]
            current = 0
    return total + current


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


def _text_repl(m: re.Match) -> str:
    return f" {m.group(1).strip()}"  # words in it (units, "for any") are dropped below


def normalize(answer: str) -> str:
    """Clean an extracted answer for the tokenizer (see the module docstring)."""
    s = answer.replace("\\$", " ").replace("$", " ")
    s = s.replace("\\(", " ").replace("\\)", " ").replace("\\[", " ").replace("\\]", " ")
    s = s.replace("\u2212", "-").replace("\u00d7", "\\times ").replace("\u00b7", "\\cdot ")
    s = s.replace("\u00f7", "\\div ").replace("\u03c0", "\\pi ").replace("\u221e", "\\infty ")
    s = s.replace("\u221a", "\\sqrt ").replace("\u2264", "\\le ").replace("\u2265", "\\ge ")
    s = _SPACING.sub(" ", s)
    for _ in range(3):  # \text{\textbf{5}}: a few rounds, each linear
        s = _TEXT_CMD.sub(_text_repl, s)
    s = _THOUSANDS_BRACE.sub("", s)
    s = _THOUSANDS.sub(lambda m: m.group(0).replace(",", ""), s)
    s = _DEGREES.sub(" ", s)
    s = _PERCENT.sub("%", s)
    s = _replace_number_words(s)
    s = _WORDS.sub(lambda m: m.group(0) if m.group(0).split("^")[0].lower() in KEEP_WORDS else " ", s)
    s = s.strip().rstrip(".").strip()
    return s
