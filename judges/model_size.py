"""Parameter counts read from model files without loading the weights (for cost accounting)."""
from __future__ import annotations

import re
import struct
from functools import lru_cache
from pathlib import Path

from judgesuite.judges.gguf_header import read_facts
from judgesuite.judges.json_input import parse as parse_json

_EMBEDDING_MARKERS = ("embeddings.", "embed_tokens", "wte.", "wpe.", "tok_embeddings")
_LAYER_INDEX = re.compile(r"(?:^|\.)layers?\.(\d+)\.")


def _safetensors_files(ref: Path) -> list[Path]:
    if ref.is_file() and ref.suffix == ".safetensors":
        return [ref]
    return sorted(ref.glob("*.safetensors")) if ref.is_dir() else []


def _header(path: Path) -> dict:
    with open(path, "rb") as fh:
        (size,) = struct.unpack("<Q", fh.read(8))
        if size > 100_000_000:
            raise ValueError(f"{path}: implausible safetensors header size {size}")
        return parse_json(fh.read(size))


@lru_cache(maxsize=32)
def safetensors_parameters(ref: str, layers: int | None = None) -> tuple[int, int] | None:
    """(all parameters, parameters outside embedding tables) of a safetensors checkpoint
    (a file or a folder of shards), from the headers alone; None where there is none.

    `layers`: count only the first `layers` transformer layers (a model cut as BERTScore cuts it)."""
    files = _safetensors_files(Path(ref))
    if not files:
        return None
    total = non_embedding = 0
    for f in files:
        for name, info in _header(f).items():
            if name == "__metadata__":
                continue
            if not info["dtype"].startswith(("F", "BF")):
                continue  # integer buffers (position_ids) are not parameters
            index = _LAYER_INDEX.search(name)
            if layers is not None and index and int(index.group(1)) >= layers:
                continue
            n = 1
            for dim in info["shape"]:
                n *= int(dim)
            total += n
            if not any(m in name for m in _EMBEDDING_MARKERS):
                non_embedding += n
    return total, non_embedding


def hub_snapshot(model_id: str) -> str | None:
    """The local snapshot folder of a hub model already in the Hugging Face cache (no download)."""
    try:
        from huggingface_hub import try_to_load_from_cache
    except ImportError:
        return None
    for name in ("model.safetensors", "model.safetensors.index.json", "config.json"):
        found = try_to_load_from_cache(model_id, name)
        if isinstance(found, str):
            return str(Path(found).parent)
    return None


def model_parameters(ref: str) -> int | None:
    """Parameters of a model given as a GGUF file, a safetensors file or folder, or a cached hub id."""
    path = Path(ref).expanduser()
    if path.is_file() and path.suffix.lower() == ".gguf":
        return read_facts(str(path)).parameters
    counted = safetensors_parameters(str(path)) if path.exists() else None
    if counted is None and not path.exists():
        snapshot = hub_snapshot(ref)
        counted = safetensors_parameters(snapshot) if snapshot else None
    return counted[0] if counted else None
