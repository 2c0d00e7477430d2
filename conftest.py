"""The `--benchmark` switch, for tests/ and benchmarks/.

`pytest` runs the tests; `pytest --benchmark` runs only the pytest-benchmark cases (functions
using the `benchmark` fixture, in `benchmarks/`). Heavy tests are marked `slow`: `pytest -m slow`.
"""
from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--benchmark", action="store_true", default=False,
                     help="run only the benchmarks (tests using the `benchmark` fixture)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    want_bench = config.getoption("--benchmark")
    keep, drop = [], []
    for item in items:
        is_bench = "benchmark" in getattr(item, "fixturenames", ())
        (keep if is_bench == want_bench else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
