"""`sympy` on stop 59's leftovers and a hunt for false "equal" (issue 37, stop 60): a bare range "10-12", a value of
another source, a JSON answer marked incorrect or in a Python dict, a box with text glued after it, a trailing phrase
after a stated value ("$12 after 3 years"), "5 dozen eggs", a conclusion word before an equation, row-count footers,
footnote marks, thin-space digit groups, bracketed unit conversions, negations in Catalan, Tagalog and Hindi. Each
rule's probes (a difference, a descending "12-10", the reply's own source, a JSON answer marked correct) stay as they
were, equal or unequal."""
from __future__ import annotations

import pytest

from judgesuite.judges.math.symbolic import judge_math

NOT_TRUE = "no equal"  # unequal or no verdict: never a false equal
STEPS = "Step 1: work it out.\n\n"
SQL = "SELECT SUM(apples) FROM baskets;\n\n| sum |\n|-----|\n| 12  |\n(1 row)"
MYSQL = "+--------+\n| answer |\n+--------+\n|     12 |\n+--------+\n1 row in set (0.00 sec)"


def _check(cand: str, gold: str, expected: object, question: str | None = None) -> None:
    task = ((gold,), cand, "auto") if question is None else ((gold,), cand, "auto", question)
    got = judge_math(task)[0]
    assert (got is not True) if expected == NOT_TRUE else (got is expected), (cand, gold, got)


# 1. A bare ascending range "N-M" commits to neither end, nor to the difference; a difference stays one.
@pytest.mark.parametrize("cand, gold, expected", [
    ("The answer is 10-12.", "-2", NOT_TRUE),  # equal before
    ("The answer is 10-12.", "10", NOT_TRUE),
    ("The answer is 10-12.", "12", NOT_TRUE),
    ("It takes 10-12 minutes.", "12", NOT_TRUE),
    ("It takes 10-12 minutes.", "-12", NOT_TRUE),  # equal before: the last number read "-12"
    ("Final answer: 10-12 minutes", "-2", NOT_TRUE),
    ("Answer: 2020-2021", "-1", NOT_TRUE),
    # probes: a difference, a descending pair, an equation and a box are arithmetic
    ("The answer is 10 - 12 = -2.", "-2", True),
    (STEPS + "So 10 - 12 = -2.", "-2", True),
    ("The answer is 12-10.", "2", True),
    ("x = 10-12", "-2", True),
    ("\\boxed{10-12}", "-2", True),
    ("**10-12**", "-2", True),  # a line of bare math: tests/test_sympy_labels.py pins "3-4" as -1
    ("10-12", "-2", True),
    ("pages 10-12", "-2", NOT_TRUE),
    ("**About 10-12 people**", "-2", NOT_TRUE),
    ("abs(3-5)", "2", True),
    ("The answer is 10\u201312.", "-2", NOT_TRUE),
])
def test_bare_range_commits_to_no_value(cand, gold, expected):
    _check(cand, gold, expected)


# 2. A value attributed to another source is no answer of the reply's; a JSON object marking its answer wrong
# commits to nothing; a Python dict's answer key is read like JSON's.
@pytest.mark.parametrize("cand, gold, expected", [
    ("I get 12. The textbook says 13.", "13", NOT_TRUE),  # equal before
    ("Our answer: 12.\nThe reference answer: 13", "13", NOT_TRUE),
    ("I computed 12, while the book's answer is 13.", "13", NOT_TRUE),
    ("According to the answer key, the answer is 13. My result: 12.", "13", NOT_TRUE),
    ("My result: 12. According to the answer key, the answer is 13.", "13", NOT_TRUE),
    ("According to the textbook, the answer is 13.", "13", NOT_TRUE),
    ("The textbook says 13.", "13", NOT_TRUE),
    ("The book says 13 chapters.", "13", NOT_TRUE),
    ('{"answer": 13, "correct": false}', "13", NOT_TRUE),
    ('{"answer": 12, "is_correct": false}', "12", NOT_TRUE),
    ("{'answer': 12, 'check': 13}", "13", NOT_TRUE),  # read the last number 13 before
    ("{'answer': 12, 'check': 13}", "12", True),
    ("{'answer': '12'}", "12", True),
    # probes: the reply's own words, a JSON answer marked correct, JSON's other keys
    ("The textbook says 13, but I get 12.", "12", True),
    ("According to my calculation, the answer is 13.", "13", True),
    ("The key step gives 13.", "13", True),
    ("The expected value is 13.", "13", True),
    ("The book has 13 chapters; each has 12 pages. Total: 156 pages.", "156", True),
    ('{"answer": 12, "correct": true}', "12", True),
    ('{"answer": 12, "check": 13}', "13", NOT_TRUE),
    ('{"answer": 12, "confidence": 0.3}', "0.3", NOT_TRUE),
    ("(a) 12; (b) 13", "13", NOT_TRUE),
    ("Part (a): 12. Part (b): 13.", "13", NOT_TRUE),
])
def test_value_of_another_source_or_marked_wrong(cand, gold, expected):
    _check(cand, gold, expected)


# 3. A trailing phrase after a stated value is a given; "N dozen <noun>" commits to neither N nor 12N.
@pytest.mark.parametrize("cand, gold, expected", [
    ("The value is $12 after 3 years.", "3", NOT_TRUE),  # equal before
    ("The value is $12 after 3 years.", "12", True),
    ("Each friend gets 12 apples, for 3 friends.", "3", NOT_TRUE),
    ("Each friend gets 12 apples, for 3 friends.", "12", True),
    ("The price is $12 per item for 3 items.", "3", NOT_TRUE),
    ("She earns $12 per hour for 3 hours.", "3", NOT_TRUE),
    ("It grows to 12 m in 3 years.", "3", NOT_TRUE),
    ("Total: 12 apples after 3 days.", "3", NOT_TRUE),
    ("Total: 12 apples after 3 days.", "12", True),
    ("Answer: 12 apples after 3 days.", "12", True),
    ("5 dozen eggs", "5", NOT_TRUE),
    ("She buys 5 dozen eggs.", "5", NOT_TRUE),
    ("She buys 5 dozen eggs.", "60", NOT_TRUE),
    # probes: a verb of motion is no statement of a value; "5 dozen" alone counts dozens
    ("The train travels 120 km in 3 hours.", "3", True),
    ("She buys 5 dozen.", "5", True),
    ("Answer: 5 dozen", "5", True),
    ("There are 3 pairs of socks.", "3", True),
    ("The answer is 3 million.", "3", NOT_TRUE),
    ("The answer is 3 million.", "3000000", True),
])
def test_trailing_phrase_and_dozens(cand, gold, expected):
    _check(cand, gold, expected)


def test_trailing_phrase_leaves_the_asked_unit_to_the_question():
    _check("The value is $12 after 3 years.", "3", True, "How many years until the value is $12?")


# 4. A box with a digit, a power, a subscript or a decimal part glued after it is part of a value.
@pytest.mark.parametrize("cand, gold, expected", [
    ("\\boxed{12}3", "12", NOT_TRUE),  # equal before
    ("\\boxed{12}^2", "12", NOT_TRUE),
    ("\\boxed{12}.5", "12", NOT_TRUE),
    ("\\boxed{1}2", "1", NOT_TRUE),
    ("\\boxed{12}3", "123", NOT_TRUE),
    # probes: punctuation, a percent sign or a space after the box
    ("\\boxed{12}", "12", True),
    ("\\boxed{12}.", "12", True),
    ("\\boxed{12}%", "12", True),
    ("\\boxed{12} 3 apples left", "12", True),
])
def test_text_glued_after_a_box(cand, gold, expected):
    _check(cand, gold, expected)


# 5. The formula-only reply stays unequal (the lead: no list-marker rule).
def test_formula_only_reply_stays_unequal():
    _check("=INT(179 / 7)", "25", False)


# The hunt: a conclusion word before an equation, database footers, footnote marks, thin-space groups, bracketed
# conversions, negations in other languages.
@pytest.mark.parametrize("cand, gold, expected", [
    (STEPS + "Therefore x = 12.", "12", True),  # no verdict before: "Therefore x" read as a product
    (STEPS + "Therefore x = 12. Q.E.D.", "12", True),
    (STEPS + "Therefore x = 12. \u220e", "12", True),
    ("Thus, x = 12.", "12", True),  # unequal before: the comma read as a list
    ("Hence x = 12", "12", True),
    ("Thus, x = 12, y = 13.", "12", NOT_TRUE),
    ("So x = 12 and y = 13", "13", NOT_TRUE),
    (SQL, "1", NOT_TRUE),  # equal before: "(1 row)"
    (SQL, "12", True),
    (MYSQL, "0", NOT_TRUE),  # equal before: "(0.00 sec)"
    (MYSQL, "12", True),  # stop 61 (corrections.boxed_tables): read as a markdown table
    ("Empty set (0.00 sec)", "0", NOT_TRUE),
    ("The answer is 12.[^2]\n\n[^2]: See page 13.", "12", True),  # unequal before: the mark read 2
    ("The answer is 12.[^2]\n\n[^2]: See page 13.", "2", NOT_TRUE),
    ("The answer[^1] is 12.\n\n[^1]: computed by hand", "12", True),
    ("Answer: 1\u2009200", "1200", True),  # read 200 before
    ("Answer: 1\u202f000\u202f000", "1000000", True),
    (STEPS + "The distance is 1.2 km\n(= 1,200 m)", "1.2", True),  # no verdict before
    (STEPS + "Answer: 1.2 km (= 1,200 m)", "1.2", True),
    (STEPS + "The distance is 1.2 km\n(= 1,200 m)", "200", NOT_TRUE),
    ("Mass: 5 kg\n(= 5000 g)", "5", True),
    ("Distance: 1,200 m (= 1.2 km)", "1200", True),
    ("La resposta no \u00e9s 13.", "13", NOT_TRUE),  # equal before
    ("Ang sagot ay hindi 13.", "13", NOT_TRUE),
    ("Ang sagot ay 12, hindi 13.", "13", NOT_TRUE),
    ("\u0909\u0924\u094d\u0924\u0930 \u0967\u0969 \u0928\u0939\u0940\u0902 \u0939\u0948", "13", NOT_TRUE),
    ("Ang sagot ay 12.", "12", True),
    ("Hindi: 12", "12", True),
    ("La resposta \u00e9s 12.", "12", True),
])
def test_hunt_fixes(cand, gold, expected):
    _check(cand, gold, expected)


# The hunt's probes that were right before and stay so (git commits, SQL, footnotes, haiku, dicts, TL;DR, lab
# notebooks, Q.E.D., two answer markers, other scripts' digits, notes after the answer).
@pytest.mark.parametrize("cand, gold, expected", [
    ("fix: compute total apples\n\nThe total is 12 (was 13 before this commit).", "12", True),
    ("fix: compute total apples\n\nThe total is 12 (was 13 before this commit).", "13", NOT_TRUE),
    ("commit 3f2a1b\nAuthor: bot\n\n    Answer: 12\n\n    Refs #13", "13", NOT_TRUE),
    ("commit 3f2a1b\nAuthor: bot\n\n    Answer: 12\n\n    Refs #13", "12", True),
    ("feat: answer 12\n\nCloses #13", "13", NOT_TRUE),
    ("```sql\nSELECT 12 AS answer;\n```\n\n answer \n--------\n     13\n(1 row)", "12", NOT_TRUE),
    ("The answer[^1] is as follows.\n\n[^1]: 12", "1", NOT_TRUE),
    ("Apples in a row\ntwelve of them shine in the sun\nthirteen would be wrong", "13", NOT_TRUE),
    ("Twelve apples remain\nnot thirteen, as some might think\nautumn wind blows cold", "13", NOT_TRUE),
    ('{"answer": 12, "check": 13}', "12", True),
    ('result = {"answer": 12, "steps": 3}', "3", NOT_TRUE),
    ("TL;DR: 12\n\n" + STEPS + "Final answer: 13", "12", NOT_TRUE),
    ("TL;DR: 12\n\n" + STEPS + "Final answer: 13", "13", True),
    ("TL;DR: 12\n\n" + STEPS + "So we get 13.", "12", NOT_TRUE),
    ("TL;DR: the answer is 12.\n\nDetails: 3 + 9 = 12, checked twice.", "12", True),
    ("Result: 12 (expected 13)", "13", NOT_TRUE),
    ("Measured: 12 g. Expected: 13 g.", "13", NOT_TRUE),
    ("Observation: 12 apples (theory predicts 13).", "13", NOT_TRUE),
    (STEPS + "Therefore x = 12.\n\nQ.E.D. (Lemma 3)", "3", NOT_TRUE),
    (STEPS + "Hence the answer is 12. QED", "12", True),
    ("Answer: 12\n\nFinal answer: 13", "12", NOT_TRUE),
    ("Answer: 12\n\nFinal answer: 13", "13", True),
    ("Final answer: 13\n\nAnswer: 12", "13", NOT_TRUE),
    ("**Answer:** 12\n\n**Final answer:** 13", "12", NOT_TRUE),
    ("\u062c\u0648\u0627\u0628: \u06f1\u06f2", "12", True),
    ("\u062c\u0648\u0627\u0628: \u06f1\u06f2", "1", NOT_TRUE),
    ("\u0909\u0924\u094d\u0924\u0930: \u0967\u0968", "12", True),
    ("\u0909\u0924\u094d\u0924\u0930: \u0967\u0968", "2", NOT_TRUE),
    ("\u0967\u0968\u0966\u0966 \u092e\u0940\u091f\u0930", "1200", True),
    ("The answer is 12.\n\n---\n*Generated in 3 s*", "3", NOT_TRUE),
    ("The answer is 12.\n\n\u2014 Solved by GPT-4", "4", NOT_TRUE),
    ("The answer is 12.\n\nP.S. Problem 13 is harder.", "13", NOT_TRUE),
    ("The answer is 12.\n\nSee also: exercise 13.", "13", NOT_TRUE),
    ("Answer: 12 \u2714\ufe0f (score 13/13)", "13", NOT_TRUE),
    ("Answer: twelve", "12", True),
    ("Answer: 12\u00b713", "12", NOT_TRUE),
    ("Response (v2): 12", "2", NOT_TRUE),
    ("The answer is 10 to 12.", "12", NOT_TRUE),
    ("The population is 12 million by 2030.", "2030", NOT_TRUE),
    ("\\boxed{12}\\boxed{3}", "3", NOT_TRUE),
])
def test_hunt_probes_stay(cand, gold, expected):
    _check(cand, gold, expected)


# The hunt's second round: a part of a whole, a ground truth, a condition "at", zero-width characters.
@pytest.mark.parametrize("cand, gold, expected", [
    ("The answer is 12 out of 13.", "13", NOT_TRUE),  # equal before
    ("The answer is 12 out of 13.", "12", True),
    ("12 of the 13 students passed.", "13", NOT_TRUE),
    ("12 of the 13 students passed.", "12", True),
    ("Model output: 12. Ground truth: 13.", "13", NOT_TRUE),
    ("x = 12 at t = 3", "3", NOT_TRUE),
    ("x = 12 at t = 3", "12", True),
    ("The speed is 12 m/s at 3 s.", "3", NOT_TRUE),
    ("Answer: 1\u200b2", "2", NOT_TRUE),
    ("Answer: 1\u200b2", "12", True),
    ("Answer: 12\u200b", "12", True),
    # probes: a part with its whole named first, a plain "of", a value at a point that is the reply's
    ("The answer is 3 of them.", "3", True),
    ("She ate 3 out of 12 cookies, leaving 9.", "9", True),
    ("The gold coin weighs 13 g.", "13", True),
])
def test_hunt_second_round(cand, gold, expected):
    _check(cand, gold, expected)


# The second round's probes that were right before and stay so.
@pytest.mark.parametrize("cand, gold, expected", [
    ("---\nanswer: 12\nattempts: 3\n---", "3", NOT_TRUE),
    ("---\nanswer: 12\nattempts: 3\n---", "12", True),
    ("Subject: Re: Problem 13\n\nHi,\n\nThe answer is 12.\n\nBest,\nAnna", "13", NOT_TRUE),
    ("Subject: Re: Problem 13\n\nHi,\n\nThe answer is 12.\n\nBest,\nAnna", "12", True),
    ("> The answer is 13.\n\nThat quote is wrong; the answer is 12.", "13", NOT_TRUE),
    ("> The answer is 13.\n\nThat quote is wrong; the answer is 12.", "12", True),
    ("\\begin{tabular}{cc} x & 12 \\\\ y & 13 \\end{tabular}", "13", NOT_TRUE),
    ("First guess \\boxed{13}. After checking, the answer is \\boxed{12}.", "13", NOT_TRUE),
    ("First guess \\boxed{13}. After checking, the answer is \\boxed{12}.", "12", True),
    ("\\boxed{12} is wrong; \\boxed{13} is right.", "12", NOT_TRUE),
    ("The answer is \\boxed{12}, not \\boxed{13}.", "13", NOT_TRUE),
    ("The answer is twelve (13).", "13", NOT_TRUE),
    ("The answer is a dozen.", "12", True),
    ("Score: 12/13", "13", NOT_TRUE),
    ("The answer is 12 (as of 2013).", "2013", NOT_TRUE),
    ("The answer is 12 (as of 2013).", "12", True),
    ("Answer: 12\nSubmitted on 2024-01-13.", "13", NOT_TRUE),
    ("Answer: 12\nConfidence: 13%", "13", NOT_TRUE),
    ("Answer: 12\nConfidence: 13%", "12", True),
    ("Answer: 12\nTime: 13 ms", "13", NOT_TRUE),
    ("```python\nanswer = 12\nprint(answer + 1)\n```\nOutput: 13", "13", True),
    ("```python\nassert answer == 13\n```\nAssertionError", "13", NOT_TRUE),
    ("```\n>>> 12 + 1\n13\n```", "13", True),
    ("return 12  # not 13", "13", NOT_TRUE),
    ("x = 12 or x = 13", "13", NOT_TRUE),
    ("The answer is 12 \\pm 1.", "13", NOT_TRUE),
    ("The answer is 12 \\pm 1.", "12", True),
    ("The answer is 1.2e1.", "12", True),
    ("The answer is 0x0C.", "12", NOT_TRUE),
    ("The answer is 12 (mod 13).", "13", NOT_TRUE),
    ("Roughly 10-12 people.", "-2", NOT_TRUE),
    ("between 10 and 12", "12", NOT_TRUE),
    ("It is 10-12 or so.", "12", NOT_TRUE),
    ("The answer is 3-4 days.", "4", NOT_TRUE),
    ("The answer is 1-0.", "1", True),
    ("The teacher says the answer is 13, but it is 12.", "13", NOT_TRUE),
    ("The teacher says the answer is 13, but it is 12.", "12", True),
    ("Official answer: 13. Mine: 12.", "13", NOT_TRUE),
    ("Expected answer: 13\nMy answer: 12", "12", True),
    ("Gold: 13\nPrediction: 12", "13", NOT_TRUE),
    ("The balance is $1,200 after 3 months.", "3", NOT_TRUE),
    ("The balance is $1,200 after 3 months.", "1200", True),
    ("Answer: \uff11\uff12", "12", True),
    ("Answer: \u09e7\u09e8", "12", True),
    ("Answer: \u202e21\u202c", "12", NOT_TRUE),
])
def test_hunt_second_round_probes_stay(cand, gold, expected):
    _check(cand, gold, expected)


def test_frames_leave_other_text_alone():
    from judgesuite.judges.math.reply_frames import without_frames

    for text in ("(2 rows of apples)", "He planted 3 rows in a set.", "x = 1 200", "The answer[1] is 12.",
                 "1.2 km (about 1,200 m)", "(= 1,200 m)"):
        assert without_frames(text) == text
    assert without_frames("| 12 |\n(1 row)") == "| 12 |\n"
    assert without_frames("12.[^2]\n\n[^2]: note") == "12.\n\n[^2]: note"


@pytest.mark.parametrize("cand", [
    "10-" * 30000 + "12",
    "is 1 " * 20000 + "after 3 years.",
    "\\boxed{1}" * 5000 + "2",
    "[^1]" * 20000,
    "1\u2009" * 30000 + "200",
    "(1 row)\n" * 20000,
    "1 km\n(= " * 10000,
    "the textbook says " * 10000 + "13",
    "12 out of " * 10000 + "13",
    "x = 1 at " * 10000 + "t = 3",
    "\u200b" * 50000 + "12",
])
def test_adversarial_inputs_end(cand):
    judge_math((("12",), cand, "auto"))


def test_new_module_is_inside_the_sympy_fingerprint():
    from judgesuite.judges.fingerprint import module_closure
    from judgesuite.judges.math.symbolic import SympyJudge

    assert "judgesuite.judges.math.reply_frames" in set(module_closure([SympyJudge.__module__]))
