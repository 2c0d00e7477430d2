"""Batch 5 of the grader cases of issue 37: equivalence cases taken as DATA from the unit tests of public
math graders not used before and not among our held-out grader sources, and the seeded rule that split
them into `dev-w5` and `heldout-w5` before any judge ran on them.

Each table holds (candidate, references, equal?) exactly as the source asserts it (the candidate is the
answer graded, the reference the source's ground truth). No case was written here: every wrong row is
the source's own. A pair the source asserts twice with the same result is kept once. Left out on purpose
(see the card): outcomes that are a format or extraction rule (no box, no answer tag, the first of two
answer tags, the last of two boxes), conventions (a numerical tolerance, a percentage sign dropped, a unit
required, lists compared as sets or in order by an option, strictness rules that call a right answer
wrong, the first of several letters taken), golds the source cannot read, assertions about words, inputs
that are no text (None), and tests of an extractor or a normaliser rather than of a graded pair.
"""
from __future__ import annotations

from math_grader_cases_w4 import capped_split

SPLIT_SEED_W5 = "judgesuite-issue37-grader-batch5"

TRINITY = ("modelscope/Trinity-RFT tests/utils/eval_utils_test.py (commit 8e2776b: compute_score_v0, "
           "verify_math_answer and is_equiv, the answer first, the truth second) and "
           "tests/explorer/workflow_test.py (commit 22ba703: MathWorkflow's responses against their truth, "
           "a reward of 0.9 or more counted correct) (Apache-2.0, declared in its pyproject.toml): the asserted "
           "pairs; 50% / 50 (a percentage sign dropped), hello / world and apple / orange (words), None inputs, "
           "an unboxed answer (a format rule), an empty answer or truth, and the last of two boxed letters (an "
           "extraction rule) left out")
TRINITY_CASES = [  # (given answer, [ground truth], asserted equal?)
    ("The final answer is \\boxed{42}", ["The correct result is \\boxed{42}"], True),
    ("The answer is \\boxed{42}", ["The answer is \\boxed{42}"], True),
    ("Let's see, the result is \\boxed{100}", ["100"], True),
    ("I think the answer is \\boxed{-1}", ["The answer is \\boxed{1}"], False),
    ("The answer is \\boxed{42}", ["42"], True), ("The result is 1,000.", ["1000"], True),
    ("The answer is -50.", ["-50"], True), ("The solution is 5", ["x=5"], True),
    ("The answer is \\boxed{42}", ["43"], False), ("The answer is \\boxed{x+1}", ["x-1"], False),
    ("The matrix is \\boxed{\\begin{pmatrix}1 & 1 \\\\ 0 & 1\\end{pmatrix}}",
     ["\\begin{pmatrix}1&0\\\\0&1\\end{pmatrix}"], False),
    ("The speed is 50 km/h", ["50"], True),
    ("  123  ", ["123"], True), ("$50", ["50"], True), ("123", ["1234"], False),
    (r"\boxed{2}", ["2"], True), (r"\boxted{3}", ["2"], False), ("2", ["2"], True),
    ("<think>\nThinking\n</think>\n<answer>\n3\n</answer>", ["2"], False),
    ("<think>\nThinking\n</think>\n<answer>\n\\boxed{2}\n</answer>", ["2"], True),
    ("<think>Missing closing</think><answer>\\boxed{2}", ["2"], True),
    ("<answer>\nOnly answer\n</answer>", ["2"], False), ("<think>\nOnly thinking\n</think>", ["2"], False),
    ("<think>Thinking</think><answer>Answer is not end</answer><answer>1", ["2"], False),
    (r"\boxed{\frac{40}{400}}", [r"\frac{40}{400}"], True), (r"\boxed{\frac{1}{10}}", [r"\frac{40}{400}"], True),
    (r"\boxed{0.1}", [r"\frac{40}{400}"], True), (r"\boxed{0.1000}", [r"\frac{40}{400}"], True),
    (r"\boxed{\frac{1} {10}}", [r"\frac{40}{400}"], True),
    (r"The answer is \boxed{\frac{40}{400}}", [r"\frac{40}{400}"], True),
    (r"$\boxed{\dfrac{108 + 31\sqrt{5}}{216}} \quad \text{and} \quad \boxed{\dfrac{108 - 31\sqrt{5}}{216}}$",
     [r"$x_{1}=\frac{1}{2}+\frac{31\sqrt{5}}{216},\quadx_{2}=\frac{1}{2}-\frac{31\sqrt{5}}{216}$"], True),
    ("<think> balabalabala 99 </think>\n<answer> 36 </answer>", ["36"], True),
    ("<answer> 36.0 </answer>", ["36"], True),
    ("<answer>Kim's total points are 6 + 30 = 36 </answer>", ["36"], True),
]

TORCHFORGE = ("meta-pytorch/torchforge tests/unit_tests/rl/test_math_reward.py (BSD-3-Clause, commit 6e77f0b): "
              "MathReward's responses and targets with their asserted rewards (1.0 correct; 0.0 and the partial "
              "credit 0.1 not correct); answers within its tolerance (42.0000001 for 42, 3.141 for 3.14), invalid "
              "targets, an answer without answer tags and one whose tag holds no number (a format rule), the "
              "first of two answer tags (an extraction rule) and the _to_float tests (a normaliser) left out")
_TORCHFORGE_STEPS = ("\n        Let me solve this step by step:\n        First, I calculate 2 + 3 = 5\n"
                     "        Then, I multiply by 4: 5 * 4 = 20\n        Finally, I subtract 8: 20 - 8 = 12\n"
                     "        <answer>12</answer>\n        ")
TORCHFORGE_CASES = [
    ("<answer>42</answer>", ["42"], True), ("<answer>3.14</answer>", ["3.14"], True),
    ("<answer>-5.5</answer>", ["-5.5"], True), ("<answer> 42 </answer>", ["42"], True),
    ("<answer>\n3.14\n</answer>", ["3.14"], True), (_TORCHFORGE_STEPS, ["12"], True),
    ("<answer>42.1</answer>", ["42"], False), ("<answer>3.15</answer>", ["3.14"], False),
    ("<answer>42.01</answer>", ["42"], False),
    ("The calculation shows 42 but I put <answer>43</answer>", ["42"], False),
    ("Let me work through this: 42 + 1 = 43. <answer>43</answer>", ["42"], False),
    ("Let me solve this. <answer>42</answer>", ["100"], False),
    ("I calculated and got 117 as the answer. <answer>118</answer>", ["117"], False),
    ("I calculated and got 117 as the answer. <answer>118</answer>", ["117.0"], False),
    ("I calculated and got 3.14 as the answer. <answer>3.15</answer>", ["3.14"], False),
    ("No matching number", ["42"], False),
    ("<answer>0</answer>", ["0"], True), ("<answer>0.0</answer>", ["0"], True),
    ("<answer>-42</answer>", ["-42"], True), ("<answer>-3.14</answer>", ["-3.14"], True),
    ("<answer>1000000</answer>", ["1000000"], True), ("<answer>1e6</answer>", ["1000000"], True),
    ("<answer>0.000001</answer>", ["0.000001"], True), ("<answer>1e-6</answer>", ["0.000001"], True),
]

EVAL_PROTOCOL = ("eval-protocol/python-sdk (formerly fw-ai-external/reward-kit) tests/test_math.py, "
                 "tests/test_list_comparison_math_reward.py and tests/test_multiple_choice_math_reward.py (MIT, "
                 "commit 000c2a4): the assistant answers and ground truths of math_reward, "
                 "list_comparison_math_reward and multiple_choice_math_reward with their asserted scores; a "
                 "tolerance (3.14 for 3.14159), golds the source cannot read (\"Choice (A).\", \"What is it?\", "
                 "\"The answer is three.\", \"The answer is two.\"), strictness rules that call a right answer "
                 "wrong (x=1/4 beside other numbers, the ship's speeds beside intermediate values), a required "
                 "unit (10 for 10 km), the list options (1,2,3 for 3,1,2 as a set; 1,3,2 wrong in order), the "
                 "first of several letters taken, and the extractor tests left out")
EVAL_PROTOCOL_CASES = [
    ("It is \\boxed{4}.", ["Answer is \\boxed{4}."], True), ("The result is #### 4", ["Final answer: #### 4"], True),
    ("It is 4.", ["The number is 4."], True), ("Answer: \\boxed{5}.", ["Answer: \\boxed{4}."], False),
    ("Answer is (A).", ["Answer is \\boxed{1}."], False), ("I don't know.", ["Answer is \\boxed{1}."], False),
    ("The answer is $1/2 \\text{ or } 1$.", ["The answer is $\\boxed{1/2}$."], False),
    ("The answer is $\\boxed{1/2 \\text{ or } 1}$.", ["The answer is $\\boxed{1/2 \\text{ or } 1}$."], True),
    ("Solutions: $\\boxed{1}$, $\\boxed{2}$, $\\boxed{3}$.", ["Answers: $\\boxed{1}$, $\\boxed{2}$."], False),
    ("Answer is \\boxed{10 km}.", ["Answer is \\boxed{10 km}."], True),
    ("\\boxed{1,2,3}", ["$1,2,3$"], True), ("$1,2,4$", ["\\boxed{1,2,3}"], False),
    ("$1,2$", ["\\boxed{1,2,3}"], False), ("$1,2,3,4$", ["\\boxed{1,2,3}"], False),
    ("The answer is three.", ["\\boxed{1,2,3}"], False), ("$1,3,59,177$", ["1,3,59,177"], True),
    ("The correct option is (B).", ["The answer is (B)."], True), ("My choice is C.", ["C. is the one."], True),
    ("I think it's (A).", ["The answer is definitely (D)."], False),
    ("The answer is 42.", ["The answer is (A)."], False),
    ("It could be (A) or maybe (B).", ["The answer is (A)."], False),
]

# family -> (source, origin, cases); appended to the corpus in this order
FAMILIES = {
    "grader-trinity-rft": ("Trinity-RFT", TRINITY, TRINITY_CASES),
    "grader-torchforge": ("torchforge", TORCHFORGE, TORCHFORGE_CASES),
    "grader-eval-protocol": ("eval-protocol", EVAL_PROTOCOL, EVAL_PROTOCOL_CASES),
}


# the split rule (math_grader_cases_w4.capped_split), fixed before any judge ran on these rows
ranked_families_w5, heldout_families_w5, split_w5 = capped_split(FAMILIES, SPLIT_SEED_W5, 5)
