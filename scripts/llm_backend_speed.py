"""Compare the transformers and llama.cpp backends on real judge prompts (the default-backend choice).

Usage: nice -n 10 python scripts/llm_backend_speed.py --rows 6 --threads 1 > speed.json
Both backends are loaded, then every prompt is timed on one and then the other, so both
see the same machine load. Prompts: the direct judge prompt on bundled test rows (greedy,
8 new tokens, top-10 log-probs); decoding: 64 new tokens after a short prompt.
"""
from __future__ import annotations

import argparse
import json
import time

from judgesuite.judges.llm.backends import SamplingParams, make_backend
from judgesuite.judges.llm.judges import LLMDirectJudge
from judgesuite import load_dataset


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=6)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--configs", default="llamacpp,transformers",
                    help="llamacpp, transformers (float32), transformers-bf16")
    args = ap.parse_args()
    samples = [r.sample for name in ("gsm8k-openai-solutions", "openqa-eval-nq301")
               for r in load_dataset(name, "test").rows[: args.rows // 2]]
    prompts = [LLMDirectJudge()._prompt(s)[0] for s in samples]
    direct = SamplingParams(max_new_tokens=8, top_logprobs=10)
    decode = SamplingParams(max_new_tokens=64)
    story = ["Write a short story about a robot who learns to paint."]
    backends, report = {}, {}
    for kind in args.configs.split(","):
        opts = {"threads": args.threads}
        if kind.startswith("transformers"):
            opts.update(batch_size=1, dtype="bfloat16" if kind.endswith("bf16") else "float32")
        t0 = time.perf_counter()
        backends[kind] = make_backend(kind.split("-")[0], "smollm2-135m", **opts)
        report[kind] = {"load_s": round(time.perf_counter() - t0, 2), "direct_s": [], "prompt_tokens": 0,
                        "generated_tokens": 0, "replies": []}
        backends[kind].generate(prompts[:1], direct)  # warm-up
    for p in prompts:
        for kind, b in backends.items():
            t0 = time.perf_counter()
            (g,) = b.generate([p], direct)
            r = report[kind]
            r["direct_s"].append(time.perf_counter() - t0)
            r["prompt_tokens"] += g.prompt_tokens
            r["generated_tokens"] += g.generated_tokens
            r["replies"].append(g.text)
    for kind, b in backends.items():
        t0 = time.perf_counter()
        (g,) = b.generate(story, decode)
        dt = time.perf_counter() - t0
        r = report[kind]
        r["decode_tok_per_s"] = round(g.generated_tokens / dt, 1)
        r["direct_s_per_sample"] = round(sum(r["direct_s"]) / len(prompts), 3)
        r["prompt_tokens_per_s"] = round(r["prompt_tokens"] / sum(r["direct_s"]), 1)
        r["direct_s"] = [round(x, 2) for x in r["direct_s"]]
    first = next(iter(backends))
    report["same_replies_as_" + first] = {k: report[k]["replies"] == report[first]["replies"] for k in backends}
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
