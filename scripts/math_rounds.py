"""The glue every model-written math round (rounds 9 onwards) shares, written once: a round's files, its
earlier-rounds exclusion and draw, and its commands built from its module's globals (as open-QA round 7's
`round_files` / `round_commands`): rounds 8 onwards use it. Generation stays round 7's (`m7.generate`); the rows and
the corpus file are round 8's (`math_rows`, `write_corpus`, moved here), so a round writes byte for byte what its
own copies of them wrote.
"""
from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_model_math_round7 as m7  # noqa: E402
import build_model_openqa_round6 as r6  # noqa: E402
from build_model_openqa_round7 import rotation  # noqa: E402

FIXTURES = r6.FIXTURES


def round_files(n: int) -> tuple[Path, Path, Path, Path, str, str]:
    """Math round n's corpus, replies (every reply, as generated), labels ({row id: {"label", "read_answer",
    "why"}}), raw generation file, split and row-id tag."""
    name = f"model_math_round{n}"
    return (FIXTURES / f"{name}.jsonl", FIXTURES / f"{name}.replies.jsonl", FIXTURES / f"{name}.labels.json",
            Path(f"/tmp/{name}_raw.jsonl"), f"heldout-m{n}", f"m{n}")


def norm(text: str) -> str:
    """A question text as compared across files: whitespace collapsed, lower-cased."""
    return " ".join(text.split()).lower()


def jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def earlier(id_files: tuple[str, ...], text_files: tuple[str, ...]) -> tuple[set[str], set[str]]:
    """The bundled question ids named anywhere in the fixture files `id_files`, and the normalized question texts of
    those ids (in every bundled split) and of every row of the JSONL fixture files `text_files` that has one."""
    ids = {i for name in id_files
           for i in re.findall(r"gsm8k-test-\d{4}", (FIXTURES / name).read_text(encoding="utf-8"))}
    texts = {norm(q["question"]) for split in ("train", "dev", "test") for q in m7.questions(split)
             if q["question_id"] in ids}
    texts |= {norm(r["question"]) for name in text_files for r in jsonl(FIXTURES / name)
              if isinstance(r.get("question"), str)}
    return ids, texts


def pool(data_split: str, id_files: tuple[str, ...], text_files: tuple[str, ...]) -> list[dict]:
    """The `data_split` questions of no earlier file (`earlier`), by id and by text, ordered by question id."""
    ids, texts = earlier(id_files, text_files)
    return [q for q in m7.questions(data_split) if q["question_id"] not in ids and norm(q["question"]) not in texts]


def draw(questions: list[dict], seed: int, n: int) -> list[dict]:
    """The first `n` of `questions` shuffled with random.Random(seed), each with its draw position k and item."""
    qs = list(questions)
    random.Random(seed).shuffle(qs)
    out = [{**q, "k": k, "item": q["question_id"]} for k, q in enumerate(qs[:n])]
    assert len(out) == n
    return out


def math_rows(replies: list[dict], labels: dict | None, draw: list[dict], split: str, tag: str,
              data_split: str) -> list[dict]:
    """The corpus rows (open-QA round 6's `rows`, with round 7's math fields): one per reply, labelled as read
    (`labels`; None: unlabelled, for reading), on the questions `draw` of the bundled split `data_split`, with the
    round's `split` and `tag` (m<round>); an item's own "source" and "data_split", if it has them, are its own."""
    items = [{"source": m7.SOURCE, "data_split": data_split, **it, "aliases": it["references"]} for it in draw]
    out = r6.rows(replies, labels, items, split, tag, extra=("language",))
    for row, rep in zip(out, replies):
        read = labels[row["id"]]["read_answer"] if labels is not None else None
        row.update(task_type="math", read_answer=read, kind=rep["prompt"], family=f"model{tag[1:]}-{rep['prompt']}")
    return out


def write_corpus(replies_path: Path, labels_path: Path, out: Path, rows_of) -> list[dict]:
    """Replies + labels -> the corpus file (one JSON row a line, keys sorted) through the round's `rows_of`."""
    labels = json.loads(labels_path.read_text(encoding="utf-8"))
    replies = list(map(json.loads, filter(str.strip, replies_path.read_text(encoding="utf-8").splitlines())))
    corpus = rows_of(replies, labels)
    if set(labels) != {r["id"] for r in corpus}:
        raise ValueError("every reply is labelled, and nothing else")
    out.write_text("".join(f"{json.dumps(r, ensure_ascii=False, sort_keys=True)}\n" for r in corpus), encoding="utf-8")
    print(f"{out}: {len(corpus)} rows, {sum(r['label'] for r in corpus)} labelled correct")
    return corpus


def round_commands(g: dict) -> tuple:
    """`prompt_kind`, `language_of`, `prompt_of`, `generate`, `collect`, `row_id`, `rows` and `finalize` of a round
    built as rounds 8 onwards: `g`, the round module's globals, gives its drawn(), MODELS, KINDS, LANGUAGES, PROMPTS,
    SPLIT, TAG, DATA_SPLIT (default "test") and files when a command runs."""
    def prompt_kind(item: dict, model: str) -> str:
        return rotation(item["k"], list(g["MODELS"]).index(model), g["KINDS"], g["LANGUAGES"])[0]

    def language_of(item: dict, model: str) -> str | None:
        return rotation(item["k"], list(g["MODELS"]).index(model), g["KINDS"], g["LANGUAGES"])[1]

    def prompt_of(item: dict, model: str) -> str:
        return g["PROMPTS"][prompt_kind(item, model)].format(question=item["question"],
                                                             language=language_of(item, model))

    def generate(model: str, path: str | None, raw: Path, threads: int, parallel: int, until: str | None) -> None:
        """The drawn questions not yet answered by `model`, in draw order, `parallel` at a time, until `until`."""
        m7.generate(model, path, raw, threads, parallel, until, round_module=SimpleNamespace(**g))

    def collect(raw: Path | None = None) -> list[dict]:
        return r6.collect(raw or g["RAW"], g["REPLIES"], g["drawn"](), g["REPLY_FIELDS"])

    def row_id(reply: dict) -> str:
        return r6.row_id(reply, g["TAG"])

    def rows(replies: list[dict], labels: dict | None) -> list[dict]:
        """The corpus rows (`math_rows` with this round's draw, split, tag and bundled split): one per reply,
        labelled as read (`labels`; None: unlabelled, for reading)."""
        return math_rows(replies, labels, g["drawn"](), g["SPLIT"], g["TAG"], g.get("DATA_SPLIT", "test"))

    def finalize(replies_path: Path | None = None, labels_path: Path | None = None,
                 out: Path | None = None) -> list[dict]:
        """Replies + labels -> the corpus file (`write_corpus` with this round's rows)."""
        return write_corpus(replies_path or g["REPLIES"], labels_path or g["LABELS"], out or g["OUT"], rows)
    return prompt_kind, language_of, prompt_of, generate, collect, row_id, rows, finalize


def main(argv: list[str] | None, g: dict) -> int:
    """A round's command line (open-QA round 6's `main`, run on the round module of globals `g`)."""
    return r6.main(argv, SimpleNamespace(**g))
