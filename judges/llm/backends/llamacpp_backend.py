"""llama.cpp backend through the `xllamacpp` wheel (prebuilt, no compiler needed).

xllamacpp embeds llama.cpp's server in-process: requests are OpenAI-style dicts
handled without a socket (its token counter uses the same server's `/tokenize` on an
ephemeral 127.0.0.1 port). The chat template is the one stored in the GGUF file; a GGUF
without one (a base model such as gemma-3-270m) gets plain completion of the prompt text
(llama.cpp would otherwise wrap it in a ChatML template the model never saw).
Each request carries its own seed, and llama.cpp's prompt cache is off by default:
with it on, a prompt's logits depend on which earlier prompt shared its prefix (measured:
sampled replies changed with request order), so verdicts would depend on batch order.
Thread count also changes the floating-point results (measured), so `threads` is part of
a judge's identity through `backend_options`.
"""
from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

from judgesuite.judges.cpu_share import usable_cpus
from judgesuite.judges.llm.backends.base import Backend, BackendError, Generation, Prompt, SamplingParams, chat_messages, prompt_seed
from judgesuite.judges.llm.backends.models import gguf_has_chat_template, gguf_param_count, is_gguf, resolve
from judgesuite.judges.json_input import parse as parse_json


class LlamaCppBackend(Backend):
    """A GGUF model run by llama.cpp. `parallel` > 1 batches requests across slots."""

    kind = "llamacpp"

    def __init__(self, model: str, threads: int | None = None, n_ctx: int = 8192, parallel: int = 1,
                 n_gpu_layers: int = 0, cache_prompt: bool = False, chat: bool | None = None) -> None:
        try:
            import xllamacpp as xlc
        except ImportError as exc:
            raise ImportError("the llamacpp backend needs xllamacpp: pip install 'judgesuite[llm]'") from exc
        path = resolve(model)
        if not is_gguf(path):
            raise BackendError(f"llamacpp needs a .gguf file or a packaged alias, got {model!r}")
        self.model_name = model
        self.parallel = max(1, parallel)
        self.cache_prompt = cache_prompt
        p = xlc.CommonParams()
        p.model.path = path
        p.n_ctx = n_ctx * self.parallel  # the context is shared by the slots
        p.n_parallel = self.parallel
        p.n_gpu_layers = n_gpu_layers
        n = threads or min(4, usable_cpus())
        p.cpuparams.n_threads = n
        p.cpuparams_batch.n_threads = n
        p.verbosity = -1
        p.warmup = False
        p.hostnames = ["127.0.0.1"]
        self._server = xlc.Server(p)
        self.n_params = gguf_param_count(path)
        # chat=None: chat completions iff the file stores a chat template, else plain completion.
        self.chat = gguf_has_chat_template(path) if chat is None else bool(chat)
        self._pool = ThreadPoolExecutor(self.parallel) if self.parallel > 1 else None

    def _request(self, prompt: Prompt, params: SamplingParams) -> Generation:
        seed = prompt_seed(params.seed, prompt)
        req = {"max_tokens": params.max_new_tokens, "temperature": params.temperature, "top_p": params.top_p, "seed": seed,
               "top_k": 0, "min_p": 0.0, "stream": False, "cache_prompt": self.cache_prompt}
        if params.stop:
            req["stop"] = list(params.stop)
        if params.top_logprobs > 0:
            req.update(logprobs=True, top_logprobs=params.top_logprobs)
        if self.chat:
            req["messages"] = chat_messages(prompt)
        elif isinstance(prompt, str):
            req["prompt"] = prompt
        else:
            raise BackendError(f"{self.model_name} has no chat template: give plain-text prompts, not messages")
        t0 = time.perf_counter()
        res = (self._server.handle_chat_completions(req) if self.chat
               else self._server.handle_completions(req))
        latency = time.perf_counter() - t0
        if isinstance(res, str):
            res = parse_json(res)
        if "error" in res or not res.get("choices"):
            raise BackendError(f"llama.cpp: {str(res.get('error', res))[:300]}")
        choice, usage = res["choices"][0], res.get("usage", {})
        tokens = lps = None
        content = (choice.get("logprobs") or {}).get("content")
        if params.top_logprobs > 0 and content is not None:
            tokens = [c["token"] for c in content]
            lps = [{a["token"]: a["logprob"] for a in reversed(c.get("top_logprobs", []))} for c in content]
        text = (choice.get("message") or {}).get("content") if self.chat else choice.get("text")
        return Generation(text=text or "",
                          prompt_tokens=int(usage.get("prompt_tokens", 0)),
                          generated_tokens=int(usage.get("completion_tokens", 0)), tokens=tokens,
                          token_logprobs=lps, finish_reason=choice.get("finish_reason", ""),
                          seed=seed if not params.greedy else None, latency_s=latency)

    def describe(self) -> dict:
        return {**super().describe(), "prompt_mode": "chat" if self.chat else "completion"}

    def generate(self, prompts: Sequence[Prompt], params: SamplingParams) -> list[Generation]:
        if self._pool is None:
            return [self._request(p, params) for p in prompts]
        return list(self._pool.map(lambda p: self._request(p, params), prompts))

    def count_tokens(self, texts: Sequence[str]) -> list[int]:
        out = []
        for text in texts:
            req = urllib.request.Request(self._server.listening_address + "/tokenize",
                                         data=json.dumps({"content": text}).encode(),
                                         headers={"Content-Type": "application/json"})
            with urllib.request.urlopen(req, timeout=30) as r:
                out.append(len(parse_json(r.read())["tokens"]))
        return out

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown()
        self._server = None

