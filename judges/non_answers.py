"""Answers that answer nothing, which the learned judges (`stacked`, its blend, `encoder`) call incorrect without
asking their model: a copy of the question (`judges.restated`) and a list of options committed to none
(`judges.offers`)."""
from __future__ import annotations

from judgesuite.judges.offers import offers_options_only, offers_verdict
from judgesuite.judges.restated import restated_verdict, restates_question_only
from judgesuite.judges.types import Sample, Verdict


def non_answer_verdict(sample: Sample, extra: dict | None = None) -> Verdict | None:
    """Incorrect (P 0, the rule named in `extra["rule"]`) for an answer that answers nothing, else None."""
    if restates_question_only(sample):
        return restated_verdict(extra)
    if offers_options_only(sample):
        return offers_verdict(extra)
    return None
