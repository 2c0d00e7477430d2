"""One results model: `ResultsDoc.read` parses every results file; older schemas migrate, others are refused."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from judgesuite.suite.analysis import analyze
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.evaluation.runner import run_document
from judgesuite.suite.evaluation.schema import RESULTS_SCHEMA, HeldOut, ResultsDoc
from judgesuite.suite.data.loader import load_bundled
from judgesuite.suite.data.probes import build_probe_set

V1 = Path(__file__).parent / "fixtures" / "results_v1"
JUDGES = ["exact-match", "token-f1", "regex"]  # what the fixture was written with (its README)


@pytest.fixture(scope="module")
def v1(tmp_path_factory):
    folder = tmp_path_factory.mktemp("v1") / "results_v1"
    shutil.copytree(V1, folder)
    return folder


@pytest.fixture(scope="module")
def current(tmp_path_factory):
    """The fixture's run again with the current code."""
    out = tmp_path_factory.mktemp("v2")
    sets = [load_bundled("gsm8k-openai-solutions", "test"), build_probe_set()]
    return run_document(JUDGES, sets, split="test", out_dir=out, cache=VerdictCache(out / "c.sqlite"), limit=20,
                        progress=False)


def test_a_results_file_of_the_older_schema_is_migrated(v1):
    assert json.loads((v1 / "results.json").read_text())["schema"] == "judgesuite.results/1"
    doc = ResultsDoc.read(v1 / "results.json")
    assert doc.schema == RESULTS_SCHEMA and doc.base == v1.resolve()
    probes = {e.dataset for e in doc.entries if e.probe}
    assert probes == {"master-keys"}  # from the adversarial block it carried
    gsm = doc.entry("token-f1", "gsm8k-openai-solutions")
    assert sum(gsm.label_sources.values()) > 0 and all("OpenAI" in s for s in gsm.label_sources)
    assert len(doc.verdicts(gsm)) == 20  # its verdict files are found beside it


def test_the_migrated_file_analyses_as_the_current_run_does(v1, current):
    old, new = analyze(ResultsDoc.read(v1 / "results.json")), analyze(current)
    assert old["probes"] == new["probes"]
    for key in ("distortion", "mcnemar", "significance_rank", "label_provenance", "correction", "description"):
        assert old["sets"]["gsm8k-openai-solutions"][key] == new["sets"]["gsm8k-openai-solutions"][key], key


def test_a_written_document_reads_back_equal(current):
    again = ResultsDoc.read(current.base / "results.json")
    assert again.to_dict() == json.loads(json.dumps(current.to_dict()))
    assert [e.probe for e in again.entries] == [e.dataset == "master-keys" for e in again.entries]


@pytest.mark.parametrize("text, says", [
    ('{"schema": "judgesuite.results/9", "entries": []}', "'judgesuite.results/9' is not one this version reads"),
    ('{"entries": []}', "results schema None is not one this version reads"),
    ("[1, 2]", "not a judgesuite results document"),
    ("{not json", "cannot read JSON"),
    ('{"schema": "judgesuite.results/2", "entries": [{"judge": "x"}]}', "not a judgesuite results document"),
    ('{"benchmarks": []}', "pytest-benchmark file without judgesuite entries"),
])
def test_what_is_not_a_results_document_is_refused_in_one_line(tmp_path, text, says):
    path = tmp_path / "results.json"
    path.write_text(text)
    with pytest.raises(ValueError) as err:
        ResultsDoc.read(path)
    assert says in str(err.value) and str(path) in str(err.value) and "\n" not in str(err.value)
    r = subprocess.run([sys.executable, "-m", "judgesuite.suite.cli.main", "leaderboard", str(path), "--out", str(tmp_path / "s")],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and says in r.stderr


def test_held_out_figures_are_typed_and_a_set_without_its_numbers_is_dropped():
    held = HeldOut.from_dict({"protocol": "p", "measured": "2026-01-01", "sets": {
        "a": {"rows": 10, "accuracy": 0.9, "kappa": 0.7, "threshold": 0.5,
              "baseline": {"judge": "token-f1", "accuracy": 0.8, "kappa": 0.6}},
        "b": {"rows": 10, "accuracy": "0.9", "kappa": 0.7, "baseline": {"judge": "t", "accuracy": 1, "kappa": 1}},
        "c": {"accuracy": 0.9, "kappa": 0.7}}})
    assert list(held.sets) == ["a"] and held.sets["a"].baseline.judge == "token-f1"
    assert held.to_dict()["sets"]["a"]["threshold"] == 0.5  # what else a judge recorded is kept
    assert HeldOut.from_dict({"sets": {"c": {"accuracy": 1}}}) is None and HeldOut.from_dict("x") is None


def test_run_writes_its_page_from_the_document_it_built_without_reading_it_back(tmp_path, monkeypatch):
    from judgesuite.suite.cli.main import main

    def no_read(cls, path):
        raise AssertionError(f"read {path}")

    monkeypatch.setattr(ResultsDoc, "read", classmethod(no_read))
    assert main(["run", "--judges", "exact-match", "--datasets", "gsm8k-openai-solutions", "--limit", "10",
                 "--out", str(tmp_path / "o"), "--cache", str(tmp_path / "c.sqlite"), "--no-progress"]) == 0
    assert (tmp_path / "o" / "site" / "index.html").stat().st_size > 10_000


def test_a_mc_formats_report_stored_into_an_older_file_keeps_its_entries(v1, tmp_path):
    from judgesuite.suite.studies.mc_formats.results_doc import store_report

    path = tmp_path / "results.json"
    path.write_bytes((v1 / "results.json").read_bytes())
    store_report({"results": [], "shots_curve": []}, path)
    doc = ResultsDoc.read(path)
    assert doc.schema == RESULTS_SCHEMA and len(doc.entries) == 6 and doc.extra["mc_formats"]["results"] == []
