"""Where the final answer is in a model's output: three extraction configurations.

A configuration (Math-Verify style) is an `ExtractionConfig`: an ordered list of
strategy groups. `extract()` returns every answer span found, best first; the judge
uses the first span that parses.

- `simplerl` (SimpleRL-Zoo's `extract_answer`): the last `\\boxed{...}` (nested braces
  allowed), else the last number after removing commas.
- `lighteval` (Lighteval's order): "final answer is X" / "answer: X" lines, then the last
  `\\boxed{}`, then the last LaTeX span (`$...$`, `\\(...\\)`, `\\[...\\]`), then the last
  number. The first group that finds something wins.
- `auto` (ours): committed answers first: "Final answer:", "The answer is", "Answer:", "A:" / "####"
  lines, markdown "## Answer" headings and `**bold**` answers, `\\boxed{}`, a program's printed output (a
  "```output" block), `<answer>` / `<final_answer>` / `<result>` tags, a JSON object's `answer` /
  `final_answer` / `result` field and a key/value pair naming the answer ({"key": "answer", "value": 15}); a JSON
  value of arithmetic in numbers ('{"total": 4 + 3 * 4}', not valid JSON) is the whole, the last side of an `=`-chain.
  A label before the value ("Result: 320.00 emails", "**Total**: $15", "Out[1]: 42", "Total -> 15") is
  dropped; "24, not 20" / "100 (not 30)" / "42 rather than 24" commit to the first value, also as a last
  line or a last number (a lone "not 18" or "20, not 20" hedges; see prose_numbers); an output without a
  digit gives the number in words of its last sentence. LaTeX escaped twice (`\\\\frac`) is read as written
  once. Also committed: a value before a copied "<unit>" slot, a value before its marker ("20 is the final
  answer ..."), "the answer to <a question>? is: 55" and a correction ("Actually, it is 12"); a marker that
  opens a method sentence ("the answer is calculated by ...") or introduces a paragraph ("Here's the revised
  answer:\n<sentences>") is none, nor are "final answers" / "the final answer to <a target>"; a sign-off
  ("Cheers,\nMike") is no last line. An adverb after the marker ("is now 10"), a remark clause after the
  value ("142, and it is not a coincidence"), a quotation's ends, a trailing comma and an end-of-proof mark
  ("$\\square") are dropped; a prose span that starts with its value ("that 30 is the most ...") commits to
  it. Several committed answers: the LAST one counts (a model that corrects itself means its last
  statement), earlier ones only when the last does not parse. A committed span that negates ("not 81") or
  lists options ("one of: 34; 81") is non-committal too. Then the last markdown bold span, the last line
  when it is short math (not prose, data or code; a bare label line after it, "Rewrite:", is skipped), and
  the last number (not a negated "¬3", struck "3̶" or squared "3²" one, nor a step's label "Step 8:" or a rate's
  period "every 2 days"; the list of quantities of one unit joined by "and" that holds it: "3 cm and 4 cm"; none when
  it is a term of "4 + x", of dimensions "3 cm by 4 cm" or of "3 apples and 4 pears"), unless the output is cut off
  mid-formula (then there is no answer). A committed span that hedges ("5 or 6", "cannot be determined"),
  or an output without a committed answer whose ending hedges, is non-committal: the judge marks it
  incorrect (not unparseable).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from judgesuite.judges.math.answer_markup import (BARE_LABEL, CODE_LINE, FENCE, INTRO, LABEL, METHOD_SENTENCE,
                                                  PARAGRAPH, SLOT, all_boxed, json_arithmetic, last_boxed,
                                                  markup_answers, program_output, signs_off, strip_proof_end,
                                                  undouble_escapes, unit_slot, value_first, without_label,
                                                  without_remark, yaml_answer)
from judgesuite.judges.math.hedges import ALTERNATIVES, BEFORE_BOXED_HEDGE, CALLED_WRONG, HEDGES, NEGATED, SPAN_HEDGES
from judgesuite.judges.math.normalize import NO_SOLUTION, vulgar_fractions
from judgesuite.judges.math.prose_numbers import (bounded_number, contradicted, enclosing_value, joined_values,
                                                  no_answer_number, number_in_words, precision_count,
                                                  rejected_alternative, unclear_number, value_before_remark)

NUMBER_TAIL = 5_000  # last-number and LaTeX-span searches read only this tail (a final answer sits at the end)
SPAN_CHARS = 400

_MARKED = re.compile(r"[\u0335-\u0338\u00b2\u00b3\u00b9\u2070\u2074-\u2079]")  # a stroke or superscript after a digit
_NUMBER = re.compile(r"-?\d{1,12}\.\d{0,12}\(\d{1,12}\)(?![\d.(])"  # a repeating decimal, 0.(3), is one number
                     r"|-?\d(?:[\d,]|\{,\}(?=\d)|['\u2019](?=\d{3}(?!\d)))*(?:\.\d+)?(?:[eE][-+]?\d+)?(?:\s*/\s*\d+)?"
                     r"(?:[ \t]+(?:hundred|thousand|million|billion)\b)?|-?\.\d+")
_SIMPLERL_NUMBER = re.compile(r"-?\d*\.?\d+")
# Math-Verify's LaTeX environments: inline `$...$` stays on one line and does not follow
# a digit; a span holding prose ("$10 bill so will receive $") is currency, not math.
_LATEX = re.compile(r"(?<!\\)\$\$([^$]{1,400}?)\$\$|(?<![\\\d])\$([^\n$]{1,400}?)\$"
                    r"|\\\(([^\n]{1,400}?)\\\)|\\\[(.{1,400}?)\\\]", re.DOTALL)
_PROSE = re.compile(r"(?<![\\A-Za-z])(?<!operatorname\{)(?<!operatorname\*\{)(?!arg\s+m(?:ax|in)\b)"  # not arg max
                    r"[A-Za-z]{2,}\s+[A-Za-z]{2,}")
_BOLD = re.compile(r"\*\*([^*\n]{1,200})\*\*")
# (pattern, committed?) markers after which the answer span starts
_AUTO_MARKERS = re.compile(
    r"final[\s_]+answer(?![\"\w>])(?!\s+(?:to|and|or|must|can|could|that|with)\b)\s*(?:,\s*which\s+)?(?:is|:|=)?\s*:?"
    r"|(?:the|my|our)\s+(?:final\s+|correct\s+)?answer\s+(?:to\s+(?:[^?\n]{1,200}\?\s*|[^\n.?:]{1,100}?\s+))?"
    r"(?:is|would be|will be)(?![\w'\u2019])\s*:?"
    r"|(?:(?<=[.!?]\s)|(?m:^))(?:actually|wait|no|sorry|correction)[,!:]?\s+(?:it|that)\s*"
    r"(?:is|'s|should be|must be)\s*:?"
    r"|\banswers?(?:\*\*)?\s*(?:is\s*)?:|(?m:^[ \t]*A[ \t]*:)|####|(?m:^#+\s*(?:final\s+)?answers?\s*:?\s*$)"
    r"|\b(?:the\s+)?(?:answers|solutions|roots)\s+are\s*:?"
    r"|\br[ée]ponse(?:\s+finale)?\s*(?::|est\b)|\brespuesta(?:\s+final)?\s*(?::|es\b)"
    r"|\b(?:die\s+)?antwort(?:\s+ist|\s+lautet|\s*:|\s+(?=-?\d))"
    r"|答案(?:是|为|為|:|：)|答え(?:は|:|：)|(?m:^[ \t]*答[ \t]*[:：])|정답(?:은|는|[ \t]*[:：])"
    r"|(?m:^[ \t]*Ответ[ \t]*:)",
    re.IGNORECASE)
_LIGHTEVAL_MARKERS = re.compile(r"final\s+answer\s+is\s*:?|\banswer\s*:", re.IGNORECASE)
_SENTENCE_END = re.compile(r"\.(?=\s|$)(?!\d)|\n|[。，！]|\bI hope\b|\bbecause\b|\bsince\b|\bwhich\b",
                           re.IGNORECASE)


# a display or inline formula that ends the output: "$$\nx = 5\n$$", "\\[ ... \\]", "\\( 5 \\)."
_DISPLAY_END = re.compile(r"(?:\$\$((?:\\\$|[^$]){1,400})\$\$|\\\[((?:(?!\\\]).){1,400})\\\]|\\\(([^\n]{1,200}?)\\\))"
                          r"[\s.!]*$", re.DOTALL)
_PART_LINE = re.compile(r"^\s*(?:\*\*)?\(?(?:[a-h]|i{1,3}|iv|vi{0,3})\)(?:\*\*)?[ \t:]*(\S.{0,80})$")
_FOREIGN = re.compile(r"[^\x00-\x7f\u00b0\u00b7\u00d7\u00f7\u03b8\u03c0\u2212\u221a\u221e\u2264\u2265\u20ac\u00a3]")
_AND_VALUE = re.compile(r"[ \t]*+(?:and|or|und|et|oder|ou)[ \t]++[-+]?[ \t]*+[\d(\\]", re.IGNORECASE)
# "1和2" on the last line: a list (normalize reads it), not prose that gives its last number
_JOINER = re.compile(r"(?<=[\d)}])[ \t]*[\u548c\u53ca\u4e0e\u6216][ \t]*(?=[-\dA-Za-z(\\])")
# between two boxed answers that form one list: "\boxed{5}, \boxed{8}", "$x=\boxed{5}$ or $x = \boxed{8}$"
_BOX_GAP = re.compile(r"(?:[\s$,;.&]|\\[()\[\]]|\\q?quad\b|\\text\{[^{}]{0,30}\}|\b(?:and|or)\b"
                      r"|[A-Za-z](?:_\{?\w{1,3}\}?)? ?=)*", re.IGNORECASE)
_CURRENCY = re.compile(r"(?<!\$)\$ ?(?=\d)|(?<=\d) ?\$(?!\$)")
_INLINE_OR_NUMBER = re.compile(r"\$([^$\n]{1,200})\$|-?\d[\d,]*(?:\.\d+)?")
_TEXT_WRAP = re.compile(r"\\(?:text|textbf|mathrm|mbox)\s*\{([^{}]*)\}")
_ONE_INLINE = re.compile(r"(?<![$\\])\$([^$\n]{1,400})\$(?!\$)")


@dataclass(frozen=True)
class ExtractionConfig:
    """An extraction configuration: strategy groups tried in order."""

    name: str
    groups: tuple[tuple[str, ...], ...]
    last_committed_wins: bool = False  # order committed spans by position, last first
    fallback_numbers: bool = False  # also try the last number inside a span that does not parse
    detect_noncommittal: bool = False
    fall_through: bool = False  # keep the spans of later groups as fallbacks (Math-Verify's first parseable match)


SIMPLERL = ExtractionConfig("simplerl", (("boxed",), ("simplerl_number",)))
LIGHTEVAL = ExtractionConfig("lighteval", (("lighteval_marker",), ("boxed",), ("latex",), ("number",)),
                             fall_through=True)
AUTO = ExtractionConfig("auto", (("marker", "boxed_joined", "program_output", "answer_markup", "yaml", "unit_slot"),
                                 ("bold",), ("display",), ("parts", "last_line"), ("latex_last",), ("number",)),
                        last_committed_wins=True, fallback_numbers=True, detect_noncommittal=True)
CONFIGS = {c.name: c for c in (SIMPLERL, LIGHTEVAL, AUTO)}


@dataclass
class Extraction:
    """Answer spans, best first; `noncommittal` when the answer hedges."""

    spans: list[str] = field(default_factory=list)
    noncommittal: bool = False
    method: str = ""
    alternatives: bool = False  # non-committal only because it lists alternatives ("5 or 8")


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
    if len(contents) > 1:
        out.append((group[-1][0] + 1, ", ".join(contents), None))
    return out


def looks_truncated(text: str) -> bool:
    """An output cut off mid-formula: ends with an operator or an open bracket, or its last
    line has an unclosed `$` or `{`."""
    tail = text.rstrip()
    last = tail.rsplit("\n", 1)[-1]
    bold = last.split("**")[-2] if last.count("**") >= 2 else ""
    if tail.endswith("**") and last.count("**") % 2 == 0 and (re.search(r"\d", bold.rsplit(":", 1)[-1])
                                                              or NO_SOLUTION.fullmatch(bold.strip())):
        tail = tail[:-2]  # "**Total: 42**": emphasis, not a power cut off ("**Step 5: Proof**", a heading, is)
    if not tail or tail[-1] in "+-*/=({[\\^_,":
        return True
    line = tail.rsplit("\n", 1)[-1].replace("\\$", "")
    if line.count("$") % 2 == 1:  # an unclosed formula, unless the odd `$` is a currency sign
        line = _CURRENCY.sub("", line)
    return line.count("$") % 2 == 1 or line.count("{") > line.count("}")


# a prose span that starts with its value: "30 is the most ...", "that 30 days ..."
# (also a formula before a clause: "$10$, and the process of using 15 spoons ...")
_LEAD_VALUE = re.compile(r"\A(?:that\s+)?(?:(-?\d(?:[\d,]*\d)?(?:\.\d+)?)(?=\s+(?!(?:times|plus|minus|divided|"
                         r"multiplied|over|x|of|out)\b)[A-Za-z])|\$([^$\n]{1,40})\$(?=,\s+(?:and|but|so)\s))",
                         re.IGNORECASE)
_STRAY_MARK = re.compile(r"(\d)([*_])[\s.]*$")
_QUOTES = '"\u201c\u201d'
# an adverb between the marker and the value: "the answer is now 10", "is actually $5"
_LEAD_ADVERB = re.compile(r"^(?:now|actually|indeed|simply|still|just|exactly|clearly|really|then|thus|therefore|"
                          r"definitely|certainly|obviously|precisely|surely|undoubtedly)"
                          r"\s+(?=[-$\\\d(])", re.IGNORECASE)


# "18.</answer>": the end of a tag around the statement (not a struck "<del>3</del>")
_CLOSING_TAG = re.compile(r"</(?:final_?answer|answer|result|solution|response|output)>", re.IGNORECASE)
_SAME_SIDES = re.compile(r"([^\s=]{1,40}+)\s++(?:is|=|equals)\s++([^\s=]{1,40}+)")
_BULLET = re.compile(r"\A[-\u2022]\s+(?=[A-Za-z*])")  # "- Total: $15": a list item, not a minus sign


def _currency_pair(between: str) -> bool:
    """Whether the text between the dollar signs of "$3 and $4" (a digit after) is a currency pair, not a formula: a
    digit first, a space last, no dollar sign inside (a test, not a regex that a search would backtrack on)."""
    return bool(between) and between[0].isdecimal() and between[-1].isspace() and "$" not in between


def _clean_span(span: str) -> str:
    span = _BULLET.sub("", SLOT.sub("", _CLOSING_TAG.sub(" ", span).strip()))
    span = LABEL.sub("", span, count=1) if span[:2] in ("=>", "->") else span  # "=> 42": an arrow, not "> 42"
    span = span.lstrip("*_:#= ").strip()
    quoted = sum(span.count(q) for q in _QUOTES) <= 2  # a quoted sentence ("The answer is 64."), not JSON
    span = span.lstrip(_QUOTES if quoted else "").strip()
    lone = [i for i, c in enumerate(span) if c in _QUOTES]
    if quoted and len(lone) == 1:  # one end of a quotation: 'print("The answer is 6")', 'a line "Answer: 6'
        i = lone[0]
        span = (span[:i] if i and not span[i - 1].isspace() else span[i + 1:]).strip()
    span = _LEAD_ADVERB.sub("", span, count=1)
    span = without_label(span)
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
    head, *rest = _SENTENCE_END.split(span, 1)
    if rest and rest[0] and len(span) <= SPAN_CHARS and SPAN_HEDGES.search(head) and re.search(r"\d", rest[0]):
        return _clean_span(rest[0])  # "It's not 20. It's 24.": the sentence that corrects a negated one
    if rejected_alternative(head):  # "100, and not 30": whole, for `extract` to keep the first value
        return head.strip()
    if _PROSE.search(re.sub(r"\$[^$]*\$", " ", head)):  # "The largest $n$ is 34": the last formula or number
        lead = _LEAD_VALUE.match(head)
        if lead:  # "that 30 is the most that fits in 6 periods": the value it starts with ("3 cm and 4 cm": all)
            if lead.group(1) and unclear_number(head, lead.start(1), lead.end(1)):
                return head.strip()  # "3 cm by 4 cm", "3 apples and 4 pears": no answer
            return lead.group(2) or joined_values(head, lead.start(1)) or lead.group(1)
        before_remark = value_before_remark(head)
        if before_remark:  # "The total is 12 (3 × 4).": 12
            return before_remark
        found = [f for f in _INLINE_OR_NUMBER.finditer(head)
                 if not (precision_count(head, f.end()) or bounded_number(head, f.start()))]
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
    cut = _SENTENCE_END.search(span)
    if cut:  # "x = 5 (since 2x = 10)": the bracket the reason opens goes with it
        span = span[:cut.start()]
        span = span.rstrip()[:-1] if span.rstrip().endswith("(") and span.count("(") > span.count(")") else span
    span = span.strip().rstrip("*_.,;" + (_QUOTES if quoted else "")).strip()
    return same[1] if (same := _SAME_SIDES.fullmatch(span)) and same[1] == same[2] else span  # "9 is 9"


def _marker_spans(text: str, pattern: re.Pattern, last: int = 5) -> list[tuple[int, str, str]]:
    """Spans after the last `last` marker matches: the rest of the marker's line, or the
    next non-empty line when the marker ends its line ("## Final Answer\n\n5")."""
    out = []
    n = len(text)
    for m in list(pattern.finditer(text))[-last:]:
        i = m.end()
        while i < n and text[i] in " \t*_:":
            i += 1
        if text.startswith(("|\n", ">\n"), i):  # "answer: |\n  42": a YAML block's first line
            i += 1
        if i < n and text[i] == "\n":
            intro = INTRO.search(text, max(0, m.start() - 40), m.start())  # "Here's the revised answer:\n"
            while i < n and text[i] in " \t\n":
                i += 1
            if intro and PARAGRAPH.match(text, i):  # a paragraph of sentences after it: no value
                continue
        fenced = text.startswith("```", i) and "\n" in text[m.start():i]
        if fenced:  # "Answer:\n```\n18\n```": the fenced block's first line, not code
            i = text.find("\n", i) + 1 or n
        end = text.find("\n", i)
        line = text[i:end if end >= 0 else n]
        if "\n" in text[m.start():i] and (CODE_LINE.fullmatch(line.strip()) or fenced and line.startswith("#")):
            continue  # a line of code or a comment after the marker's line ("# Print the final answer\nprint(x)")
        if line.strip():
            span, whole = _clean_span(line), text[text.rfind("\n", 0, m.start()) + 1:end if end >= 0 else n]
            stray = _STRAY_MARK.search(line)  # "Final answer: 3_": a lone mark, no emphasis, stays (unreadable)
            if stray and whole.count(stray.group(2)) == 1 and span.endswith(stray.group(1)):
                span += stray.group(2)
            out.append((m.start(), span, line))
    return out


def _number_matches(text: str, pattern: re.Pattern = _NUMBER) -> list[re.Match]:
    """The numbers of `text`, but not one negated ("¬3"), struck through ("3̶") or with a superscript ("3²")."""
    return [m for m in pattern.finditer(text) if not _MARKED.match(text, m.end())
            and text[m.start() - 1:m.start()] != "\u00ac" and not no_answer_number(text, m.start(), m.end())]


def _numbers(text: str, pattern: re.Pattern = _NUMBER) -> list[str]:
    return [m.group() for m in _number_matches(text, pattern)]


def extract(text: str, config: ExtractionConfig = AUTO) -> Extraction:
    """Find the answer spans of `text` under `config` (see the module docstring)."""
    result = Extraction()
    if config.detect_noncommittal:
        text = vulgar_fractions(strip_proof_end(undouble_escapes(text)))  # "3½ miles": 3.5, never 3
    for group in config.groups:
        found: list[tuple[int, str, str]] = []  # (position, span, raw text around it)
        for strategy in group:
            found += _strategy(strategy, text)
        if not found:
            continue
        if config.detect_noncommittal and group != config.groups[0] and looks_truncated(text):
            break  # no committed answer and the output stops mid-formula: nothing to extract
        if config.last_committed_wins:
            found.sort(key=lambda f: -f[0])
        spans = [s for _, s, _ in found if s.strip()]
        if not spans:
            continue
        kept = rejected_alternative(found[0][1]) if config.detect_noncommittal else None
        if kept is not None:  # "24, not 20": the committed value; its rejected alternative is no hedge
            pos, _, raw = found[0]
            found[0] = (pos, kept, (raw or "").replace(found[0][1].strip(), kept))
            spans = [kept] + spans[1:]
        if config.detect_noncommittal and group == config.groups[0]:
            raw = found[0][2] or ""
            before = text[max(0, found[0][0] - 120):found[0][0]]
            head = without_remark(_SENTENCE_END.split(raw, 1)[0])  # the committed sentence, before any prose cut
            hedged = (HEDGES.search(raw) or SPAN_HEDGES.search(found[0][1]) or SPAN_HEDGES.search(head)
                      or (found[0][2] is None and BEFORE_BOXED_HEDGE.search(before)))
            if hedged or ALTERNATIVES.search(found[0][1]):
                return Extraction([found[0][1]], noncommittal=True, method="+".join(group),
                                  alternatives=not hedged)
        if config.fallback_numbers and group == config.groups[0]:
            spans += [n.rstrip(",") for s in spans[:1] for n in _numbers(s)[-1:] if n != s]
        if result.method:
            result.spans += spans
            continue
        result = Extraction(spans, method="+".join(group))
        if not config.fall_through:
            break
    if config.detect_noncommittal and result.method in ("", "bold", "display", "parts+last_line", "latex_last",
                                                        "number"):
        if HEDGES.search(text[-SPAN_CHARS:]):
            return Extraction(result.spans, noncommittal=True, method="hedge")
        at = text.rfind(result.spans[0]) if result.spans else -1
        if result.method != "" and (SPAN_HEDGES.match(result.spans[0]) or (
                result.method == "number" and at >= 0 and (NEGATED.search(text[max(0, at - 20):at])
                                                            or CALLED_WRONG.match(text, at + len(result.spans[0]))))):
            return Extraction(result.spans, noncommittal=True, method="negated")  # "Total: not 15", "It is not 42."
    return result


def _strategy(name: str, text: str) -> list[tuple[int, str, str]]:
    if name == "boxed":
        return [(p, s, None) for p, s in all_boxed(text)][-5:]  # raw None: a boxed span
    if name == "boxed_joined":
        return _joined_boxes(text)
    if name == "answer_markup":
        return [(p, _clean_span(v), None) for p, v in markup_answers(text, NUMBER_TAIL)]
    if name == "yaml":
        found = yaml_answer(text, NUMBER_TAIL)
        return [(found[0], _clean_span(found[1]), found[1])] if found else []
    if name == "unit_slot":  # the sentence up to the slot, so that a hedge or "5 or 6" in it is seen
        found = unit_slot(text)
        if not found:
            return []
        return [(found[0], found[1] if ALTERNATIVES.search(found[1]) else _clean_span(found[1]), found[2])]
    if name == "program_output":
        found = program_output(text, NUMBER_TAIL)
        return [(found[0], _clean_span(found[1]), None)] if found else []
    if name == "display":
        m = _DISPLAY_END.search(text[-SPAN_CHARS * 2:])
        if m is None:
            return []
        span = next(g for g in m.groups() if g is not None).strip()
        return [(0, _clean_span(span), span)] if span and not _PROSE.search(span) else []
    if name == "parts":  # the last lines are labelled parts: "(a) 3" / "b) 1"
        lines = [ln for ln in text.strip().split("\n")[-8:] if ln.strip()]
        parts = []
        for ln in reversed(lines):
            m = _PART_LINE.match(ln)
            if m is None:
                break
            parts.append(_clean_span(m.group(1).strip().strip("$")))
        return [(0, ", ".join(parts[::-1]), "")] if len(parts) >= 2 else []
    if name == "marker":  # not a method sentence; a value before its marker replaces the marker's span
        first = value_first(text)[-5:]
        return [f for f in _marker_spans(text, _AUTO_MARKERS) if not METHOD_SENTENCE.match(f[2])
                and not any(a <= f[0] < b for a, b, _, _ in first)] + [(a, _clean_span(v), raw)
                                                                      for a, _, v, raw in first]
    if name == "lighteval_marker":
        return _marker_spans(text, _LIGHTEVAL_MARKERS)[::-1]
    if name == "latex_last":  # the last formula of the output's end, unless a number follows it
        tail = text[-SPAN_CHARS * 2:]
        ms = [m for m in _LATEX.finditer(tail) if not _PROSE.search(next(g for g in m.groups() if g is not None))]
        if not ms or _NUMBER.search(tail, ms[-1].end()):
            return []
        span = next(g for g in ms[-1].groups() if g is not None).strip()
        return [(0, span, span)] if span else []
    if name == "latex":
        spans = [next(g for g in m.groups() if g is not None) for m in _LATEX.finditer(text[-NUMBER_TAIL:])]
        return [(0, s, "") for s in spans[::-1] if not _PROSE.search(s)][:5]
    if name == "bold":
        ms = [m for m in _BOLD.finditer(text) if not _PROSE.search(m.group(1))
              and not (text[m.start() - 1:m.start()].isdigit() and text[m.end():m.end() + 1].isdigit())]  # 10**10**10
        out = []
        for m in ms[-1:]:
            span = m.group(1)
            if span.rstrip().endswith(":") or text.startswith(":", m.end()):  # a bold label ("**Result**: 320")
                end = text.find("\n", m.end())
                value = text[m.end():end if end >= 0 else len(text)].lstrip(":")
                if not value.strip():
                    return []  # "**Conclusão:**" and its value on the lines below: no bold answer
                span = span.rstrip(":") + ": " + value
            out.append((m.start(), _clean_span(span), span))
        return out
    if name == "last_line":  # a short line that is math, not prose (markup lines skipped)
        lines = [ln for ln in text.strip().split("\n") if ln.strip() and not FENCE.fullmatch(ln.strip())]
        if signs_off(lines):
            return []  # "Cheers,\nMike": a letter's sign-off, not a value
        while len(lines) > 1 and BARE_LABEL.fullmatch(lines[-1].strip()):  # "30\n\nRewrite:": the label is no value
            lines.pop()
        row = lines[-1].strip().strip("|").split("|") if lines and lines[-1].lstrip()[:1] == "|" else []
        if len(row) >= 2 and row[-1].strip() and not re.fullmatch(r"[-: ]+", row[-1]):
            lines[-1] = row[-1].strip()  # a markdown table's last row ("| 4 | 250 minutes |"): its last cell
        if lines and lines[-1].startswith(">>> "):  # a printed value after an interpreter's prompt
            lines[-1] = lines[-1][4:]
        words = _TEXT_WRAP.sub(r"\1", lines[-1]).strip(" *$") if lines else ""
        if lines and len(lines[-1]) <= 80 and (NO_SOLUTION.fullmatch(words) or (
                not _PROSE.search(lines[-1]) and not _FOREIGN.search(_JOINER.sub(",", lines[-1]))
                and not CODE_LINE.fullmatch(lines[-1].strip()))):  # "There is no solution.": the empty set
            return [(0, _clean_span(lines[-1]), lines[-1])]
        return []
    if name == "number":  # not an alternative a value before it rejects ("60, not 50"); else a number in words
        tail = text[-NUMBER_TAIL:]
        nums, words = _number_matches(tail), number_in_words(text[-SPAN_CHARS:])
        if words or not nums or contradicted(tail, nums[-1].start(), nums[-1].end()):
            return [(0, words, "")] if words else []  # "5 (six apples)": no answer
        # a number inside a pair, a time or a JSON member's arithmetic ("(3, 4)", "5 min 30 s", '"n": 4 + 3') gives it
        at = nums[-1].start()
        whole = json_arithmetic(tail, at) or enclosing_value(tail, at)
        if whole is None and unclear_number(tail, at, nums[-1].end()):
            return []  # "4 + x", "3 cm by 4 cm", "3 apples and 4 pears": no value, nor an earlier number
        return [(0, whole or nums[-1].group().rstrip(","), "")]
    if name == "simplerl_number":
        nums = _numbers(text[-NUMBER_TAIL:].replace(",", ""), _SIMPLERL_NUMBER)
        return [(0, nums[-1], "")] if nums else []
    raise ValueError(f"unknown strategy {name!r}")
