"""Batch 6 of the grader cases of issue 37: equivalence cases taken as DATA from the unit tests of public
math graders not used before and not among our held-out grader sources, and the seeded rule that split
them into `dev-w6` and `heldout-w6` before any judge ran on them.

Each table holds (candidate, references, equal?) exactly as the source asserts it (the candidate is the
answer graded, the reference the source's ground truth). No case was written here: every wrong row is
the source's own. A pair a source asserts twice with the same result is kept once; a score below full
credit counts as "not equal" (batch 5's rule). Left out on purpose (see the card): outcomes that are a
format or extraction rule (no box, no "Answer:" line, a bare number required, the last of two answers,
a truncated tail), conventions (a tolerance that calls two different values equal, a tolerance option,
strictness rules that call two equal values different: an unreduced fraction, a factorisation form),
golds the source cannot read or computes in code, assertions about words, `None` and empty inputs, mocked
dependencies, and tests of an extractor or a normaliser rather than of a graded pair.
"""
from __future__ import annotations

from math_grader_cases_w4 import capped_split

SPLIT_SEED_W6 = "judgesuite-issue37-grader-batch6"

TINKER = ("thinking-machines-lab/tinker-cookbook tinker_cookbook/recipes/math_rl/math_env_test.py (grade_answer, "
          "the given answer first, the truth second) and tinker_cookbook/eval/benchmarks/benchmark_test.py "
          "(check_gsm8k and the HMMT grader's _check_math_equal, the answer first) (Apache-2.0, commit 9dfcc3a, "
          "the head of the stored snapshot): the asserted pairs; a None answer, \\text{yes} / yes (a word), "
          "\\frac{2}{4} wrong for \\frac{1}{2} (a strictness rule), empty answers or truths, the grading-"
          "consistency cases (only old == new asserted) and the extractor and normaliser tests left out")
TINKER_CASES = [  # (given answer, [ground truth], asserted equal?)
    ("42", ["42"], True), ("43", ["42"], False), ("\\frac{1}{2}", ["0.5"], True), ("\\frac{3}{4}", ["0.75"], True),
    ("5.0", ["5"], True), ("5.1", ["5"], False), ("(1, 2)", ["(1, 2)"], True), ("(1, 2)", ["(2, 1)"], False),
    ("The answer is 42.", ["42"], True), ("\\boxed{42}", ["42"], True), ("The answer is 43.", ["42"], False),
    ("42", ["43"], False), ("0.5", ["0.5"], True), ("103", ["103"], True),
    ("\\frac{1}{576}", ["\\frac{1}{576}"], True), ("2\\sqrt{3}", ["2\\sqrt{3}"], True),
]

REASONING_GYM = ("open-thought/reasoning-gym tests/test_scoring.py (string_match, float_match, cascade_score), "
                 "tests/test_utils.py (compute_decimal_reward) and the score_answer tests of "
                 "tests/test_complex_arithmetic.py, test_decimal_chain_sum.py, test_calendar_arithmetic.py, "
                 "test_polynomial_equations.py, test_power_function.py (Apache-2.0, commit 49b0713, the head of "
                 "the stored snapshot; the answer first, the expected answer second; the complex gold written as "
                 "the test's comment writes it, \"3 + 2i\"): the asserted pairs; words (Hello / hello, TRUE / "
                 "true, True / true, weekdays, Yes / yes), tolerances that call different values equal (100 for "
                 "100.5, 0 for 0.005, 100.05 for 100), a tolerance option (100 / 110 under rel_tol), a gold it "
                 "cannot read (42 / abc), None and empty inputs, the mocked math_match tests, strip_commas=False "
                 "(an option), \"The answer is 42\" given partial credit (a format rule), golds computed in code "
                 "(power function, prime factorisation), integration tasks (the gold is the integrand) and the "
                 "tests that score a data set's own generated answers left out")
REASONING_GYM_CASES = [
    ("42", ["42"], True), ("  42  ", ["42"], True), ("42", ["43"], False),
    ("3.14", ["3.14"], True), ("100", ["102"], False), ("-5.0", ["-5.0"], True), ("-5.0", ["5.0"], False),
    ("abc", ["42"], False), ("\\text{42}", ["42"], True), ("42", ["99"], False),
    ("1,000", ["1000"], True), ("+0001,000.00", ["1000"], True), ("not a number", ["42"], False),
    ("3 + 2i", ["3 + 2i"], True), ("3+2i", ["3 + 2i"], True), ("3.0 + 2.0i", ["3 + 2i"], True),
    ("((3.0 + 2.0i ) )", ["3 + 2i"], True), ("3.1 + 2i", ["3 + 2i"], False), ("3 + 2.1i", ["3 + 2i"], False),
    ("3.1 + 2.1i", ["3 + 2i"], False), ("4 + 2i", ["3 + 2i"], False), ("3 + 3i", ["3 + 2i"], False),
    ("10 + 10i", ["3 + 2i"], False), ("invalid", ["3 + 2i"], False), ("inf + 2i", ["3 + 2i"], False),
    ("1.200", ["1.2"], True), ("1.20", ["1.200"], True), ("-0.5", ["-0.500"], True), ("0.1", ["0.100"], True),
    ("0.3", ["0.300"], True), ("1.200000001", ["1.200"], False), ("1.199999999", ["1.200"], False),
    ("invalid", ["1.200"], False), ("1.2.3", ["1.200"], False),
    ("10", ["10"], True), ("15", ["10"], False), ("no number", ["10"], False),
    ("4,-4.12", ["4,-4.12"], True), ("4.0001,-4.120001", ["4,-4.12"], False), ("4.1,-4.2", ["4,-4.12"], False),
    ("4", ["4,8"], False), ("4,8", ["4"], False), ("1,4", ["-1,-2"], False),
    ("1.000e+00", ["1.0"], True), ("999.0", ["1000.0"], False),
]

SLIME = ("THUDM/slime tests/test_rm_math.py and tests/test_rm_math_dapo.py (Apache-2.0, commit 0778217; stored "
         "snapshot 624b824): the pairs of grade_answer_mathd, grade_answer_sympy and grade_answer_verl (the given "
         "answer first, the truth second) and of is_correct_strict_box, is_correct_minerva, verify and "
         "compute_score (the solution first); \\frac{2}{4} wrong for \\frac{1}{2} (a strictness rule), answers "
         "without a box or an \"Answer:\" line (a format rule), the last of two \"Answer:\" lines (an extraction "
         "rule), the 300-character tail (a truncation rule), an empty truth and the extractor and normaliser "
         "tests left out")
SLIME_CASES = [
    ("\\frac{1}{2}", ["0.5"], True), ("\\frac12", ["\\frac{1}{2}"], True), ("45^\\circ", ["45"], True),
    ("3/4", ["\\frac{3}{4}"], True), ("42", ["43"], False), ("x+1", ["1+x"], True),
    ("answer: \\boxed{42}", ["\\boxed{42}"], True),
    ("long preamble \u2026 \\boxed{42}", ["42"], True), ("\\boxed{43}", ["42"], False),
    ("Long solution. Answer: 42", ["42"], True), ("\\boxed{42}", ["42"], True), ("Answer: 42", ["42"], True),
]

# family -> (source, origin, cases); appended to the corpus in this order
FAMILIES = {
    "grader-tinker-cookbook": ("tinker-cookbook", TINKER, TINKER_CASES),
    "grader-reasoning-gym": ("reasoning-gym", REASONING_GYM, REASONING_GYM_CASES),
    "grader-slime": ("slime", SLIME, SLIME_CASES),
}


# the split rule (math_grader_cases_w4.capped_split), fixed before any judge ran on these rows
ranked_families_w6, heldout_families_w6, split_w6 = capped_split(FAMILIES, SPLIT_SEED_W6, 6)
