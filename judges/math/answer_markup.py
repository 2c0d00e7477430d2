"""Answers in markup around a model's output, for `extract`: `<answer>` tags, a JSON object's answer
field or key/value pair, a program's printed output, a template's copied "<unit>" slot; and the lines
that are markup, data or code rather than math (a code fence, a JSON member, a print statement);
LaTeX escaped twice and an end-of-proof mark."""
from __future__ import annotations

import re

# "<answer>12.62</answer>"; a JSON object's answer field ({"answer": 3}, "final_answer": "310"): the value
# is a JSON number or a string without quotes inside
_ANSWER_TAG = re.compile(r"<answer>\s*((?:(?!</?answer>).){1,400}?)\s*</answer>", re.DOTALL | re.IGNORECASE)
_JSON_ANSWER = re.compile(r'"(?:final_?answer|answer|final|result)"\s*:\s*(?:"((?:\\.|[^"\\\n]){1,400})"'
                          r'|(-?\d[\d.eE+-]{0,40}))', re.IGNORECASE)
# a key/value pair whose key names the answer: {"key": "answer", "value": 15}, {"name": "Final answer", "value": "3"}
_JSON_KEY_VALUE = re.compile(r'"(?:key|name|label|field)"\s*:\s*"(?:final[ _]?)?answer"\s*,\s*"value"\s*:\s*'
                             r'(?:"((?:\\.|[^"\\\n]){1,400})"|(-?\d[\d.eE+-]{0,40}))', re.IGNORECASE)
# the printed output of a program: the ToRA / Qwen2.5-Math "```output" block after the code
_PROGRAM_OUTPUT = re.compile(r"```\s*output[ \t]*\n((?:(?!```).){1,400}?)\n?```", re.DOTALL | re.IGNORECASE)
# a template slot the model copied unfilled: "Final answer: 30 <unit>"; a value before a copied unit slot,
# anywhere in a sentence, is the template's answer: "... for 1 hour <unit> if ..."
SLOT = re.compile(r"\s*<[A-Za-z][A-Za-z ]{0,19}>")
_UNIT_SLOT = re.compile(r"(?<![\w.,])(-?\d[\d,]*(?:\.\d+)?)(?:\s+[A-Za-z]{1,15})?\s*<units?>", re.IGNORECASE)
FENCE = re.compile(r"```\w*|[}\])]+[,;]?")  # markup lines: a code fence ("```", "```json"), closing brackets
# a line of data or code, not math: a JSON member or object ('"type": "json",', "'10': '10'",
# '{"steps": [1]}'), a print or return statement
CODE_LINE = re.compile(r'\{?\s*(["\'])[^"\'\n]{1,80}\1\s*:\s*\S.*|(?:print|console\.log|puts|echo|return)\b.*')
# LaTeX escaped twice (a JSON string pasted as text): "\\\\boxed{\\\\frac{1}{2}}"
_DOUBLED_COMMAND = re.compile(r"\\\\(?:boxed|[dt]?frac|sqrt|text|left|right|pi|cdot|times|[lg]eq?|infty|in|cup)"
                              r"(?![A-Za-z])")
# the end-of-proof mark after the last statement ("... $AE = PD$. $\\square"): no truncation, no answer
_PROOF_END = re.compile(r"\s*\$?\s*\\(?:square|blacksquare|qed|Box)\s*\$?\s*$|\s*(?:\u220e|Q\.E\.D\.?)\s*$")
_DOUBLED = re.compile(r"\\\\(?=[A-Za-z()\[\]])")


def undouble_escapes(text: str) -> str:
    """LaTeX escaped twice ("\\\\frac{1}{2}") as written once; text without a doubled command as is."""
    return _DOUBLED.sub(r"\\", text) if _DOUBLED_COMMAND.search(text) else text


def strip_proof_end(text: str) -> str:
    """`text` without an end-of-proof mark at its end (read in the tail only: linear time)."""
    found = _PROOF_END.search(text, max(0, len(text) - 80))
    return text[:found.start()] if found else text


def markup_answers(text: str, tail: int) -> list[tuple[int, str]]:
    """(position, value) of the last answer tag, JSON answer field and answer key/value pair in the
    last `tail` characters; JSON's escaped backslashes undone."""
    offset = max(0, len(text) - tail)
    found = []
    for pattern in (_ANSWER_TAG, _JSON_ANSWER, _JSON_KEY_VALUE):
        found += [(offset + m.start(), next(g for g in m.groups() if g is not None))
                  for m in pattern.finditer(text[offset:])][-1:]
    return [(p, v.replace("\\\\", "\\")) for p, v in found if v.strip()]


def program_output(text: str, tail: int) -> tuple[int, str] | None:
    """The last printed line of the last "```output" block in the last `tail` characters, with its position."""
    offset = max(0, len(text) - tail)
    ms = list(_PROGRAM_OUTPUT.finditer(text[offset:]))
    lines = [ln for ln in ms[-1].group(1).strip().split("\n") if ln.strip()] if ms else []
    return (offset + ms[-1].start(), lines[-1]) if lines else None


def unit_slot(text: str) -> tuple[int, str, str] | None:
    """The last value before a copied "<unit>" slot: (position, its sentence up to the value, the whole sentence)."""
    m = list(_UNIT_SLOT.finditer(text))[-1:]
    if not m:
        return None
    start = max(text.rfind("\n", 0, m[0].start()), text.rfind(". ", 0, m[0].start())) + 1
    ends = [i for i in (text.find("\n", m[0].end()), text.find(". ", m[0].end())) if i >= 0]
    return m[0].start(), SLOT.sub("", text[start:m[0].end()]), text[start:min(ends, default=len(text))]
