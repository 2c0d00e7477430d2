"""JSON from files and peers we do not control: a document nested too deeply, or an object naming one key twice,
is a decode error like any other.

`json.loads` raises RecursionError on `[[[[...` some thousand levels deep, which no caller catching
`json.JSONDecodeError` (a ValueError) expects, and keeps the last of two values of one key
(`{"correct": true, "correct": false}` read as false, silently), and raises a plain ValueError on a number of
over 4,300 digits (Python's limit on converting them); `parse` makes all three that error.
"""
from __future__ import annotations

import json
from typing import Any


class _DuplicateKey(ValueError):
    pass


class _LongNumber(ValueError):
    pass


def _int(digits: str) -> int:
    try:
        return int(digits)
    except ValueError:
        raise _LongNumber(f"a number of {len(digits)} digits") from None


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) < len(pairs):
        seen: set[str] = set()
        key = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise _DuplicateKey(f"key {json.dumps(key)[:60]} given twice in one object")
    return obj


def parse(text: str | bytes) -> Any:
    """`json.loads(text)`; json.JSONDecodeError also where the document is nested too deeply to read, an
    object names one key twice or a number has too many digits to read."""
    try:
        return json.loads(text, object_pairs_hook=_object, parse_int=_int)
    except (RecursionError, _DuplicateKey, _LongNumber) as exc:
        doc = text if isinstance(text, str) else text[:100].decode("utf-8", "replace")
        why = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
        raise json.JSONDecodeError(why, doc, 0) from None
