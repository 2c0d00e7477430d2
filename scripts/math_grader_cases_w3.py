"""Batch 3 of the grader cases of issue 37: equivalence cases taken as DATA from the tests of public
math graders not used before and not among our held-out grader sources, and the seeded rule that split
them into `dev-w3` and `heldout-w3` before any judge ran on them.

Each table holds (candidate, references, equal?) exactly as the source asserts it (the candidate is the
answer graded, the reference the source's ground truth). No case was written here: every wrong row is
the source's own. Left out on purpose (see the card): outcomes that are a format rule (a broken
end-of-turn token, an answer without the "####" mark, a verifier error or timeout), conventions that
call two equal values different ("0.5" against "\\frac{1}{2}", "forty-two" against 42, "10" against
"10cm"), and one that calls two different values equal (an interval from 2^(2^-1000) against one from 1).
"""
from __future__ import annotations

import hashlib
import math

SPLIT_SEED_W3 = "judgesuite-issue37-grader-batch3"

MARIO = ("MARIO-Math-Reasoning/MARIO_EVAL math_evaluation/tests/test_is_equiv.py (MIT, the licence its "
         "setup.py declares; commit 3d28d49): every pair asserted by is_equiv / are_equal_under_sympy "
         "(ground truth first, the given answer second); 10cm / 10m against 10 (its no-space unit rule) "
         "and [2^(1/2^1000), oo) against [1, oo) (a tolerance) left out")
MARIO_CASES = [  # (given answer, [ground truth], asserted equal?)
    ('{x - 1, x}', ['{x, x - 1}'], True),
    ('x + 1.414I', ['x + \\sqrt2I'], True),
    ('11111111100', ['11,\\! 111,\\! 111,\\! 100'], True),
    ('1.5', ['1 1/2'], True),
    ('4210_7', ['4210_{7}'], True),
    ('1.5', ['1\\frac12'], True),
    ('2.625', ['2\\frac58'], True),
    ('0.1, 4', ['.1, 4.0'], True),
    ('10', ['10\\%'], True),
    ('0.1', ['10\\%'], True),
    ('1/3, 1.732, 3.1416', ['\\frac13, \\sqrt3, \\pi'], True),
    ('125.663', ['40\\pi'], True),
    ('1, 3, 2', ['1, 2, 3'], True),
    ('-5,-2,7', ['7, -2, \\text{ and } -5'], True),
    ('(1, 3, 2)', ['[1, 2, 3]'], False),
    ('[x, 1 + x]', ['[x, x + 1]'], True),
    ('[x + 1, x]', ['[x, x + 1]'], False),
    ('i(2-i)', ['1+2i'], True),
    ('\\\\dfrac{2}{3} +\\frac{1}{72}', ['\\tfrac23 +\\frac1{72}'], True),
    ('$\\frac{\\sqrt{17}}{17}$', ['$\\frac{\\sqrt{17}}{17}$'], True),
    ('$\\frac{4\\sqrt{5}}{5}$', ['$\\frac{4\\sqrt{5}}{5}$'], True),
    ('0.8660254037844386', ['\\frac{\\sqrt{3}}{2}'], True),
    ('10', ['10\\text{ units}'], True),
    ('10', ['10 square units'], True),
    ('10', ['10 \\text{cm}'], True),
    ('10', ['10\\text{ cm}^2'], True),
    ('10', ['10\\text{ cm}^{2}'], True),
    ('10', ['10weeks'], True),
    ('10', ['10 weeks'], True),
    ('10', ['10 cm^2'], True),
    ('20:34:00', ['20:34'], True),
    ('08:34 \\text{P.M.}', ['20:34'], True),
    ('\\$10', ['10'], True),
    ('(x-2)(x+2)', ['\\left(x-2\\right)\\left(x+2\\right)'], True),
    ('10\\sqrt3 + \\sqrt{4}', ['10\\sqrt{3} + \\sqrt4'], True),
    ('$\\\\sqrt{5}$', ['$\\sqrt{5}$'], True),
    ('x + y - z + 2 = 0', ['5x - 7y + 11z + 4 = 0'], False),
    ('\\cos(x)=\\frac{42}{59}', ['\\sin(x)=\\frac{42}{59}'], False),
    ('$\\frac{v_0 \\cdot \\left(\\frac{r_0}{r + r_0}\\right)^{0.5}}{(r + r_0)}$', ['$\\frac{v_{0}}{r_{0}} \\frac{1}{\\left(1+r / r_{0}\\right)^{3 / 2}}$'], True),
    ('11z^7(11z^7+5)', ['11z^{7}(5+11z^{7})'], True),
    ('$4/3-7x/6$', ['$\\frac{8-7x}{6}$'], True),
    ('(2x - 1)(2x + 1)(2x + 3)', ['(2x+3)(2x -1)(2x+1)'], True),
    ('2^6 3^5 5^4', ['2^6 * 3^5 * 5^4'], True),
    ('\\begin{pmatrix} 1 & 0.5 \\\\ 1/3 & 4 \\end{pmatrix}', ['\\begin{pmatrix} 1 & 1/2 \\\\ 1/3 & 4 \\end{pmatrix}'], True),
    ('\\begin{matrix} x \\\\ \\sqrt{3} + 2x \\\\ 0.5 \\end{matrix}', ['\\begin{matrix} x \\\\ \\sqrt{3} + 2x  \\\\ \\frac12 \\end{matrix}'], True),
    ('\\begin{matrix} x \\\\ \\sqrt{3} + 2I \\\\ 0.5 \\end{matrix}', ['\\\\begin{matrix} x \\\\\\\\ \\\\sqrt{3} + 2I  \\\\\\\\ \\\\frac12 \\\\end{matrix}'], True),
    ('[0.5, 1]', ['\\begin{matrix} \\frac12 \\\\ 1 \\end{matrix}'], True),
    ('\\begin{cases} a+b=0.5\\\\ a-b=1.732\\end{cases}', ['\\begin{cases} a+b=\\frac12 \\\\ a-b=\\sqrt3 \\end{cases}'], True),
    ('\\frac1{\\cos x}', ['\\sec x'], True),
    ('\\cos(x)', ['\\sin(90^{\\circ}-x)'], True),
    ('\\frac{1}{432}', ['2.314814814815 \\times 10^{-3}'], True),
    ('[1/2, \\infty)', ['x \\in [0.5, \\infty)'], True),
    ('(-3,2)', ['[-3,2]'], False),
    ('[x, y)', ['[1, 2)'], False),
    ('1, 2, 3', ['x = 1, y = 2, z = 3'], True),
    ('2x + 3', ['f(x) = 2x + 3'], True),
    ('y = 2x + 3', ['f(x) = 2x + 3'], True),
]

NEMO_RL = ("NVIDIA-NeMo/RL tests/unit/environments/test_math_environment.py (Apache-2.0, commit c112cfe): "
           "the assistant answers and ground truths of the math, multi-reward and multiple-choice "
           "environments with their asserted correctness (the verifier-error and timeout cases left out)")
NEMO_RL_CASES = [
    ("2 + 2 = \\boxed{4}", ["4"], True), ("3 * 4 = \\boxed{12}", ["\\boxed{12}"], True),
    ("10 - 5 = \\boxed{5}", ["\\boxed{5}"], True),
    ("<think>2 + 2 = 4</think>\n<answer>4</answer>", ["4"], True),
    ("<think>3 * 4 = 12</think>\n<answer>12.5</answer>", ["12"], False),
    ("<think>10 - 5 = 5\n<answer>5</answer>", ["5"], True),
    ("\nAnswer: C", ["C"], True), ("\nAnswer: B", ["B"], True), ("\nAnswer: D", ["B"], False),
    ("\n答案: C", ["C"], True), ("\n答案: B", ["B"], True), ("\n答案: D", ["B"], False),
    ("2 + 2 = \\boxed{\\frac{8}{2}}", ["4.0"], True), ("3 * 4 = 13", ["\\boxed{12}"], False),
    ("2 + 1.333 = \\boxed{\\frac{10}{3}}", ["3.33333333"], True),
]

SKYRL = ("NovaSky-AI/SkyRL skyrl-gym/tests/test_aime.py and skyrl-gym/tests/test_gsm8k.py (Apache-2.0, "
         "commit a956457): outputs, ground truths and rewards of the aime and gsm8k environments; "
         "format-rule cases (a broken end token, no \"####\") and the convention that 0.5 and "
         "\"forty-two\" are wrong for 1/2 and 42 left out")
SKYRL_CASES = [
    ("Answer: \\boxed{42}", ["42"], True), ("Answer: 42", ["42"], True), ("Answer: \\boxed{43}", ["42"], False),
    ("Answer: \\boxed{\\frac{1}{2}}", ["\\frac{1}{2}"], True),
    ("<|im_start|>Answer: \\boxed{42}<|im_end|>", ["42"], True), ("Answer: \\boxed{42}<|eot_id|>", ["42"], True),
    ("The answer is #### 42", ["42"], True), ("The answer is #### 42", ["43"], False),
]

OPENRLHF = ("OpenRLHF/OpenRLHF tests/test_math_utils.py (Apache-2.0, commit 563c316, \"fix(reward): preserve "
            "tuple delimiters in math grading\"): grade_answer's asserted pairs")
OPENRLHF_CASES = [
    ("[1,2]", ["(1,2)"], False), ("(1,2)", ["[1,2]"], False), ("(1,2]", ["(1,2)"], False),
    ("[1,2)", ["[1,2]"], False), ("(1.0,2.0)", ["(1,2)"], True),
]

# family -> (source, origin, cases); appended to the corpus in this order
FAMILIES = {
    "grader-mario-eval": ("MARIO_EVAL", MARIO, MARIO_CASES),
    "grader-nemo-rl": ("NeMo-RL", NEMO_RL, NEMO_RL_CASES),
    "grader-skyrl": ("SkyRL", SKYRL, SKYRL_CASES),
    "grader-openrlhf": ("OpenRLHF", OPENRLHF, OPENRLHF_CASES),
}


def heldout_families_w3() -> set[str]:
    """The split rule, fixed before any judge ran on these rows: rank the families by the SHA-256 of
    `SPLIT_SEED_W3:family`; the first third (rounded up) is `heldout-w3`, the rest `dev-w3`."""
    ranked = sorted(FAMILIES, key=lambda f: hashlib.sha256(f"{SPLIT_SEED_W3}:{f}".encode()).hexdigest())
    return set(ranked[: math.ceil(len(ranked) / 3)])


def split_w3(family: str) -> str:
    return "heldout-w3" if family in heldout_families_w3() else "dev-w3"
