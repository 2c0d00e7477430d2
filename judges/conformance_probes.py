"""Probe samples for the conformance checks: ordinary answers and hostile text of every task type."""
from __future__ import annotations

from collections.abc import Sequence

from judgesuite.judges.types import Sample

_BASE = [
    ("What is 3/4 as a decimal?", "Final answer: 0.75", ["0.75"], "math"),
    ("What is 2+2?", "2 + 2 = 5, so the answer is 5.\nFinal answer: 5", ["4"], "math"),
    ("Who wrote Hamlet?", "William Shakespeare wrote it.\nFinal answer: William Shakespeare",
     ["William Shakespeare", "Shakespeare"], "open_qa"),
    ("Capital of France?", "Final answer: Lyon", ["Paris"], "open_qa"),
    ("Quelle est la capitale du Japon ? 東京", "Final answer: 東京 (Tōkyō) 🗼", ["東京", "Tokyo"], "open_qa"),
    ("Revenue in FY2018?", "It was $1,577 million.\nFinal answer: $1577 million", ["1577"], "context_qa"),
    ("Which gas do plants absorb?", "Carbon dioxide.\nFinal answer: carbon dioxide",
     ["Carbon dioxide"], "multiple_choice_freeform"),
    ("", "", [""], "open_qa"),
    ("Huge", "blah " * 20_000 + "\nFinal answer: 42", ["42"], "math"),
    ("Huge text", "word " * 20_000 + "\nFinal answer: Paris", ["Paris"], "open_qa"),
    ("Control chars", "\x00\x1b[31m\ufffd\u202e }{ \\frac{ ((( Final answer: \\boxed{", ["1"], "math"),
]
# For judges whose every probe costs a model call: one ordinary and one hostile sample per type.
_SMALL = {0, 2, 3, 5, 6, 7}
_ALL_TYPES = ("math", "open_qa", "context_qa", "multiple_choice_freeform")


def probe_samples(task_types: Sequence[str] | None = None, small: bool = False) -> list[Sample]:
    """Probe samples of the given task types (None: all); texts of other types are reused
    under the first type when a judge handles none of ours."""
    types = list(task_types) if task_types is not None else list(_ALL_TYPES)
    base = [b for i, b in enumerate(_BASE) if not small or i in _SMALL]
    samples = [Sample(id=f"probe-{i}", task_type=t, question=q, candidate=c, references=tuple(r))
               for i, (q, c, r, t) in enumerate(base) if t in types]
    if not samples:
        samples = [Sample(id=f"probe-{i}", task_type=types[0], question=q, candidate=c, references=tuple(r))
                   for i, (q, c, r, _) in enumerate(base)]
    return samples
