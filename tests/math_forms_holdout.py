"""A held-out companion of tests/math_forms.py: the same nine families, other answers and
other writing styles, written after the judge was extended and measured once (never tuned
on). Same (gold, right forms, wrong forms) layout and placements; labels by construction."""
from __future__ import annotations

from judgesuite.judges import Sample

from .math_forms import PLACEMENTS, TEXT

_R = "Putting everything together.\n"


def _rel(a: int, b: int):
    return [
        (f"x > {a}", [f"{a} < x", f"x \\gt {a}", f"({a}, \\infty)", f"x \\in ({a}, +\\infty)"],
         [f"x \\geq {a}", f"x < {a}", f"[{a}, \\infty)"]),
        (f"x \\le {b}", [f"2x \\le {2 * b}", f"x \\leqslant {b}", f"-x \\geq -{b}"], [f"2x \\le {b}", f"x \\geq {b}"]),
        (f"{a} < x < {b + a}", [f"x \\in ({a}, {b + a})", f"{b + a} > x > {a}"], [f"[{a}, {b + a}]", f"{a} < x \\le {b + a}"]),
    ]


def _sets(a: int, b: int):
    return [
        (f"\\{{-{a}, {b}\\}}", [f"x = -{a}, x = {b}", f"x_1 = -{a}, x_2 = {b}", f"\\{{{b}, -{a}\\}}"],
         [f"x = {a}, x = {b}", f"\\{{-{a}\\}}"]),
        (f"[{a}, {b}] \\cup [{b + 2}, \\infty)", [f"[{a},{b}]\\cup[{b + 2},+\\infty)"], [f"[{a}, {b}) \\cup [{b + 2}, \\infty)"]),
        ("\\varnothing", ["\\emptyset", "\\{\\}"], ["\\{1\\}"]),
    ]


def _several(a: int, b: int):
    return [
        (f"{a}, {b}", [TEXT + f"{_R}The solutions are $x={a}$ and $x={b}$.", f"{b}, {a}", TEXT + f"{_R}\\boxed{{{a}, {b}}}"],
         [TEXT + f"{_R}The solutions are $x={a}$ and $x={b + 3}$.", f"{a}"]),
        (f"({a}, {b})", [f"(x,y)=({a},{b})", f"x={a}, \\; y={b}"], [f"({b}, {a})", f"x={a}, y={a}"]),
    ]


def _equations(a: int, b: int):
    return [
        (f"x + y = {a + b}", [f"y = {a + b} - x", f"y = -x + {a + b}"], [f"y = {a + b} + x", f"x - y = {a + b}"]),
        (f"y = -\\frac{{x}}{{2}} + {a}", [f"x + 2y = {2 * a}", f"2y = {2 * a} - x"], [f"x + 2y = {a}", f"x - 2y = {2 * a}"]),
        (f"{a * 3}", [f"m = {a * 3}", f"BC = {a * 3}"], [f"m = {a * 3 + 3}"]),
        (f"{a}:{b}", [f"{a} : {b}"], [f"{b}:{a}"]),
    ]


def _matrices(a: int, b: int):
    col = f"\\begin{{pmatrix}} {a} \\\\ {b} \\end{{pmatrix}}"
    return [
        (col, [f"\\begin{{bmatrix}}{a}\\\\{b}\\end{{bmatrix}}"], [f"\\begin{{pmatrix}} {b} \\\\ {a} \\end{{pmatrix}}"]),
        (f"\\begin{{pmatrix}} 0.5 & {a} \\\\ {b} & 1 \\end{{pmatrix}}",
         [f"\\begin{{pmatrix}} \\frac{{1}}{{2}} & {a} \\\\ {b} & 1 \\end{{pmatrix}}"],
         [f"\\begin{{pmatrix}} 0.5 & {b} \\\\ {a} & 1 \\end{{pmatrix}}"]),
    ]


def _numbers(a: int, b: int):
    return [
        (f"{a}.75", [f"{a},75", f"{a}\\frac{{3}}{{4}}", f"€ {a},75"], [f"{a},57", f"{a}\\frac{{3}}{{5}}"]),
        (f"{a * 1000 + 200}", [f"\\${a}{{,}}200", f"{a}\\,200", f"{a},200"], [f"{a}.200", f"\\${a}{{,}}020"]),
        (f"{b}.5\\%", [f"0.0{b}5" if b < 10 else f"0.{b}5", f"{b}.5"], [f"0.{b}5", f"{b}5\\%"]),
        (f"6.02 \\times 10^{{{b}}}", [f"6.02e{b}", f"6.02 \\cdot 10^{{{b}}}"], [f"6.02 \\times 10^{{{b + 1}}}"]),
    ]


def _placement(a: int, b: int):
    v = a * b + 1
    return [
        (str(v), [TEXT + f"{_R}**Final Answer:** $\\boxed{{{v}}}$", TEXT + f"{_R}Answer: \\({v}\\)",
                  TEXT + f"Entonces la respuesta es {v}.", TEXT + f"答案：{v}", TEXT + f"Antwort: {v}",
                  TEXT + f"Ответ: {v}"],
         [TEXT + f"{_R}**Final Answer:** $\\boxed{{{v + 1}}}$", TEXT + f"答案：{v - 1}", TEXT + f"Ответ: {v + 2}"]),
    ]


def _solution_refs(a: int, b: int):
    v = a + b
    sol = [f"Adding {a} and {b} gives {v}. Therefore, the final answer is $\\boxed{{{v}}}$.",
           f"We have {a} + {b} = {v} pens.\n\n**Answer:** {v}"]
    return [(TEXT + s, [str(v), f"{v}.00"], [str(a), str(b)]) for s in sol]


def _expressions(a: int, b: int):
    return [
        ("\\cos 2x", ["\\cos^2 x - \\sin^2 x", "1 - 2\\sin^2 x"], ["\\cos^2 x + \\sin^2 x", "2\\cos x"]),
        (f"x + {a}", [f"\\frac{{x^2 - {a * a}}}{{x - {a}}}"], [f"x - {a}"]),
        (f"(x+{b})^3", [f"x^3 + {3 * b}x^2 + {3 * b * b}x + {b ** 3}"], [f"x^3 + {b ** 3}"]),
        (f"\\log_2 {2 ** a}", [str(a)], [str(a + 1)]),
    ]


FAMILIES = {"relations": _rel, "intervals_sets": _sets, "several_answers": _several, "equations_labels": _equations,
            "matrices": _matrices, "numbers": _numbers, "placement": _placement, "solution_refs": _solution_refs,
            "expressions": _expressions}
PARAMS = ((4, 9), (6, 7))


def build(params=PARAMS) -> list[tuple[str, Sample, bool]]:
    out = []
    for family, fn in FAMILIES.items():
        i = 0
        for a, b in params:
            for gold, right, wrong in fn(a, b):
                for answer, label in [(r, True) for r in right] + [(w, False) for w in wrong]:
                    text = answer[len(TEXT):] if answer.startswith(TEXT) else PLACEMENTS[(i + 1) % len(PLACEMENTS)](answer)
                    ref = gold[len(TEXT):] if gold.startswith(TEXT) else gold
                    out.append((family, Sample(f"holdout-{family}-{i}", "math", "Give the answer.", text, (ref,)), label))
                    i += 1
    return out
