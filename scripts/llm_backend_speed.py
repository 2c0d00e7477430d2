"""Compare the transformers and llama.cpp backends on real judge prompts (the default-backend choice).

Usage: nice -n 10 python scripts/llm_backend_speed.py --rows 8 --threads 2 > speed.json
Times load, and per-sample latency of the direct prompt on bundled rows (greedy, 8 new
tokens, top-10 log-probs), plus pure decoding speed (64 new tokens on one prompt).
"""
from __future__ import annotations

import argparse
import json
import time

from judgesuite.judges.llm_backends import SamplingParams, make_backend
from judgesuite.judges.llm_judges import LLMDirectJudge
from judgesuite.suite.data import load_bundled


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=8)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--backends", default="llamacpp,transformers")
    args = ap.parse_args()
    samples = [r.sample for name in ("gsm8k-openai-solutions", "evouna-nq")
               for r in load_bundled(name, "test").rows[: args.rows // 2]]
    prompts = [LLMDirectJudge()._prompt(s)[0] for s in samples]
    direct = SamplingParams(max_new_tokens=8, top_logprobs=10)
    decode = SamplingParams(max_new_tokens=64, stop=())
    report = {}
    for kind in args.backends.split(","):
        opts = {"threads": args.threads} | ({"batch_size": 1} if kind == "transformers" else {})
        t0 = time.perf_counter()
        backend = make_backend(kind, "smollm2-135m", **opts)
        load = time.perf_counter() - t0
        backend.generate(prompts[:1], direct)  # warm-up
        t0 = time.perf_counter()
        gens = backend.generate(prompts, direct)
        per_sample = (time.perf_counter() - t0) / len(prompts)
        t0 = time.perf_counter()
        (g,) = backend.generate(["Write a short story about a robot who learns to paint."], decode)
        dt = time.perf_counter() - t0
        report[kind] = {"load_s": round(load, 2), "direct_s_per_sample": round(per_sample, 3),
                        "prompt_tokens_mean": sum(x.prompt_tokens for x in gens) / len(gens),
                        "decode_tokens": g.generated_tokens, "decode_tok_per_s": round(g.generated_tokens / dt, 1),
                        "replies": [x.text for x in gens]}
        backend.close()
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
