"""Measurements of the encoder judges for the results notes (not part of a `judgesuite run`).

    python -m judgesuite.suite.studies.encoder_measure accuracy --out encoder_accuracy.json
    python -m judgesuite.suite.studies.encoder_measure speed --out encoder_speed.json

`accuracy`: per bundled set and split, the encoder at threshold 0.5 against regex,
exact-match and bertscore; the regex+encoder hybrid (share of rows sent to the encoder,
FLOPs against the encoder alone); the threshold sweep 0.1..0.9. Every judge goes through the
run's loop (`Runner`, verdicts in --cache): a repeated measurement computes nothing.
`speed`: our batched inference against a paper-style predict() (batch of 1, bf16 weights,
the prompt built and tokenized per call) on the same rows and checkpoint, with the
agreement of their scores, and model FLOP/s (2 x non-embedding parameters x tokens per
second) as a fraction of a bf16 matmul peak measured in the same run.
"""
from __future__ import annotations

import argparse
import json
import platform
import random
import time
from pathlib import Path

from judgesuite.judges.encoder.judge import EncoderJudge, sigmoid
from judgesuite.judges.registry import make_judge
from judgesuite.suite.data.loader import bundled_names, load_bundled
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.evaluation.metrics import compute_metrics
from judgesuite.suite.evaluation.runner import Runner

SWEEP = [round(0.1 * k, 1) for k in range(1, 10)]


def _metrics(labels, verdicts) -> dict:
    m = compute_metrics(labels, verdicts, bootstrap=0)
    return {k: round(m[k], 4) for k in ("accuracy", "f1", "no_verdict_rate")}


def accuracy_report(split: str = "test", checkpoint: str | None = None, limit: int | None = None,
                    names: list[str] | None = None, with_bertscore: bool = True,
                    cache: VerdictCache | None = None) -> dict:
    """Encoder / hybrid / rule judges on one split of every bundled set, their verdicts stored in
    `cache` (default: one in memory)."""
    runner = Runner(cache or VerdictCache(":memory:"))
    enc = EncoderJudge(checkpoint=checkpoint)
    others = {n: make_judge(n) for n in (["regex", "exact-match"] + (["bertscore"] if with_bertscore else []))}
    report: dict = {"split": split, "checkpoint": enc.checkpoint, "input_format": enc.input_format, "sets": {}}
    for name in names or bundled_names():
        rows = load_bundled(name, split).scorable()
        if limit and len(rows) > limit:
            rows = random.Random(0).sample(rows, limit)
        samples, labels = [r.sample for r in rows], [bool(r.label) for r in rows]
        ev, seconds = runner.judge_samples(enc, samples)
        enc_seconds = sum(seconds)  # as computed, also when read from the cache
        out = {"n": len(rows), "majority": round(max(sum(labels), len(labels) - sum(labels)) / len(labels), 4),
               "encoder": _metrics(labels, ev), "encoder_seconds": round(enc_seconds, 1)}
        verdicts = {}
        for oname, judge in others.items():
            verdicts[oname] = runner.judge_samples(judge, samples)[0]
            out[oname] = _metrics(labels, verdicts[oname])
        # The hybrid's rule, on the verdicts above: regex where it answers, else the encoder.
        rv = verdicts["regex"]
        hybrid = [r if r.correct is not None else e for r, e in zip(rv, ev)]
        sent = [r.correct is None for r in rv]
        out["regex+encoder"] = _metrics(labels, hybrid)
        enc_flops = sum(v.flops for v in ev)
        hyb_flops = sum(e.flops for e, s in zip(ev, sent) if s)
        out["hybrid_sent_to_encoder"] = round(sum(sent) / len(sent), 4)
        out["hybrid_flops_fraction_of_encoder"] = round(hyb_flops / enc_flops, 4) if enc_flops else None
        out["encoder_tokens_per_row"] = round(sum(v.tokens for v in ev) / len(ev), 1)
        out["encoder_threshold_sweep"] = {
            str(t): round(sum((v.score >= t) == y for v, y in zip(ev, labels)) / len(labels), 4) for t in SWEEP}
        report["sets"][name] = out
        print(name, json.dumps({k: v for k, v in out.items() if k != "encoder_threshold_sweep"}), flush=True)
    for j in [enc, *others.values()]:
        j.close()
    return report


def matmul_peak(dtype_name: str = "bfloat16", n: int = 2048, repeats: int = 10) -> float:
    """Measured dense matmul FLOP/s at the current torch thread count."""
    import torch

    dtype = getattr(torch, dtype_name)
    a, b = torch.randn(n, n, dtype=dtype), torch.randn(n, n, dtype=dtype)
    for _ in range(2):
        a @ b
    t0 = time.perf_counter()
    for _ in range(repeats):
        a @ b
    return 2 * n ** 3 * repeats / (time.perf_counter() - t0)


def paper_style_predict(model, tokenizer, builder, samples) -> list[float]:
    """The reference implementation's predict() defaults: one sample per call, prompt built
    and tokenized per call, bf16 weights, sigmoid(l1 - l0)."""
    import torch

    scores = []
    for s in samples:
        (ids, types), = builder.build([s])
        batch = {"input_ids": torch.tensor([ids]), "attention_mask": torch.ones(1, len(ids), dtype=torch.long)}
        if "token_type_ids" in tokenizer.model_input_names:
            batch["token_type_ids"] = torch.tensor([types])
        with torch.no_grad():
            logits = model(**batch).logits.float()[0]
        scores.append(sigmoid(float(logits[1] - logits[0])))
    return scores


def speed_report(n: int = 512, n_reference: int = 128, checkpoint: str | None = None,
                 batch_sizes=(8, 16, 32, 64), dtypes=("bfloat16", "float32")) -> dict:
    import torch

    pool = [r.sample for name in bundled_names() for r in load_bundled(name, "test").scorable()]
    samples = random.Random(0).sample(pool, n)
    flags = set(Path("/proc/cpuinfo").read_text().split()) if Path("/proc/cpuinfo").exists() else set()
    report: dict = {"threads": torch.get_num_threads(), "rows": n, "processor": platform.processor() or platform.machine(),
                    "bf16_units": sorted(flags & {"amx_bf16", "avx512_bf16"}),
                    "matmul_peak_flops": {d: matmul_peak(d) for d in ("bfloat16", "float32")}}
    configs = []
    base_scores = None
    for dtype in dtypes:
        for bs in batch_sizes:
            judge = EncoderJudge(checkpoint=checkpoint, dtype=dtype, batch_size=bs)
            # the judge's own batch call, timed: a speed measurement, not through the runner's cache
            judge.judge(samples[:bs])  # load + warm up
            t0 = time.perf_counter()
            verdicts = judge.judge(samples)
            dt = time.perf_counter() - t0
            non_emb = judge._loaded[3]
            tokens = sum(v.tokens for v in verdicts)
            model_flops = 2.0 * non_emb * tokens / dt
            peak = report["matmul_peak_flops"]["bfloat16"]
            configs.append({"dtype": dtype, "batch_size": bs, "ms_per_sample": round(1000 * dt / n, 2),
                            "samples_per_s": round(n / dt, 1), "model_gflops_per_s": round(model_flops / 1e9, 1),
                            "fraction_of_bf16_peak": round(model_flops / peak, 3)})
            if dtype == "bfloat16" and base_scores is None:
                base_scores = [v.score for v in verdicts]
            print(json.dumps(configs[-1]), flush=True)
    report["ours"] = configs

    judge = EncoderJudge(checkpoint=checkpoint, dtype="bfloat16")
    tokenizer, model, builder, _ = judge._load()
    ref_rows = samples[:n_reference]
    paper_style_predict(model, tokenizer, builder, ref_rows[:4])
    t0 = time.perf_counter()
    ref_scores = paper_style_predict(model, tokenizer, builder, ref_rows)
    dt = time.perf_counter() - t0
    ours = base_scores[:n_reference]
    diffs = [abs(a - b) for a, b in zip(ours, ref_scores)]
    report["paper_style"] = {"rows": n_reference, "ms_per_sample": round(1000 * dt / n_reference, 2),
                             "max_abs_score_diff_vs_ours": round(max(diffs), 5),
                             "verdict_flips_at_0.5": sum((a >= 0.5) != (b >= 0.5) for a, b in zip(ours, ref_scores))}
    best = min(c["ms_per_sample"] for c in configs if c["dtype"] == "bfloat16")
    report["speedup_best_ours_vs_paper_style"] = round(report["paper_style"]["ms_per_sample"] / best, 2)
    report["matmul_peak_flops"] = {k: round(v / 1e9, 1) for k, v in report["matmul_peak_flops"].items()}
    return report


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m judgesuite.suite.studies.encoder_measure")
    p.add_argument("what", choices=["accuracy", "speed"])
    p.add_argument("--split", default="test")
    p.add_argument("--checkpoint", default=None)
    p.add_argument("--limit", type=int, default=None)
    p.add_argument("--no-bertscore", action="store_true")
    p.add_argument("--rows", type=int, default=512)
    p.add_argument("--cache", default=None, help="SQLite verdict cache for `accuracy` (default: ~/.cache/judgesuite)")
    p.add_argument("--out", default=None)
    args = p.parse_args(argv)
    if args.what == "accuracy":
        rep = accuracy_report(args.split, args.checkpoint, args.limit, with_bertscore=not args.no_bertscore,
                              cache=VerdictCache(args.cache))
    else:
        rep = speed_report(args.rows, checkpoint=args.checkpoint)
    text = json.dumps(rep, indent=1)
    if args.out:
        with open(args.out, "w") as fh:
            fh.write(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
