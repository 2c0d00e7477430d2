"""The Judge contract: types, registry, entry points and the conformance check."""
from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from judgesuite.judges import (JUDGES, Judge, NoVerdict, Registry, RegistryError,
                               Sample, Verdict, check_judge, make_judge, register_judge)
from judgesuite.judges.registry import Entry


def test_verdict_round_trip_and_no_verdict_reason():
    v = Verdict.none(NoVerdict.TIMEOUT, "exceeded 5 s")
    assert v.correct is None and not v.answered
    back = Verdict.from_dict(v.to_dict())
    assert back.reason is NoVerdict.TIMEOUT and back.detail == "exceeded 5 s"


def test_sample_hash_ignores_id_but_not_content():
    a = Sample("a", "open_qa", "q", "Paris", ["Paris"])
    b = Sample("b", "open_qa", "q", "Paris", ("Paris",))
    c = Sample("a", "open_qa", "q", "Lyon", ["Paris"])
    assert a.content_hash() == b.content_hash() != c.content_hash()
    assert isinstance(a.references, tuple)


def test_one_string_is_one_reference_and_choices_must_be_a_list():
    """references="Paris" was stored as ("P", "a", "r", "i", "s"): token-f1 called "Paris" wrong."""
    s = Sample("a", "open_qa", "q", "Paris", "Paris")
    assert s.references == ("Paris",)
    assert make_judge("token-f1").judge([s])[0].correct is True
    with pytest.raises(TypeError, match="choices"):
        Sample("a", "multiple_choice", "q", "A", ("A",), choices="ABCD")


def test_unknown_judge_suggests_close_name():
    with pytest.raises(RegistryError, match=r"Did you mean 'exact-match'"):
        make_judge("exact-mach")


def test_duplicate_registration_is_refused():
    with pytest.raises(RegistryError, match="already registered"):
        @register_judge("exact-match")
        class Dup(Judge):
            def _judge_batch(self, samples):
                return [Verdict(True) for _ in samples]


def test_bad_parameters_name_the_judge():
    with pytest.raises(TypeError, match="judge 'exact-match': bad parameters"):
        make_judge("exact-match", nonsense=1)


def test_listing_judges_imports_no_judge_module_or_torch():
    """The watched names are the modules the registry imports its judges from, each checked to exist."""
    code = textwrap.dedent("""
        import importlib.util, sys
        from judgesuite.judges import list_judges
        entries = list_judges()
        assert {"math-verify", "regex"} <= {e.name for e in entries}
        modules = sorted({e.target.partition(":")[0] for e in entries if isinstance(e.target, str)})
        assert "judgesuite.judges.math.verify" in modules and "judgesuite.judges.extract.final_answer" in modules
        watched = tuple(modules) + ("torch", "transformers", "math_verify", "sympy")
        loaded = [m for m in sys.modules if m.startswith(watched)]
        missing = [m for m in modules if importlib.util.find_spec(m) is None]  # a watched name that cannot exist
        assert not loaded and not missing, (loaded, missing)
    """)
    subprocess.run([sys.executable, "-c", code], check=True)


class EchoJudge(Judge):
    """A user's judge: correct when the candidate contains the first reference."""

    def __init__(self, case_sensitive: bool = False) -> None:
        self.case_sensitive = case_sensitive

    def _judge_batch(self, samples):
        out = []
        for s in samples:
            cand, ref = s.candidate, s.references[0]
            if not self.case_sensitive:
                cand, ref = cand.lower(), ref.lower()
            if not cand.strip():
                out.append(Verdict.none(NoVerdict.UNPARSEABLE, "empty"))
            else:
                out.append(Verdict(ref in cand, score=float(ref in cand)))
        return out


def test_user_judge_registers_and_runs_through_the_suite(tmp_path, nq301_test):
    from judgesuite.suite.evaluation.cache import VerdictCache
    from judgesuite.suite.evaluation.runner import run

    register_judge("test-echo", replace=True)(EchoJudge)
    try:
        check_judge(make_judge("test-echo"))
        results = run(["test-echo:case_sensitive=true"], [nq301_test], split="test", out_dir=tmp_path,
                      cache=VerdictCache(tmp_path / "c.sqlite"), limit=50, progress=False)
    finally:
        JUDGES.remove("test-echo")
    (entry,) = results["entries"]
    identity = entry["judge_identity"]
    assert identity["name"].endswith("EchoJudge") and identity["params"] == {"case_sensitive": True}
    assert identity["version"] == "1" and len(identity["code"]) == 16
    assert entry["n_rows"] == 50 and 0.0 < entry["metrics"]["accuracy"] <= 1.0


def test_entry_point_plugins_are_discovered_lazily(tmp_path, monkeypatch):
    pkg = tmp_path / "plugin_pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(textwrap.dedent("""
        from judgesuite.judges import Judge, Verdict
        class AlwaysWrong(Judge):
            def _judge_batch(self, samples):
                return [Verdict(False, score=0.0) for _ in samples]
    """))
    dist = tmp_path / "plugin_pkg-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: plugin-pkg\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[judgesuite.judges]\nalways-wrong = plugin_pkg:AlwaysWrong\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    reg: Registry = Registry("judge", "judgesuite.judges")
    entry = reg.entry("always-wrong")
    assert entry.origin == "entry-point" and isinstance(entry.target, str)  # not imported yet
    assert "plugin_pkg" not in sys.modules
    cls = reg.get("always-wrong")
    check_judge(cls())
    with pytest.raises(RegistryError, match="already registered"):
        reg.add("always-wrong", cls)


def test_an_exception_inside_a_judge_becomes_an_error_verdict_for_that_sample_only():
    class Fragile(EchoJudge):
        def _judge_batch(self, samples):
            if any("boom" in s.candidate for s in samples):
                raise RuntimeError("boom")
            return super()._judge_batch(samples)

    samples = [Sample(str(i), "open_qa", "q", c, ["paris"]) for i, c in enumerate(["Paris", "boom", "Lyon"])]
    verdicts = Fragile().judge(samples)
    assert [v.correct for v in verdicts] == [True, None, False]
    assert verdicts[1].reason is NoVerdict.ERROR and "RuntimeError: boom" in verdicts[1].detail


def test_a_judge_or_plugin_that_calls_sys_exit_is_reported_not_an_exit(tmp_path, monkeypatch):
    class Quitter(EchoJudge):
        def _judge_batch(self, samples):
            if any("quit" in s.candidate for s in samples):
                raise SystemExit(5)
            return super()._judge_batch(samples)

    samples = [Sample(str(i), "open_qa", "q", c, ["paris"]) for i, c in enumerate(["Paris", "quit", "Lyon"])]
    verdicts = Quitter().judge(samples)
    assert [v.correct for v in verdicts] == [True, None, False]
    assert verdicts[1].reason is NoVerdict.ERROR and "SystemExit: 5" in verdicts[1].detail

    from judgesuite.judges.registry import JudgeBuildError
    from judgesuite.suite.cli.common import import_plugins

    class ExitsInInit(EchoJudge):
        def __init__(self):
            sys.exit(4)

    JUDGES.add("exits-in-init", ExitsInInit)
    try:
        with pytest.raises(JudgeBuildError, match="cannot be built: SystemExit: 4"):
            make_judge("exits-in-init")
    finally:
        JUDGES.remove("exits-in-init")
    (tmp_path / "exits_on_import.py").write_text("import sys\nsys.exit(3)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ImportError, match="--plugin exits_on_import: importing it raised SystemExit: 3"):
        import_plugins(["exits_on_import"])
    lazy = Entry("lazy-exit", "exits_on_import:Judge", origin="entry-point")
    with pytest.raises(ImportError, match="importing it raised SystemExit: 3"):
        lazy.load()


def test_registry_entries_describe_what_they_need():
    for e in JUDGES:
        assert isinstance(e, Entry) and e.summary, e.name
        assert e.needs in {"core", "encoder", "llm", "vllm", "plugin"}, (e.name, e.needs)
