"""Open-QA round 10 of issue 37 (tests/fixtures/model_openqa_round10.jsonl, split `heldout-oqa-round10`): round 9's
design (scripts/build_model_openqa_round9.py, round 8's and so round 7's design on the next test questions) on the
NEXT 150 test questions, built frozen and unread, a held-out set for a later session.

Usage:
    python scripts/build_model_openqa_round10.py generate --model smollm2-135m --until 04:45
    python scripts/build_model_openqa_round10.py collect     # the raw replies -> model_openqa_round10.replies.jsonl
    python scripts/build_model_openqa_round10.py finalize    # replies + model_openqa_round10.labels.json -> corpus

Design, committed before generation: round 9's (so round 7's) in everything but these.
- Questions: positions 450-599 (OFFSET, N_QUESTIONS) of the same seeded draw of TEST questions
  (`drawn_pool(37, ("test",))`, 620 usable questions, so all 150 are there; rounds 7-9 took 0-449), so none is a
  question of rounds 1-9 or of a train/dev split.
- Rotation: round 7's formulas on the draw position k (450-599): kind KINDS[(k + m) % 6] for the model at position
  m (each model 25 of each kind), language LANGUAGES[((k + m) // 6) % 3] for `other-language`.
- Split `heldout-oqa-round10`, row ids `oqa10-<model>-<question id>`; generation stopped at 04:45 UTC on
  2026-12-07 (`--until`: no batch starts after it), SmolLM2, gemma, Qwen2.5-Coder-0.5B, Qwen2.5-Coder-1.5B in
  turn; a model cut short keeps the replies it gave (the card says so).
- Same four models and files, prompts, few-shot examples, token limits, greedy decoding (seed 37), one thread, 8
  requests together, and round 7's labelling guideline, every reply read by the helper that built the round.
Frozen, unread: no judge of the project runs on these rows; a later session reads it once (card).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_model_openqa_round6 as r6  # noqa: E402
import build_model_openqa_round7 as r7  # noqa: E402
import build_model_openqa_round8 as r8  # noqa: E402
import build_model_openqa_round9 as r9  # noqa: E402

FIXTURES = r6.FIXTURES
OUT, REPLIES, LABELS, RAW, SPLIT, TAG = r7.round_files(10)
OFFSET = r9.OFFSET + r9.N_QUESTIONS  # rounds 7-9 drew positions 0-449
N_QUESTIONS = 150
MODELS = r7.MODELS
KINDS = r7.KINDS


def drawn() -> list[dict]:
    """This round's questions, in drawn order (k: the position in the draw); all 150 are in the draw."""
    items = r8.drawn(OFFSET, N_QUESTIONS)
    assert len(items) == N_QUESTIONS, f"the draw has {OFFSET + len(items)} usable test questions, too few"
    return items


generate, collect, rows, finalize = r7.round_commands(globals())


def main(argv: list[str] | None = None) -> int:
    return r6.main(argv, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main())
