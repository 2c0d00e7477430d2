"""Candidate-generation prompts of BERT-as-a-Judge (Appendix A, Tables 7-8), verbatim.

A prompt is the task category's base prompt (Table 7), then, for the soft and strict
formats, a blank line ("\\n\\n") and the format's suffix (Table 8). Free adds nothing.
Fields are filled by plain replacement, never `str.format`: questions are full of braces.

Open QA and free-form multiple choice (our bundled NQ and GPQA/MMLU-Pro free-form sets) are
not among the paper's three categories; they use the open-form prompt (`{question}`) with
the suffix target "the answer to the question" (`EXTENSION_TARGETS`, ours, not the paper's).
"""
from __future__ import annotations

import string

FORMATS = ("free", "soft", "strict")
DEFAULT_FORMAT = "soft"
LOGLIK = "loglik"  # the log-likelihood mode of multiple choice (no suffix, no generation)

MULTIPLE_CHOICE = "multiple_choice"
CONTEXT_EXTRACTION = "context_extraction"
OPEN_MATH = "open_math"
OPEN_QA = "open_qa"
CATEGORIES = (MULTIPLE_CHOICE, CONTEXT_EXTRACTION, OPEN_MATH, OPEN_QA)

# Table 7.
MC_HEAD = "Answer the following multiple-choice question.\n\nQuestion: {question}\n\nChoices:\n"
CONTEXT_PROMPT = "Answer the question based on the provided context.\n\nContext:\n{context}\n\nQuestion: {question}"
OPEN_PROMPT = "{question}"

# Table 8: the X each category's suffix asks for.
TARGETS = {
    MULTIPLE_CHOICE: "the letter of the correct choice",
    CONTEXT_EXTRACTION: "the exact span from the context that answers the question",
    OPEN_MATH: "the computed solution",
}
EXTENSION_TARGETS = {OPEN_QA: "the answer to the question"}
SOFT_SUFFIX = 'Conclude your response with "Final answer: X", where X is {target}.'
STRICT_SUFFIX = 'Respond only with the exact format "Final answer: X", where X is {target}.'

# Our task types -> the paper's task categories.
CATEGORY_OF_TASK = {
    "multiple_choice": MULTIPLE_CHOICE,
    "context_qa": CONTEXT_EXTRACTION,
    "math": OPEN_MATH,
    "open_qa": OPEN_QA,
    "multiple_choice_freeform": OPEN_QA,
}


def letters(n: int) -> str:
    if not 1 <= n <= 26:
        raise ValueError(f"multiple choice needs 1 to 26 choices, got {n}")
    return string.ascii_uppercase[:n]


def suffix(category: str, fmt: str) -> str:
    """The Table 8 suffix of a category and format ("" for free)."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    target = TARGETS.get(category) or EXTENSION_TARGETS.get(category)
    if target is None:
        raise ValueError(f"unknown task category {category!r}; choose one of {', '.join(CATEGORIES)}")
    if fmt == "free":
        return ""
    return (SOFT_SUFFIX if fmt == "soft" else STRICT_SUFFIX).replace("{target}", target)


def base_prompt(category: str, question: str, choices: tuple[str, ...] | list[str] | None = None,
                context: str | None = None) -> str:
    """The Table 7 prompt of a category, filled."""
    if category == MULTIPLE_CHOICE:
        if not choices:
            raise ValueError("a multiple-choice prompt needs choices")
        lines = "\n".join(f"{letter}) {choice}" for letter, choice in zip(letters(len(choices)), choices))
        return MC_HEAD.replace("{question}", question) + lines
    if category == CONTEXT_EXTRACTION:
        if context is None:
            raise ValueError("a context-extraction prompt needs a context")
        # One pass over the template, so a context containing "{question}" stays literal.
        head, _, tail = CONTEXT_PROMPT.partition("{context}")
        return head + context + tail.replace("{question}", question)
    if category in (OPEN_MATH, OPEN_QA):
        return OPEN_PROMPT.replace("{question}", question)
    raise ValueError(f"unknown task category {category!r}; choose one of {', '.join(CATEGORIES)}")


def build_prompt(category: str, fmt: str, question: str, choices: tuple[str, ...] | list[str] | None = None,
                 context: str | None = None) -> str:
    """Base prompt + "\\n\\n" + suffix (free: the base prompt alone)."""
    base = base_prompt(category, question, choices, context)
    tail = suffix(category, fmt)
    return base + "\n\n" + tail if tail else base


def loglik_continuations(choices: tuple[str, ...] | list[str]) -> list[str]:
    """What the log-likelihood mode appends to the multiple-choice prompt: "A) choice" per option."""
    return [f"{letter}) {choice}" for letter, choice in zip(letters(len(choices)), choices)]
