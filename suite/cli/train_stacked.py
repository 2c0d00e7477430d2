"""`judgesuite train-stacked`: train the `stacked` judge on the bundled train splits."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from judgesuite.suite.cli.common import positive_int


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "train-stacked", help="train the stacked judge (boosted trees over cheap features; needs scikit-learn)",
        description="Train one boosted-tree model per task family on the TRAIN splits of the bundled sets (and "
                    "the model-written open-QA answers on their train questions, datasets/training/), "
                    "choose each family's threshold on DEV, report TEST accuracy beside token-f1; writes "
                    "OUT/stacked.npz (plain arrays, loaded without pickle) and OUT/MODEL_CARD.md. Use it "
                    "with `judgesuite run --judges stacked:model=OUT/stacked.npz`.")
    p.add_argument("--out", default="stacked-judge", help="output folder (default: ./stacked-judge)")
    p.add_argument("--datasets", default=None, help="comma-separated bundled sets (default: all)")
    p.add_argument("--exclude", default="", help="comma-separated sets to leave out (leave-one-source-out)")
    p.add_argument("--encoder", action="store_true",
                   help="also fit the encoder blend of stacked:encoder=true (a logistic second stage over the "
                        "forest's and the encoder's P(correct), fit on the dev splits); writes stacked-encoder.npz")
    p.add_argument("--encoder-checkpoint", default=None, help="encoder checkpoint (default: the shipped one)")
    p.add_argument("--limit", type=positive_int, default=None, help="at most N rows per set and split (quick runs)")
    p.add_argument("--cache", default=None, help="folder for feature tables, reused by later runs")
    p.add_argument("--no-balance", action="store_true", help="weigh rows, not sources, equally")
    p.add_argument("--no-held-out", action="store_true",
                   help="skip the held-out figures (the recipe retrained without each human-labelled set and "
                        "scored on its test split; stored in the model, shown on the leaderboard; not with --encoder)")
    p.set_defaults(func=cmd_train_stacked)


def cmd_train_stacked(args: argparse.Namespace) -> int:
    try:
        import sklearn  # noqa: F401
    except ImportError:
        print("train-stacked needs scikit-learn: pip install 'judgesuite[learned]'")
        return 2
    from judgesuite.judges.learned.stacked import DEFAULT_ENCODER_MODEL, DEFAULT_MODEL
    from judgesuite.suite.training.stacked import SOURCES, FeatureStore, train_stacked
    from judgesuite.suite.training.stacked_card import model_card
    from judgesuite.suite.training.stacked_held_out import held_out_figures

    sources = [d.strip() for d in args.datasets.split(",")] if args.datasets else list(SOURCES)
    exclude = [d.strip() for d in args.exclude.split(",") if d.strip()]
    unknown = [d for d in sources + exclude if d not in SOURCES]
    if unknown or not set(sources) - set(exclude):
        why = f"unknown set {unknown[0]!r}" if unknown else "--exclude leaves no set to train on"
        print(f"judgesuite train-stacked: {why} (the bundled sets: {', '.join(SOURCES)})", file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)  # before training: a folder that cannot be made fails at once
    store = FeatureStore(encoder=args.encoder, encoder_checkpoint=args.encoder_checkpoint,
                         limit=args.limit, cache_dir=args.cache)
    if args.encoder:
        try:  # before the features: an encoder that cannot load would give no scores to fit the blend on
            store.load_encoder()
        except Exception as exc:  # noqa: BLE001 - whatever the loader raised, said in one line
            store.close()
            print(f"judgesuite train-stacked: the encoder cannot load: {type(exc).__name__}: {exc}"[:500],
                  file=sys.stderr)
            return 2
    try:
        model, info = train_stacked(sources, exclude=exclude, store=store, balance=not args.no_balance)
        if not (args.encoder or args.no_held_out):
            model.meta["held_out"] = held_out_figures(store, [s for s in sources if s not in exclude],
                                                      balance=not args.no_balance)
        name = (DEFAULT_ENCODER_MODEL if args.encoder else DEFAULT_MODEL).name
        path = model.save(out / name)
        card = model_card(model, sources=[s for s in sources if s not in exclude])
        (out / (Path(name).stem + ".md")).write_text(card, encoding="utf-8")
    finally:
        store.close()
    print(json.dumps({"model": str(path), "families": info["families"],
                      "test": model.meta.get("test", {}), "train_seconds": info["train_seconds"]}, indent=1))
    return 0
