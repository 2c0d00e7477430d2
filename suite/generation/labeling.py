"""Label generated candidates with a labeler judge; import human labels; measure their agreement.

`label_file` reads rows in the bundled schema, judges the unlabelled ones with any registered
judge (default `llm-cot`: the paper's labelling prompt, Table 9, greedy) and writes every row to
the output file with `label` = the verdict (null for a no-verdict: never a silent False) and
`label_source` = "judge:<spec>". Rows that already carry a label (e.g. the exact labels of
the log-likelihood mode) keep it unless `relabel`. The output is append-only and keyed by row
id, so an interrupted labelling resumes.

Human labels come as a CSV of `id,label`; `agreement` compares them with the labeler's
(the rho of the leaderboard's human-agreement correction). With `prefer_human`, a human label
replaces the labeler's and the row's `label_source` becomes "human".
"""
from __future__ import annotations

import csv
import io
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from judgesuite.judges.base import Judge
from judgesuite.judges.types import NoVerdict, Verdict
from judgesuite.suite.data.loader import DataError, parse_row, read_json_objects
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.evaluation.runner import Runner
from judgesuite.suite.generation.generate import _Writer, read_existing

DEFAULT_LABELER = "llm-cot"
_TRUE = {"true", "1", "yes", "y", "correct", "t"}
_FALSE = {"false", "0", "no", "n", "incorrect", "f"}


def read_rows(path: str | Path) -> list[dict]:
    """The raw JSON rows of a file, each validated against the bundled schema."""
    path = Path(path)
    rows = []
    for lineno, obj in read_json_objects(path):
        parse_row(obj, path.stem, path, lineno)
        rows.append(obj)
    return rows


def read_human_labels(path: str | Path) -> dict[str, bool]:
    """A CSV of id,label (header optional, naming the columns in any order: "label,id", "id,model,label";
    label true/false, 1/0, yes/no, correct/incorrect)."""
    path = Path(path)
    out: dict[str, bool] = {}
    try:
        text = path.read_bytes().decode("utf-8-sig")  # a spreadsheet's byte-order mark is not part of "id"
    except OSError as exc:
        raise DataError(path, None, None, f"cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise DataError(path, None, None, f"not UTF-8 (byte {exc.start})") from None
    try:
        records = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as exc:
        raise DataError(path, None, None, f"not a CSV of id,label: {exc}") from None
    id_col, label_col = 0, 1
    for lineno, rec in enumerate(records, start=1):
        if not rec or not "".join(rec).strip():
            continue
        if len(rec) < 2:
            raise DataError(path, lineno, None, "expected id,label")
        if lineno == 1 and {c.strip().lower() for c in rec} >= {"id", "label"}:  # a header: columns by name
            names = [c.strip().lower() for c in rec]
            id_col, label_col = names.index("id"), names.index("label")
            continue
        if len(rec) <= max(id_col, label_col):
            raise DataError(path, lineno, None, f"expected {len(records[0])} columns as the header names")
        rid, raw = rec[id_col].strip(), rec[label_col].strip().lower()
        if lineno == 1 and rid.lower() == "id":
            continue
        if raw not in _TRUE | _FALSE:
            raise DataError(path, lineno, "label", f"{rec[1]!r} is not a true/false label"[:200])
        if rid in out:
            raise DataError(path, lineno, "id", f"duplicate id {rid!r}")
        out[rid] = raw in _TRUE
    return out


@dataclass
class Agreement:
    """How often the labeler agrees with humans, on rows both labelled."""

    n: int = 0
    agree: int = 0
    rate: float | None = None
    cohen_kappa: float | None = None
    # counts keyed "human/labeler": true/true, true/false, false/true, false/false
    confusion: dict[str, int] = field(default_factory=dict)
    labeler_no_verdict: int = 0  # human-labelled rows the labeler gave no verdict on
    human_ids_not_found: int = 0

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def agreement(labeler: Mapping[str, bool | None], human: Mapping[str, bool]) -> Agreement:
    """Agreement rate and Cohen's kappa between labeler labels and human labels (by row id)."""
    a = Agreement(confusion={"true/true": 0, "true/false": 0, "false/true": 0, "false/false": 0})
    for rid, h in human.items():
        if rid not in labeler:
            a.human_ids_not_found += 1
            continue
        l = labeler[rid]
        if l is None:
            a.labeler_no_verdict += 1
            continue
        a.n += 1
        a.agree += h == l
        a.confusion[f"{str(h).lower()}/{str(l).lower()}"] += 1
    if a.n:
        a.rate = a.agree / a.n
        p_h = (a.confusion["true/true"] + a.confusion["true/false"]) / a.n
        p_l = (a.confusion["true/true"] + a.confusion["false/true"]) / a.n
        expected = p_h * p_l + (1 - p_h) * (1 - p_l)
        a.cohen_kappa = (a.rate - expected) / (1 - expected) if expected < 1 else None
    return a


@dataclass
class LabelReport:
    labelled: int = 0
    kept: int = 0  # rows that already had a label
    already_done: int = 0  # rows found in the output file (resumed)
    no_verdict: int = 0
    seconds: float = 0.0
    labeler: str = ""
    agreement: dict[str, Any] | None = None
    out: str = ""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def label_file(src: str | Path, out: str | Path, judge: Judge, spec: str, *, relabel: bool = False,
               human: Mapping[str, bool] | None = None, prefer_human: bool = False, batch_size: int = 16,
               progress: Callable[[int, int], None] | None = None, cache: VerdictCache | None = None) -> LabelReport:
    """Label every row of `src` into `out` (see the module docstring). The labeler judges through the
    run's loop (`Runner`: its verdicts cached in `cache`, default one in memory; errors and time
    limits never stored), one chunk of `batch_size` rows at a time, each written as it is done."""
    out = Path(out)
    rows = read_rows(src)
    done = read_existing(out)
    report = LabelReport(labeler=spec, out=str(out))
    t0 = time.perf_counter()
    todo, passthrough = [], []
    for obj in rows:
        if obj["id"] in done:
            report.already_done += 1
        elif obj.get("label") is not None and not relabel:
            passthrough.append(obj)
        else:
            todo.append(obj)
    for obj in todo:
        task_type = parse_row(obj, "label", Path(src), 0).sample.task_type
        if not judge.supports(task_type):
            raise ValueError(f"labeler {spec} does not handle task type {task_type!r} (row {obj['id']!r})")
    runner = Runner(cache or VerdictCache(":memory:"), first_chunk=batch_size)
    writer = _Writer(out)
    try:
        if passthrough:
            writer.write(_with_human(o, human, prefer_human) for o in passthrough)
            report.kept += len(passthrough)
        for start in range(0, len(todo), batch_size):
            chunk = todo[start:start + batch_size]
            rows = [parse_row(o, "label", Path(src), 0) for o in chunk]
            judged = runner.judge_rows(judge, rows)
            by_id = {r.id: v for r, v in zip(judged.rows, judged.verdicts)}
            verdicts = [by_id.get(r.id) or Verdict.none(NoVerdict.NOT_RECORDED, "outside the labeler's scope")
                        for r in rows]  # a replayed labeler covers only the rows its source judged
            labelled = []
            for obj, v in zip(chunk, verdicts):
                obj = dict(obj)
                obj["label"] = v.correct
                obj["label_source"] = f"judge:{spec}"
                meta = dict(obj.get("meta") or {})
                meta["labeler"] = {"judge": spec, "identity": judge.identity(), "score": v.score,
                                   "no_verdict": v.reason.value if v.reason else None,
                                   "detail": (v.detail or "")[:300] or None,
                                   "reply": str(v.extra.get("reply", ""))[:500] or None}
                obj["meta"] = meta
                report.no_verdict += v.correct is None
                labelled.append(_with_human(obj, human, prefer_human))
            writer.write(labelled)
            report.labelled += len(labelled)
            if progress:
                progress(report.labelled, len(todo))
    finally:
        writer.close()
        report.seconds = round(time.perf_counter() - t0, 2)
    if human:
        final = read_existing(out)
        labeler_labels = {rid: _labeler_label(o) for rid, o in final.items()}
        report.agreement = agreement(labeler_labels, human).as_dict()
    return report


def _labeler_label(obj: dict) -> bool | None:
    """The label the labeler gave (before any human override)."""
    meta = obj.get("meta") or {}
    if "label_before_human" in meta:
        return meta["label_before_human"]
    return obj.get("label")


def _with_human(obj: dict, human: Mapping[str, bool] | None, prefer_human: bool) -> dict:
    if not human or obj["id"] not in human:
        return obj
    obj = dict(obj)
    meta = dict(obj.get("meta") or {})
    meta["human_label"] = human[obj["id"]]
    if prefer_human:
        meta["label_before_human"] = obj.get("label")
        meta["label_source_before_human"] = obj.get("label_source")
        obj["label"] = human[obj["id"]]
        obj["label_source"] = "human"
    obj["meta"] = meta
    return obj
