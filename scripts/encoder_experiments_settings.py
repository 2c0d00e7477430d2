"""Shared settings of the encoder experiments (scripts/encoder_experiments.py and its report)."""
from __future__ import annotations

import json
from pathlib import Path

from judgesuite.judges.encoder.judge import default_checkpoint
from judgesuite.suite.data.loader import Row

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


def is_in_domain_qcr(spec: dict) -> bool:
    return spec["fmt"] == "qcr" and not spec.get("exclude_sources") and not spec.get("exclude_held_out_models") \
        and "lr" not in spec and "seed" not in spec


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
