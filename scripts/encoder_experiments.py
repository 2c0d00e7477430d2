"""Encoder-judge experiments of issue 5 on the bundled sets, with the real training loop.

    nice -n 10 env OMP_NUM_THREADS=1 python scripts/encoder_experiments.py \
        --n 3000 --max-length 192 --lr 5e-5 --test-limit 300 --extra-lr 2e-5 --out-dir enc-exp
    # then, same settings: --extra-seeds 1 --cr-half --loso evouna-nq,evouna-nq+openqa-eval-nq301
    # and --report-only to rewrite summary.json / results.md from results.json

Runs (each a fresh MiniLM-L6 fine-tune with `suite.encoder_training.fit`, seed fixed):
- `qcr-N` and `cr-N`: the same N training rows, same batch order; QCR vs CR (also at
  other seeds: `--extra-seeds`, and at N/2: `--cr-half`), with paired bootstrap intervals;
- `qcr-N/2`, `qcr-N/4`, ...: the training-size curve;
- `loso-<set>`: N/2 rows with that source left out of training, tested on its test rows,
  against `qcr-N/2` (in-domain, same N) on the same rows;
- `lmo`: N/2 rows without the held-out model families (HELD_OUT_MODELS), tested on those
  models' test answers, against `qcr-N/2` on the same rows.
The shipped checkpoint is scored on the same rows as a reference. Every model scores the
TEST rows (at most --test-limit per set, fixed seed); accuracy at thresholds 0.1..0.9
comes from the stored scores. Results are written after each run to results.json
(reruns skip finished runs) and to results.md.
"""
from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from pathlib import Path

from judgesuite.judges.encoder.judge import EncoderJudge, predict_margins, sigmoid
from judgesuite.judges.encoder.inputs import InputBuilder
from judgesuite.suite.data.loader import Row
from judgesuite import dataset_names, load_dataset
from judgesuite.suite.training.encoder import TrainConfig, balanced_rows, fit

from encoder_experiments_settings import HELD_OUT_MODELS, row_key  # noqa: E402  (scripts/ is on sys.path)

def held_out_model(r: Row, held: dict[str, tuple[str, ...]] = HELD_OUT_MODELS) -> bool:
    return any(r.model.startswith(p) for p in held.get(r.dataset, ()))


def select_training_rows(n: int, seed: int, exclude_sources: tuple[str, ...] = (),
                         exclude_held_out_models: bool = False) -> list[Row]:
    """n scorable TRAIN rows, balanced across the remaining sources and models (the
    training command's own balancing), without the excluded sources / held-out models."""
    by_source = {}
    for name in dataset_names(probes=False):
        if name in exclude_sources:
            continue
        rows = load_dataset(name, "train").scorable()
        if exclude_held_out_models:
            rows = [r for r in rows if not held_out_model(r)]
        if rows:
            by_source[name] = rows
    return balanced_rows(by_source, n, seed)


def test_pools(limit: int, seed: int) -> tuple[dict[str, list[Row]], list[Row]]:
    """(per set: at most `limit` TEST rows; the held-out models' TEST rows, at most `limit` per set)."""
    per_set, lmo = {}, []
    for name in dataset_names(probes=False):
        rows = load_dataset(name, "test").scorable()
        sub = rows if len(rows) <= limit else random.Random(seed).sample(rows, limit)
        per_set[name] = sub
        held = [r for r in rows if held_out_model(r)]
        lmo.extend(held if len(held) <= limit else random.Random(seed).sample(held, limit))
    return per_set, lmo


def score_model(model, tokenizer, fmt: str, max_length: int, rows: list[Row]) -> dict[str, float]:
    """P(correct) per row key, as the `encoder` judge computes it (bf16 where the CPU has it)."""
    import torch

    dtype = torch.float32  # the judge's default (bf16 flips verdicts: docs/speed.md)
    model = model.to(dtype).eval()
    encoded = InputBuilder(tokenizer, fmt, max_length).build([r.sample for r in rows])
    margins = predict_margins(model, tokenizer, encoded, 16)
    return {row_key(r): sigmoid(m) for r, m in zip(rows, margins)}


def train_and_score(spec: dict, args, rows_to_score: list[Row]) -> dict:
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    seed = spec.get("seed", args.seed)
    torch.manual_seed(seed)
    rng = random.Random(seed)
    rows = select_training_rows(spec["n"], seed, tuple(spec.get("exclude_sources", ())),
                                spec.get("exclude_held_out_models", False))
    tokenizer = AutoTokenizer.from_pretrained(args.backbone)
    model = AutoModelForSequenceClassification.from_pretrained(args.backbone, num_labels=2, use_safetensors=True)
    cfg = TrainConfig(backbone=args.backbone, out="", with_question=spec["fmt"] == "qcr", max_samples=spec["n"],
                      seed=seed, lr=spec.get("lr", args.lr), max_length=args.max_length)
    t0 = time.time()
    encoded = InputBuilder(tokenizer, spec["fmt"], args.max_length).build([r.sample for r in rows])
    stats = fit(model, tokenizer, encoded, [bool(r.label) for r in rows], cfg, rng, progress=False)
    train_s = time.time() - t0
    t0 = time.time()
    scores = score_model(model, tokenizer, spec["fmt"], args.max_length, rows_to_score)
    return {"spec": spec, "training_rows": len(rows), "rows_by_source": dict(Counter(r.dataset for r in rows)),
            "held_out_models_in_training": sum(held_out_model(r) for r in rows),
            "steps": stats["steps"], "train_seconds": round(train_s, 1),
            "pairs_per_second": round(len(rows) / train_s, 3), "score_rows": len(rows_to_score),
            "score_seconds": round(time.time() - t0, 1), "scores": scores}


def plan(n: int, sources: list[str], curve_points: int, extra_lrs: tuple[float, ...] = (),
         extra_seeds: tuple[int, ...] = (), cr_half: bool = False, extra_cr: tuple[int, ...] = ()) -> list[dict]:
    """Runs in priority order; results are saved after each, so a stopped run loses only the current one."""
    half = max(32, n // 2)
    runs = [{"name": f"qcr-{n}", "fmt": "qcr", "n": n}, {"name": f"cr-{n}", "fmt": "cr", "n": n},
            {"name": f"qcr-{half}", "fmt": "qcr", "n": half}]
    m = half
    for _ in range(max(0, curve_points - 2)):
        m //= 2
        runs.append({"name": f"qcr-{m}", "fmt": "qcr", "n": m})
    # "a+b" leaves both sources out and tests on each
    runs += [{"name": f"loso-{s}-{half}", "fmt": "qcr", "n": half, "exclude_sources": s.split("+"),
              "test_sources": s.split("+")} for s in sources]
    runs.append({"name": f"lmo-{half}", "fmt": "qcr", "n": half, "exclude_held_out_models": True, "test_lmo": True})
    runs += [{"name": f"qcr-{n}-lr{lr:g}", "fmt": "qcr", "n": n, "lr": lr} for lr in extra_lrs]
    for seed in extra_seeds:
        runs += [{"name": f"{f}-{n}-seed{seed}", "fmt": f, "n": n, "seed": seed} for f in ("qcr", "cr")]
    if cr_half:
        runs.append({"name": f"cr-{half}", "fmt": "cr", "n": half})
    runs += [{"name": f"cr-{m}", "fmt": "cr", "n": m} for m in extra_cr]
    return runs


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--n", type=int, default=1000, help="training pairs of the largest runs")
    p.add_argument("--curve-points", type=int, default=4, help="size-curve points: N, N/2, N/4, ...")
    p.add_argument("--loso", default="financebench,gsm8k-openai-solutions", help="sources to leave out, one run each")
    p.add_argument("--lr", type=float, default=5e-5)
    p.add_argument("--extra-lr", default="", help="comma-separated learning rates: one more QCR run of N pairs each")
    p.add_argument("--extra-seeds", default="", help="comma-separated seeds: QCR and CR runs of N pairs each")
    p.add_argument("--cr-half", action="store_true", help="also a CR run at N/2")
    p.add_argument("--extra-cr", default="", help="comma-separated pair counts: CR runs (one equal to the shipped "
                                                  "checkpoint's count and settings pairs with it as QCR vs CR)")
    p.add_argument("--report-only", action="store_true", help="rewrite summary.json / results.md, train nothing")
    p.add_argument("--max-length", type=int, default=128)
    p.add_argument("--test-limit", type=int, default=300)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--backbone", default=None)
    p.add_argument("--only", default=None, help="comma-separated run names (default: the whole plan)")
    p.add_argument("--no-shipped", action="store_true")
    p.add_argument("--out-dir", default="encoder-experiments")
    args = p.parse_args(argv)

    import torch

    from judgesuite.judges.encoder.backbones import default_backbone

    torch.set_num_threads(args.threads)
    args.backbone = args.backbone or default_backbone()
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    res_file = out / "results.json"
    config = {k: getattr(args, k) for k in ("n", "lr", "max_length", "test_limit", "seed", "threads", "curve_points")}
    results = json.loads(res_file.read_text()) if res_file.is_file() else {"runs": {}}
    if results.get("config", config) != config:
        raise SystemExit(f"{res_file} holds runs of another configuration: {results['config']}")
    results["config"] = config
    per_set, lmo = test_pools(args.test_limit, args.seed)
    all_rows = {row_key(r): r for rows in per_set.values() for r in rows}
    all_rows.update({row_key(r): r for r in lmo})
    runs = plan(args.n, [s for s in args.loso.split(",") if s], args.curve_points,
                tuple(float(x) for x in args.extra_lr.split(",") if x),
                tuple(int(x) for x in args.extra_seeds.split(",") if x), args.cr_half,
                tuple(int(x) for x in args.extra_cr.split(",") if x))
    if args.report_only:
        runs = []
    if args.only:
        runs = [r for r in runs if r["name"] in args.only.split(",")]

    def save():
        if not args.report_only:
            res_file.write_text(json.dumps(results, indent=1) + "\n")
        from encoder_experiments_report import markdown, summarize

        summary = summarize(results, per_set, lmo)
        (out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")
        (out / "results.md").write_text(markdown(results, summary, per_set, lmo))

    if not args.no_shipped and not args.report_only and "shipped" not in results:
        t0 = time.time()
        judge = EncoderJudge()
        rows = list(all_rows.values())
        probs, _ = judge.scores([r.sample for r in rows])
        results["shipped"] = {"checkpoint": "judges/checkpoints/encoder-minilm-qcr", "training_rows": 9000,
                              "train_seconds": 4914.0, "score_seconds": round(time.time() - t0, 1),
                              "scores": {row_key(r): p for r, p in zip(rows, probs)}}
        save()
        print(f"shipped scored {len(rows)} rows in {results['shipped']['score_seconds']} s", flush=True)
    for spec in runs:
        if spec["name"] in results["runs"]:
            continue
        if spec.get("test_sources"):
            rows = [r for s in spec["test_sources"] for r in per_set[s]]
        elif spec.get("test_lmo"):
            rows = lmo
        else:
            rows = list(all_rows.values())
        print(f"{time.strftime('%H:%M:%S')} start {spec['name']}", flush=True)
        results["runs"][spec["name"]] = train_and_score(spec, args, rows)
        run = results["runs"][spec["name"]]
        print(f"{time.strftime('%H:%M:%S')} done {spec['name']}: train {run['train_seconds']} s "
              f"({run['pairs_per_second']} pairs/s), scored {run['score_rows']} rows in {run['score_seconds']} s",
              flush=True)
        save()
    save()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
