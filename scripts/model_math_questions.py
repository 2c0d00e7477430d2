"""The questions of the model-written math answer-style corpus (scripts/build_model_math_styles.py): GSM8K's train
and dev questions of the bundled set (rounds 1-5), and round 6's, drawn from GSM8K's own train file and committed in
tests/fixtures/model_math_styles.questions-r6.jsonl.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

from judgesuite.suite.data.loader import load_bundled
from model_math_number_filter import value

ROOT = Path(__file__).resolve().parent.parent
QUESTIONS_R6 = ROOT / "tests" / "fixtures" / "model_math_styles.questions-r6.jsonl"  # round 6's GSM8K train questions
ROUND6_QUESTIONS = 40
ROUND6_DRAW_SEED = 43  # the builder's SEED + 6


def questions() -> list[dict]:
    """One entry per GSM8K question of the train and dev splits: question, gold, worked solution."""
    seen, out = set(), []
    for split in ("train", "dev"):
        for r in load_bundled("gsm8k-openai-solutions", split).scorable():
            if r.question_id in seen:
                continue
            seen.add(r.question_id)
            out.append({"question_id": r.question_id, "question": r.sample.question,
                        "gold": r.sample.references[0], "solution": r.meta["ground_truth_solution"], "split": split})
    return out


def normalised(question: str) -> str:
    return " ".join(question.lower().split())


def draw_round6(train: Path, n: int = ROUND6_QUESTIONS, seed: int = ROUND6_DRAW_SEED) -> list[dict]:
    """Round 6's questions: GSM8K's train.jsonl (openai/grade-school-math 3101c7d) shuffled with `seed`, the first
    `n` with a whole, non-negative answer whose question is in no split (train, dev or test) of the bundled set."""
    bundled = {normalised(r.sample.question) for split in ("train", "dev", "test")
               for r in load_bundled("gsm8k-openai-solutions", split).scorable()}
    lines = train.read_text(encoding="utf-8").splitlines()
    order = list(range(len(lines)))
    random.Random(seed).shuffle(order)
    out = []
    for k in order:
        row = json.loads(lines[k])
        gold = row["answer"].rsplit("####", 1)[1].strip().replace(",", "")
        if normalised(row["question"]) in bundled or value(gold) != int(value(gold)) or value(gold) < 0:
            continue
        out.append({"question_id": f"gsm8k-train-{k + 1}", "line": k + 1, "question": row["question"],
                    "answer": row["answer"]})
        if len(out) == n:
            break
    return out


def round6_questions() -> list[dict]:
    """The committed round-6 questions (`draw_round6`), as `questions()` gives them."""
    rows = [json.loads(line) for line in QUESTIONS_R6.read_text(encoding="utf-8").splitlines()]
    return [{"question_id": r["question_id"], "question": r["question"],
             "gold": r["answer"].rsplit("####", 1)[1].strip().replace(",", ""),
             "solution": r["answer"].rsplit("\n####", 1)[0], "split": "gsm8k-train"} for r in rows]
