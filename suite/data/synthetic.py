"""Encoder training rows by construction, from TRAIN-split questions only (no labelling model).

For every train-split question of the bundled answer sets (`load_bundled(name, "train")`) and of
the bundled multiple-choice benchmarks (their original train files, `clf_train` part; the gold
option's text is a correct free-form answer, the other options are wrong ones), rows of these kinds:

correct (label True): `surface` (a reference or alias with casing / punctuation / article
changed), `sentence` (inside a short answer sentence), `long` (inside a longer one), `format`
(number <-> word, thousands separator, date order, unit spelling), `cot` (chain-of-thought text
that ends in it);
incorrect (label False): `other-answer` (another question's answer of the same kind), `distractor`
(a wrong option), `near-miss` (number off by one, neighbouring year, a given name alone),
`hedge` (the answer listed among others), `refusal`, `negation` ("it is not X"), `restate`
(the question restated), `master-key:<attack>` (the forms of the `master-keys` probe set).

A multiple-choice question whose normalised text equals a test-split question of any bundled
set (or a multiple-choice test question) is skipped. Deterministic for a given seed.
"""
from __future__ import annotations

import random
from collections import Counter, defaultdict
from dataclasses import dataclass

from judgesuite.judges.squad import normalize_answer
from judgesuite.judges.types import Sample
from judgesuite.suite.data import synthetic_forms as F
from judgesuite.suite.data.loader import Row, bundled_names, load_bundled
from judgesuite.suite.data.probes import ATTACKS

NAME = "synthetic"
CORRECT_KINDS = ("surface", "sentence", "long", "format", "cot")
INCORRECT_KINDS = ("other-answer", "distractor", "near-miss", "hedge", "refusal", "negation", "restate")
# Answers longer than this (words) are not rewritten (financebench explanations, long options).
MAX_ANSWER_WORDS = 12


@dataclass(frozen=True)
class Question:
    """A train-split question with its correct answers (aliases) and wrong options (may be empty)."""

    qid: str
    source: str
    task_type: str
    text: str
    answers: tuple[str, ...]
    wrong: tuple[str, ...] = ()


def test_questions() -> set[str]:
    """Normalised text of every test-split question: bundled sets and multiple-choice benchmarks."""
    from judgesuite.suite.data.mcqa import bundled_benchmarks, load_items

    out = {normalize_answer(r.sample.question) for n in bundled_names()
           for r in load_bundled(n, "test").rows}
    for b in bundled_benchmarks():
        out.update(normalize_answer(it.question) for it in load_items(b, "test"))
    return out


def bundled_questions(names: list[str] | None = None) -> list[Question]:
    """One Question per distinct train-split question of the bundled answer sets (first set wins)."""
    seen: set[str] = set()
    out = []
    for name in names or bundled_names():
        for r in load_bundled(name, "train").rows:
            key = normalize_answer(r.sample.question)
            if key in seen or not r.sample.references:
                continue
            seen.add(key)
            out.append(Question(f"{name}:{r.question_id}", name, r.sample.task_type, r.sample.question,
                                tuple(r.sample.references)))
    return out


def mcqa_questions(per_benchmark: int | None, exclude: set[str], seed: int) -> list[Question]:
    """Questions of the multiple-choice benchmarks' train files (clf_train part), minus `exclude`."""
    from judgesuite.suite.data.mcqa import bundled_benchmarks, load_items

    out = []
    for b in bundled_benchmarks():
        items = [it for it in load_items(b, "clf_train") if normalize_answer(it.question) not in exclude]
        if per_benchmark is not None and len(items) > per_benchmark:
            items = random.Random(f"{seed}:{b}").sample(items, per_benchmark)
        for it in items:
            gold = it.choices[it.answer_index]
            wrong = tuple(c for i, c in enumerate(it.choices) if i != it.answer_index
                          and normalize_answer(c) != normalize_answer(gold))
            out.append(Question(f"mcqa-{b}:{it.id}", f"mcqa-{b}", "multiple_choice_freeform", it.question,
                                (gold,), wrong))
    return out


def _correct(kind: str, q: Question, a: str, rng: random.Random) -> str | None:
    if kind == "surface":
        return F.vary_surface(a, rng)
    if kind == "sentence":
        return F.in_sentence(a, rng)
    if kind == "long":
        return F.in_sentence(a, rng, long=True)
    if kind == "format":
        b = F.reformat(a, rng)
        return F.in_sentence(b, rng) if b and rng.random() < 0.5 else b
    if kind == "cot":
        return F.in_cot(q.text, a, rng)
    raise ValueError(kind)


def _incorrect(kind: str, q: Question, a: str, pool: dict[str, list[str]], rng: random.Random) -> str | None:
    if kind == "other-answer":
        same = pool.get(F.answer_kind(a)) or []
        picks = [x for x in (rng.choice(same) for _ in range(5)) if not F.mentions(x, q.answers)] if same else []
        return F.in_sentence(picks[0], rng, long=rng.random() < 0.3) if picks else None
    if kind == "distractor":
        return F.in_sentence(rng.choice(q.wrong), rng) if q.wrong else None
    if kind == "near-miss":
        b = F.near_miss(a, rng)
        return F.in_sentence(b, rng) if b and rng.random() < 0.5 else b
    if kind == "hedge":
        others = list(q.wrong) or [x for x in (rng.choice(pool.get(F.answer_kind(a)) or [a]) for _ in range(3))]
        others = [x for x in others if not F.mentions(x, q.answers)][:2]
        if len(others) < 2:
            return None
        opts = [a, *others]
        rng.shuffle(opts)
        return rng.choice(F.HEDGE).format(x=opts[0], y=opts[1], z=opts[2])
    if kind == "refusal":
        return rng.choice(F.REFUSAL)
    if kind == "negation":
        return rng.choice(F.NEGATION).format(a=a)
    if kind == "restate":
        return rng.choice(F.RESTATE).format(q=q.text.strip())
    raise ValueError(kind)


def _row(q: Question, kind: str, candidate: str, label: bool, n: int) -> Row:
    sample = Sample(id=f"{NAME}:{q.qid}:{kind}:{n}", task_type=q.task_type, question=q.text,
                    candidate=candidate, references=q.answers)
    return Row(sample=sample, dataset=NAME, question_id=q.qid, model=kind, label=label, split="train",
               benchmark=q.source, label_source="by construction", meta={"kind": kind, "source": q.source})


def generate(seed: int = 0, per_question: tuple[int, int] = (2, 2), master_key_rate: float = 0.15,
             mcqa_per_benchmark: int | None = 600, names: list[str] | None = None,
             attacks: tuple[str, ...] | None = None) -> list[Row]:
    """Labelled rows: per question `per_question` = (correct, incorrect) kinds drawn among those
    that apply, plus one master-key form (among `attacks`, default every probe form) for a
    `master_key_rate` fraction of questions."""
    rng = random.Random(seed)
    exclude = test_questions()
    questions = [q for q in bundled_questions(names) if normalize_answer(q.text) not in exclude]
    if mcqa_per_benchmark != 0:
        questions += mcqa_questions(mcqa_per_benchmark, exclude, seed)
    pool: dict[str, list[str]] = defaultdict(list)
    for q in questions:
        for a in q.answers[:1]:
            if len(a.split()) <= MAX_ANSWER_WORDS:
                pool[F.answer_kind(a)].append(a)
    attacks = list(attacks or ATTACKS)
    rows: list[Row] = []
    for q in questions:
        a = rng.choice(q.answers)
        short = len(a.split()) <= MAX_ANSWER_WORDS
        pos_kinds = list(CORRECT_KINDS if short else ("sentence", "cot"))
        neg_kinds = list(INCORRECT_KINDS if short else ("other-answer", "distractor", "refusal", "restate"))
        rng.shuffle(pos_kinds)
        rng.shuffle(neg_kinds)
        for want, kinds, label in ((per_question[0], pos_kinds, True), (per_question[1], neg_kinds, False)):
            made = 0
            for kind in kinds:
                if made >= want:
                    break
                text = _correct(kind, q, a, rng) if label else _incorrect(kind, q, a, pool, rng)
                if not text or not text.strip():
                    continue
                # a wrong-by-construction text must not contain an answer (a hedge/negation does on purpose)
                if not label and kind not in ("hedge", "negation") and F.mentions(text, q.answers):
                    continue
                rows.append(_row(q, kind, text, label, len(rows)))
                made += 1
        if rng.random() < master_key_rate:
            attack = rng.choice(attacks)
            others = [x for x in rng.sample(pool["short"] or [a], k=min(3, len(pool["short"]) or 1))]
            stub = Row(sample=Sample(id=q.qid, task_type=q.task_type, question=q.text, candidate="",
                                     references=q.answers), dataset=q.source, question_id=q.qid,
                       model="", label=None, split="train")
            rows.append(_row(q, f"master-key:{attack}", ATTACKS[attack](stub, others, rng), False, len(rows)))
    return rows


def counts(rows: list[Row]) -> dict:
    """Rows per kind and per source, labels, and distinct questions (for the card)."""
    return {"rows": len(rows), "questions": len({r.question_id for r in rows}),
            "label_true": sum(bool(r.label) for r in rows),
            "by_kind": dict(sorted(Counter(r.model for r in rows).items())),
            "by_source": dict(sorted(Counter(r.benchmark for r in rows).items())),
            "questions_by_source": dict(sorted(Counter(q.split(":")[0] for q in {r.question_id for r in rows}).items()))}
