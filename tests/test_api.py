"""The Python API and the plugin option: what a user writes in a notebook or a script."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

import judgesuite
from judgesuite import Judge, Verdict, evaluate


class FirstWordJudge(Judge):
    """Correct when the candidate's first word is a reference's first word."""

    def _judge_batch(self, samples):
        first = lambda t: (t.split() or [""])[0].lower().strip(".,")  # noqa: E731
        return [Verdict(any(first(s.candidate) == first(r) for r in s.references)) for s in samples]


def test_public_names_import_without_torch():
    out = subprocess.run([sys.executable, "-c", "import sys; from judgesuite import evaluate, Judge, Sample, "
                          "Verdict, register_judge, check_judge; print('torch' in sys.modules)"],
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    assert set(judgesuite.__all__) >= {"evaluate", "Judge", "Sample", "Verdict", "register_judge", "check_judge"}


def test_evaluate_a_spec_on_a_bundled_set_returns_typed_results(nq301_test):
    res = evaluate("token-f1", "openqa-eval-nq301", limit=80)
    entry = res.entry("token-f1", "openqa-eval-nq301")
    assert entry.n_rows == 80 and entry.split == "test" and entry.label_source == "human"
    assert 0.5 < entry.metrics["accuracy"] <= 1.0 and entry.cost.cost_class == "rule"
    records = res.records[("token-f1", "openqa-eval-nq301")]
    assert len(records) == 80 and {r.id for r in records} <= {r.id for r in nq301_test.rows}
    assert "token-f1" in res.table()
    assert json.loads(json.dumps(res.to_dict()))["entries"][0]["metrics"] == entry.metrics


def test_evaluate_an_instance_on_labelled_samples_and_on_a_file(tmp_path, nq301_test):
    rows = [r for r in nq301_test.scorable()][:40]
    pairs = [(r.sample, r.label) for r in rows]
    judge = FirstWordJudge()
    res = evaluate(judge, pairs)
    (entry,) = res.entries
    expected = sum((v.correct is True) == lab for v, (_, lab) in zip(judge.judge([s for s, _ in pairs]), pairs))
    assert entry.metrics["accuracy"] == pytest.approx(expected / 40)
    path = tmp_path / "mine.jsonl"
    path.write_text("".join(json.dumps({"id": r.id, "task_type": r.sample.task_type, "question": r.sample.question,
                                        "candidate": r.sample.candidate, "references": list(r.sample.references),
                                        "label": r.label, "model": r.model}) + "\n" for r in rows))
    from_file = evaluate([judge, "exact-match"], str(path), out=tmp_path / "out")
    assert [e.dataset for e in from_file.entries] == ["mine", "mine"]
    assert from_file.entries[0].metrics == entry.metrics
    assert (tmp_path / "out" / "results.json").is_file()


def test_run_plugin_imports_a_module_that_registers_judges(tmp_path):
    (tmp_path / "my_judges.py").write_text(textwrap.dedent("""
        from judgesuite import Judge, Verdict, register_judge

        @register_judge("says-yes")
        class SaysYes(Judge):
            def _judge_batch(self, samples):
                return [Verdict(True, score=1.0) for _ in samples]
    """))
    env = {"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"}
    cmd = [sys.executable, "-m", "judgesuite.suite.cli.main", "run", "--plugin", "my_judges", "--judges",
           "says-yes", "--datasets", "openqa-eval-nq301", "--limit", "30", "--out", str(tmp_path / "o"),
           "--cache", str(tmp_path / "c.sqlite"), "--no-progress", "--no-site"]
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    doc = json.loads((tmp_path / "o" / "results.json").read_text())
    (entry,) = doc["entries"]
    assert entry["judge"] == "says-yes" and entry["metrics"]["recall"] == 1.0


@pytest.mark.parametrize("data", [5, {"id": "a"}, b"evouna-nq"])
def test_evaluate_names_what_data_it_takes_when_given_something_else(data):
    with pytest.raises(TypeError, match="data is a set name, a JSONL path, a Dataset or a list of rows"):
        evaluate("token-f1", data)
