"""judgesuite: which answer-correctness judge should I trust, at what cost?

The public Python API::

    from judgesuite import evaluate, Judge, Sample, Verdict, register_judge, check_judge
    results = evaluate("token-f1", "evouna-nq", split="test")

Everything here is imported lazily, so `import judgesuite` never loads torch.
"""
from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "Judge": "judgesuite.judges.base",
    "JudgeTags": "judgesuite.judges.base",
    "CostModel": "judgesuite.judges.base",
    "Sample": "judgesuite.judges.types",
    "Verdict": "judgesuite.judges.types",
    "NoVerdict": "judgesuite.judges.types",
    "register_judge": "judgesuite.judges.registry",
    "make_judge": "judgesuite.judges.registry",
    "list_judges": "judgesuite.judges.registry",
    "check_judge": "judgesuite.judges.conformance",
    "evaluate": "judgesuite.suite.api",
    "load_dataset": "judgesuite.suite.data",
    "dataset_names": "judgesuite.suite.data",
    "Results": "judgesuite.suite.api",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'judgesuite' has no attribute {name!r}")
    value = getattr(importlib.import_module(_EXPORTS[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
