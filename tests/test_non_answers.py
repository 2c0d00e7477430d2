"""The learned judges call the master-key probes that answer nothing incorrect by rule (judges/non_answers.py):
a bare copy of the question (judges/restated.py) and options committed to none (judges/offers.py)."""
from __future__ import annotations

import importlib.util

import pytest

from judgesuite.judges import make_judge
from judgesuite.judges.offers import offers_options_only
from judgesuite.judges.restated import restates_question_only
from judgesuite.suite.data.probes import build_probe_set

NEEDS_TORCH = pytest.mark.skipif(importlib.util.find_spec("torch") is None, reason="needs the [encoder] extra")
RULES = {  # attack -> (the rule's test, what Verdict.extra["rule"] says, probes it may miss)
    "restate-question": (restates_question_only, "restates the question", 1),  # a question under 4 words
    "every-option": (offers_options_only, "offers options, commits to none", 0),
}


@pytest.fixture(scope="module")
def dev_probes():
    return build_probe_set(split="dev").rows


@pytest.mark.parametrize("spec", ["stacked", pytest.param("encoder", marks=NEEDS_TORCH),
                                  pytest.param("stacked:encoder=true", marks=NEEDS_TORCH)])
@pytest.mark.parametrize("attack", sorted(RULES))
def test_the_learned_judges_reject_every_probe_a_rule_reads(spec, attack, dev_probes):
    rule, said, may_miss = RULES[attack]
    rows = [r.sample for r in dev_probes if r.meta["attack"] == attack]
    read = [s for s in rows if rule(s)]
    assert len(read) >= len(rows) - may_miss
    with make_judge(spec) as judge:
        verdicts = judge.judge(read)
    assert all(v.correct is False and v.score == 0.0 and v.extra["rule"] == said for v in verdicts)
