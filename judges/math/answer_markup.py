"""Answers in markup around a model's output, for `extract`: `\\boxed{}` contents, `<answer>` tags, a JSON
object's answer field or key/value pair, a program's printed output, a template's copied "<unit>" slot; and the
lines that are markup, data or code rather than math (a code fence, a JSON member, a print statement);
LaTeX escaped twice and an end-of-proof mark; answer statements in prose that the markers miss (a value
before its marker, a method sentence after one, a remark after the value, a bare label line); a label before a
value ("Total: 15", "Mass(g): 5", "\\text{Total}: 5")."""
from __future__ import annotations

import re

# "<answer>12.62</answer>" (also <final_answer>, <result>); a JSON object's answer field ({"answer": 3},
# "final_answer": "310"): the value
# is a JSON number, arithmetic in numbers or a string without quotes inside
_ANSWER_TAG = re.compile(r"<(final_?answer|answer|result)>\s*((?:(?!</?\1>).){1,400}?)\s*</\1>",
                         re.DOTALL | re.IGNORECASE)
# an unquoted value of arithmetic in numbers that ends its member ('"total": 4 + 3 * 4,', not valid JSON); of an
# `=`-chain ("4 + 12 = 16") the last side (group 1); possessive runs: linear
LITERAL = r"\d+(?:\.\d+)?(?:[eE][-+]?\d+)?"
_ARITH = rf"[-(]*+[ \t]*+{LITERAL}(?:[ \t)]*+(?:\*\*|[-+*/^])[ \t(-]*+{LITERAL})*+[ \t)]*+"
_ARITH_CHAIN = rf"(?:{_ARITH}=[ \t]*+)*+({_ARITH})"
_VALUE_END = r"(?=\s*+(?:[,}\]]|\Z))"
ANSWER_KEY = r"(?:final_?answer|answer|final|result)"  # a JSON or YAML key that names the answer
_JSON_ANSWER = re.compile(rf'(?:"{ANSWER_KEY}"|\'{ANSWER_KEY}\')\s*:\s*(?:"((?:\\.|[^"\\\n]){{1,400}})"'
                          r"|'((?:\\.|[^'\\\n]){1,400})'"
                          rf'|{_ARITH_CHAIN}{_VALUE_END}|(-?\d[\d.]*+(?:[eE][-+]?\d+)?+)(?![ \t]*[-+*/^(]|[A-Za-z_])'
                          r'|(null)\b'
                          r"|([^\"'\s,{}\[\]][^,{}\[\]\n]{0,200}?|\{[^{}\"\n]{0,200}\}|\[[^\[\]\"\n]{0,200}\])"
                          r'(?=\s*[,}\]]|\s*\Z))',
                          re.IGNORECASE)  # null: the answer left empty; else the unquoted value as written ("4 + x")
_JSON_MEMBER = re.compile(rf'"[^"\n]{{1,80}}"\s*:\s*(")?{_ARITH_CHAIN}(?(1)"){_VALUE_END}')  # any key, quoted or not
# a YAML member line ("  total_fabric: 3 * 11 + 4 * 8", "- cost: '15'"), or a key line with its value below; a
# ```yaml fence; a comment after a value
_YAML_LINE = re.compile(r"(?<![ \t])[ \t]*+(?:- )?([A-Za-z_][A-Za-z0-9_]{0,60}):(?:[ \t]++(\S[^\n]{0,200}))?")
_YAML_FENCE = re.compile(r"```ya?ml[ \t]*\n((?:(?!```)[^\n]*\n){1,60})```", re.IGNORECASE)
_YAML_COMMENT = re.compile(r"(?<![ \t])[ \t]+#.*")  # a blank run is tried from its start only: linear
# a key/value pair whose key names the answer: {"key": "answer", "value": 15}, {"name": "Final answer", "value": "3"}
_JSON_KEY_VALUE = re.compile(r'"(?:key|name|label|field)"\s*:\s*"(?:final[ _]?)?answer"\s*,\s*"value"\s*:\s*'
                             r'(?:"((?:\\.|[^"\\\n]){1,400})"|(-?\d[\d.eE+-]{0,40}))', re.IGNORECASE)
# the printed output of a program: the ToRA / Qwen2.5-Math "```output" block after the code
_PROGRAM_OUTPUT = re.compile(r"```\s*output[ \t]*\n((?:(?!```).){1,400}?)\n?```", re.DOTALL | re.IGNORECASE)
# a template slot the model copied unfilled: "Final answer: 30 <unit>"; a value before a copied unit slot,
# anywhere in a sentence, is the template's answer: "... for 1 hour <unit> if ..."
SLOT = re.compile(r"(?:(?<=\S)|^)\s*<[A-Za-z][A-Za-z ]{0,19}>")  # the space run from its start only: linear
_UNIT_SLOT = re.compile(r"(?<![\w.,])(-?\d[\d,]*(?:\.\d+)?)(?:\s+[A-Za-z]{1,15})?\s*<units?>", re.IGNORECASE)
FENCE = re.compile(r"```\w*|[}\])]+[,;]?")  # markup lines: a code fence ("```", "```json"), closing brackets
# a line of data or code, not math: a JSON member or object ('"type": "json",', "'10': '10'",
# '{"steps": [1]}'), a print or return statement
CODE_LINE = re.compile(r'\A(?:\{?\s*+(["\'])[^"\'\n]{1,80}\1\s*:\s*\S.*|(?:print|console\.log|puts|echo|return)\b.*)')
# LaTeX escaped twice (a JSON string pasted as text): "\\\\boxed{\\\\frac{1}{2}}"
_DOUBLED_COMMAND = re.compile(r"\\\\(?:boxed|[dt]?frac|sqrt|text|left|right|pi|cdot|times|[lg]eq?|infty|in|cup)"
                              r"(?![A-Za-z])")
# the end-of-proof mark after the last statement ("... $AE = PD$. $\\square"): no truncation, no answer
# (a match starts where no whitespace precedes it, and `*+` gives nothing back: linear under any search)
_PROOF_END = re.compile(r"(?<!\s)\s*+\$?\s*+\\(?:square|blacksquare|qed|Box)\s*+\$?\s*+$"
                        r"|(?<!\s)\s*+(?:\u220e|Q\.E\.D\.?)\s*+$")
_DOUBLED = re.compile(r"\\\\(?=[A-Za-z()\[\]])")


def last_boxed(text: str) -> tuple[int, str] | None:
    """The last `\\boxed{...}` / `\\fbox{...}` content (nested braces), with its position."""
    best, size = -1, 0
    for cmd in ("\\boxed", "\\fbox"):
        i = text.rfind(cmd)
        if i > best:
            best, size = i, len(cmd)
    if best < 0:
        return None
    j = best + size
    while j < len(text) and text[j] == " ":
        j += 1
    if j >= len(text) or text[j] != "{":
        m = re.match(r"\s*([^\s$]+)", text[j:j + 100])  # \boxed 5
        return (best, m.group(1)) if m else None
    depth, k = 0, j
    while k < len(text):
        c = text[k]
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return best, text[j + 1:k]
        k += 1
    return None  # unbalanced: the output was cut off


def all_boxed(text: str) -> list[tuple[int, str]]:
    out = []
    end = len(text)
    while True:
        found = last_boxed(text[:end])
        if found is None:
            return out[::-1]
        out.append(found)
        end = found[0]
        if len(out) >= 20:
            return out[::-1]


def undouble_escapes(text: str) -> str:
    """LaTeX escaped twice ("\\\\frac{1}{2}") as written once; text without a doubled command as is."""
    doubled = _DOUBLED_COMMAND.search(text) or ("\\\\(" in text and "\\\\)" in text)  # "\\\\(x = 4\\\\)"
    return _DOUBLED.sub(r"\\", text) if doubled else text


def strip_proof_end(text: str) -> str:
    """`text` without an end-of-proof mark at its end (read in the tail only: linear time)."""
    start = len(text[:max(0, len(text) - 80)].rstrip())  # a blank run across the tail's edge is read whole
    found = _PROOF_END.search(text, start)
    return text[:found.start()] if found else text


def _markup_values(text: str) -> list[list[tuple[int, str]]]:
    """Per kind of markup (answer tag, JSON answer field, answer key/value pair): (position, value) of each."""
    return [[(m.start(), next(g for g in m.groups()[pattern is _ANSWER_TAG:] if g is not None))
             for m in pattern.finditer(text)] for pattern in (_ANSWER_TAG, _JSON_ANSWER, _JSON_KEY_VALUE)]


def markup_answers(text: str, tail: int) -> list[tuple[int, str]]:
    """(position, value) of the last answer tag, JSON answer field and answer key/value pair in the
    last `tail` characters; JSON's escaped backslashes undone."""
    offset = max(0, len(text) - tail)
    found = [(offset + p, v) for kind in _markup_values(text[offset:]) for p, v in kind[-1:]]
    return [(p, v.replace("\\\\", "\\")) for p, v in found if v.strip()]


def every_markup_answer(text: str) -> list[str]:
    """Every value of an answer tag, JSON answer field or answer key/value pair in `text`; escapes undone."""
    return [v.replace("\\\\", "\\") for kind in _markup_values(text) for _, v in kind if v.strip()]


def json_arithmetic(text: str, start: int) -> str | None:
    """The arithmetic value (the last side of an `=`-chain) of the JSON member that holds the number starting at
    `start` in `text` ('{"total_cakes": 4 + 3 * 4}': 4 + 3 * 4, never 4); None when there is none."""
    for m in _JSON_MEMBER.finditer(text, max(0, start - 400), min(len(text), start + 400)):
        if m.start() <= start < m.end():
            return m.group(2).strip()
    return None


def yaml_answer(text: str, tail: int) -> tuple[int, str] | None:
    """(position, value) of the answer member of the last ```yaml block in the last `tail` characters, or of a
    reply that is YAML (every line a member, with a nested or snake_case key): an answer key's first, else the last
    value with a digit; of arithmetic in numbers (an `=`-chain's last side) the arithmetic, quotes undone."""
    offset = max(0, len(text) - tail)
    blocks = list(_YAML_FENCE.finditer(text, offset))
    start, body = (blocks[-1].start(1), blocks[-1].group(1)) if blocks else (0, text if len(text) <= tail else "")
    lines, at = [], start
    for ln in body.split("\n"):
        if ln.strip() and not ln.lstrip().startswith("#"):
            if (m := _YAML_LINE.fullmatch(ln)) is None:
                return None
            lines.append((at, m))
        at += len(ln) + 1
    if not lines or not (blocks or any("_" in m[1] or m[0][:1] in " \t" for _, m in lines)):
        return None
    members = [(at, m[1], _YAML_COMMENT.sub("", m[2]).strip()) for at, m in lines if m[2]]
    members = [(at, key, v[1:-1] if v[:1] == v[-1:] and v[:1] in "'\"" and len(v) > 1 else v)
               for at, key, v in members]
    found = ([f for f in members if re.fullmatch(ANSWER_KEY, f[1], re.IGNORECASE)][:1]
             or [f for f in members if any(c.isdigit() for c in f[2])][-1:])
    if not found:
        return None
    at, _, value = found[0]
    arithmetic = re.fullmatch(_ARITH_CHAIN, value)
    return at, arithmetic.group(1).strip() if arithmetic else value


def program_output(text: str, tail: int) -> tuple[int, str] | None:
    """The last printed line of the last "```output" block in the last `tail` characters, with its position."""
    offset = max(0, len(text) - tail)
    ms = list(_PROGRAM_OUTPUT.finditer(text[offset:]))
    lines = [ln for ln in ms[-1].group(1).strip().split("\n") if ln.strip()] if ms else []
    return (offset + ms[-1].start(), lines[-1]) if lines else None


# a program's output that reports an error: a traceback, or a last line "ValueError: ...", "Error: ...", "Exception"
_ERROR_REPORT = re.compile(r"\A[ \t]*+Traceback \(most recent call last\)|(?:\A|\n)[ \t]*+(?:[A-Za-z_][\w.]{0,60})?"
                           r"(?:Error|Exception)\b[^\n]*+\s*+\Z")


def without_error_output(text: str) -> str:
    """`text` without the "```output" blocks that report an error (a traceback, "ValueError: 12", "Error: division by
    12"): a program that failed printed no value, so neither the block nor a number in it is an answer; the text
    around it is read as if the block were not there (stop 59)."""
    if "```" not in text or ("Error" not in text and "Exception" not in text and "Traceback" not in text):
        return text
    return _PROGRAM_OUTPUT.sub(lambda m: "" if _ERROR_REPORT.search(m.group(1).strip("\n")) else m.group(0), text)


# a fenced program's source (a programming language named after the fence: group 1)
_SOURCE_FENCE = re.compile(r"```[ \t]*+(python3?|py|javascript|js|typescript|ts|java|c|cpp|c\+\+|csharp|c#|go|rust|"
                           r"ruby|php|julia|matlab|octave|r|sql|bash|sh|shell|perl|scala|kotlin|swift|haskell|lua)"
                           r"[ \t]*+\n(?:(?!```)[^\n]{0,2000}\n){0,400}?[ \t]*+(?:```|\Z)", re.IGNORECASE)
# where a line comment starts, by language ("//" is Python's floor division, "%" its remainder)
_COMMENTS = {**dict.fromkeys(("python", "python3", "py", "ruby", "julia", "r", "bash", "sh", "shell", "perl"), "#"),
             **dict.fromkeys(("matlab", "octave"), "%"), **dict.fromkeys(("sql", "haskell", "lua"), "--")}


def without_source(text: str) -> str:
    """`text` with each fenced program's source blanked (the same length, so positions hold): the numbers of code
    ("print(3*4)", "x = 12") are operands and literals, not a last number the reply states (stop 59). Its line
    comments ("# Output 8") are the model's words and stay, as do its log records ("<time> INFO result=76", stop
    60c), output blocks, plain fences and fences of data (yaml, json)."""
    if "```" not in text:
        return text

    def blanked(m: re.Match) -> str:
        mark = _COMMENTS.get(m.group(1).lower(), "//")
        lines = m.group(0).split("\n")
        return "\n".join([" " * len(lines[0])] + [_blank_code(ln, mark) for ln in lines[1:]])

    return _SOURCE_FENCE.sub(blanked, text)


# a log record inside a fence ("<time> INFO result=76", "2024-01-02 10:00:00 INFO done"): the program's log, no source
_LOG_RECORD = re.compile(r"(?<![ \t])[ \t]*+(?:<time>|\[?\d{4}-\d\d-\d\d[ T]\d\d:\d\d(?::\d\d(?:[.,]\d{1,6})?)?\]?"
                         r"|\[?\d\d:\d\d:\d\d(?:[.,]\d{1,6})?\]?)[ \t]++(?:-[ \t]++)?"
                         r"\[?(?:INFO|DEBUG|WARN(?:ING)?|ERROR|NOTICE)\]?[ \t:]")


def _blank_code(line: str, mark: str) -> str:
    """A source line blanked up to its comment ("x = 3  # Output 8": only "# Output 8" stays); a log record's line
    ("<time> INFO result=76") is the program's log, not its source, and stays whole (stop 60c)."""
    if _LOG_RECORD.match(line):
        return line
    at = line.find(mark)
    at = len(line) if at < 0 else at
    return " " * at + line[at:]


def unit_slot(text: str) -> tuple[int, str, str] | None:
    """The last value before a copied "<unit>" slot: (position, its sentence up to the value, the whole sentence)."""
    m = list(_UNIT_SLOT.finditer(text))[-1:]
    if not m:
        return None
    start = max(text.rfind("\n", 0, m[0].start()), text.rfind(". ", 0, m[0].start())) + 1
    ends = [i for i in (text.find("\n", m[0].end()), text.find(". ", m[0].end())) if i >= 0]
    return m[0].start(), SLOT.sub("", text[start:m[0].end()]), text[start:min(ends, default=len(text))]


# a value stated before its marker, at a sentence's or clause's start: "20 is the final answer.", "So $15 is my
# answer", "After both tries, 64 is ...";
# the subject is kept whole ("20 or 30 is ..." lists alternatives) and a negation stays in the sentence
_VALUE_FIRST = re.compile(r"(?:^|(?<=[.!?:,]\s)|(?<=\n))[ \t]*(?:(?:so|thus|hence|therefore),?\s+)?"
                          r"((?:[-$\\(]|\d)(?:[^\n.!?]|\.(?=\d)){0,40}?)\s+(?:is|would be|will be)(?:\s+not|n't)?\s+"
                          r"(?:the|my|our)\s+(?:final\s+|correct\s+)?answer\b[^\n]*", re.IGNORECASE | re.MULTILINE)
# after a marker, a sentence about the method, not a statement of the answer: "The answer is calculated by
# multiplying $32 by 1.40", "the answer is obtained from ..."
METHOD_SENTENCE = re.compile(r"(?:[a-z]+ly\s+)?(?:[a-z]{2,}ed|found)\s+(?:by|from|using|through|via|with|on)\b",
                             re.IGNORECASE)
# a remark about the answer in a clause of its own after it: "142, and it is not a coincidence", "12, but this
# answer is not just a guess" (the answer is not negated); one on its correctness or another value still is
_REMARK = re.compile(r",\s*(?:and|but)\s+(?:it|this|that)(?:\s+answer)?(?:\s+is|'s)\s+not\s+"
                     r"(?![^,;]*(?:\d|\b(?:correct|right|wrong|valid|sure|certain|true|exact|final|accurate|mistake|"
                     r"error|likely|probable|plausible|guaranteed|definite|clear|obvious|the answer|my answer|"
                     r"the solution|the result)\b))[^,;]*$",
                     re.IGNORECASE)
# a label before the value on an answer line: "Result: 320.00 emails", "Total cost: $15" (letters only, a
# space after the colon: a ratio "x:y" stays); with a unit or words in brackets ("Mass(g): 5", "Perimeter (cm):
# 20", "Speed [km/h]: 60"), or in a text command ("\text{Total}: 5", "\textbf{Total:} 5")
# (one letter only as a unit: "Area(x): 5" is function notation)
_UNIT_IN_BRACKETS = (r"(?: ?\((?:[A-Za-z][A-Za-z /]{1,19}|[gmshlLNJWVK])(?:\^\{?[23]\}?|[\u00b2\u00b3])?\)"
                     r"| ?\[[A-Za-z][A-Za-z /]{0,19}\])")
LABEL = re.compile(r"(?:[A-Za-z][A-Za-z ]{1,24}(?:\[\d{1,4}\]|" + _UNIT_IN_BRACKETS + r")?:\**\s+"
                   r"|\\(?:text|textbf|textrm|mathrm|mathbf)\{[A-Za-z][A-Za-z ]{1,24}(?:\}\s*:|:\s*\})\s*"
                   r"|[A-Z][a-z]{3,12}(?: [a-z]{2,12}){0,3} [-\u2013\u2014]\s+"
                   r"|(?:[A-Za-z][A-Za-z ]{0,24})?(?:->|=>|\u2192|\u21d2)\s*)(?=[^\s>])")
BARE_LABEL = re.compile(r"[A-Za-z][A-Za-z ]{0,24}:")  # a label line with no value: "Rewrite:", "Check:"


def value_first(text: str) -> list[tuple[int, int, str, str]]:
    """(start, end, value, sentence) of each answer stated before its marker ("20 is the final answer ...")."""
    return [(m.start(1), m.end(), m.group(1), m.group(0).strip()) for m in _VALUE_FIRST.finditer(text)]


def without_remark(sentence: str) -> str:
    """`sentence` without a remark clause after its value ("..., and it is not a coincidence")."""
    return _REMARK.sub("", sentence)


# a marker that introduces a rewritten text ("Here's the revised answer:"), and a paragraph of several
# sentences that starts with a word after it
INTRO = re.compile(r"\bhere(?:'s| is)\b[^\n]{0,30}\Z", re.IGNORECASE)
PARAGRAPH = re.compile(r"[A-Za-z][^\n.!?]{0,300}[.!?]\s[^\n]{0,300}[.!?]")
_SIGN_OFF = re.compile(r"[A-Za-z][A-Za-z ]{0,24},")
_NAME = re.compile(r"[A-Z][a-z]{1,15}(?: [A-Z][a-z]{0,15}\.?)?")


def signs_off(lines: list[str]) -> bool:
    """Whether the last two lines are a letter's sign-off and a name ("Cheers,", "Mike")."""
    return len(lines) >= 2 and bool(_SIGN_OFF.fullmatch(lines[-2].strip()) and _NAME.fullmatch(lines[-1].strip()))


def without_label(span: str) -> str:
    """`span` without a label before its value ("Total: 15", "Mass(g): 5", "\\text{Total}: 5")."""
    label = LABEL.match(span)
    if label and any(c.isdigit() or c in "\\$" for c in span[label.end():]):
        return span[label.end():].lstrip("*_ ")
    return span


# a value a formula, cell or program is said to show: "the cell will display the result ..., which is:\n\\[\n18\n\\]",
# "it returns 5", "the output is 7" (stop 59): the value right after the verb or after a copula or colon; it ends its
# line or sentence
_SHOWN = re.compile(r"\b(?:display|return|output|print|show)(?:s|ed)?+\b(?:[^.\n]{0,80}?"
                    r"(?:\bwhich[ \t]++is|\bis|:|\bequals?))?[ \t:]*+(?:\n[ \t]*+)?(?:\\\[|\\\(|\${1,2}+)?+[ \t]*+"
                    r"(?:\n[ \t]*+)?(-?\d{1,30}+(?:,\d{3})*+(?:\.\d{1,30}+)?+)[ \t]*+"
                    r"(?=\n|\Z|[.,;!]|\\\]|\\\)|\$)", re.IGNORECASE)
# a formula rather than a value: an operator between operands, or a spreadsheet function ("INT(179 / 7)")
_FORMULA = re.compile(r"[\d)][ \t]*+(?:[-+*/^×÷]|\\div|\\times|\\cdot)[ \t]*+[\d(]|\b[A-Z]{2,12}+\(")


def shown_value(text: str, span: str) -> str | None:
    """The value that `text` says a formula, cell or program displays or returns (`_SHOWN`), where the answer span
    read from its end is that formula restated (`span` has no "=" but a leading one, is a formula and was written
    before the value): the value commits over the restated formula ("=8 + 8 \\div 2 + 2 ... will display the result
    ..., which is: 18 ... =8 + 8 \\div 2 + 2": 18). None otherwise."""
    formula = span.strip().lstrip("=").strip()
    if not formula or "=" in formula or not _FORMULA.search(formula):
        return None
    shown = None
    for shown in _SHOWN.finditer(text):
        pass
    if shown is None or not 0 <= text.find(formula) < shown.start():
        return None
    return shown.group(1)
