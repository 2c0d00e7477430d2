"""Two-stage reference validation (robust math judge seed) and `llm-validated`, the judge that uses it.

Stage 1: the LLM answers the question alone, never seeing the dataset reference.
Stage 2: it checks the dataset reference against the question, with its own stage-1
answer as a hint, and concludes with "Reference valid: True/False" and
"Validated reference: ...". A reference judged invalid is *flagged*; the audit keeps
the reason (the stage-2 reply). Unparseable stage-2 replies are "unchecked", never flagged.

`llm-validated` judges with the validated reference: the dataset reference where it was
not flagged, the stage-2 reference where it was. Verdicts carry `reference_flagged` in
`extra`, so a run can leave flagged items out of scoring ("filtering out inapplicable
samples"), counting them (scripts/measure_llm_judges.py --exclude-flagged).
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from judgesuite.judges.base import CostModel, Judge, JudgeTags
from judgesuite.judges.llm.backends import DEFAULT_BACKEND, DEFAULT_MODEL, Backend, SamplingParams
from judgesuite.judges.llm.prompts import delimited, join_references
from judgesuite.judges.extract.final_answer import extract_final_answer
from judgesuite.judges.types import Sample, Verdict

ANSWER_PROMPT = """{question}

Conclude your response with "Final answer: X", where X is your answer."""

VALIDATE_PROMPT = ("""You are checking a dataset. Below are a QUESTION, the dataset's REFERENCE answer, and an
answer derived independently (INDEPENDENT ANSWER), which may itself be wrong.
Decide whether the REFERENCE correctly answers the QUESTION.

"""
                   + delimited("QUESTION", "question") + delimited("REFERENCE", "reference")
                   + delimited("INDEPENDENT ANSWER", "answer") + """Conclude your response with exactly these two lines:
Reference valid: True or False
Validated reference: the correct answer to the QUESTION""")

# "True or False" is the template's own line copied back, not a decision.
_VALID = re.compile(r"Reference valid:\s*\**\s*(True|False)\b(?!\s*or\b)", re.IGNORECASE)
_PLACEHOLDER = "the correct answer to the question"
_VALIDATED = re.compile(r"Validated reference:\s*(.+)", re.IGNORECASE)


@dataclass
class Audit:
    """The validation of one sample's references."""

    sample_id: str
    status: str  # "valid" | "flagged" | "unchecked"
    independent_answer: str | None
    validated_reference: str | None
    reason: str
    tokens: int = 0

    @property
    def flagged(self) -> bool:
        return self.status == "flagged"

    def to_dict(self) -> dict:
        return asdict(self)


def parse_validation(reply: str) -> tuple[bool | None, str | None]:
    """(reference valid, validated reference) from the last such lines.

    A reply whose validated reference is the prompt's placeholder text copied back
    (Qwen2.5-0.5B does this for every input, measured) decides nothing: (None, None).
    """
    valid = _VALID.findall(reply)
    ref = _VALIDATED.findall(reply)
    reference = ref[-1].strip().strip('"*') or None if ref else None
    if reference is not None and reference.rstrip(".").strip().lower() == _PLACEHOLDER:
        return None, None
    return (valid[-1].lower() == "true" if valid else None), reference


def fill(template: str, **fields: str) -> str:
    out = template
    for key, value in fields.items():  # plain replacement: data is full of braces
        out = out.replace("{" + key + "}", value)
    return out


def validate_references(samples: Sequence[Sample], backend: Backend, answer_params: SamplingParams,
                        check_params: SamplingParams) -> list[Audit]:
    """Run both stages for each sample; one Audit per sample, in order."""
    stage1 = backend.generate([fill(ANSWER_PROMPT, question=s.question) for s in samples], answer_params)
    answers = [extract_final_answer(g.text) or g.text.strip()[-300:] for g in stage1]
    stage2 = backend.generate([fill(VALIDATE_PROMPT, question=s.question, reference=join_references(s.references),
                                    answer=a or "(none)") for s, a in zip(samples, answers)], check_params)
    audits = []
    for s, a, g1, g2 in zip(samples, answers, stage1, stage2):
        valid, ref = parse_validation(g2.text)
        status = "unchecked" if valid is None else ("valid" if valid else "flagged")
        tokens = g1.prompt_tokens + g1.generated_tokens + g2.prompt_tokens + g2.generated_tokens
        audits.append(Audit(s.id, status, a, ref if status == "flagged" else None, g2.text[:500], tokens))
    return audits


class ValidatedReferenceJudge(Judge):
    """Two-stage reference validation, then an LLM judge (default llm-direct) against the validated reference."""

    tags = JudgeTags(version="2", cost_class="llm", identity_exclude=("batch_size",))

    def __init__(self, backend: str = DEFAULT_BACKEND, model: str = DEFAULT_MODEL, answer_tokens: int = 256,
                 check_tokens: int = 96, seed: int = 0, threads: int | None = None, inner: str = "llm-direct",
                 inner_params: dict | None = None, batch_size: int = 16) -> None:
        self.backend = backend
        self.model = model
        self.answer_tokens = answer_tokens
        self.check_tokens = check_tokens
        self.seed = seed
        self.threads = threads
        self.inner = inner
        self.inner_params = dict(inner_params or {})
        self.batch_size = batch_size
        self._inner: Judge | None = None
        self._backend: Backend | None = None
        self._audits: dict[str, Audit] = {}

    def cost_model(self) -> CostModel:
        from judgesuite.judges.llm.judges import llm_parameters

        return CostModel("llm", llm_parameters(self.model))

    def _setup(self) -> tuple[Backend, Judge]:
        from judgesuite.judges.llm.backends import shared_backend
        from judgesuite.judges.registry import make_judge

        if self._backend is None:
            opts = {"threads": self.threads} if self.threads is not None and self.backend != "http" else {}
            self._backend = shared_backend(self.backend, self.model, **opts)
        if self._inner is None:
            params = {"backend": self.backend, "model": self.model, "threads": self.threads, **self.inner_params}
            self._inner = make_judge(self.inner, **params)
        return self._backend, self._inner

    def audit(self, samples: Sequence[Sample]) -> list[Audit]:
        """Audits for `samples`, computed once per distinct (question, references)."""
        backend, _ = self._setup()
        qkeys = [f"{s.question}\x00{s.references}" for s in samples]
        todo = {}
        for s, q in zip(samples, qkeys):
            if q not in self._audits:
                todo.setdefault(q, s)
        if todo:
            audits = validate_references(
                list(todo.values()), backend,
                SamplingParams(max_new_tokens=self.answer_tokens, seed=self.seed),
                SamplingParams(max_new_tokens=self.check_tokens, seed=self.seed))
            self._audits.update(zip(todo, audits))
        return [self._audits[q] for q in qkeys]

    def _judge_batch(self, samples: Sequence[Sample]) -> list[Verdict]:
        _, inner = self._setup()
        audits = self.audit(samples)
        fixed = [Sample(s.id, s.task_type, s.question, s.candidate,
                        (a.validated_reference,) if a.flagged and a.validated_reference else s.references,
                        s.context, s.choices) for s, a in zip(samples, audits)]
        verdicts = inner.judge(fixed)
        for v, a in zip(verdicts, audits):
            v.extra = {**v.extra, "reference_flagged": a.flagged, "reference_status": a.status,
                       "validated_reference": a.validated_reference, "audit_reason": a.reason[:300]}
            # An audit is computed once per question but charged to every sample that uses it:
            # the per-sample cost of judging that sample alone (an upper bound in a full run).
            v.tokens += a.tokens
            v.input_tokens += a.tokens  # the audit's prompt and generated tokens, charged as input
            v.flops += self.cost.flops(a.tokens)
        return verdicts

    def close(self) -> None:
        from judgesuite.judges.llm.backends import release_backend

        if self._inner is not None:
            self._inner.close()
            self._inner = None
        if self._backend is not None:
            release_backend(self._backend)
            self._backend = None
