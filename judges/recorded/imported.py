"""`verdicts:file=PATH[:name=NAME]`: verdicts a judge gave elsewhere (an API judge, a cluster job),
read from a JSONL file and scored here like any judge. Format: docs/verdicts-format.md.

Each line: {"id": row id, "correct": true | false | null} and optionally "score" (0-1),
"input_tokens", "generated_tokens", "seconds", "parameters". A row of the data with no line is the
no-verdict "not_in_file"; a malformed line, a duplicate id, or (checked against the data by
`check_ids`) an id that is no row of the data is a one-line `VerdictsFileError`.
"""
from __future__ import annotations

import hashlib
import json
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from judgesuite.judges.base import CostModel, JudgeTags
from judgesuite.judges.recorded import ReplayedJudge
from judgesuite.judges.types import NoVerdict, Sample, Verdict
from judgesuite.judges.json_input import parse as parse_json

FIELDS = {"id", "correct", "score", "input_tokens", "generated_tokens", "seconds", "parameters"}
MAX_LINE = 1 << 20


class VerdictsFileError(ValueError):
    """A verdicts file that cannot be used, in one line naming the file (and line)."""


MAX_COUNT = 10 ** 18  # tokens, parameters: far above any real count; a 400-digit one overflowed as a float


def _number(obj: dict, key: str, where: str, *, integer: bool = False, upper: float | None = None) -> float | None:
    value = obj.get(key)
    if value is None:
        return None
    if integer and upper is None:
        upper = MAX_COUNT
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0 \
            or (isinstance(value, float) and not math.isfinite(value)) \
            or (integer and value != int(value)) or (upper is not None and value > upper):
        kind = (f"a whole number in [0, {upper:.0e}]" if integer else f"a number in [0, {upper:g}]" if upper
                else "a number >= 0")
        raise VerdictsFileError(f"{where}: '{key}' must be {kind}, got {json.dumps(value)[:60]}")
    return value


def parse_verdicts(text: str, path: str) -> dict[str, dict[str, Any]]:
    """id -> checked line of a verdicts file's text."""
    out: dict[str, dict[str, Any]] = {}
    first_line: dict[str, int] = {}
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{path}, line {lineno}"
        if len(line) > MAX_LINE:
            raise VerdictsFileError(f"{where}: line longer than {MAX_LINE:,} characters")
        try:
            obj = parse_json(line)
        except json.JSONDecodeError as exc:  # parse_json reports nesting too deep as one
            raise VerdictsFileError(f"{where}: not JSON ({exc.msg})") from None
        if not isinstance(obj, dict):
            raise VerdictsFileError(f"{where}: expected a JSON object, got {type(obj).__name__}")
        unknown = sorted(set(obj) - FIELDS)
        if unknown:
            raise VerdictsFileError(f"{where}: unknown field {unknown[0][:40]!r} (known: {', '.join(sorted(FIELDS))})")
        rid = obj.get("id")
        if not isinstance(rid, str) or not rid:
            raise VerdictsFileError(f"{where}: 'id' must be a non-empty string, got {json.dumps(rid)[:60]}")
        if "correct" not in obj or not (obj["correct"] is None or isinstance(obj["correct"], bool)):
            raise VerdictsFileError(f"{where}: 'correct' must be true, false or null, got "
                                    f"{json.dumps(obj.get('correct'))[:60] if 'correct' in obj else 'nothing'}")
        if rid in first_line:
            raise VerdictsFileError(f"{where}: duplicate id {rid[:80]!r} (first on line {first_line[rid]})")
        first_line[rid] = lineno
        out[rid] = {"correct": obj["correct"], "line": lineno,
                    "score": _number(obj, "score", where, upper=1.0),
                    "input_tokens": int(_number(obj, "input_tokens", where, integer=True) or 0),
                    "generated_tokens": int(_number(obj, "generated_tokens", where, integer=True) or 0),
                    "seconds": _number(obj, "seconds", where),
                    "parameters": _number(obj, "parameters", where, integer=True)}
    if not out:
        raise VerdictsFileError(f"{path}: no verdict lines")
    return out


class VerdictsJudge(ReplayedJudge):
    """Your own verdicts, from a JSONL file (`verdicts:file=PATH[:name=NAME]`)."""

    tags = JudgeTags(version="1", cost_class="llm", keyed_by_id=True)

    def __init__(self, file: str = "", name: str = "") -> None:
        self.file = str(file)
        self.name = str(name)
        path = Path(self.file).expanduser()
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise VerdictsFileError(f"verdicts: cannot read {self.file!r}: {exc.strerror or exc}") from None
        try:
            text = raw.decode("utf-8-sig")  # a byte-order mark an editor wrote is skipped
        except UnicodeDecodeError as exc:
            raise VerdictsFileError(f"{self.file}: not UTF-8 (byte {exc.start})") from None
        self._sha256 = hashlib.sha256(raw).hexdigest()
        self._lines = parse_verdicts(text, self.file)
        counts = Counter(v["parameters"] for v in self._lines.values() if v["parameters"] is not None)
        self._parameters = int(counts.most_common(1)[0][0]) if counts else 0

    @classmethod
    def from_file(cls, path: str | Path, name: str = "") -> "VerdictsJudge":
        return cls(file=str(path), name=name)

    @classmethod
    def from_verdicts(cls, path: str | Path, verdicts: Iterable[tuple[str, Verdict]], name: str = "",
                      **per_row: Any) -> "VerdictsJudge":
        """Write (row id, Verdict) pairs as a verdicts file at `path` and read it back."""
        with open(path, "w", encoding="utf-8") as fh:
            for rid, v in verdicts:
                line = {"id": rid, "correct": v.correct, **per_row}
                if v.score is not None:
                    line["score"] = v.score
                if v.input_tokens or v.generated_tokens:
                    line.update(input_tokens=v.input_tokens, generated_tokens=v.generated_tokens)
                fh.write(json.dumps(line) + "\n")
        return cls(file=str(path), name=name)

    def identity(self) -> dict[str, Any]:
        return {**super().identity(), "file_sha256": self._sha256}  # the file's content, not its name

    def cost_model(self) -> CostModel:
        return CostModel("llm" if self._parameters >= 1e9 else "encoder" if self._parameters else "rule",
                         self._parameters)

    def ids(self) -> set[str]:
        return set(self._lines)

    def check_ids(self, known: Iterable[str]) -> None:
        """Refuse a file naming rows that are not in the data (a file meant for other data)."""
        unknown = self.ids() - set(known)
        if unknown:
            first = min(unknown, key=lambda i: self._lines[i]["line"])
            raise VerdictsFileError(f"{self.file}: {len(unknown)} id(s) are no row of the data, e.g. {first[:80]!r} "
                                    f"(line {self._lines[first]['line']})")

    def skip_reason(self, samples: Sequence[Sample]) -> str | None:
        if any(s.id in self._lines for s in samples):
            return None
        return f"{Path(self.file).name} has no line for any of these rows"

    def _judge_batch(self, samples: Sequence[Sample]) -> list[Verdict]:
        out = []
        for s in samples:
            line = self._lines.get(s.id)
            if line is None:
                out.append(Verdict.none(NoVerdict.NOT_IN_FILE, f"no line for id {s.id[:80]!r}"))
                continue
            params = line["parameters"] if line["parameters"] is not None else self._parameters
            tokens = line["input_tokens"] + line["generated_tokens"]
            cost = {"input_tokens": line["input_tokens"], "generated_tokens": line["generated_tokens"],
                    "tokens": tokens, "flops": 2.0 * params * tokens}
            if line["correct"] is None:
                out.append(Verdict.none(NoVerdict.INVALID_OUTPUT, f"no verdict on line {line['line']}", **cost))
            else:
                out.append(Verdict(correct=line["correct"], score=line["score"], **cost))
        return out

    def report(self, verdicts: Sequence[Verdict], labels: Sequence[bool | None]) -> dict[str, Any]:
        seconds = [self._lines[i]["seconds"] for i in self._lines if self._lines[i]["seconds"] is not None]
        return {"replayed": {
            "kind": "imported", "source": self.name or Path(self.file).name, "file": self.file,
            "file_sha256": self._sha256, "parameters": self._parameters or "not given",
            "flops": "from the file's token counts" if self._parameters else "not given",
            "latency": "from the file" if seconds else "unknown (not in the file)",
            "seconds_per_sample_file": sum(seconds) / len(seconds) if seconds else None,
            "not_in_file": sum(v.reason is NoVerdict.NOT_IN_FILE for v in verdicts), "rows": len(verdicts)}}
