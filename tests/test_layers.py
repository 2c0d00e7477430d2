"""Layers point one way: judges <- suite/data <- suite/evaluation <- suite/analysis <- leaderboard <- suite/cli.

Training, generation and studies sit beside the commands (with the Python API): they use the layers
below and nothing below uses them. Every import of every module is read with `ast` (imports inside
functions too; `if TYPE_CHECKING:` blocks excepted), so a lazy import cannot hide a climb or a cycle.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# package -> folder (setup.py's ROOTS)
FOLDERS = {"judgesuite": ROOT / "judgesuite", "judgesuite.judges": ROOT / "judges", "judgesuite.suite": ROOT / "suite",
           "judgesuite.leaderboard": ROOT / "leaderboard"}
LAYERS = [  # lowest first; a module may import its own layer and the ones before it
    ("judges", ("judgesuite.judges",)),
    ("data", ("judgesuite.suite.data",)),
    ("evaluation", ("judgesuite.suite.evaluation",)),
    ("analysis", ("judgesuite.suite.analysis",)),
    ("leaderboard", ("judgesuite.leaderboard",)),
    ("commands", ("judgesuite.suite.cli", "judgesuite.suite.api", "judgesuite.suite.training",
                  "judgesuite.suite.generation", "judgesuite.suite.studies", "judgesuite.suite", "judgesuite")),
]


def modules() -> dict[str, Path]:
    out = {}
    for package, folder in FOLDERS.items():
        for path in folder.rglob("*.py"):
            rel = path.relative_to(folder).with_suffix("")
            parts = [p for p in rel.parts if p != "__init__"]
            name = ".".join([package, *parts])
            if package == "judgesuite" and parts:  # judgesuite/ holds only its __init__
                continue
            if "checkpoints" in rel.parts:
                continue
            out[name] = path
    return out


MODULES = modules()


def layer(module: str) -> int:
    best = max(((i, p) for i, (_, prefixes) in enumerate(LAYERS) for p in prefixes
                if module == p or module.startswith(p + ".")), key=lambda ip: len(ip[1]))
    return best[0]


def _type_checking_lines(tree: ast.AST) -> set[int]:
    lines = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                lines.update(range(child.lineno, (child.end_lineno or child.lineno) + 1))
    return lines


def imports_of(module: str) -> dict[str, int]:
    """The judgesuite modules `module` imports -> the first line importing each."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_checking_lines(tree)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: dict[str, int] = {}
    for node in ast.walk(tree):
        if getattr(node, "lineno", None) in skip:
            continue
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1] + ([base] if base else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]
        for t in targets:
            while t and t not in MODULES:  # `import judgesuite.x.y` names module y (or the package that has y)
                t = t.rpartition(".")[0]
            if t and t != module and t.startswith("judgesuite"):
                found.setdefault(t, node.lineno)
    return found


GRAPH = {m: imports_of(m) for m in MODULES}


def test_the_layer_table_covers_every_module():
    assert len(MODULES) > 100
    assert {layer(m) for m in MODULES} == set(range(len(LAYERS)))


def test_no_import_climbs_back_up_the_layers():
    climbs = [f"{MODULES[m].relative_to(ROOT)}:{line} ({LAYERS[layer(m)][0]}) imports {t} ({LAYERS[layer(t)][0]})"
              for m, targets in sorted(GRAPH.items()) for t, line in targets.items()
              if layer(t) > layer(m) and m != "judgesuite"]  # judgesuite/__init__ names the API lazily (strings)
    assert not climbs, "\n".join(climbs)


def _cycles() -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in GRAPH[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycles():
    cycles = _cycles()
    assert not cycles, "\n".join(" <-> ".join(c) for c in cycles)


@pytest.mark.parametrize("source, climbs", [
    ("from judgesuite.suite.analysis.summary import analyze", True),
    ("from judgesuite.judges.base import Judge", False),
    ("def f():\n    from judgesuite.leaderboard import build", True),
    ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from judgesuite.suite.cli import main", False),
])
def test_the_check_sees_imports_inside_functions_but_not_type_checking_blocks(tmp_path, monkeypatch, source, climbs):
    path = tmp_path / "probe.py"
    path.write_text(source)
    monkeypatch.setitem(MODULES, "judgesuite.suite.evaluation.probe", path)
    found = imports_of("judgesuite.suite.evaluation.probe")
    assert any(layer(t) > layer("judgesuite.suite.evaluation.probe") for t in found) == climbs
