#!/bin/bash
# Leave-one-source-out encoder runs (smaller budget, MiniLM base, not warm-started): $1 = held-out set.
cd "$(dirname "$0")/.."
export OMP_NUM_THREADS=1
HELD=$1
ALL="answer-matching-gpqa-mmlupro evouna-nq financebench gsm8k-openai-solutions omni-math-gpt4o-examples openqa-eval-nq301"
SETS=$(for s in $ALL; do [ "$s" != "$HELD" ] && echo -n "$s,"; done); SETS=${SETS%,}
if [ "$HELD" = evouna-nq ]; then NQ=openqa-eval-nq301=1000; else NQ=evouna-nq=1000; fi
exec python -m judgesuite.suite.cli.main train-encoder \
  --datasets $SETS \
  --real-per-source $NQ,gsm8k-openai-solutions=300,financebench=150,answer-matching-gpqa-mmlupro=200,omni-math-gpt4o-examples=106 \
  --synthetic 1000 --max-length 128 --lr 5e-5 --no-bf16 --seed 0 \
  --save-every 20 --threads 1 --dev-limit 200 --out ${OUT_DIR:-encoder-loso}/loso-$HELD
