"""Judge specs: "name" or "name:key=value:key2=value2" -> (name, params); `make_judge` takes either."""
from __future__ import annotations

import json
from typing import Any

from judgesuite.judges.json_input import parse as parse_json


def split_top_level(text: str, sep: str) -> list[str]:
    """Split on `sep` outside JSON brackets and double-quoted strings."""
    parts, depth, quoted, cur = [], 0, False, []
    for i, ch in enumerate(text):
        if quoted:
            quoted = not (ch == '"' and text[i - 1] != "\\")
        elif ch == '"':
            quoted = True
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
        elif ch == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
            continue
        cur.append(ch)
    parts.append("".join(cur))
    return parts


def parse_judge_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """"name" or "name:key=value:key2=value2" -> (name, params); values are JSON when they parse.

    Nested parameters (a cascade's inner judges): a JSON object value
    (`expensive_params={"max_new_tokens":8}`, colons and commas inside brackets do not split)
    or a dotted key (`expensive_params.max_new_tokens=8`), merged into that dict.
    """
    name, *pairs = split_top_level(spec.strip(), ":")
    params: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"bad judge parameter {pair!r} in {spec!r}: expected key=value")
        try:
            value = parse_json(raw)
        except json.JSONDecodeError:
            value = raw
        *outer, leaf = key.split(".")
        target = params
        for part in outer:
            target = target.setdefault(part, {})
            if not isinstance(target, dict):
                raise ValueError(f"bad judge parameter {pair!r} in {spec!r}: {part!r} is not a dict")
        if isinstance(target.get(leaf), dict) and isinstance(value, dict):
            both = sorted(set(target[leaf]) & set(value))
            if both:
                raise ValueError(f"bad judge parameter {pair!r} in {spec!r}: {leaf}.{both[0]} is given twice")
            target[leaf].update(value)
        elif leaf in target:  # "threshold=0.5:threshold=0.9" kept the last, silently
            raise ValueError(f"bad judge parameter {pair!r} in {spec!r}: {key!r} is given twice")
        else:
            target[leaf] = value
    return name, params
