"""Generation prompts against the paper's verbatim Tables 7-8; question sources (no model needed)."""
from __future__ import annotations

import json

import pytest

from judgesuite.suite.data.loader import DataError
from judgesuite.suite.generation.sources import from_bundled, from_jsonl, from_mcqa, mcqa_file
from judgesuite.suite.generation.prompts import (CONTEXT_EXTRACTION, FORMATS, MULTIPLE_CHOICE, OPEN_MATH, OPEN_QA,
                                                 build_prompt, loglik_continuations, suffix)

# Typed from BERT-as-a-Judge, Appendix A, Table 8 (and the quotation of it).
PAPER_SUFFIXES = {
    (MULTIPLE_CHOICE, "soft"): 'Conclude your response with "Final answer: X", where X is the letter of the correct choice.',
    (MULTIPLE_CHOICE, "strict"): 'Respond only with the exact format "Final answer: X", where X is the letter of the correct choice.',
    (CONTEXT_EXTRACTION, "soft"): 'Conclude your response with "Final answer: X", where X is the exact span from the context that answers the question.',
    (CONTEXT_EXTRACTION, "strict"): 'Respond only with the exact format "Final answer: X", where X is the exact span from the context that answers the question.',
    (OPEN_MATH, "soft"): 'Conclude your response with "Final answer: X", where X is the computed solution.',
    (OPEN_MATH, "strict"): 'Respond only with the exact format "Final answer: X", where X is the computed solution.',
}


@pytest.mark.parametrize("category,fmt", sorted(PAPER_SUFFIXES))
def test_suffixes_are_the_papers(category, fmt):
    assert suffix(category, fmt) == PAPER_SUFFIXES[(category, fmt)]
    assert suffix(category, "free") == ""


def test_multiple_choice_prompt_verbatim_on_a_real_question():
    (q,) = from_mcqa("arc_challenge", limit=1)
    choices = "\n".join(f"{l}) {c}" for l, c in zip("ABCDE", q.choices))
    base = f"Answer the following multiple-choice question.\n\nQuestion: {q.question}\n\nChoices:\n{choices}"
    assert build_prompt(MULTIPLE_CHOICE, "free", q.question, q.choices) == base
    for fmt in ("soft", "strict"):
        assert build_prompt(MULTIPLE_CHOICE, fmt, q.question, q.choices) == \
            base + "\n\n" + PAPER_SUFFIXES[(MULTIPLE_CHOICE, fmt)]
    assert loglik_continuations(q.choices)[0] == f"A) {q.choices[0]}"


def test_math_and_context_prompts_verbatim(gsm8k_test):
    question = gsm8k_test.rows[0].sample.question
    assert build_prompt(OPEN_MATH, "free", question) == question
    assert build_prompt(OPEN_MATH, "strict", question) == question + "\n\n" + PAPER_SUFFIXES[(OPEN_MATH, "strict")]
    ctx = "Identity Structure Analysis (ISA) maps how one appraises self and others."
    assert build_prompt(CONTEXT_EXTRACTION, "soft", "What is the ISA?", context=ctx) == (
        "Answer the question based on the provided context.\n\nContext:\n" + ctx +
        "\n\nQuestion: What is the ISA?\n\n" + PAPER_SUFFIXES[(CONTEXT_EXTRACTION, "soft")])


def test_braces_and_placeholders_in_fields_stay_literal():
    tricky = "Is {question} or {context} or {0} a {choice_1}?"
    assert build_prompt(OPEN_MATH, "free", tricky) == tricky
    p = build_prompt(CONTEXT_EXTRACTION, "free", "Q {context}", context="C {question}")
    assert p.endswith("Context:\nC {question}\n\nQuestion: Q {context}")


def test_open_qa_is_an_extension_and_bad_inputs_raise():
    assert suffix(OPEN_QA, "soft").endswith("where X is the answer to the question.")
    with pytest.raises(ValueError):
        suffix(OPEN_MATH, "loose")
    with pytest.raises(ValueError):
        build_prompt(MULTIPLE_CHOICE, "soft", "q", choices=None)
    with pytest.raises(ValueError):
        build_prompt(CONTEXT_EXTRACTION, "soft", "q")
    assert set(FORMATS) == {"free", "soft", "strict"}


def test_bundled_source_gives_distinct_questions(gsm8k_test):
    qs = from_bundled("gsm8k-openai-solutions", "test", limit=5)
    assert len({q.id for q in qs}) == 5
    by_id = {r.question_id: r for r in gsm8k_test.rows}
    for q in qs:
        assert q.task_type == "math" and q.references == by_id[q.id].sample.references


def test_mcqa_sources_both_layouts(tmp_path):
    bundled = from_mcqa("mmlu", limit=3)
    assert [q.references[0] for q in bundled] == [("ABCD"[i]) for i in
                                                  [q.choices.index(q.references[1]) for q in bundled]]
    # The normalized tree layout <dir>/<bench>/<split>.jsonl (e.g. the full benchmark folders).
    (tmp_path / "toy").mkdir()
    rows = [{"id": "t1", "question": "2+2?", "choices": ["3", "4"], "answer_index": 1},
            {"id": "t2", "question": "hidden", "choices": ["a", "b"], "answer_index": None}]
    (tmp_path / "toy" / "validation.jsonl").write_text("\n".join(map(json.dumps, rows)) + "\n")
    assert mcqa_file("toy", data_dir=tmp_path).name == "validation.jsonl"
    (q,) = from_mcqa("toy", data_dir=tmp_path)  # unlabelled row skipped
    assert q.references == ("B", "4") and q.choices == ("3", "4")
    with pytest.raises(FileNotFoundError):
        from_mcqa("nope", data_dir=tmp_path)


def test_user_jsonl_questions_and_named_errors(tmp_path):
    good = tmp_path / "q.jsonl"
    good.write_text(json.dumps({"id": "a", "question": "Capital of France?", "answer": "Paris"}) + "\n" +
                    json.dumps({"id": "b", "question": "Who?", "context": "Bob did it.", "references": ["Bob"]}) + "\n")
    a, b = from_jsonl(good)
    assert (a.task_type, a.references) == ("open_qa", ("Paris",))
    assert (b.task_type, b.context) == ("context_qa", "Bob did it.")
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"id": "a", "question": "q", "references": []}) + "\n")
    with pytest.raises(DataError) as err:
        from_jsonl(bad)
    assert err.value.field == "references" and err.value.line == 1
