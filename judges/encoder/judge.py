"""`encoder`: BERT-as-a-Judge, a fine-tuned encoder that classifies (question, candidate, reference).

Loads any Hugging Face sequence-classification checkpoint (hub id or local folder,
safetensors only) with `AutoModelForSequenceClassification`. The default is the MiniLM-L6
checkpoint trained by `judgesuite train-encoder` and shipped in `checkpoints/`. A checkpoint
trained here records its input format and length in `judgesuite_encoder.json`; the released
artefactory BERTJudge checkpoints run with `input_format="artefactory"`.

Precision: on a CPU with bf16 units (AVX512-BF16 / AMX) the default is "bfloat16-checked": the
forward passes run in bf16 (about 2x faster than fp32 there), then every input whose bf16 margin
lies within `RECHECK_MARGIN` of the threshold runs again in fp32 and keeps the fp32 margin. bf16
moved a margin by at most 0.19 on the 7,777 test and probe rows (docs/speed.md), so the verdicts
are fp32's; the other rows' scores are bf16's. Elsewhere the default is fp32 (bf16 is emulated and
slow there).

An answer that answers nothing (a copy of the question, options committed to none) is incorrect whatever the
model says (`judges.non_answers`).

Cost: FLOPs = 2 x parameters x input tokens (the paper's convention; an encoder generates
nothing). `Verdict.extra` also carries the count over non-embedding parameters.
"""
from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from judgesuite.judges.base import CostModel, Judge, JudgeTags, held_out_record
from judgesuite.judges.fingerprint import file_digest, model_files_digest
from judgesuite.judges.profiling import PhaseTimer
from judgesuite.judges.encoder.cls_only import cls_only
from judgesuite.judges.encoder.backbones import check_tokenizer
from judgesuite.judges.encoder.delta import META_FILE, load_delta_model
from judgesuite.judges.encoder.inputs import INPUT_FORMATS, InputBuilder, collate, length_sorted_batches, margin_logit
from judgesuite.judges.non_answers import non_answer_verdict
from judgesuite.judges.types import Sample, Verdict
from judgesuite.judges.json_input import parse as parse_json

CHECKPOINTS_DIR = Path(__file__).resolve().parent / "checkpoints"
DEFAULT_CHECKPOINT = "encoder-minilm-qcr-v4"
_RETIRED = ("was retired on 2026-12-05 (its card: docs/encoder-checkpoints/); its weights are in the "
            "git history before that date: pass checkpoint=PATH to a copy")
NOT_IN_THIS_INSTALL = {  # shipped names this install may lack, and why
    "encoder-mpnet-qcr-v5": "is not in this install: it ships in source checkouts only (59 MB; the wheel "
                            "stays under PyPI's size limit): `git clone` the project and `pip install -e .`, "
                            "or pass checkpoint=PATH to its folder",
    "encoder-minilm-qcr": _RETIRED, "encoder-minilm-qcr-v2": _RETIRED, "encoder-minilm-qcr-v3": _RETIRED,
}
HELD_OUT_FILE = "held_out.json"
DTYPES = ("float32", "bfloat16", "bfloat16-checked")
# bf16 margins this close to the threshold's margin are recomputed in fp32: several times the
# largest bf16 - fp32 margin difference measured on the bundled test rows (docs/speed.md).
RECHECK_MARGIN = 0.5


def default_dtype() -> str:
    """"bfloat16-checked" where the CPU (which runs this judge) has bf16 units, else "float32"."""
    import torch

    cpu = getattr(torch, "cpu", None)
    bf16 = any(getattr(cpu, f, lambda: False)() for f in ("_is_avx512_bf16_supported", "_is_amx_tile_supported"))
    return "bfloat16-checked" if bf16 else "float32"


def default_checkpoint() -> str:
    return str(CHECKPOINTS_DIR / DEFAULT_CHECKPOINT)


def resolve_checkpoint(name: str | None) -> str:
    """The default for None; a shipped checkpoint's folder name (`checkpoints/`) to its path, unless a
    local folder of that name exists; anything else (a hub id, a path) unchanged."""
    if not name:
        return default_checkpoint()
    if not Path(name).exists() and "/" not in name and (CHECKPOINTS_DIR / name).is_dir():
        return str(CHECKPOINTS_DIR / name)
    if not Path(name).exists() and name in NOT_IN_THIS_INSTALL:
        raise FileNotFoundError(f"checkpoint {name!r} {NOT_IN_THIS_INSTALL[name]}")
    return name


def checkpoint_meta(path: str) -> dict:
    """The input format / max length a judgesuite-trained checkpoint was trained with ({} if none)."""
    f = Path(path) / META_FILE
    if not f.is_file():
        return {}
    try:
        meta = parse_json(f.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:  # a damaged file is a load error, never a silent default
        raise ValueError(f"{f}: cannot be read as the checkpoint's settings: {exc}") from None
    if not isinstance(meta, dict):
        raise ValueError(f"{f}: expected a JSON object of the checkpoint's settings, got {type(meta).__name__}")
    threshold = meta.get("threshold")
    if threshold is not None and (isinstance(threshold, bool) or not isinstance(threshold, (int, float))
                                  or not 0 <= threshold <= 1):
        raise ValueError(f"{f}: threshold {threshold!r} is not a number in [0, 1]")
    delta = meta.get("delta")
    if delta is not None and not isinstance(delta, dict):
        raise ValueError(f"{f}: delta must be an object, got {json.dumps(delta)[:60]}")
    count = (delta or {}).get("parameters", 1)
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 10**15:
        raise ValueError(f"{f}: delta.parameters must be a whole number >= 1, got {json.dumps(count)[:60]}")
    return meta


def checkpoint_learned_from(path: str) -> tuple[str, ...]:
    """The bundled sets whose train rows a judgesuite-trained checkpoint saw, its warm-start stages
    included (training_summary.json: `learned_from`, else this stage's `rows_by_source`); () for
    other checkpoints, whose training data judgesuite does not know). ValueError for a summary that
    cannot be read: "learned from nothing" would present in-source figures as held out."""
    f = Path(path) / "training_summary.json"
    if not f.is_file():
        return ()
    try:
        summary = parse_json(f.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ValueError(f"{f}: cannot be read as the checkpoint's training summary: {exc}") from None
    learned, sources = (summary.get("learned_from"), summary.get("rows_by_source")) if isinstance(summary, dict) \
        else (None, None)
    if learned is not None:
        if not isinstance(learned, list) or not all(isinstance(x, str) for x in learned):
            raise ValueError(f"{f}: learned_from must be a list of set names, got {json.dumps(learned)[:60]}")
        return tuple(sorted(learned))
    if not isinstance(sources, dict):
        raise ValueError(f"{f}: says neither learned_from (a list of set names) nor rows_by_source (an object)")
    return tuple(sorted(k for k in sources if k != "synthetic"))


def count_parameters(model) -> tuple[int, int]:
    """(all parameters, parameters outside the embedding tables)."""
    total = sum(p.numel() for p in model.parameters())
    emb = sum(p.numel() for n, p in model.named_parameters() if "embeddings" in n)
    return total, total - emb


def load_classifier(checkpoint: str, dtype: str):
    """(tokenizer, model) in eval mode; cached so judges sharing a checkpoint share weights (the
    cache key holds the digest of the folder's files: an edited config or tokenizer loads again)."""
    return _load_classifier(checkpoint, dtype, model_files_digest(checkpoint))


@lru_cache(maxsize=4)
def _load_classifier(checkpoint: str, dtype: str, files: str | None):
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()  # its "Loading weights" bar would cut through the run's bars
    tokenizer = AutoTokenizer.from_pretrained(checkpoint)
    delta = checkpoint_meta(checkpoint).get("delta")
    if delta:  # stored as a difference from a packaged backbone (delta.py)
        model = load_delta_model(checkpoint, delta).to(getattr(torch, dtype))
    else:
        model = AutoModelForSequenceClassification.from_pretrained(
            checkpoint, use_safetensors=True, dtype=getattr(torch, dtype))
    check_tokenizer(tokenizer, model.config.vocab_size, "its tokenizer")  # the caller names the checkpoint
    model.eval()
    return tokenizer, model


def predict_margins(model, tokenizer, encoded, batch_size: int, timer: PhaseTimer | None = None,
                    check: tuple | None = None, rechecked: list[bool] | None = None) -> list[float]:
    """Margin logits (l1 - l0) per encoded row: each distinct input once, length-sorted batches,
    dynamic padding, no grad, a BERT's last layer for [CLS] only (`cls_only`). `timer` gets the
    forward passes as "model", the rest as "bookkeeping". `check` = (model, centre, width): the
    inputs whose margin lies within `width` of `centre` run again in that model ("recheck"), and
    `rechecked`, if given, gets one flag per row."""
    import torch

    timer = timer or PhaseTimer()
    with timer("bookkeeping"):
        pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else 0
        with_types = "token_type_ids" in tokenizer.model_input_names and \
            getattr(model.config, "type_vocab_size", 2) > 1
        slot: dict[tuple, int] = {}  # identical inputs (same question, answer, reference) run once
        where = [slot.setdefault((tuple(ids), tuple(types)), len(slot)) for ids, types in encoded]
        distinct = [(list(ids), list(types)) for ids, types in slot]
        margins = [0.0] * len(distinct)

    def forward(net, todo: list[int], phase: str) -> None:
        with torch.inference_mode(), cls_only(net):
            for idx in length_sorted_batches([len(distinct[i][0]) for i in todo], batch_size):
                with timer("bookkeeping"):
                    idx = [todo[i] for i in idx]
                    batch = collate([distinct[i] for i in idx], pad, with_types)
                with timer(phase):
                    logits = net(**batch).logits
                with timer("bookkeeping"):
                    for i, m in zip(idx, margin_logit(logits.float()).tolist()):
                        margins[i] = m

    forward(model, list(range(len(distinct))), "model")
    again: set[int] = set()
    if check is not None:
        net, centre, width = check
        again = {i for i, m in enumerate(margins) if abs(m - centre) < width}
        forward(net, sorted(again), "recheck")
    if rechecked is not None:
        rechecked.extend(w in again for w in where)
    return [margins[w] for w in where]


def sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x)) if x >= 0 else math.exp(x) / (1.0 + math.exp(x))


class EncoderJudge(Judge):
    """Fine-tuned encoder classifier: P(correct) = sigmoid(l1 - l0) >= threshold."""

    tags = JudgeTags(version="3", cost_class="encoder", identity_exclude=("batch_size", "threads"), libraries=("torch", "transformers"))

    def __init__(self, checkpoint: str | None = None, input_format: str | None = None,
                 max_length: int | None = None, threshold: float | None = None, dtype: str | None = None,
                 batch_size: int = 16, threads: int | None = None) -> None:
        # None values resolve here (from the checkpoint's metadata / the CPU) so the cache
        # identity records what actually ran.
        self.checkpoint = resolve_checkpoint(checkpoint)
        meta = checkpoint_meta(self.checkpoint)
        self.input_format = input_format or meta.get("input_format", "qcr")
        if self.input_format not in INPUT_FORMATS:
            raise ValueError(f"input_format must be one of {INPUT_FORMATS}, got {self.input_format!r}")
        self.max_length = int(max_length or meta.get("max_length", 512))
        # the threshold chosen on dev at training time (judgesuite_encoder.json), else 0.5
        self.threshold = float(threshold if threshold is not None else meta.get("threshold", 0.5))
        # plain bf16 flips ~0.3% of verdicts against fp32 (docs/speed.md), over the 0.1% bar;
        # "bfloat16-checked" recomputes the close calls in fp32, so it is the default where bf16 is fast
        self.dtype = dtype or default_dtype()
        if self.dtype not in DTYPES:
            raise ValueError(f"dtype must be one of {DTYPES}, got {self.dtype!r}")
        self.batch_size = int(batch_size)
        self.threads = threads
        self._loaded = None
        self._check = None  # (fp32 model, threshold margin, RECHECK_MARGIN) for "bfloat16-checked"
        self._load_error: str | None = None
        self._timer = PhaseTimer()

    def identity(self) -> dict[str, Any]:
        """The base identity plus the sha256 of a local checkpoint's weights and judge metadata
        (`weights_sha256`, which a stacked blend records) and of every file its loader reads
        (`files_sha256`: config, tokenizer, weights, thresholds), so an edited or retrained
        checkpoint cannot serve the old one's cached verdicts; the files then pin the verdicts, so
        only the folder's name is kept, not where it lies (a clone, another shard machine)."""
        ident = super().identity()
        folder = Path(self.checkpoint)
        files = sorted(folder.glob("*.safetensors")) + [folder / META_FILE] if folder.is_dir() else []
        ident["weights_sha256"] = {f.name: file_digest(f) for f in files if f.is_file()} or None
        ident["files_sha256"] = model_files_digest(folder)
        if ident["weights_sha256"]:
            ident["params"]["checkpoint"] = folder.name
        return ident

    def learned_from(self) -> tuple[str, ...]:
        """The bundled sets a judgesuite-trained checkpoint saw; () for other checkpoints."""
        return checkpoint_learned_from(self.checkpoint)

    def held_out(self) -> dict[str, Any]:
        """The checkpoint recipe's leave-one-source-out figures, if its folder records them
        (`held_out.json`, written by scripts/encoder_held_out.py); {} otherwise."""
        try:
            return held_out_record(parse_json((Path(self.checkpoint) / HELD_OUT_FILE).read_text()))
        except (OSError, ValueError):
            return {}

    def cost_model(self) -> CostModel:
        """Parameters counted from the checkpoint's safetensors headers (the weights are not loaded)."""
        from judgesuite.judges.model_size import hub_snapshot, safetensors_parameters

        delta = checkpoint_meta(self.checkpoint).get("delta")
        if delta:  # the delta file's integer codes are not parameters: count the rebuilt model's
            return CostModel("encoder", int(delta["parameters"]))
        path = self.checkpoint if Path(self.checkpoint).exists() else hub_snapshot(self.checkpoint)
        counted = safetensors_parameters(path) if path else None
        return CostModel("encoder", counted[0] if counted else 0)

    def _load(self):
        if self._loaded is None:
            if self._load_error is not None:  # fail fast: the base class retries sample by sample
                raise RuntimeError(self._load_error)
            if self.threads:
                import torch

                torch.set_num_threads(int(self.threads))
            try:
                if (Path(self.checkpoint).is_absolute() or self.checkpoint.startswith((".", "~"))) and \
                        not Path(self.checkpoint).expanduser().exists():  # a path, not a hub id
                    raise FileNotFoundError("no such folder")
                if Path(self.checkpoint).is_dir() and not (Path(self.checkpoint) / "config.json").is_file():
                    raise FileNotFoundError("no config.json: not a model checkpoint folder")
                with self._timer("load"):
                    tokenizer, model = load_classifier(self.checkpoint, self.dtype.removesuffix("-checked"))
                    positions = getattr(model.config, "max_position_embeddings", None)
                    if positions and self.max_length > positions:  # longer inputs fail on every batch
                        raise ValueError(f"max_length={self.max_length} is more than the model's {positions} positions")
                    checkpoint_learned_from(self.checkpoint)  # a damaged training summary stops here, not in a report
                    if self.dtype.endswith("-checked"):
                        t = min(max(self.threshold, 1e-12), 1 - 1e-12)
                        self._check = (load_classifier(self.checkpoint, "float32")[1], math.log(t / (1 - t)),
                                       RECHECK_MARGIN)
            except Exception as exc:
                self._load_error = f"cannot load encoder checkpoint {self.checkpoint!r}: {type(exc).__name__}: {exc}"[:500]
                raise RuntimeError(self._load_error) from exc
            builder = InputBuilder(tokenizer, self.input_format, self.max_length)
            total, non_emb = count_parameters(model)
            self._loaded = (tokenizer, model, builder, non_emb)
        return self._loaded

    def load(self) -> None:
        """Load the tokenizer and weights (raises RuntimeError naming the checkpoint and the cause)."""
        self._load()

    def scores(self, samples: Sequence[Sample], rechecked: list[bool] | None = None) -> tuple[list[float], list[int]]:
        """P(correct) and input token count per sample (`rechecked`: see `predict_margins`)."""
        tokenizer, model, builder, _ = self._load()
        with self._timer("tokenise"):
            encoded = builder.build(samples)
        margins = predict_margins(model, tokenizer, encoded, self.batch_size, self._timer, self._check, rechecked)
        with self._timer("bookkeeping"):
            return [sigmoid(m) for m in margins], [len(e[0]) for e in encoded]

    def profile(self) -> dict[str, float]:
        """Cumulative seconds: load (weights), tokenise, model (forward passes), recheck (fp32
        passes of "bfloat16-checked"), bookkeeping."""
        return self._timer.totals()

    def _judge_batch(self, samples: Sequence[Sample]) -> list[Verdict]:
        again: list[bool] = []
        probs, lengths = self.scores(samples, again)
        non_emb = self._loaded[3]
        with self._timer("bookkeeping"):
            # a rechecked input ran twice: both passes count
            out = [Verdict(correct=p >= self.threshold, score=p, tokens=n, input_tokens=n,
                           flops=self.cost.flops(n) * (1 + r), extra={"flops_non_embedding": 2.0 * non_emb * n * (1 + r),
                                                                     **({"rechecked_fp32": True} if r else {})})
                   for p, n, r in zip(probs, lengths, again)]
            # the model ran (its cost stands); its score does not decide an answer that answers nothing
            rules = [non_answer_verdict(s) for s in samples]
            return [v if r is None else replace(v, correct=False, score=0.0, extra={**v.extra, **r.extra})
                    for v, r in zip(out, rules)]
