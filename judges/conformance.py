"""`check_judge`: the conformance check every judge passes (cf. scikit-learn's check_estimator)."""
from __future__ import annotations

import json
from collections.abc import Sequence

from judgesuite.judges.base import Judge
from judgesuite.judges.types import NoVerdict, Sample, Verdict


class ConformanceError(AssertionError):
    pass


def _probe_samples(task_types: Sequence[str]) -> list[Sample]:
    base = [
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
    samples = [Sample(id=f"probe-{i}", task_type=t, question=q, candidate=c, references=tuple(r))
               for i, (q, c, r, t) in enumerate(base) if t in task_types]
    if not samples:  # a judge for types we have no probes for: reuse texts under its first type
        samples = [Sample(id=f"probe-{i}", task_type=task_types[0], question=q, candidate=c,
                          references=tuple(r)) for i, (q, c, r, _) in enumerate(base)]
    return samples


def _check_verdicts(judge: Judge, samples: list[Sample], verdicts: object) -> list[Verdict]:
    name = judge.identity()["name"]
    if not isinstance(verdicts, list):
        raise ConformanceError(f"{name}: judge() must return a list, got {type(verdicts).__name__}")
    if len(verdicts) != len(samples):
        raise ConformanceError(f"{name}: {len(verdicts)} verdicts for {len(samples)} samples")
    for s, v in zip(samples, verdicts):
        if not isinstance(v, Verdict):
            raise ConformanceError(f"{name}: {s.id}: expected a Verdict, got {type(v).__name__}")
        if v.correct not in (True, False, None):
            raise ConformanceError(f"{name}: {s.id}: correct must be True/False/None, got {v.correct!r}")
        if v.correct is None and not isinstance(v.reason, NoVerdict):
            raise ConformanceError(f"{name}: {s.id}: a no-verdict must carry a NoVerdict reason")
        if v.correct is not None and v.reason is not None:
            raise ConformanceError(f"{name}: {s.id}: a verdict with a reason ({v.reason}) must have correct=None")
        if v.score is not None and not (0.0 <= float(v.score) <= 1.0):
            raise ConformanceError(f"{name}: {s.id}: score {v.score} outside [0, 1]")
        json.dumps(v.to_dict())  # verdicts must be storable in the cache
    return verdicts


def check_judge(judge: Judge) -> None:
    """Raise ConformanceError unless `judge` honours the Judge contract.

    Checks: it is a Judge; its parameters round-trip through get_params() and its
    identity is JSON; batches of 0, 1 and many give one verdict per sample, in order
    (a batch gives the same verdicts as the samples one by one); no-verdicts carry
    a reason; unicode, control characters and 100 kB candidates are handled; a
    deterministic judge gives the same verdicts twice.
    """
    if not isinstance(judge, Judge):
        raise ConformanceError(f"{judge!r} is not a judgesuite Judge")
    name = judge.identity()["name"]
    try:
        json.dumps(judge.identity(), sort_keys=True)
    except TypeError as exc:
        raise ConformanceError(f"{name}: identity() must be JSON-serialisable: {exc}") from exc
    try:
        clone = type(judge)(**judge.get_params())
    except Exception as exc:
        raise ConformanceError(f"{name}: cannot rebuild from get_params(): {exc}") from exc
    if clone.identity() != judge.identity():
        raise ConformanceError(f"{name}: a judge rebuilt from get_params() has another identity")
    clone.close()

    types = sorted(judge.task_types) if judge.task_types is not None else [
        "math", "open_qa", "context_qa", "multiple_choice_freeform"]
    samples = _probe_samples(types)
    empty = judge.judge([])
    if empty != []:
        raise ConformanceError(f"{name}: judge([]) must return [], got {empty!r}")
    batch = _check_verdicts(judge, samples, judge.judge(samples))
    singles = [_check_verdicts(judge, [s], judge.judge([s]))[0] for s in samples]
    reversed_batch = _check_verdicts(judge, samples[::-1], judge.judge(samples[::-1]))[::-1]
    if judge.deterministic:
        for s, a, b, c in zip(samples, batch, singles, reversed_batch):
            if not (a.correct == b.correct == c.correct and a.reason == b.reason == c.reason):
                raise ConformanceError(
                    f"{name}: {s.id}: verdict depends on batching or order "
                    f"(batch {a.correct}/{a.reason}, alone {b.correct}/{b.reason}, reversed {c.correct}/{c.reason})")
