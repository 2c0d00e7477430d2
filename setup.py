"""Package discovery: each top-level folder installs under the one `judgesuite` namespace.

`judges/` -> `judgesuite.judges`, `suite/` -> `judgesuite.suite`, `leaderboard/` ->
`judgesuite.leaderboard`, `datasets/` -> `judgesuite.datasets` (data only), `judgesuite/` -> the
public API. Subpackages and their non-Python files (thresholds, checkpoints, templates, data) are
found automatically.
"""
from pathlib import Path

from setuptools import find_packages, setup

ROOTS = {"judgesuite": "judgesuite", "judgesuite.judges": "judges", "judgesuite.suite": "suite",
         "judgesuite.leaderboard": "leaderboard", "judgesuite.datasets": "datasets"}


def _data_files(folder: Path) -> list[str]:
    """Non-Python files of a package folder, subpackages excluded (they list their own)."""
    out = []
    for path in folder.rglob("*"):
        rel = path.relative_to(folder)
        if not path.is_file() or path.suffix in {".py", ".pyc"} or "__pycache__" in rel.parts:
            continue
        if any((folder / Path(*rel.parts[:i]) / "__init__.py").exists() for i in range(1, len(rel.parts))):
            continue
        out.append(rel.as_posix())
    return out


packages, package_dir, package_data = [], {}, {}
for name, folder in ROOTS.items():
    package_dir[name] = folder
    for sub in [""] + find_packages(folder):
        pkg = f"{name}.{sub}" if sub else name
        packages.append(pkg)
        files = _data_files(Path(folder, *sub.split(".")) if sub else Path(folder))
        if files:
            package_data[pkg] = files

setup(packages=packages, package_dir=package_dir, package_data=package_data)
