"""TriviaQA-style reference lists for tests: many forms of one answer, none of which a candidate that
contains the reference would contain in a new way."""
from __future__ import annotations

import dataclasses

from judgesuite.judges.squad import normalize_answer
from judgesuite.judges.types import Sample


def aliases(ref: str) -> list[str]:
    words = ref.split()
    out = [ref, normalize_answer(ref), ref.lower(), ref.upper(), f"the {ref}", f"{ref} (disambiguation)"]
    if len(words) >= 2:
        out.append(f"{words[-1]}, {' '.join(words[:-1])}")
    return [a for a in out if a.strip()]


def with_aliases(sample: Sample) -> Sample:
    return dataclasses.replace(sample, references=tuple(dict.fromkeys(a for r in sample.references for a in aliases(r))))
