"""Where the final answer is in a model's output: three extraction configurations.

A configuration (Math-Verify style) is an `ExtractionConfig`: an ordered list of
strategy groups. `extract()` returns every answer span found, best first; the judge
uses the first span that parses. The strategies are in `strategies`, the answer markers in `answer_markers`, the
cleaning of a span to its value in `span_cleaning`.

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
  mid-formula (then there is no answer). A committed span that hedges ("5 or 6", "42 oder 43", "cannot be
  determined"; a modal word in its sentence: "Maybe the answer is 12", "42, I think"; called an estimate before a
  recomputation), or an output without a committed answer whose ending hedges (also a modal word, alternatives or a
  negation around its last number), is non-committal: the judge marks it incorrect (not unparseable).
Stop 56: "42 or so", a short doubt in the sentence after the answer's ("The answer is 12. I think."), a value called
wrong in other languages ("13 долларов — это неверно") are non-committal; a negated participle before the clause's
verb ("while not exceeding the limit is 83") negates no answer; an output cut off in a loop that states nothing, or
inside a program that verifies a stated result, is read before it (`endings`); boxed values "..., respectively"
are marked (`Extraction.respectively`: no verdict against one gold value); with the question, the last number's
sentence gives the number of the unit it asks for (`asked_unit`: "how many gallons" -> "15 gallons ... in 30 days").
Stop 57: a value called the wrong answer (`hedges.wrong_answer_before` / `wrong_answer_after`), a "how many" question's
own statement echoed (`asked_unit.echoes_question`) and two clock times joined by "and" (`clock_times.joined_times`)
give no answer; with the question, a committed line of several numbers gives the one of the asked unit (English, or a
Russian "сколько <noun>": "Ответ: 2 бутылки стоят 13 долларов" -> 13); a last line whose inline formulas are all
numbers is read as prose ("The opposite of the number \\(-7\\) is \\(7\\)." -> 7; "\\(3\\) or \\(4\\)" hedges); a
negation before a last formula ("It is not \\(4\\).") gives no answer, as before a last number.
After math round 14: a list marker at the last line's start ("3. 52 + 12 = 64.") is no value, the line's is (not in a
list of bare values); a value called correct before a wrong-answer phrase names it ("The correct GCF ... is 12. The
wrong result it gives is 12") is still said (`hedges.called_correct`); boxes of one exact value and its rounded
decimals ("\\boxed{6} and \\boxed{6.000}", "1/3" and "0.33") are that exact value; a power in words between two
numbers ("7 raised to the power of 3") is that power, never its exponent (`written_operators.POWER_WORDS`).
After math round 15 (`clause_values`): "There are 12 <things> that sum to 240." is 12; "x = 4.875 when y = 13" is
4.875; a committed pair "(7.4, 740.0)" of a stated value and its percentage is 7.4; a value and another number "as a
percentage" ("5/12 degrees, and 135 degrees as a percentage") commit to neither.
Stop 59: "There are 12 or 13 <things> that ..." commits to no count; a value restated as its percentage ("0.074, i.e.
7.4%", "0.25, or 25%") is that percentage, no alternative, and a last number keeps its percent sign (`clause_values`);
digits of other scripts ("١٢", "１２") are ASCII digits (`script_digits`); a program's output that reports an error is not
read, and the last number is never one of a program's source (`answer_markup.without_error_output`, `without_source`:
"print(3*4)" gives no 4, its comments are read; a reply whose only numbers are a program's source commits to no value);
a correction right after a committed value is the value it corrects to ("12 ... no wait, 13": 13; "12... wait, let me
recheck" commits to nothing), a value called no solution ("x = 12 is not a solution"), followed by a failed check ("Hmm,
that doesn't match.") or given for one case with another "otherwise" ("12 if we ignore friction, otherwise 13") commits
to nothing (`hedges`); a last sentence that states the task ("We need to find how many ... if he started with 12.")
gives no answer; a last number inside a ratio gives the ratio ("3:4", `prose_numbers.enclosing_value`); a last number
"below zero" is negative ("12 degrees below zero": -12, `clause_values.below_zero`).
After math round 16: a value with its tolerance ("158, between 157 and 159", "158 ± 1") is that value
(`tolerances.tolerance_value`); a value a formula, cell or program is said to display or return commits over the
formula restated after it (`answer_markup.shown_value`); a reply cut off while it restates its last equation's side
("... = 29 \\]\n\nThe value of \\(j +") gives that side's value (`cut_endings`).
Stop 60 (`reply_frames`): a bare ascending range in a sentence ("The answer is 10-12.", "10-12 minutes") commits to no
value, also on a last line with words ("pages 10-12"; a line or box of bare math, "3-4", stays a subtraction); a value
attributed to another source ("The textbook says 13", "The reference answer: 13"), a JSON answer marked
'"correct": false' and a box with text glued after it ("\\boxed{12}3") commit to nothing; a Python dict's 'answer'
key is read like JSON's; a trailing "after / for / in <N> <words>" phrase after a stated value ("$12 after 3 years")
gives the stated value; "5 dozen eggs" commits to no count; row-count footers ("(1 row)") and footnote marks
("[^2]") are no numbers, thin-space digit groups ("1 200") one number, a bracketed conversion ("1.2 km (= 1,200
m)") a restatement of the value before it; a conclusion word before an equation ("Therefore x = 12") goes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from judgesuite.judges.math.asked_unit import echoes_question
from judgesuite.judges.math.clause_values import (below_zero, conditioned_span, percent_restated, percentage_conflict,
                                                  percentage_pair, with_percent)
from judgesuite.judges.math.clock_times import joined_times
from judgesuite.judges.math.corrections import (boxed_tables, csv_answer, for_count, lead_before_clause, rejections,
                                                superseded, table_answer, without_timings)
from judgesuite.judges.math.cut_endings import before_cut_ending, cut_doubt
from judgesuite.judges.math.answer_markup import (shown_value, strip_proof_end, undouble_escapes,
                                                  without_error_output, without_remark, without_source)
from judgesuite.judges.math.endings import before_loop, before_open_check, before_open_program, ends_in_label
from judgesuite.judges.math.hedges import (ALTERNATIVES, BEFORE_BOXED_HEDGE, CALLED_WRONG, ESTIMATE_REDONE,
                                          FAILS_CHECK, HEDGES, MODAL, NEGATED, OTHERWISE, SELF_CORRECTED, SPAN_HEDGES,
                                          WRONG, wrong_answer_after, wrong_answer_before)
from judgesuite.judges.math.normalize import NO_SOLUTION, vulgar_fractions
from judgesuite.judges.math.prose_numbers import rejected_alternative
from judgesuite.judges.math.repeating_ellipsis import repeating_ellipsis
from judgesuite.judges.math.reply_frames import (attributed, bare_range, glued_box, marked_incorrect, multiplied_count,
                                                 range_at, without_frames)
from judgesuite.judges.math.script_digits import ascii_digits
from judgesuite.judges.math.sentence_values import (asked_in_span, asked_number, clause_value, converted, line_at,
                                                    sentence_at, sentence_bounds)
from judgesuite.judges.math.span_cleaning import SENTENCE_END, SPAN_CHARS
from judgesuite.judges.math.strategies import NUMBER_TAIL, numbers, strategy_spans
from judgesuite.judges.math.tolerances import tolerance_value

__all__ = ["AUTO", "CONFIGS", "LIGHTEVAL", "NUMBER_TAIL", "SIMPLERL", "SPAN_CHARS", "Extraction", "ExtractionConfig",
           "extract", "looks_truncated"]

_CURRENCY = re.compile(r"(?<!\$)\$ ?(?=\d)|(?<=\d) ?\$(?!\$)")


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
    respectively: bool = False  # boxed values of several quantities "..., respectively": which one is asked?


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


# a negation in the clause before a last number: "The train does not arrive at 3", "He won't need 4 more"
_CLAUSE_NEGATION = re.compile(r"(?:\b(?:not|never|δεν|όχι)\b|n't\b)[^,;:.!?\n]*+\Z", re.IGNORECASE)
# ... unless it negates a participle before the clause's verb ("the largest number of boxes ... while not exceeding
# the limit is 83"), no negation after it
_NOT_PARTICIPLE = re.compile(r"not[ \t]+[a-z]+ing\b(?:(?!\b(?:not|never)\b|n't\b)[^,;:.!?\n])*?"
                             r"\b(?:is|are|was|were|equals?)[ \t]+(?:(?:indeed|exactly|now|still|just)[ \t]+)?[$]?\Z",
                             re.IGNORECASE)
_NO_BEFORE = re.compile(r"(?<![^\W\d_])no[ \t]++\Z", re.IGNORECASE)  # "no 3 of them alike": a negated count
_INLINE_NUMBER = re.compile(r"\\\([ \t]*+([-\u2212]?\d[\d,]*+(?:\.\d++)?+)[ \t]*+\\\)")  # "\\(-7\\)"
_INLINE_OTHER = re.compile(r"\\\((?![ \t]*+[-\u2212]?\d[\d,]*+(?:\.\d++)?+[ \t]*+\\\))")
_RESPECTIVELY = re.compile(r"\brespectively\b", re.IGNORECASE)
# the sentence after the answer's, short and without a digit, doubts it: "The answer is 12. I think.", "Not sure."
_DOUBT_AFTER = re.compile(r"[ \t]{0,8}+[.!]?+[ \t]{0,8}+\n?+[ \t]{0,8}+(?:\([ \t]{0,3}+)?+([^\d.!?\n)]{1,60}+)"
                          r"(?:[.!?)\n]|\Z)")


def _doubted_after(text: str, end: int) -> bool:
    """Whether the sentence after the one that holds position `end` is a short doubt of it (a modal word, a hedge,
    "wrong", "or not")."""
    at = sentence_bounds(text, end, end)[1]
    if at >= len(text) or "\n\n" in text[at:at + 3]:
        return False  # no next sentence, or a new paragraph
    m = _DOUBT_AFTER.match(text, at + (text[at] in ".!?\n\u3002"))
    if m is None or len(m.group(1).split()) > 6:
        return False
    return bool(MODAL.search(m.group(1)) or HEDGES.search(m.group(1)) or WRONG.search(" is " + m.group(1).strip())
                or FAILS_CHECK.search(m.group(1))
                or re.fullmatch(r"\W*(?:or not|not really|not quite|no|wait)\W*", m.group(1), re.IGNORECASE))


_LEAD_VALUE = re.compile(r"(?<![ \t])[ \t]*+(?:\$[ \t]*+)?-?\d[\d,]*+(?:\.\d++)?+")


def _self_corrected(raw: str | None) -> str | None:
    """The value a committed line corrects its first value to ("12 ... no wait, 13": "13"); "" where it doubts it
    without a new value ("12... wait, let me recheck"); None where it does neither (`hedges.SELF_CORRECTED`)."""
    lead = _LEAD_VALUE.match(raw or "")
    m = SELF_CORRECTED.match(raw, lead.end()) if lead else None
    if m is None:
        return None
    return m.group(1).rstrip(",") if m.group(1) else ""


# a last sentence that states the task, not a result: "We need to find how many apples Tom has if he started with
# 12.", "Let's find ...", "We are asked for ..." (its number is a given); not one that gives a value ("=", "is 12")
_TASK_STATEMENT = re.compile(r"(?<![ \t*#>-])[ \t*#>-]*+(?:(?:so|now|first|next|then),?[ \t]++)?(?:we|I)[ \t]++"
                             r"(?:need|want|have|are[ \t]++asked|were[ \t]++asked|must)[ \t]++(?:to[ \t]++)?"
                             r"(?:find|determine|calculate|compute|figure[ \t]++out|work[ \t]++out|for)\b"
                             r"|(?<![ \t*#>-])[ \t*#>-]*+let(?:'s|[ \t]++us)[ \t]++"
                             r"(?:find|determine|calculate|compute|figure[ \t]++out|work[ \t]++out)\b", re.IGNORECASE)
_GIVES_VALUE = re.compile(r"=|\b(?:is|are|was|equals|gives|makes)[ \t]++\$?-?\d", re.IGNORECASE)


_WORD = re.compile(r"[A-Za-z]{2,}[ \t]")


def _framed(text: str, pos: int, span: str, raw: str | None, value_at: int) -> bool:
    """Whether the committed span `span` found at `pos` (its value at `value_at`) is framed as no answer of the
    reply's own (`reply_frames`): a bare range, a value of another source, a JSON answer marked incorrect, a box
    with text glued after it."""
    if raw is None and text.startswith(("\\boxed", "\\fbox"), pos):
        return glued_box(text, pos, span)
    if raw is None and marked_incorrect(text):
        return True
    head = sentence_bounds(text, pos, pos)[0]  # a range in a sentence; a bare "3-4" line or box is a subtraction
    return (raw is not None and bare_range(span)) or (value_at >= 0 and attributed(text[head:value_at]))


def extract(text: str, config: ExtractionConfig = AUTO, question: str = "") -> Extraction:
    """Find the answer spans of `text` under `config` (see the module docstring); `question`, where given, may
    name the unit asked for (`asked_unit`)."""
    result = Extraction()
    if config.detect_noncommittal:
        text = repeating_ellipsis(vulgar_fractions(strip_proof_end(undouble_escapes(text))))  # "3½ miles": 3.5
        text = without_error_output(text)  # a program's error report is no printed value
        text = percent_restated(ascii_digits(text))  # "١٢": 12; "0.074, i.e. 7.4%": one answer, 7.4%
        text = without_frames(text)  # "(1 row)", "12.[^2]": no numbers of the answer; "1\u2009200": 1200
        text = csv_answer(table_answer(without_timings(boxed_tables(rejections(text)))))  # "12, não 13": "12, not 13"
        looped = before_loop(text)  # cut off in a loop: the text before it
        if looped is not None and (not looped or ends_in_label(looped)):
            return result
        text = looped if looped is not None else text
        text = before_open_program(text) or before_open_check(text) or before_cut_ending(text) or text
    for group in config.groups:
        found: list[tuple[int, str, str]] = []  # (position, span, raw text around it)
        for strategy in group:  # the last number is not one of a program's source (answer_markup.without_source)
            source_free = strategy == "number" and config.detect_noncommittal
            found += strategy_spans(strategy, without_source(text) if source_free else text)
            if source_free and not found and not looks_truncated(text):
                code = strategy_spans(strategy, text)  # numbers in a program's source only: a program not run
                if code:  # ("Answer:\n```python\nprint(3 * 6)\n```") commits to no value
                    return Extraction([code[0][1]], noncommittal=True, method="program source")
        if config.detect_noncommittal and group == config.groups[0] and found:
            current = [f for f in found if not superseded(text, f[0])]  # "Old answer: 13": no commitment
            if not current:
                return Extraction([found[-1][1]], noncommittal=True, method="+".join(group))
            found = current
        if not found:
            continue
        if config.detect_noncommittal and group != config.groups[0] and looks_truncated(text):
            break  # no committed answer and the output stops mid-formula: nothing to extract
        if config.last_committed_wins:
            found.sort(key=lambda f: -f[0])
        spans = [s for _, s, _ in found if s.strip()]
        if not spans:
            continue
        kept = (rejected_alternative(found[0][1]) or tolerance_value(found[0][1])
                or lead_before_clause(found[0][2] or "")) if config.detect_noncommittal else None
        if kept is not None:  # "24, not 20", "158, between 157 and 159": the value; no hedge
            pos, _, raw = found[0]
            found[0] = (pos, kept, (raw or "").replace(found[0][1].strip(), kept))
            spans = [kept] + spans[1:]
        corrected = _self_corrected(found[0][2]) if config.detect_noncommittal and group == config.groups[0] else None
        if corrected == "":  # "12... wait, let me recheck": a doubt
            return Extraction([found[0][1]], noncommittal=True, method="+".join(group))
        if corrected is not None:  # "12 ... no wait, 13": the value it corrects to
            found[0], spans = (found[0][0], corrected, corrected), [corrected] + spans[1:]
        if config.detect_noncommittal and group == config.groups[0] and found[0][2] is None:
            sentence = sentence_at(text, found[0][0], found[0][0] + 1)
            if _RESPECTIVELY.search(sentence) and sentence.count("\\boxed") >= 2:
                return Extraction([found[0][1]], method="+".join(group), respectively=True)
        if config.detect_noncommittal and group == config.groups[0]:
            raw = found[0][2] or ""
            before = text[max(0, found[0][0] - 120):found[0][0]]
            head = without_remark(SENTENCE_END.split(raw, 1)[0])  # the committed sentence, before any prose cut
            value_at = text.find(found[0][1], found[0][0]) if found[0][1] else -1
            hedged = (_framed(text, found[0][0], found[0][1], found[0][2], value_at)
                      or HEDGES.search(raw) or OTHERWISE.search(raw) or SPAN_HEDGES.search(found[0][1])
                      or SPAN_HEDGES.search(head) or MODAL.search(found[0][1]) or MODAL.search(head)
                      or ESTIMATE_REDONE.search(text, found[0][0])
                      or MODAL.search(sentence_at(text, found[0][0], found[0][0] + 1)) or WRONG.search(head)
                      or _doubted_after(text, found[0][0] + 1) or wrong_answer_before(text, found[0][0], found[0][1])
                      or wrong_answer_after(text, found[0][0] + 1, found[0][1])
                      or (found[0][2] is None and BEFORE_BOXED_HEDGE.search(before))
                      or percentage_conflict(line_at(text, found[0][0])))
            if hedged or ALTERNATIVES.search(found[0][1]):
                return Extraction([found[0][1]], noncommittal=True, method="+".join(group),
                                  alternatives=not hedged)
        if config.detect_noncommittal and group == config.groups[0]:
            spans[0] = percentage_pair(spans[0], spans[1:]) or spans[0]  # "(7.4, 740.0)" after "y = 7.4": 7.4
        if config.detect_noncommittal and group == config.groups[0] and question and found[0][2]:
            spans[0] = asked_in_span(found[0][2], spans[0], question)  # "2 бутылки стоят 13 долларов": 13
        if config.fallback_numbers and group == config.groups[0]:
            spans += [n.rstrip(",") for s in spans[:1] for n in numbers(s)[-1:] if n != s]
        if result.method:
            result.spans += spans
            continue
        result = Extraction(spans, method="+".join(group))
        if not config.fall_through:
            break
    if config.detect_noncommittal and result.method == "number" and result.spans:
        result.spans[0] = below_zero(text, with_percent(text, result.spans[0]))  # "7.4%."; "12 below zero": -12
    if config.detect_noncommittal and result.method in ("", "bold", "display", "parts+last_line", "latex_last",
                                                        "number"):
        if HEDGES.search(text[-SPAN_CHARS:]):
            return Extraction(result.spans, noncommittal=True, method="hedge")
        if result.method in ("bold", "parts+last_line") and result.spans and _WORD.search(result.spans[0]) and (
                bare_range(result.spans[0])):  # "pages 10-12": a range in words; "3-4", "abs(3-5)": subtractions
            return Extraction(result.spans, noncommittal=True, method="hedge", alternatives=True)
        if result.spans and percentage_conflict(text.rstrip().rsplit("\n", 1)[-1]):
            return Extraction(result.spans, noncommittal=True, method="hedge")  # "5/12 ..., and 135 as a percentage"
        if result.method == "number" and result.spans:
            result.spans[0] = clause_value(text, result.spans[0], question)  # "There are 12 ... that sum to 240"
        if result.method == "number" and question and result.spans:
            result.spans[0] = asked_number(text, result.spans[0], question)  # "15 gallons ... in 30 days": 15
        at = text.rfind(result.spans[0]) if result.spans else -1
        if at >= 0 and (MODAL.search(sentence_at(text, at, at + len(result.spans[0])))
                        or _doubted_after(text, at + len(result.spans[0]))):
            return Extraction(result.spans, noncommittal=True, method="hedge")  # "12 face masks, maybe."
        if at >= 0 and any(m.start() <= at < m.end() or at <= m.start() < at + len(result.spans[0]) for m in
                           ALTERNATIVES.finditer(text, max(0, at - 30), at + len(result.spans[0]) + 30)):
            return Extraction(result.spans, noncommittal=True, method="hedge", alternatives=True)  # "42 oder 43"
        sentence = sentence_at(text, at, at + len(result.spans[0])) if at >= 0 else ""
        if result.method == "number" and at >= 0 and (range_at(text, at) or multiplied_count(
                text, at + len(result.spans[0])) or attributed(
                text[sentence_bounds(text, at, at)[0]:at])):  # "It takes 10-12 minutes.", "The book says 13."
            return Extraction(result.spans, noncommittal=True, method="hedge")
        if result.method == "number" and _TASK_STATEMENT.match(sentence) and not _GIVES_VALUE.search(sentence):
            return Extraction()  # "We need to find how many ... if he started with 12.": no answer yet
        if result.method == "number" and question and at >= 0 and echoes_question(
                sentence_at(text, at, at + len(result.spans[0])), question):
            return Extraction(result.spans, noncommittal=True, method="hedge")  # "12 is a multiple of 12."
        if at >= 0 and wrong_answer_before(text, at, called=result.spans[0]):
            return Extraction(result.spans, noncommittal=True, method="hedge")  # "The wrong answer would be 5."
        if at >= 0 and ESTIMATE_REDONE.search(text, max(0, at - 100)):
            return Extraction(result.spans, noncommittal=True, method="hedge")  # "Rough estimate: 3. ... again"
        negation = _CLAUSE_NEGATION.search(text, max(0, at - 80), at) if at >= 0 else None
        if result.method in ("number", "display", "latex_last") and negation and not _NOT_PARTICIPLE.match(
                text, negation.start(), at):  # also "It is not \\(4\\)." (stop 57)
            return Extraction(result.spans, noncommittal=True, method="negated")  # "It does not arrive at 3."
        if result.method != "" and (SPAN_HEDGES.match(result.spans[0]) or (
                result.method == "number" and at >= 0 and (NEGATED.search(text[max(0, at - 20):at])
                                                            or _NO_BEFORE.search(text, max(0, at - 5), at)
                                                            or CALLED_WRONG.match(text, at + len(result.spans[0]))))):
            return Extraction(result.spans, noncommittal=True, method="negated")  # "Total: not 15", "It is not 42."
    if config.detect_noncommittal and result.method in ("display", "latex_last", "parts+last_line") and result.spans:
        shown = shown_value(text, result.spans[0])  # "... will display the result, which is: 18" over the formula
        if shown is not None:
            result = Extraction([shown], method=result.method + "+shown")
    if config.detect_noncommittal and result.spans and not result.noncommittal and cut_doubt(text):
        return Extraction(result.spans, noncommittal=True, method="hedge")  # "x = 6\n\nBut wait, the"
    if config.detect_noncommittal and result.spans and not result.noncommittal:
        # "x = 2 when y = 3", "x = 12 for 3 values": the assigned value
        result.spans[0] = conditioned_span(result.spans[0]) or for_count(result.spans[0]) or result.spans[0]
    if config.detect_noncommittal and question and result.spans and not result.noncommittal:
        # "64 one-cup servings" for "how many gallons": 4
        result.spans[0] = converted(text, result.spans[0], result.method, question)
    last_line = text.rstrip().rsplit("\n", 1)[-1]
    if config.detect_noncommittal and result.method in ("display", "latex_last") and len(
            _INLINE_NUMBER.findall(last_line)) >= 2 and not _INLINE_OTHER.search(last_line):
        # a sentence of inline numbers ("He has \\(3\\) apples and \\(4\\) pears."): read as the prose it is
        body = text.rstrip()
        return extract(body[:len(body) - len(last_line)] + _INLINE_NUMBER.sub(r" \1 ", last_line), config, question)
    joined = joined_times(text, result.spans[0]) if config.detect_noncommittal and result.spans else None
    if joined is not None:  # "at 3:45 PM and the next one at 4:45 PM": two times, no single one
        return Extraction([joined], method=result.method)
    return result

