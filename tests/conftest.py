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


@pytest.fixture(scope="session")
def full_default_checkpoint(tmp_path_factory):
    """The shipped default encoder checkpoint (a delta over its backbone) written out in full."""
    pytest.importorskip("torch")
    from judgesuite.judges.encoder.delta import unpack_delta
    from judgesuite.judges.encoder.judge import default_checkpoint

    return unpack_delta(default_checkpoint(), str(tmp_path_factory.mktemp("full") / "v4-full"))
