"""Bring your own verdicts: `verdicts:file=PATH[:name=NAME]` and `VerdictsJudge` from Python."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from judgesuite import evaluate
from judgesuite.judges.recorded.imported import VerdictsFileError, VerdictsJudge
from judgesuite.suite.data import load_dataset

ROOT = Path(__file__).resolve().parents[1]
SET = "openqa-eval-nq301"


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "judgesuite.suite.cli.main", "run", "--no-progress", "--no-site",
                           "--cache", str(cwd / "c.sqlite"), "--out", str(cwd / "out"), *args],
                          capture_output=True, text=True, timeout=300, cwd=cwd)


def test_an_imported_file_scores_exactly_what_the_same_verdicts_score_in_process(tmp_path):
    native = evaluate("token-f1", SET)
    records = native.records[("token-f1", SET)]
    rows = load_dataset(SET, "test").rows
    assert [r.id for r in records] == [r.id for r in rows]
    from judgesuite.judges import make_judge
    verdicts = make_judge("token-f1").judge([r.sample for r in rows])
    judge = VerdictsJudge.from_verdicts(tmp_path / "v.jsonl", zip([r.id for r in rows], verdicts), name="tf1")
    imported = evaluate(judge, SET)
    a, b = native.entries[0].metrics, imported.entries[0].metrics
    for key in ("accuracy", "kappa", "f1", "accuracy_ci", "kappa_ci", "no_verdict_rate", "n"):
        assert a[key] == b[key], key
    assert [r.correct for r in imported.records[(imported.entries[0].judge, SET)]] == [r.correct for r in records]


def test_a_file_with_5_percent_of_rows_missing_reports_5_percent_no_verdicts(tmp_path):
    rows = load_dataset(SET, "test").rows
    kept = [r for i, r in enumerate(rows) if i % 20 != 0]  # every 20th row has no line
    path = tmp_path / "v.jsonl"
    path.write_text("".join(json.dumps({"id": r.id, "correct": bool(r.label)}) + "\n" for r in kept))
    m = evaluate(VerdictsJudge.from_file(path), SET).entries[0].metrics
    missing = len(rows) - len(kept)
    assert m["no_verdict_reasons"] == {"not_in_file": missing}
    assert m["no_verdict_rate"] == pytest.approx(missing / len(rows), abs=1e-6)
    assert abs(m["no_verdict_rate"] - 0.05) < 0.002
    assert m["accuracy_answered"] == 1.0  # the file's verdicts are the labels


def test_rows_with_the_same_content_keep_their_own_verdicts(tmp_path):
    """NQ301 repeats (question, answer) across models: imported verdicts are per id, not per content."""
    rows = load_dataset(SET, None).rows
    by_content: dict[str, list] = {}
    for r in rows:
        by_content.setdefault(r.sample.content_hash(), []).append(r)
    a, b = next(g for g in by_content.values() if len(g) > 1)[:2]
    path = tmp_path / "v.jsonl"
    path.write_text(json.dumps({"id": a.id, "correct": True}) + "\n" + json.dumps({"id": b.id, "correct": False}) + "\n")
    res = evaluate(VerdictsJudge.from_file(path), SET, split=None, cache=tmp_path / "c.sqlite")
    assert res.entries[0].judge == f"verdicts:file={path}"  # named by its spec
    got = {r.id: r.correct for r in res.records[(res.entries[0].judge, SET)]}
    assert got[a.id] is True and got[b.id] is False


def test_the_cli_reads_a_file_names_the_judge_and_skips_sets_without_lines(tmp_path):
    rows = load_dataset(SET, "test").rows[:30]
    path = tmp_path / "v.jsonl"
    path.write_text("".join(json.dumps({"id": r.id, "correct": True, "seconds": 0.5, "parameters": 7_000_000_000,
                                        "input_tokens": 100, "generated_tokens": 2}) + "\n" for r in rows))
    out = _cli("--judges", f"verdicts:file={path}:name=api", "--datasets", f"{SET},evouna-nq", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    doc = json.loads((tmp_path / "out" / "results.json").read_text())
    (entry,) = doc["entries"]
    assert entry["dataset"] == SET and entry["metrics"]["no_verdict_reasons"]["not_in_file"] == entry["n_rows"] - 30
    rep = entry["judge_report"]["replayed"]
    assert rep["kind"] == "imported" and rep["source"] == "api" and rep["seconds_per_sample_file"] == 0.5
    assert entry["cost"]["parameters"] == 7_000_000_000 and entry["cost"]["flops_per_sample"] > 0
    assert [s["dataset"] for s in doc["skipped"]] == ["evouna-nq"]


@pytest.mark.parametrize("lines, message", [
    (['{"id": "no-such-row", "correct": true}'], "are no row of the data"),
    (['{"id": "ID", "correct": true}', '{"id": "ID", "correct": false}'], "duplicate id"),
    (['{"id": "ID", "correct": tru'], "line 1: not JSON"),
    (['{"id": "ID", "correct": "yes"}'], "'correct' must be true, false or null"),
    (['{"id": "ID", "corect": true}'], "unknown field 'corect'"),
    (['{"id": "ID", "correct": true, "score": 1.5}'], "'score' must be a number in [0, 1]"),
    (['{"id": "ID", "correct": true, "input_tokens": -3}'], "'input_tokens' must be a whole number"),
    (['["ID", true]'], "expected a JSON object"),
    ([], "no verdict lines"),
])
def test_a_bad_file_is_one_line_naming_it(tmp_path, lines, message):
    rows = load_dataset(SET, None).rows
    path = tmp_path / "v.jsonl"
    path.write_text("".join(ln.replace("ID", rows[0].id) + "\n" for ln in lines))
    with pytest.raises(VerdictsFileError) as err:
        VerdictsJudge.from_file(path).check_ids(r.id for r in rows)
    assert message in str(err.value) and str(path) in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("line", ['{"id": "no-such-row", "correct": true}', '{"id": 3, "correct": true}'])
def test_the_cli_refuses_a_bad_file_with_one_line_and_exit_2(tmp_path, line):
    path = tmp_path / "v.jsonl"
    path.write_text(line + "\n")
    out = _cli("--judges", f"verdicts:file={path}", "--datasets", SET, cwd=tmp_path)
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert str(path) in out.stderr


def test_a_missing_file_is_one_line(tmp_path):
    with pytest.raises(VerdictsFileError, match="cannot read"):
        VerdictsJudge.from_file(tmp_path / "nope.jsonl")


def test_the_python_example_of_the_format_doc_runs_as_written(tmp_path):
    doc = (ROOT / "docs" / "verdicts-format.md").read_text()
    (code,) = re.findall(r"```python\n(.*?)```", doc, re.S)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "not_in_file" in out.stdout


def test_a_verdicts_judge_passes_the_judge_conformance_checks(tmp_path):
    from judgesuite.judges import check_judge

    rows = load_dataset(SET, "test").rows[:40]
    path = tmp_path / "v.jsonl"
    path.write_text("".join(json.dumps({"id": r.id, "correct": i % 3 == 0}) + "\n" for i, r in enumerate(rows)))
    check_judge(VerdictsJudge.from_file(path, name="mine"))


def test_a_file_saved_with_a_byte_order_mark_reads_as_without(tmp_path):
    rows = load_dataset(SET, "test").rows[:20]
    text = "".join(json.dumps({"id": r.id, "correct": i % 2 == 0}) + "\n" for i, r in enumerate(rows))
    (tmp_path / "plain.jsonl").write_text(text, encoding="utf-8")
    (tmp_path / "bom.jsonl").write_text(text, encoding="utf-8-sig")  # what Windows editors write
    plain = VerdictsJudge.from_file(tmp_path / "plain.jsonl", name="a")
    bom = VerdictsJudge.from_file(tmp_path / "bom.jsonl", name="a")
    samples = [r.sample for r in rows]
    assert [v.correct for v in bom.judge(samples)] == [v.correct for v in plain.judge(samples)] == \
        [i % 2 == 0 for i in range(20)]
