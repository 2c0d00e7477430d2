"""Run options of the LLM judges from the command line, with the real SmolLM2 (llama.cpp, 1 thread):
nested judge parameters (a cascade's inner judges) and leaving flagged references out of scoring.
"""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from judgesuite.suite.evaluation.runner import limit_rows, parse_judge_spec

SMOL_PARAMS = 134_515_008  # SmolLM2-135M-Instruct's weights (tests/test_llm_judges.py)


def _cli(*args: str, timeout: int = 900) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "judgesuite.suite.cli.main", *args], capture_output=True, text=True,
                          timeout=timeout)


def test_nested_judge_parameters_parse_and_errors():
    name, params = parse_judge_spec(
        'cascade:cheap=regex:band=0.2:expensive_params={"max_new_tokens":8,"backend_options":{"n_ctx":4096}}'
        ':expensive_params.threads=1:cheap_params.x.y=a')
    assert name == "cascade"
    assert params == {"cheap": "regex", "band": 0.2,
                      "expensive_params": {"max_new_tokens": 8, "backend_options": {"n_ctx": 4096}, "threads": 1},
                      "cheap_params": {"x": {"y": "a"}}}
    assert parse_judge_spec('x:s="a:b,c"') == ("x", {"s": "a:b,c"})  # quoted colons stay in the value
    with pytest.raises(ValueError, match="not a dict"):
        parse_judge_spec("x:a=1:a.b=2")
    from judgesuite.suite.cli.common import csv_list
    assert csv_list('regex,cascade:expensive_params={"a":1,"b":2}, llm-direct') == [
        "regex", 'cascade:expensive_params={"a":1,"b":2}', "llm-direct"]


CASCADE = 'cascade:cheap=regex:band=0.2:expensive=llm-direct:expensive_params={"max_new_tokens":3,"threads":1}'


@pytest.fixture(scope="module")
def llm_run(tmp_path_factory):
    """One `judgesuite run` of three LLM judges on two real rows, read by the tests below: one process, as the
    model's load and its GGUF metadata reads cost more than the rows (the cascade once had a run of its own)."""
    out = tmp_path_factory.mktemp("llm-run")
    judges = f"llm-vote:k=3:threads=1:max_new_tokens=6,llm-direct:threads=1:max_new_tokens=8,{CASCADE}"
    r = _cli("run", "--judges", judges, "--datasets", "openqa-eval-nq301", "--limit", "2", "--out", str(out / "o"),
             "--cache", str(out / "c.sqlite"), "--no-progress", "--no-site")
    return r, out / "o" / "results.json"


def test_cascade_inner_parameters_from_the_command_line(llm_run):
    r, results = llm_run
    assert r.returncode == 0, r.stderr
    (entry,) = [e for e in json.loads(results.read_text())["entries"] if e["judge"].startswith("cascade")]
    params = entry["judge_identity"]["params"]
    assert params["expensive_params"] == {"max_new_tokens": 3, "threads": 1} and params["band"] == 0.2
    assert set(entry["routing"]) <= {"regex", "llm-direct"}
    escalated = entry["routing"].get("llm-direct", 0) * 2
    # Only escalated rows reach the LLM, and each generates at most the 3 tokens asked for.
    assert entry["cost"]["generated_tokens_per_sample"] * 2 <= 3 * escalated + 1e-9
    if escalated:
        assert entry["cost"]["input_tokens_per_sample"] > 50


def test_audit_references_then_run_without_flagged(tmp_path, nq301_test, capsys):
    audit = tmp_path / "audit.json"
    r = _cli("audit-references", "--judge", "llm-validated:threads=1:answer_tokens=24:check_tokens=32",
             "--datasets", "openqa-eval-nq301", "--limit", "4", "--out", str(audit))
    assert r.returncode == 0, r.stderr
    doc = json.loads(audit.read_text())
    block = doc["datasets"]["openqa-eval-nq301"]
    assert doc["schema"] == "judgesuite.reference-audit/1" and block["n_checked"] == 4
    assert sum(block["status"].values()) == 4 and block["tokens"] > 4 * 50
    subset = {row.id for row in limit_rows(nq301_test.scorable(), 4)}
    flagged = {f["id"] for f in block["flagged"]}
    assert flagged <= subset and len(flagged) == block["status"].get("flagged", 0)
    assert all(f["reason"] for f in block["flagged"])

    from judgesuite.suite.cli.main import main

    # exact-match runs in this process: a process of its own per run only started Python again
    def run_with(audit_path, out):
        assert main(["run", "--judges", "exact-match", "--datasets", "openqa-eval-nq301", "--limit", "4",
                     "--out", str(tmp_path / out), "--cache", str(tmp_path / "c.sqlite"), "--no-progress",
                     "--exclude-flagged", str(audit_path)]) == 0
        (entry,) = json.loads((tmp_path / out / "results.json").read_text())["entries"]
        return entry

    entry = run_with(audit, "o1")
    assert entry["excluded"]["flagged_reference"] == len(flagged) and entry["n_rows"] == 4 - len(flagged)

    # The same option with two rows flagged by hand (the exclusion path, whatever SmolLM2 flagged).
    two = sorted(subset)[:2]
    doc["datasets"]["openqa-eval-nq301"]["flagged"] = [{"id": i, "reason": "by hand"} for i in two]
    audit.write_text(json.dumps(doc))
    entry = run_with(audit, "o2")
    assert entry["excluded"]["flagged_reference"] == 2 and entry["n_rows"] == 2
    import gzip
    with gzip.open(tmp_path / "o2" / entry["verdicts_file"], "rt") as fh:
        assert not {json.loads(line)["id"] for line in fh} & set(two)

    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"schema": "other"}))
    capsys.readouterr()
    assert main(["run", "--judges", "exact-match", "--datasets", "openqa-eval-nq301", "--limit", "4",
                 "--out", str(tmp_path / "o3"), "--exclude-flagged", str(bad)]) == 2
    assert "not a reference audit" in capsys.readouterr().err


def test_run_records_vote_report_and_generated_only_flops_and_the_leaderboard_shows_them(llm_run, tmp_path):
    """Also `judgesuite run` with llm-direct on two real rows: its tokens, parameters and identity."""
    from judgesuite.leaderboard.build import write_site
    from judgesuite.suite.evaluation.schema import ResultsDoc

    r, results = llm_run
    assert r.returncode == 0, r.stderr
    res = ResultsDoc.read(results)
    by = {e.judge.split(":")[0]: e.to_dict() for e in res.entries}
    vote, direct = by["llm-vote"], by["llm-direct"]
    assert set(vote["judge_report"]) >= {"agreement_rate", "flip_rate", "position_bias_gap"}
    assert direct["judge_report"] is None
    assert direct["n_rows"] == 2 and direct["cost"]["parameters"] == SMOL_PARAMS
    assert direct["cost"]["input_tokens_per_sample"] > 100 and direct["cost"]["generated_tokens_per_sample"] >= 1
    assert direct["judge_identity"]["params"]["max_new_tokens"] == 8
    for e in (vote, direct):  # generated-only FLOPs: 2 x parameters x generated tokens
        c = e["cost"]
        assert c["flops_generated_only_per_sample"] == pytest.approx(
            2 * c["parameters"] * c["generated_tokens_per_sample"], rel=0.01)
        assert 0 < c["flops_generated_only_per_sample"] < c["flops_per_sample"]
    html = write_site(res, tmp_path / "site")[0].read_text(encoding="utf-8")
    section = html[html.index('<section id="llm-judges">'):]
    section = section[:section.index("</section>")]
    assert "position gap" in section and section.count("<tr><td>openqa-eval-nq301</td>") == 3  # the cascade too
    invalid = direct["metrics"]["no_verdict_reasons"].get("invalid_output", 0) / 2
    assert f"<td data-v=\"{invalid}\">{100 * invalid:.1f}</td>" in section
