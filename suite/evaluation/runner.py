"""Runs judges over datasets: plans the (judge, set, part) tasks, hands them to an executor that
runs the judging loop (judging.py) on each, and writes the results document and verdict files."""
from __future__ import annotations

import functools
import re
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from judgesuite.judges.base import Judge
from judgesuite.judges.registry import make_judge, spec_of
from judgesuite.judges.specs import parse_judge_spec, split_top_level
from judgesuite.suite.data.answer_format import format_groups
from judgesuite.suite.data.loader import Dataset
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.evaluation.results_entry import JudgedRows, build_entry, hardware, verdict_records
from judgesuite.suite.evaluation.progress import RunProgress
from judgesuite.suite.evaluation.schema import RESULTS_SCHEMA, ResultsDoc
from judgesuite.suite.evaluation.verdict_records import write_verdict_file
from judgesuite.suite.evaluation.executor import Executor, RunPlan
from judgesuite.suite.evaluation.judging import (BATCH_TIMEOUT, JudgeFailed, Runner, first_line, rows_of,
                                                   limit_rows, shard_rows)
from judgesuite.suite.evaluation.workers import LocalExecutor

__all__ = ["BATCH_TIMEOUT", "JudgeFailed", "JudgedRows", "RESULTS_SCHEMA", "Runner", "limit_rows", "parse_judge_spec", "run",
           "run_document", "shard_rows", "split_top_level"]


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.=+-]+", "_", text)[:120]


def run(judge_specs: Sequence[str | Judge], datasets: Sequence[Dataset], *, split: str | None,
        out_dir: str | Path | None, cache: VerdictCache, limit: int | None = None,
        progress: bool | RunProgress = True, exclude_ids: dict[str, set[str]] | None = None,
        shard: tuple[int, int] | None = None, batch_size: int | None = None, workers: int = 1,
        keep_going: bool = False, batch_timeout: float | None = BATCH_TIMEOUT,
        executor: Executor | None = None) -> dict[str, Any]:
    """Judge every (judge, dataset) pair; write results.json and verdict files to `out_dir` (if
    given) and return the results document as a dict (`run_document` gives the typed one).

    `judge_specs`: spec strings or Judge instances (named by their repr). `exclude_ids`: dataset ->
    row ids left out of scoring after `limit` (flagged references, `judgesuite audit-references`),
    counted as `excluded.flagged_reference`. `shard` = (i, n): only shard i of n of every set.
    `batch_size`: the first chunk's size (chunks then grow while fast). `executor`: who judges
    (default `LocalExecutor(workers)`: this process, or `workers` > 1 forked processes;
    `ray_executor.RayExecutor`: a Ray cluster); results and cache are the same on every executor.
    A judge that cannot load, or fails on every row of a set, raises `JudgeFailed` (no results are
    written); `keep_going=True` lists it in `skipped` instead and goes on. `batch_timeout`: seconds
    a batch may take before its rows become time-limit no-verdicts (`Runner._timed_batch`).
    """
    return run_document(judge_specs, datasets, split=split, out_dir=out_dir, cache=cache, limit=limit,
                        progress=progress, exclude_ids=exclude_ids, shard=shard, batch_size=batch_size,
                        workers=workers, keep_going=keep_going, batch_timeout=batch_timeout,
                        executor=executor).to_dict()


def run_document(judge_specs: Sequence[str | Judge], datasets: Sequence[Dataset], *, split: str | None,
                 out_dir: str | Path | None, cache: VerdictCache, limit: int | None = None,
                 progress: bool | RunProgress = True, exclude_ids: dict[str, set[str]] | None = None,
                 shard: tuple[int, int] | None = None, batch_size: int | None = None, workers: int = 1,
                 keep_going: bool = False, batch_timeout: float | None = BATCH_TIMEOUT,
                 executor: Executor | None = None) -> ResultsDoc:
    """`run`, returning the typed `ResultsDoc`. A judge or a set listed twice is judged once (a warning says so):
    two entries of one pair would count it twice on the board."""
    started = time.perf_counter()
    judge_specs = _once(judge_specs, lambda s: s.strip() if isinstance(s, str) else spec_of(s) or repr(s), "judge")
    datasets = _once(datasets, lambda d: d.name, "set")
    out = Path(out_dir) if out_dir is not None else None
    if out is not None:
        (out / "verdicts").mkdir(parents=True, exist_ok=True)
    plan = [(spec, ds) for spec in judge_specs for ds in datasets]

    # made by the executor (after it forks its workers), or the caller's
    bars = progress if isinstance(progress, RunProgress) else functools.partial(
        RunProgress, enabled=bool(progress),
        total=sum(len(rows_of(ds, limit, shard, exclude_ids)[0]) for _, ds in plan) if progress else 0)
    runner = Runner(cache, first_chunk=batch_size, batch_timeout=batch_timeout)
    entries, skipped, records = [], [], {}
    executor = executor if executor is not None else LocalExecutor(workers)
    work = RunPlan(tuple(judge_specs), tuple(datasets), limit, shard, exclude_ids)
    with executor.start(work, runner, bars) as judging:
        # each pair is taken as soon as its tasks are back, while the executor judges the next ones
        for name, judge, ds, judged, excluded in _judge_plan(judge_specs, datasets, runner, limit, shard,
                                                             exclude_ids, skipped, judging.judged, keep_going):
            entry = build_entry(name, judge, ds, split, judged, excluded)
            entry.cost.not_cached = judged.not_cached
            records[(name, ds.name)] = verdict_records(judged)
            if out is not None:
                vfile = out / "verdicts" / f"{_slug(name)}__{_slug(ds.name)}.jsonl.gz"
                write_verdict_file(vfile, records[(name, ds.name)])
                entry.verdicts_file = str(vfile.relative_to(out))
            entries.append(entry)
            if f"{name} / {ds.name}" in judging.profiles:  # where the workers' time went
                entry.cost.profile = judging.profiles[f"{name} / {ds.name}"]
    doc = ResultsDoc(
        created=datetime.now(timezone.utc).isoformat(timespec="seconds"), split=split, limit=limit,
        hardware=hardware(), wall_seconds=round(time.perf_counter() - started, 3), entries=entries,
        skipped=skipped, shard=f"{shard[0]}/{shard[1]}" if shard else None,
        # rows without a "Final answer:" line per model and format (paper Tables 13-15); what each
        # final-answer judge loses to parsing is an analysis of its verdicts (analysis/format_stats.py)
        format_stats={ds.name: format_groups(shard_rows(limit_rows(ds.scorable(), limit), shard))
                      for ds in datasets if not ds.probe and any(e.dataset == ds.name for e in entries)},
        records=records)
    if out is not None:
        doc.write(out / "results.json")
    return doc


def _once(items: Sequence[Any], name: Callable[[Any], str], what: str) -> list[Any]:
    """`items` without later ones of a name already seen, with a warning naming each repeat."""
    seen: set[str] = set()
    out = []
    for item in items:
        key = name(item)
        if key in seen:
            warnings.warn(f"{what} {key!r} is listed more than once: judged once", stacklevel=3)
            continue
        seen.add(key)
        out.append(item)
    return out


def _judge_plan(judge_specs: Sequence[str | Judge], datasets: Sequence[Dataset], runner: Runner,
                limit: int | None, shard: tuple[int, int] | None, exclude_ids: dict[str, set[str]] | None,
                skipped: list[dict[str, str]], judge_pair: Callable[..., JudgedRows] | None = None,
                keep_going: bool = False) -> Iterator[tuple[str, Judge, Dataset, JudgedRows, dict[str, int]]]:
    """(name, judge, dataset, judged rows, exclusions) of every (judge, dataset) pair, judged through
    `runner` (or `judge_pair(judge index, dataset index, judge, rows, label)`); pairs whose rows the judge handles none of go to
    `skipped`. A judge that cannot load or fails on every row of a set raises `JudgeFailed`, or
    with `keep_going` goes to `skipped` with its cause."""
    for j, spec in enumerate(judge_specs):
        judge = make_judge(spec) if isinstance(spec, str) else spec
        name = spec if isinstance(spec, str) else (spec_of(spec) or repr(spec))
        try:
            for d, ds in enumerate(datasets):
                rows, excluded = rows_of(ds, limit, shard, exclude_ids)
                typed = [r.sample for r in rows if judge.supports(r.sample.task_type)]
                why = ((judge.skip_reason(typed) or (None if any(map(judge.covers, typed))
                                                     else "the judge covers none of these rows")) if typed
                       else f"judge handles {', '.join(sorted(judge.get_tags().task_types or []))} only")
                if why:
                    skipped.append({"judge": name, "dataset": ds.name, "why": why})
                    if runner.progress:
                        runner.progress.skip(len(rows))
                    continue
                label = f"{name} / {ds.name}"
                try:
                    judged = (judge_pair(j, d, judge, rows, label) if judge_pair is not None
                              else runner.judge_rows(judge, rows, label=label))
                    _check_not_all_failed(judged)
                    _warn_if_some_failed(name, ds.name, judged)
                except JudgeFailed as exc:
                    if not keep_going:
                        raise JudgeFailed(name, exc.cause) from exc
                    skipped.append({"judge": name, "dataset": ds.name, "why": exc.cause, "failed": "yes"})
                    continue
                yield name, judge, ds, judged, excluded
        finally:
            if isinstance(spec, str):
                judge.close()


def _warn_if_some_failed(judge: str, dataset: str, judged: JudgedRows) -> None:
    """Say it when some rows failed (an error or a time limit): they count as no verdict, are not cached,
    and a user reading only the headline accuracy would not know."""
    failed = [v for v in judged.verdicts if not v.cacheable]
    if failed:
        v = failed[0]
        warnings.warn(f"{judge} on {dataset}: {len(failed)} of {len(judged.verdicts)} rows failed and count as no "
                      f"verdict (not cached; judged again next run); the first: {v.reason.value if v.reason else ''}"
                      f" {first_line(v.detail or '')}".rstrip(), stacklevel=2)


def _check_not_all_failed(judged: JudgedRows) -> None:
    """Raise `JudgeFailed` if every verdict of the pair is an error or a time limit."""
    if judged.verdicts and not any(v.cacheable for v in judged.verdicts):
        v = judged.verdicts[0]
        raise JudgeFailed("", f"failed on every row ({len(judged.verdicts)}): {v.reason.value if v.reason else ''}"
                              f" {first_line(v.detail or '')}".rstrip())
