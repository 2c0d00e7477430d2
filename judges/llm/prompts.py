"""The seed's LLM-judge prompts (BERT-as-a-Judge, Appendix A, Tables 9-10), verbatim, and their parsing.

Accepted replies (documented rule; anything else is a no-verdict "invalid_output"):
- direct prompt: the whole reply must be the verdict, either the form the prompt asks
  for ("Final answer: True") or the bare word the paper's text mentions ("True"); case,
  surrounding whitespace, quotes, asterisks, one trailing period and a leading list
  bullet ("- ", copied from the prompt's option list) are ignored;
- reasoning prompt: the last "Final answer: True/False" in the reply counts (the prompt
  asks the model to *conclude* with it); failing that, a last line that is a bare
  "True"/"False".
"""
from __future__ import annotations

import re

_HEAD = """You are an expert evaluator. Your task is to determine whether the CANDIDATE response
correctly answers the QUESTION.
Judge the CANDIDATE as correct only if its final answer, disregarding any intermediate
reasoning or explanation, is semantically equivalent to the
REFERENCE with respect to the QUESTION.
Base your judgment solely on the information given. Do not rely on external knowledge.

"""


def delimited(label: str, slot: str) -> str:
    """One field's block in every prompt: "[LABEL starts here]", the {slot}, "[LABEL ends here]"."""
    return f"[{label} starts here]\n{{{slot}}}\n[{label} ends here]\n\n"


_HEAD += delimited("QUESTION", "question")
_REFERENCE = delimited("REFERENCE", "reference")
_CANDIDATE = delimited("CANDIDATE", "candidate")
_DIRECT_TAIL = """Respond with exactly one of the following strings (add no additional text):
- "Final answer: True" if the CANDIDATE is correct
- "Final answer: False" if the CANDIDATE is incorrect"""
_COT_TAIL = """Conclude your response with exactly one of the following:
- "Final answer: True" if the CANDIDATE is correct
- "Final answer: False" if the CANDIDATE is incorrect"""

DIRECT_PROMPT = _HEAD + _REFERENCE + _CANDIDATE + _DIRECT_TAIL
COT_PROMPT = _HEAD + _REFERENCE + _CANDIDATE + _COT_TAIL
PROMPTS = {"direct": DIRECT_PROMPT, "cot": COT_PROMPT}

_VERDICT = r"(true|false)"
_DIRECT_RE = re.compile(rf"(?:final\s+answer\s*:\s*)?{_VERDICT}", re.IGNORECASE)
_COT_RE = re.compile(rf"final\s+answer\s*:[\"'*\s]*{_VERDICT}\b", re.IGNORECASE)
_STRIP = " \t\r\n\"'*`"


def join_references(references: tuple[str, ...] | list[str]) -> str:
    """Several acceptable references go into the one {reference} slot, one per line."""
    refs = [r for r in references]
    return refs[0] if len(refs) == 1 else "\n".join(f"- {r}" for r in refs)


def render(kind: str, question: str, reference: str, candidate: str, reference_first: bool = True) -> str:
    """Fill a prompt. `reference_first=False` swaps the REFERENCE and CANDIDATE blocks
    (the voting judge's shuffling); the text of every block stays verbatim."""
    tail = _DIRECT_TAIL if kind == "direct" else _COT_TAIL
    if kind not in PROMPTS:
        raise ValueError(f"unknown prompt {kind!r}; use one of {', '.join(PROMPTS)}")
    ref = _REFERENCE.replace("{reference}", reference)
    cand = _CANDIDATE.replace("{candidate}", candidate)
    # Plain replacement, not str.format: questions and answers are full of braces.
    head = _HEAD.replace("{question}", question)
    return head + (ref + cand if reference_first else cand + ref) + tail


def parse_direct(reply: str) -> bool | None:
    """True/False for an accepted direct reply, None for anything else."""
    text = reply.strip(_STRIP)
    if text.startswith("- "):
        text = text[2:].strip(_STRIP)
    if text.endswith("."):
        text = text[:-1].strip(_STRIP)
    m = _DIRECT_RE.fullmatch(text)
    return None if m is None else m.group(1).lower() == "true"


def parse_cot(reply: str) -> bool | None:
    """The last "Final answer: True/False", else a bare True/False last line, else None."""
    found = _COT_RE.findall(reply)
    if found:
        return found[-1].lower() == "true"
    lines = [ln for ln in reply.strip().splitlines() if ln.strip(_STRIP)]
    return parse_direct(lines[-1]) if lines else None


PARSERS = {"direct": parse_direct, "cot": parse_cot}


# Several candidates for one question in one prompt (an option of `llm-vote`): the seed's
# prompt with the CANDIDATE block repeated and numbered, and one verdict line per candidate.
_MULTI_HEAD = _HEAD.replace(
    "determine whether the CANDIDATE response\ncorrectly answers", "determine whether each CANDIDATE response\n"
    "correctly answers").replace("Judge the CANDIDATE as correct", "Judge a CANDIDATE as correct")
_MULTI_TAILS = {
    "direct": "Respond with exactly one line per CANDIDATE, in order (add no additional text):\n",
    "cot": "Conclude your response with exactly one line per CANDIDATE, in order:\n",
}
_MULTI_RE = re.compile(r"candidate\s*#?\s*(\d+)\s*[\"'*]*\s*[:=\-]\s*[\"'*\s]*(?:final\s+answer\s*:[\"'*\s]*)?"
                       rf"{_VERDICT}\b(?![\"'*\s]*if\b)", re.IGNORECASE)  # not an echo of the instruction lines


def render_multi(kind: str, question: str, reference: str, candidates: list[str],
                 reference_first: bool = True) -> str:
    """Fill the multi-candidate prompt; candidates are numbered 1..n in the order given."""
    if kind not in _MULTI_TAILS:
        raise ValueError(f"unknown prompt {kind!r}; use one of {', '.join(_MULTI_TAILS)}")
    ref = _REFERENCE.replace("{reference}", reference)
    cands = "".join(f"[CANDIDATE {i} starts here]\n{c}\n[CANDIDATE {i} ends here]\n\n"
                    for i, c in enumerate(candidates, 1))
    lines = "".join(f'- "Candidate {i}: True" if CANDIDATE {i} is correct, '
                    f'"Candidate {i}: False" if it is incorrect\n' for i in range(1, len(candidates) + 1))
    head = _MULTI_HEAD.replace("{question}", question)
    return head + (ref + cands if reference_first else cands + ref) + _MULTI_TAILS[kind] + lines.rstrip("\n")


def parse_multi(reply: str, n: int, kind: str = "direct") -> list[bool | None]:
    """One verdict per candidate 1..n from "Candidate i: True/False" lines, None where missing.

    direct: a candidate given both True and False is None (contradiction); reasoning: its
    last line counts (the prompt asks to conclude with the verdicts). Numbers outside
    1..n are ignored.
    """
    found: dict[int, list[bool]] = {}
    for idx, word in _MULTI_RE.findall(reply):
        i = int(idx)
        if 1 <= i <= n:
            found.setdefault(i, []).append(word.lower() == "true")
    out: list[bool | None] = []
    for i in range(1, n + 1):
        seen = found.get(i)
        if not seen:
            out.append(None)
        elif kind == "cot":
            out.append(seen[-1])
        else:
            out.append(seen[0] if len(set(seen)) == 1 else None)
    return out
