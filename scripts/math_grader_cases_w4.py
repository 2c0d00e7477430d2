"""Batch 4 of the grader cases of issue 37: equivalence cases taken as DATA from the unit tests of public
math graders not used before and not among our held-out grader sources, and the seeded rule that split
them into `dev-w4` and `heldout-w4` before any judge ran on them.

Each table holds (candidate, references, equal?) exactly as the source asserts it (the candidate is the
answer graded, the reference the source's ground truth). No case was written here: every wrong row is
the source's own. A pair the source asserts twice with the same result is kept once. Left out on purpose
(see the card): outcomes that are a format or extraction rule (an unclosed box, the first of two answer
tags, an empty gold), conventions that call two different values equal (a numerical tolerance, a
percentage read as its fraction, tuples compared as sets), inputs that are no text (Python numbers), and
assertions that are about words, not mathematics (a case-insensitive "White").
"""
from __future__ import annotations

import hashlib

SPLIT_SEED_W4 = "judgesuite-issue37-grader-batch4"

SKYTHOUGHT = ("NovaSky-AI/SkyThought tests/evals/util/test_math_parsing.py (math_equal: prediction first, "
              "reference second), tests/evals/tasks/test_math.py and tests/evals/tasks/test_aime.py "
              "(check_correctness) (Apache-2.0, commit 0d190f1): the asserted pairs; 3.14159 / 3.1416 and "
              "2 / 2.0001 (a tolerance), 75 / 0.75 (a percentage convention) and an empty answer against an "
              "empty reference left out")
SKYTHOUGHT_CASES = [  # (given answer, [ground truth], asserted equal?)
    ("3.14", ["3.14"], True), ("10", ["10"], True), ("-5", ["-5"], True), ("5", ["5.0"], True),
    ("3.14159", ["3.15"], False), ("3", ["3.0"], True), ("75", ["0.80"], False),
    ("(x+1)^2", ["x^2 + 2x + 1"], True), ("(x+1)^2", ["x^2 + 2x - 1"], False),
    ("x = y + 2", [" x - (y+2) = 0"], True),
    ("\\frac{1}{2}", ["1/2"], True), ("\\frac{2}{4}", ["\\frac{1}{2}"], True),
    ("\\begin{pmatrix}1 & 2 \\\\ 3 & 4\\end{pmatrix}", ["\\begin{pmatrix}1 & 2 \\\\ 3 & 4\\end{pmatrix}"], True),
    ("\\begin{pmatrix}1 & 2 \\\\ 3 & 4\\end{pmatrix}", ["\\begin{pmatrix}1 & 2 \\\\ 3 & 5\\end{pmatrix}"], False),
    ("C", ["C"], True), ("c", ["C"], True), ("(C)", ["C"], True), ("A", ["B"], False),
    ("", ["0"], False),
    ("4", ["4"], True), ("5", ["4"], False), ("My reply is 0.75.", [" 75%"], True),
    ("The answer is $4.", ["4."], True),
    ("The sum is 55", ["55"], True), ("48", ["49"], False),
]

DART_MATH = ("hkust-nlp/dart-math nbs/04_eval.ipynb (MIT, commit 219b324): the test_eq assertions on "
             "EvaluatorMath.eq (reference first, prediction second); 3.04 / 0.0304 and [0.0304, 0.0304] / 3.04 "
             "(a percentage convention), (1,2) / (2,1) with compare_sets (tuples as sets), the Python numbers "
             "5 / 5 and 0.1 + 0.2 / 0.3, and White / white (a word) left out")
DART_MATH_CASES = [
    ("0", ["251,7\\\\ \\noindent"], False), ("3.54e-07", ["3.54*10^{-7}"], True),
    ("0.5", ["\\frac{1}{2}"], True), ("100", ["1"], False), ("1", ["100"], False),
    ("x>3", ["x<-1"], False),
    ("(-\\infty,0)\\cup(0,\\infty)", ["(-\\infty,0)\\cup(0,\\infty)"], True),
    ("2+1,1+2", ["1+2,2+1"], True), ("y + x", ["x + y"], True), ("C", ["C"], True),
    ("1234", ["1,234"], True), ("(12,34)", ["12,34"], True), ("5", ["\\$ 5"], True),
    ("3\\sqrt{13}", ["3 * \\sqrt{13}"], True), ("\\frac{\\pi}{2}", ["\\pi/2"], True),
    ("(3,\\frac{\\pi}{2})", ["(3,\\pi/2)"], True), ("\\$23{,}000", ["23000"], True),
    ("[0,1]", ["[0,3)"], False), ("[0,3)", ["[0,1]"], False),
    ("1001", ["1001.5"], False), ("1001", ["\\frac{2003}{2}"], False),
]

MS_SWIFT = ("modelscope/ms-swift tests/utils/test_rewards.py (Apache-2.0, commit 3602360): the completions, "
            "solutions and asserted rewards of MathAccuracy (a reward built on Math-Verify; these cases are "
            "ms-swift's own), each pair once; an empty solution, an unclosed box (\\boxed{42) and two answer "
            "tags (the first one counts) left out, and the two MathORM tests (a mocked parser)")
MS_SWIFT_CASES = [
    ("The answer is \\boxed{42}", ["\\boxed{42}"], True),
    ("After careful calculation, the final answer is \\boxed{100}", ["\\boxed{100}"], True),
    ("Let me solve step by step:\n1. First we have x = 2\n2. Then y = 3x = 6\n3. Finally z = x + y = 8\n"
     "\nFinal answer: \\boxed{8}", ["\\boxed{8}"], True),
    ("The answer is \\boxed{42}", ["\\boxed{100}"], False),
    ("\\boxed{42}", ["\\boxed{42}"], True), ("\\boxed{100}", ["\\boxed{100}"], True),
    ("\\boxed{8}", ["\\boxed{8}"], True),
    ("<answer>84</answer>", ["\\boxed{84}"], True),
    ("<answer>\\boxed{100}</answer>", ["\\boxed{100}"], True),
    ("Let me solve:\nStep 1: Calculate x = 10\nStep 2: Calculate y = 20\nStep 3: Sum = 30\n\n<answer>54</answer>",
     ["\\boxed{54}"], True),
    ("<answer>\\frac{1}{2}</answer>", ["\\boxed{\\frac{1}{2}}"], True),
    ("<answer>84</answer>", ["<answer>\\boxed{84}</answer>"], True),
    ("<answer>42</answer>", ["\\boxed{100}"], False),
    ("<answer>100</answer>", ["\\boxed{100}"], True),
    ("The answer is \\boxed{8}", ["\\boxed{8}"], True),
    ("<answer>  84  </answer>", ["\\boxed{84}"], True),
    ("We are given a geometric sequence $\\{a_n\\}$ with:\n\n- $a_3 = 2$\n- $a_5 = 6$\n\nWe are to find $a_9$.\n\n"
     "---\n\n### Step 1: Recall the formula\n\n$$a_n = a_1 \\cdot r^{n-1}$$\n\n---\n\n### Step 2: Use the given "
     "terms\n\n$$a_3 = a_1 \\cdot r^2 = 2$$\n$$a_5 = a_1 \\cdot r^4 = 6$$\n\nDivide equation (2) by equation "
     "(1):\n$$r^2 = 3$$\n\n---\n\n### Step 3: Find $a_9$\n\n$$a_9 = a_1 \\cdot r^8 = \\frac{2}{3} \\cdot 81 = "
     "54$$\n\n### \u2705 Final Answer:\n\n<answer>54</answer>", ["\\boxed{54}"], True),
    ("<answer>0.5</answer>", ["\\boxed{\\frac{1}{2}}"], True),
    ("<answer>2</answer>", ["\\boxed{\\sqrt{4}}"], True),
    ("<answer>84</answer>", ["\n\n\\[\n\\boxed{84}\n\\]"], True),
    ("<answer>3</answer>", ["Therefore, the value of \\(a^2 - a + 2\\) is \\(\\boxed{3}\\)."], True),
    ("<answer>100</answer>", ["\\[\\boxed{100}\\]"], True),
    ("<answer>\\(x = 42\\)</answer>", ["\\[\\boxed{x = 42}\\]"], True),
]

OPEN_INSTRUCT = ("allenai/open-instruct open_instruct/test_ground_truth_utils.py (Apache-2.0, commit e6c3044): "
                 "GSM8KVerifier's signed-number cases with their asserted scores (the PuzzleMatcher and F1 "
                 "cases, string matching, and test_math_utils.py's strip_string outputs, a normaliser, left out)")
OPEN_INSTRUCT_CASES = [
    ("Therefore the answer is -3", ["-3"], True), ("Therefore the answer is +7", ["+7"], True),
    ("Final answer: -3.5", ["-3.5"], True), ("The result is \\\\boxed{-3}", ["-3"], True),
    ("Therefore the answer is 3", ["-3"], False),
]

# family -> (source, origin, cases); appended to the corpus in this order
FAMILIES = {
    "grader-skythought": ("SkyThought", SKYTHOUGHT, SKYTHOUGHT_CASES),
    "grader-dart-math": ("DART-Math", DART_MATH, DART_MATH_CASES),
    "grader-ms-swift": ("ms-swift", MS_SWIFT, MS_SWIFT_CASES),
    "grader-open-instruct": ("open-instruct", OPEN_INSTRUCT, OPEN_INSTRUCT_CASES),
}


def ranked_by_seed(families: dict, seed: str) -> list[str]:
    """The families ranked by the SHA-256 of `seed:family` (shared with later batches)."""
    return sorted(families, key=lambda f: hashlib.sha256(f"{seed}:{f}".encode()).hexdigest())


def two_thirds_run(families: dict, ranked: list[str]) -> list[str]:
    """The shortest run of `ranked` from its top that holds at least two thirds of the rows of `families`
    (family -> (source, origin, cases)); shared with later batches."""
    total = sum(len(cases) for _, _, cases in families.values())
    held: list[str] = []
    for family in ranked:
        if 3 * sum(len(families[f][2]) for f in held) >= 2 * total:
            break
        held.append(family)
    return held


def capped_split(families: dict, seed: str, batch: int) -> tuple:
    """(ranked_families, heldout_families, split) of batches 5 onwards, each fixed before any judge ran on its rows:
    rank the families by the SHA-256 of `seed:family`; `heldout-w<batch>` is the shortest run of them from the top of
    that ranking that holds at least two thirds of the batch's rows (whole sources; batch 4's rule), but never every
    family: the last of the ranking stays `dev-w<batch>` if the run would take them all. The rest is `dev-w<batch>`."""
    def ranked_families() -> list[str]:
        return ranked_by_seed(families, seed)

    def heldout_families() -> set[str]:
        ranked = ranked_families()
        return set(two_thirds_run(families, ranked)[: len(ranked) - 1])

    def split(family: str) -> str:
        return f"heldout-w{batch}" if family in heldout_families() else f"dev-w{batch}"

    return ranked_families, heldout_families, split


def ranked_families_w4() -> list[str]:
    return ranked_by_seed(FAMILIES, SPLIT_SEED_W4)


def heldout_families_w4() -> set[str]:
    """The split rule, fixed before any judge ran on these rows: rank the families by the SHA-256 of
    `SPLIT_SEED_W4:family`; `heldout-w4` is the shortest run of them from the top of that ranking that holds
    at least two thirds of the batch's rows (whole sources), the rest `dev-w4`."""
    return set(two_thirds_run(FAMILIES, ranked_families_w4()))


def split_w4(family: str) -> str:
    return "heldout-w4" if family in heldout_families_w4() else "dev-w4"
