"""The judge-free filter of the model-written math answer-style corpus (scripts/build_model_math_styles.py): numbers
as a prompt writes them, and every value a number in a reply can be read as, so a reply is kept only when it states
the number asked for and not the other side's. A plain scan; no judge of the project.
"""
from __future__ import annotations

import re


def value(text: str) -> float:
    return float(text.replace(",", ""))


def written(x: float, locale: str = "en") -> str:
    """`x` as the prompt writes it: English 1,400.5; French 1 400,5; German 1.400,5."""
    whole = f"{int(abs(x)):,}"
    frac = f"{abs(x):.10f}".rstrip("0").split(".")[1] if x != int(x) else ""
    sep, dec = {"en": (",", "."), "fr": (" ", ","), "de": (".", ",")}[locale]
    return ("-" if x < 0 else "") + whole.replace(",", sep) + (dec + frac if frac else "")


# A digit run with optional group separators (comma, dot, apostrophe, a space before three digits) and decimals.
_NUM = re.compile(r"(?<![\d])-?\d+(?:(?:[,.'\u00a0\u202f]|[ ](?=\d{3}(?!\d)))\d+)*")


def readings(token: str, strict: bool) -> set[float]:
    """The values a written number can mean. Strict: all separators as thousands marks (1.400 = 1400),
    or the last one as the decimal mark (1.400 = 1.4; 1 400,5 = 1400.5), thousands groups having
    three digits. Loose (strict=False) adds every digit run on its own (3,4 as a list; 45.53.53)."""
    parts = re.split(r"[ ,.'\u00a0\u202f]", token.lstrip("-"))
    out = set() if strict else {float(p) for p in parts}
    if all(len(p) == 3 for p in parts[1:]):
        out.add(float("".join(parts)))
    if len(parts) > 1 and all(len(p) == 3 for p in parts[1:-1]):
        out.add(float("".join(parts[:-1]) + "." + parts[-1]))
    return out


def numbers_in(text: str, strict: bool = True) -> list[set[float]]:
    """The possible values of every number in `text`, in order. A plain scan, no judge of the project."""
    return [readings(m.group(), strict) for m in _NUM.finditer(text)]


def has(found: list[set[float]], x: float) -> bool:
    return any(any(abs(v - abs(x)) < 1e-9 for v in vals) for vals in found)


def keep_reason(reply: str, intended: float, other: float, known: set[float]) -> str:
    """'kept', or why the reply is dropped. `known`: the numbers of the prompt (question, solution, the
    rejected alternative); a reply whose last number after the intended one is new may conclude otherwise."""
    strict, loose = numbers_in(reply), numbers_in(reply, strict=False)
    if not reply.strip():
        return "empty reply"
    if not has(strict, intended):
        return "intended number absent"
    if has(loose, other):
        return "other number present"
    last = max(i for i, vals in enumerate(strict) if any(abs(v - abs(intended)) < 1e-9 for v in vals))
    for vals in loose[last + 1:]:
        if not vals & known and not any(v <= 10 and v == int(v) for v in vals):  # step numbers 1..10 allowed
            return "new number after the intended one"
    return "kept"
