"""LLM backends behind one interface (`Backend`): transformers, llama.cpp, HTTP, vLLM.

`make_backend(kind, model, **options)` builds one; `shared_backend` returns a
process-wide instance per (kind, model, options), so several judges (llm-direct,
llm-vote, a cascade) load a model once. Backend modules are imported only when chosen:
importing this package never imports torch, xllamacpp or vllm.
"""
from __future__ import annotations

import importlib
import inspect
import json
import threading
from typing import Any

from judgesuite.judges.llm.backends.base import (Backend, BackendError, Generation, Prompt, SamplingParams, Unsupported, chat_messages,
                   logprob_of)
from judgesuite.judges.llm.backends.models import DEFAULT_MODEL, PACKAGED, VLLM_CONFIGS
from judgesuite.judges.ranges import ParameterError, check_option_types

BACKENDS = {
    "transformers": "judgesuite.judges.llm.backends.hf_backend:TransformersBackend",
    "llamacpp": "judgesuite.judges.llm.backends.llamacpp_backend:LlamaCppBackend",
    "http": "judgesuite.judges.llm.backends.http_backend:HttpBackend",
    "vllm": "judgesuite.judges.llm.backends.vllm_backend:VllmBackend",
}
# Chosen by measurement (scripts/llm_backend_speed.py, README "LLM judges"): on this
# 2-core CPU under load, llama.cpp decodes SmolLM2 ~5x faster than transformers (10.8 vs
# 2.0 tok/s) and loads a GGUF in about a second; transformers in bfloat16 on an AMX CPU
# prefills ~2.3x faster (47 vs 21 prompt tok/s), so for short-reply judging on such CPUs
# `backend="transformers", backend_options={"dtype": "bfloat16"}` is the faster choice.
DEFAULT_BACKEND = "llamacpp"

_shared: dict[str, tuple[Backend, int]] = {}
_lock = threading.Lock()


def make_backend(kind: str, model: str = DEFAULT_MODEL, **options: Any) -> Backend:
    """A new backend of `kind` ("transformers", "llamacpp", "http", "vllm") for `model`."""
    if kind not in BACKENDS:
        raise ValueError(f"unknown backend {kind!r}; choose one of {', '.join(BACKENDS)}")
    module, _, name = BACKENDS[kind].partition(":")
    cls = getattr(importlib.import_module(module), name)
    try:  # an unknown, missing or mistyped option is the caller's mistake: say which, not a traceback
        inspect.signature(cls).bind(model, **options)
        check_option_types(cls, options)
    except (TypeError, ParameterError) as exc:
        raise ValueError(f"backend {kind!r}: {exc}") from None
    return cls(model, **options)


def _key(kind: str, model: str, options: dict[str, Any]) -> str:
    """The sharing key; it holds the local model files' digest, so a replaced file loads again."""
    from judgesuite.judges.fingerprint import model_files_digest
    from judgesuite.judges.llm.backends.models import resolve

    try:
        files = model_files_digest(resolve(model)) if kind != "http" else None
    except (FileNotFoundError, ImportError):
        files = None
    return json.dumps([kind, model, options, files], sort_keys=True, default=str)


def shared_backend(kind: str, model: str = DEFAULT_MODEL, **options: Any) -> Backend:
    """A backend shared by every caller with the same arguments; pair with `release_backend`."""
    key = _key(kind, model, options)
    with _lock:
        if key in _shared:
            backend, refs = _shared[key]
            _shared[key] = (backend, refs + 1)
            return backend
    backend = make_backend(kind, model, **options)
    with _lock:
        if key in _shared:  # another thread loaded it meanwhile
            backend.close()
            backend, refs = _shared[key]
            _shared[key] = (backend, refs + 1)
            return backend
        _shared[key] = (backend, 1)
    return backend


def release_backend(backend: Backend) -> None:
    """Drop one reference; the last one closes the backend."""
    with _lock:
        for key, (b, refs) in list(_shared.items()):
            if b is backend:
                if refs > 1:
                    _shared[key] = (b, refs - 1)
                else:
                    del _shared[key]
                    b.close()
                return


__all__ = ["Backend", "BackendError", "Generation", "Prompt", "SamplingParams", "Unsupported", "BACKENDS",
           "DEFAULT_BACKEND", "DEFAULT_MODEL", "PACKAGED", "VLLM_CONFIGS", "chat_messages", "logprob_of",
           "make_backend", "shared_backend", "release_backend"]
