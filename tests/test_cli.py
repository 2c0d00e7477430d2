"""The `judgesuite` command line as a user scripts it."""
from __future__ import annotations

import json
import subprocess
import sys

from judgesuite.suite.cli.main import main


def test_run_writes_results_and_prints_the_table(tmp_path, capsys):
    code = main(["run", "--judges", "exact-match,token-f1,flexible", "--datasets",
                 "openqa-eval-nq301,gsm8k-openai-solutions", "--limit", "80", "--out", str(tmp_path / "out"),
                 "--cache", str(tmp_path / "c.sqlite"), "--no-progress"])
    assert code == 0
    doc = json.loads((tmp_path / "out" / "results.json").read_text())
    pairs = {(e["judge"], e["dataset"]) for e in doc["entries"]}
    assert ("flexible", "gsm8k-openai-solutions") in pairs and ("flexible", "openqa-eval-nq301") not in pairs
    assert len(pairs) == 5
    for e in doc["entries"]:
        assert {"accuracy", "f1", "accuracy_answered", "no_verdict_rate", "kappa"} <= set(e["metrics"])
        assert e["split"] == "test" and e["n_rows"] == 80
    out = capsys.readouterr().out
    assert "openqa-eval-nq301 (test, 80 rows" in out and "exact-match" in out
    assert "not run: flexible on openqa-eval-nq301" in out


def test_run_on_a_user_file_scores_it_whole(tmp_path, capsys):
    rows = [{"id": f"r{i}", "task_type": "open_qa", "question": f"q{i}", "candidate": c, "references": ["Paris"],
             "label": lab, "model": m}
            for i, (c, lab, m) in enumerate([("Paris", True, "a"), ("It is Paris.", True, "b"), ("Lyon", False, "a")])]
    f = tmp_path / "my_set.jsonl"
    f.write_text("\n".join(json.dumps(r) for r in rows))
    assert main(["run", "--judges", "exact-match", "--data", str(f), "--out", str(tmp_path / "o"),
                 "--cache", str(tmp_path / "c.sqlite"), "--no-progress"]) == 0
    (entry,) = json.loads((tmp_path / "o" / "results.json").read_text())["entries"]
    assert entry["dataset"] == "my_set" and entry["split"] is None and entry["n_rows"] == 3
    assert abs(entry["metrics"]["accuracy"] - 2 / 3) < 1e-6  # "It is Paris." is not an exact match


def test_bad_inputs_exit_2_with_a_message_not_a_traceback(tmp_path, capsys):
    assert main(["run", "--judges", "regexx", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "unknown judge 'regexx'" in err and "Did you mean 'regex'" in err and "Traceback" not in err
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "1"}\n')
    assert main(["run", "--judges", "exact-match", "--data", str(bad), "--out", str(tmp_path)]) == 2
    assert "bad.jsonl, line 1, field 'task_type': missing" in capsys.readouterr().err
    assert main(["run", "--judges", "exact-match", "--datasets", str(bad), "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("judgesuite run: unknown dataset") and "Your own files go to --data." in err, err
    assert main(["run", "--judges", "exact-match", "--datasets", "evouna", "--out", str(tmp_path)]) == 2
    assert "run: unknown dataset 'evouna'. Did you mean 'evouna-nq'?" in capsys.readouterr().err


def test_judges_and_datasets_listings(capsys):
    assert main(["judges"]) == 0
    out = capsys.readouterr().out
    assert "math-verify" in out and "regex" in out and "rule" in out
    assert main(["datasets"]) == 0
    out = capsys.readouterr().out
    assert "financebench" in out and "NON-COMMERCIAL" in out and "15428" in out


def test_console_script_is_installed():
    import shutil

    exe = shutil.which("judgesuite") or str(__import__("pathlib").Path(sys.executable).with_name("judgesuite"))
    proc = subprocess.run([exe, "judges"], capture_output=True, text=True, check=True)
    assert "exact-match" in proc.stdout
