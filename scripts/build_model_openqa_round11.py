"""Open-QA round 11 of issue 37 (tests/fixtures/model_openqa_round11.jsonl, split `heldout-oqa-round11`): round 10's
design on a NEW question source, the bundled multiple-choice sets' test questions asked WITHOUT their options (the
gold option's text the only reference), built frozen and unread, a held-out set for a later session.

Usage:
    python scripts/build_model_openqa_round11.py generate --model smollm2-135m --until 10:00
    python scripts/build_model_openqa_round11.py collect     # the raw replies -> model_openqa_round11.replies.jsonl
    python scripts/build_model_openqa_round11.py finalize    # replies + model_openqa_round11.labels.json -> corpus

Design, committed before generation: round 10's (so round 7's) in everything but the questions and the additions to
the labelling guideline below.
- Source: the "test" split (the original validation split; suite/data/mcqa.py) of the bundled ARC-Easy,
  ARC-Challenge, OpenBookQA and MMLU files, 2,369 rows, kept by `usable` (the filter, fixed before any draw):
  * the question ends with "?" and holds none of (case-insensitive) "which of the following", "of these",
    "following", "above", "below", "statement", "best describes", "_", "except", "not", "true about",
    "most likely", "least", "best", "these", "this list", "listed", "choice", "option" (a reference to options,
    a blank, or a pick among options, which an open reader cannot answer);
  * the gold option has 1-4 words, is not "all of the above", "none of the above", "both", "neither" or such (no
    "above", "both", "neither", "all of", "none of" in it), and no other option's word set is a subset of the
    gold's nor the gold's of another's (lower case, words of letters and digits);
  * MMLU only from the factual subjects `MMLU_SUBJECTS` (sciences, medicine, history, geography, religions,
    global facts, miscellaneous); not law, ethics, philosophy, logic, mathematics, statistics, economics,
    accounting, business, marketing, security studies, sociology, psychology, public relations (opinion,
    reasoning, computation or definitions among options);
  * not a question whose normalized text (lower case, words of letters and digits) is any row's question in a
    bundled answer-correctness set (`bundled_names()`, every split: MMLU-Pro took questions from MMLU) or in
    datasets/training/model-written-openqa.jsonl.gz; duplicates by normalized text keep the first in file order.
- Draw (`drawn()`): the usable rows sorted by question id, shuffled with `random.Random(SEED)` (SEED = 1137),
  then taken in shuffled order, a benchmark's row skipped once it has CAP (60), until 150 (`N_QUESTIONS`). Counts
  (`COUNTS`, asserted by the test), usable after the filter / drawn: ARC-Easy 161 / 60, OpenBookQA 106 / 41, MMLU
  66 / 26 (miscellaneous 11 of them), ARC-Challenge 57 / 23; 390 usable, none dropped for a known question text.
  Question ids `<benchmark>-<row id>`; aliases [the gold option's text]; the question is prompted as written less
  its final "?", which round 7's prompts add back (NQ questions have none); the corpus keeps it so.
- Rotation: round 7's formulas on the draw position k (0-149): kind KINDS[(k + m) % 6] for the model at position m
  (each model 25 of each kind), language LANGUAGES[((k + m) // 6) % 3] for `other-language`.
- Same four models and files (round 6's `MODELS`), prompts, few-shot examples of the base model (round 6's three NQ
  train questions, kept though this round's questions are not NQ), token limits, greedy decoding (seed 37), one
  thread, 8 requests together, one model at a time, smallest first, `--until 10:00` UTC on 2026-12-07 (no batch
  starts after it; a model cut short keeps the replies it gave, the card says so).
- Training data of the judges: the stacked judge trains on the bundled answer sets' train splits, their synthetic
  rows (TRAIN questions of those sets; `mcqa_per_benchmark` 0 as shipped: no multiple-choice question at all) and
  the model-written open-QA rows (NQ questions); the synthetic rows of the encoder's mix take multiple-choice
  questions from the `clf_train` part of the original TRAIN files only, minus every test question
  (`test_questions()` of suite/data/synthetic.py). So none of these rows feeds `stacked`'s (or the encoder's)
  training; the filter above also drops any question text shared with a bundled answer set.
- Labelling guideline: round 7's (so round 6's), verbatim where it applies, every reply read by the helper that
  built the round against the question and the gold option only, before any judge of the project runs on these
  rows, a reason for every incorrect one. Added for this source: the label is against the REFERENCE (the gold
  option), as the judges see only it: correct iff the committed answer names the same thing as the gold option (a
  synonym, a paraphrase, a more precise form of the same thing: "a balance" for "balance"; "photosynthesis" for
  "Photosynthesis"); an answer that may be true of the world but names something else than the gold option is
  incorrect, its reason starting "another answer (defensible)" so that a later reader can count those rows; a
  broader or vaguer answer ("energy" for "light energy") is incorrect ("too broad").
- Split `heldout-oqa-round11`, row ids `oqa11-<model>-<question id>`. Frozen, unread: no judge of the project runs
  on these rows; a later session reads it once (card).
"""
from __future__ import annotations

import gzip
import json
import random
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_model_openqa_round6 as r6  # noqa: E402
import build_model_openqa_round7 as r7  # noqa: E402

FIXTURES = r6.FIXTURES
OUT, REPLIES, LABELS, RAW, SPLIT, TAG = r7.round_files(11)
N_QUESTIONS = 150
SEED = 1137  # the draw's; decoding keeps round 7's seed 37
CAP = 60
MODELS = r7.MODELS
KINDS = r7.KINDS
BENCHMARKS = ("arc_easy", "arc_challenge", "openbookqa", "mmlu")
MMLU_SUBJECTS = ("anatomy", "astronomy", "clinical_knowledge", "college_biology", "college_chemistry",
                 "college_medicine", "college_physics", "computer_security", "conceptual_physics",
                 "electrical_engineering", "global_facts", "high_school_biology", "high_school_chemistry",
                 "high_school_european_history", "high_school_geography", "high_school_government_and_politics",
                 "high_school_physics", "high_school_us_history", "high_school_world_history", "human_aging",
                 "medical_genetics", "miscellaneous", "nutrition", "prehistory", "professional_medicine",
                 "us_foreign_policy", "virology", "world_religions")
OPTION_WORDS = ("which of the following", "of these", "following", "above", "below", "statement", "best describes",
                "_", "except", "not", "true about", "most likely", "least", "best", "these", "this list", "listed",
                "choice", "option")
GOLD_WORDS = ("above", "both", "neither", "all of", "none of")
# usable rows per benchmark after the filter, and drawn (the test checks both)
COUNTS = {"usable": {"arc_easy": 161, "openbookqa": 106, "mmlu": 66, "arc_challenge": 57},
          "drawn": {"arc_easy": 60, "openbookqa": 41, "mmlu": 26, "arc_challenge": 23}}


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _has(text: str, phrase: str) -> bool:
    """`phrase` in `text` as whole words (lower case); "_" anywhere."""
    if phrase == "_":
        return "_" in text
    return re.search(r"(?<![a-z0-9])" + re.escape(phrase) + r"(?![a-z0-9])", text.lower()) is not None


def usable(question: str, choices: tuple[str, ...], gold: int) -> bool:
    """The filter of the design: an open reader can answer it, and its gold option is a short, distinct answer."""
    if not question.rstrip().endswith("?") or any(_has(question, p) for p in OPTION_WORDS):
        return False
    answer = choices[gold]
    if not 1 <= len(answer.split()) <= 4 or any(_has(answer, p) for p in GOLD_WORDS):
        return False
    mine = set(words(answer))
    others = [set(words(c)) for i, c in enumerate(choices) if i != gold]
    return bool(mine) and not any(o <= mine or mine <= o for o in others)


def _known_questions() -> set[str]:
    """Normalized question texts of every bundled answer set (every split) and of the model-written training rows."""
    from judgesuite.suite.data.loader import bundled_names, load_bundled

    out = set()
    for name in bundled_names():
        out.update(" ".join(words(r.sample.question)) for r in load_bundled(name).rows)
    path = r6.ROOT / "datasets" / "training" / "model-written-openqa.jsonl.gz"
    with gzip.open(path, "rt", encoding="utf-8") as f:
        out.update(" ".join(words(json.loads(line)["question"])) for line in f if line.strip())
    return out


def item_of(bench: str, it) -> dict:
    """A multiple-choice row (`McqaItem`) as an item of the round."""
    qid = f"{bench}-{it.id}"
    return {"question_id": qid, "item": qid, "question": it.question.rstrip()[:-1].rstrip(),
            "aliases": [it.choices[it.answer_index].strip()], "source": f"mcqa-{bench}",
            "data_split": "test", "benchmark": bench, "subject": it.meta.get("subject")}


def pool(benchmarks: tuple[str, ...] = BENCHMARKS, load=None, skip: frozenset[str] = frozenset()) -> list[dict]:
    """Every usable row of `benchmarks`, one per normalized question text (first in file order), as an item of the
    round; `load` (a benchmark -> its rows) and `skip` (more normalized question texts to leave out): round 14
    passes its own, default the bundled "test" split and nothing more."""
    from judgesuite.suite.data.mcqa import load_items

    load = load or (lambda bench: load_items(bench, "test"))
    known, seen, out = _known_questions() | set(skip), set(), []
    for bench in benchmarks:
        for it in load(bench):
            key = " ".join(words(it.question))
            if (bench == "mmlu" and it.meta.get("subject") not in MMLU_SUBJECTS) or key in seen or key in known:
                continue
            if not usable(it.question, it.choices, it.answer_index):
                continue
            seen.add(key)
            out.append(item_of(bench, it))
    return out


def drawn(exclude: frozenset[str] = frozenset(), benchmarks: tuple[str, ...] = BENCHMARKS, seed: int = SEED,
          cap: int = CAP, load=None, skip: frozenset[str] = frozenset()) -> list[dict]:
    """This round's 150 questions, in drawn order (k: the position in the draw); `exclude`: question ids the draw
    passes over (round 12 passes this round's); `benchmarks`, `seed`, `cap`: round 13 passes its own; `load`,
    `skip`: as `pool` (round 14 passes its own)."""
    items = sorted(pool(benchmarks, load, skip), key=lambda it: it["question_id"])
    random.Random(seed).shuffle(items)
    taken: list[dict] = []
    for it in items:
        if it["question_id"] in exclude:
            continue
        if sum(t["benchmark"] == it["benchmark"] for t in taken) < cap:
            taken.append(it)
        if len(taken) == N_QUESTIONS:
            break
    assert len(taken) == N_QUESTIONS, f"only {len(taken)} usable questions"
    return [{**it, "k": k} for k, it in enumerate(taken)]


generate, collect, rows, finalize = r7.round_commands(globals())


def main(argv: list[str] | None = None) -> int:
    return r6.main(argv, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main())
