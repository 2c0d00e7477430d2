"""Verdict identity: editing a judge's code invalidates its cached verdicts; registering a class
changes nothing about it; cost comes from the configuration, not from the cache."""
from __future__ import annotations

import importlib
import json
import sys
import textwrap

from judgesuite.judges import JUDGES, make_judge, register_judge
from judgesuite.judges.fingerprint import clear_cache
from judgesuite.suite.data import load_bundled
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.evaluation.runner import run

JUDGE_MODULE = """
from judgesuite.judges import Judge, Verdict
from editable_pkg.rules import matches

class EditableJudge(Judge):
    def _judge_batch(self, samples):
        return [Verdict(matches(s.candidate, s.references)) for s in samples]
"""


def _write_pkg(root, rule: str) -> None:
    pkg = root / "editable_pkg"
    pkg.mkdir(exist_ok=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "judge.py").write_text(textwrap.dedent(JUDGE_MODULE))
    (pkg / "rules.py").write_text(f"def matches(candidate, references):\n    return {rule}\n")


def _fresh_import():
    for name in [m for m in sys.modules if m.startswith("editable_pkg")]:
        del sys.modules[name]
    importlib.invalidate_caches()
    clear_cache()
    return importlib.import_module("editable_pkg.judge").EditableJudge


def test_editing_the_code_a_judge_imports_invalidates_its_cached_verdicts(tmp_path, monkeypatch, nq301_test):
    monkeypatch.syspath_prepend(str(tmp_path))
    cache = VerdictCache(tmp_path / "c.sqlite")
    _write_pkg(tmp_path, "any(r.lower() in candidate.lower() for r in references)")
    register_judge("test-editable", replace=True)(_fresh_import())
    try:
        first = run(["test-editable"], [nq301_test], split="test", out_dir=None, cache=cache, limit=60,
                    progress=False)
        again = run(["test-editable"], [nq301_test], split="test", out_dir=None, cache=cache, limit=60,
                    progress=False)
        assert again["entries"][0]["cost"]["from_cache"] == 60  # unchanged code: served from the cache
        # A helper module the judge imports now says "incorrect" to everything (no version bump).
        _write_pkg(tmp_path, "False")
        register_judge("test-editable", replace=True)(_fresh_import())
        edited = run(["test-editable"], [nq301_test], split="test", out_dir=None, cache=cache, limit=60,
                     progress=False)
    finally:
        JUDGES.remove("test-editable")
    old, new = first["entries"][0], edited["entries"][0]
    assert old["judge_identity"]["code"] != new["judge_identity"]["code"]
    assert new["cost"]["from_cache"] == 0
    assert new["by_model"] and all(m["judged_accuracy"] == 0.0 for m in new["by_model"].values())
    assert any(m["judged_accuracy"] > 0 for m in old["by_model"].values())


def test_registering_a_class_under_two_names_leaves_its_identity_alone():
    cls = type(make_judge("exact-match"))
    before = make_judge("exact-match").cache_key()
    register_judge("exact-match-alias")(cls)
    try:
        assert make_judge("exact-match-alias").cache_key() == before == make_judge("exact-match").cache_key()
        assert "name" not in cls.__dict__
    finally:
        JUDGES.remove("exact-match-alias")


def test_the_fingerprint_covers_the_judges_data_files_and_libraries():
    regex = make_judge("regex")
    identity = regex.identity()
    assert identity["name"].endswith("RegexJudge") and len(identity["code"]) == 16
    assert set(regex.get_tags().libraries) >= {"math-verify"}


def test_encoder_cost_is_the_same_from_a_fresh_or_a_cached_run(tmp_path):
    cache = VerdictCache(tmp_path / "c.sqlite")
    ds = load_bundled("openqa-eval-nq301", "test")
    costs = []
    for out in ("r1", "r2"):
        res = run(["encoder"], [ds], split="test", out_dir=tmp_path / out, cache=cache, limit=20, progress=False)
        costs.append(res["entries"][0]["cost"])
    assert costs[1]["from_cache"] == 20 and costs[0]["from_cache"] == 0
    for key in ("parameters", "cost_class", "flops_per_sample", "input_tokens_per_sample"):
        assert costs[0][key] == costs[1][key], key
    assert costs[0]["parameters"] > 20_000_000  # MiniLM-L6 with its classifier head, from the header
    saved = json.loads((tmp_path / "r2" / "results.json").read_text())["entries"][0]["cost"]
    assert saved["parameters"] == costs[0]["parameters"]
