"""Bad input from a user or a plugin gets one line naming what and where (exit 2), never a
traceback, a silent default or a silent wrong row (issue 33, defects 4, 8, 9, 10)."""
from __future__ import annotations

import json
import os
import sqlite3
import warnings
from pathlib import Path

import pytest

from judgesuite import Sample, Verdict, evaluate
from judgesuite.judges.base import Judge
from judgesuite.judges.lexical.overlap import TokenF1Judge
from judgesuite.judges.registry import JUDGES, make_judge, register_judge
from judgesuite.judges.types import NoVerdict
from judgesuite.suite.data import DataError
from judgesuite.suite.evaluation.cache import VerdictCache

from .helpers import ROWS, cli, one_line, run, write


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


@pytest.mark.parametrize("fields, said", [
    ({"extra": {"handle": object()}}, "extra cannot be stored as JSON"),
    ({"extra": {"n": 10**5000}}, "extra cannot be stored as JSON"),
    ({"extracted": ["a", "list"]}, "Verdict.extracted must be a string or None"),
    ({"stage": 5}, "Verdict.stage must be a string or None"),
    ({"tokens": -3}, "Verdict.tokens must be a whole number >= 0"),
    ({"flops": float("nan")}, "Verdict.flops must be a finite number >= 0"),
], ids=["object-in-extra", "huge-int-in-extra", "extracted-a-list", "stage-a-number", "negative-tokens", "nan-flops"])
def test_a_verdict_that_cannot_be_stored_or_counted_is_an_error_of_its_row(tmp_path, rows, fields, said):
    """An object or a 5,000-digit number in `extra` crashed the run when the cache stored it (or was stored as its
    repr); a list as `extracted` or NaN FLOPs reached the results. The first sample of every batch is the odd one,
    the rest stay verdicts: also when the batch is retried one sample at a time."""
    class OddFirst(Judge):
        def _judge_batch(self, samples):
            return [Verdict(True, **fields) if s.id == rows[0]["id"] else Verdict("a" in s.candidate) for s in samples]

    cache = tmp_path / "c.sqlite"
    (entry,) = evaluate(OddFirst(), rows, cache=cache).entries
    assert entry.metrics["no_verdict_reasons"] == {"error": 1} and VerdictCache(cache).count() == len(rows) - 1
    (verdict,) = OddFirst().judge([Sample(rows[0]["id"], "open_qa", "q", "c", ("r",))])
    assert verdict.reason is NoVerdict.ERROR and said in verdict.detail


@pytest.mark.parametrize("judge", [None, 3, [None]], ids=["none", "int", "list-with-none"])
def test_evaluate_refuses_what_is_not_a_judge(rows, judge):
    with pytest.raises(TypeError, match="a judge is a Judge instance or a spec"):
        evaluate(judge, rows)


@pytest.mark.parametrize("option, said", [
    ({"split": "bogus"}, "split must be one of train, dev, test or None"),
    ({"split": 5}, "split must be one of train, dev, test or None"),
    ({"workers": 0}, "workers must be a whole number >= 1"),
    ({"workers": "2"}, "workers must be a whole number >= 1"),
    ({"cache": 5}, "cache is a VerdictCache, a path, True"),
])
def test_evaluate_refuses_a_split_worker_count_or_cache_that_is_none(rows, option, said):
    """split=5 was recorded in the results, which the reader then refused; workers="2" was a TypeError deep inside,
    cache=5 one that did not name the option."""
    with pytest.raises((ValueError, TypeError), match=said):
        evaluate("token-f1", rows, **option)


@pytest.mark.parametrize("label", ["yes", 1, 0.0])
def test_evaluate_refuses_labels_that_are_not_bools(label):
    pairs = [(Sample("a", "open_qa", "q", "x", ("x",)), True), (Sample("b", "open_qa", "q", "y", ("x",)), label)]
    with pytest.raises(TypeError, match="item 1: the label"):
        evaluate("token-f1", pairs)


@pytest.mark.parametrize("sample, said", [
    (Sample("a", "open_qa", "q", "x", ()), "field 'references': must not be empty"),
    (Sample("a", "poetry", "q", "x", ("x",)), "field 'task_type': 'poetry' is not one of"),
    (Sample("a", "open_qa", "q", None, ("x",)), "field 'candidate': missing"),
    (Sample(None, "open_qa", "q", "x", ("x",)), "field 'id': missing"),
], ids=["no-references", "unknown-task", "no-candidate", "no-id"])
def test_evaluate_checks_a_sample_as_a_data_file_row_is_checked(sample, said):
    """A Sample with no references was scored as judged wrong by every judge, silently."""
    with pytest.raises(DataError, match=said):
        evaluate("token-f1", [(sample, True)])


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
    # a blank path was read as "not given" and the default model judged
    "stacked:model=", "encoder:checkpoint=", "bertscore:model=", "stacked:encoder_checkpoint= ", "verdicts:file=",
])
def test_a_parameter_out_of_its_range_fails_when_the_judge_is_built(spec):
    name, _, rest = spec.partition(":")
    key = rest.split("=")[0]
    with pytest.raises(ValueError, match=rf"judge '{name}': .*{key}") as info:
        make_judge(spec)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("spec, said", [
    ("token-f1:threshold=0.5:threshold=0.9", "'threshold' is given twice"),
    ('cascade:expensive_params.max_new_tokens=8:expensive_params={"max_new_tokens":4}',
     "expensive_params.max_new_tokens is given twice"),
])
def test_a_parameter_given_twice_in_a_spec_is_refused_not_read_as_the_last(spec, said):
    with pytest.raises(ValueError, match=said):
        make_judge(spec)


def test_a_parameter_nested_too_deeply_is_one_short_line():
    with pytest.raises(ValueError, match=r"threshold='\[\[\[.*\.\.\. is not allowed") as info:
        make_judge("token-f1:threshold=" + "[" * 50_000)
    assert len(str(info.value)) < 300


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
