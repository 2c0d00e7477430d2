"""Labelled data: the bundled sets and their splits (`loader`), generated probe sets (`probes`)."""
from __future__ import annotations

from judgesuite.suite.data.loader import (DataError, Dataset, Row, bundled_names, card_field, load_bundled,
                                          load_jsonl)

GENERATED = ("master-keys",)


def load_dataset(name: str, split: str | None = None) -> Dataset:
    """A bundled set by name (one split, or all rows with split=None), or a generated probe set."""
    if name == "master-keys":
        from judgesuite.suite.data.probes import build_probe_set

        return build_probe_set()
    return load_bundled(name, split)


def dataset_names(probes: bool = True) -> list[str]:
    """Every bundled set, then the generated probe sets."""
    return [*bundled_names(), *(GENERATED if probes else ())]


__all__ = ["DataError", "Dataset", "Row", "bundled_names", "card_field", "dataset_names", "load_bundled",
           "load_dataset", "load_jsonl"]
