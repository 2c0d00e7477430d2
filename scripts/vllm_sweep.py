"""The BERT-as-a-Judge Figure 3 sweep on a GPU: Qwen-3 0.6B..32B and Gemma-3 1B..27B, budgets S and L.

Budget S = the direct prompt (llm-direct, 16 new tokens); budget L = the reasoning prompt
(llm-cot, `--long` new tokens). Prints the `judgesuite run` command, or runs it with --run:
    python scripts/vllm_sweep.py --run --limit 200 --out results-vllm
Needs `pip install 'judgesuite[vllm]'` and a model hub (or local folders) for the weights.
"""
from __future__ import annotations

import argparse
import shlex
import subprocess
import sys

from judgesuite.judges.llm.backends import VLLM_CONFIGS


def specs(models: list[str], short: int, long: int) -> list[str]:
    """Runner specs; tensor/data parallelism goes through backend_options in the Python API."""
    out = []
    for m in models:
        out.append(f"llm-direct:backend=vllm:model={m}:max_new_tokens={short}")
        out.append(f"llm-cot:backend=vllm:model={m}:max_new_tokens={long}")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--models", default=",".join(VLLM_CONFIGS))
    ap.add_argument("--short", type=int, default=16)
    ap.add_argument("--long", type=int, default=2048)
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--datasets", default=None)
    ap.add_argument("--out", default="results-vllm")
    ap.add_argument("--run", action="store_true")
    args = ap.parse_args()
    cmd = ["judgesuite", "run", "--judges", ",".join(specs(args.models.split(","), args.short, args.long)),
           "--out", args.out, "--batch-size", "512"]
    if args.limit:
        cmd += ["--limit", str(args.limit)]
    if args.datasets:
        cmd += ["--datasets", args.datasets]
    print(shlex.join(cmd))
    return subprocess.call(cmd) if args.run else 0


if __name__ == "__main__":
    sys.exit(main())
