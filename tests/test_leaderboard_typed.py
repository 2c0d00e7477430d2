"""The leaderboard reads the typed results model (`ResultsDoc`, `Entry` and their blocks), never the
document's dict form: a real run's page is built with `to_dict` made to raise, and no leaderboard
module indexes a results field by its JSON name."""
from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from judgesuite.suite.cli.main import main
from judgesuite.suite.evaluation.schema import Entry, ResultsDoc

LEADERBOARD = Path(__file__).resolve().parents[1] / "leaderboard"
# JSON names of results fields (ResultsDoc, Entry, Cost and the blocks they store) that no analysis
# dict shares: a leaderboard module that indexes one of them is reading raw results.
RESULT_KEYS = {"entries", "judge_identity", "judge_report", "replayed", "skipped", "hardware", "learned_from",
               "verdicts_file", "adversarial", "cost", "flops_per_sample", "seconds_per_sample", "mc_formats",
               "no_verdict_reasons"}


@pytest.fixture(scope="module")
def results(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("typed")
    assert main(["run", "--judges", "exact-match,token-f1,sympy,recorded:source=gpt-4-eval",
                 "--datasets", "openqa-eval-nq301,master-keys", "--limit", "40", "--out", str(out / "o"),
                 "--cache", str(out / "c.sqlite"), "--no-progress", "--no-site"]) == 0
    return out / "o" / "results.json"


def test_the_page_is_built_from_the_typed_document_never_its_dict_form(results, monkeypatch, tmp_path):
    from judgesuite.leaderboard.build import write_site

    doc = ResultsDoc.read(results)
    assert doc.to_dict() == json.loads(results.read_text(encoding="utf-8"))  # the typed views change no JSON

    def no_dict(self):
        raise AssertionError(f"the leaderboard asked a {type(self).__name__} for its dict form")

    monkeypatch.setattr(ResultsDoc, "to_dict", no_dict)
    monkeypatch.setattr(Entry, "to_dict", no_dict)
    page, _ = write_site(doc, tmp_path / "site")
    html = page.read_text(encoding="utf-8")
    for section in ("which", "judges", "sets", "board", "master-keys", "cost", "large-judges"):
        assert f'<section id="{section}"' in html, section
    # what the page reads from the typed views: the replayed source, the skipped judge, the machine
    assert "Kamalloo et al." in html and "undisclosed" in html
    assert "sympy" in html and "handles math only" in html
    assert f"{doc.hardware_info.cpu_count} CPUs" in html


def test_the_typed_views_read_what_the_run_stored(results):
    doc = ResultsDoc.read(results)
    raw = json.loads(results.read_text(encoding="utf-8"))
    for e, r in zip(doc.entries, raw["entries"]):
        assert e.identity.name == r["judge_identity"]["name"] and e.identity.params == r["judge_identity"]["params"]
        replayed = (r["judge_report"] or {}).get("replayed")
        assert (e.replayed is None) == (replayed is None)
        if replayed:
            assert (e.replayed.kind, e.replayed.parameters) == ("recorded", "undisclosed")
        assert e.voting is None  # no voting judge ran
        assert e.no_verdict_reasons == r["metrics"]["no_verdict_reasons"]
        assert e.false_positive_rates == ({k: v["false_positive_rate"] for k, v in r["adversarial"].items()}
                                          if r["adversarial"] else {})
    assert [(s.judge, s.dataset, s.why) for s in doc.skips] == [(s["judge"], s["dataset"], s["why"]) for s in raw["skipped"]]
    assert any(s.judge == "sympy" and not s.failed for s in doc.skips)
    assert doc.hardware_info.processor == raw["hardware"]["processor"]


def _raw_result_reads(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        key = None
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            key = node.slice.value
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
              and node.args and isinstance(node.args[0], ast.Constant)):
            key = node.args[0].value
        if key in RESULT_KEYS:
            found.append(f"line {node.lineno}: [{key!r}]")
    return found


def test_no_leaderboard_module_indexes_a_results_field_by_its_json_name():
    assert sorted(_raw_result_reads(ast.parse('e["cost"]["cost_class"]; doc.get("entries", [])'))) == [
        "line 1: ['cost']", "line 1: ['entries']"]  # the check sees both forms
    offenders = {str(p.relative_to(LEADERBOARD)): found for p in sorted(LEADERBOARD.rglob("*.py"))
                 if (found := _raw_result_reads(ast.parse(p.read_text(encoding="utf-8"))))}
    assert offenders == {}
