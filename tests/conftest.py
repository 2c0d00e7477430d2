"""Shared fixtures and the `--benchmark` switch.

`pytest` runs the tests; `pytest --benchmark` runs only the pytest-benchmark cases
(tests that use the `benchmark` fixture). Heavy tests are marked `slow` and run with
`pytest -m slow`.
"""
from __future__ import annotations

import pytest

from judgesuite.suite.data import load_bundled


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


@pytest.fixture(scope="session")
def gsm8k_test():
    return load_bundled("gsm8k-openai-solutions", "test")


@pytest.fixture(scope="session")
def nq301_test():
    return load_bundled("openqa-eval-nq301", "test")
