"""A fingerprint of the code that decides a judge's verdicts (part of its cache identity).

It hashes the source of every module the judge's class (and its base classes) is defined in,
the modules of the same top-level package they import (transitively, function-level imports
included), the non-Python files beside those modules (thresholds, checkpoints) and the
installed versions of the libraries the judge names in `JudgeTags.libraries`; the contract
modules (base, types, this one) are inside every fingerprint. Editing any of that code changes
the judge's cache key, so a verdict cached by older code is never served. `model_files_digest`
covers what a model judge reads at run time (its checkpoint folder or model file).
"""
from __future__ import annotations

import ast
import re
import hashlib
import importlib.util
import sys
from functools import lru_cache
from importlib import metadata
from pathlib import Path

# The contract modules (base, types, fingerprint) decide verdicts too (Judge.judge's error
# handling, what is cached) and are inside every fingerprint. These two only find and check judges:
# following the registry's names would put every judge's code into every fingerprint.
_NOT_VERDICT_MODULES = {"judgesuite.judges.registry", "judgesuite.judges.conformance"}
_DOTTED = re.compile(r"[A-Za-z_]\w*(\.\w+)+(:\w+)?")


def _module_file(name: str) -> Path | None:
    module = sys.modules.get(name)
    path = getattr(module, "__file__", None)
    if path is None:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            return None
        path = spec.origin if spec is not None and spec.has_location else None
    return Path(path) if path and path.endswith(".py") else None


def _imports(package: str, source: str) -> set[str]:
    """Absolute names of the modules `source` (a module of `package`) imports, at any depth."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            out.add(base)
            out.update(f"{base}.{a.name}" for a in node.names)  # `from pkg import module`
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and _DOTTED.fullmatch(node.value):
            out.add(node.value.partition(":")[0])  # "pkg.module:attr" strings name lazily loaded code
    return out


@lru_cache(maxsize=None)
def _file_digest(path: Path, size: int, mtime_ns: int) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def file_digest(path: str | Path) -> str:
    """sha256 of a file's bytes (cached while its size and mtime stay the same)."""
    path = Path(path)
    st = path.stat()
    return _file_digest(path, st.st_size, st.st_mtime_ns)


def model_files_digest(path: str | Path) -> str | None:
    """sha256 over the names and bytes of every file a model loader may read: each file directly in a
    local model folder (config, tokenizer, weights, thresholds, metadata; documentation `.md` and
    hidden files aside), or a local model file itself. None for what is not local (a hub id)."""
    p = Path(path)
    try:
        if p.is_file():
            files = [p]
        elif p.is_dir():
            files = sorted(f for f in p.iterdir() if f.is_file() and f.suffix != ".md" and not f.name.startswith("."))
        else:
            return None
    except OSError:
        return None
    h = hashlib.sha256()
    for f in files:
        try:
            digest = file_digest(f)
        except OSError as exc:  # unreadable: the loader fails on it too, and says so
            digest = f"unreadable {type(exc).__name__}"
        h.update(f"\0{f.name}\0{digest}".encode())
    return h.hexdigest()[:32]


def module_closure(roots: list[str]) -> dict[str, Path]:
    """The modules reachable from `roots` by imports within their top-level packages."""
    tops = {r.split(".")[0] for r in roots}
    seen: dict[str, Path] = {}
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in seen or name in _NOT_VERDICT_MODULES or name.split(".")[0] not in tops:
            continue
        path = _module_file(name)
        if path is None:
            continue
        seen[name] = path
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        todo.extend(_imports(package, path.read_text(encoding="utf-8")))
    return seen


def _data_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir()
                  if p.is_file() and p.suffix not in {".py", ".pyc", ".md"} and not p.name.startswith("."))


@lru_cache(maxsize=None)
def _fingerprint(roots: tuple[str, ...], libraries: tuple[str, ...]) -> str:
    h = hashlib.sha256()
    modules = module_closure(list(roots))
    folders = sorted({p.parent for p in modules.values()})
    for name in sorted(modules):
        h.update(f"\0{name}\0{file_digest(modules[name])}".encode())
    for folder in folders:
        for path in _data_files(folder):
            h.update(f"\0{path.name}\0{file_digest(path)}".encode())
    for lib in sorted(libraries):
        try:
            version = metadata.version(lib)
        except metadata.PackageNotFoundError:
            version = "absent"
        h.update(f"\0{lib}=={version}".encode())
    return h.hexdigest()[:16]


def clear_cache() -> None:
    """Forget computed fingerprints (after editing code within one process)."""
    _fingerprint.cache_clear()


def code_fingerprint(cls: type, libraries: tuple[str, ...] = ()) -> str:
    """Fingerprint of the code deciding `cls`'s verdicts (computed once per process)."""
    roots = tuple(sorted({k.__module__ for k in cls.__mro__ if k.__module__ not in ("builtins", "abc")}))
    return _fingerprint(roots, tuple(libraries))
