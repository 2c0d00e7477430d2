"""The Python API: `evaluate(judge, data)` -> typed results.

    from judgesuite import evaluate
    results = evaluate("token-f1", "evouna-nq")            # a spec and a bundled set, test split
    results = evaluate(MyJudge(), "my_rows.jsonl")          # your judge and your file
    print(results.table()); print(results.entries[0].metrics["kappa"])
"""
from __future__ import annotations

import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from judgesuite.judges.base import Judge
from judgesuite.judges.recorded import ReplayedJudge
from judgesuite.judges.types import Sample
from judgesuite.suite.data import DataError, Dataset, Row, dataset_names, load_dataset, load_jsonl
from judgesuite.suite.data.loader import SPLITS, parse_row
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.evaluation.executor import Executor
from judgesuite.suite.evaluation.runner import run_document
from judgesuite.suite.evaluation.schema import ResultsDoc

Results = ResultsDoc
JudgeLike = Judge | str
DataLike = str | Path | Dataset | Sequence[Row] | Sequence[dict] | Sequence[tuple[Sample, bool | None]]


def _rows_from(items: Sequence[Any], name: str) -> Dataset:
    rows: list[Row] = []
    for i, item in enumerate(items):
        if isinstance(item, Row):
            rows.append(item)
        elif isinstance(item, dict):
            rows.append(parse_row(item, name, Path(f"<{name}>"), i + 1))
        elif isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], Sample):
            s, label = item
            if label is not None and not isinstance(label, bool):
                raise TypeError(f"item {i}: the label of (Sample, label) must be True, False or None, got {label!r}")
            # checked as a data file's row is: a Sample with no references was judged wrong by every judge, silently
            rows.append(parse_row({"id": s.id, "task_type": s.task_type, "question": s.question,
                                   "candidate": s.candidate, "references": list(s.references), "label": label,
                                   "context": s.context, "choices": None if s.choices is None else list(s.choices)},
                                  name, Path(f"<{name}>"), i + 1))
        else:
            raise TypeError(f"item {i}: expected a Row, a dict in the bundled schema or (Sample, label), "
                            f"got {type(item).__name__}")
    seen: dict[str, int] = {}
    for i, row in enumerate(rows):
        if row.id in seen:
            raise DataError(f"<{name}>", None, "id", f"duplicate id {row.id!r} (items {seen[row.id]} and {i})")
        seen[row.id] = i
    return Dataset(name, rows, path=f"<{name}>")


def _dataset(data: DataLike, split: str | None) -> Dataset:
    if isinstance(data, Dataset):
        return data
    if isinstance(data, (str, Path)):
        if str(data) in dataset_names():
            return load_dataset(str(data), split)
        path = Path(data)
        if path.is_file():
            return load_jsonl(path)
        raise KeyError(f"{data!r} is neither a bundled set ({', '.join(dataset_names())}) nor a file")
    if not isinstance(data, Iterable) or isinstance(data, (bytes, dict)):
        raise TypeError(f"evaluate: data is a set name, a JSONL path, a Dataset or a list of rows, got "
                        f"{type(data).__name__}")
    return _rows_from(list(data), "samples")


def evaluate(judge: JudgeLike | Sequence[JudgeLike], data: DataLike | Sequence[str], *, split: str | None = "test",
             cache: VerdictCache | str | Path | bool | None = None, limit: int | None = None,
             out: str | Path | None = None, progress: bool = False, workers: int = 1,
             keep_going: bool = False, executor: Executor | None = None) -> Results:
    """Judge labelled data and score the judge(s) against the labels.

    `judge`: a Judge instance, a spec ("token-f1", "regex:rouge_threshold=0.4"), or a list of them.
    `data`: a bundled set name, a JSONL file in the bundled schema (scored whole), a Dataset, rows,
    dicts in the bundled schema, (Sample, label) pairs, or a list of set names.
    `split`: split of the bundled sets ("train", "dev", "test"; None = all rows).
    `cache`: None = a throw-away cache; True = the user cache (as `judgesuite run`); a path or a
    VerdictCache. `out`: also write results.json and verdict files there. `workers` > 1: judge on
    that many forked processes of this machine (Linux; same results, see `evaluation.workers`).
    `executor`: who judges instead (`RayExecutor()` from `judgesuite.suite.evaluation.ray_executor`:
    a Ray cluster; docs/scale-out.md).
    Returns the typed results document; `results.records[(judge, dataset)]` holds the verdicts.
    A judge that cannot load, or fails on every row of a set, raises `JudgeFailed` naming it and the
    cause; `keep_going=True` lists it in `results.skipped` instead.
    """
    judges = list(judge) if isinstance(judge, (list, tuple)) else [judge]
    if not judges:
        raise ValueError("evaluate: no judge given")
    for j in judges:
        if not isinstance(j, (Judge, str)):
            raise TypeError(f"evaluate: a judge is a Judge instance or a spec string, got {j!r:.80}")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise ValueError(f"evaluate: limit must be a whole number >= 1 or None, got {limit!r}")
    if split is not None and split not in SPLITS:  # it is also recorded: a results file that would not read back
        raise ValueError(f"evaluate: split must be one of {', '.join(SPLITS)} or None, got {split!r:.60}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"evaluate: workers must be a whole number >= 1, got {workers!r:.60}")
    if not (cache is None or isinstance(cache, (VerdictCache, bool, str, Path))):
        raise TypeError(f"evaluate: cache is a VerdictCache, a path, True (the user cache) or None, got "
                        f"{type(cache).__name__}")
    many = isinstance(data, (list, tuple)) and data and all(isinstance(d, str) for d in data)
    datasets = [_dataset(d, split) for d in data] if many else [_dataset(data, split)]
    for ds in datasets:
        ds.require_scorable()
    replayed = [j for j in judges if isinstance(j, ReplayedJudge)]
    if replayed:  # imported verdicts must name rows of the data (any split of it)
        known = {r.id for d in (data if many else [data]) for r in _dataset(d, None).rows}
        for j in replayed:
            j.check_ids(known)
    with tempfile.TemporaryDirectory() as tmp:
        if isinstance(cache, VerdictCache):
            store = cache
        elif cache is True:
            store = VerdictCache()
        else:
            store = VerdictCache(cache if cache not in (None, False) else Path(tmp) / "verdicts.sqlite")
        return run_document(judges, datasets, split=split, out_dir=out, cache=store, limit=limit, progress=progress,
                            workers=workers, keep_going=keep_going, executor=executor)
