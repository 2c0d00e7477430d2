"""The extraction strategies, for `extract`: each finds the answer spans of one kind in an output (a marker's span,
boxed answers, markup, YAML, a unit slot, a program's output, a display formula, labelled parts, a last line, a
last formula, the last number), as (position, span, raw text around it) triples."""
from __future__ import annotations

import re
from fractions import Fraction

from judgesuite.judges.math.answer_markers import AUTO_MARKERS, LIGHTEVAL_MARKERS, marker_spans
from judgesuite.judges.math.answer_markup import (BARE_LABEL, CODE_LINE, FENCE, METHOD_SENTENCE, all_boxed,
                                                  json_arithmetic, markup_answers, program_output, signs_off,
                                                  unit_slot, value_first, yaml_answer)
from judgesuite.judges.math.hedges import ALTERNATIVES, BEFORE_BOXED_HEDGE
from judgesuite.judges.math.normalize import NO_SOLUTION
from judgesuite.judges.math.quantities import quantity
from judgesuite.judges.math.prose_numbers import (contradicted, enclosing_value, no_answer_number, number_in_words,
                                                  restates_given, unclear_number)
from judgesuite.judges.math.span_cleaning import PROSE, SPAN_CHARS, clean_span

NUMBER_TAIL = 5_000  # last-number and LaTeX-span searches read only this tail (a final answer sits at the end)

_MARKED = re.compile(r"[\u0335-\u0338\u00b2\u00b3\u00b9\u2070\u2074-\u2079]")  # a stroke or superscript after a digit
NUMBER = re.compile(r"-?\d{1,12}\.\d{0,12}\(\d{1,12}\)(?![\d.(])"  # a repeating decimal, 0.(3), is one number
                    r"|-?\d(?:[\d,]|\{,\}(?=\d)|['\u2019](?=\d{3}(?!\d)))*(?:\.\d+)?(?:[eE][-+]?\d+)?(?:\s*/\s*\d+)?"
                    r"(?:[ \t]+(?:hundred|thousand|million|billion)\b)?|-?\.\d+")
_SIMPLERL_NUMBER = re.compile(r"-?\d*\.?\d+")
# Math-Verify's LaTeX environments: inline `$...$` stays on one line and does not follow
# a digit; a span holding prose ("$10 bill so will receive $") is currency, not math.
_LATEX = re.compile(r"(?<!\\)\$\$([^$]{1,400}?)\$\$|(?<![\\\d])\$([^\n$]{1,400}?)\$"
                    r"|\\\(([^\n]{1,400}?)\\\)|\\\[(.{1,400}?)\\\]", re.DOTALL)
_BOLD = re.compile(r"\*\*([^*\n]{1,200})\*\*")
# two "**" that are powers: a name, digit or bracket right before the first and a digit or name right after the second
_POWERS = re.compile(r"[\w)\]}]\*\*[^*\n]{1,200}\*\*[\w(]", re.DOTALL)
# a display or inline formula that ends the output: "$$\nx = 5\n$$", "\\[ ... \\]", "\\( 5 \\)."
_DISPLAY_END = re.compile(r"(?:\$\$((?:\\\$|[^$]){1,400})\$\$|\\\[((?:(?!\\\]).){1,400})\\\]|\\\(([^\n]{1,200}?)\\\))"
                          r"[\s.!]*$", re.DOTALL)
# a copula between the two last inline formulas: "\\(36 - 9x^2\\) is \\((6 - 3x)(6 + 3x)\\)." (the second is the value)
_INLINE_COPULA = re.compile(r"\\\)[ \t]++(?:is(?:[ \t]++equal[ \t]++to)?|equals|are)[ \t]++\\\(")
_PART_LINE = re.compile(r"^\s*(?:\*\*)?\(?(?:[a-h]|i{1,3}|iv|vi{0,3})\)(?:\*\*)?[ \t:]*(\S.{0,80})$")
_FOREIGN = re.compile(r"[^\x00-\x7f\u00b0\u00b7\u00d7\u00f7\u03b8\u03c0\u2212\u221a\u221e\u2260\u2264\u2265"
                      r"\u20ac\u00a3]")
# "1和2" on the last line: a list (normalize reads it), not prose that gives its last number
_JOINER = re.compile(r"(?<=[\d)}])[ \t]*[\u548c\u53ca\u4e0e\u6216][ \t]*(?=[-\dA-Za-z(\\])")
# between two boxed answers that form one list: "\boxed{5}, \boxed{8}", "$x=\boxed{5}$ or $x = \boxed{8}$"
_BOX_GAP = re.compile(r"(?:[\s$,;.&]|\\[()\[\]]|\\q?quad\b|\\text\{[^{}]{0,30}\}|\b(?:and|or)\b"
                      r"|[A-Za-z](?:_\{?\w{1,3}\}?)? ?=)*", re.IGNORECASE)
_TEXT_WRAP = re.compile(r"\\(?:text|textbf|mathrm|mbox)\s*\{([^{}]*)\}")
# a numbered list's marker at a line's start, text after it ("3. 52 + 12 = 64.", "3) 64"): no value of the line's
LIST_MARKER = re.compile(r"(?<![ \t])[ \t]*+(?:\*\*)?\d{1,3}[.)](?:\*\*)?[ \t]++(?=\S)")
# an item of a numbered list of bare values: "2. 65", "**2.** $65$."
_BARE_ITEM = re.compile(r"[ \t]*+(?:\*\*)?(\d{1,3})[.)](?:\*\*)?[ \t]++\$?(-?\d[\d,]*+(?:\.\d++)?+)\$?"
                        r"[ \t]*+\.?[ \t]*+")


# a receipt's or form's closing label on a line of its own, in capitals, after a line with a value: no value itself
_CLOSING_LABEL = re.compile(r"(?:GRAND[ \t]++|SUB)?TOTAL|(?:AMOUNT|BALANCE)(?:[ \t]++DUE)?"
                            r"|END(?:[ \t]++OF[ \t]++RECEIPT)?")
_DIGIT = re.compile(r"\d")
# a last line of arithmetic and a verbal copula before its value: "60% of 30 is 18.", "21.6 ÷ 0.06 equals 36" (the
# value after the copula is the line's answer, as after "="; the left side holds no other word than "of")
_COPULA_LINE = re.compile(r"(?<![^\n])[ \t]*+((?:[-+*/^()%.,\d\u00d7\u00f7\u00b7\u2212 \t$]|of(?![A-Za-z]))++)"
                          r"(?<=[ \t])(?:is(?:[ \t]++equal[ \t]++to)?|equals)[ \t]++\$?(-?\d[\d,]*+(?:\.\d++)?+%?)"
                          r"[ \t]*+[.!]?[ \t]*+")


def bare_value_list(lines: list[str]) -> str | None:
    """The values of a numbered list of bare values that ends the output ("1. 64\n2. 65": "64, 65"; stop 58), its
    markers counting up, two items at least; None otherwise. A list of values is no single one of them, and
    never its last marker."""
    items = []
    for line in reversed(lines):
        m = _BARE_ITEM.fullmatch(line)
        if m is None:
            break
        items.append(m)
    items.reverse()
    marks = [int(m.group(1)) for m in items]
    if len(items) < 2 or any(a >= b for a, b in zip(marks, marks[1:])):
        return None
    return ", ".join(m.group(2) for m in items)


def _joined_boxes(text: str) -> list[tuple[int, str, None]]:
    """The boxed answers, the last ones joined into one list when only "and" / "or" / ","
    (or a label "x =") separates them; a repeated box counts once."""
    boxes = all_boxed(text)[-5:]
    if not boxes:
        return []
    out = [(p, s, None) for p, s in boxes]
    group = [boxes[-1]]
    for p, s in reversed(boxes[:-1]):
        end = text.find(s, p) + len(s) + 1
        if not _BOX_GAP.fullmatch(text[end:group[0][0]]):
            break
        group.insert(0, (p, s))
    contents = list(dict.fromkeys(s.strip() for _, s in group))
    one = _one_value(contents) if len(contents) > 1 else None
    if one is not None and BEFORE_BOXED_HEDGE.search(text[max(0, group[0][0] - 120):group[0][0]]):
        one = None  # "It is not \\boxed{6} and \\boxed{6.000}": hedged as its first box is
    if one is not None:  # "\\boxed{6} and \\boxed{6.000}": the exact value and its rounded decimal, one value
        out.append((group[-1][0] + 1, one, None))
    elif len(contents) > 1:
        out.append((group[-1][0] + 1, ", ".join(contents), None))
    return out


_PLAIN_NUMBER = re.compile(r"(-?)(?:(\d{1,12})(?:\.(\d{1,12}))?|\\d?frac\{(\d{1,12})\}\{(\d{1,12})\}"
                           r"|(\d{1,12})/(\d{1,12}))")


def _one_value(contents: list[str]) -> str | None:
    """The one exact value that boxed numbers all give, as its first box writes it: exact ones (integers,
    fractions) equal, each decimal with places its rounding to those places ("6" and "6.000"; "1/3" and "0.33",
    decided: the decimal rounded from the exact value restates it); None otherwise ("6" and "7", "0.33" and "0.333":
    no exact one)."""
    exact, decimals = [], []
    for c in contents:
        m = _PLAIN_NUMBER.fullmatch(c.replace(" ", ""))
        if m is None:
            return None
        sign = -1 if m.group(1) else 1
        if m.group(3) is not None:
            decimals.append((sign * Fraction(m.group(2) + "." + m.group(3)), len(m.group(3))))
            continue
        num, den = (m.group(2), "1") if m.group(2) else (m.group(4), m.group(5)) if m.group(4) else m.group(6, 7)
        if int(den) == 0:
            return None
        exact.append((c, sign * Fraction(int(num), int(den))))
    if not exact or any(v != exact[0][1] for _, v in exact):
        return None
    if any(abs(v - exact[0][1]) > Fraction(1, 2 * 10 ** k) for v, k in decimals):
        return None
    return exact[0][0]


def number_matches(text: str, pattern: re.Pattern = NUMBER) -> list[re.Match]:
    """The numbers of `text`, but not one negated ("¬3"), struck through ("3̶") or with a superscript ("3²")."""
    return [m for m in pattern.finditer(text) if not _MARKED.match(text, m.end())
            and text[m.start() - 1:m.start()] != "\u00ac" and not no_answer_number(text, m.start(), m.end())]


def numbers(text: str, pattern: re.Pattern = NUMBER) -> list[str]:
    """The texts of `number_matches`."""
    return [m.group() for m in number_matches(text, pattern)]


def strategy_spans(name: str, text: str) -> list[tuple[int, str, str]]:
    """The spans strategy `name` finds in `text`."""
    if name == "boxed":
        return [(p, s, None) for p, s in all_boxed(text)][-5:]  # raw None: a boxed span
    if name == "boxed_joined":
        return _joined_boxes(text)
    if name == "answer_markup":
        return [(p, clean_span(v), None) for p, v in markup_answers(text, NUMBER_TAIL)]
    if name == "yaml":
        found = yaml_answer(text, NUMBER_TAIL)
        return [(found[0], clean_span(found[1]), found[1])] if found else []
    if name == "unit_slot":  # the sentence up to the slot, so that a hedge or "5 or 6" in it is seen
        found = unit_slot(text)
        if not found:
            return []
        return [(found[0], found[1] if ALTERNATIVES.search(found[1]) else clean_span(found[1]), found[2])]
    if name == "program_output":
        found = program_output(text, NUMBER_TAIL)
        return [(found[0], clean_span(found[1]), None)] if found else []
    if name == "display":
        m = _DISPLAY_END.search(text[-SPAN_CHARS * 2:])
        if m is None:
            return []
        span = next(g for g in m.groups() if g is not None).strip()
        copula = list(_INLINE_COPULA.finditer(span))[-1:] if m.group(3) is not None else []
        if copula and "\\)" not in span[copula[0].end():]:  # "\\(a\\) is \\(b\\)": b (stop 60c)
            span = span[copula[0].end():].strip()
        return [(0, clean_span(span), span)] if span and not PROSE.search(span) else []
    if name == "parts":  # the last lines are labelled parts: "(a) 3" / "b) 1"
        lines = [ln for ln in text.strip().split("\n")[-8:] if ln.strip()]
        parts = []
        for ln in reversed(lines):
            m = _PART_LINE.match(ln)
            if m is None:
                break
            parts.append(clean_span(m.group(1).strip().strip("$")))
        return [(0, ", ".join(parts[::-1]), "")] if len(parts) >= 2 else []
    if name == "marker":  # not a method sentence; a value before its marker replaces the marker's span
        first = value_first(text)[-5:]
        return [f for f in marker_spans(text, AUTO_MARKERS) if not METHOD_SENTENCE.match(f[2])
                and not any(a <= f[0] < b for a, b, _, _ in first)] + [(a, clean_span(v), raw)
                                                                      for a, _, v, raw in first]
    if name == "lighteval_marker":
        return marker_spans(text, LIGHTEVAL_MARKERS)[::-1]
    if name == "latex_last":  # the last formula of the output's end, unless a number follows it
        tail = text[-SPAN_CHARS * 2:]
        ms = [m for m in _LATEX.finditer(tail) if not PROSE.search(next(g for g in m.groups() if g is not None))]
        if not ms or NUMBER.search(tail, ms[-1].end()):
            return []
        span = next(g for g in ms[-1].groups() if g is not None).strip()
        return [(0, span, span)] if span else []
    if name == "latex":
        spans = [next(g for g in m.groups() if g is not None) for m in _LATEX.finditer(text[-NUMBER_TAIL:])]
        return [(0, s, "") for s in spans[::-1] if not PROSE.search(s)][:5]
    if name == "bold":
        ms = [m for m in _BOLD.finditer(text) if not PROSE.search(m.group(1)) and not _POWERS.fullmatch(
            text[max(0, m.start() - 1):m.end() + 1])]  # "10**10**10", "a**2 + b**2" (stop 58): powers, not bold
        out = []
        for m in ms[-1:]:
            span = m.group(1)
            if span.rstrip().endswith(":") or text.startswith(":", m.end()):  # a bold label ("**Result**: 320")
                end = text.find("\n", m.end())
                value = text[m.end():end if end >= 0 else len(text)].lstrip(":")
                if not value.strip():
                    return []  # "**Conclusão:**" and its value on the lines below: no bold answer
                span = span.rstrip(":") + ": " + value
            out.append((m.start(), clean_span(span), span))
        return out
    if name == "last_line":  # a short line that is math, not prose (markup lines skipped; a copula's value, stop 60c)
        lines = [ln for ln in text.strip().split("\n") if ln.strip() and not FENCE.fullmatch(ln.strip())]
        if signs_off(lines):
            return []  # "Cheers,\nMike": a letter's sign-off, not a value
        while len(lines) > 1 and (BARE_LABEL.fullmatch(lines[-1].strip()) or (
                _CLOSING_LABEL.fullmatch(lines[-1].strip()) and _DIGIT.search(lines[-2]))):
            lines.pop()  # "30\n\nRewrite:", "Amount: 300\nTOTAL" (stop 60c): the label is no value
        row = lines[-1].strip().strip("|").split("|") if lines and lines[-1].lstrip()[:1] == "|" else []
        if len(row) >= 2 and row[-1].strip() and not re.fullmatch(r"[-: ]+", row[-1]):
            lines[-1] = row[-1].strip()  # a markdown table's last row ("| 4 | 250 minutes |"): its last cell
        if lines and lines[-1].startswith(">>> "):  # a printed value after an interpreter's prompt
            lines[-1] = lines[-1][4:]
        listed = bare_value_list(lines[-12:])
        if listed is not None:
            return [(0, listed, lines[-1])]
        marker = LIST_MARKER.match(lines[-1]) if lines else None
        if marker and ("=" in lines[-1] or len(lines) < 2 or not LIST_MARKER.match(lines[-2])):
            lines[-1] = lines[-1][marker.end():]  # not in a list: "3. 52 + 12 = 64." is 64
        copula = _COPULA_LINE.fullmatch(lines[-1]) if lines else None
        if copula and re.search(r"\d", copula.group(1)) and re.search(r"[-+*/^%\u00d7\u00f7\u00b7\u2212]|of",
                                                                      copula.group(1)):
            return [(0, copula.group(2), lines[-1])]  # "60% of 30 is 18.": 18 (stop 60c)
        if lines and quantity(lines[-1].strip()) is not None and _FOREIGN.search(lines[-1]):
            return [(0, lines[-1].strip(), lines[-1])]  # "0.4米": a quantity in a Chinese unit (stop 58)
        words = _TEXT_WRAP.sub(r"\1", lines[-1]).strip(" *$") if lines else ""
        if lines and len(lines[-1]) <= 80 and (NO_SOLUTION.fullmatch(words) or (
                not PROSE.search(lines[-1]) and not _FOREIGN.search(_JOINER.sub(",", lines[-1]))
                and not CODE_LINE.fullmatch(lines[-1].strip()))):  # "There is no solution.": the empty set
            return [(0, clean_span(lines[-1]), lines[-1])]
        return []
    if name == "number":  # not an alternative a value before it rejects ("60, not 50"); else a number in words
        tail = text[-NUMBER_TAIL:]
        nums, words = number_matches(tail), number_in_words(text[-SPAN_CHARS:])
        if restates_given(tail, nums):  # "4 days to save the remaining $8": 4
            nums = nums[:-1]
        if words or not nums or contradicted(tail, nums[-1].start(), nums[-1].end()):
            return [(0, words, "")] if words else []  # "5 (six apples)": no answer
        # a number inside a pair, a time or a JSON member's arithmetic ("(3, 4)", "5 min 30 s", '"n": 4 + 3') gives it
        at = nums[-1].start()
        whole = json_arithmetic(tail, at) or enclosing_value(tail, at)
        if whole is None and unclear_number(tail, at, nums[-1].end()):
            return []  # "4 + x", "3 cm by 4 cm", "3 apples and 4 pears": no value, nor an earlier number
        return [(0, whole or nums[-1].group().rstrip(","), "")]
    if name == "simplerl_number":
        nums = numbers(text[-NUMBER_TAIL:].replace(",", ""), _SIMPLERL_NUMBER)
        return [(0, nums[-1], "")] if nums else []
    raise ValueError(f"unknown strategy {name!r}")
