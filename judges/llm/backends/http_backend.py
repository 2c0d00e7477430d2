"""OpenAI-compatible HTTP backend: a vLLM server, llama.cpp's server, or any provider.

Requests go to `{base_url}/chat/completions` with at most `concurrency` in flight per
endpoint. `base_url` may list several endpoints serving the same model (a list, or URLs
separated by commas): requests are spread over them in turn, and a retry goes to the next
endpoint, so one slow or dead server does not stall a large run. Connection errors,
timeouts, 429 and 5xx answers are retried `retries` times with exponential backoff
(`backoff` x 2^attempt seconds, capped at 30 s, honouring a Retry-After header); other 4xx
answers fail at once. Only the standard library is
used. The API key is read from the environment variable named by `api_key_env`, so it
never lands in a judge's parameters or cache identity.
"""
from __future__ import annotations

import itertools
import json
import os
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

from judgesuite.judges.llm.backends.base import (Backend, BackendError, Generation, Prompt, SamplingParams, Unsupported, chat_messages,
                   prompt_seed)
from judgesuite.judges.json_input import parse as parse_json

RETRY_STATUS = {408, 409, 425, 429, 500, 502, 503, 504}


class HttpBackend(Backend):
    """Chat completions over HTTP. `n_params` is given by the user (for FLOPs)."""

    kind = "http"

    def __init__(self, model: str, base_url: str | Sequence[str], concurrency: int = 4, timeout: float = 60.0,
                 retries: int = 3, backoff: float = 0.5, api_key_env: str = "OPENAI_API_KEY",
                 n_params: int = 0) -> None:
        urls = [u.strip() for u in base_url.split(",")] if isinstance(base_url, str) else list(base_url)
        for url in urls:
            if not url.startswith(("http://", "https://")):
                raise ValueError(f"base_url must start with http:// or https://, got {url!r}")
        self.model_name = model
        self.base_urls = [u.rstrip("/") for u in urls]
        self.base_url = self.base_urls[0]
        self.concurrency = max(1, concurrency) * len(self.base_urls)
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self.n_params = n_params
        self._key = os.environ.get(api_key_env, "")
        self._pool = ThreadPoolExecutor(self.concurrency)
        self._turn = itertools.count()
        self._lock = threading.Lock()
        self.stats = {"requests": 0, "retries": 0, "failures": 0}
        self.per_endpoint = {u: 0 for u in self.base_urls}

    def _post(self, path: str, body: dict) -> dict:
        data = json.dumps(body).encode()
        headers = {"Content-Type": "application/json"}
        if self._key:
            headers["Authorization"] = f"Bearer {self._key}"
        last, url = "", self.base_url
        with self._lock:
            start = next(self._turn)
        for attempt in range(self.retries + 1):
            url = self.base_urls[(start + attempt) % len(self.base_urls)]
            with self._lock:
                self.stats["requests"] += 1
                self.per_endpoint[url] += 1
            wait = self.backoff * 2 ** attempt
            try:
                req = urllib.request.Request(url + path, data=data, headers=headers, method="POST")
                with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                    return parse_json(resp.read())
            except urllib.error.HTTPError as exc:
                last = f"HTTP {exc.code}: {exc.read()[:300]!r}"
                if exc.code not in RETRY_STATUS:
                    break
                retry_after = exc.headers.get("Retry-After") if exc.headers else None
                if retry_after and retry_after.replace(".", "", 1).isdigit():
                    wait = float(retry_after)
            except (urllib.error.URLError, TimeoutError, ConnectionError, json.JSONDecodeError) as exc:
                last = f"{type(exc).__name__}: {exc}"
            if attempt < self.retries:
                with self._lock:
                    self.stats["retries"] += 1
                time.sleep(min(wait, 30.0))
        with self._lock:
            self.stats["failures"] += 1
        raise BackendError(f"{url}{path}: {last}")

    def _one(self, prompt: Prompt, params: SamplingParams) -> Generation:
        seed = prompt_seed(params.seed, prompt)
        body = {"model": self.model_name, "messages": chat_messages(prompt),
                "max_tokens": params.max_new_tokens, "temperature": params.temperature,
                "top_p": params.top_p, "seed": seed}
        if params.stop:
            body["stop"] = list(params.stop)
        if params.top_logprobs > 0:
            body.update(logprobs=True, top_logprobs=params.top_logprobs)
        t0 = time.perf_counter()
        res = self._post("/chat/completions", body)
        latency = time.perf_counter() - t0
        try:
            choice, usage = res["choices"][0], res.get("usage") or {}
            text = choice["message"].get("content") or ""
        except (KeyError, IndexError, TypeError, AttributeError) as exc:
            raise BackendError(f"malformed chat completion: {str(res)[:300]}") from exc
        tokens = lps = None
        content = (choice.get("logprobs") or {}).get("content")
        if params.top_logprobs > 0 and content:
            tokens = [c.get("token", "") for c in content]
            lps = [{a["token"]: a["logprob"] for a in reversed(c.get("top_logprobs") or [])} for c in content]
        return Generation(text=text, prompt_tokens=int(usage.get("prompt_tokens", 0)),
                          generated_tokens=int(usage.get("completion_tokens", 0)), tokens=tokens,
                          token_logprobs=lps, finish_reason=choice.get("finish_reason") or "",
                          seed=seed if not params.greedy else None, latency_s=latency)

    def generate(self, prompts: Sequence[Prompt], params: SamplingParams) -> list[Generation]:
        return list(self._pool.map(lambda p: self._one(p, params), prompts))

    def count_tokens(self, texts: Sequence[str]) -> list[int]:
        # Judges read real counts from each reply's `usage` instead.
        raise Unsupported("the OpenAI API has no tokenizer endpoint; token counts come from `usage`")

    def close(self) -> None:
        self._pool.shutdown(wait=False)
