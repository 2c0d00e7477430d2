"""Two-stage reference validation with the real SmolLM2 (llama.cpp backend)."""
from __future__ import annotations

import pytest

from judgesuite.judges.llm.reference_validation import (ANSWER_PROMPT, ValidatedReferenceJudge, fill,
                                                    parse_validation)


@pytest.mark.parametrize("reply, expected", [
    ("The reference says 18, which matches.\nReference valid: True\nValidated reference: 18", (True, "18")),
    ("Reference valid: **False**\nValidated reference: \"Paris\"", (False, "Paris")),
    ("Reference valid: False", (False, None)),
    ("I think the answer is 42.", (None, None)),
    # the template copied back decides nothing (Qwen2.5-0.5B's reply to every row tried)
    ("Reference valid: True\nValidated reference: the correct answer to the QUESTION", (None, None)),
    ("Reference valid: True or False\nValidated reference: 12", (None, "12")),
])
def test_parse_validation(reply, expected):
    assert parse_validation(reply) == expected


def test_stage_one_never_shows_the_reference():
    text = fill(ANSWER_PROMPT, question="What is {2+2}?")
    assert text.startswith("What is {2+2}?") and "REFERENCE" not in text


def test_validated_judge_on_a_real_row(nq301_test):
    rows = nq301_test.rows[:1]
    judge = ValidatedReferenceJudge(answer_tokens=24, check_tokens=24, threads=1,
                                    inner_params={"max_new_tokens": 8})
    try:
        (v,) = judge.judge([r.sample for r in rows])
        (audit,) = judge.audit([rows[0].sample])  # cached: no new generation
    finally:
        judge.close()
    assert audit.status in {"valid", "flagged", "unchecked"}
    assert v.extra["reference_status"] == audit.status
    assert v.extra["reference_flagged"] is audit.flagged
    assert v.tokens == v.input_tokens + v.generated_tokens and v.input_tokens > audit.tokens  # the audit is charged as input
    assert audit.tokens > 50
    if audit.flagged and audit.validated_reference:
        assert v.extra["validated_reference"] == audit.validated_reference
