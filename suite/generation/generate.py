"""Generate candidate answers with any LLM backend, into rows of the bundled schema.

Zero-shot, one user message per question (the backend applies the model's chat template),
greedy by default with up to 2048 new tokens (the paper's setting), or `n_samples` samples
per question at a temperature (pass@k). The multiple-choice log-likelihood mode ("loglik")
scores each "A) choice" continuation and picks the most likely; its rows are labelled
exactly (`label_source` "exact: log-likelihood choice").

Output is an append-only JSONL keyed by (question id, model name, format, sample index):
every finished batch is flushed and fsynced, a rerun skips every key already in the file
(after dropping a last line cut by a kill), so an interrupted run resumes where it stopped.
Generated rows carry no label (`label: null`) until `judgesuite label` adds one.
"""
from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from judgesuite.judges.llm.backends.base import Backend, SamplingParams, Unsupported
from judgesuite.judges.extract.final_answer import extract_final_answer, gold_letter
from judgesuite.judges.types import Sample
from judgesuite.suite.data.loader import DataError, read_json_objects
from judgesuite.suite.generation.sources import Question
from judgesuite.suite.generation.prompts import (CATEGORY_OF_TASK, CONTEXT_EXTRACTION, FORMATS, LOGLIK, MULTIPLE_CHOICE,
                                 build_prompt, letters, loglik_continuations)

SOURCE = "judgesuite-generate"
# meta.generation keys that must match for an existing row to count as already generated.
_IDENTITY = ("mode", "format", "backend", "model", "temperature", "top_p", "max_new_tokens", "seed", "stop")
_IDENTITY_DEFAULTS = {"stop": []}  # rows written before a key existed


@dataclass(frozen=True)
class GenerationConfig:
    """What to generate. `model_name` names the model in rows (default: `model`)."""

    backend: str
    model: str
    model_name: str = ""
    formats: tuple[str, ...] = ("soft",)
    temperature: float = 0.0
    top_p: float = 1.0
    max_new_tokens: int = 2048
    n_samples: int = 1
    seed: int = 0
    batch_size: int = 8
    stop: tuple[str, ...] = ()  # stop strings (not part of the reply); e.g. a base model's next "Question:"
    backend_options: dict = field(default_factory=dict)  # recorded in meta, not part of a row's key

    def __post_init__(self) -> None:
        for fmt in self.formats:
            if fmt not in (*FORMATS, LOGLIK):
                raise ValueError(f"unknown format {fmt!r}; choose among {', '.join((*FORMATS, LOGLIK))}")
        if self.n_samples < 1 or self.batch_size < 1:
            raise ValueError("n_samples and batch_size must be >= 1")
        if self.n_samples > 1 and self.temperature == 0.0:
            raise ValueError("n_samples > 1 needs a temperature > 0 (greedy replies would be identical)")
        SamplingParams(temperature=self.temperature, top_p=self.top_p, max_new_tokens=self.max_new_tokens)
        if not self.model_name:
            object.__setattr__(self, "model_name", self.model)
        object.__setattr__(self, "stop", tuple(self.stop))

    def sampling(self, sample_index: int) -> SamplingParams:
        # Sample k of every question uses seed (seed, k); backends mix the prompt into it.
        return SamplingParams(temperature=self.temperature, top_p=self.top_p, max_new_tokens=self.max_new_tokens,
                              seed=self.seed * 1000 + sample_index, stop=self.stop)

    def row_model(self, fmt: str) -> str:
        """The `model` field of rows: one system per (model, format), as in the leaderboard."""
        return f"{self.model_name} [{fmt}]"

    def generation_meta(self, fmt: str, sample_index: int) -> dict[str, Any]:
        loglik = fmt == LOGLIK
        return {"mode": "loglikelihood" if loglik else "generate", "format": fmt, "backend": self.backend,
                "model": self.model, "model_name": self.model_name,
                "backend_options": dict(self.backend_options), "sample_index": sample_index,
                "n_samples": 1 if loglik else self.n_samples,
                "temperature": None if loglik else self.temperature,
                "top_p": None if loglik else self.top_p,
                "max_new_tokens": None if loglik else self.max_new_tokens,
                "stop": [] if loglik else list(self.stop),
                "seed": None if loglik or self.temperature == 0.0 else self.seed * 1000 + sample_index,
                "zero_shot": True}


def row_id(question_id: str, model_name: str, fmt: str, sample_index: int) -> str:
    return f"{question_id}|{model_name}|{fmt}|{sample_index}"


@dataclass
class GenerationReport:
    generated: int = 0
    already_done: int = 0
    skipped: dict[str, int] = field(default_factory=dict)  # reason -> count of (question, format) pairs
    seconds: float = 0.0
    prompt_tokens: int = 0
    generated_tokens: int = 0
    out: str = ""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


class ResumeConflict(ValueError):
    """The output file holds a row of the same key made with other generation parameters."""


def read_existing(path: Path) -> dict[str, dict]:
    """Rows already in an output file, by id; a last line cut by a kill is removed from the file."""
    if not path.is_file():
        return {}
    data = path.read_bytes()
    keep = len(data) if data.endswith(b"\n") or not data else data.rfind(b"\n") + 1
    if keep != len(data):
        with open(path, "r+b") as fh:
            fh.truncate(keep)
    try:
        return {obj["id"]: obj for _, obj in read_json_objects(path)}
    except (DataError, KeyError) as exc:
        raise ValueError(f"{exc}; is {path} a generation output file?") from None


def _check_resume(existing: dict, rid: str, expected: dict[str, Any], path: Path) -> None:
    got = (existing.get("meta") or {}).get("generation") or {}
    diff = {k: (got.get(k, _IDENTITY_DEFAULTS.get(k)), expected[k]) for k in _IDENTITY
            if got.get(k, _IDENTITY_DEFAULTS.get(k)) != expected[k]}
    if diff:
        raise ResumeConflict(f"{path} already holds {rid!r} generated with other settings "
                             f"(file vs now: {diff}); write to another --out file")


def _base_row(q: Question, config: GenerationConfig, fmt: str, k: int, prompt: str) -> dict[str, Any]:
    row: dict[str, Any] = {
        "id": row_id(q.id, config.model_name, fmt, k), "source": SOURCE, "task_type": q.task_type,
        "benchmark": q.benchmark or q.source, "question_id": q.id, "question": q.question,
        "references": list(q.references), "model": config.row_model(fmt), "label": None,
    }
    if q.context is not None:
        row["context"] = q.context
    if q.choices is not None:
        row["choices"] = list(q.choices)
    row["meta"] = {"generation": config.generation_meta(fmt, k), "prompt": prompt, "source_dataset": q.source}
    return row


def _prompt_or_reason(q: Question, fmt: str) -> tuple[str | None, str | None]:
    category = CATEGORY_OF_TASK.get(q.task_type)
    if fmt == LOGLIK:
        if category != MULTIPLE_CHOICE or not q.choices:
            return None, "loglik applies to lettered multiple choice only"
        return build_prompt(category, "free", q.question, q.choices), None
    if category == CONTEXT_EXTRACTION and q.context is None:
        return None, "context_qa question without a context"
    if category == MULTIPLE_CHOICE and not q.choices:
        return None, "multiple_choice question without choices"
    return build_prompt(category, fmt, q.question, q.choices, q.context), None


class _Writer:
    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.fh = open(path, "a", encoding="utf-8")

    def write(self, rows: Iterable[dict]) -> None:
        self.fh.write("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
        self.fh.flush()
        os.fsync(self.fh.fileno())

    def close(self) -> None:
        self.fh.close()


def generate(questions: Sequence[Question], backend: Backend | Callable[[], Backend], config: GenerationConfig,
             out: str | Path, progress: Callable[[int, int], None] | None = None) -> GenerationReport:
    """Generate every (question, format, sample) missing from `out`, appending rows as batches finish.

    `backend` may be a factory, called only when something is left to generate.
    """
    path = Path(out)
    existing = read_existing(path)
    report = GenerationReport(out=str(path))
    t0 = time.perf_counter()
    # (format, sample index) -> [(question, prompt)] still to do
    todo: dict[tuple[str, int], list[tuple[Question, str]]] = {}
    for fmt in config.formats:
        for q in questions:
            prompt, reason = _prompt_or_reason(q, fmt)
            if prompt is None:
                report.skipped[reason] = report.skipped.get(reason, 0) + 1
                continue
            for k in range(1 if fmt == LOGLIK else config.n_samples):
                rid = row_id(q.id, config.model_name, fmt, k)
                if rid in existing:
                    _check_resume(existing[rid], rid, config.generation_meta(fmt, k), path)
                    report.already_done += 1
                else:
                    todo.setdefault((fmt, k), []).append((q, prompt))
    if not todo:
        report.seconds = round(time.perf_counter() - t0, 2)
        return report
    if not isinstance(backend, Backend):
        backend = backend()
    if any(fmt == LOGLIK for fmt, _ in todo) and not backend.supports_loglikelihood:
        raise Unsupported(f"the {backend.kind} backend gives no prompt log-likelihoods: "
                          f"use the transformers or vllm backend for --formats loglik")
    total = sum(len(v) for v in todo.values())
    writer = _Writer(path)
    try:
        for (fmt, k), items in todo.items():
            for start in range(0, len(items), config.batch_size):
                chunk = items[start:start + config.batch_size]
                rows = (_loglik_rows(chunk, backend, config) if fmt == LOGLIK
                        else _generated_rows(chunk, backend, config, fmt, k))
                writer.write(rows)
                report.generated += len(rows)
                for r in rows:
                    report.prompt_tokens += r["meta"].get("prompt_tokens", 0)
                    report.generated_tokens += r["meta"].get("generated_tokens", 0)
                if progress:
                    progress(report.generated, total)
    finally:
        writer.close()
        report.seconds = round(time.perf_counter() - t0, 2)
    return report


def _generated_rows(chunk: list[tuple[Question, str]], backend: Backend, config: GenerationConfig, fmt: str,
                    k: int) -> list[dict]:
    gens = backend.generate([p for _, p in chunk], config.sampling(k))
    prompt_mode = backend.describe().get("prompt_mode")  # "completion": a base model's raw prompt
    rows = []
    for (q, prompt), g in zip(chunk, gens):
        row = _base_row(q, config, fmt, k, prompt)
        row["candidate"] = g.text
        row["meta"].update(finish_reason=g.finish_reason, prompt_tokens=g.prompt_tokens,
                           generated_tokens=g.generated_tokens, latency_s=round(g.latency_s, 4),
                           final_answer=extract_final_answer(g.text))
        if prompt_mode:
            row["meta"]["prompt_mode"] = prompt_mode
        rows.append(row)
    return rows


def _loglik_rows(chunk: list[tuple[Question, str]], backend: Backend, config: GenerationConfig) -> list[dict]:
    rows = []
    for q, prompt in chunk:
        conts = loglik_continuations(q.choices)
        t0 = time.perf_counter()
        scores = backend.loglikelihood([prompt] * len(conts), conts)
        lengths = [max(1, n) for n in backend.count_tokens(conts)]
        best = max(range(len(conts)), key=lambda i: scores[i])
        best_norm = max(range(len(conts)), key=lambda i: scores[i] / lengths[i])
        letter = letters(len(q.choices))[best]
        row = _base_row(q, config, LOGLIK, 0, prompt)
        row["candidate"] = conts[best]
        row["candidate_extracted"] = letter
        gold = gold_letter(Sample(q.id, q.task_type, q.question, "", q.references, choices=q.choices))
        row["label"] = None if gold is None else letter == gold
        if gold is not None:
            row["label_source"] = "exact: log-likelihood choice"
        row["meta"].update(loglikelihoods=[round(s, 4) if math.isfinite(s) else None for s in scores],
                           continuation_tokens=lengths, choice=letter,
                           choice_length_normalized=letters(len(q.choices))[best_norm],
                           latency_s=round(time.perf_counter() - t0, 4))
        rows.append(row)
    return rows
