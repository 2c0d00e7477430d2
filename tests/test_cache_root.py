"""One cache-root lookup (judges/local_cache.py) for the verdict cache and derived weights."""
from __future__ import annotations

from pathlib import Path

from judgesuite.judges.local_cache import cache_dir
from judgesuite.suite.evaluation.cache import VerdictCache, default_cache_path


def test_the_cache_root_is_judgesuite_cache_then_xdg_cache_home_then_home(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("JUDGESUITE_CACHE", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    assert cache_dir() == tmp_path / "home" / ".cache" / "judgesuite"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "xdg" / "judgesuite"
    monkeypatch.setenv("JUDGESUITE_CACHE", str(tmp_path / "mine"))
    assert default_cache_path() == tmp_path / "mine" / "verdicts.sqlite"
    monkeypatch.delenv("JUDGESUITE_CACHE")
    cache = VerdictCache()  # the verdict cache follows the same lookup
    assert Path(cache.path) == tmp_path / "xdg" / "judgesuite" / "verdicts.sqlite" and Path(cache.path).is_file()
