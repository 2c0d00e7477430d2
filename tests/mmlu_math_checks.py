"""Checks math rounds 13 onwards share: their questions come from the official MMLU test split (not bundled) through
a frozen questions file, so the tests rebuild the draw from the shared file where it exists, check that no other
fixture or bundled set holds these questions, and check the card's per-subject counts."""
from __future__ import annotations

import gzip
import json
import random
import re
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest

from .math_round_checks import FIXTURES, check_pairings, check_rotation
from .script_modules import load_script
from .test_model_math_round7 import check_math_rebuilt
from .test_model_math_round12 import check_stacked_saw_no_mcqa
from .test_model_openqa_round6 import _lines

SUBJECTS = {"elementary_mathematics", "high_school_mathematics", "college_mathematics", "high_school_statistics",
            "abstract_algebra"}


def norm(text: str) -> str:
    return " ".join(text.split()).lower()


def questions(path: Path) -> list[dict]:
    """A round's frozen questions file."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").split("\n") if line.strip()]


def check_frozen_questions(build, path: Path) -> list[dict]:
    """70 distinct questions of the five subjects, at most 35 each, each passing round 12's filter, in the order the
    build script draws them."""
    m12, qs = load_script("build_model_math_round12"), questions(path)
    assert len(qs) == 70 and len({q["question_id"] for q in qs}) == len({norm(q["question"]) for q in qs}) == 70
    per = Counter(q["subject"] for q in qs)
    assert set(per) <= SUBJECTS and max(per.values()) <= 35
    assert all(q["question_id"].startswith(f"mmlu-{q['subject']}-test-") for q in qs)
    assert all(m12.answerable(SimpleNamespace(question=q["question"], choices=q["choices"],
                                              answer_index=q["answer_index"])) for q in qs)
    assert [(it["item"], it["k"], it["references"]) for it in build.drawn()] == [
        (q["question_id"], k, [q["choices"][q["answer_index"]]]) for k, q in enumerate(qs)]
    return qs


def check_draw_from_shared_file(build, shared_rows, path: Path, kept_count: int, dropped: dict, seed: int) -> None:
    """The frozen questions are the shared file's rows the filter keeps (`kept_count`, `dropped` by reason), shuffled
    with `seed`, the first 70 with at most 35 per subject; skipped where the shared file is not on this machine."""
    if not build.SHARED_TEST.exists():
        pytest.skip(f"the shared MMLU test file is not on this machine ({build.SHARED_TEST})")
    shared, qs = {r["id"]: r for r in shared_rows()}, questions(path)
    for q in qs:
        r = shared[q["question_id"]]
        assert (r["question"], r["choices"], r["answer_index"], r["meta"]["subject"]) == (
            q["question"], q["choices"], q["answer_index"], q["subject"])
    kept, why = build.passing()
    assert len(kept) == kept_count and why == dropped
    ids = [r["id"] for r in kept]
    assert ids == sorted(ids)
    random.Random(seed).shuffle(ids)
    per, taken = Counter(), []
    for i in ids:
        if len(taken) < 70 and per[shared[i]["meta"]["subject"]] < 35:
            per[shared[i]["meta"]["subject"]] += 1
            taken.append(i)
    assert taken == [q["question_id"] for q in qs] and build.draw_questions() == qs


def check_no_other_file_holds(path: Path, own_prefix: str) -> None:
    """No fixture but the round's own (`own_prefix`), and no bundled set, holds a question of the round: by id, by
    normalized text, or one inside the other (checked on every file now, later rounds' included)."""
    qs = questions(path)
    ids, texts = {q["question_id"] for q in qs}, {norm(q["question"]) for q in qs}
    for fixture in sorted(FIXTURES.rglob("*")):
        if not fixture.is_file() or fixture.name.startswith(own_prefix):
            continue
        data = fixture.read_bytes()
        try:
            text = (gzip.decompress(data) if fixture.suffix == ".gz" else data).decode("utf-8")
        except UnicodeDecodeError:
            continue
        assert not set(re.findall(r"mmlu-[a-z_]+-test-\d+", text)) & ids, fixture.name
        flat = norm(text)
        assert not any(t in flat for t in texts), fixture.name
    bundled = set()
    for data_file in sorted((FIXTURES.parent.parent / "datasets").rglob("*.jsonl.gz")):
        for line in gzip.decompress(data_file.read_bytes()).decode("utf-8").split("\n"):
            if line.strip():
                q = json.loads(line).get("question")
                bundled |= {norm(q)} if isinstance(q, str) else set()
    assert not texts & bundled
    joined = "\x00".join(b for b in bundled if len(b) >= 40)  # one of ours inside a bundled one: one search each
    assert not [t for t in texts if t in joined]
    heads: dict[str, list[str]] = {}  # a bundled question of 40+ characters inside one of ours, by its first 40
    for b in bundled:
        if len(b) >= 40:
            heads.setdefault(b[:40], []).append(b)
    assert not [(t, b) for t in texts for i in range(len(t) - 39) for b in heads.get(t[i:i + 40], ()) if b in t]


def check_subject_counts(build, corpus: Path, card: str, path: Path) -> None:
    """The card's correct / rows table per subject, for each model and all."""
    rows = _lines(corpus)
    subject = {it["item"]: it["subject"] for it in build.drawn()}
    order = [s for s, _ in Counter(q["subject"] for q in questions(path)).most_common()]
    for name in [m for m in build.MODELS if any(r["model"] == m for r in rows)] + ["all"]:
        mine = [r for r in rows if name in ("all", r["model"])]
        cells = " | ".join(f"{sum(r['label'] for r in mine if subject[r['question_id']] == s)} / "
                           f"{sum(subject[r['question_id']] == s for r in mine)}" for s in order)
        assert f"| {name} | {cells} |" in card, name


def check_official_rows(build, corpus: Path, n: int, tmp_path: Path) -> None:
    """Round n's corpus is its replies and labels rebuilt byte for byte, each row an official MMLU test question."""
    assert (build.TAG, build.SPLIT) == (f"m{n}", f"heldout-m{n}")
    rows = check_math_rebuilt(build, corpus, tmp_path)
    assert all(r["family"] == f"model{n}-{r['kind']}" and r["task_type"] == "math" for r in rows)
    assert all(r["source"] == "mmlu" and re.fullmatch(r"mmlu-[a-z_]+-test-\d+", r["question_id"]) for r in rows)
    assert all(r["origin"] == f"{r['model']} reply, on its own, to mmlu {r['question_id']} (official test split, "
                              "not bundled), labelled by reading" for r in rows)


def check_new_design(build, corpus: Path, n: int, kinds: tuple[str, ...], languages: tuple[str, ...]) -> None:
    """Round n pairs its 70 questions with models and kinds as designed, and no kind, language or instruction of
    rounds 7 to n-1 comes back (but `other-language`)."""
    assert len(check_pairings(build, corpus, kinds, languages)) == 70
    check_rotation(build)
    old = {m: load_script(f"build_model_math_round{m}") for m in range(7, n)}
    assert set(kinds) & {k for m in old.values() for k in m.KINDS} == {"other-language"}
    assert not set(build.LANGUAGES) & {lang for m in old.values() for lang in m.LANGUAGES}
    instructions = {p.split("\n\n")[-1] for m in old.values() for p in m.PROMPTS.values()}
    assert not {p.split("\n\n")[-1] for k, p in build.PROMPTS.items() if k != "other-language"} & instructions


def check_card_says_what_each_judge_trained_on(card: Path) -> None:
    """`stacked` fit its forest on the bundled sets' train splits (MMLU-Pro's among them) and no MCQA question, and
    the round's card says so."""
    check_stacked_saw_no_mcqa("answer-matching-gpqa-mmlupro")
    text = card.read_text(encoding="utf-8")
    assert "never trained" in text and "no MMLU row" in text and "MMLU-Pro" in text
