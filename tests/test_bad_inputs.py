"""Bad input from a user or a plugin gets one line naming what and where (exit 2), never a
traceback, a silent default or a silent wrong row (issue 33, defects 4, 8, 9, 10)."""
from __future__ import annotations

import gzip
import json
import os
import shutil
import sqlite3
import warnings
from pathlib import Path

import pytest

from judgesuite import Sample, Verdict, evaluate
from judgesuite.judges.base import Judge
from judgesuite.judges.lexical.overlap import TokenF1Judge
from judgesuite.judges.registry import JUDGES, make_judge, register_judge
from judgesuite.judges.types import NoVerdict
from judgesuite.suite.cli.main import main
from judgesuite.suite.data import DataError
from judgesuite.suite.data.loader import DATASETS_DIR
from judgesuite.suite.evaluation.cache import VerdictCache

ROWS = 12


@pytest.fixture(scope="module")
def rows() -> list[dict]:
    """The first rows of a bundled set, in the bundled schema."""
    with gzip.open(DATASETS_DIR / "openqa-eval-nq301.jsonl.gz", "rt", encoding="utf-8") as f:
        return [json.loads(next(f)) for _ in range(ROWS)]


def write(path: Path, rows: list[dict]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture()
def data(tmp_path, rows) -> Path:
    return write(tmp_path / "rows.jsonl", rows)


def cli(capsys, *args: str) -> tuple[int, str, str]:
    """`judgesuite ARGS` in this process: (exit code, stdout, stderr)."""
    try:
        rc = main(list(args))
    except SystemExit as exc:  # argparse
        rc = exc.code
    out = capsys.readouterr()
    return rc, out.out, out.err


def run(capsys, tmp_path, *args: str) -> tuple[int, str, str]:
    return cli(capsys, "run", "--no-progress", "--no-site", "--workers", "1", "--out", str(tmp_path / "out"),
               *(() if "--cache" in args else ("--cache", str(tmp_path / "cache.sqlite"))), *args)


def one_line(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.fixture()
def registered():
    """Judge names registered by a test, removed after it."""
    names: list[str] = []
    yield names
    for name in names:
        JUDGES.remove(name)


# Defect 4: same-named --data files ---------------------------------------------------------------

def test_two_data_files_with_one_name_keep_their_own_results(capsys, tmp_path, rows):
    a = write(tmp_path / "a" / "set.jsonl", rows)
    b = write(tmp_path / "b" / "set.jsonl", [r | {"id": "b-" + r["id"]} for r in rows[:5]])
    rc, out, err = run(capsys, tmp_path, "--judges", "token-f1", "--data", f"{a},{b}")
    assert rc == 0, err
    doc = json.loads((tmp_path / "out" / "results.json").read_text())
    by_name = {e["dataset"]: e for e in doc["entries"]}
    assert set(by_name) == {"a/set", "b/set"}
    assert by_name["a/set"]["metrics"]["n"] == ROWS and by_name["b/set"]["metrics"]["n"] == 5
    files = {e["verdicts_file"] for e in doc["entries"]}
    assert len(files) == 2 and all((tmp_path / "out" / f).is_file() for f in files)


@pytest.mark.parametrize("second", ["same", "dot-spelling"])
def test_one_data_file_given_twice_is_refused(capsys, tmp_path, data, second):
    again = str(data) if second == "same" else str(data.parent / "." / data.name)
    rc, _, err = run(capsys, tmp_path, "--judges", "token-f1", "--data", f"{data},{again}")
    assert rc == 2 and "given twice" in one_line(err) and data.name in err


# Defect 8: one line instead of a traceback -----------------------------------------------------

def _cache(kind: str, path: Path, good: Path) -> Path:
    if kind == "truncated":
        with sqlite3.connect(good) as conn:  # everything into the main file, then cut it in half
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        path.write_bytes(good.read_bytes()[:good.stat().st_size // 2])
    elif kind == "random":
        path.write_bytes(os.urandom(5000))
    else:
        with sqlite3.connect(path) as conn:
            conn.execute("CREATE TABLE verdicts (x)" if kind == "wrong-schema" else "CREATE TABLE notes (text)")
    return path


@pytest.mark.parametrize("kind", ["truncated", "random", "wrong-schema", "foreign"])
def test_a_broken_cache_file_is_one_line_naming_it(capsys, tmp_path, data, kind):
    good = tmp_path / "good.sqlite"
    assert run(capsys, tmp_path, "--judges", "token-f1,exact-match", "--data", str(data), "--cache", str(good))[0] == 0
    broken = _cache(kind, tmp_path / f"{kind}.sqlite", good)
    before = broken.read_bytes()
    rc, _, err = run(capsys, tmp_path, "--judges", "token-f1", "--data", str(data), "--cache", str(broken))
    assert rc == 2 and str(broken) in one_line(err)
    if kind == "foreign":  # someone else's database is left as it was
        assert broken.read_bytes() == before


@pytest.mark.parametrize("kind", ["folder", "read-only-file", "read-only-folder"])
def test_a_cache_that_cannot_be_opened_or_written_is_one_line(capsys, tmp_path, data, kind):
    if kind != "folder" and os.geteuid() == 0:
        pytest.skip("root writes through read-only permissions")
    target = tmp_path / "c"
    if kind == "folder":
        target.mkdir()
    elif kind == "read-only-file":
        assert run(capsys, tmp_path, "--judges", "exact-match", "--data", str(data), "--cache", str(target))[0] == 0
        target.chmod(0o444)
    else:
        target.mkdir()
        target.chmod(0o555)
        target = target / "cache.sqlite"
    try:
        rc, _, err = run(capsys, tmp_path, "--judges", "token-f1", "--data", str(data), "--cache", str(target))
    finally:
        (tmp_path / "c").chmod(0o755)
    assert rc == 2 and "verdict cache" in one_line(err)


@pytest.mark.parametrize("option", ["--out", "--site"])
def test_out_on_an_existing_file_is_one_line(capsys, tmp_path, data, option):
    afile = tmp_path / "afile"
    afile.write_text("mine\n")
    args = ["--judges", "token-f1", "--data", str(data)]
    if option == "--out":
        rc, _, err = cli(capsys, "run", "--no-progress", "--workers", "1", "--cache", str(tmp_path / "c.sqlite"),
                         "--out", str(afile), *args)
    else:
        rc, _, err = run(capsys, tmp_path, "--site", str(afile), *args)
    assert rc == 2 and f"{option} {afile}" in one_line(err) and afile.read_text() == "mine\n"


def test_a_truncated_model_is_one_line(capsys, tmp_path, data):
    from judgesuite.judges.learned.stacked import DEFAULT_MODEL

    model = tmp_path / "stacked.npz"
    model.write_bytes(Path(DEFAULT_MODEL).read_bytes()[:2000])
    rc, _, err = run(capsys, tmp_path, "--judges", f"stacked:model={model}", "--data", str(data))
    assert rc == 2 and str(model) in one_line(err) and "BadZipFile" in err


def test_a_plugin_that_raises_on_import_is_one_line_naming_it(capsys, tmp_path, data, monkeypatch):
    (tmp_path / "broken_plugin_h3.py").write_text("raise RuntimeError('endpoint not configured')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    rc, _, err = run(capsys, tmp_path, "--plugin", "broken_plugin_h3", "--judges", "token-f1", "--data", str(data))
    assert rc == 2 and "broken_plugin_h3" in one_line(err) and "endpoint not configured" in err


def test_a_plugin_judge_that_raises_in_init_is_one_line_naming_it(capsys, tmp_path, data, registered):
    @register_judge("raises-in-init")
    class RaisesInInit(Judge):
        def __init__(self) -> None:
            raise ConnectionError("no server on port 1")

        def _judge_batch(self, samples):
            return [Verdict(True) for _ in samples]

    registered.append("raises-in-init")
    rc, _, err = run(capsys, tmp_path, "--judges", "raises-in-init", "--data", str(data))
    assert rc == 2 and "raises-in-init" in one_line(err) and "no server on port 1" in err


def test_a_close_that_raises_is_a_one_line_warning(capsys, tmp_path, data, registered):
    @register_judge("raises-in-close")
    class RaisesInClose(Judge):
        def _judge_batch(self, samples):
            return [Verdict("a" in s.candidate) for s in samples]

        def close(self) -> None:
            raise OSError("socket already closed")

    registered.append("raises-in-close")
    with pytest.warns(RuntimeWarning, match="raises-in-close|RaisesInClose") as caught:
        rc, out, err = run(capsys, tmp_path, "--judges", "raises-in-close", "--data", str(data))
    assert rc == 0 and "results in" in out and "Traceback" not in err
    for w in caught:  # as the command line prints it: one line
        shown = warnings.formatwarning(w.message, w.category, w.filename, w.lineno)
        assert shown.startswith("warning: ") and shown.count("\n") == 1 and "socket already closed" in shown


def test_items_that_are_not_verdicts_become_errors_that_are_not_cached(tmp_path, rows):
    class HalfBools(Judge):
        """Returns a bool, not a Verdict, for every other sample."""

        def _judge_batch(self, samples):
            return [Verdict(True) if int(s.id.rsplit("-", 1)[-1], 36) % 2 else True for s in samples]

    cache = tmp_path / "c.sqlite"
    ids = [r["id"] for r in rows]
    bools = sum(1 for i in ids if not int(i.rsplit("-", 1)[-1], 36) % 2)
    assert 0 < bools < len(ids)
    (entry,) = evaluate(HalfBools(), rows, cache=cache).entries
    assert entry.metrics["no_verdict_reasons"] == {"error": bools}
    assert VerdictCache(cache).count() == len(ids) - bools
    verdicts = HalfBools().judge([Sample("x-0", "open_qa", "q", "c", ("r",))])
    assert verdicts[0].reason is NoVerdict.ERROR and "bool" in verdicts[0].detail


@pytest.mark.parametrize("judge", [None, 3, [None]], ids=["none", "int", "list-with-none"])
def test_evaluate_refuses_what_is_not_a_judge(rows, judge):
    with pytest.raises(TypeError, match="a judge is a Judge instance or a spec"):
        evaluate(judge, rows)


@pytest.mark.parametrize("label", ["yes", 1, 0.0])
def test_evaluate_refuses_labels_that_are_not_bools(label):
    pairs = [(Sample("a", "open_qa", "q", "x", ("x",)), True), (Sample("b", "open_qa", "q", "y", ("x",)), label)]
    with pytest.raises(TypeError, match="item 1: the label"):
        evaluate("token-f1", pairs)


# Defect 9: values out of range ------------------------------------------------------------------

@pytest.mark.parametrize("spec", [
    "token-f1:threshold=5", "token-f1:threshold=-1", "token-f1:threshold=NaN", "token-f1:threshold=true",
    "rouge-l:threshold=1.5", "math-verify:timeout=-1", "sympy:timeout=0", "regex:rouge_threshold=2",
    "sympy:workers=0", "stacked:threshold=-0.1", "encoder:threshold=5",
    "llm-direct:temperature=-1", "llm-direct:top_p=0", "llm-direct:max_new_tokens=0", "llm-vote:k=0",
    "llm-vote:candidates_per_prompt=0", "llm-direct:max_field_chars=-5",
    # a switch is true or false: "False", "maybe" or 1 ran the encoder blend as if true
    "stacked:encoder=False", "stacked:encoder=maybe", "stacked:encoder=1", "bertscore:extract=no",
    "cascade:fallback=0:cheap=token-f1:expensive=regex", "llm-vote:shuffle=yes",
    # a thousand processes per batch was accepted
    "sympy:workers=1e9", "math-verify:workers=5000", "encoder:threads=5000",
])
def test_a_parameter_out_of_its_range_fails_when_the_judge_is_built(spec):
    name, _, rest = spec.partition(":")
    key = rest.split("=")[0]
    with pytest.raises(ValueError, match=rf"judge '{name}': .*{key}") as info:
        make_judge(spec)
    assert "\n" not in str(info.value)


def test_a_judge_built_in_python_is_range_checked_too():
    with pytest.raises(ValueError, match="threshold=5"):
        TokenF1Judge(threshold=5)
    assert TokenF1Judge(threshold=0.3).threshold == 0.3


def test_a_parameter_out_of_range_is_one_line_on_the_command_line(capsys, tmp_path, data):
    rc, out, err = run(capsys, tmp_path, "--judges", "token-f1:threshold=5", "--data", str(data))
    assert rc == 2 and "judge 'token-f1': threshold=5" in one_line(err) and "[0, 1]" in err
    assert not (tmp_path / "out" / "results.json").exists()


@pytest.mark.parametrize("content", ['{"threshold": 0.5,', '[0.5]', '{"threshold": 5}'],
                         ids=["truncated", "not-an-object", "threshold-5"])
def test_a_corrupt_encoder_meta_file_is_a_load_error_naming_it(tmp_path, content):
    checkpoint = tmp_path / "checkpoint"
    checkpoint.mkdir()
    (checkpoint / "judgesuite_encoder.json").write_text(content)
    with pytest.raises(ValueError, match="judgesuite_encoder.json"):
        make_judge("encoder", checkpoint=str(checkpoint))


@pytest.mark.parametrize("limit", ["-5", "0", "abc"])
def test_limit_below_one_is_refused(capsys, tmp_path, data, limit):
    rc, _, err = run(capsys, tmp_path, "--judges", "token-f1", "--data", str(data), "--limit", limit)
    assert rc == 2 and "--limit" in err.splitlines()[-1] and "Traceback" not in err
    with pytest.raises(ValueError, match="limit"):
        evaluate("token-f1", str(data), limit=int(limit) if limit != "abc" else limit)


@pytest.mark.parametrize("option", ["--judges", "--data", "--datasets"])
def test_an_empty_list_is_refused_not_read_as_everything(capsys, tmp_path, data, option):
    args = {"--judges": ["--judges", "", "--data", str(data)], "--data": ["--judges", "token-f1", "--data", " , "],
            "--datasets": ["--judges", "token-f1", "--datasets", ""]}[option]
    rc, out, err = run(capsys, tmp_path, *args)
    assert rc == 2 and f"argument {option}: an empty list" in err.splitlines()[-1]
    assert not (tmp_path / "out").exists()


def test_a_verdict_checks_its_types():
    import numpy as np

    for bad in [dict(correct="yes"), dict(correct=1), dict(correct=True, score=float("nan")),
                dict(correct=True, score=7.0), dict(correct=True, score=-0.5), dict(correct=True, score="0.5"),
                dict(correct=None, reason="no-such-reason")]:
        with pytest.raises((TypeError, ValueError)):
            Verdict(**bad)
    assert Verdict(np.bool_(True), score=np.float32(0.25)) == Verdict(True, score=0.25)
    assert Verdict(None, reason="unparseable").reason is NoVerdict.UNPARSEABLE
    assert Verdict(True, score=1 + 1e-9).score == 1.0  # float rounding of a score in [0, 1]


def test_duplicate_ids_through_evaluate_are_refused(rows):
    with pytest.raises(DataError, match="duplicate id"):
        evaluate("token-f1", rows + rows[:1])
    s = Sample("same", "open_qa", "q", "x", ("x",))
    with pytest.raises(DataError, match="duplicate id 'same'"):
        evaluate("token-f1", [(s, True), (s, False)])


@pytest.mark.parametrize("name", ["a:b", "a,b", "a=b", " padded", "bell\x07", "esc\x1b[31m"])
def test_a_judge_name_with_a_separator_is_refused_at_registration(name):
    with pytest.raises(ValueError, match="judge name"):
        register_judge(name)(TokenF1Judge)
    assert name not in JUDGES


# Defect 10: say why ------------------------------------------------------------------------------

@pytest.mark.parametrize("kind, why", [
    ("empty-file", "the file has no rows"),
    ("all-labels-null", f"all {ROWS} rows have no label"),
    ("misspelled-label-key", "a key 'lable': a misspelled 'label'?"),
])
def test_a_data_file_with_nothing_to_score_says_why(capsys, tmp_path, rows, kind, why):
    changed = {"empty-file": [], "all-labels-null": [r | {"label": None} for r in rows],
               "misspelled-label-key": [{("lable" if k == "label" else k): v for k, v in r.items()} for r in rows]}[kind]
    path = write(tmp_path / f"{kind}.jsonl", changed)
    rc, _, err = run(capsys, tmp_path, "--judges", "token-f1", "--data", str(path))
    line = one_line(err)
    assert rc == 2 and str(path) in line and "nothing to score" in line and why in line
    with pytest.raises(DataError, match="nothing to score"):
        evaluate("token-f1", str(path))


def test_a_bad_parameter_value_names_the_judge(capsys, tmp_path, data):
    rc, _, err = run(capsys, tmp_path, "--judges", "exact-match,token-f1:threshold=abc", "--data", str(data))
    assert rc == 2 and "judge 'token-f1': threshold='abc'" in one_line(err)


# Output paths the system refuses -------------------------------------------------------------------

@pytest.mark.parametrize("command", ["run", "leaderboard", "train-stacked"])
def test_an_output_folder_that_cannot_be_made_is_one_line(capsys, tmp_path, data, command):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    out = str(blocker / "sub")
    if command == "run":
        args = ("run", "--no-progress", "--workers", "1", "--data", str(data), "--judges", "token-f1",
                "--cache", str(tmp_path / "c.sqlite"), "--out", out)
    elif command == "leaderboard":
        rc, _, _ = run(capsys, tmp_path, "--judges", "token-f1", "--data", str(data))
        assert rc == 0
        args = ("leaderboard", str(tmp_path / "out" / "results.json"), "--out", out)
    else:
        args = ("train-stacked", "--out", out)
    rc, _, err = cli(capsys, *args)
    assert rc == 2 and f"judgesuite {command}: " in one_line(err) and "a file is there, not a folder" in err


# JSON nested too deeply, byte-order marks, pairs listed twice -----------------------------------------

DEEP = "[" * 100_000 + "]" * 100_000  # json.loads raises RecursionError on it, not a decode error


def test_json_nested_too_deeply_is_one_line_in_a_results_file_and_in_a_data_file(capsys, tmp_path, data):
    (tmp_path / "deep.json").write_text(DEEP)
    rc, _, err = cli(capsys, "leaderboard", str(tmp_path / "deep.json"), "--out", str(tmp_path / "site"))
    assert rc != 0 and "nested too deeply" in one_line(err)
    (tmp_path / "deep.jsonl").write_text(data.read_text() + DEEP + "\n")
    rc, _, err = run(capsys, tmp_path, "--judges", "token-f1", "--data", str(tmp_path / "deep.jsonl"))
    assert rc == 2 and f"line {ROWS + 1}" in one_line(err) and "nested too deeply" in err


def test_a_data_file_an_editor_saved_with_a_byte_order_mark_reads_as_without(capsys, tmp_path, data):
    bom = tmp_path / "bom" / "rows.jsonl"
    bom.parent.mkdir()
    bom.write_bytes(b"\xef\xbb\xbf" + data.read_bytes())
    rc, out, err = run(capsys, tmp_path, "--judges", "token-f1", "--data", str(bom))
    assert rc == 0, err
    doc = json.loads((tmp_path / "out" / "results.json").read_text())
    assert doc["entries"][0]["n_rows"] == ROWS


def test_a_judge_or_set_listed_twice_is_judged_once_and_a_document_holding_a_pair_twice_is_refused(
        capsys, tmp_path, data):
    """Before, `--judges token-f1,token-f1` gave two entries of one pair, and the board counted both."""
    with pytest.warns(UserWarning) as said:
        rc, out, err = run(capsys, tmp_path, "--judges", "token-f1,exact-match,token-f1",
                           "--datasets", "openqa-eval-nq301,openqa-eval-nq301", "--limit", "5")
    said = [str(w.message) for w in said]
    assert rc == 0 and "judge 'token-f1' is listed more than once: judged once" in said
    assert "set 'openqa-eval-nq301' is listed more than once: judged once" in said
    path = tmp_path / "out" / "results.json"
    doc = json.loads(path.read_text())
    assert [e["judge"] for e in doc["entries"]] == ["token-f1", "exact-match"]
    doc["entries"].append(doc["entries"][0])
    path.write_text(json.dumps(doc))
    rc, _, err = cli(capsys, "leaderboard", str(path), "--out", str(tmp_path / "site"))
    assert rc != 0 and "entries 0 and 2 are both judge 'token-f1' on 'openqa-eval-nq301'" in one_line(err)
    rc, _, err = run(capsys, tmp_path, "--judges", "token-f1", "--data", f"{data},{data}")
    assert rc == 2 and "given twice in --data" in one_line(err)  # one file twice is a mistake, said as such


@pytest.mark.parametrize("missing", [("tokenizer.json",), ("tokenizer.json", "vocab.txt")], ids=["encoder", "bertscore"])
def test_a_model_folder_without_its_vocabulary_is_refused_not_judged_with_unknown_words(tmp_path, missing):
    """Without tokenizer.json (and vocab.txt) the tokenizer loaded with no vocabulary: every word became [UNK]
    and the shipped encoder, copied so, judged every answer from the same input, without an error."""
    pytest.importorskip("torch")
    from judgesuite.judges.encoder.backbones import minilm_path
    from judgesuite.judges.encoder.judge import default_checkpoint

    source = default_checkpoint() if len(missing) == 1 else minilm_path()
    folder = tmp_path / "model"
    shutil.copytree(source, folder)
    for name in missing:
        (folder / name).unlink(missing_ok=True)
    spec = f"encoder:checkpoint={folder}" if len(missing) == 1 else f"bertscore:model={folder}"
    sample = Sample(id="s", task_type="open_qa", question="Capital of France?", candidate="Paris", references=("Paris",))
    with make_judge(spec) as judge:
        with pytest.raises(Exception, match="reads every word as unknown"):
            judge.load()
        assert judge.judge([sample])[0].correct is None


@pytest.mark.parametrize("options, said", [
    ({}, "missing a required argument: 'base_url'"),
    ({"base_url": "http://127.0.0.1:9/v1", "nonsense": 1}, "unexpected keyword argument 'nonsense'"),
    ({"base_url": "http://127.0.0.1:9/v1", "timeout": "abc"}, "timeout='abc' is not allowed: it must be a number"),
    ({"base_url": "http://127.0.0.1:9/v1", "timeout": -1}, "timeout=-1 is not allowed"),
    ({"base_url": "http://127.0.0.1:9/v1", "concurrency": 2.5}, "concurrency=2.5 is not allowed: it must be a whole"),
])
def test_backend_options_that_do_not_fit_are_one_line_errors(options, said):
    """Before, a missing or mistyped --backend-option was a TypeError traceback, at once or on the first request."""
    from judgesuite.judges.llm.backends import make_backend

    with pytest.raises(ValueError, match="backend 'http': ") as info:
        make_backend("http", "some-model", **options)
    assert said in str(info.value) and "\n" not in str(info.value)


def test_generate_against_an_endpoint_that_refuses_is_one_line(capsys, tmp_path):
    rc, _, err = cli(capsys, "generate", "--bundled", "openqa-eval-nq301", "--limit", "1", "--backend", "http",
                     "--model", "m", "--backend-option", "base_url=http://127.0.0.1:9/v1",
                     "--backend-option", "retries=0", "--out", str(tmp_path / "gen.jsonl"))
    assert rc == 1 and "Connection refused" in one_line(err) and "run again to resume" in err


def test_an_encoder_input_longer_than_the_models_positions_is_refused_when_it_loads():
    """max_length=100000 was accepted; every batch of long answers would then fail past 512 positions."""
    pytest.importorskip("torch")
    with make_judge("encoder:max_length=100000") as judge:
        with pytest.raises(RuntimeError, match="max_length=100000 is more than the model's 512 positions"):
            judge.load()


@pytest.mark.parametrize("args, said", [
    (["--delta", "nan"], "argument --delta: must be a finite number >= 0"),
    (["--shots", "-1"], "argument --shots: shots are counts of examples (>= 0)"),
    (["--limit", "0"], "argument --limit: must be >= 1"),
    (["--seeds", "a,b"], "argument --seeds: expected whole numbers"),
    (["--models", "/no/such/model.gguf", "--router", "none"], "no such model file or folder: /no/such/model.gguf"),
])
def test_mc_formats_options_that_cannot_be_meant_are_one_line(capsys, tmp_path, args, said):
    """`--delta nan` and `--shots -1` ran; a missing .gguf path was reported as a malformed hub id."""
    rc, _, err = cli(capsys, "mc-formats", "--benchmarks", "arc_easy", "--limit", "2", "--out", str(tmp_path), *args)
    assert rc == 2 and "Traceback" not in err and said in err.strip().splitlines()[-1]  # argparse: usage, then the line


def test_mc_formats_data_dir_with_a_broken_line_is_one_line(capsys, tmp_path):
    (tmp_path / "piqa").mkdir()
    (tmp_path / "piqa" / "validation.jsonl").write_text(DEEP + "\n")
    rc, _, err = cli(capsys, "mc-formats", "--benchmarks", "piqa", "--data-dir", str(tmp_path), "--limit", "2",
                     "--shots", "0", "--router", "none", "--out", str(tmp_path / "out"))
    assert rc == 2 and "validation.jsonl, line 1: invalid JSON: nested too deeply" in one_line(err)


@pytest.mark.parametrize("stored", ['{not json', '{"correct": "maybe"}', '[1, 2]',
                                    '{"correct": true, "score": 1.0}, {"correct": true, "score": 1.0}'],
                         ids=["not-json", "not-a-verdict", "not-an-object", "two-in-one"])
def test_a_damaged_cache_entry_is_judged_again_not_a_traceback_or_a_shifted_verdict(capsys, tmp_path, data, stored):
    """Entries are read a chunk at a time: one bad entry was a traceback, and one holding two objects shifted every
    later verdict of its chunk onto the wrong row."""
    cache = tmp_path / "c.sqlite"
    rc, _, _ = run(capsys, tmp_path, "--judges", "token-f1", "--data", str(data), "--cache", str(cache))
    assert rc == 0
    first = json.loads((tmp_path / "out" / "results.json").read_text())["entries"][0]["metrics"]
    with sqlite3.connect(cache) as conn:
        hashes = [h for (h,) in conn.execute("SELECT sample_hash FROM verdicts ORDER BY sample_hash")]
        conn.execute("UPDATE verdicts SET verdict = ? WHERE sample_hash = ?", (stored, hashes[0]))
    rc, _, err = run(capsys, tmp_path, "--judges", "token-f1", "--data", str(data), "--cache", str(cache))
    assert rc == 0 and "Traceback" not in err
    again = json.loads((tmp_path / "out" / "results.json").read_text())["entries"][0]
    assert again["metrics"]["accuracy"] == first["accuracy"] and again["cost"]["from_cache"] == ROWS - 1


def test_a_batch_size_below_one_is_refused_not_a_run_that_never_ends(capsys, tmp_path, data):
    """`--batch-size -5` ran forever: a chunk of -5 rows never took one."""
    from judgesuite.suite.evaluation.judging import Runner

    rc, _, err = run(capsys, tmp_path, "--judges", "token-f1", "--data", str(data), "--batch-size", "-5")
    assert rc == 2 and "argument --batch-size: must be >= 1, got -5" in err.strip().splitlines()[-1]
    with pytest.raises(ValueError, match="batch size must be a whole number >= 1"):
        Runner(VerdictCache(tmp_path / "c.sqlite"), first_chunk=0)


def test_a_negative_page_budget_is_refused(capsys, tmp_path, data):
    rc, _, _ = run(capsys, tmp_path, "--judges", "token-f1", "--data", str(data))
    assert rc == 0
    rc, _, err = cli(capsys, "leaderboard", str(tmp_path / "out" / "results.json"), "--out", str(tmp_path / "s"),
                     "--browser-kb", "-5")
    assert rc == 2 and "--browser-kb: expected a whole number of kilobytes >= 0" in err.strip().splitlines()[-1]


@pytest.mark.parametrize("args, said", [
    (["train-encoder", "--epochs", "0"], "--epochs: must be >= 1"),
    (["train-encoder", "--save-every", "-1"], "--save-every: must be >= 0"),
    (["train-stacked", "--limit", "0"], "--limit: must be >= 1"),
    (["pack-encoder", "--group", "0", "in", "--out", "out"], "--group: must be >= 1"),
    (["generate", "--bundled", "evouna-nq", "--n-samples", "-1", "--out", "g.jsonl"], "--n-samples: must be >= 1"),
    (["generate", "--bundled", "evouna-nq", "--batch-size", "0", "--out", "g.jsonl"], "--batch-size: must be >= 1"),
    (["audit-references", "--batch-size", "0", "--out", "a.json"], "--batch-size: must be >= 1"),
    (["mc-formats", "--train-limit", "-1"], "--train-limit: must be >= 0"),
])
def test_counts_that_cannot_be_meant_are_refused_by_every_command(capsys, args, said):
    """Counts of rows, epochs, samples or batch sizes below their least meaningful value were taken as given."""
    rc, _, err = cli(capsys, *args)
    assert rc == 2 and "Traceback" not in err and said in err.strip().splitlines()[-1]
