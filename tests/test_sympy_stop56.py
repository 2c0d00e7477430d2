"""`sympy` on the misses of math rounds 11-12 and the leftovers of stop 55 (issue 37, stop 56): the unit the
question asks for, a negated participle before the clause's verb, a loop after the answer, a program or a check cut
off after the answer it verifies, a doubt in the sentence after the answer, "42 or so", boxed values "respectively",
12-hour times without AM / PM, a value called wrong in other languages. A doubtful reading gives no verdict, never an
earlier number; probes of each rule (another number first, a hedge, a negation, two quantities, a rejected
alternative) stay unequal."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from judgesuite.judges.math.symbolic import SympyJudge, judge_math
from judgesuite.judges.types import Sample

NOT_TRUE = "no equal"  # unequal or no verdict: never a false equal
FIXTURES = Path(__file__).parent / "fixtures"
GALLONS = "Ingrid drinks 8 cups of water every day. If there are 16 cups in a gallon, how many gallons of water does " \
          "she drink in 30 days?"


def _check(cand: str, gold: str, expected: object, question: str | None = None) -> None:
    task = ((gold,), cand, "auto") if question is None else ((gold,), cand, "auto", question)
    got = judge_math(task)[0]
    assert (got is not True) if expected == NOT_TRUE else (got is expected), (cand, gold, got)


def _rows(n: int) -> dict[str, dict]:
    text = (FIXTURES / f"model_math_round{n}.jsonl").read_text(encoding="utf-8")
    return {r["id"]: r for r in map(json.loads, filter(None, text.split("\n")))}


# The number whose unit the question asks for, in the concluding sentence, where exactly one number has it.
@pytest.mark.parametrize("cand, expected", [
    ("Therefore, Ingrid drinks 15 gallons of water in 30 days.", True),
    ("So she drinks 15 gallon of water in 30 days.", True),
    ("Therefore, Ingrid drinks 15 gallons of water in 30 days, maybe.", NOT_TRUE),
    ("Ingrid does not drink 15 gallons of water in 30 days.", NOT_TRUE),
    ("Ingrid drinks 15 gallons or 16 gallons of water in 30 days.", NOT_TRUE),
    ("Ingrid drinks 20 gallons, not 15 gallons, in 30 days.", NOT_TRUE),
    ("If she drank 15 gallons of water, it would take 30 days.", NOT_TRUE),
    ("Ingrid drinks 15 cups of water in 30 days.", NOT_TRUE),
    ("At first I got 15 gallons. Ingrid drinks 20 gallons of water in 30 days.", NOT_TRUE),
    ("Therefore, Ingrid drinks 15 gallons of water in 30 days. I think.", NOT_TRUE),
    ("Ingrid drinks 15 gallons of water in 30 days? No.", NOT_TRUE),
    ("Ingrid drinks 16 gallons - 1 gallon = 15 gallons in 30 days.", NOT_TRUE),
])
def test_unit_the_question_asks_for(cand, expected):
    _check(cand, "15", expected, GALLONS)


@pytest.mark.parametrize("question", [
    "", "How long does it take, in days?", "How many gallons and how many cups does she drink?",
    "How many times does she drink in 30 days?",
])
def test_no_unit_asked_keeps_the_last_number(question):
    _check("Therefore, Ingrid drinks 15 gallons of water in 30 days.", "15", False, question)
    _check("Therefore, Ingrid drinks 15 gallons of water in 30 days.", "30", True, question)


def test_the_judge_passes_the_question():
    sample = Sample(id="g", task_type="math", question=GALLONS, references=("15",),
                    candidate="Therefore, Ingrid drinks 15 gallons of water in 30 days.")
    with SympyJudge(workers=1) as judge:
        assert judge.judge([sample])[0].correct is True


# A negation of a participle before the clause's verb does not negate the answer; other negations do.
@pytest.mark.parametrize("cand, expected", [
    ("The maximum number of boxes that can be loaded onto the truck while not exceeding the limit is 83.", True),
    ("The number of boxes, while not exceeding the limit, is 83.", True),
    ("The maximum number of boxes while not exceeding the limit is not 83.", NOT_TRUE),
    ("The maximum number of boxes while not exceeding the limit isn't 83.", NOT_TRUE),
    ("The truck is not exceeding the limit with 83.", NOT_TRUE),
    ("The train does not arrive at 83.", NOT_TRUE),
    ("The number of boxes while not exceeding the limit is 83 or 84.", NOT_TRUE),
])
def test_negated_participle(cand, expected):
    _check(cand, "83", expected)


# A loop that states nothing after the answer (false equations of numbers, a label line) is cut off; a loop that
# repeats a value states it.
LOOP = "     - 10 = 10 * 10\n     - 7 = 7 * 10\n     - 3 = 3 * 10\n"


@pytest.mark.parametrize("cand, gold, expected", [
    ("The difference is 10 - 7 = 3\n\n" + LOOP * 4 + "     - 10 = 1", "3", True),
    ("The difference is 10 - 7 = 3\n\n" + LOOP * 4 + "     - 10 = 1", "10", NOT_TRUE),
    ("The difference is 10 - 7 = 3\n\n" + LOOP * 4 + "     - 10 = 1", "7", NOT_TRUE),
    ("The difference is not 3\n\n" + LOOP * 4 + "     - 10 = 1", "3", NOT_TRUE),
    ("The difference is 3 or 4\n\n" + LOOP * 4 + "     - 10 = 1", "3", NOT_TRUE),
    ("Each part is 100 / 20 = 5 cm long?\n\nAnswer:\n\n" + "Here is the answer:\n\n" * 8 + "Here is", "5", None),
    ("Each part is 5 cm.\n" + "The answer is 5.\n" * 8 + "The answer", "5", True),
    ("The total is 3.\n" + "3 = 3 * 1\n" * 5 + "3 = 3", "3", True),
    ("The total is 7.\n" + "3 = 3 * 1\n" * 5 + "3 = 3", "7", NOT_TRUE),
])
def test_loop_after_the_answer(cand, gold, expected):
    _check(cand, gold, expected)


# A program cut off after the answer it verifies: the answer before it; other cut-off programs give none.
CODE = "\n```python\nmicrophones = 50\npairs = microphones_fitting // 2"


@pytest.mark.parametrize("cand, gold, expected", [
    ("So the number of pairs is 40 / 2 = 20.\n\nLet's implement this in Python to verify our solution." + CODE,
     "20", True),
    ("So the number of pairs is 40 / 2 = 20.\n\nLet's check it in Python:" + CODE, "20", True),
    ("So the number of pairs is 40 / 2 = 20.\n\nLet's check it in Python:" + CODE, "2", NOT_TRUE),
    ("So the number of pairs is 20 or 21.\n\nLet's verify it in Python." + CODE, "20", NOT_TRUE),
    ("So the number of pairs is not 20.\n\nLet's verify it in Python." + CODE, "20", NOT_TRUE),
    ("So the number of pairs is 15, not 20.\n\nLet's verify it in Python." + CODE, "20", NOT_TRUE),
    ("There are 20 microphones.\n\nLet's solve it in Python." + CODE, "20", NOT_TRUE),
])
def test_program_cut_off_after_its_answer(cand, gold, expected):
    _check(cand, gold, expected)


# A check cut off after a conclusion: the conclusion; a check that finds a fault or answers anew is read as before.
CONCLUDED = "So 13 - 10 = 3.\nTherefore, Geb is 3 years old.\n\n"


@pytest.mark.parametrize("cand, gold, expected", [
    (CONCLUDED + "Check the answer by working backwards:\nIf Geb is 3, half of it is 1.5, and 1.5 - 10 = -8.5\nThis",
     "3", True),
    (CONCLUDED + "**Step 3: Check if there are any left over.**\nWe multiply 7 * 8 = 56 and 56 - 54 = 2", "3", True),
    (CONCLUDED + "**Step 3: Check if there are any left over.**\nWe multiply 7 * 8 = 56 and 56 - 54 = 2", "2",
     NOT_TRUE),
    (CONCLUDED + "Check: 3 * 2 = 6, which is not 26, so the answer is 5", "3", NOT_TRUE),
    (CONCLUDED + "Let's verify: 3 * 2 = 6, but that is wrong, Geb is 8", "3", NOT_TRUE),
    (CONCLUDED + "Check: 3 * 2 = 6, so the answer is \\boxed{8", "3", NOT_TRUE),
    ("So 13 - 10 = 3.\nMaybe Geb is 3 years old.\n\nCheck: half of 3 is 1.5, and 1.5 - 10 = -8.5", "3", NOT_TRUE),
    (CONCLUDED + "Check: half of 3 is 1.5, and 1.5 - 10 = -8.5.", "-8.5", True),  # finished: its last number
])
def test_check_cut_off_after_a_conclusion(cand, gold, expected):
    _check(cand, gold, expected)


# A short sentence after the answer's that doubts it withdraws the commitment.
@pytest.mark.parametrize("cand, expected", [
    ("The answer is 12. I think.", NOT_TRUE), ("The answer is 12. Maybe.", NOT_TRUE),
    ("The answer is 12. Not sure.", NOT_TRUE), ("So he needs 12. I think.", NOT_TRUE),
    ("So he needs 12. Not really.", NOT_TRUE), ("The answer is 12. That is wrong.", NOT_TRUE),
    ("The answer is 12. Or not.", NOT_TRUE), ("The answer is 12, which is incorrect.", NOT_TRUE),
    ("The answer is 12.\nProbably.", NOT_TRUE), ("The answer is 12! Maybe.", NOT_TRUE),
    ("So he needs 12? No.", NOT_TRUE), ("The answer might be 12.", NOT_TRUE),
    ("The answer is 12.", True), ("The answer is 12. It is not 13.", True),
    ("So he needs 12. I hope this helps!", True), ("The answer is 12.\n\nI think the method is neat.", True),
])
def test_doubt_in_the_next_sentence(cand, expected):
    _check(cand, "12", expected)


@pytest.mark.parametrize("cand, expected", [
    ("The answer is 42 or so.", NOT_TRUE), ("It is 42 or so.", NOT_TRUE), ("It takes 42 minutes or so.", NOT_TRUE),
    ("The answer is 42, or so I think.", NOT_TRUE), ("The answer is 42.", True), ("It is 42, or 43 or so.", NOT_TRUE),
])
def test_or_so_is_a_hedge(cand, expected):
    _check(cand, "42", expected)


# Boxed values of several quantities "respectively" against a single gold: which one is asked is not known.
@pytest.mark.parametrize("cand, gold, expected", [
    ("The lengths are \\(\\boxed{3}\\) feet and \\(\\boxed{6}\\) feet, respectively.", "3", None),
    ("The lengths are \\(\\boxed{3}\\) feet and \\(\\boxed{6}\\) feet, respectively.", "6", None),
    ("They are $\\boxed{3}$ and $\\boxed{6}$ respectively.", "6", None),
    ("They are \\(\\boxed{3}\\) and \\(\\boxed{6}\\), respectively.", "3, 6", True),
    ("They are \\(\\boxed{3}\\) and \\(\\boxed{6}\\), respectively.", "(3, 6)", True),
    ("The cane is \\(\\boxed{3}\\) feet, as computed respectively before.", "3", True),
])
def test_respectively(cand, gold, expected):
    _check(cand, gold, expected)


# A 12-hour time without AM / PM against a surely 24-hour one: no verdict where it may be that time.
@pytest.mark.parametrize("cand, gold, expected", [
    ("3:45 PM", "3:45", None), ("It ends at 3:45.", "3:45 PM", None), ("12:30", "12:30 AM", None),
    ("3:45", "15:45", None), ("3:45", "3:45 AM", None), ("It ends at 4:45.", "3:45 PM", False),
    ("It ends at 3:45 PM.", "3:45 PM", True), ("It ends at 3:45 PM.", "15:45", True), ("3:45", "3:45", True),
    ("It ends at 3:46.", "3:45 PM", False),
])
def test_half_day_times(cand, gold, expected):
    _check(cand, gold, expected)


# A value called wrong, in Russian and other languages, is no answer.
@pytest.mark.parametrize("cand, expected", [
    ("13 долларов — это неверно", NOT_TRUE), ("Ответ: 13 долларов — это неверно.", NOT_TRUE),
    ("13 долларов - это неправильно.", NOT_TRUE), ("Итак, 13 долларов — это не верно.", NOT_TRUE),
    ("Die Antwort ist 13, das ist falsch.", NOT_TRUE), ("La respuesta es 13, es incorrecto.", NOT_TRUE),
    ("13 euro è sbagliato.", NOT_TRUE), ("答案是13，这是错误的。", NOT_TRUE),
    ("Ответ: 13 долларов.", True), ("13 долларов — это верно.", True), ("Die Antwort ist 13.", True),
])
def test_called_wrong_in_other_languages(cand, expected):
    _check(cand, "13", expected)


def test_scientific_notation_in_prose():
    _check("In scientific notation it is 3.4 \\times 10^1.", "34", True)
    _check("The number 34 is already in scientific notation (3.4 \\times 10^1).", "34", True)
    _check("In scientific notation it is (3.4 \\times 10^1).", "10", False)
    _check("In scientific notation it is (3.4 \\times 10^1).", "1", False)


# A plus sign glued to a number after a copula or preposition is its sign (math round 13's read: "The opposite of
# the number −7 is +7" had no answer); after a number or a name it stays arithmetic.
@pytest.mark.parametrize("cand, gold, expected", [
    ("The opposite of the number \u22127 is +7.", "7", True),
    ("Q: What is the opposite of the number \u22127?\nA: The opposite of the number \u22127 is +7.", "7", True),
    ("The change is +7 degrees.", "7", True),
    ("It rises from -3 to +7.", "7", True),
    ("The value is +7", "-7", False),
    ("The value is not +7", "7", NOT_TRUE),
    ("Maybe the value is +7", "7", NOT_TRUE),
    ("The value is +7 or +8", "7", NOT_TRUE),
    ("The total is 5 +7", "7", NOT_TRUE),
    ("It costs 5 dollars +7", "7", NOT_TRUE),
    ("x +7", "7", NOT_TRUE),
])
def test_a_plus_sign_after_a_copula(cand, gold, expected):
    _check(cand, gold, expected)


def test_rounds_11_and_12_rows():
    r11, r12 = _rows(11), _rows(12)
    for rid in ("m11-qwen2.5-coder-0.5b-gsm8k-test-0659", "m11-qwen2.5-coder-1.5b-gsm8k-test-0057",
                "m11-qwen2.5-coder-1.5b-gsm8k-test-1144"):
        row = r11[rid]
        assert row["label"] and judge_math((tuple(row["references"]), row["candidate"], "auto"))[0] is True, rid
    for rid in ("m11-qwen2.5-coder-1.5b-gsm8k-test-1162", "m11-qwen2.5-coder-1.5b-gsm8k-test-0856"):  # checks cut off
        row = r11[rid]
        assert row["label"] and judge_math((tuple(row["references"]), row["candidate"], "auto"))[0] is True, rid
    loop = r11["m11-qwen2.5-coder-1.5b-gsm8k-test-1106"]  # a label looped: the gold 5 is the question's number
    assert not loop["label"] and judge_math((tuple(loop["references"]), loop["candidate"], "auto"))[0] is None
    program = r12["m12-qwen2.5-coder-0.5b-gsm8k-test-0886"]
    assert program["label"] and judge_math((tuple(program["references"]), program["candidate"], "auto"))[0] is True
    gallons = r12["m12-qwen2.5-coder-1.5b-gsm8k-test-1051"]
    task = (tuple(gallons["references"]), gallons["candidate"], "auto")
    assert gallons["label"] and judge_math(task)[0] is False and judge_math(task + (gallons["question"],))[0] is True
    boxes = _rows(10)["m10-qwen2.5-coder-0.5b-gsm8k-test-1157"]
    assert judge_math((tuple(boxes["references"]), boxes["candidate"], "auto"))[0] is None
