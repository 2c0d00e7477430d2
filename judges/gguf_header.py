"""The two facts cost accounting and chat formatting need from a GGUF file, read from its header alone.

`gguf.GGUFReader` decodes every metadata value, the tokenizer's vocabulary included (3-18 s for the packaged models
on 2 cores, paid once per process and per caller); this walks the header, skipping array contents by their sizes,
and stops at the tensor table (milliseconds). Little-endian GGUF versions 2 and 3; anything else, or a file that
ends or lies about its counts, raises ValueError. Cached per (path, size, modification time).
"""
from __future__ import annotations

import os
import struct
from dataclasses import dataclass
from functools import lru_cache
from typing import BinaryIO

# fixed sizes of the scalar value types (GGUF spec: 0 u8 ... 12 f64); 8 is a string, 9 an array
_SIZES = {0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8}
_STRING, _ARRAY = 8, 9
_MAX_COUNT = 1 << 40  # far above any real file's entries or dimensions: a bound on a corrupt or hostile header


@dataclass(frozen=True)
class GGUFFacts:
    parameters: int  # weights stored (tied embeddings once: they are stored once)
    has_chat_template: bool


def read_facts(path: str) -> GGUFFacts:
    """Parameters and whether a chat template is stored, for the GGUF file at `path`."""
    st = os.stat(path)
    return _read(os.path.realpath(path), st.st_size, st.st_mtime_ns)


@lru_cache(maxsize=32)
def _read(path: str, size: int, mtime_ns: int) -> GGUFFacts:
    with open(path, "rb") as fh:
        try:
            return _parse(fh, size)
        except struct.error as exc:
            raise ValueError(f"{path}: GGUF header ends early") from exc


def _unpack(fh: BinaryIO, fmt: str) -> int:
    n = struct.calcsize(fmt)
    data = fh.read(n)
    if len(data) != n:
        raise ValueError("GGUF header ends early")
    return struct.unpack(fmt, data)[0]


def _count(fh: BinaryIO) -> int:
    n = _unpack(fh, "<Q")
    if n > _MAX_COUNT:
        raise ValueError(f"implausible GGUF count {n}")
    return n


def _string(fh: BinaryIO, size: int) -> bytes:
    n = _count(fh)
    if fh.tell() + n > size:
        raise ValueError("GGUF string runs past the end of the file")
    return fh.read(n)


def _skip(fh: BinaryIO, kind: int, size: int, depth: int = 0) -> None:
    if depth > 4:
        raise ValueError("GGUF arrays nested too deep")
    if kind == _STRING:
        n = _count(fh)
        fh.seek(n, os.SEEK_CUR)
    elif kind == _ARRAY:
        inner, n = _unpack(fh, "<I"), _count(fh)
        if inner in _SIZES:
            fh.seek(_SIZES[inner] * n, os.SEEK_CUR)
        else:
            for _ in range(n):
                _skip(fh, inner, size, depth + 1)
    elif kind in _SIZES:
        fh.seek(_SIZES[kind], os.SEEK_CUR)
    else:
        raise ValueError(f"unknown GGUF value type {kind}")
    if fh.tell() > size:
        raise ValueError("GGUF value runs past the end of the file")


def _parse(fh: BinaryIO, size: int) -> GGUFFacts:
    if fh.read(4) != b"GGUF":
        raise ValueError("not a GGUF file")
    version = _unpack(fh, "<I")
    if version not in (2, 3):
        raise ValueError(f"unsupported GGUF version {version}")
    tensors, entries = _count(fh), _count(fh)
    chat = False
    for _ in range(entries):
        key = _string(fh, size)
        kind = _unpack(fh, "<I")
        chat = chat or key == b"tokenizer.chat_template"
        _skip(fh, kind, size)
    total = 0
    for _ in range(tensors):
        _string(fh, size)  # the tensor's name
        dims = _unpack(fh, "<I")
        if dims > 8:
            raise ValueError(f"implausible GGUF tensor rank {dims}")
        n = 1
        for _ in range(dims):
            n *= _count(fh)
        total += n
        fh.seek(12, os.SEEK_CUR)  # its type (u32) and data offset (u64)
    return GGUFFacts(parameters=total, has_chat_template=chat)
