"""The one interface every LLM backend implements: generate, score, count tokens.

A backend is a loaded model plus a runtime (transformers, llama.cpp, vLLM, an HTTP
endpoint). It holds no sampling defaults: every call gets an explicit
`SamplingParams`, which the judges take as their own parameters (so they are part
of the judge's cache identity).
"""
from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar, Union

# A prompt is a user message (str) or a full chat: [{"role": ..., "content": ...}, ...].
Prompt = Union[str, Sequence[dict]]


class BackendError(RuntimeError):
    """A backend could not serve a request (bad model, server error after retries...)."""


class Unsupported(BackendError, NotImplementedError):
    """The backend has no way to compute what was asked (e.g. prompt log-likelihoods)."""


@dataclass(frozen=True)
class SamplingParams:
    """Decoding settings. temperature 0 = greedy; `seed` is used whenever sampling."""

    temperature: float = 0.0
    top_p: float = 1.0
    max_new_tokens: int = 16
    seed: int = 0
    top_logprobs: int = 0  # alternatives returned per generated token (0 = none)
    stop: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.temperature < 0 or not 0 < self.top_p <= 1 or self.max_new_tokens < 1:
            raise ValueError(f"bad sampling parameters: {self}")
        if not isinstance(self.stop, tuple):
            object.__setattr__(self, "stop", tuple(self.stop))

    @property
    def greedy(self) -> bool:
        return self.temperature == 0.0

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["stop"] = list(self.stop)
        return d


@dataclass
class Generation:
    """One generated reply with its real token counts.

    `token_logprobs[i]` maps the top alternative tokens at generated position i (as
    text) to their log-probabilities; `tokens[i]` is the token actually generated.
    Both are None when the backend gives no log-probabilities.
    """

    text: str
    prompt_tokens: int
    generated_tokens: int
    tokens: list[str] | None = None
    token_logprobs: list[dict[str, float]] | None = None
    finish_reason: str = ""
    seed: int | None = None
    latency_s: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)


def chat_messages(prompt: Prompt) -> list[dict]:
    if isinstance(prompt, str):
        return [{"role": "user", "content": prompt}]
    return [dict(m) for m in prompt]


def prompt_seed(seed: int, prompt: Prompt) -> int:
    """A per-prompt seed, so a sampled reply does not depend on batch composition."""
    import hashlib
    import json

    blob = json.dumps([seed, chat_messages(prompt)], ensure_ascii=False, sort_keys=True)
    return int.from_bytes(hashlib.sha256(blob.encode("utf-8", "surrogatepass")).digest()[:4], "big") & 0x7FFFFFFF


class Backend(ABC):
    """Generate replies, score continuations, count tokens, for one loaded model."""

    kind: ClassVar[str] = ""
    supports_logprobs: ClassVar[bool] = True  # per-token top log-probs of generated tokens
    supports_loglikelihood: ClassVar[bool] = False  # log P(continuation | prompt)

    #: parameters of the model (for FLOPs = 2 x params x tokens); 0 when unknown
    n_params: int = 0
    model_name: str = ""

    @abstractmethod
    def generate(self, prompts: Sequence[Prompt], params: SamplingParams) -> list[Generation]:
        """One Generation per prompt, in order. Chat templates are applied by the backend."""

    def loglikelihood(self, prompts: Sequence[Prompt], continuations: Sequence[str]) -> list[float]:
        """Sum of log P(continuation tokens | chat-formatted prompt), one per pair."""
        raise Unsupported(f"backend {self.kind!r} gives no prompt log-likelihoods")

    @abstractmethod
    def count_tokens(self, texts: Sequence[str]) -> list[int]:
        """Token counts of raw texts (no chat template, no special tokens)."""

    def describe(self) -> dict[str, Any]:
        return {"backend": self.kind, "model": self.model_name, "n_params": self.n_params}

    def close(self) -> None:
        """Release the model or connections."""


def logprob_of(alternatives: dict[str, float], words: Sequence[str]) -> float:
    """log of the total probability of the alternatives whose stripped text is one of `words`.

    -inf when none is listed. Case-insensitive, so "True", " true" and "TRUE" all count.
    """
    wanted = {w.lower() for w in words}
    probs = [math.exp(lp) for tok, lp in alternatives.items() if tok.strip().lower() in wanted]
    total = sum(probs)
    return math.log(total) if total > 0 else float("-inf")
