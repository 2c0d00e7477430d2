"""`transformers` backend: a causal LM on CPU (or any torch device).

GGUF files load through transformers' `from_pretrained(dir, gguf_file=...)`, which
de-quantizes to float32 (14-45 s for SmolLM2 here). The de-quantized model is then
saved once as safetensors under the judgesuite cache, so later loads take about a
second. Generation is batched with left padding; greedy unless temperature > 0.
Sampled replies are generated one prompt at a time with a per-prompt seed, so a
reply never depends on which other prompts shared its batch.
"""
from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Sequence
from pathlib import Path

from judgesuite.judges.llm.backends.base import Backend, Generation, Prompt, SamplingParams, chat_messages, prompt_seed
from judgesuite.judges.llm.backends.models import is_gguf, resolve
from judgesuite.judges.local_cache import cache_dir


def _converted_dir(gguf_path: str) -> Path:
    st = os.stat(gguf_path)
    key = hashlib.sha256(f"{os.path.realpath(gguf_path)}|{st.st_size}|{int(st.st_mtime)}".encode()).hexdigest()[:16]
    return cache_dir() / "hf-from-gguf" / f"{Path(gguf_path).stem}-{key}"


class TransformersBackend(Backend):
    """A transformers causal LM. `model`: alias, .gguf path, HF folder or hub id."""

    kind = "transformers"
    supports_loglikelihood = True

    def __init__(self, model: str, device: str = "cpu", dtype: str = "float32", threads: int | None = None,
                 batch_size: int = 8, cache_converted: bool = True) -> None:
        import torch
        from transformers import AutoModelForCausalLM, AutoTokenizer

        if threads:
            torch.set_num_threads(threads)
        self.model_name = model
        self.batch_size = batch_size
        self.device = device
        path = resolve(model)
        torch_dtype = getattr(torch, dtype)
        if is_gguf(path):
            converted = _converted_dir(path)
            if cache_converted and (converted / "config.json").is_file():
                source, kw = str(converted), {}
            else:
                source, kw = os.path.dirname(path) or ".", {"gguf_file": os.path.basename(path)}
        else:
            source, kw, converted = path, {}, None
        self.tokenizer = AutoTokenizer.from_pretrained(source, **kw)
        self.model = AutoModelForCausalLM.from_pretrained(source, dtype=torch_dtype, **kw).to(device).eval()
        if kw and cache_converted and converted is not None:
            self._save_converted(converted)
        if self.tokenizer.pad_token is None:
            self.tokenizer.pad_token = self.tokenizer.eos_token
        self.n_params = sum(p.numel() for p in self.model.parameters())

    def _save_converted(self, target: Path) -> None:
        # save_pretrained refuses a GGUF-quantized model until the quantizer is dropped;
        # the weights are already de-quantized float tensors.
        tmp = target.with_name(target.name + f".tmp{os.getpid()}")
        try:
            self.model.hf_quantizer = None
            if hasattr(self.model.config, "quantization_config"):
                del self.model.config.quantization_config
            self.model.save_pretrained(tmp)
            self.tokenizer.save_pretrained(tmp)
            os.replace(tmp, target)
        except OSError:
            pass  # another process won the race, or the cache is read-only: keep going uncached

    def _render(self, prompt: Prompt) -> str:
        if self.tokenizer.chat_template:
            return self.tokenizer.apply_chat_template(chat_messages(prompt), add_generation_prompt=True,
                                                      tokenize=False)
        return "\n\n".join(m["content"] for m in chat_messages(prompt))

    def count_tokens(self, texts: Sequence[str]) -> list[int]:
        return [len(self.tokenizer(t, add_special_tokens=False)["input_ids"]) for t in texts]

    def generate(self, prompts: Sequence[Prompt], params: SamplingParams) -> list[Generation]:
        rendered = [self._render(p) for p in prompts]
        if params.greedy:
            out: list[Generation] = []
            # Length-sorted batches waste less padding; results go back in input order.
            order = sorted(range(len(rendered)), key=lambda i: len(rendered[i]))
            results: dict[int, Generation] = {}
            for start in range(0, len(order), self.batch_size):
                idx = order[start:start + self.batch_size]
                for i, g in zip(idx, self._generate_batch([rendered[i] for i in idx], params, None)):
                    results[i] = g
            out = [results[i] for i in range(len(rendered))]
            return out
        return [self._generate_batch([r], params, prompt_seed(params.seed, p))[0]
                for r, p in zip(rendered, prompts)]

    def _generate_batch(self, texts: list[str], params: SamplingParams, seed: int | None) -> list[Generation]:
        import torch

        t0 = time.perf_counter()
        enc = self.tokenizer(texts, return_tensors="pt", padding=True, padding_side="left",
                             add_special_tokens=False).to(self.device)
        kwargs = dict(max_new_tokens=params.max_new_tokens, do_sample=not params.greedy,
                      pad_token_id=self.tokenizer.pad_token_id, return_dict_in_generate=True,
                      output_logits=params.top_logprobs > 0)
        if not params.greedy:
            kwargs.update(temperature=params.temperature, top_p=params.top_p, top_k=0)
            torch.manual_seed(seed)
        else:
            kwargs.update(temperature=None, top_p=None, top_k=None)
        if params.stop:
            kwargs.update(stop_strings=list(params.stop), tokenizer=self.tokenizer)
        with torch.inference_mode():
            res = self.model.generate(**enc, **kwargs)
        new = res.sequences[:, enc["input_ids"].shape[1]:]
        latency = (time.perf_counter() - t0) / len(texts)
        eos = {self.tokenizer.eos_token_id, self.tokenizer.pad_token_id}
        gens = []
        for row in range(len(texts)):
            ids = new[row].tolist()
            n = next((k + 1 for k, t in enumerate(ids) if t in eos), len(ids))
            finish = "stop" if n <= len(ids) and ids[n - 1] in eos else "length"
            kept = ids[:n - 1] if finish == "stop" else ids[:n]
            tokens = lps = None
            if params.top_logprobs > 0:
                tokens, lps = [], []
                for step in range(len(kept)):
                    logp = torch.log_softmax(res.logits[step][row].float(), dim=-1)
                    top = torch.topk(logp, params.top_logprobs)
                    alts = {}
                    for v, t in zip(top.values.tolist(), top.indices.tolist()):
                        alts.setdefault(self.tokenizer.decode([t]), v)
                    tokens.append(self.tokenizer.decode([kept[step]]))
                    lps.append(alts)
            gens.append(Generation(
                text=self.tokenizer.decode(kept, skip_special_tokens=True),
                prompt_tokens=int(enc["attention_mask"][row].sum()), generated_tokens=n,
                tokens=tokens, token_logprobs=lps, finish_reason=finish, seed=seed, latency_s=latency))
        return gens

    def loglikelihood(self, prompts: Sequence[Prompt], continuations: Sequence[str]) -> list[float]:
        import torch

        scores = []
        for prompt, cont in zip(prompts, continuations):
            p_ids = self.tokenizer(self._render(prompt), add_special_tokens=False)["input_ids"]
            c_ids = self.tokenizer(cont, add_special_tokens=False)["input_ids"]
            ids = torch.tensor([p_ids + c_ids], device=self.device)
            with torch.inference_mode():
                # Only the rows that predict continuation tokens are needed.
                logits = self.model(ids, logits_to_keep=len(c_ids) + 1).logits[0, :-1]
            logp = torch.log_softmax(logits.float(), dim=-1)
            scores.append(float(logp[torch.arange(len(c_ids)), torch.tensor(c_ids)].sum()))
        return scores

    def close(self) -> None:
        self.model = None
