#!/bin/bash
# Leave-one-source-out encoder run: $1 = held-out set. MiniLM base (not warm-started: the shipped
# checkpoints saw every source), the other sources' train rows + synthetic rows generated without the
# held-out set's questions; threshold chosen on the other sets' dev rows. Budget (env): NQ_ROWS (the
# other NQ set, default all), GSM8K_ROWS 1500, SYNTHETIC 5000, THREADS 2 (~8 min at 23 pairs/s),
# BF16=1 for bf16 autocast (1.5x faster where the CPU has bf16 units), BACKBONE (all-MiniLM-L6-v2,
# all-mpnet-base-v2, a hub id or a folder; default MiniLM-L6), LR (default 5e-5), TEACHER (a checkpoint
# trained without the held-out set, for distillation) and TEACHER_WEIGHT (default 0.5).
cd "$(dirname "$0")/.."
HELD=$1
ALL="answer-matching-gpqa-mmlupro evouna-nq financebench gsm8k-openai-solutions omni-math-gpt4o-examples openqa-eval-nq301"
SETS=$(for s in $ALL; do [ "$s" != "$HELD" ] && echo -n "$s,"; done); SETS=${SETS%,}
if [ "$HELD" = evouna-nq ]; then NQ=openqa-eval-nq301; else NQ=evouna-nq; fi
exec python -m judgesuite.suite.cli.main train-encoder ${BACKBONE:+--backbone "$BACKBONE"} \
  ${TEACHER:+--teacher "$TEACHER" --teacher-weight "${TEACHER_WEIGHT:-0.5}"} \
  --datasets "$SETS" \
  --real-per-source "$NQ=${NQ_ROWS:-100000},gsm8k-openai-solutions=${GSM8K_ROWS:-1500},financebench=100000,answer-matching-gpqa-mmlupro=100000,omni-math-gpt4o-examples=100000" \
  --synthetic "${SYNTHETIC:-5000}" --max-length 128 --lr "${LR:-5e-5}" $([ "${BF16:-0}" = 1 ] || echo --no-bf16) --save-dtype float16 --seed 0 \
  --save-every 20 --threads "${THREADS:-2}" --dev-limit 400 --no-progress --out "${OUT_DIR:-encoder-loso}/loso-$HELD"
