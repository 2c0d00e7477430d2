"""A results file from anyone: the leaderboard reads verdict files only inside the results folder,
refuses impossible metric values in one line, keeps control characters off the terminal and
formulas out of CSV cells (issue 33, defects 8 and 12)."""
from __future__ import annotations

import gzip
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from judgesuite.leaderboard.inputs import printable
from judgesuite.suite.cli.main import main

LEADERBOARD_JS = Path(__file__).resolve().parents[1] / "leaderboard" / "assets" / "page.js"


@pytest.fixture(scope="module")
def results(tmp_path_factory) -> Path:
    """A real results folder: two rule judges on a bundled set's first rows."""
    folder = tmp_path_factory.mktemp("results")
    rc = main(["run", "--judges", "token-f1,exact-match", "--datasets", "openqa-eval-nq301", "--limit", "40",
               "--out", str(folder), "--cache", str(folder / "cache.sqlite"), "--no-progress", "--no-site",
               "--workers", "1"])
    assert rc == 0
    return folder


def leaderboard(capsys, doc: dict, folder: Path) -> tuple[int, str, str]:
    path = folder / "hostile.json"
    path.write_text(json.dumps(doc))
    try:
        rc = main(["leaderboard", str(path), "--out", str(folder / "site")])
    except SystemExit as exc:
        rc = exc.code
    out = capsys.readouterr()
    return rc, out.out, out.err


def copy_of(results: Path, tmp_path: Path) -> tuple[dict, Path]:
    folder = tmp_path / "res"
    shutil.copytree(results, folder, ignore=shutil.ignore_patterns("cache.sqlite*"))
    return json.loads((folder / "results.json").read_text()), folder


@pytest.mark.parametrize("where", ["absolute", "dot-dot", "symlink", "inside"])
def test_verdict_files_are_read_only_inside_the_results_folder(capsys, results, tmp_path, where):
    doc, folder = copy_of(results, tmp_path)
    secret = tmp_path / "secret.jsonl.gz"  # a local .gz file the page must not embed
    entry = doc["entries"][0]
    shutil.copy(folder / entry["verdicts_file"], secret)
    with gzip.open(secret, "at") as f:
        f.write(json.dumps({"id": "SECRET-ROW", "label": True, "correct": True, "model": "m",
                            "question_id": "q"}) + "\n")
    if where == "absolute":
        entry["verdicts_file"] = str(secret)
    elif where == "dot-dot":
        entry["verdicts_file"] = "../secret.jsonl.gz"
    elif where == "symlink":
        (folder / "verdicts" / "link.jsonl.gz").symlink_to(secret)
        entry["verdicts_file"] = "verdicts/link.jsonl.gz"
    rc, out, err = leaderboard(capsys, doc, folder)
    if where == "inside":
        assert rc == 0, err
        return
    lines = [line for line in err.splitlines() if line.strip()]
    assert rc == 2 and len(lines) == 1 and "Traceback" not in err
    assert "entry 0" in lines[0] and "verdicts_file" in lines[0] and "outside the results folder" in lines[0]
    assert not (folder / "site" / "index.html").exists()


IMPOSSIBLE = [
    ("metrics.accuracy", 7.5), ("metrics.accuracy", -0.1), ("metrics.accuracy", "high"), ("metrics.accuracy", True),
    ("metrics.kappa", 1.5), ("metrics.kappa", "NaN"), ("metrics.f1", None), ("metrics.no_verdict_rate", 2),
    ("metrics.accuracy_ci", [0.9, 0.1]), ("metrics.accuracy_ci", [0.1, 3.0]), ("metrics.kappa_ci", ["a", "b"]),
    ("metrics.n", -4), ("metrics.n", 2.5), ("metrics.n_answered", 10_000), ("n_rows", -1), ("n_rows", "many"),
    ("metrics.kappa", "missing"), ("metrics", "missing"),
]


@pytest.mark.parametrize("field, value", IMPOSSIBLE, ids=[f"{f}={v!r}" for f, v in IMPOSSIBLE])
def test_impossible_metric_values_are_refused_with_one_line(capsys, results, tmp_path, field, value):
    doc = json.loads((results / "results.json").read_text())
    target, *path = doc["entries"][1], *field.split(".")
    parent = target if len(path) == 1 else target[path[0]]
    if value == "missing":
        del parent[path[-1]]
    elif value == "NaN":
        parent[path[-1]] = float("nan")
    else:
        parent[path[-1]] = value
    if field == "metrics.f1":  # None is allowed only for a value that can be undefined
        parent["f1"] = None
    rc, out, err = leaderboard(capsys, doc, results)
    lines = [line for line in err.splitlines() if line.strip()]
    if field == "metrics.f1":
        assert rc == 0, err  # f1 None renders as "not defined", it is not impossible
        return
    assert rc == 2 and len(lines) == 1 and "Traceback" not in err, err
    assert "hostile.json" in lines[0]
    if field != "metrics":
        assert "entry 1" in lines[0] and field.split(".")[-1] in lines[0]


def test_names_reach_the_terminal_without_control_characters(capsys, results, tmp_path):
    doc, folder = copy_of(results, tmp_path)
    evil = "token-f1\x1b[2J\x1b]0;owned\x07\x9b31m\r"
    for entry in doc["entries"]:
        if entry["judge"] == "token-f1":
            entry["judge"] = evil
    rc, out, err = leaderboard(capsys, doc, folder)
    assert rc == 0, err
    assert "token-f1" in out
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]", out + err)
    assert printable(evil) == "token-f1"


def test_csv_cells_are_never_spreadsheet_formulas(tmp_path):
    """The page's CSV quoting (leaderboard/assets/page.js), run in node on hostile cells."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    source = LEADERBOARD_JS.read_text()
    match = re.search(r"var q = (function \(s\) \{.*?\n    \});", source, re.S)
    assert match, "the CSV quoting function of page.js moved; update this test"
    cells = ["=HYPERLINK(\"http://x\",\"y\")", "+1+1", "-2+3", "@SUM(A1)", "\tTAB", "\r=1", "-0.25", "0.5",
             "plain, with comma", 'say "hi"']
    script = f"var q = {match.group(1)};\nconsole.log(JSON.stringify({json.dumps(cells)}.map(q)));"
    quoted = json.loads(subprocess.run([node, "-e", script], capture_output=True, text=True, check=True).stdout)
    for cell, out in zip(cells, quoted):
        unquoted = out[1:-1].replace('""', '"') if out.startswith('"') else out
        assert not re.match(r"[=+@\t\r]", unquoted) and not re.match(r"-\D", unquoted), (cell, out)
    assert quoted[6] == "-0.25" and quoted[7] == "0.5"  # numbers stay numbers
    assert quoted[8] == '"plain, with comma"' and quoted[9] == '"say ""hi"""'


@pytest.mark.parametrize("kept", [True, False], ids=["benchmark-verdicts-folder", "elsewhere"])
def test_a_benchmark_file_reads_verdicts_only_where_bench_judges_keeps_them(capsys, results, tmp_path, kept):
    """benchmarks/bench_judges.py names its verdict files by absolute path in pytest's cache
    (schema.BENCHMARK_VERDICTS); any other absolute path in a pytest-benchmark file is refused."""
    doc = json.loads((results / "results.json").read_text())
    folder = tmp_path / ("judgesuite-benchmark-verdicts" if kept else "elsewhere")
    folder.mkdir()
    for e in doc["entries"]:
        e["verdicts_file"] = str(shutil.copy(results / e["verdicts_file"], folder))
    bench = {"machine_info": {}, "benchmarks": [{"name": f"test_judge[{e['judge']}]", "stats": {"mean": 0.1},
                                                 "extra_info": {"entry": e}} for e in doc["entries"]]}
    path = tmp_path / "bench" / "bench.json"
    path.parent.mkdir()
    path.write_text(json.dumps(bench))
    rc = main(["leaderboard", str(path), "--out", str(tmp_path / "site"), "--quiet"])
    err = capsys.readouterr().err
    assert (rc == 0) if kept else (rc == 2 and "outside the results folder" in err), err


@pytest.mark.parametrize("content, said", [
    (lambda good: good[:100], "cannot be read: Compressed file ended"),  # cut short
    (lambda good: b"not gzip at all", "cannot be read"),
    (lambda good: gzip.compress(b'{"id": "x"}\n'), "line 1: not a verdict record"),
    (lambda good: gzip.compress(b"[" * 100_000 + b"\n"), "line 1: invalid JSON: nested too deeply"),
], ids=["truncated", "not-gzip", "not-a-record", "nested"])
def test_a_verdict_file_that_cannot_be_read_is_one_line_naming_it(capsys, results, tmp_path, content, said):
    """A truncated or foreign verdict file beside the results was an EOFError / TypeError traceback."""
    folder = tmp_path / "copy"
    shutil.copytree(results, folder)
    doc = json.loads((folder / "results.json").read_text())
    vfile = folder / doc["entries"][0]["verdicts_file"]
    vfile.write_bytes(content(vfile.read_bytes()))
    rc, _, err = leaderboard(capsys, doc, folder)
    lines = [line for line in err.splitlines() if line.strip()]
    assert rc == 2 and len(lines) == 1 and "Traceback" not in err
    assert vfile.name in lines[0] and said in lines[0]


@pytest.mark.parametrize("field, value, said", [
    ("correct", "yes", "'correct' must be true, false or null"),
    ("label", "x", "'label' must be true, false or null"),
    ("score", "0.5", "'score' must be a number in [0, 1] or null"),
    ("score", 7, "'score' must be a number in [0, 1] or null"),
    ("reason", "bogus", "'reason' must be null or one of error"),
    ("tokens", -5, "'tokens' must be a count"),
    ("flops", "1e999", "'flops' must be a number >= 0"),
    ("references", [1, 2], "'references' must be a list of strings"),
    ("id", None, "'id' must be a string"),
])
def test_a_verdict_record_with_a_value_of_the_wrong_type_is_one_line(capsys, results, tmp_path, field, value, said):
    """A score of 7 or "yes" for `correct` was read as something else (a wrong figure on the page) or failed
    deep in the analysis (a KeyError or numpy traceback)."""
    folder = tmp_path / "copy"
    shutil.copytree(results, folder)
    doc = json.loads((folder / "results.json").read_text())
    vfile = folder / doc["entries"][0]["verdicts_file"]
    records = [json.loads(line) for line in gzip.decompress(vfile.read_bytes()).decode().splitlines()]
    records[3][field] = value
    vfile.write_bytes(gzip.compress("".join(json.dumps(r) + "\n" for r in records).encode()))
    rc, _, err = leaderboard(capsys, doc, folder)
    lines = [line for line in err.splitlines() if line.strip()]
    assert rc == 2 and len(lines) == 1
    assert f"{vfile.name}, line 4: not a verdict record (ValueError: {said}" in lines[0]


WRONG_TYPES = [
    ("entries.0.task_types", [5], "field task_types: expected a list of strings"),
    ("entries.0.learned_from", "evouna-nq", "field learned_from: expected a list of strings"),
    ("entries.0.routing", {"first": "most"}, "field routing: expected an object of numbers or null"),
    ("entries.0.label_sources", 5, "field label_sources: expected an object of whole numbers"),
    ("entries.0.judge_report", 5, "field judge_report: expected an object or null"),
    ("entries.0.probe", "yes", "field probe: expected true or false"),
    ("entries.0.cost.parameters", "big", "field cost.parameters: expected a whole number"),
    ("entries.0.judge_identity.params", 5, "field judge_identity.params: expected an object"),
    ("entries.0", 5, "entry 0: expected an object"),
    ("skipped", [5], "field skipped: expected a list of objects"),
    ("format_stats", 5, "field format_stats: expected an object"),
    ("hardware.cpu_count", "x", "field hardware.cpu_count: expected a whole number or null"),
    ("entries.0.cost.parameters", -1, "field cost.parameters: -1 is not a finite number >= 0"),
    ("entries.0.cost.profile", {"load": -2.0}, "field cost.profile.load: -2.0 is not a finite number >= 0"),
    ("entries.0.n_rows", 10**400, "field n_rows: 1000000000000000000000000000000000000000 is not a whole number"),
]


@pytest.mark.parametrize("where, value, said", WRONG_TYPES, ids=[f"{w}={v!r:.20}" for w, v, _ in WRONG_TYPES])
def test_a_field_of_the_wrong_type_or_range_is_one_line(capsys, results, tmp_path, where, value, said):
    """Each was a TypeError / AttributeError / OverflowError traceback, or read as something else ("evouna-nq" as
    its letters, a negative cost printed on the page)."""
    doc = json.loads((results / "results.json").read_text())
    *path, last = where.split(".")
    parent = doc
    for key in path:
        parent = parent[int(key)] if isinstance(parent, list) else parent[key]
    parent[int(last) if isinstance(parent, list) else last] = value
    rc, _, err = leaderboard(capsys, doc, results)
    lines = [line for line in err.splitlines() if line.strip()]
    assert rc == 2 and len(lines) == 1 and "hostile.json" in lines[0] and said in lines[0], err


def test_a_number_too_long_to_read_is_one_line_naming_the_file(capsys, results, tmp_path):
    text = (results / "results.json").read_text()
    folder = tmp_path / "copy"
    shutil.copytree(results, folder)
    (folder / "results.json").write_text(text.replace('"n_rows": ', '"n_rows": 1' + "0" * 5000 + ", \"x\": ", 1))
    rc = main(["leaderboard", str(folder / "results.json"), "--out", str(folder / "site")])
    lines = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert rc == 2 and len(lines) == 1 and "results.json: cannot read JSON: a number of 5001 digits" in lines[0]


@pytest.mark.parametrize("bench", [
    {"machine_info": [1], "benchmarks": [{"name": "t", "extra_info": {"entry": {"judge": "x", "dataset": "y"}}}]},
    {"machine_info": {}, "benchmarks": [{"name": "t", "stats": {"mean": "slow"},
                                         "extra_info": {"entry": {"judge": "x", "dataset": "y", "n_rows": 3}}}]},
], ids=["machine-info-a-list", "mean-a-word"])
def test_a_damaged_benchmark_file_is_one_line(capsys, tmp_path, bench):
    path = tmp_path / "bench.json"
    path.write_text(json.dumps(bench))
    rc = main(["leaderboard", str(path), "--out", str(tmp_path / "site"), "--quiet"])
    lines = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert rc == 2 and len(lines) == 1 and "bench.json: not a pytest-benchmark file of judgesuite" in lines[0]
