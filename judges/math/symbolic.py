"""`sympy`: our symbolic math judge (issue 4).

Per sample, in a `BoundedPool` worker with a per-sample `timeout`:
1. extract answer spans from the candidate with the `extraction` configuration
   (`auto`, `simplerl` or `lighteval`; see math_extract);
2. a non-committal answer ("5 or 6", "cannot be determined") is a verdict False;
3. parse each reference FIRST (gold-first), then the first candidate span that parses
   (math_normalize + math_parse: our own tokenizer and grammar, no eval/sympify);
4. compare (math_compare): exact, then numeric with relative tolerance 1e-6, then
   bounded symbolic simplification. Any reference matching makes the answer correct.
When a reference does not parse, the normalised texts are compared instead (equal:
correct; otherwise no verdict). A candidate with no extractable or parseable answer
gets no verdict (unparseable); a sample over its time limit gets no verdict (timeout).
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from judgesuite.judges.base import Judge, JudgeTags
from judgesuite.judges.sandbox.bounded import OK, TIMEOUT, BoundedPool
from judgesuite.judges.math.compare import answers_equal
from judgesuite.judges.math.extract import CONFIGS, extract
from judgesuite.judges.math.normalize import normalize
from judgesuite.judges.math.parse import Parsed, ParseError, parse
from judgesuite.judges.types import NoVerdict, Sample, Verdict

_UNPARSEABLE, _UNDECIDED = "unparseable", "undecided"


def _parse(text: str) -> Parsed | None:
    try:
        return parse(normalize(text))
    except (ParseError, ValueError, TypeError, ZeroDivisionError, RecursionError, OverflowError):
        return None


_GOLD_OR = re.compile(r"\bor\b|\beither\b", re.IGNORECASE)
_TEXT_NOISE = re.compile(r"\\(?:text|textbf|mathrm|mbox)\s*|[\\${}\s.,;:!()]")


def _text_key(text: str) -> str:
    """A text answer ("\\text{Yes}", "no.") reduced for string comparison."""
    return _TEXT_NOISE.sub("", text).lower()


def judge_math(task: tuple[tuple[str, ...], str, str]) -> tuple[bool | None, str | None, str]:
    """Worker function: (references, candidate, extraction) -> (correct or None, extracted, detail)."""
    references, candidate, extraction = task
    ex = extract(candidate, CONFIGS[extraction])
    if ex.noncommittal:
        if ex.spans and any(_GOLD_OR.search(r) and _text_key(r) == _text_key(ex.spans[0]) for r in references):
            return True, ex.spans[0][:200], f"{ex.method}: equal as text"  # the gold itself says "a or b"
        return False, (ex.spans[0][:200] if ex.spans else None), "non-committal answer"
    if not ex.spans:
        return None, None, f"{_UNPARSEABLE}: no answer found"
    golds = [(ref, _parse(ref)) for ref in references]  # gold first
    span, cand = ex.spans[0], None
    for s in ex.spans:
        cand = _parse(s)
        if cand is not None:
            span = s
            break
    details = []
    for ref, gold in golds:
        if gold is None or cand is None:
            # a text answer ("\\text{No}"): the top-priority span, or the one that parsed
            for text in dict.fromkeys((ex.spans[0], span)):
                if _text_key(ref) and _text_key(ref) == _text_key(text):
                    return True, text[:200], f"{ex.method}: equal as text"
            details.append(f"{_UNPARSEABLE}: {'reference' if gold is None else 'candidate'} not parseable")
            continue
        try:
            result = answers_equal(gold, cand)
        except (ValueError, TypeError, ZeroDivisionError, RecursionError, OverflowError, AttributeError):
            result = None  # SymPy could not decide
        if result is True:
            return True, span[:200], f"{ex.method}: equal"
        details.append("unequal" if result is False else f"{_UNDECIDED}: comparison undecided")
    if all(d == "unequal" for d in details):
        return False, span[:200], f"{ex.method}: unequal"
    return None, span[:200], next(d for d in details if d != "unequal")


class SympyJudge(Judge):
    """Extract (auto / simplerl / lighteval), parse safely, compare exactly, numerically, symbolically."""

    tags = JudgeTags(version="1", task_types=frozenset({"math"}), identity_exclude=("workers",),
                     libraries=("sympy", "mpmath"))

    def __init__(self, extraction: str = "auto", timeout: float = 5.0, workers: int | None = None) -> None:
        if extraction not in CONFIGS:
            raise ValueError(f"extraction must be one of {', '.join(CONFIGS)}, got {extraction!r}")
        self.extraction = extraction
        self.timeout = timeout
        self.workers = workers
        self._pool: BoundedPool | None = None

    def pool(self) -> BoundedPool:
        if self._pool is None:
            self._pool = BoundedPool(judge_math, workers=self.workers, timeout=self.timeout)
        return self._pool

    def _judge_batch(self, samples: Sequence[Sample]) -> list[Verdict]:
        tasks = [(tuple(s.references), s.candidate, self.extraction) for s in samples]
        out = []
        for o in self.pool().map(tasks):
            if o.status == OK:
                correct, extracted, detail = o.value
                if correct is None:  # nothing parseable, or a comparison SymPy could not decide
                    out.append(Verdict.none(NoVerdict.UNPARSEABLE, detail, extracted=extracted))
                else:
                    out.append(Verdict(correct=correct, score=float(correct), extracted=extracted, detail=detail))
            elif o.status == TIMEOUT:
                out.append(Verdict.none(NoVerdict.TIMEOUT, o.error))
            else:
                out.append(Verdict.none(NoVerdict.ERROR, o.error))
        return out

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()
            self._pool = None
