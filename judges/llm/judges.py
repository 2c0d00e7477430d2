"""LLM judges: `llm-direct` and `llm-cot` (the seed's two prompts) and their shared base; `llm-vote` is in vote.py.

All of them take the backend, the model and every sampling parameter as judge
parameters, so these are part of the verdict cache identity. So are `backend_options`
(URLs, context size...) and `threads` (a top-level parameter so that the command line
can set it): llama.cpp's results change with the thread count (measured).
Only `batch_size` is left out. The backend is loaded on first use and shared between
judges of the process.

Per verdict: `input_tokens` and `generated_tokens` are the prompt and generated tokens
actually processed, `tokens` their sum, `flops` = 2 x parameters x tokens; `extra`
holds `latency_s` and the raw `reply`.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from judgesuite.judges.base import CostModel, Judge, JudgeTags
from judgesuite.judges.llm.backends import DEFAULT_BACKEND, DEFAULT_MODEL, Generation, SamplingParams, logprob_of
from judgesuite.judges.llm.prompts import PARSERS, join_references, render
from judgesuite.judges.types import NoVerdict, Sample, Verdict

# SmolLM2-135M-Instruct, the default model; replaced by the loaded model's own count.


def llm_parameters(model: str) -> int:
    """Parameters of a judge model from its files (no loading); a named vLLM model's nominal size;
    0 where neither is known here (a remote endpoint)."""
    from judgesuite.judges.llm.backends.models import VLLM_CONFIGS, resolve
    from judgesuite.judges.model_size import model_parameters

    if model in VLLM_CONFIGS:
        return VLLM_CONFIGS[model].nominal_params
    try:
        return int(model_parameters(resolve(model)) or 0)
    except (FileNotFoundError, OSError, ValueError):
        return 0
_WORDS = ("true", "false")


def clip(text: str, limit: int) -> tuple[str, bool]:
    """Keep at most `limit` characters: the head and the tail (where final answers are)."""
    if len(text) <= limit:
        return text, False
    half = limit // 2
    return text[:half] + "\n[...]\n" + text[-half:], True


def p_true(gen: Generation, last: bool) -> float | None:
    """P(True) / (P(True) + P(False)) at the generated position of the verdict word.

    `last`: use the last True/False token (reasoning replies), else the first.
    None when the backend gave no log-probabilities or no such position exists.
    """
    if not gen.tokens or not gen.token_logprobs:
        return None
    positions = [i for i, t in enumerate(gen.tokens) if t.strip().strip('"*').lower() in _WORDS]
    if not positions:
        return None
    alts = gen.token_logprobs[positions[-1] if last else positions[0]]
    lt, lf = logprob_of(alts, ["true"]), logprob_of(alts, ["false"])
    if lt == lf == float("-inf"):
        return None
    m = max(lt, lf)
    return math.exp(lt - m) / (math.exp(lt - m) + math.exp(lf - m))


class _LLMJudge(Judge):
    """Shared machinery: lazy shared backend, prompt building, token and FLOP accounting."""

    tags = JudgeTags(cost_class="llm", identity_exclude=("batch_size",))
    prompt_kind = "direct"

    def _setup(self, backend: str, model: str, backend_options: dict | None, batch_size: int | None,
               max_field_chars: int, threads: int | None) -> None:
        self.backend = backend
        self.model = model
        self.threads = threads
        self.backend_options = dict(backend_options or {})
        self.batch_size = batch_size
        self.max_field_chars = max_field_chars
        self._backend = None

    def _get_backend(self):
        if self._backend is None:
            from judgesuite.judges.llm.backends import shared_backend

            options = dict(self.backend_options)
            if self.threads is not None and self.backend in ("llamacpp", "transformers"):
                options["threads"] = self.threads
            self._backend = shared_backend(self.backend, self.model, **options)
        return self._backend

    def identity(self) -> dict[str, Any]:
        """The base identity plus the digest of the local model file or folder a local backend loads
        (`files_sha256`; None for an HTTP endpoint or a hub id), so a replaced model file cannot
        serve the old one's cached verdicts."""
        ident = super().identity()
        ident["files_sha256"] = None
        if self.backend != "http":
            from judgesuite.judges.fingerprint import model_files_digest
            from judgesuite.judges.llm.backends.models import resolve

            try:
                ident["files_sha256"] = model_files_digest(resolve(self.model))
            except (FileNotFoundError, ImportError):  # a packaged model that is absent: reported when loading
                pass
        return ident

    def load(self) -> None:
        """Start the backend (loads a local model; an HTTP endpoint is only reached when judging)."""
        self._get_backend()

    def get_tags(self) -> JudgeTags:
        # a remote endpoint samples with its own seed handling: only greedy replies repeat
        return replace(self.tags, deterministic=self.backend != "http" or self.temperature == 0.0)

    def cost_model(self) -> CostModel:
        return CostModel("llm", llm_parameters(self.model))

    def _prompt(self, s: Sample, reference_first: bool = True) -> tuple[str, bool]:
        q, cut_q = clip(s.question, self.max_field_chars)
        c, cut_c = clip(s.candidate, self.max_field_chars)
        r, cut_r = clip(join_references(s.references), self.max_field_chars)
        return render(self.prompt_kind, q, r, c, reference_first), cut_q or cut_c or cut_r

    def _generate(self, prompts: list[str], params: SamplingParams) -> list[Generation]:
        backend = self._get_backend()
        step = self.batch_size or max(1, len(prompts))  # None: the whole batch (vLLM schedules it)
        out: list[Generation] = []
        for start in range(0, len(prompts), step):
            out.extend(backend.generate(prompts[start:start + step], params))
        return out

    def _accounting(self, gens: Sequence[Generation], share: float = 1.0) -> dict[str, Any]:
        """Token counts of `gens`; `share` < 1 charges a sample its part of prompts it shares."""
        n_in = round(share * sum(g.prompt_tokens for g in gens))
        n_out = round(share * sum(g.generated_tokens for g in gens))
        return {"input_tokens": n_in, "generated_tokens": n_out, "tokens": n_in + n_out,
                "flops": self.cost.flops(n_in + n_out)}

    def close(self) -> None:
        if self._backend is not None:
            from judgesuite.judges.llm.backends import release_backend

            release_backend(self._backend)
            self._backend = None


class LLMDirectJudge(_LLMJudge):
    """The seed's direct prompt: reply "Final answer: True/False" (or bare True/False); score = P(True)."""

    prompt_kind = "direct"

    def __init__(self, backend: str = DEFAULT_BACKEND, model: str = DEFAULT_MODEL, temperature: float = 0.0,
                 top_p: float = 1.0, max_new_tokens: int = 8, seed: int = 0, top_logprobs: int = 10,
                 max_field_chars: int = 6000, threads: int | None = None, backend_options: dict | None = None,
                 batch_size: int | None = None) -> None:
        self._setup(backend, model, backend_options, batch_size, max_field_chars, threads)
        self.temperature = temperature
        self.top_p = top_p
        self.max_new_tokens = max_new_tokens
        self.seed = seed
        self.top_logprobs = top_logprobs

    def sampling(self) -> SamplingParams:
        return SamplingParams(temperature=self.temperature, top_p=self.top_p, max_new_tokens=self.max_new_tokens,
                              seed=self.seed, top_logprobs=self.top_logprobs)

    def _judge_batch(self, samples: Sequence[Sample]) -> list[Verdict]:
        built = [self._prompt(s) for s in samples]
        gens = self._generate([p for p, _ in built], self.sampling())
        return [self._verdict(g, cut) for g, (_, cut) in zip(gens, built)]

    def _verdict(self, gen: Generation, truncated: bool) -> Verdict:
        parse = PARSERS[self.prompt_kind]
        kw = self._accounting([gen])
        extra = dict(reply=gen.text[:500], finish_reason=gen.finish_reason, truncated_input=truncated,
                     latency_s=round(gen.latency_s, 4))
        decided = parse(gen.text)
        if decided is None:
            why = "token budget exhausted" if gen.finish_reason == "length" else "reply is not True/False"
            return Verdict.none(NoVerdict.INVALID_OUTPUT, f"{why}: {gen.text[:200]!r}", extra=extra, **kw)
        score = p_true(gen, last=self.prompt_kind == "cot")
        return Verdict(correct=decided, score=score, extracted=str(decided), extra=extra, **kw)


class LLMCoTJudge(LLMDirectJudge):
    """The seed's reasoning prompt: free reasoning, concluded by "Final answer: True/False", within a token budget."""

    prompt_kind = "cot"

    def __init__(self, backend: str = DEFAULT_BACKEND, model: str = DEFAULT_MODEL, temperature: float = 0.0,
                 top_p: float = 1.0, max_new_tokens: int = 256, seed: int = 0, top_logprobs: int = 10,
                 max_field_chars: int = 6000, threads: int | None = None, backend_options: dict | None = None,
                 batch_size: int | None = None) -> None:
        super().__init__(backend, model, temperature, top_p, max_new_tokens, seed, top_logprobs,
                         max_field_chars, threads, backend_options, batch_size)
