"""Fine-tuning an encoder judge (BERT-as-a-Judge) on the train splits of the bundled sets.

Paper defaults: binary cross-entropy on the margin logit (l1 - l0 of a two-class head),
learning rate 2e-5, 5% linear warmup then linear decay, one epoch, effective batch 32.
Rows are balanced across sources, then across the models within a source (the paper
balances across task categories and models). The output folder is a Hugging Face
checkpoint (safetensors) that `AutoModelForSequenceClassification` loads, plus
`judgesuite_encoder.json` (input format, length) and a model card `README.md`.
"""
from __future__ import annotations

import hashlib
import json
import random
import time
import warnings
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

from judgesuite.judges.encoder.delta import load_delta_model
from judgesuite.judges.encoder.judge import META_FILE, EncoderJudge, checkpoint_learned_from, checkpoint_meta
from judgesuite.judges.encoder.inputs import InputBuilder, collate, margin_logit
from judgesuite.suite.data.loader import Row, bundled_names, load_bundled
from judgesuite.suite.training.encoder_card import backbone_label, model_card
from judgesuite.suite.training.encoder_mix import balanced_rows, training_mix
from judgesuite.judges.json_input import parse as parse_json


@dataclass
class TrainConfig:
    backbone: str
    out: str
    with_question: bool = True
    max_samples: int | None = None
    seed: int = 0
    lr: float = 2e-5
    warmup_ratio: float = 0.05
    epochs: int = 1
    batch_size: int = 32  # effective batch = batch_size (micro-batch = batch_size // grad_accum)
    grad_accum: int = 1
    max_length: int = 256
    bf16: bool = True  # bf16 autocast for the forward/backward (fp32 master weights)
    save_dtype: str = "float32"
    datasets: list[str] | None = None
    dev_limit: int | None = 400  # dev rows per set for the model card's metrics (None = all)
    input_format: str | None = None  # "qcr" / "cr" / "artefactory"; None: from with_question
    synthetic: int = 0  # synthetic rows (suite/data/synthetic.py) added to the real ones
    master_key_share: float | None = None  # share of master-key forms among them (None: encoder_mix's)
    real_per_source: dict[str, int] | None = None  # real rows per source (None: max_samples balanced)
    save_every: int = 0  # steps between resumable snapshots in <out>/resume (0 = none)
    teacher: str | None = None  # an encoder checkpoint whose probabilities soften the targets
    teacher_weight: float = 0.5  # target = (1 - w) * label + w * teacher probability
    command: str = ""
    extra: dict = field(default_factory=dict)


def training_rows(names: list[str] | None, max_samples: int | None, seed: int) -> list[Row]:
    """Scorable rows of the TRAIN split of the bundled sets, balanced."""
    by_source = {n: load_bundled(n, "train").scorable() for n in (names or bundled_names())}
    return balanced_rows({k: v for k, v in by_source.items() if v}, max_samples, seed)


def bucketed_batches(lengths: list[int], batch_size: int, rng: random.Random,
                     pool: int = 50) -> list[list[int]]:
    """Random batches of similar lengths (sorted within pools of `pool` batches): less padding."""
    order = list(range(len(lengths)))
    rng.shuffle(order)
    batches = []
    span = batch_size * pool
    for start in range(0, len(order), span):
        chunk = sorted(order[start:start + span], key=lambda i: lengths[i])
        batches.extend(chunk[i:i + batch_size] for i in range(0, len(chunk), batch_size))
    rng.shuffle(batches)
    return batches


def binary_metrics(preds: list[bool], labels: list[bool]) -> dict:
    """n, accuracy and F1 (evaluation.metrics.binary_rates) and the majority-class rate, rounded."""
    import numpy as np

    from judgesuite.suite.evaluation.metrics import binary_rates

    n = len(labels)
    if not n:
        return {"n": 0, "accuracy": float("nan"), "f1": 0.0, "majority": float("nan")}
    r = binary_rates(np.array(labels, bool), np.array(preds, bool), np.ones(n, bool))
    return {"n": n, "accuracy": round(float(r["accuracy"]), 4), "f1": round(float(r["f1"]), 4),
            "majority": round(max(sum(labels), n - sum(labels)) / n, 4)}


def evaluate_dev(checkpoint: str, names: list[str] | None, limit: int | None, seed: int) -> tuple[dict, dict]:
    """The threshold with the best dev accuracy averaged over sets, and per set accuracy / F1 at it
    (the checkpoint judges through the run's loop, `Runner`, with a cache in memory)."""
    import numpy as np

    from judgesuite.suite.evaluation.cache import VerdictCache
    from judgesuite.suite.evaluation.runner import Runner
    from judgesuite.suite.training.thresholds import choose_threshold

    # fp32: bf16 is several times slower on CPUs without AMX (measured 6x on AVX512-BF16 EPYC)
    judge = EncoderJudge(checkpoint=checkpoint, threshold=0.5, dtype="float32")
    runner = Runner(VerdictCache(":memory:"))
    per_set = {}
    try:
        for name in names or bundled_names():
            rows = load_bundled(name, "dev").scorable()
            if limit is not None and len(rows) > limit:
                rows = random.Random(seed).sample(rows, limit)
            judged = runner.judge_rows(judge, rows)
            if judged.rows:
                per_set[name] = (np.array([v.score for v in judged.verdicts]),
                                 np.array([bool(r.label) for r in judged.rows]))
    finally:
        judge.close()
    chosen = choose_threshold(per_set)
    t = chosen["threshold"]
    out = {name: {**binary_metrics([bool(p >= t) for p in s], [bool(v) for v in y]),
                  "says_correct": round(float(np.mean(s >= t)), 4), "label_rate": round(float(np.mean(y)), 4)}
           for name, (s, y) in per_set.items()}
    return out, chosen



RESUME_DIR = "resume"


def save_snapshot(folder: Path, model, optimizer, state: dict) -> None:
    """Model and AdamW moments as safetensors plus a JSON state (no pickle); written then renamed."""
    from safetensors.torch import save_file

    tmp = folder.with_name(folder.name + ".tmp")
    tmp.mkdir(parents=True, exist_ok=True)
    save_file({k: v.contiguous() for k, v in model.state_dict().items()}, str(tmp / "model.safetensors"))
    names = dict((id(p), n) for n, p in model.named_parameters())
    moments, steps = {}, {}
    for p, st in optimizer.state.items():
        n = names[id(p)]
        moments[f"{n}.exp_avg"], moments[f"{n}.exp_avg_sq"] = st["exp_avg"], st["exp_avg_sq"]
        steps[n] = float(st["step"])
    save_file(moments, str(tmp / "optimizer.safetensors"))
    (tmp / "state.json").write_text(json.dumps({**state, "adam_steps": steps}))
    if folder.exists():
        import shutil

        shutil.rmtree(folder)
    tmp.rename(folder)


class SnapshotError(ValueError):
    """A resume snapshot that cannot be continued (damaged, or of another run): the message says what to do."""


def _snapshot_problem(state: object) -> str | None:
    if not isinstance(state, dict) or not isinstance(state.get("run"), dict):
        return "state.json is not a snapshot's state"
    for key in ("step", "pairs", "input_tokens"):
        if isinstance(state.get(key), bool) or not isinstance(state.get(key), int) or state[key] < 0:
            return f"state.json: {key} is not a whole number >= 0"
    if isinstance(state.get("seconds"), bool) or not isinstance(state.get("seconds"), (int, float)) \
            or not 0 <= state["seconds"] < float("inf"):
        return "state.json: seconds is not a number >= 0"
    steps = state.get("adam_steps")
    if not isinstance(steps, dict) or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0
                                              for v in steps.values()):
        return "state.json: adam_steps is not an object of step counts"
    return None


def load_snapshot(folder: Path, model, optimizer) -> dict | None:
    """Restore a snapshot written by save_snapshot; None when there is none; SnapshotError for one that cannot be
    read (cut short, edited, of another model)."""
    import torch
    from safetensors.torch import load_file

    if not (folder / "state.json").is_file():
        return None
    try:
        state = parse_json((folder / "state.json").read_text(encoding="utf-8"))
        problem = _snapshot_problem(state)
        if problem:
            raise ValueError(problem)
        model.load_state_dict(load_file(str(folder / "model.safetensors")))
        moments = load_file(str(folder / "optimizer.safetensors"))
        for n, p in model.named_parameters():
            if f"{n}.exp_avg" in moments:
                avg, sq = moments[f"{n}.exp_avg"], moments.get(f"{n}.exp_avg_sq")
                if sq is None or avg.shape != p.shape or sq.shape != p.shape or n not in state["adam_steps"]:
                    raise ValueError(f"optimizer.safetensors: the moments of {n} do not fit the model")
                optimizer.state[p] = {"step": torch.tensor(float(state["adam_steps"][n])),
                                      "exp_avg": avg, "exp_avg_sq": sq}
    except Exception as exc:  # noqa: BLE001 - safetensors, torch and JSON each raise their own kinds
        raise SnapshotError(f"{folder}: the resume snapshot cannot be read ({type(exc).__name__}: "
                            f"{str(exc).splitlines()[0] if str(exc) else ''}); delete {folder} to start over") from None
    return state


def teacher_targets(rows: list[Row], labels: list[bool], cfg: TrainConfig, out: Path) -> list[float]:
    """(1 - w) * label + w * the teacher's probability, per row (distillation from a larger encoder).

    The teacher's probabilities are kept in `out`/resume as JSON, so a resumed run does not score again."""
    from judgesuite.judges.fingerprint import model_files_digest

    if not 0.0 <= cfg.teacher_weight <= 1.0:
        raise ValueError(f"teacher_weight must lie in [0, 1], got {cfg.teacher_weight}")
    store = out / RESUME_DIR / "teacher_scores.json"
    ids = hashlib.sha256("\n".join(f"{r.dataset}/{r.sample.id}/{r.model}" for r in rows).encode()).hexdigest()
    key = {"teacher": cfg.teacher, "weights": model_files_digest(cfg.teacher), "rows": ids}  # full weights or a delta
    kept = parse_json(store.read_text()) if store.is_file() else {}
    if kept.get("key") == key:
        probs = kept["probs"]
    else:
        with EncoderJudge(checkpoint=cfg.teacher) as teacher:
            probs, _ = teacher.scores([r.sample for r in rows])
        probs = [float(p) for p in probs]
        store.parent.mkdir(parents=True, exist_ok=True)
        store.write_text(json.dumps({"key": key, "probs": probs}))
    w = cfg.teacher_weight
    return [(1 - w) * float(y) + w * p for y, p in zip(labels, probs)]


def fit(model, tokenizer, encoded, labels: list[float], cfg: TrainConfig, rng: random.Random,
        progress: bool = True, resume_dir: Path | None = None) -> dict:
    """The training loop: bucketed random batches, AdamW, linear warmup/decay, BCE on l1 - l0.

    `labels` are targets in [0, 1]: the human labels, or labels softened by a teacher.

    With `resume_dir` and cfg.save_every, a snapshot is written every save_every steps and a
    run started again with the same config continues from the last one (same batch order)."""
    import torch
    from tqdm import tqdm
    from transformers import get_linear_schedule_with_warmup

    y = torch.tensor([float(v) for v in labels])
    micro = max(1, cfg.batch_size // cfg.grad_accum)
    pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else 0
    with_types = "token_type_ids" in tokenizer.model_input_names and \
        getattr(model.config, "type_vocab_size", 2) > 1
    lengths = [len(e[0]) for e in encoded]
    batches = [b for _ in range(cfg.epochs) for b in bucketed_batches(lengths, cfg.batch_size, rng)]
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
    scheduler = get_linear_schedule_with_warmup(optimizer, int(cfg.warmup_ratio * len(batches)), len(batches))
    loss_fn = torch.nn.BCEWithLogitsLoss(reduction="sum")
    model.train()
    done = seen = tokens = 0
    spent = 0.0
    run = {"rows": len(encoded), "steps": len(batches), "lr": cfg.lr, "batch_size": cfg.batch_size,
           "seed": cfg.seed, "max_length": cfg.max_length}
    if cfg.teacher:
        run.update(teacher=cfg.teacher, teacher_weight=cfg.teacher_weight)
    state = load_snapshot(resume_dir, model, optimizer) if resume_dir is not None else None
    if state and state["run"] != run:
        raise SnapshotError(f"{resume_dir} holds a snapshot of another run ({state['run']}, this one {run}); "
                            "delete it or use another --out")
    if state and state["step"] > len(batches):
        raise SnapshotError(f"{resume_dir}: the snapshot is at step {state['step']} of a run of {len(batches)}; "
                            f"delete {resume_dir} to start over")
    if state:
        done, seen, tokens, spent = state["step"], state["pairs"], state["input_tokens"], state["seconds"]
        with warnings.catch_warnings():  # fast-forwarding the schedule, not skipping a step
            warnings.simplefilter("ignore", UserWarning)
            for _ in range(done):
                scheduler.step()
    started = time.time() - spent
    bar = tqdm(batches[done:], desc="train-encoder", unit="batch", disable=not progress,
               initial=done, total=len(batches))
    for step, batch_idx in enumerate(bar, start=done + 1):
        optimizer.zero_grad(set_to_none=True)
        total = 0.0
        for k in range(0, len(batch_idx), micro):
            part = batch_idx[k:k + micro]
            inputs = collate([encoded[i] for i in part], pad, with_types)
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=cfg.bf16):
                logits = model(**inputs).logits
            loss = loss_fn(margin_logit(logits.float()), y[part]) / len(batch_idx)
            loss.backward()
            total += loss.item()
            tokens += int(inputs["attention_mask"].sum())
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        scheduler.step()
        seen += len(batch_idx)
        bar.set_postfix(loss=f"{total:.3f}", pairs_s=f"{seen / (time.time() - started):.1f}")
        if resume_dir is not None and cfg.save_every and step % cfg.save_every == 0 and step < len(batches):
            save_snapshot(resume_dir, model, optimizer, {"run": run, "step": step, "pairs": seen, "input_tokens": tokens,
                                                         "seconds": time.time() - started})
    seconds = time.time() - started
    return {"steps": len(batches), "seconds": seconds, "pairs": seen, "input_tokens": tokens}

def train_encoder(cfg: TrainConfig, progress: bool = True) -> dict:
    """Fine-tune cfg.backbone; save the checkpoint, metadata and model card to cfg.out."""
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer
    from transformers.utils import logging as hf_logging

    if not progress:  # --no-progress: no "Loading weights" bar from transformers either
        hf_logging.disable_progress_bar()
    out = Path(cfg.out)
    out.mkdir(parents=True, exist_ok=True)  # before training: a folder that cannot be made fails at once
    torch.manual_seed(cfg.seed)
    rng = random.Random(cfg.seed)
    if cfg.synthetic or cfg.real_per_source:
        rows = training_mix(cfg.real_per_source, cfg.synthetic, cfg.datasets, cfg.seed, cfg.max_samples,
                            cfg.master_key_share)
    else:
        rows = training_rows(cfg.datasets, cfg.max_samples, cfg.seed)
    if not rows:
        raise ValueError("no training rows")
    tokenizer = AutoTokenizer.from_pretrained(cfg.backbone)
    delta = checkpoint_meta(cfg.backbone).get("delta")
    if delta:  # a checkpoint shipped as a delta from its backbone (judges/encoder/delta.py), rebuilt in fp32
        model = load_delta_model(cfg.backbone, delta).train()
    else:
        model = AutoModelForSequenceClassification.from_pretrained(
            cfg.backbone, num_labels=2, use_safetensors=True, dtype=torch.float32)
    if model.config.pad_token_id is None and tokenizer.pad_token_id is not None:
        model.config.pad_token_id = tokenizer.pad_token_id
    fmt = cfg.input_format or ("qcr" if cfg.with_question else "cr")
    encoded = InputBuilder(tokenizer, fmt, cfg.max_length).build([r.sample for r in rows])
    labels = [bool(r.label) for r in rows]
    targets = teacher_targets(rows, labels, cfg, out) if cfg.teacher else [float(v) for v in labels]
    stats = fit(model, tokenizer, encoded, targets, cfg, rng, progress, resume_dir=out / RESUME_DIR)
    model.eval()

    if cfg.save_dtype == "float16":
        model = model.to(torch.float16)
    model.config.id2label = {0: "incorrect", 1: "correct"}
    model.config.label2id = {"incorrect": 0, "correct": 1}
    model.save_pretrained(out)
    tokenizer.save_pretrained(out)
    meta = {"input_format": fmt, "max_length": cfg.max_length, "backbone": backbone_label(cfg.backbone),
            "score": "sigmoid(logit[1] - logit[0])", "threshold": 0.5}
    (out / META_FILE).write_text(json.dumps(meta, indent=2) + "\n")

    dev, threshold = evaluate_dev(str(out), cfg.datasets, cfg.dev_limit, cfg.seed)
    meta["threshold"] = threshold["threshold"]
    (out / META_FILE).write_text(json.dumps(meta, indent=2) + "\n")
    if (out / RESUME_DIR).exists():
        import shutil

        shutil.rmtree(out / RESUME_DIR)
    summary = {
        "config": {k: v for k, v in asdict(cfg).items() if k != "extra"},
        "training_rows": len(rows),
        "rows_by_source": dict(Counter(r.dataset for r in rows)),
        # with the warm-start checkpoint's sets: what the leaderboard marks as in-source
        "learned_from": sorted({*checkpoint_learned_from(cfg.backbone), *(r.dataset for r in rows),
                                *(checkpoint_learned_from(cfg.teacher) if cfg.teacher else ())} - {"synthetic"}),
        "rows_by_source_model": {f"{d}/{m}": n for (d, m), n in sorted(Counter((r.dataset, r.model) for r in rows).items())},
        "label_true_fraction": round(sum(labels) / len(labels), 4),
        "steps": stats["steps"], "train_seconds": round(stats["seconds"], 1),
        "pairs_per_second": round(stats["pairs"] / stats["seconds"], 2),
        "input_tokens": stats["input_tokens"], "dev": dev, "threshold": threshold,
        "rows_by_kind": dict(Counter(r.model for r in rows if r.dataset == "synthetic")),
        "synthetic_rows": sum(r.dataset == "synthetic" for r in rows), **cfg.extra,
    }
    (out / "training_summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    (out / "README.md").write_text(model_card(summary))
    return summary
