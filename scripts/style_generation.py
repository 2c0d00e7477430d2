"""The generation loop of the model-written answer-style corpora (build_model_math_styles.py,
build_model_openqa_styles.py): replies of a local GGUF model through the project's llama.cpp backend,
appended to a raw JSONL file one batch at a time, so that a stopped run resumes where it stopped."""
from __future__ import annotations

import json
import time
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path


def done_items(raw: Path) -> set[tuple[str, str]]:
    """(item, model) of every reply already in `raw`."""
    if not raw.exists():
        return set()
    return {(r["item"], r["model"]) for r in map(json.loads, raw.read_text(encoding="utf-8").splitlines())}


def generate_replies(model: str, todo: list[dict], prompt_of: Callable[[dict], str],
                     record: Callable[[dict], dict], raw: Path, *, threads: int, parallel: int, n_ctx: int,
                     max_tokens: int, temperature: float, seed: int, until: str | None = None,
                     stop_strings: tuple[str, ...] = ()) -> None:
    """Generate a reply for each item of `todo` (`parallel` requests decoded together) and append
    `record(item)` plus the reply's fields to `raw`; `until` ("HH:MM", UTC): start no batch after it;
    `stop_strings`: strings that end a reply (a base model's few-shot answer ends at a newline)."""
    from judgesuite.judges.llm.backends.base import SamplingParams
    from judgesuite.judges.llm.backends.llamacpp_backend import LlamaCppBackend

    stop = None
    if until:  # the next HH:MM (UTC) after now, so that "00:25" given at 23:00 means after midnight
        now = datetime.now(timezone.utc)
        stop = now.replace(hour=int(until[:2]), minute=int(until[3:5]), second=0, microsecond=0)
        stop += timedelta(days=1) if stop <= now else timedelta(0)
    backend = LlamaCppBackend(model, threads=threads, n_ctx=n_ctx, parallel=parallel)
    params = SamplingParams(temperature=temperature, top_p=0.95, max_new_tokens=max_tokens, seed=seed,
                            stop=stop_strings)
    start, tokens = time.perf_counter(), 0
    with raw.open("a", encoding="utf-8") as f:
        for k in range(0, len(todo), parallel):  # one batch of requests across the server's slots
            if stop and datetime.now(timezone.utc) >= stop:
                print(f"stopped at {until} UTC", flush=True)
                break
            batch = todo[k:k + parallel]
            for it, gen in zip(batch, backend.generate([prompt_of(it) for it in batch], params)):
                tokens += gen.generated_tokens
                f.write(json.dumps({**record(it), "reply": gen.text, "generated_tokens": gen.generated_tokens,
                                    "finish_reason": gen.finish_reason}, ensure_ascii=False) + "\n")
            f.flush()
            s, n = time.perf_counter() - start, k + len(batch)
            print(f"{n}/{len(todo)} {s:.0f}s {tokens / s:.1f} tok/s {s / n:.2f} s/item", flush=True)
    backend.close()
