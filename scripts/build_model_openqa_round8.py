"""Open-QA round 8 of issue 37 (tests/fixtures/model_openqa_round8.jsonl, split `heldout-oqa-round8`): round 7's
design (scripts/build_model_openqa_round7.py, its docstring) on the NEXT 150 test questions, built frozen and unread.

Usage:
    python scripts/build_model_openqa_round8.py generate --model smollm2-135m --until 23:20
    python scripts/build_model_openqa_round8.py collect     # the raw replies -> model_openqa_round8.replies.jsonl
    python scripts/build_model_openqa_round8.py finalize    # replies + model_openqa_round8.labels.json -> corpus

Design, committed before generation: round 7's in everything but these.
- Questions: positions 150-299 (OFFSET, N_QUESTIONS) of the same seeded draw of TEST questions
  (`drawn_pool(37, ("test",))`; round 7 took 0-149), so none is a question of rounds 1-7 or of a train/dev split.
- Rotation: round 7's formulas on the draw position k (150-299): kind KINDS[(k + m) % 6] for the model at position
  m (each model 25 of each kind), language LANGUAGES[((k + m) // 6) % 3] for `other-language`.
- Split `heldout-oqa-round8`, row ids `oqa8-<model>-<question id>`; generation stopped at 23:20 UTC on 2026-12-06
  (`--until`), Qwen2.5-Coder-1.5B last; a model cut short keeps the replies it gave (the card says so).
- Same four models, prompts, few-shot examples, token limits, greedy decoding (seed 37), one thread, 8 requests
  together, and round 7's labelling guideline, every reply read by the helper that built the round.
Built frozen and unread: no judge of the project ran on these rows before stop 52 read them once (card).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_model_openqa_round6 as r6  # noqa: E402
import build_model_openqa_round7 as r7  # noqa: E402
from build_model_openqa_styles import SEED, drawn_pool  # noqa: E402

FIXTURES = r6.FIXTURES
OUT, REPLIES, LABELS, RAW, SPLIT, TAG = r7.round_files(8)
OFFSET = 150  # round 7 drew positions 0-149
N_QUESTIONS = 150
MODELS = r7.MODELS
KINDS = r7.KINDS


def drawn(offset: int = OFFSET, n: int = N_QUESTIONS) -> list[dict]:
    """This round's questions, in drawn order (k: the position in the draw); `offset` and `n` default to this
    round's (round 9 takes the positions after them), cut at the end of the draw."""
    pool = drawn_pool(SEED, ("test",))
    return [{**pool[k], "k": k, "item": pool[k]["question_id"]} for k in range(offset, min(offset + n, len(pool)))]


generate, collect, rows, finalize = r7.round_commands(globals())


def main(argv: list[str] | None = None) -> int:
    return r6.main(argv, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main())
