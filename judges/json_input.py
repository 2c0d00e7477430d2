"""JSON from files and peers we do not control: a document nested too deeply is a decode error like any other.

`json.loads` raises RecursionError on `[[[[...` some thousand levels deep, which no caller catching
`json.JSONDecodeError` (a ValueError) expects; `parse` turns it into that error.
"""
from __future__ import annotations

import json
from typing import Any


def parse(text: str | bytes) -> Any:
    """`json.loads(text)`; json.JSONDecodeError also where the document is nested too deeply to read."""
    try:
        return json.loads(text)
    except RecursionError:
        doc = text if isinstance(text, str) else text[:100].decode("utf-8", "replace")
        raise json.JSONDecodeError("nested too deeply", doc, 0) from None
