"""Batch 2 of the grader cases of issue 37: equivalence cases taken as DATA from the tests (or the
worked examples) of public math graders that are not among our held-out grader sources, and the
seeded rule that split them into `dev-w2` and `heldout-w2` before any judge ran on them.

Each table holds (candidate, references, equal?) exactly as the source asserts it; where a source
asserts a pair in both directions, both rows are kept. Left out on purpose (see the card): cases
whose outcome is a format rule (a missing reasoning tag, no box), an unparsable or empty gold, and
a grading convention that calls two equal numbers different ("3245/5" vs "649").
"""
from __future__ import annotations

import hashlib

SPLIT_SEED_W2 = "judgesuite-issue37-grader-batch2"

NEMO = ("NVIDIA/NeMo-Skills tests/test_math_equal.py (Apache-2.0, commit 583b90a): the pairs of "
        "test_correct_examples / test_incorrect_examples, asserted in both directions")
_NEMO_EQUAL = [
    ("5", "5"), ("5", "5.0"), ("1/2", "0.5"), ("\\frac{1}{2}", "0.5"), ("918\\frac{1}{2}", "918.5"),
    ("x^2+2x+1", "x^2 + 2*x + 1"), ("x^2+2x+1", "x^2 + 2*x - (-1)"), ("y = x^2+2x+1", "2x+ 1+x^2"),
    ("odd", "\\text{odd}"), ("E", "\\mathrm{E}"), ("A", "\\textbf{A}"), ("f'", "f'"), ("185", "185\\"),
    ("185\\", "185\\"), (".185", "0.185"), ("\\frac {1}{2}", "0.5"), ("17\\text{ any text}", "17"),
    ("\\$10", "10"), ("10%", "10"), ("10\\%", "10"), ("2.5", "\\frac{5}{2}"), ("\\frac{1}{3}", "\\dfrac{1}{3}"),
    ("(r+5)(r+5)", "(r+5)^2"), ("\\frac{\\sqrt{3}}{3}", "\\frac{\\sqrt{3}}{3} \\approx 0.577"), ("C", "C. x = 42"),
    ("\\begin{pmatrix}0&0&0\\\\0&1&0\\\\0&0&1\\end{pmatrix}",
     "\\begin{bmatrix} 0 & 0 & 0 \\\\ 0 & 1 & 0 \\\\ 0 & 0 & 1 \\end{bmatrix}"),
]
_NEMO_DIFFERENT = [("5", "5.001"), ("x^2+2x+1", "x^3+2x+1"), ("odd", "\\text{oddd}"), ("E", "\\mathrm{E}*2"),
                   ("\\sqrt{67},-\\sqrt{85}", "\\sqrt{67}")]  # (0, None) left out: no gold


def _both_ways(pairs, equal):
    rows, seen = [], set()
    for a, b in pairs:
        for cand, gold in ((a, b), (b, a)):
            if (cand, gold) not in seen:
                seen.add((cand, gold))
                rows.append((cand, [gold], equal))
    return rows


TRL = ("huggingface/trl tests/test_rewards.py (Apache-2.0, commit 010eddf): the completions and "
       "solutions of accuracy_reward, reasoning_accuracy_reward and the cosine-scaled reward tests")
TRL_CASES = [
    ("\\boxed{\\frac{63}{400}}", ["\\frac{63}{400}"], True), ("\\boxed{\\frac{63}{400}}", ["63/400"], True),
    ("\\boxed{\\frac{64}{400}}", ["\\frac{63}{400}"], False), ("\\boxed{3}", ["6"], False),
    ("\\boxed{\\frac{1}{3}}", ["\\frac{1}{3}"], True), ("\\boxed{\\frac{1}{2}}", ["\\frac{1}{3}"], False),
    ("<think> Reasoning content </think> \\boxed{\\frac{63}{400}}", ["\\frac{63}{400}"], True),
    ("Reasoning content </think> \\boxed{\\frac{63}{400}}", ["\\frac{63}{400}"], True),
    ("<REASONING_START> Reasoning content </REASONING_END> \\boxed{\\frac{63}{400}}", ["\\frac{63}{400}"], True),
    ("<think> Reasoning content </think> \\boxed{\\frac{64}{400}}", ["\\frac{63}{400}"], False),
    ("<think> The answer is \\boxed{42} </think> Here's a wrong answer: \\boxed{43}.", ["\\boxed{42}"], False),
]

OPENCOMPASS = ("open-compass/opencompass tests/datasets/test_olympiadbench.py (commit 8b174d8) and "
               "tests/datasets/test_aime2025_eval.py (commit 8ac42f7) (Apache-2.0): MathJudger's asserted "
               "pairs, the pairs test_mathematical_equivalence calls equivalent, the prediction marked wrong")
OPENCOMPASS_CASES = [
    ("(x-1)(x+1)", ["(x^2-1)"], True), ("(x-1)(x+1)", ["(x^2+1)"], False), ("(1,2)", ["(1, 2)"], True),
    ("(1,2)", ["(1,3)"], False), ("[0,1]", ["(0,1)"], False),
    ("\\boxed{\\frac{1}{2}}", ["\\frac{1}{2}"], True), ("\\boxed{x^2 + 2x + 1}", ["(x+1)^2"], True),
    ("\\boxed{2+2}", ["4"], True), ("\\boxed{\\sqrt{16}}", ["4"], True), ("\\boxed{0}", ["1"], False),
]

VERIFIERS = ("PrimeIntellect-ai/verifiers (was willccbb/verifiers) tests/test_math_rubric.py (MIT, commit "
             "0cdf2b6): the valid and invalid answers of MathRubric")
VERIFIERS_CASES = [
    ("\\boxed{1}", ["1"], True), ("\\boxed{x + 1}", ["1 + x"], True), ("\\boxed{\\frac{1}{2}}", ["0.5"], True),
    ("\\boxed{1}", ["2"], False), ("\\boxed{\\frac{1}{3}}", ["0.5"], False),
]

RM_GALLERY = ("modelscope/RM-Gallery tests/test_math.py (Apache-2.0, commit 76a942c): the generated / "
              "reference pairs of MathVerifyReward with an asserted score")
RM_GALLERY_CASES = [
    ("42", ["42"], True), ("24", ["42"], False), ("2*x", ["2x"], True), ("Invalid math expression", ["42"], False),
    ("\\frac{d}{dx}(x^2) = 2x", ["2x"], True), ("Answer", ["42"], False), ("6", ["2*3"], True),
]

SIMPLE_EVALS = ("openai/simple-evals common.py EQUALITY_TEMPLATE (MIT, commit 01ac108): the worked "
                "examples of the equality checker; Expression 1 is the gold, Expression 2 the answer")
SIMPLE_EVALS_CASES = [
    ("$3+2x$", ["$2x+3$"], True), ("1.5", ["3/2"], True), ("$y^2+2y+1$", ["$x^2+2x+1$"], False),
    ("$(x+1)^2$", ["$x^2+2x+1$"], True), ("-2/3", ["2/(-3)"], True), ("72", ["72 degrees"], True),
    ("64 square feet", ["64"], True),
]

RLLM = ("rllm-org/rllm (was agentica-project/rllm) tests/rewards/test_math_reward.py (MIT, commit f21f145): "
        "the responses and ground truths of RewardMathFn whose outcome is graded, not a format error")
RLLM_CASES = [
    ("<think>2 + 2 = 4</think>\nThe answer is \\boxed{4}.", ["4"], True),
    ("<think>The answer could be written as a fraction or decimal</think>\nThe answer is \\boxed{0.5}.",
     ["0.5", "1/2", "one half"], True),
    ("<think>2 + 2 = 5</think>\nThe answer is \\boxed{5}.", ["4"], False),
    ("<think>I'll use calculation tools</think>\nThe answer is \\boxed{4}.", ["4"], True),
    ("<think>Let me solve this quadratic equation</think>\nThe answer is \\boxed{x = 2, x = -3}.",
     ["x = 2, x = -3"], True),
    ("<think>Let me calculate this carefully</think>\nThe answer is \\boxed{24}.", ["\\boxed{24}"], True),
    ("<think>The answer is approximately pi</think>\nThe answer is \\boxed{3.14159}.", ["3.14159"], True),
    ("<think>Let me simplify this fraction</think>\nThe answer is \\boxed{\\frac{1}{2}}.", ["1/2"], True),
    ("<think>...</think>\nThe answer is \\boxed{}.", ["", "42"], False),
    ("<think>...</think>\nThe answer is \\boxed{42}.", ["", "42"], True),
    ("<think>...</think>\nThe answer is \\boxed{}.", ["7"], False),
    ("<think>...</think>\nThe answer is \\boxed{42}.", ["7"], False),
    ("<think>...</think>\nThe answer is \\boxed{0}.", ["0"], True),
    ("<think>...</think>\nThe answer is \\boxed{0}.", ["\\boxed{0}"], True),
    ("<think>5 + 5 = 10</think>\nThe answer is \\boxed{10}.", ["10"], True),
    ("<think>5 + 5 = 11</think>\nThe answer is \\boxed{11}.", ["10"], False),
]

# family -> (source, origin, cases); appended to the corpus in this order
FAMILIES = {
    "grader-nemo-skills": ("NeMo-Skills", NEMO, _both_ways(_NEMO_EQUAL, True) + _both_ways(_NEMO_DIFFERENT, False)),
    "grader-trl": ("TRL", TRL, TRL_CASES),
    "grader-opencompass": ("OpenCompass", OPENCOMPASS, OPENCOMPASS_CASES),
    "grader-verifiers": ("verifiers", VERIFIERS, VERIFIERS_CASES),
    "grader-rm-gallery": ("RM-Gallery", RM_GALLERY, RM_GALLERY_CASES),
    "grader-simple-evals": ("simple-evals", SIMPLE_EVALS, SIMPLE_EVALS_CASES),
    "grader-rllm": ("rLLM", RLLM, RLLM_CASES),
}


def heldout_families_w2() -> set[str]:
    """The split rule, fixed before any judge ran on these rows: rank the families by the SHA-256 of
    `SPLIT_SEED_W2:family`; the first half (rounded down) is `heldout-w2`, the rest `dev-w2`."""
    ranked = sorted(FAMILIES, key=lambda f: hashlib.sha256(f"{SPLIT_SEED_W2}:{f}".encode()).hexdigest())
    return set(ranked[: len(ranked) // 2])


def split_w2(family: str) -> str:
    return "heldout-w2" if family in heldout_families_w2() else "dev-w2"
