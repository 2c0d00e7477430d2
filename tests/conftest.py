"""Fixtures shared by the tests: bundled test splits."""
from __future__ import annotations

import pytest

from judgesuite.suite.data.loader import load_bundled


@pytest.fixture(scope="session")
def gsm8k_test():
    return load_bundled("gsm8k-openai-solutions", "test")


@pytest.fixture(scope="session")
def nq301_test():
    return load_bundled("openqa-eval-nq301", "test")
