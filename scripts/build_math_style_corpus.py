"""Build the math answer-style corpus of issue 37: tests/fixtures/math_style_corpus.jsonl.

Usage:
    python scripts/build_math_style_corpus.py [--out tests/fixtures/math_style_corpus.jsonl]

Every row: id, family, source, origin, candidate, references, label, split. Three kinds of family:

- `bundled-*`: real candidates of the bundled math sets (train and dev rows only) with their labels.
- `grader-*` and `fewshot-*`: equivalence cases and worked solutions taken as data from public
  graders and evaluation harnesses that are NOT among our held-out grader sources (see the card
  tests/fixtures/math_style_corpus.md for each file, commit and licence).
- `style-*`: the answer styles the held-out study found, written around real GSM8K / GPQA rows of the
  bundled sets (the real reasoning of a correct output, the gold, and a real wrong final answer of
  another model on the same question); each right case has its wrong counterpart (label False), so
  false positives are measured on every family.

The split is fixed by a seeded rule written before any measurement (`frozen_family`): a whole family
is frozen (held out) or dev. Deterministic: the same bundled files give the same bytes.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import sys
from pathlib import Path

from judgesuite.suite.data.loader import load_bundled

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.sympy_format_set import words  # noqa: E402  (English number words)

sys.path.insert(0, str(Path(__file__).resolve().parent))
import math_grader_cases_w2 as w2  # noqa: E402  (batch 2 of the grader cases and its split)
import math_grader_cases_w3 as w3  # noqa: E402  (batch 3 of the grader cases and its split)
import math_grader_cases_w4 as w4  # noqa: E402  (batch 4 of the grader cases and its split)
import math_grader_cases_w5 as w5  # noqa: E402  (batch 5 of the grader cases and its split)
import math_grader_cases_w6 as w6  # noqa: E402  (batch 6 of the grader cases and its split)
import math_grader_cases_w7 as w7  # noqa: E402  (batch 7 of the grader cases and its split)
import math_grader_cases_w8 as w8  # noqa: E402  (batch 8 of the grader cases and its split)
import math_grader_cases_w9 as w9  # noqa: E402  (batch 9 of the grader cases and its split)
import math_grader_cases_w10 as w10  # noqa: E402  (batch 10 of the grader cases and its split)
import math_grader_cases_w11 as w11  # noqa: E402  (batch 11 of the grader cases and its split)
import math_grader_cases_w12 as w12  # noqa: E402  (batch 12 of the grader cases and its split)

SPLIT_SEED = "judgesuite-issue37-style-split"


def frozen_family(family: str) -> bool:
    """The split rule, fixed before any measurement: a family is frozen when the SHA-256 of
    `SPLIT_SEED:family` is 0 modulo 3 (about a third of the families)."""
    return int(hashlib.sha256(f"{SPLIT_SEED}:{family}".encode()).hexdigest(), 16) % 3 == 0


def _row(family, source, origin, candidate, references, label):
    return {"family": family, "source": source, "origin": origin, "candidate": candidate,
            "references": list(references), "label": bool(label)}


# --- real candidates of the bundled sets -------------------------------------------------------

def bundled_rows(rng: random.Random) -> list[dict]:
    out = []
    plan = (("gsm8k-openai-solutions", "bundled-gsm8k", 80), ("omni-math-gpt4o-examples", "bundled-omni", 12),
            ("answer-matching-gpqa-mmlupro", "bundled-gpqa-numeric", 20))
    for name, family, per_label in plan:
        rows = [r for split in ("train", "dev") for r in load_bundled(name, split).scorable()]
        if family == "bundled-gpqa-numeric":
            rows = [r for r in rows if re.fullmatch(r"-?\d[\d,]*(?:\.\d+)?", r.sample.references[0].strip())]
        if family == "bundled-omni":
            rows = [r for r in rows if len(r.sample.candidate) < 2500]
        for label in (True, False):
            pool = [r for r in rows if r.label is label]
            for r in rng.sample(pool, min(per_label, len(pool))):
                out.append(_row(family, name, f"bundled {name} row {r.sample.id}", r.sample.candidate,
                                r.sample.references, label))
    return out


# --- cases taken as data from public graders (never their code) --------------------------------

_QWEN = "QwenLM/Qwen2.5-Math evaluation/grader.py (Apache-2.0), unit tests and _test_math_equal cases"
QWEN_GRADER = [  # (candidate, gold, equal?) as asserted there, or a commented case whose answer is plain math
    ("10", "10", True), ("10%", "0.1", True), ("[1, 2, 3]", "[1, 2, 3]", True),
    ("\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}", "\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}", True),
    ("x = 10", "10", True), ("10", "x = 10", True), ("10", "20", False), ("[1, 2, 3]", "[1, 2, 4]", False),
    ("\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}", "\\begin{pmatrix}1&2\\\\3&5\\end{pmatrix}", False),
    ("10%", "0.2", False), ("0.0833333333333333", "\\frac{1}{12}", True), ("(1,4.5)", "(1,\\frac{9}{2})", True),
    ("\\frac{x}{7}+\\frac{2}{7}", "\\frac{x+2}{7}", True), ("\\sec^2(y)", "\\tan^2(y)+1", True),
    ("-34x-45y+20z-100=0", "34x+45y-20z+100=0", True),
    ("\\frac{\\sqrt{\\sqrt{11}+\\sqrt{194}}}{2\\sqrt{33}+15}", "\\frac{\\sqrt{\\sqrt{11}+\\sqrt{194}}}{15+2\\sqrt{33}}",
     True),
    ("(+5)(b+2)", "(a+5)(b+2)", False), ("\\frac{1+\\sqrt{5}}{2}", "2", False),
    ("\\frac{34}{16}+\\frac{\\sqrt{1358}}{16}", "4", False), ("1", "1\\sqrt{19}", False), ("x+1", "x+2n+1", False),
]
_MINERVA = ("EleutherAI/lm-evaluation-harness lm_eval/tasks/minerva_math/utils.py (MIT), the four "
            "few-shot solutions of Lewkowycz et al. (2022)")
MINERVA_FEWSHOT = [  # (final line style of Minerva, gold, a wrong value)
    ("Therefore, the domain of the expression is $\\boxed{[2,5)}$.\nFinal Answer: The final answer is $[2,5)$. "
     "I hope it is correct.", "[2,5)", "[2,5]"),
    ("We have that $\\det (\\mathbf{A} \\mathbf{B}) = (\\det \\mathbf{A})(\\det \\mathbf{B}) = (2)(12) = "
     "\\boxed{24}.$\nFinal Answer: The final answer is $24$. I hope it is correct.", "24", "14"),
    ("\\begin{align*}\n30n&=480\\\\\n\\Rightarrow\\qquad n&=480/30=\\boxed{16}\n\\end{align*}\nFinal Answer: "
     "The final answer is $16$. I hope it is correct.", "16", "15"),
    ("$$-\\frac{3}{2}a=b\\Rightarrow\\frac{a}{b}=\\boxed{-\\frac{2}{3}}.$$\nFinal Answer: The final answer is "
     "$-\\frac{2}{3}$. I hope it is correct.", "-\\frac{2}{3}", "-\\frac{3}{2}"),
]
_CMATH = "deepseek-ai/DeepSeek-Math evaluation/few_shot_prompts/cot_cmath_6_shot.py (MIT), worked answers"
CMATH_FEWSHOT = [  # Chinese chain-of-thought answers ending "所以答案是：N。"
    ("还剩的没有看的页数=书的总页数-芳芳看了的页数，99-90=9。所以答案是：9。", "9"),
    ("一天共修的椅子数量=上午修的椅子数量+下午修的椅子数量，18+29=47。所以答案是：47。", "47"),
    ("每只猴子能吃到的桃子数=总桃子数/猴子的数量，84/6=14。所以答案是：14。", "14"),
    ("可以现将两片面包放入面包机烤2分钟，再将其中一片拿出来，将第三片面包放进去，烤1分钟，这样第一片面包就烤好了，"
     "一共是2+1+1=5。所以答案是：5。", "5"),
    ("假设学生的数量是x，每人栽6棵还剩4棵，也就是说树苗的数量=6x+4，即6x+4=3*5+(x-3)*7，化简方程得到：x=10。所以答案是：10。",
     "10"),
    ("所以四班和五班捐款之和 = 一共捐款 - 一班和二班和三班捐款之和，即8000-1500-1700-1600=3200元，而题目说四班与五班捐款数之比是3：5，"
     "则四班捐款了3200/(3+5)*3=1200元。所以答案是：1200。", "1200"),
]


_AREAL = ("inclusionAI/AReaL areal/tests/test_math_verify_reward.py (Apache-2.0; stored copy of the "
          "leandermaben/AReaL fork, commit 24f05fb): the asserted cases, taken as data")
AREAL_TESTS = [  # (completion, answer, asserted reward == 1.0); cases asserting only "a float" are left out
    ("The answer is 4", "4", True), ("The answer is 0.5", "1/2", True), ("Step 1: 2+2=4. \\boxed{4}", "4", True),
    ("The answer is 5", "4", False), ("", "4", False), ("$\\sqrt{4} = 2$", "2", True),
    ("The angle is [90].", "90", True), ("The length is [5.0].", "5", True), ("The angle is [60].", "90", False),
    ("The answer is 90 degrees.", "90", True), ("The ratio is [1/2].", "0.5", True), ("The angle is [ 90 ].", "90", True),
    ("The answer is !!!invalid!!!", "4", False), ("The answer is 8", "2^3", True),
    ("The answer is $\\sqrt{16}$", "4", True), ("The answer is $\\frac{5}{6}$", "5/6", True), ("-15", "-15", True),
    ("x = 3", "3", True), ("Step 1: Calculate\nStep 2: Simplify\nFinal answer: 42", "42", True),
    ("$10^3$", "1000", True), ("[45 degrees]", "45", True), ("[45]", "45", True), ("[-3]", "-3", True),
    ("[$\\sqrt{4}$]", "2", True), ("First try [30], second try [45].", "45", True), ("[$10^4$]", "10000", True),
    ("[$\\sqrt{\\sqrt{16}}$]", "2", True), ("42", "42", True), ("999999999999999", "999999999999999", True),
    ("0.0000001", "0.0000001", True), ("4", "12/3", True), ("4", "3/12", False), ("3+2", "5", True),
    ("x = 4", "4", True), ("$e^{i\\pi} = -1$", "-1", True), ("$10^3 = 1000$", "1000", True),
    ("$1 \\times 10^3$", "1000", True), ("$\\begin{vmatrix} 2 & 1 \\\\ 1 & 2 \\end{vmatrix} = 3$", "3", True),
    ("$\\frac{\\frac{1}{2}}{\\frac{3}{4}} = \\frac{2}{3}$", "2/3", True), ("$\\binom{5}{2} = 10$", "10", True),
    ("$\\sin\\left(\\frac{\\pi}{2}\\right) = 1$", "1", True), ("[$\\sqrt{3^2 + 4^2}$] = [5]", "5", True),
    ("$\\lim_{x \\to 0} \\frac{\\sin x}{x} = 1$", "1", True), ("The result is $3$", "3", True),
    ("$\\left| 3 - 5 \\right| = 2$", "2", True), ("$17 \\bmod 5 = 2$", "2", True), ("$\\log_2(8) = 3$", "3", True),
    ("\\boxed{0.0666668}", "\\boxed{0.066666793}", True), ("\\boxed{0.067}", "\\boxed{0.066793}", False),
    ("\\boxed{2.232}", "\\boxed{2.23}", False), ("\\boxed{2.23}", "\\boxed{2.232}", False),
    ("The final answer is \\boxed{2/3}.", "answer is 0.6666667", True),
    ("Area equals \\boxed{10^4} square units", "answer is 10000", True),
    ("Result: \\boxed{(1/2)^{2} + \\sqrt{9}}", "answer is 0.25 + 3", True),
    ("The final answer is \\boxed{12}.", "12", True),
]


def later_rows() -> list[dict]:
    """Families added after the frozen report (appended, so the earlier rows keep their ids)."""
    return [_row("grader-areal", "AReaL", _AREAL, c, [g], eq) for c, g, eq in AREAL_TESTS]


def batch_rows(module) -> list[dict]:
    """A batch of the grader cases (scripts/math_grader_cases_w2.py .. _w12.py), appended after every earlier row."""
    return [_row(family, source, origin, c, refs, eq)
            for family, (source, origin, cases) in module.FAMILIES.items() for c, refs, eq in cases]


def split_of(family: str) -> str:
    """`dev-w2` / `heldout-w2` ... `dev-w12` / `heldout-w12` for the grader families of batches 2-12 (their own
    seeded rules), else `frozen` / `dev`."""
    if family in w2.FAMILIES:
        return w2.split_w2(family)
    if family in w3.FAMILIES:
        return w3.split_w3(family)
    if family in w4.FAMILIES:
        return w4.split_w4(family)
    if family in w5.FAMILIES:
        return w5.split_w5(family)
    if family in w6.FAMILIES:
        return w6.split_w6(family)
    if family in w7.FAMILIES:
        return w7.split_w7(family)
    if family in w8.FAMILIES:
        return w8.split_w8(family)
    if family in w9.FAMILIES:
        return w9.split_w9(family)
    if family in w10.FAMILIES:
        return w10.split_w10(family)
    if family in w11.FAMILIES:
        return w11.split_w11(family)
    if family in w12.FAMILIES:
        return w12.split_w12(family)
    return "frozen" if frozen_family(family) else "dev"


def grader_rows() -> list[dict]:
    out = [_row("grader-qwen25-math", "Qwen2.5-Math", _QWEN, c, [g], eq) for c, g, eq in QWEN_GRADER]
    for text, gold, wrong in MINERVA_FEWSHOT:
        out.append(_row("fewshot-minerva", "lm-evaluation-harness", _MINERVA, text, [gold], True))
        out.append(_row("fewshot-minerva", "lm-evaluation-harness", _MINERVA, text, [wrong], False))
    golds = [g for _, g in CMATH_FEWSHOT]
    for i, (text, gold) in enumerate(CMATH_FEWSHOT):
        out.append(_row("fewshot-cmath-zh", "DeepSeek-Math", _CMATH, text, [gold], True))
        out.append(_row("fewshot-cmath-zh", "DeepSeek-Math", _CMATH, text, [golds[(i + 1) % len(golds)]], False))
    return out


# --- answer styles around real bundled rows ----------------------------------------------------

_FINAL = re.compile(r"A:\s*\$?(-?[\d,]+(?:\.\d+)?)\s*$")
_CALC = re.compile(r"<<([^=<>]{1,80})=([^<>]{1,40})>>")


def _gsm_items(rng: random.Random, n: int) -> list[dict]:
    """Real GSM8K questions (train/dev) with the reasoning of a correct output, the gold, a real wrong
    final answer of another model, and the calculator steps of the reference solution."""
    by_q: dict[str, list] = {}
    for split in ("train", "dev"):
        for r in load_bundled("gsm8k-openai-solutions", split).scorable():
            by_q.setdefault(r.question_id, []).append(r)
    items = []
    for qid in sorted(by_q):
        rows = by_q[qid]
        gold = rows[0].sample.references[0].strip()
        right = [r for r in rows if r.label]
        wrong = [m.group(1).replace(",", "") for r in rows if not r.label
                 for m in [_FINAL.search(r.sample.candidate.strip())] if m]
        wrong = [w for w in wrong if w != gold and re.fullmatch(r"\d+", w)]
        calcs = _CALC.findall(rows[0].meta.get("ground_truth_solution", ""))
        if right and wrong and re.fullmatch(r"\d+", gold) and calcs and len(calcs) <= 6:
            reasoning = _FINAL.sub("", right[0].sample.candidate.strip()).strip()
            reasoning = _CALC.sub("", reasoning)
            items.append({"qid": qid, "gold": gold, "wrong": wrong[0], "reasoning": reasoning, "calcs": calcs})
    rng.shuffle(items)
    return items[:n]


def _program(calcs: list[tuple[str, str]]) -> str:
    lines = [f"step_{i} = {expr.strip().replace('x', '*')}" for i, (expr, _) in enumerate(calcs, 1)]
    return "```python\n" + "\n".join(lines) + f"\nprint(step_{len(calcs)})\n```"


# Units that real answers carry: the expressions Minerva's normaliser removes (lm-evaluation-harness
# minerva_math/utils.py REMOVED_EXPRESSIONS) and GSM8K's own nouns.
_UNITS = ("dollars", "minutes", "hours", "feet", "pounds", "students", "points", "cents", "meters", "emails",
          "cookies", "miles")

STYLES = {
    # structured output: a JSON object holding the answer (JSON mode / structured outputs)
    "style-json": lambda it, v, k: (
        f'{{"reasoning": {json.dumps(it["reasoning"][:300])}, "answer": {v}}}' if k % 2 == 0
        else f'```json\n{{\n  "steps": {json.dumps(it["reasoning"][:200])},\n  "final_answer": "{v}"\n}}\n```'),
    # program of thought: the ToRA / Qwen2.5-Math "```output" block after the program
    "style-program-output": lambda it, v, k: (
        f"{_program(it['calcs'])}\n```output\n{v}\n```" + ("" if k % 2 == 0 else f"\nThe program prints {v}.")),
    # the answer restated next to a rejected alternative
    "style-rejected-alternative": lambda it, v, k: (
        f"{it['reasoning']}\nSo the answer is {v}, not {it['_other']}." if k % 2 == 0
        else f"{it['reasoning']}\nAnswer: {v} (not {it['_other']})"),
    "style-number-words": lambda it, v, k: (
        f"{it['reasoning']}\nThe answer is {words(int(v))}." if k % 2 == 0
        else f"{it['reasoning']}\nFinal answer: {words(int(v)).capitalize()}"),
    # a label and a unit around the number
    "style-label-units": lambda it, v, k: (
        f"{it['reasoning']}\nResult: {v}.00 {_UNITS[k % len(_UNITS)]}" if k % 3 == 0
        else f"{it['reasoning']}\nTotal: ${v}" if k % 3 == 1
        else f"{it['reasoning']}\n**Total:** {v} {_UNITS[k % len(_UNITS)]}"),
    "style-chinese": lambda it, v, k: (
        f"{it['reasoning']}\n所以答案是：{v}。" if k % 2 == 0 else f"解：{it['reasoning']}\n答：{v}元。"),
    # doubly escaped LaTeX: a JSON-encoded string pasted as text
    "style-double-escaped": lambda it, v, k: (
        f"{it['reasoning']}\nThe final answer is $\\\\boxed{{{v}}}$" if k % 2 == 0
        else f"{it['reasoning']}\n\\\\[ \\\\boxed{{\\\\text{{{v}}}}} \\\\]"),
}


def style_rows(rng: random.Random) -> list[dict]:
    items = _gsm_items(rng, 28)
    out = []
    origin = "GSM8K question {} of the bundled gsm8k-openai-solutions (MIT): real reasoning, gold and a real wrong answer"
    for family, write in STYLES.items():
        for k, it in enumerate(items[:24] if family != "style-json" else items):
            for value, other, label in ((it["gold"], it["wrong"], True), (it["wrong"], it["gold"], False)):
                it["_other"] = other
                out.append(_row(family, "gsm8k-openai-solutions", origin.format(it["qid"]),
                                write(it, value, k), [it["gold"]], label))
    out += _decimal_comma_rows(rng)
    out += _math_form_rows()
    return out


def _decimal_comma_rows(rng: random.Random) -> list[dict]:
    """French and German decimal commas around the real decimal golds of the bundled GPQA / MMLU-Pro rows."""
    golds = sorted({r.sample.references[0].strip() for s in ("train", "dev")
                    for r in load_bundled("answer-matching-gpqa-mmlupro", s).scorable()
                    if re.fullmatch(r"-?\d{1,3}\.\d{1,3}", r.sample.references[0].strip())})
    rng.shuffle(golds)
    out = []
    for k, gold in enumerate(golds[:20]):
        wrong = str(round(float(gold) * 2 + 0.1, 3))
        for value, label in ((gold, True), (wrong, False)):
            comma = value.replace(".", ",")
            text = (f"On obtient donc la valeur demandée.\nRéponse : {comma}" if k % 2 == 0
                    else f"Somit ergibt sich der Wert.\nDie Antwort ist {comma}.")
            out.append(_row("style-decimal-comma", "answer-matching-gpqa-mmlupro",
                            "decimal gold of the bundled answer-matching-gpqa-mmlupro rows (MIT)", text, [gold], label))
    return out


# Forms of competition answers (Omni-MATH / MATH styles): polar tuples, inequalities against intervals,
# several answers joined with "and". Values are computed here; the surface forms follow model outputs.
def _math_form_rows() -> list[dict]:
    out = []
    polar = [("(3\\sqrt{2}, \\frac{3\\pi}{4})", ["\\left( 3\\sqrt{2}, \\frac{3\\pi}{4} \\right)",
                                                  "r = 3\\sqrt{2}, \\theta = \\frac{3\\pi}{4}"],
              ["\\left( 3\\sqrt{2}, \\frac{\\pi}{4} \\right)", "r = 3\\sqrt{2}, \\theta = \\frac{5\\pi}{4}"]),
             ("(2, \\frac{\\pi}{3})", ["\\left(2,\\tfrac{\\pi}{3}\\right)", "(2, \\pi/3)"],
              ["(2, \\frac{2\\pi}{3})", "(\\frac{\\pi}{3}, 2)"]),
             ("(5, \\pi)", ["\\left( 5, \\pi \\right)", "(r, \\theta) = (5, \\pi)"],
              ["(5, 0)", "(-5, \\pi)"]),
             ("(4, \\frac{7\\pi}{6})", ["\\left(4, \\dfrac{7\\pi}{6}\\right)", "(4, \\frac{7}{6}\\pi)"],
              ["(4, \\frac{\\pi}{6})", "(4, \\frac{5\\pi}{6})"])]
    intervals = [("[-2, 7]", ["-2 \\le x \\le 7", "x \\in [-2, 7]"], ["-2 < x < 7", "x \\ge -2"]),
                 ("(3, \\infty)", ["x > 3", "x \\in (3, +\\infty)"], ["x \\ge 3", "x < 3"]),
                 ("x \\le 5", ["(-\\infty, 5]", "x\\leq 5"], ["(-\\infty, 5)", "x \\ge 5"]),
                 ("(-\\infty, -1) \\cup (2, \\infty)", ["x < -1 \\text{ or } x > 2", "x<-1 \\text{ or } x>2"],
                  ["-1 < x < 2", "(-\\infty, -1] \\cup [2, \\infty)"])]
    several = [("3, 5", ["x = 3 and x = 5", "$3$ and $5$"], ["x = 3 and x = 6", "$3$ and $4$"]),
               ("-2, \\frac{1}{2}", ["x = -2 \\text{ and } x = \\frac{1}{2}", "-2 and 1/2"],
                ["x = 2 \\text{ and } x = \\frac{1}{2}", "-2 and 2"]),
               ("1, 4, 9", ["1, 4 and 9", "1, 4, and 9"], ["1, 4 and 8", "1, 2, and 9"]),
               ("\\frac{1}{3}, 2", ["\\frac{1}{3} and 2", "1/3 and 2"], ["\\frac{1}{2} and 3", "3 and 2"])]
    wraps = ("Therefore the answer is ${}$.", "The final answer is $\\boxed{{{}}}$.", "**Answer:** ${}$")
    for family, cases in (("style-polar", polar), ("style-inequality-interval", intervals), ("style-several-and", several)):
        for i, (gold, rights, wrongs) in enumerate(cases):
            for j, (form, label) in enumerate([(r, True) for r in rights] + [(w, False) for w in wrongs]):
                text = wraps[(i + j) % 3].format(form)
                out.append(_row(family, "written", "surface forms written here (see card)", text, [gold], label))
    return out


def build() -> list[dict]:
    rng = random.Random(37)
    rows = (bundled_rows(rng) + grader_rows() + style_rows(rng) + later_rows()
            + [r for batch in (w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, w12)
               for r in batch_rows(batch)])
    for i, r in enumerate(rows):
        r["id"] = f"{r['family']}-{i:04d}"
        r["split"] = split_of(r["family"])
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default="tests/fixtures/math_style_corpus.jsonl")
    args = ap.parse_args(argv)
    rows = build()
    Path(args.out).write_text("".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in rows),
                              encoding="utf-8")
    fams: dict[str, list] = {}
    for r in rows:
        fams.setdefault(r["family"], []).append(r)
    for f, rs in sorted(fams.items()):
        print(f"{f:32s} {rs[0]['split']:6s} n={len(rs):4d} correct={sum(r['label'] for r in rs)}")
    print(f"{len(rows)} rows, {Path(args.out).stat().st_size:,} bytes -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
