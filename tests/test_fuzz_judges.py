"""Property tests: for any text, every core judge returns one conformant verdict per sample."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgesuite.judges import NoVerdict, Sample, make_judge

from .judge_lists import builtin

CORE = builtin("core")
TEXT = st.one_of(
    st.text(max_size=200),
    st.text(alphabet=st.sampled_from(list("()[]{}\\^_$0123456789+-*/=.,: xFinalanswer")), max_size=300),
    st.just(""), st.just("Final answer:"), st.just("\x00\x1b\u202e"),
)
SAMPLE = st.builds(Sample, id=st.text(max_size=5), task_type=st.sampled_from(["math", "open_qa", "context_qa"]),
                   question=TEXT, candidate=TEXT, references=st.lists(TEXT, min_size=1, max_size=3).map(tuple))
_judges: dict = {}


@pytest.fixture(scope="module", autouse=True)
def _close_judges():
    yield
    for judge in _judges.values():
        judge.close()


@pytest.mark.parametrize("name", CORE)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(samples=st.lists(SAMPLE, max_size=6))
def test_no_exception_escapes_and_one_verdict_per_sample(name, samples):
    judge = _judges.setdefault(name, make_judge(name, timeout=5.0) if "timeout" in
                               make_judge(name).get_params() else make_judge(name))
    verdicts = judge.judge(samples)
    assert len(verdicts) == len(samples)
    for v in verdicts:
        assert v.correct in (True, False, None)
        assert (v.correct is None) == isinstance(v.reason, NoVerdict)
        assert v.reason is not NoVerdict.ERROR, v.detail  # garbage in is not a crash
