"""`sympy` on committed prose in other scripts (issue 37): math round 9's Russian reply "Ответ: David будет заплатить
13$ за 3 бутыла сока и 2 бутыл воды." (gold 13) was read as its last number, 2; a span of Cyrillic, Greek or
accented-Latin prose is read as Latin prose is, and a price before "for" (за, pour, por, für) is the value. A hedge,
a negation, a second quantity joined by a conjunction or a different number first never gives a new false equal.
Answer markers of Italian, Portuguese, Dutch, Polish, Turkish and Korean, and their negations."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from judgesuite.judges.math.symbolic import judge_math

NOT_TRUE = "no equal"  # unequal or no verdict: never a false equal
ROUND9 = Path(__file__).parent / "fixtures" / "model_math_round9.jsonl"


def _check(cand: str, gold: str, expected: object) -> None:
    got = judge_math(((gold,), cand, "auto"))[0]
    assert (got is not True) if expected == NOT_TRUE else (got is expected), (cand, gold, got)


def test_round9_russian_reply_is_read_by_its_price():
    rows = [json.loads(line) for line in ROUND9.read_text(encoding="utf-8").splitlines() if line.strip()]
    row = next(r for r in rows if r["id"] == "m9-qwen2.5-coder-1.5b-gsm8k-test-0872")
    assert row["label"] is True and row["references"] == ["13"]
    verdict, extracted, _ = judge_math((tuple(row["references"]), row["candidate"], "auto"))
    assert (verdict, extracted) == (True, "13")


# Each failed on 4dd3c48 (read as a number of what was bought, or no verdict).
@pytest.mark.parametrize("cand, gold, expected", [
    ("Ответ: David будет заплатить 13$ за 3 бутыла сока и 2 бутыл воды.", "13", True),
    ("Ответ: David будет заплатить 13$ за 3 бутыла сока и 2 бутыл воды.", "2", False),
    ("Ответ: Давид заплатит 13 долларов за 3 бутылки сока и 2 бутылки воды.", "13", True),
    ("Ответ: Давид заплатит 13 долларов за 3 бутылки.", "13", True),
    ("Ответ: Давид заплатит 13 долларов за 3 бутылки.", "3", False),
    ("Answer: David will pay $13 for 3 bottles of juice and 2 bottles of water.", "13", True),
    ("Answer: David will pay 13$ for 3 bottles of juice and 2 bottles of water.", "2", False),
    ("Answer: David pays 13 dollars for 3 bottles.", "13", True),
    ("Ответ: 3 бутылки за 13$.", "3", True),
])
def test_prose_in_other_scripts_and_a_price_before_for(cand, gold, expected):
    _check(cand, gold, expected)


# Hand probes for a new false equal: a hedge, a negation, alternatives, two quantities, a different number first,
# working, a price after what it buys.
@pytest.mark.parametrize("cand, gold", [
    ("Ответ: не 13 долларов, а 15 долларов за 3 бутылки.", "13"),
    ("Ответ: примерно 13 долларов за 3 бутылки.", "13"), ("Ответ: примерно 13 долларов за 3 бутылки.", "3"),
    ("Ответ: 13 или 14 долларов за 3 бутылки.", "13"), ("Ответ: David заплатит не 13$ за 3 бутылки.", "13"),
    ("Ответ: Давид не заплатит 13 долларов.", "13"), ("Ответ: 2 бутылки воды и 13$ за сок.", "13"),
    ("Ответ: 2 бутылки воды и 13$ за сок.", "2"), ("Ответ: 13 яблок и 4 груши.", "13"),
    ("Ответ: 13 яблок и 4 груши.", "4"), ("Ответ: 13 на 3 футов.", "13"), ("Ответ: 13 раз по 3 бутылки.", "13"),
    ("Ответ: Давид заплатит 5 долларов за воду и 13 долларов за 3 бутылки сока.", "5"),
    ("Réponse : environ 13 écus pour 3 bouteilles.", "13"), ("Réponse : 13 écus ou 14 écus.", "13"),
    ("Réponse : 13 écus pour 3 bouteilles de jus et 2 bouteilles d'eau.", "2"),
    ("Antwort: nicht 13 Äpfel, sondern 15 Äpfel.", "13"), ("Antwort: 13 Äpfel und 4 Birnen.", "13"),
    ("Answer: not $13 for 3 bottles, but $15.", "13"), ("Answer: about $13 for 3 bottles.", "13"),
    ("Answer: $13 or $14 for 3 bottles.", "13"), ("Answer: He paid $15 = $13 for 3 bottles and $2 tip.", "13"),
    ("Answer: He earns $13 for 3 hours of work, so $26 for 6 hours.", "13"), ("答案：大约13美元买3瓶果汁。", "13"),
    ("答案：不是13美元，是15美元。", "13"),
])
def test_no_new_false_equal(cand, gold):
    _check(cand, gold, NOT_TRUE)


# Answer markers of more languages: each failed on 4dd3c48 (read as the last number, 3).
@pytest.mark.parametrize("cand", [
    "La risposta è 42.\nHo usato 3 passaggi.", "Risposta finale: 42 mele.\nHo usato 3 passaggi.",
    "Resposta: 42 maçãs.\nUsei 3 passos.", "A resposta é 42.\nUsei 3 passos.",
    "Het antwoord is 42.\nIk heb 3 stappen gebruikt.", "Antwoord: 42\nIk heb 3 stappen gebruikt.",
    "Odpowiedź: 42\nUżyłem 3 kroków.", "Odpowiedź to 42.\nUżyłem 3 kroków.", "Cevap: 42\n3 adım kullandım.",
    "Yanıt: 42\n3 adım kullandım.", "답: 42\n3단계를 사용했습니다.", "최종 답: 42\n3단계를 사용했습니다.",
    "답은 42입니다.\n3단계를 사용했습니다.",
])
def test_answer_markers_of_more_languages(cand):
    _check(cand, "42", True)


# An intro that names the language ("Ecco la risposta in italiano:") or a longer word (대답) is no marker; a
# negation, alternatives or an approximation in a committed span of these languages is no equal (the first four and
# "답: 42가 아닙니다" equalled 42 on 4dd3c48, read by the last number).
@pytest.mark.parametrize("cand, gold", [
    ("Ecco la risposta in italiano:\n7 * 6 = 42\nQuindi 40 mele.", "42"),
    ("Aqui está a resposta em português:\n7 * 6 = 42\nEntão 40 maçãs.", "42"),
    ("Hier is de antwoord in Dutch:\n7 * 6 = 42\nDus 40 appels.", "42"), ("따라서 대답은 42\n계산: 40", "42"),
    ("Cevap: 42 değil.", "42"), ("Odpowiedź: to nie jest 42.", "42"), ("Antwoord: niet 42.", "42"),
    ("Het antwoord is niet 42.", "42"), ("답: 42가 아닙니다", "42"), ("Odpowiedź: nie 42.", "42"),
    ("Risposta: non è 42.", "42"), ("Resposta: não é 42.", "42"), ("Risposta: non 42, ma 40.", "42"),
    ("Cevap: 42 değil, 40.", "42"), ("Odpowiedź: 42 lub 43.", "43"), ("답: 42 또는 43", "43"),
])
def test_marker_probes_give_no_false_equal(cand, gold):
    _check(cand, gold, NOT_TRUE)
