"""Questions to generate candidates for: bundled sets, multiple-choice benchmarks, a user's JSONL.

Every source yields `Question`s: a question with its references (and choices or context),
without any candidate. Multiple-choice references are the gold letter and the gold option
text, so the regex judge matches letters and an LLM labeler sees what the letter means.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from judgesuite.judges.types import TASK_TYPES
from judgesuite.suite.data.loader import DataError, load_bundled, read_json_objects
from judgesuite.suite.data.mcqa import BUNDLED_DIR as BUNDLED_MCQA_DIR
from judgesuite.suite.generation.prompts import letters


@dataclass(frozen=True)
class Question:
    """One question to answer: no candidate, no label."""

    id: str
    task_type: str
    question: str
    references: tuple[str, ...]
    benchmark: str = ""
    source: str = ""  # the set the question came from
    context: str | None = None
    choices: tuple[str, ...] | None = None


def mc_references(choices: tuple[str, ...], answer_index: int) -> tuple[str, ...]:
    return (letters(len(choices))[answer_index], choices[answer_index])


def from_bundled(name: str, split: str | None = None, limit: int | None = None) -> list[Question]:
    """The distinct questions of a bundled set (first row per question id), file order.

    Questions their annotators rejected (`meta.improper`) are left out.
    """
    out: dict[str, Question] = {}
    for row in load_bundled(name, split).rows:
        if row.question_id in out or row.improper:
            continue
        s = row.sample
        out[row.question_id] = Question(row.question_id, s.task_type, s.question, s.references,
                                        row.benchmark, name, s.context, s.choices)
        if limit is not None and len(out) >= limit:
            break
    return list(out.values())


def mcqa_file(benchmark: str, split: str = "validation", data_dir: str | Path | None = None) -> Path:
    """The file of a multiple-choice benchmark split.

    Two layouts: the bundled `datasets/mcqa/<bench>-<split>.jsonl.gz` (the default
    folder), or the normalized tree `<dir>/<bench>/<split>.jsonl` (e.g. the full sets).
    """
    root = Path(data_dir) if data_dir is not None else BUNDLED_MCQA_DIR
    for candidate in (root / f"{benchmark}-{split}.jsonl.gz", root / benchmark / f"{split}.jsonl",
                      root / benchmark / f"{split}.jsonl.gz"):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(f"no {benchmark!r} split {split!r} under {root} (expected "
                            f"{benchmark}-{split}.jsonl.gz or {benchmark}/{split}.jsonl)")


def from_mcqa(benchmark: str, split: str = "validation", data_dir: str | Path | None = None,
              limit: int | None = None) -> list[Question]:
    """Labelled questions of a multiple-choice benchmark (normalized schema: id, question,
    choices, answer_index); unlabelled rows (hidden test sets) are skipped."""
    path = mcqa_file(benchmark, split, data_dir)
    out = []
    for lineno, obj in read_json_objects(path):
        q = _mc_question(obj, path, lineno, source=f"mcqa/{benchmark}", benchmark=benchmark)
        if q is not None:
            out.append(q)
        if limit is not None and len(out) >= limit:
            break
    return out


def _mc_question(obj: dict, path: Path, lineno: int, source: str, benchmark: str) -> Question | None:
    choices = obj.get("choices")
    if not isinstance(choices, list) or len(choices) < 2 or not all(isinstance(c, str) for c in choices):
        raise DataError(path, lineno, "choices", "expected a list of at least 2 strings")
    idx = obj.get("answer_index")
    if idx is None:
        return None
    if not isinstance(idx, int) or isinstance(idx, bool) or not 0 <= idx < len(choices):
        raise DataError(path, lineno, "answer_index", f"not an index into the {len(choices)} choices")
    qid, question = obj.get("id"), obj.get("question")
    if not isinstance(qid, str) or not isinstance(question, str):
        raise DataError(path, lineno, "id" if not isinstance(qid, str) else "question", "expected a string")
    choices_t = tuple(choices)
    return Question(qid, "multiple_choice", question, mc_references(choices_t, idx),
                    str(obj.get("benchmark") or benchmark), source, None, choices_t)


def from_jsonl(path: str | Path, limit: int | None = None) -> list[Question]:
    """A user's questions, one JSON object per line.

    Fields: `id` (or `question_id`), `question`, `task_type` (one of the suite's; default
    multiple_choice when `choices` is given, context_qa with `context`, else open_qa),
    `references` (list of strings) or `answer` (a string); multiple choice: `choices` with
    `answer_index` (0-based) or a gold letter in `references`; optional `context`, `benchmark`.
    """
    path = Path(path)
    if not path.is_file():
        raise DataError(path, None, None, "no such file")
    out, seen = [], set()
    for lineno, obj in read_json_objects(path):
        if "answer_index" in obj:
            q = _mc_question(obj, path, lineno, source=path.name.split(".")[0], benchmark=str(obj.get("benchmark", "")))
            if q is None:
                continue
        else:
            q = _plain_question(obj, path, lineno)
        if q.id in seen:
            raise DataError(path, lineno, "id", f"duplicate id {q.id!r}")
        seen.add(q.id)
        out.append(q)
        if limit is not None and len(out) >= limit:
            break
    return out


def _plain_question(obj: dict, path: Path, lineno: int) -> Question:
    qid = obj.get("id", obj.get("question_id"))
    if not isinstance(qid, str) or not qid:
        raise DataError(path, lineno, "id", "missing (a non-empty string)")
    question = obj.get("question")
    if not isinstance(question, str):
        raise DataError(path, lineno, "question", "missing (a string)")
    refs = obj.get("references")
    if refs is None and isinstance(obj.get("answer"), str):
        refs = [obj["answer"]]
    if not isinstance(refs, list) or not refs or not all(isinstance(r, str) for r in refs):
        raise DataError(path, lineno, "references", "expected a non-empty list of strings (or `answer`)")
    choices, context = obj.get("choices"), obj.get("context")
    if choices is not None and (not isinstance(choices, list) or not all(isinstance(c, str) for c in choices)):
        raise DataError(path, lineno, "choices", "expected a list of strings")
    if context is not None and not isinstance(context, str):
        raise DataError(path, lineno, "context", "expected a string")
    task = obj.get("task_type") or ("multiple_choice" if choices else "context_qa" if context else "open_qa")
    if task not in TASK_TYPES:
        raise DataError(path, lineno, "task_type", f"{task!r} is not one of {', '.join(TASK_TYPES)}")
    if task == "multiple_choice" and not choices:
        raise DataError(path, lineno, "choices", "multiple_choice needs choices")
    if task == "context_qa" and context is None:
        raise DataError(path, lineno, "context", "context_qa needs a context")
    return Question(qid, task, question, tuple(refs), str(obj.get("benchmark", "")), path.name.split(".")[0],
                    context, tuple(choices) if choices else None)
