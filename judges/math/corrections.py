"""Values a reply rejects, supersedes or qualifies beside its own, for `extract` (stop 61):
- a rejected alternative in other languages ("12, não 13", "12, non 13", "12, pas 13", "12, nicht 13", "12, niet 13",
  "12, inte 13", "12, nie 13", "12, а не 13", "12, bukan 13", "12 y no 13", "12, 13 değil") reads as English "12, not
  13": the first value (`rejections`). "12, no 13" is a rejection in Catalan, Spanish, Italian and Portuguese and a
  correction in English ("12, no, 13" = "no, it is 13"): the reply's cue words decide (Romance function words only:
  "12, not 13"; English ones only: the correction, 13); a reply with both or neither lists two values, no commitment
  (a wrong "equal" is worse than no verdict);
- a committed line labelled as a former answer ("Old answer: 13", "Previous answer:", "Initial answer:", "Draft
  answer:") is superseded: it commits to nothing, the reply's other committed answers count (`superseded`);
- a last number stated by "<noun> was N" after the same noun was stated by "is" ("- v1.3: answer is 12\\n- v1.2:
  answer was 13", a changelog, newest first) is the past value: the present one counts (`present_value`);
- a last number in a trailing participle clause after the sentence's stated value ("He has 12 apples left, after
  giving away 3.", "12 buses, assuming 3 teachers ride along", "12 liters, leaving 3 liters of space") is a given of
  that clause: the value before it counts (`before_participle`); a clause with a verb of result or a second number
  ("giving away 3 leaves 12") or a sentence with another number before the value ("$1,000 on 17 plants, each
  costing $6") is no such clause;
- a MySQL client's boxed table ("+----+" borders around "| answer |" and its rows) is read as a markdown table
  (`boxed_tables`); a closing table whose header names one answer column and that has one row ("| answer | previous
  |") gives that column's cell (`table_answer`); a log or program line that reports only the run's duration
  ("elapsed: 3 ms", "INFO done in 3s"), its exit code ("Process finished with exit code 0"), its test count ("Done (3
  tests passed)") or labels an expected or former value ("expected: 13", "previous: 13") after a line with a digit
  is no value (`without_timings`);
- "not 13 but 12" (also "nicht 13, sondern 12", "niet 13 maar 12") is "12, not 13" (`rejections`); a committed span
  that starts with its value and goes on with a participle clause ("12, obtained by multiplying 3 and 4") is that
  value (`lead_before_clause`); a closing CSV header with one answer column and a row of as many fields ("id,answer\\n
  1,12") is that column's value (`csv_answer`);
- an equation's value followed by a count of what it holds for ("x = 12 for 3 values") is that value (`for_count`)."""
from __future__ import annotations

import re

_ROMANCE = re.compile(r"\b(?:és|es|són|la|el|els|los|las|il|lo|les|una|uno|resposta|respuesta|risposta|resultado"
                      r"|resultat|risultato|réponse|são|sono|è|é|pero|però|perché|porque|perquè|entonces|então"
                      r"|quindi|doncs|llavors|hay|tiene|té|tem|del|dels|della|que|che)\b", re.IGNORECASE)
_ENGLISH = re.compile(r"\b(?:the|is|are|was|answer|result|so|it's|we|of|and|total|equals)\b", re.IGNORECASE)
# a value, then a connector of another language that rejects the number after it
_REJECTS = re.compile(r"(?<![\d.,])(\d++(?:[.,]\d++)*+(?:[ \t]++(?!(?:y|e|et|und|en|och|i|и|а|a|dan)\b)"
                      r"[^\W\d_]{1,15}+)?)[ \t]*+([,(]?)[ \t]*+"
                      r"(?:(?:(?:y|e|et|und|en|och|i|и|а|a|dan)[ \t]++)?(?:não|non|pas|nicht|niet|inte|nie|не|bukan)"
                      r"|(?:y|e|i)[ \t]++no)[ \t]++(?=[$€]?-?\d)", re.IGNORECASE)
_AFTER_NEGATED = re.compile(r"(?<![\d.,])(\d++(?:[.,]\d++)*+)[ \t]++değil\b", re.IGNORECASE)  # Turkish: "13 değil"
# "12, no 13" at a sentence's end (a word after the second value only where it repeats the first's: "12 apples, no
# 13 apples"); "12, no 3 of them" is a determiner
_BARE_NO = re.compile(r"(?<![\d.,])(\d++(?:[.,]\d++)*+)((?:[ \t]++[^\W\d_]{1,15}+)?)[ \t]*+,[ \t]*+no(,?)[ \t]++"
                      r"([$€]?-?\d++(?:[.,]\d++)*+)((?:[ \t]++[^\W\d_]{1,15}+)?)(?=[ \t]*+[.!;]?[ \t]*+(?:\n|\Z))",
                      re.IGNORECASE)

_FORMER = re.compile(r"(?:\b(?:old|previous|prior|former|earlier|initial|original|first|draft|outdated|superseded"
                     r"|obsolete)[ \t_]++(?:final[ \t_]++)?\Z)", re.IGNORECASE)
_PAST = re.compile(r"\b(answer|result|value|total|solution)[ \t]++(?:was|were|used[ \t]++to[ \t]++be)[ \t]*+:?"
                   r"[ \t]*+\$?[ \t]*+\Z", re.IGNORECASE)
_OPENERS = (r"(?:(?:after|before|by|while|upon|on|when)[ \t]++[a-z]{2,15}ing|having|being|assuming|giving|leaving"
            r"|spending|saving|using|including|excluding|starting|beginning|costing|each[ \t]++[a-z]{2,15}ing"
            r"|compared[ \t]++(?:with|to)|obtained[ \t]++by|given|después[ \t]++de|après|nachdem|dopo"
            r"|depois[ \t]++de|tras)")
_PARTICIPLE = re.compile(r"(?<![\d.,])(\d[\d,]*+(?:\.\d++)?+)(?:[ \t]++[^\W\d_]{1,15}+){0,3}?(?:[ \t]*+,)?[ \t]++"
                         + _OPENERS + r"\b([^\d=\n.;!?]{0,60}?)[$€]?\Z", re.IGNORECASE)
# a committed span that starts with its value and goes on with a participle clause: "12, obtained by multiplying 3
# and 4"
_LEAD_CLAUSE = re.compile(r"(?<![\d.,$-])(\$?-?\d++(?:[.,]\d++)*+(?:[ \t]++[^\W\d_]{1,15}+){0,3}?)[ \t]*+,[ \t]*+(?:"
                          + _OPENERS + r"|obtained|found|computed|calculated|derived)\b[^=\n]{0,120}\Z", re.IGNORECASE)
# "not 13 but 12", "nicht 13, sondern 12", "niet 13 maar 12": the value after the contrast
_N = r"(\$?-?\d++(?:[.,]\d++)*+)"
_NOT_BUT = re.compile(r"(?<![^\W\d_])(?:not|nicht|niet|pas|non|não|nie|inte|не|bukan)[ \t]++" + _N
                      + r"[ \t]*+,?[ \t]*+(?:but|sondern|maar|mais|ma|mas|sino|а|tetapi|men|ale)[ \t]++" + _N
                      + r"(?![\d.,]?\d)", re.IGNORECASE)
# a CSV header with an answer column and one row of as many fields, at the end of the reply
_CSV = re.compile(r"(?<![^\n])[ \t]*+([A-Za-z_][A-Za-z0-9_ ]{0,30}(?:,[A-Za-z_][A-Za-z0-9_ ]{0,30}){1,9})[ \t]*+\n"
                  r"[ \t]*+([^,\n]{1,40}(?:,[^,\n]{1,40}){1,9})[ \t]*+\s*(```[ \t]*+\s*)?\Z")
# a closing markdown table of a header, its separator and one row
_TABLE = re.compile(r"(?<![^\n])[ \t]*+\|([^\n]{1,300})\|[ \t]*+\n[ \t]*+\|[ \t:|-]{3,300}\|[ \t]*+\n"
                    r"[ \t]*+\|([^\n]{1,300})\|[ \t]*+\s*\Z")
_ANSWER_NAMES = ("answer", "final answer", "final_answer", "result", "ans")
# a clause that states a result: "leaving him with 12", "having 12 left", "leaving 12 remaining"
_RESULT_CLAUSE = re.compile(r"\bleaving\b[^\d\n]{0,40}\bwith[ \t]*+\$?\Z", re.IGNORECASE)
_REMAINING = re.compile(r"(?<![\d.,])\d[\d,]*+(?:\.\d++)?+[ \t]++(?:[A-Za-z]{1,15}[ \t]++)?(?:left|remaining)\b",
                        re.IGNORECASE)
_RESULT_VERB = re.compile(r"\b(?:is|are|was|were|leaves|gives|makes|equals|totals?|results?|becomes)\b",
                          re.IGNORECASE)
_BORDER = re.compile(r"(?<![ \t])[ \t]*+\+(?:-{1,200}+\+){1,50}+[ \t]*+")
_SIDE_LINE = re.compile(r"(?<![ \t*_-])(?:[ \t*_-]*+(?:expected|previous|prior|old|former)"
                        r"(?:[ \t_]++(?:answer|value|result))?[ \t*_]*+[:=][ \t*_]*+\$?-?\d[\d,]*+(?:\.\d++)?+[ \t*_]*+"
                        r"|[ \t]*+(?:Process[ \t]++finished[ \t]++with[ \t]++)?exit[ \t]++code[ \t]*+:?[ \t]*+\d{1,3}"
                        r"|[ \t]*+(?:done|ok|ran|passed)?[ \t]*+\(?\d{1,6}[ \t]++tests?[ \t]++(?:passed|failed|ran)\)?"
                        r"\.?[ \t]*+|[ \t]*+Ran[ \t]++\d{1,6}[ \t]++tests?[ \t]++in[ \t]++\d{1,6}(?:\.\d{1,6})?s"
                        r"[ \t]*+|[ \t]*+CPU[ \t]++times[ \t]*+:[^\n]{0,120}"
                        r"|[ \t=]*+\d{1,6}[ \t]++passed(?:,[ \t]*+\d{1,6}[ \t]++[a-z]{1,12}){0,4}[ \t]++in[ \t]++"
                        r"\d{1,6}(?:\.\d{1,6})?s[ \t=]*+)",
                        re.IGNORECASE)
_TIMING = re.compile(r"(?m)^(?:[^\n]{0,60}?\b(?:INFO|DEBUG|TRACE)\b[^\n]{0,40}?\b(?:done|finished|completed|took)"
                     r"(?:[ \t]++in)?|[ \t]*+(?:elapsed(?:[ \t]++time)?|time[ \t]++taken|took|runtime|run[ \t]++time"
                     r"|wall[ \t]++time|cpu[ \t]++time)[ \t]*+[:=])[ \t]*+\d{1,9}(?:\.\d{1,9})?[ \t]*+"
                     r"(?:ms|s|sec|secs|seconds|µs|us)"
                     r"\b\.?[ \t]*+$", re.IGNORECASE)
_SIDE_STARTS = ("expected", "previous", "prior", "old", "former", "process finished", "exit code", "done", "ok", "ran",
                "passed", "cpu time", "elapsed", "time taken", "took", "runtime", "run time", "wall time")
_REJECT_WORDS = ("não ", "non ", "pas ", "nicht ", "niet ", "inte ", "nie ", "не ", "bukan ", "y no ", "e no ", "i no ")
_NOT_WORDS = ("not ", "nicht ", "niet ", "pas ", "non ", "não ", "nie ", "inte ", "не ", "bukan ", "Not ", "Nicht ",
              "Niet ", "Non ", "Não ", "Nie ", "Не ", "Bukan ")
_BUT_WORDS = ("but ", "sondern ", "maar ", "mais ", "ma ", "mas ", "sino ", "а ", "tetapi ", "men ", "ale ")
_DIGIT = re.compile(r"\d")
_FOR_COUNT = re.compile(r"(=[ \t]*+-?\d[\d,]*+(?:\.\d++)?+)[ \t]++for[ \t]++(?:all[ \t]++|the[ \t]++)?\d{1,9}[ \t]++"
                        r"(?:[A-Za-z]{2,15}[ \t]++)?(?:values|cases|inputs|points|solutions|terms|numbers|choices"
                        r"|options|trials|samples)[ \t.]*+\Z", re.IGNORECASE)


def _language(text: str) -> str:
    """"romance", "english" or "" (both or neither) by the function words of `text` outside its numbers."""
    romance, english = bool(_ROMANCE.search(text)), bool(_ENGLISH.search(text))
    return "romance" if romance and not english else "english" if english and not romance else ""


def rejections(text: str) -> str:
    """`text` with the rejecting connectors of other languages written as English ", not"; a bare ", no" between
    two values as the reply's language reads it (a rejection, a correction, or alternatives where it is unclear). Only
    the whole lines of the last 600 characters, where a reply's answer is, are read (speed)."""
    cut = text.rfind("\n", 0, len(text) - 600) + 1 if len(text) > 600 else 0
    return text[:cut] + _rejections(text[cut:]) if cut else _rejections(text)


def _rejections(text: str) -> str:
    if any(w in text for w in _REJECT_WORDS) and _REJECTS.search(text):  # "12 (nie 13)": "12 (not 13)"
        text = _REJECTS.sub(lambda m: m.group(1) + (" (not " if m.group(2) == "(" else ", not "), text)
    if "ğil" in text:
        text = _AFTER_NEGATED.sub(r"not \1", text)
    if any(w in text for w in _NOT_WORDS) and any(w in text for w in _BUT_WORDS) and _NOT_BUT.search(text):
        text = _NOT_BUT.sub(r"\2, not \1", text)
    if (", no" in text or ",no" in text) and _BARE_NO.search(text):
        language = _language(_BARE_NO.sub(" ", text))

        def read(m: re.Match) -> str:
            if m.group(5) and m.group(5).lower() != m.group(2).lower():
                return m.group()
            if language == "english":  # "12, no 13" / "12, no, 13": the English correction
                link = ", no wait, "
            else:
                link = ", not " if language == "romance" and not m.group(3) else " or "
            return m.group(1) + m.group(2) + link + m.group(4) + m.group(5)
        text = _BARE_NO.sub(read, text)
    return text


def lead_before_clause(span: str) -> str | None:
    """The value a committed span starts with when a participle clause follows it ("12, obtained by ..."); else None."""
    m = _LEAD_CLAUSE.fullmatch(span.strip()) if len(span) < 200 else None
    return m.group(1) if m else None


def csv_answer(text: str) -> str:
    """`text` with a closing CSV header and row whose header names an answer column ("id,answer\\n1,12") written as
    that column's "answer: 12" line; else `text`."""
    m = _CSV.search(text, max(0, len(text) - 400)) if "," in text[-400:] else None
    if m is None:
        return text
    names = [n.strip().lower() for n in m.group(1).split(",")]
    cells = [c.strip() for c in m.group(2).split(",")]
    keys = [k for k, n in enumerate(names) if n in ("answer", "final_answer", "final answer", "result")]
    if len(names) != len(cells) or len(keys) != 1:
        return text
    return text[:m.start()] + "answer: " + cells[keys[0]] + "\n" + (m.group(3) or "")


def table_answer(text: str) -> str:
    """`text` with a closing one-row table whose header names one answer column ("| answer | previous |") written as
    that column's "answer: 12" line; else `text`."""
    m = _TABLE.search(text, max(0, len(text) - 1000)) if "|" in text[-1000:] else None
    if m is None:
        return text
    names = [n.strip(" *_`").lower() for n in m.group(1).split("|")]
    cells = [c.strip() for c in m.group(2).split("|")]
    keys = [k for k, n in enumerate(names) if n in _ANSWER_NAMES]
    if len(names) != len(cells) or len(names) < 2 or len(keys) != 1:
        return text
    return text[:m.start()] + "answer: " + cells[keys[0]] + "\n"


def superseded(text: str, pos: int) -> bool:
    """Whether the answer marker at `pos` is labelled as a former answer ("Old answer:", "previous_answer:")."""
    return bool(_FORMER.search(text, max(0, pos - 30), pos))


def present_value(text: str, start: int) -> str | None:
    """The value stated by "<noun> is N" before a last number at `start` stated by "<noun> was"; else None."""
    m = _PAST.search(text, max(0, start - 40), start)
    if m is None:
        return None
    found = re.findall(r"\b" + m.group(1) + r"[ \t]++is[ \t]*+:?[ \t]*+\$?[ \t]*+(-?\d[\d,]*+(?:\.\d++)?+)",
                       text[:m.start()], re.IGNORECASE)
    return found[-1].rstrip(",") if found else None


def before_participle(text: str, start: int) -> str | None:
    """The value before a trailing participle clause that holds the last number (at `start`); else None."""
    m = _PARTICIPLE.search(text, max(0, start - 120), start)
    if m is None or _RESULT_VERB.search(m.group(2)) or _RESULT_CLAUSE.search(text, m.end(1), start) or (
            _REMAINING.match(text, start)):
        return None
    if re.search(r"\d", re.split(r"[.!?][ \t]|\n", text[max(0, m.start(1) - 200):m.start(1)])[-1]):
        return None  # "spend $1,000 on 17 plants, each costing $6": the value is no number next to the clause
    return m.group(1).rstrip(",")


def boxed_tables(text: str) -> str:
    """`text` with a MySQL client's boxed tables as markdown tables: the first border of a table goes, the one after
    its header becomes a markdown separator, the others go. A table of several columns none of which is named as an
    answer ("| a | b |") stays as it is (no value: its last cell is no answer)."""
    if "+-" not in text:
        return text
    lines, out, k = text.split("\n"), [], 0
    while k < len(lines):
        if not _BORDER.fullmatch(lines[k]):
            out.append(lines[k])
            k += 1
            continue
        j = k
        while j < len(lines) and (_BORDER.fullmatch(lines[j]) or lines[j].lstrip().startswith("|")):
            j += 1
        out += _markdown(lines[k:j])
        k = j
    return "\n".join(out)


def _markdown(block: list[str]) -> list[str]:
    """A boxed table's lines (borders and rows) as a markdown table's, or as they are (see `boxed_tables`)."""
    rows = [line for line in block if not _BORDER.fullmatch(line)]
    columns = block[0].strip().count("+") - 1
    if not rows or (columns > 1 and not any(c.strip(" *_`").lower() in _ANSWER_NAMES for c in rows[0].split("|"))):
        return block
    return rows[:1] + ["|" + "---|" * columns] + rows[1:]


def without_timings(text: str) -> str:
    """`text` without the lines that report only a run's duration, its exit code or its test count, or label an
    expected or former value ("expected: 13", "Previous answer: 13"), after a line with a digit (in the whole lines of
    the last 600 characters)."""
    cut = text.rfind("\n", 0, len(text) - 600) + 1 if len(text) > 600 else 0
    lines = text[cut:].split("\n")
    marks = [_side_start(line) for line in lines]
    if not any(marks):
        return text
    digit = bool(_DIGIT.search(text, 0, cut))
    out: list[str] = []
    for line, mark in zip(lines, marks):
        if digit and mark and (_TIMING.fullmatch(line) or _SIDE_LINE.fullmatch(line)):
            continue
        out.append(line)
        digit = digit or bool(_DIGIT.search(line))
    return text[:cut] + "\n".join(out)


def _side_start(line: str) -> bool:
    """Whether `line` may be a run's report or a side value's line (a cheap test before the patterns)."""
    low = line.lower()
    head = low.lstrip(" \t*_-=[(")
    return head[:1].isdigit() or head.startswith(_SIDE_STARTS) or "info" in low or "debug" in low or "trace" in low


def for_count(span: str) -> str | None:
    """A span "x = 12 for 3 values" without its count ("x = 12"); None for any other span."""
    m = _FOR_COUNT.search(span[-120:])
    return span[:len(span) - len(span[-120:]) + m.start()] + m.group(1) if m else None
