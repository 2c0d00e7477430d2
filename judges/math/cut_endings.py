"""An output cut off at the token limit right after it stated its value, for `extract` (stop 58).

`before_cut_ending`: the output's last line is a fragment that states nothing, and the text before it is read:
- an unfinished conclusion: a line that opens with "Therefore", "Thus", "So", "Hence", "Consequently", "In
  conclusion", "In summary", "Finally" or "To summarize", words and commas only (no digit, formula, bracket or
  sentence end), at most 12 words ("\\[ 16 \\times (-8) = -128 \\]\n\nTherefore, the": -128);
- a summary's heading that awaits its content: a line of words ending in ":" (perhaps a list marker, "#", "Step N:"
  or bold around it) with no digit but in its marker, that names a summary, conclusion or recap ("x = 6\n\n6.
  **Summarize the solution in three bullet points:**": 6); a summary restates what was found. Another step's heading
  ("4. **Combined Total:**") awaits a new value: read as before.
- a restatement of the last equation's left side, cut inside its formula (stop 59): a line "The value of <the
  start of that side>" ("So, the final value of"; inline "\\(", "$" allowed) right after a line "<side> = <value>"
  ("\\[ j + 2k = 29 \\]\n\nThe value of \\(j +": 29); the fragment must be a non-empty start of that side, with no
  "=", copula or doubt word, so it restates the quantity just found and can state nothing else. The reply names that
  side as the quantity it gives, so the equation is read as its value ("\\[ 29 \\]").
Not where the fragment names an answer or result or has a copula (its value's slot was cut: "Therefore, the final
answer is", "**Final Answer:**", "So the total is:" read as before), doubts or corrects ("but", "however", "wait",
"not", "mistake", "wrong", "error", "alternative", "again", "check", "verify", "actually"), or where nothing stands
before it.

`cut_doubt`: the output ends in an unfinished sentence that opens with a doubt or a correction ("But wait, the",
"Hmm, let me", "However, the", "Actually, I", "Let me recheck") or names a fault ("So, the mistake"): words and commas
only, at most 12 words, no digit. It was about to revise its value, so it commits to nothing (found probing:
"\\[ x = 6 \\]\n\nBut wait, the" read 6).
"""
from __future__ import annotations

import re

_CONCLUSION = re.compile(r"(?:therefore|thus|so|hence|consequently|in[ \t]+conclusion|in[ \t]+summary|finally"
                         r"|to[ \t]+summari[sz]e)\b[A-Za-z ,'\t]{0,100}+", re.IGNORECASE)
_HEADING = re.compile(r"(?:#{1,6}[ \t]*+)?(?:\d{1,2}[.)][ \t]*+)?(?:\*\*)?(?:step[ \t]*+\d{1,2}[ \t]*+[:.][ \t]*+)?"
                      r"[A-Za-z][A-Za-z ,'\t-]{0,100}+(?:\*\*)?[ \t]*+:[ \t]*+(?:\*\*)?", re.IGNORECASE)
_NAMES_SLOT_OR_DOUBT = re.compile(r"\b(?:answers?|results?|final|solutions?\s+is|but|however|wait|not|no|mistakes?"
                                  r"|wrong|errors?|incorrect|alternatives?|again|check\w*|verif\w*|actually|instead"
                                  r"|or|maybe|perhaps|if|is|are|was|were|be|equals?|gives?|becomes?)\b|n't\b",
                                  re.IGNORECASE)

_SUMMARY = re.compile(r"\b(?:summar\w*|conclu\w*|recap\w*)", re.IGNORECASE)


_RESTATES = re.compile(r"(?:(?:so|thus|therefore|hence|finally),?[ \t]++)?the[ \t]++(?:(?:final|required|desired)"
                       r"[ \t]++)?value[ \t]++of[ \t]++(?:\\\(|\$)?+([^=\n]{1,60}+)", re.IGNORECASE)
_MATH_MARKS = re.compile(r"\\[\[\]()]|\$|\s")
_OPENING = re.compile(r"[ \t]*+(?:\\[\[(]|\${1,2}+)?+[ \t]*+")


def _restated_value(last: str, before: str) -> str | None:
    """`before` with its last equation's left side dropped where `last` restates that side, cut off (see the module
    docstring): the reply names that side as the quantity it gives, so its value is the answer; else None."""
    m = _RESTATES.fullmatch(last)
    if m is None or _NAMES_SLOT_OR_DOUBT.search(m.group(1)):
        return None
    lines = [ln for ln in before.split("\n")[-3:] if _MATH_MARKS.sub("", ln)]
    if not lines or lines[-1].count("=") != 1:
        return None
    left, right = lines[-1].split("=")
    side, fragment = _MATH_MARKS.sub("", left), _MATH_MARKS.sub("", m.group(1))
    if not fragment or not re.search(r"\d", right) or not side.startswith(fragment):
        return None
    at = before.rfind(lines[-1])
    opening = _OPENING.match(left).group()
    return before[:at] + opening + right.lstrip() + before[at + len(lines[-1]):]


def before_cut_ending(text: str) -> str | None:
    """The text before a last line that is an unfinished conclusion, a heading awaiting its content or a cut
    restatement of the last equation's side (see the module docstring); None where the output ends otherwise."""
    body = text.rstrip()
    cut = body.rfind("\n")
    if cut < 0:
        return None
    last, before = body[cut + 1:].strip(), body[:cut].rstrip()
    restated = _restated_value(last, before) if before else None
    if restated is not None:
        return restated
    if not before or len(last.split()) > 12 or _NAMES_SLOT_OR_DOUBT.search(last):
        return None
    if _CONCLUSION.fullmatch(last) or (_HEADING.fullmatch(last) and _SUMMARY.search(last)):
        return before
    return None


_DOUBT_OPENER = re.compile(r"(?:but|wait|hmm+|however|actually|oops|hold[ \t]+on|on[ \t]+second[ \t]+thought"
                           r"|let(?:[ \t]+me|'s|[ \t]+us)[ \t]+(?:re\w*|double|check|verify)|no,)\b", re.IGNORECASE)
_WORDS_ONLY = re.compile(r"[A-Za-z][A-Za-z ,'\t-]{0,100}+")
_FAULT = re.compile(r"\b(?:mistakes?|wrong|errors?|incorrect|miscalculat\w*)\b", re.IGNORECASE)


def cut_doubt(text: str) -> bool:
    """Whether the output's last line is an unfinished doubt or correction after a value (see the module docstring)."""
    body = text.rstrip()
    last = body[body.rfind("\n") + 1:].strip()
    return "\n" in body and len(last.split()) <= 12 and bool(_WORDS_ONLY.fullmatch(last)) and bool(
        _DOUBT_OPENER.match(last) or _FAULT.search(last))
