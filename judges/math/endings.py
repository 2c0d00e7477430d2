"""Where the usable text of an output cut off at the token limit ends, for `extract` (stop 56).

- `before_loop`: an output that ends in a loop, a line said again and again ("3 = 3 * 10" four times, one sentence
  thirty times), was cut off while looping. The loop is the tail from the first line, at or before the first line
  said three times or more among the last 40 lines but the last one (which must start a looped line again, cut
  off), from which on every line (numbered labels, bullets and blanks aside) is said again later, and nine lines in
  ten of the tail are such. Only a loop that states no value counts: its lines hold no digit but in false equations
  of numbers ("3 = 3 * 10"); a loop that repeats a value ("The answer is 45." ten times, a JSON object twice)
  states it and is read as it is. The answer is read from the text before such a loop, and there is none where
  that text ends in a label (":"): the loop filled the answer's slot.
- `before_open_program`: an output that ends inside a code block it opened to verify or check a result it stated
  ("Let's implement this in Python to verify our solution.\n```python ..." without a closing fence or output) is
  read from the text before that block, where the result stands; the unfinished code states nothing.
- `before_open_check`: an output cut off (its last line ends without a sentence's end: no ".", "!", "?", bracket,
  `$` or `*`) inside a check it opened after a conclusion (a line "Check the answer by working backwards:", "**Step 3:
  Check if ...**", "To verify our answer, ...", after a sentence with "therefore", "so", "thus", "hence" or
  "answer" in the 300 characters before it; the first such line of the last 3,000 characters) is read from the text
  before the check: the numbers of an unfinished check are its working, not its answer. Not where the check finds a
  fault ("not", "wrong", "mistake", "but", "however", ...) or states an answer (a marker, a box) of its own.
"""
from __future__ import annotations

import re

from judgesuite.judges.math.answer_markers import AUTO_MARKERS

_LABEL = re.compile(r"^[ \t]*+(?:[-*\u2022>]+[ \t]*+)?(?:\(?\d{1,3}[.)][ \t]*+)?")
_OPEN_FENCE = re.compile(r"^[ \t]*```", re.MULTILINE)
# the sentence before the code says it checks what was stated: "to verify our solution", "Let's check this"
_VERIFY = re.compile(r"\b(?:verif(?:y|ies|ied|ying)|check(?:s|ing)?|confirm(?:s|ing)?|double-check)\b[^\n]{0,120}"
                     r"[:.]?[ \t]*\n?[ \t]*\Z", re.IGNORECASE)


_CHECK = re.compile(r"^[ \t]*+(?:\d{1,2}[.)][ \t]*+)?(?:[*#]+[ \t]*+)?(?:step[ \t]*+\d{1,2}[ \t]*+:[ \t]*+)?"
                    r"(?:(?:to|let's|let us|now,?|we can|we)[ \t]++)?(?:check|verify|verification)\b[^\n]{0,200}\n",
                    re.IGNORECASE | re.MULTILINE)
# a check that finds a fault or states an answer of its own is no mere working
_FAULT = re.compile(r"\b(?:not|never|wrong|incorrect|mistake|error|mismatch|contradict\w*|however|but|actually|wait)\b"
                    r"|n't\b", re.IGNORECASE)
_CONCLUSION = re.compile(r"\b(?:therefore|so|thus|hence|answer)\b", re.IGNORECASE)
_EQUATION = re.compile(r"(-?\d{1,9})[ \t]*=[ \t]*(-?\d{1,9})[ \t]*([-+*\u00d7])[ \t]*(-?\d{1,9})")


def _key(line: str) -> str:
    return _LABEL.sub("", line).strip()


def _states_nothing(key: str) -> bool:
    """Whether a looped line states no value: no digit, or a false equation of numbers ("3 = 3 * 10")."""
    if not re.search(r"\d", key):
        return True
    m = _EQUATION.fullmatch(key)
    if m is None:
        return False
    a, b, op, c = int(m.group(1)), int(m.group(2)), m.group(3), int(m.group(4))
    return a != (b + c if op == "+" else b - c if op == "-" else b * c)


def before_loop(text: str) -> str | None:
    """The text before the loop an output ends in (see the module docstring); None where it ends in none."""
    lines = text.split("\n")
    if len(lines) < 6:
        return None
    body = lines[:-1]  # the last line may be cut mid-word: the start of a looped line
    keys = [_key(ln) for ln in body]
    tail = [i for i in range(max(0, len(body) - 40), len(body)) if re.search(r"\w", keys[i])]
    counts: dict[str, int] = {}
    for i in tail:
        counts[keys[i]] = counts.get(keys[i], 0) + 1
    looped = [i for i in tail if counts[keys[i]] >= 3]
    if not looped:
        return None
    later = {keys[i] for i in tail if i > looped[0]}
    start = looped[0]
    for i in reversed([i for i in tail if i < looped[0]]):
        if keys[i] not in later:
            break
        start = i
    region = [i for i in tail if i >= start]
    again = sum(1 for i in region if any(keys[j] == keys[i] for j in region if j != i))
    if len(region) < 4 or again * 10 < len(region) * 9 or not all(_states_nothing(keys[i]) for i in region):
        return None
    last = _key(lines[-1])
    if last and not any(keys[i].startswith(last) for i in region):
        return None  # the output ends on a line of its own after the loop ("The answer is 640")
    return "\n".join(lines[:start]).rstrip()


def ends_in_label(text: str) -> bool:
    """Whether text ends in a label that awaits its value ("Answer:", "الإجابة:")."""
    return text.rstrip().endswith((":", "\uff1a"))


def before_open_program(text: str) -> str | None:
    """The text before a code block left open at the output's end that verifies a stated result; else None."""
    fences = list(_OPEN_FENCE.finditer(text))
    if len(fences) % 2 == 0:
        return None
    before = text[:fences[-1].start()].rstrip()
    if not _VERIFY.search(before[-200:]):
        return None
    return before


def before_open_check(text: str) -> str | None:
    """The text before a check left unfinished at the output's end, opened after a conclusion; else None."""
    tail = text.rstrip()
    if not tail or tail[-1] in ".!?)]}$*`\u3002":
        return None
    for check in _CHECK.finditer(text, max(0, len(text) - 3000)):  # the first check after a conclusion
        before = text[:check.start()].rstrip()
        if _CONCLUSION.search(before[-300:]):
            after = text[check.start():]
            return None if AUTO_MARKERS.search(after) or _FAULT.search(after) or "\\boxed" in after else before
    return None
