"""Docs that cannot drift: every sub-command is in docs/cli.md, every file path and every
`judgesuite.*` name cited in the docs, the README and the docstrings exists."""
from __future__ import annotations

import argparse
import ast
import re
from functools import cache
from pathlib import Path

from judgesuite.suite.cli.main import build_parser

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = {"judgesuite": ROOT / "judgesuite", "judgesuite.judges": ROOT / "judges", "judgesuite.suite": ROOT / "suite",
           "judgesuite.leaderboard": ROOT / "leaderboard"}
PATH = re.compile(r"(?<![\w/.<{*-])((?:suite|judges|leaderboard|docs|scripts|tests|datasets|benchmarks|judgesuite)/"
                  r"[\w./-]*\w\.(?:py|md|json|jsonl|jsonl\.gz|gz|j2|sh|csv|txt|toml|safetensors))(?![\w*<{])")
DOTTED = re.compile(r"\bjudgesuite(?:\.\w+)+(?![\w/-])")  # not a schema name (judgesuite.results/2)


def texts() -> list[tuple[Path, str]]:
    """The README, docs/*.md, and every docstring of the package, scripts and benchmarks."""
    out = [(p, p.read_text(encoding="utf-8")) for p in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]]
    for folder in ("suite", "judges", "leaderboard", "judgesuite", "scripts", "benchmarks"):
        for p in sorted((ROOT / folder).rglob("*.py")):
            if "checkpoints" in p.parts:
                continue
            for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
                if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                    doc = ast.get_docstring(node, clean=False)
                    if doc:
                        out.append((p, doc))
    return out


TEXTS = texts()


def test_every_sub_command_is_in_the_cli_reference():
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    names: dict[int, list[str]] = {}
    for name, parser in sub.choices.items():  # aliases share one parser
        names.setdefault(id(parser), []).append(name)
    doc = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    missing = [n[0] for n in names.values() if not any(re.search(rf"judgesuite {re.escape(x)}\b", doc) for x in n)]
    assert len(names) >= 14 and not missing, f"docs/cli.md lacks: {missing}"


def _exists(cited: str) -> bool:
    return (ROOT / cited).exists() or (cited.startswith("judgesuite/") and (ROOT / cited[len("judgesuite/"):]).exists())


def test_every_file_path_cited_in_docs_and_docstrings_exists():
    bad = sorted({f"{p.relative_to(ROOT)}: {m.group(1)}" for p, text in TEXTS for m in PATH.finditer(text)
                  if not _exists(m.group(1))})
    assert not bad, "\n".join(bad)


@cache
def _module(name: str) -> Path | None:
    for package, folder in sorted(FOLDERS.items(), key=lambda kv: -len(kv[0])):
        if name == package or name.startswith(package + "."):
            base = folder.joinpath(*name[len(package):].strip(".").split(".")) if name != package else folder
            for path in (base.with_suffix(".py"), base / "__init__.py"):
                if path.is_file():
                    return path
            return None
    return None


@cache
def _top_level_names(path: Path) -> frozenset[str]:
    names = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            names.update(t.id for t in ast.walk(node) if isinstance(t, ast.Name) and isinstance(t.ctx, ast.Store))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
    if path.name == "__init__.py" and path.parent.name == "judgesuite":  # its lazy API table
        names.update(re.findall(r'"(\w+)": "judgesuite', path.read_text(encoding="utf-8")))
    return frozenset(names)


def _resolves(dotted: str) -> bool:
    parts = dotted.split(".")
    k = max(i for i in range(1, len(parts) + 1) if _module(".".join(parts[:i])) or i == 1)
    path = _module(".".join(parts[:k]))
    return path is not None and (k == len(parts) or parts[k] in _top_level_names(path))


def test_every_judgesuite_name_cited_in_docs_and_docstrings_exists():
    bad = sorted({f"{p.relative_to(ROOT)}: {m.group(0)}" for p, text in TEXTS for m in DOTTED.finditer(text)
                  if not _resolves(m.group(0))})
    assert not bad, "\n".join(bad)


def test_the_checks_catch_a_moved_file_and_a_moved_module():
    assert not _exists("suite/metrics.py") and _exists("suite/evaluation/metrics.py")
    assert _resolves("judgesuite.suite.evaluation.schema.ResultsDoc")
    assert not _resolves("judgesuite.suite.format_stats") and not _resolves("judgesuite.suite.evaluation.schema.Nope")
