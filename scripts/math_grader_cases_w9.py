"""Batch 9 of the grader cases of issue 37: equivalence cases taken as DATA from the unit tests of public math
graders not used before and not among our held-out grader sources, and the seeded rule that split them into
`dev-w9` and `heldout-w9` before any judge ran on them.

Each table holds (candidate, references, equal?) exactly as the source asserts it (the candidate is the model's
answer or response, the reference the gold). No case was written here: every wrong row is the source's own. A
pair a source asserts twice with the same result is kept once. Both sources are graders of MODEL outputs in
EleutherAI's lm-evaluation-harness (the `minerva_math` and `hendrycks_math` tasks), each taken from the tests of
pull requests held in the stored snapshot (not on its main line, like batch 3's OpenRLHF commit). Left out on
purpose (see the card): tests of a normaliser or an extractor (`normalize_final_answer`, `_extract_answer`,
`_extract_model_answer`, `find_all_boxed_strings`), an empty answer against an empty gold, a metric of another
library (`math_verify`, Math-Verify's verdict), conventions (`52` for `52_8`, a base dropped; `-2, 1` for `1,-2`,
lists read without order) and the gsm8k scoring tests (options and extraction, and no wrong case but `72..`, a
punctuation strictness rule).
"""
from __future__ import annotations

from math_grader_cases_w4 import capped_split

SPLIT_SEED_W9 = "judgesuite-issue37-grader-batch9"

_LM_EVAL = ("EleutherAI/lm-evaluation-harness (MIT; stored snapshot head 4e7e0d4, whose main line holds none of "
            "these tests; each file read at the head commit of its pull request in that snapshot)")

MINERVA = (f"{_LM_EVAL}: tests/test_minerva_math.py at 47e871bf4 (refs/pull/4034; `is_equiv(answer, gold)` of "
           "`lm_eval/tasks/minerva_math/utils.py`: answers identical to the gold, parseable or not, and different "
           "answers) and the end-to-end pairs of tests/test_minerva_math_utils.py at 1eb3dead8 (refs/pull/4032; "
           "both sides through `normalize_final_answer`, then `is_equiv`); the empty pair `\"\"`/`\"\"` and the "
           "normaliser-only assertions left out")
MINERVA_CASES = [  # (answer, [gold], asserted equal?)
    ("(2,4)", ["(2,4)"], True), ("(-1,2,3)", ["(-1,2,3)"], True), ("[2,5)", ["[2,5)"], True),
    ("(-\\infty,3]", ["(-\\infty,3]"], True),
    ("\\begin{pmatrix}1\\\\2\\end{pmatrix}", ["\\begin{pmatrix}1\\\\2\\end{pmatrix}"], True),
    ("2", ["2"], True), ("\\frac{1}{2}", ["\\frac{1}{2}"], True), ("x+1", ["x+1"], True),
    ("\\text{east}", ["\\text{east}"], True),
    ("(2,4)", ["(3,5)"], False), ("[2,5)", ["[2,6)"], False), ("(2,4)", ["(4,2)"], False),
    ("\\text{east}", ["\\text{west}"], False), ("\\frac{1}{2}", ["0.5"], True),
    (r"\left(\frac{3}{2}\right)", [r"\frac{3}{2}"], True), (r"2\pi cm", [r"2\pi"], True),
    (r"30^\circ inches", ["30"], True),
]

HENDRYCKS = (f"{_LM_EVAL}: `process_results` (the response against the gold its solution boxes; `exact_match` "
             "only) and `is_equiv(answer, gold)` of `lm_eval/tasks/hendrycks_math/utils.py`: "
             "tests/test_hendrycks_math.py at 4e7a76f41 (refs/pull/3655, with its SymPy fallback and comma-list "
             "guard) and at 17374dd62 (refs/pull/3807), tests/test_hendrycks_math_utils.py at 6d0e21d15 "
             "(refs/pull/3741); the `math_verify` metric's test, `52` for `52_8` (a base dropped), `-2, 1` for "
             "`1,-2` (lists without order) and the extractor tests left out")
HENDRYCKS_CASES = [  # (response or answer, [gold], asserted equal?)
    ("The domain is \\boxed{[2,5)}", ["[2,5)"], True), ("The answer is $\\frac{1}{2}$", ["\\frac{1}{2}"], True),
    ("The answer is \\boxed 4", ["4"], True), ("So we get $\\boxed 7$ as the answer.", ["7"], True),
    ("Final answers: \\boxed{3}, \\boxed{5}, \\boxed{7}", ["3, 5, 7"], True),
    ("So \\boxed{4}. Therefore \\boxed{4}.", ["4"], True), ("I don't know", ["42"], False),
    ("3", ["4"], False), ("x + 1", ["x + 2"], False), ("9a + 11", ["11 + 9a"], True),
    ("1,-2", ["1,-3"], False), ("1,2", ["1,3"], False), ("3, 5, 7", ["3, 5, 9"], False),
    ("58,500", ["58500"], True),
    ("### Final Answer\n$$\n\\boxed{3}, \\boxed{5}, \\boxed{7}\n$$", ["3, 5, 7"], True),
    (r"""### Final Answer
$$
\boxed{\begin{pmatrix} -\dfrac{1}{3} \\ \dfrac{2}{3} \\ \dfrac{5}{3} \end{pmatrix}}
$$""", [r"\begin{pmatrix} -1/3 \\ 2/3 \\ 5/3 \end{pmatrix}"], True),
    ("The answer is $42$.", ["42"], True), ("Thus the answer is \\[ \\boxed{42} \\]", ["42"], True),
    ("The answer is $7$.", ["42"], False), ("\\[ \\boxed{7} \\]", ["42"], False),
]

# family -> (source, origin, cases); appended to the corpus in this order
FAMILIES = {
    "grader-lm-eval-minerva-math": ("lm-eval minerva_math", MINERVA, MINERVA_CASES),
    "grader-lm-eval-hendrycks-math": ("lm-eval hendrycks_math", HENDRYCKS, HENDRYCKS_CASES),
}


# the split rule (math_grader_cases_w4.capped_split), fixed before any judge ran on these rows
ranked_families_w9, heldout_families_w9, split_w9 = capped_split(FAMILIES, SPLIT_SEED_W9, 9)
