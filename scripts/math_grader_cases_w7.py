"""Batch 7 of the grader cases of issue 37: equivalence cases taken as DATA from the unit tests of public math
graders not used before and not among our held-out grader sources, and the seeded rule that split them into
`dev-w7` and `heldout-w7` before any judge ran on them.

Each table holds (candidate, references, equal?) exactly as the source asserts it (the candidate is the answer
graded, the reference the source's ground truth). No case was written here: every wrong row is the source's
own. A pair a source asserts twice with the same result is kept once. Left out on purpose (see the card):
`None` and empty inputs, conventions (a percentage not read: `50%` wrong for `1/2`; a precision option:
`float_rounding=3`), verdicts that need the question the corpus does not hold (GLM-V's unit questions: `1 kg`
wrong for `1000 g` when asked how many grams 1 kg is, `5.8米` wrong for `5.8` when the question is in
centimetres), format rules (a box required), tests of a lower-level comparison, an extractor or a normaliser
rather than of the grader, the tests that grade a data set's own answers, and commented-out tests.
"""
from __future__ import annotations

from math_grader_cases_w4 import capped_split

SPLIT_SEED_W7 = "judgesuite-issue37-grader-batch7"

GLMV = ("zai-org/GLM-V glmv_reward/tests/stem/test_math_verifier.py (Apache-2.0, commit 8fc9756, the head of the "
        "stored snapshot; the file last changed in d208b2a): MathVerifier.judge's asserted pairs (the answer first, "
        "the ground truth second; the multiple-choice and unit pairs without their question); None inputs, the "
        "three unit questions (1 kg / 1000 g, 1 hour / 3600 seconds, 1 m/s / 3.6 km/h asserted wrong as restating "
        "the question), 5.8米 wrong for 5.8 (the question's unit is the centimetre), the extractor tests and the "
        "commented-out tests of tests/general/test_general_verifier_math.py left out")
GLMV_CASES = [  # (answer, [ground truth], asserted equal?)
    ("x+1", ["1+x"], True), ("2", ["2.0"], True), ("(x+1)**2", ["x**2 + 2*x + 1"], True), ("3/2", ["1.5"], True),
    ("pi + 1", ["\u03c0 + 1"], True), ("\\pi + 1", ["\u03c0 + 1"], True), ("2\\pi + 1", ["1 + 2\u03c0"], True),
    ("1/2", ["0.5"], True), ("0.25", ["1/4"], True), ("2/4", ["0.5"], True),
    ("sqrt(4)", ["2"], True), ("\\sqrt{9}", ["3"], True), ("\u221a9", ["3"], True),
    ("72 \u00b0", ["72"], True), ("  0.5 ", ["50%"], True), ("1e3", ["1000"], True), ("2.5e-2", ["0.025"], True),
    ("sin(pi/2)", ["1"], True), ("exp(0)", ["1"], True), ("-3", ["(-3)"], True), ("-(2+3)", ["-5"], True),
    ("\\frac{1}{2}", ["\u00bd"], True), ("\u03c0/2", ["\\frac{\\pi}{2}"], True), ("5.00", ["5"], True),
    ("2*(x+1)", ["2x+2"], True), ("a**2 + b**2 + 2*a*b", ["a**2 + 2*a*b + b**2"], True),
    ("0.5", ["1/2"], True), ("0.333...", ["1/3"], True), ("1.23e4", ["12300"], True),
    ("1.23E-4", ["0.000123"], True), ("\u221a4", ["2"], True),
    ("x > 5", ["x > 5"], True), ("y \u2264 10", ["y <= 10"], True), ("z \u2265 0", ["z >= 0"], True),
    (" A", ["A"], True), ("B ", ["B"], True), ("  C", ["C"], True), ("D", ["D "], True),
    ("\\boxed{A}", ["A"], True), ("\\text{B}", ["B"], True), ("\\boxed{C}", ["\\text{C}"], True),
    ("\\boxed{D}", ["D"], True), ("A. Blue", ["A"], True), ("B. Red", ["B"], True), ("C. Green", ["C"], True),
    ("D. Yellow", ["D"], True), ("1", ["1"], True), ("2", ["2"], True), ("3", ["3"], True), ("4", ["4"], True),
    ("Red", ["3"], False), (" A ", ["A"], True), ("\\boxed{B} ", ["B"], True),
    ("5.8\u5398\u7c73", ["5.8"], True), ("5.8", ["5.8"], True),
    ("40\u5398\u7c73", ["40\u5398\u7c73"], True), ("40", ["40\u5398\u7c73"], True),
    ("0.4\u7c73", ["40\u5398\u7c73"], True),
    ("12", ["12\u7c73"], True), ("12\u7c73", ["12"], True), ("12", ["12"], True),
]

RFS = ("rasbt/reasoning-from-scratch tests/test_ch03.py (Apache-2.0, commit f79c9cd, the head of the stored snapshot; "
       "the file last changed in 41d3bbe): grade_answer's asserted pairs (the prediction first, the truth second; "
       "the same pairs again in the demo table, kept once) and the two graded outputs of the MATH-500 evaluation "
       "test; None and empty inputs, 50% wrong for 1/2 (a percentage not read), equality_check's pairs (a lower-"
       "level comparison that calls (14/3, 2/3) and (14/3, 4/6) different), ch06's reward_rlvr (a box required), "
       "the tests that grade MATH-500's own answers and the extractor and normaliser tests left out")
RFS_CASES = [
    ("3/4", ["\\frac{3}{4}"], True), ("(3)/(4)", ["3/4"], True), ("\\frac{\\sqrt{8}}{2}", ["sqrt(2)"], True),
    ("\\( \\frac{1}{2} + \\frac{1}{6} \\)", ["2/3"], True), ("(1, 2)", ["(1,2)"], True),
    ("(2, 1)", ["(1, 2)"], False), ("(1, 2, 3)", ["(1, 2)"], False), ("0.5", ["1/2"], True),
    ("0.3333333333", ["1/3"], False), ("1,234/2", ["617"], True), ("\\text{2/3}", ["2/3"], True),
    ("2\\cdot 3/4", ["3/2"], True), ("90^\\circ", ["90"], True), ("\\left(\\frac{3}{4}\\right)", ["3/4"], True),
    ("(1,2,3)", ["(1,2,3)"], True), ("(1,2,3)", ["(1,2)"], False),
    ("Reasoning...\n\\boxed{A}", ["A"], True), ("Some steps...\nTherefore, \\boxed{X}", ["B"], False),
]

CAMEL = ("camel-ai/camel test/verifiers/test_math_verifier.py (Apache-2.0, commit 1010572; the same cases at "
         "446bd33): MathVerifier.verify's asserted outcomes (the solution first, the reference answer second); the "
         "float_rounding=3 cases (a precision option) left out")
CAMEL_CASES = [
    ("0.5", ["1/2"], True), ("$\\frac{1}{2}$", ["0.5"], True), ("0.5", ["0.3333"], False),
    ("$\\frac{1}{2} + \\frac{1}{3}$", ["$\\frac{5}{6}$"], True), ("$x^2 + 2x + 1$", ["$(x + 1)^2$"], True),
]

# family -> (source, origin, cases); appended to the corpus in this order
FAMILIES = {
    "grader-glm-v": ("GLM-V", GLMV, GLMV_CASES),
    "grader-reasoning-from-scratch": ("reasoning-from-scratch", RFS, RFS_CASES),
    "grader-camel": ("camel", CAMEL, CAMEL_CASES),
}


# the split rule (math_grader_cases_w4.capped_split), fixed before any judge ran on these rows
ranked_families_w7, heldout_families_w7, split_w7 = capped_split(FAMILIES, SPLIT_SEED_W7, 7)
