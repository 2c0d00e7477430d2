"""Record an encoder recipe's leave-one-source-out figures beside a shipped checkpoint (held_out.json).

    python scripts/encoder_held_out.py --model evouna-nq=DIR1 --model openqa-eval-nq301=DIR2 \
        --protocol "..." --out judges/encoder/checkpoints/<name>/held_out.json

Each DIR is a checkpoint trained without that set (e.g. `bash scripts/encoder_loso.sh <set>`); it judges the
set's test split at its own threshold, token-f1 on the same rows, through the verdict cache (--cache; default
the user's, as `judgesuite run`). The leaderboard then prints these figures beside the shipped checkpoint's
in-source ones.
"""
from __future__ import annotations

import argparse
import json

from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.training.encoder_held_out import encoder_held_out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", action="append", required=True, help="SET=DIR: a checkpoint trained without SET")
    ap.add_argument("--protocol", required=True, help="how the held-out checkpoints were trained, in one sentence")
    ap.add_argument("--dtype", default="bfloat16-checked")
    ap.add_argument("--threads", type=int, default=None)
    ap.add_argument("--cache", default=None, help="SQLite verdict cache (default: ~/.cache/judgesuite)")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    models = dict(spec.split("=", 1) for spec in args.model)
    record = encoder_held_out(models, args.protocol, args.dtype, args.threads, cache=VerdictCache(args.cache))
    with open(args.out, "w") as f:
        f.write(json.dumps(record, indent=1) + "\n")
    print(json.dumps(record, indent=1))


if __name__ == "__main__":
    main()
