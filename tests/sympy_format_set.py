"""The format-variety set of issue 4, built from real GSM8K rows of the bundled set.

For each real question we take its gold answer N, the reasoning of a real correct
output, and a real wrong final answer W with the reasoning of that wrong output. Each
family then writes N (label True) and W or another wrong value (label False) in its
surface forms, appended to that reasoning. Labels hold by construction. Sets, tuples
and intervals pair two questions' gold answers.
"""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from judgesuite.judges import Sample
from judgesuite.suite.data.loader import load_bundled

_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
         "fourteen fifteen sixteen seventeen eighteen nineteen").split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def words(n: int) -> str:
    """English number words, British "and": 105 -> 'one hundred and five'."""
    if n < 0:
        return "minus " + words(-n)
    if n < 20:
        return _ONES[n]
    if n < 100:
        return _TENS[n // 10] + ("-" + _ONES[n % 10] if n % 10 else "")
    if n < 1000:
        rest = n % 100
        return _ONES[n // 100] + " hundred" + (" and " + words(rest) if rest else "")
    for scale, name in ((10**9, "billion"), (10**6, "million"), (1000, "thousand")):
        if n >= scale:
            rest = n % scale
            tail = "" if not rest else (" and " if rest < 100 else " ") + words(rest)
            return words(n // scale) + " " + name + tail
    raise ValueError(n)


def sci(n: int) -> tuple[str, str]:
    """(mantissa, exponent) strings of n in scientific notation, exact: 3160 -> ('3.16', '3')."""
    sign, d = ("-" if n < 0 else ""), str(abs(n))
    frac = d[1:].rstrip("0")
    return sign + d[0] + ("." + frac if frac else ""), str(len(d) - 1)


def _thousands(n: int, sep: str) -> str:
    return f"{n:,}".replace(",", sep)


@dataclass(frozen=True)
class Question:
    qid: str
    question: str
    reference: str  # the row's reference text, e.g. "1,234"
    gold: int
    right_reasoning: str
    wrong: int
    wrong_reasoning: str


_FINAL = re.compile(r"\nA:\s*(-?[\d,]+)\s*$")


def questions(split: str = "test") -> list[Question]:
    """Questions with a real correct output and a real integer wrong answer, in id order."""
    by_q: dict[str, list] = defaultdict(list)
    for r in load_bundled("gsm8k-openai-solutions", split).rows:
        by_q[r.question_id].append(r)
    out = []
    for qid in sorted(by_q):
        rows = by_q[qid]
        ref = rows[0].sample.references[0]
        gold = int(ref.replace(",", ""))
        right = next((r for r in rows if r.label and _FINAL.search(r.sample.candidate)), None)
        wrong = None
        for r in rows:
            m = _FINAL.search(r.sample.candidate)
            if r.label is False and m and int(m.group(1).replace(",", "")) != gold:
                wrong = (r, int(m.group(1).replace(",", "")))
                break
        if right is None or wrong is None:
            continue
        out.append(Question(qid, right.sample.question, ref, gold,
                            _FINAL.sub("", right.sample.candidate), wrong[1],
                            _FINAL.sub("", wrong[0].sample.candidate)))
    return out


def _forms(family: str, v: int) -> list[str]:
    m, e = sci(v)
    return {
        "thousands": [f"The answer is ${_thousands(v, '{,}')}$.", f"Final answer: {_thousands(v, ',')}",
                      f"\\boxed{{{_thousands(v, '{,}')}}}"],
        "dollars": [f"The answer is \\${v}.", f"Final answer: ${v}", f"So she has $\\${v}$ left.\n\\boxed{{\\${v}}}"],
        "units_text": [f"\\boxed{{{v} \\text{{ dollars}}}}", f"Final answer: {v} apples",
                       f"The answer is {v} \\text{{cm}}^2."],
        "percent": [f"Final answer: {v}\\%", f"The answer is {v} percent.", f"\\boxed{{{v}\\%}}"],
        "trailing_zeros": [f"Final answer: {v}.00", f"\\boxed{{{v}.0}}", f"The answer is ${v}.000$."],
        "scientific": [f"Final answer: {m}e{e}", f"The answer is ${m} \\times 10^{{{e}}}$.",
                       f"\\boxed{{{m}\\cdot 10^{e}}}"],
        "number_words": [f"Final answer: {words(v)}", f"The answer is {words(v)}.",
                         f"**Answer:** {words(v).capitalize()}"],
        "fractions": [f"\\boxed{{\\frac{{{2 * v}}}{{2}}}}", f"Final answer: $\\dfrac{{{3 * v}}}{{3}}$",
                      f"The answer is {4 * v}/4.", f"\\boxed{{\\tfrac{{{5 * v}}}{{5}}}}"],
        "sqrt": [f"\\boxed{{\\sqrt{{{v * v}}}}}", f"Final answer: $\\sqrt{{{v * v}}}$"],
        "pi": [f"\\boxed{{\\frac{{{v}\\pi}}{{\\pi}}}}", f"Final answer: ${v} \\pi / \\pi$"],
        "degrees": [f"Final answer: ${v}^\\circ$", f"The answer is {v}°.", f"\\boxed{{{v}^{{\\circ}}}}",
                    f"Final answer: {v} degrees"],
        "equation": [f"Final answer: $x = {v}$", f"\\boxed{{n = {v}}}", f"So we get\n$$t = {v}$$"],
        "markdown": [f"**Answer:** {v}", f"## Final Answer\n\n{v}", f"### Answer\n${v}$",
                     f"The total is **{v}**."],
        "latex_env": [f"Therefore the total is ${v}$.", f"$$\\boxed{{{v}}}$$", f"The result is \\({v}\\)."],
    }[family]


def _mixed(v: int, correct: bool) -> list[str]:
    if correct:  # a mixed number whose fraction part is whole: (v-1) + 2/2
        return [f"\\boxed{{{v - 1}\\frac{{2}}{{2}}}}", f"Final answer: {v - 1} 3/3"]
    # v + 1/2 is wrong; a parser reading "v\frac12" as v * 1/2 or extracting "v" errs
    return [f"\\boxed{{{v}\\frac{{1}}{{2}}}}", f"Final answer: {v} 1/2"]


def _several(n: int, w: int) -> list[str]:
    return [f"The answer is {w}.\nWait, I made an arithmetic error; recomputing.\nThe answer is {n}.",
            f"\\boxed{{{w}}}\nLet me double-check: that was wrong.\nFinal answer: \\boxed{{{n}}}"]


FAMILIES = ("thousands", "dollars", "units_text", "percent", "trailing_zeros", "scientific",
            "number_words", "fractions", "mixed_numbers", "sqrt", "pi", "degrees", "equation",
            "several_answers", "noncommittal", "markdown", "latex_env", "tuples", "sets", "intervals")


def build(per_family: int = 8, split: str = "test") -> list[tuple[str, Sample, bool]]:
    """(family, sample, label) triples; `per_family` questions per family."""
    qs = questions(split)
    big = [q for q in qs if q.gold >= 1000 and q.wrong >= 1000]
    nat = [q for q in qs if q.gold >= 2 and q.wrong >= 2]
    out: list[tuple[str, Sample, bool]] = []

    def add(family: str, q: Question, text: str, label: bool, reference: str | None = None,
            reasoning: str | None = None) -> None:
        body = (q.right_reasoning if label else q.wrong_reasoning) if reasoning is None else reasoning
        sid = f"fmt-{family}-{q.qid}-{len(out)}"
        out.append((family, Sample(sid, "math", q.question, f"{body}\n{text}",
                                   (reference or q.reference,)), label))

    for family in FAMILIES:
        pool = big if family == "thousands" else nat
        for q in pool[:per_family]:
            if family == "mixed_numbers":
                for t in _mixed(q.gold, True):
                    add(family, q, t, True)
                for t in _mixed(q.gold, False):
                    add(family, q, t, False)
            elif family == "several_answers":
                for t in _several(q.gold, q.wrong):
                    add(family, q, t, True)
                for t in _several(q.wrong, q.gold):
                    add(family, q, t, False)
            elif family == "noncommittal":
                for t in (f"Final answer: {q.gold} or {q.wrong}",
                          f"It could be {q.gold} or {q.wrong}; I'm not sure which.",
                          "There is not enough information to determine the answer."):
                    add(family, q, t, False)
            elif family in ("tuples", "sets", "intervals"):
                _pairs(family, q, pool, add)
            else:
                for t in _forms(family, q.gold):
                    add(family, q, t, True)
                for t in _forms(family, q.wrong):
                    add(family, q, t, False)
                if family == "sqrt":
                    add(family, q, f"\\boxed{{\\sqrt{{{q.gold}}}}}", False)
                if family == "pi":
                    add(family, q, f"\\boxed{{{q.gold}\\pi}}", False)
    return out


def _pairs(family: str, q: Question, pool: list[Question], add) -> None:
    # Two questions answered together; their golds a < b form the reference.
    other = pool[(pool.index(q) + 1) % len(pool)]
    a, b = sorted((q.gold, other.gold))
    if a == b:
        b = a + 1
    w = q.wrong if q.wrong not in (a, b) else a + b + 1
    if family == "tuples":
        ref = f"({a}, {b})"
        right = [f"\\boxed{{({a}, {b})}}", f"Final answer: $(x, y) = ({a}, {b})$"]
        wrong = [f"\\boxed{{({b}, {a})}}", f"Final answer: ({a}, {w})"]
    elif family == "sets":
        ref = f"\\{{{a}, {b}\\}}"
        right = [f"\\boxed{{\\{{{b}, {a}\\}}}}", f"Final answer: $x = {b}, {a}$"]
        wrong = [f"\\boxed{{\\{{{a}, {w}\\}}}}", f"Final answer: {a}"]
    else:
        ref = f"[{a}, {b}]"
        right = [f"\\boxed{{[{a}, {b}]}}", f"Final answer: $\\left[ {a}, {b} \\right]$"]
        wrong = [f"\\boxed{{({a}, {b}]}}", f"Final answer: $[{a}, {b})$"]
    for t in right:
        add(family, q, t, True, reference=ref, reasoning=q.right_reasoning)
    for t in wrong:
        add(family, q, t, False, reference=ref, reasoning=q.wrong_reasoning)
