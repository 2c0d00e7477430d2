"""Answer markers, for `extract`: the phrases after which a committed answer starts ("Final answer:", "The answer
is", "Answer:", "####", an "## Answer" heading, a correction "Actually, it is", and their French, Spanish, German,
Italian, Portuguese, Dutch, Polish, Turkish, Greek, Chinese, Japanese, Korean and Russian forms), Lighteval's two,
and the cleaned span after each."""
from __future__ import annotations

import re

from judgesuite.judges.math.answer_markup import CODE_LINE, INTRO, PARAGRAPH
from judgesuite.judges.math.span_cleaning import clean_span

# after a verb form of a marker ("la risposta è"): a value or a negation, not a word ("la risposta è questa")
_VALUE_NEXT = r"(?=[ \t]*+(?:[-+$\\(\d:]|(?:non|não|niet|nie|όχι|δεν)\b))"
AUTO_MARKERS = re.compile(
    r"final[\s_]+answer(?![\"\w>])(?!\s+(?:to|and|or|must|can|could|that|with)\b)\s*(?:,\s*which\s+)?(?:is|:|=)?\s*:?"
    r"|(?:the|my|our)\s+(?:final\s+|correct\s+)?answer\s+(?:to\s+(?:[^?\n]{1,200}\?\s*|[^\n.?:]{1,100}?\s+))?"
    r"(?:is|would be|will be)(?![\w'\u2019])\s*:?"
    r"|(?:(?<=[.!?]\s)|(?m:^))(?:actually|wait|no|sorry|correction)[,!:]?\s+(?:it|that)\s*"
    r"(?:is|'s|should be|must be)\s*:?"
    r"|\banswers?(?:\*\*)?\s*(?:is\s*)?:|(?m:^[ \t]*A[ \t]*:)|####|(?m:^#+\s*(?:final\s+)?answers?\s*:?\s*$)"
    r"|\b(?:the\s+)?(?:answers|solutions|roots)\s+are\s*:?"
    r"|\br[ée]ponse(?:\s+finale)?\s*(?::|est\b)|\brespuesta(?:\s+final)?\s*(?::|es\b)"
    r"|\brisposta(?:\s+finale)?\s*(?::|è" + _VALUE_NEXT + r")|\bresposta(?:\s+final)?\s*(?::|é" + _VALUE_NEXT + r")"
    r"|\bantwoord(?:\s+is" + _VALUE_NEXT + r"|\s*:)|\bodpowied[źz](?:\s+to" + _VALUE_NEXT + r"|\s*:)"
    r"|\b(?:cevap|yan[ıi]t)\s*:"
    r"|(?<![\uac00-\ud7a3])(?:최종[ \t]*)?답(?:은|는|[ \t]*[:：])"
    r"|\b(?:die\s+)?antwort(?:\s+ist|\s+lautet|\s*:|\s+(?=-?\d))"
    r"|答案(?:是|为|為|:|：)|答え(?:は|:|：)|(?m:^[ \t]*答[ \t]*[:：])|정답(?:은|는|[ \t]*[:：])"
    r"|(?m:^[ \t]*Ответ[ \t]*:)|\b(?:τελικ[ήη][ \t]+)?απ[άα]ντηση(?:[ \t]*:|[ \t]+ε[ίι]ναι" + _VALUE_NEXT + r")",
    re.IGNORECASE)
LIGHTEVAL_MARKERS = re.compile(r"final\s+answer\s+is\s*:?|\banswer\s*:", re.IGNORECASE)
_STRAY_MARK = re.compile(r"(\d)([*_])[\s.]*$")


def marker_spans(text: str, pattern: re.Pattern, last: int = 5) -> list[tuple[int, str, str]]:
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
            span, whole = clean_span(line), text[text.rfind("\n", 0, m.start()) + 1:end if end >= 0 else n]
            stray = _STRAY_MARK.search(line)  # "Final answer: 3_": a lone mark, no emphasis, stays (unreadable)
            if stray and whole.count(stray.group(2)) == 1 and span.endswith(stray.group(1)):
                span += stray.group(2)
            out.append((m.start(), span, line))
    return out
