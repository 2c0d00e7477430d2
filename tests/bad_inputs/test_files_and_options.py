"""Files and options that broke the suite later (stop 44): output folders the system refuses, JSON nested too
deeply, byte-order marks, pairs listed twice, model folders without a vocabulary, backend options, damaged cache
entries and counts below their least meaningful value: one line or a verdict, never a traceback or a hang."""
from __future__ import annotations

import json
import shutil
import sqlite3
import warnings

import pytest

from judgesuite import Sample
from judgesuite.judges.registry import make_judge
from judgesuite.suite.evaluation.cache import VerdictCache

from .helpers import ROWS, cli, one_line, run, write


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


def test_an_object_naming_a_key_twice_is_refused_not_read_as_its_last_value(capsys, tmp_path, data, rows):
    """`{"correct": true, "correct": false}` was read as false, silently (and a data row's label likewise)."""
    first = rows[0]["id"]
    verdicts = tmp_path / "v.jsonl"
    verdicts.write_text('{"id": "%s", "correct": true, "correct": false}\n' % first)
    rc, _, err = run(capsys, tmp_path, "--judges", f"verdicts:file={verdicts}:name=mine", "--data", str(data))
    assert rc == 2 and "v.jsonl, line 1" in one_line(err) and 'key "correct" given twice' in err
    line = data.read_text().splitlines()[0]
    (tmp_path / "twice.jsonl").write_text(line[:-1] + ', "label": true}\n')  # the row already has a label
    rc, _, err = run(capsys, tmp_path, "--judges", "token-f1", "--data", str(tmp_path / "twice.jsonl"))
    assert rc == 2 and "line 1" in one_line(err) and 'key "label" given twice' in err


def test_a_count_too_large_for_a_number_is_one_line_naming_the_field(capsys, tmp_path, data, rows):
    verdicts = tmp_path / "v.jsonl"
    verdicts.write_text('{"id": "%s", "correct": true, "parameters": 1%s}\n' % (rows[0]["id"], "0" * 400))
    rc, _, err = run(capsys, tmp_path, "--judges", f"verdicts:file={verdicts}:name=mine", "--data", str(data))
    assert rc == 2 and "'parameters' must be a whole number in [0, 1e+18]" in one_line(err)


def test_a_number_of_more_digits_than_python_reads_is_one_line_naming_the_file_and_line(capsys, tmp_path, data, rows):
    """Over 4,300 digits `json.loads` raises a plain ValueError: the message named neither file nor line."""
    verdicts = tmp_path / "v.jsonl"
    verdicts.write_text('{"id": "%s", "correct": true, "parameters": 1%s}\n' % (rows[0]["id"], "0" * 5000))
    rc, _, err = run(capsys, tmp_path, "--judges", f"verdicts:file={verdicts}:name=mine", "--data", str(data))
    assert rc == 2 and "v.jsonl, line 1: not JSON (a number of 5001 digits)" in one_line(err)
    (tmp_path / "long.jsonl").write_text(data.read_text().splitlines()[0][:-1] + ', "x": 1%s}\n' % ("0" * 5000))
    rc, _, err = run(capsys, tmp_path, "--judges", "token-f1", "--data", str(tmp_path / "long.jsonl"))
    assert rc == 2 and "long.jsonl, line 1: invalid JSON: a number of 5001 digits" in one_line(err)


def test_keys_no_field_reads_are_named_in_one_warning_not_ignored_in_silence(capsys, tmp_path, rows):
    """A row's own "split" (splits come from the question) or a misspelled "refrences" was dropped without a word."""
    own = [dict(r, split="test", refrences=r["references"]) for r in rows]
    path = write(tmp_path / "own.jsonl", own)
    with pytest.warns(UserWarning, match="keys no field reads are ignored") as caught:
        rc, _, err = run(capsys, tmp_path, "--judges", "token-f1", "--data", str(path))
    warned = [str(w.message) for w in caught if "ignored" in str(w.message)]
    assert rc == 0 and len(warned) == 1 and "Traceback" not in err
    assert f'"refrences" on {ROWS} row(s): a misspelled \'references\'?' in warned[0]
    assert f'"split" on {ROWS} row(s): splits come from a hash of the question text' in warned[0]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a file in the schema reads without one
        rc, _, _ = run(capsys, tmp_path, "--judges", "token-f1", "--data", str(write(tmp_path / "plain.jsonl", rows)))
    assert rc == 0


AUDIT = '{"schema": "judgesuite.reference-audit/1", "datasets": %s}'


@pytest.mark.parametrize("content, said", [
    ("[1, 2]", "not a reference audit (schema None"),
    (b"\xff\xfe", "not a reference audit: 'utf-8' codec"),
    (AUDIT % "[]", "'datasets' should hold a 'flagged' list"),
    (AUDIT % '{"rows": {"flagged": [{"idx": 1}]}}', "'datasets'.'rows' should hold a 'flagged' list"),
], ids=["a-list", "not-utf8", "datasets-a-list", "no-ids"])
def test_an_audit_file_that_is_not_one_is_one_line_naming_it(capsys, tmp_path, data, content, said):
    """--exclude-flagged with such files was an AttributeError traceback or a bare KeyError ("judgesuite run: 'id'")."""
    audit = tmp_path / "audit.json"
    audit.write_bytes(content if isinstance(content, bytes) else content.encode())
    rc, _, err = run(capsys, tmp_path, "--judges", "token-f1", "--data", str(data), "--exclude-flagged", str(audit))
    assert rc == 2 and f"{audit}: " in one_line(err) and said in err


def test_an_audit_of_other_sets_says_that_nothing_is_excluded(capsys, tmp_path, data, rows):
    audit = tmp_path / "audit.json"
    audit.write_text(AUDIT % ('{"evouna-nq": {"flagged": [{"id": "%s"}]}}' % rows[0]["id"]))
    rc, _, err = run(capsys, tmp_path, "--judges", "token-f1", "--data", str(data), "--exclude-flagged", str(audit))
    assert rc == 0 and "flags rows of evouna-nq, none of the sets judged: nothing is excluded" in err


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


def test_pack_encoder_with_a_damaged_settings_file_is_one_line(capsys, tmp_path):
    """A checkpoint whose judgesuite_encoder.json is not JSON was a ValueError traceback."""
    (tmp_path / "ck").mkdir()
    (tmp_path / "ck" / "judgesuite_encoder.json").write_text("{not json")
    rc, _, err = cli(capsys, "pack-encoder", str(tmp_path / "ck"), "--base", "all-MiniLM-L6-v2",
                     "--out", str(tmp_path / "packed"))
    assert rc != 0 and "Traceback" not in err
    said = err or str(rc)
    assert "judgesuite pack-encoder: " in said and "cannot be read as the checkpoint's settings" in said


@pytest.mark.parametrize("args, said", [
    (["train-stacked", "--datasets", "nope"], "judgesuite train-stacked: unknown set 'nope'"),
    (["train-stacked", "--exclude", "evouna-nq,openqa-eval-nq301,answer-matching-gpqa-mmlupro,financebench,"
      "gsm8k-openai-solutions,omni-math-gpt4o-examples"], "--exclude leaves no set to train on"),
    (["train-encoder", "--datasets", "nope"], "judgesuite train-encoder: unknown set 'nope'"),
    (["train-encoder", "--real-per-source", "evouna-nq=abc"], "--real-per-source: expected SET=ROWS"),
], ids=["stacked-unknown-set", "stacked-nothing-left", "encoder-unknown-set", "encoder-rows-not-a-number"])
def test_training_sets_that_do_not_exist_are_one_line_before_training(capsys, tmp_path, args, said):
    """A KeyError traceback, or scikit-learn's "Sample weights must contain at least one non-zero number"."""
    rc, _, err = cli(capsys, *args, "--out", str(tmp_path / "model"))
    assert rc == 2 and said in one_line(err)


def test_train_stacked_with_an_encoder_that_cannot_load_says_so_before_the_features(capsys, tmp_path):
    """It was LogisticRegression's "Found array with 0 sample(s)" after computing every feature table."""
    pytest.importorskip("torch")
    rc, _, err = cli(capsys, "train-stacked", "--encoder", "--encoder-checkpoint", str(tmp_path / "missing"),
                     "--out", str(tmp_path / "model"))
    assert rc == 2 and "judgesuite train-stacked: the encoder cannot load" in one_line(err) and "missing" in err


def test_format_stats_on_a_file_with_no_rows_says_so(capsys, tmp_path):
    """It printed an empty table and exited 0."""
    (tmp_path / "empty.jsonl").write_text("")
    rc, _, err = cli(capsys, "format-stats", "--data", str(tmp_path / "empty.jsonl"))
    assert rc == 2 and "empty.jsonl: no rows" in one_line(err)
