"""Answer-form families of issue 17: (gold, model answer, equal?) cases, labels by construction.

Each family holds pairs written the way model outputs and graders write them: a gold
answer, forms that are equal to it (label True) and near misses that are not (label
False). `build()` places every answer in model-style surroundings (a line of reasoning,
then "The final answer is $...$", `\\boxed{}`, "**Answer:**", display math), rotating
the placements so each family meets several. Answers given as whole texts (several boxes,
prose in other languages) are used as written.
"""
from __future__ import annotations

from judgesuite.judges import Sample

_R = "Let me work through this carefully.\nAfter simplifying, we obtain the result.\n"
PLACEMENTS = (
    lambda a: f"{_R}The final answer is ${a}$.",
    lambda a: f"{_R}Therefore, the answer is $\\boxed{{{a}}}$.",
    lambda a: f"{_R}**Answer:** ${a}$",
    lambda a: f"{_R}So we get\n\\[\n\\boxed{{{a}}}\n\\]",
    lambda a: f"{_R}Final answer: \\({a}\\)",
    lambda a: f"{_R}Hence\n$$\n{a}\n$$",
)
TEXT = "text:"  # a candidate starting with this is a whole model output, used as written


def _rel(a: int, b: int) -> list[tuple[str, list[str], list[str]]]:
    return [
        (f"x \\geq {a}", [f"x >= {a}", f"x \\ge {a}", f"{a} \\le x", f"x \\geqslant {a}", f"[{a}, \\infty)"],
         [f"x > {a}", f"x \\le {a}", f"x \\geq {a + 1}", f"({a}, \\infty)"]),
        (f"x \\le {a}", [f"{a} \\geq x", f"x <= {a}", f"(-\\infty, {a}]"], [f"x < {a}", f"x \\ge {a}", f"{a} \\le x"]),
        (f"x < {a}", [f"-x > -{a}", f"{a} > x", f"x<{a}"], [f"x > {a}", f"-x < -{a}", f"x \\le {a}"]),
        (f"x \\neq {a}", [f"x != {a}", f"x \\ne {a}"], [f"x = {a}", f"x \\neq {a + 1}"]),
        (f"-{a} \\le x \\le {b}", [f"x \\in [-{a}, {b}]", f"[-{a}, {b}]", f"-{a} \\leq x \\leq {b}"],
         [f"(-{a}, {b})", f"-{a} < x \\le {b}", f"x \\in [-{a}, {b + 1}]"]),
        (f"[-{a}, {a}]", [f"|z| \\le {a}", f"-{a} \\le z \\le {a}"], [f"|z| < {a}", f"[-{a}, {a})", f"z \\le {a}"]),
        (f"|x| \\le {a}", [f"-{a} \\le x \\le {a}", f"x \\in [-{a}, {a}]"], [f"-{a} < x < {a}", f"x \\le {a}"]),
    ]


def _sets(a: int, b: int) -> list[tuple[str, list[str], list[str]]]:
    return [
        (f"(-\\infty, {a}) \\cup ({b}, \\infty)", [f"(-\\infty,{a})\\cup({b},+\\infty)", f"({b}, \\infty) \\cup (-\\infty, {a})",
                                                    f"x < {a} \\text{{ or }} x > {b}"],
         [f"(-\\infty, {a}] \\cup ({b}, \\infty)", f"({a}, {b})", f"(-\\infty, {a}) \\cup ({b + 1}, \\infty)"]),
        (f"\\{{{a}, {b}\\}}", [f"{a}, {b}", f"\\{{{b}, {a}\\}}", f"{b}, {a}", f"x = {a} \\text{{ or }} x = {b}",
                               TEXT + f"{_R}The solutions are $\\boxed{{{a}}}$ and $\\boxed{{{b}}}$."],
         [f"\\{{{a}, {b + 1}\\}}", f"{a}", f"{a}, {b}, {a + b}", TEXT + f"{_R}The solutions are $\\boxed{{{a}}}$ and $\\boxed{{{a + 1}}}$."]),
        (f"\\pm {a}", [f"\\{{-{a}, {a}\\}}", f"-{a}, {a}", f"x = \\pm {a}", f"{a}, -{a}"],
         [f"{a}", f"\\pm {a + 1}", f"\\{{-{a}, {a + 1}\\}}"]),
        ("\\emptyset", ["\\varnothing", "\\{\\}", "\\emptyset"], ["\\{0\\}", "0", f"\\{{{a}\\}}"]),
        (f"\\{{(1, {a}), ({b}, 2)\\}}", [f"({b}, 2), (1, {a})", f"\\{{({b},2),(1,{a})\\}}", f"(1, {a}), ({b}, 2)"],
         [f"({a}, 1), ({b}, 2)", f"(1, {a})", f"\\{{(1, {a}), (2, {b})\\}}"]),
        (f"[{a}, {b})", [f"[{a},{b})", f"\\left[{a}, {b}\\right)"], [f"[{a}, {b}]", f"({a}, {b})", f"[{a}, {b + 1})"]),
    ]


def _several(a: int, b: int) -> list[tuple[str, list[str], list[str]]]:
    return [
        (f"{a}, {b}", [TEXT + f"{_R}So $x = \\boxed{{{a}}}$ or $x = \\boxed{{{b}}}$.",
                       TEXT + f"{_R}The answers are {a} and {b}.",
                       TEXT + f"{_R}The final answer is {a} or {b}.", TEXT + f"{_R}\\boxed{{{b}}}, \\boxed{{{a}}}"],
         [TEXT + f"{_R}So $x = \\boxed{{{a}}}$ or $x = \\boxed{{{b + 1}}}$.", TEXT + f"{_R}The answers are {a} and {a + b}.",
          TEXT + f"{_R}The final answer is {a}."]),
        (f"({a}, {b})", [f"x = {a}, y = {b}", f"(x, y) = ({a}, {b})", f"x={a},\\ y={b}"],
         [f"x = {b}, y = {a}", f"({b}, {a})", f"x = {a}, y = {b + 1}"]),
        (f"{a}, {b}", [TEXT + f"{_R}(a) {a}, (b) {b}", TEXT + f"{_R}**Answers:** (a) ${a}$; (b) ${b}$",
                       TEXT + f"{_R}a) {a}\nb) {b}"],
         [TEXT + f"{_R}(a) {b}, (b) {a + 1}", TEXT + f"{_R}(a) {a}, (b) {b + 2}"]),
    ]


def _equations(a: int, b: int) -> list[tuple[str, list[str], list[str]]]:
    return [
        (f"y = {a}x + {b}", [f"{a}x - y + {b} = 0", f"y={b}+{a}x", f"-{a}x + y = {b}", f"y - {a}x = {b}"],
         [f"y = {a}x - {b}", f"y = {a + 1}x + {b}", f"{a}x + y + {b} = 0"]),
        (f"{a * 5}", [f"k = {a * 5}", f"AB = {a * 5}", f"n={a * 5}"], [f"k = {a * 5 + 1}", f"AB = {a * 5 - 1}"]),
        (f"k = {a * 5}", [f"{a * 5}", f"k={a * 5}"], [f"{a * 5 + 2}", f"k = {a * 5 + 2}"]),
        (f"{a}:{b + a}", [f"{a} : {b + a}", f"V_1 : V_2 = {a}:{b + a}", f"{a}:{b + a}"],
         [f"{b + a}:{a}", f"{a}:{b + a + 1}", f"V_1 : V_2 = {b + a}:{a}"]),
        (f"{a + 3}:{b * 2 + 10}", [f"{a + 3}:{b * 2 + 10}", f"\\text{{{a + 3}:{b * 2 + 10}}}"],
         [f"{a + 3}:{b * 2 + 15}", f"{a + 4}:{b * 2 + 10}"]),
        (f"f(x) = x^2 + {a}", [f"x^2 + {a}", f"f(x)=x^{{2}}+{a}"], [f"x^2 - {a}", f"f(x) = x^2 + {a + 1}"]),
    ]


def _matrix(rows: list[list[str]], env: str = "pmatrix") -> str:
    body = " \\\\ ".join(" & ".join(r) for r in rows)
    if env == "array":
        return f"\\left[\\begin{{array}}{{{'c' * len(rows[0])}}} {body} \\end{{array}}\\right]"
    return f"\\begin{{{env}}} {body} \\end{{{env}}}"


def _matrices(a: int, b: int) -> list[tuple[str, list[str], list[str]]]:
    m = [[str(a), str(b)], [str(-a), "0"]]
    t = [[m[0][0], m[1][0]], [m[0][1], m[1][1]]]
    half = [["\\frac{1}{2}", str(a)], [str(b), "-1"]]
    return [
        (_matrix(m), [_matrix(m, "bmatrix"), _matrix(m, "array"), _matrix([[f"{2 * a}/2", str(b)], [str(-a), "0"]])],
         [_matrix(t), _matrix([m[1], m[0]]), _matrix([[str(a), str(b + 1)], [str(-a), "0"]], "bmatrix")]),
        (_matrix(half, "bmatrix"), [_matrix([["0.5", str(a)], [str(b), "-1"]]), _matrix(half, "array")],
         [_matrix([["2", str(a)], [str(b), "-1"]]), _matrix([["\\frac{1}{2}", str(a)], [str(b), "1"]])]),
        (_matrix([[str(a)], [str(-b)], ["1"]]), [_matrix([[str(a)], [str(-b)], ["1"]], "bmatrix")],
         [_matrix([[str(a)], [str(b)], ["1"]]), _matrix([[str(a)], [str(-b)]])]),
    ]


def _numbers(a: int, b: int) -> list[tuple[str, list[str], list[str]]]:
    big = a * 1000 + b * 7 + 345
    return [
        (f"{a}.5", [f"{a},5", f"{a}.50", f"\\approx {a}.5"], [f"{a},6", f"{a}5"]),
        (f"{big}", [f"{big:,}", f"{big:,}".replace(",", "{,}"), f"{big:,}".replace(",", "\\,"),
                    f"{big:,}".replace(",", ",\\!"), f"{big:,}".replace(",", " ")],
         [f"{big + 9:,}", f"{big:,}".replace(",", "{,}")[:-1]]),
        (f"{big}.5", [f"\\${big:,}.50", f"{big:,}".replace(",", " ") + ",50 €", f"{big:,}.50 \\text{{ USD}}"],
         [f"\\${big:,}.05", f"{big:,}".replace(",", " ") + ",05 €"]),
        (f"{a * 2}", [f"\\${a * 2}", f"{a * 2} \\text{{ dollars}}", f"€{a * 2}", f"{a * 2}\\text{{€}}"],
         [f"\\${a * 2 + 1}", f"{a * 2}0 \\text{{ dollars}}"]),
        (f"{a + 20}\\%", [f"{a + 20}", f"0.{a + 20}", f"{a + 20} \\%", f"{a + 20} percent"],
         [f"0.{a + 20}\\%", f"{(a + 20) / 10}", f"{a + 21}\\%"]),
        (f"{a + 20}", [f"{a + 20}\\%"], [f"0.{a + 20}\\%", f"{a + 19}\\%"]),
        (f"0.{a + 20}", [f"{a + 20}\\%", f"{a + 20}%"], [f"{a + 20}0\\%", f"0.{a + 21}"]),
        (f"\\frac{{{2 * a + 1}}}{{2}}", [f"{a}\\frac{{1}}{{2}}", f"{a} 1/2", f"{a}\\tfrac12"],
         [f"{a}\\frac{{1}}{{3}}", f"{a} 1/3"]),
        (f"{a}.2 \\times 10^{{5}}", [f"{a}20000", f"{a}.2e5", f"{a}.2 \\cdot 10^5", f"{a}.2\\times10^{{5}}"],
         [f"{a}.2 \\times 10^{{4}}", f"{a}200"]),
    ]


_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]


def _placement(a: int, b: int) -> list[tuple[str, list[str], list[str]]]:
    v = a * 10 + b
    return [
        (str(v), [TEXT + f"{_R}Thus\n\\[\n\\boxed{{{v}}}\n\\]", TEXT + f"{_R}$$\nx = {v}\n$$",
                  TEXT + f"{_R}The total is \\({v}\\).", TEXT + f"Donc le total est {v}.\nRéponse : {v} $",
                  TEXT + f"所以，总共需要 {v}", TEXT + f"因此答案是 {v}。",
                  TEXT + f"{_R}The answer is $\\boxed{{{{{v}}}}}$. I hope this helps!",
                  TEXT + f"Die Antwort ist {v}."],
         [TEXT + f"{_R}Thus\n\\[\n\\boxed{{{v + 1}}}\n\\]", TEXT + f"Donc le total est {v}.\nRéponse : {v + 3} $",
          TEXT + f"所以，总共需要 {v + 2}", TEXT + f"{_R}$$\nx = {v - 1}\n$$"]),
        (f"\\frac{{\\sqrt{{{a}}}}}{{{b + 1}}}", [TEXT + f"{_R}\\boxed{{\\dfrac{{\\sqrt{{{a}}}}}{{{b + 1}}}}}",
                                                 TEXT + f"{_R}\\[\n\\boxed{{\\frac{{\\sqrt{{{a}}}}}{{{b + 1}}}}}\n\\]"],
         [TEXT + f"{_R}\\boxed{{\\frac{{\\sqrt{{{a + 1}}}}}{{{b + 1}}}}}"]),
        (_WORDS[b].capitalize() if b % 2 else "\\text{Tuesday}", [TEXT + f"{_R}\\boxed{{\\text{{{_WORDS[b] if b % 2 else 'Tuesday'}}}}}",
                                                                  TEXT + f"{_R}The answer is {_WORDS[b] if b % 2 else 'Tuesday'}."],
         [TEXT + f"{_R}\\boxed{{\\text{{{_WORDS[b + 1] if b % 2 else 'Monday'}}}}}"]),
    ]


def _solution_refs(a: int, b: int) -> list[tuple[str, list[str], list[str]]]:
    v = a * b + a
    sol = [f"Each box holds {b} apples and there are {a} boxes, so {a} \\cdot {b} = {a * b}. Adding the {a} loose apples gives $\\boxed{{{v}}}$.",
           f"She buys {a} packs of {b}: {a}*{b} = {a * b}.\nThen {a * b} + {a} = {v}.\n#### {v}",
           f"We compute {a} \\times ({b} + 1) = {v}. The answer is {v}.",
           f"First, $x = {a}$. Then $y = {b}x + {a} = {v}$, so the answer is $y = {v}$."]
    return [(TEXT + s, [str(v), f"{v}.0", f"\\frac{{{2 * v}}}{{2}}"], [str(v + 1), str(a * b), str(a)]) for s in sol]


def _expressions(a: int, b: int) -> list[tuple[str, list[str], list[str]]]:
    return [
        ("\\sec^2 y", ["\\tan^2 y + 1", "\\frac{1}{\\cos^2 y}", "1+\\tan^{2}(y)"], ["\\sec y", "\\tan^2 y - 1", "\\csc^2 y"]),
        (f"\\sqrt[3]{{x}}^{a}", [f"x^{{{a}/3}}", f"x^{{\\frac{{{a}}}{{3}}}}", f"(\\sqrt[3]{{x}})^{{{a}}}"],
         [f"x^{{{a}/2}}", f"x^{{{a + 1}/3}}"]),
        (f"\\sum_{{k=1}}^{{n}} k^{a % 2 + 1}", ["\\frac{n(n+1)}{2}" if a % 2 == 0 else "\\frac{n(n+1)(2n+1)}{6}"],
         ["\\frac{n(n-1)}{2}" if a % 2 == 0 else "\\frac{n(n+1)}{2}"]),
        (f"\\prod_{{k=1}}^{{{a % 4 + 3}}} k", [str([6, 24, 120, 720][a % 4]), f"{a % 4 + 3}!"], [str([6, 24, 120, 720][a % 4] + 1)]),
        (f"x^2 y + {b} x y^2", [f"xy(x + {b}y)", f"x y^{{2}} \\cdot {b} + x^{{2}} y"], [f"xy(x - {b}y)", f"x^2y^2({b}+1)"]),
        (f"\\sin({a}x)", [f"2\\sin({a}x/2)\\cos({a}x/2)"], [f"{a}\\sin x", f"\\cos({a}x)"]),
        (f"\\frac{{1}}{{x-{b}}} - \\frac{{1}}{{x+{b}}}", [f"\\frac{{{2 * b}}}{{x^2-{b * b}}}"], [f"\\frac{{1}}{{x^2-{b * b}}}", f"\\frac{{{2 * b}}}{{x^2+{b * b}}}"]),
        (f"f(x, y) = {a}x^2 + {b}xy", [f"{a}x^2+{b}yx", f"x({a}x + {b}y)"], [f"{a}x^2 + {b}y^2", f"{a}y^2 + {b}xy"]),
    ]


FAMILIES = {
    "relations": _rel, "intervals_sets": _sets, "several_answers": _several, "equations_labels": _equations,
    "matrices": _matrices, "numbers": _numbers, "placement": _placement, "solution_refs": _solution_refs,
    "expressions": _expressions,
}
PARAMS = ((5, 8), (3, 12), (7, 9), (2, 11))


def cases(family: str, params=PARAMS) -> list[tuple[str, str, bool]]:
    """(gold, answer, label) triples of one family; answers not yet placed in an output."""
    out = []
    for a, b in params:
        for gold, right, wrong in FAMILIES[family](a, b):
            out += [(gold, r, True) for r in right] + [(gold, w, False) for w in wrong]
    return out


def build(families=None, params=PARAMS) -> list[tuple[str, Sample, bool]]:
    """(family, sample, label) triples: every answer placed in a model-style output."""
    out = []
    for family in families or FAMILIES:
        for i, (gold, answer, label) in enumerate(cases(family, params)):
            text = answer[len(TEXT):] if answer.startswith(TEXT) else PLACEMENTS[i % len(PLACEMENTS)](answer)
            ref = gold[len(TEXT):] if gold.startswith(TEXT) else gold
            out.append((family, Sample(f"form-{family}-{i}", "math", "Give the answer.", text, (ref,)), label))
    return out


def parser_verdicts(task: tuple[str, str]) -> list:
    """Worker function (measurement of the two grammars): (reference, output) -> [our grammar's
    verdict, the ANTLR path's verdict, seconds of each], on the same extracted spans."""
    import time

    from judgesuite.judges.math.compare import answers_equal
    from judgesuite.judges.math.extract import extract
    from judgesuite.judges.math.forms import reference_answer
    from judgesuite.judges.math.latex_backend import latex_equal, parse_latex
    from judgesuite.judges.math.readers import parse_answer as _parse

    reference, output = task
    ex = extract(output)
    if not ex.spans:
        return [None, None, 0.0, 0.0]
    gold, cand = reference_answer(reference), ex.spans[0]
    out = []
    for parse_fn, equal_fn in ((_parse, answers_equal), (parse_latex, latex_equal)):
        start = time.perf_counter()
        try:
            g, c = parse_fn(gold), parse_fn(cand)
            verdict = None if g is None or c is None else equal_fn(g, c)
        except Exception:  # a comparison either grammar's values cannot make
            verdict = None
        out.append((verdict, time.perf_counter() - start))
    return [out[0][0], out[1][0], out[0][1], out[1][1]]
