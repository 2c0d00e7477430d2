"""Executors: a run in one process, on worker processes or on Ray gives the same results, verdict
files and cache; runs resume each other; failures say so; a Ray actor that dies loses nothing.

Ray cases run on one local Ray instance (num_cpus=2) and are skipped when Ray is not installed."""
from __future__ import annotations

import importlib.util
import json
import logging
import os
import re
import shlex
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import tests.executor_judges  # noqa: F401 - registers the test judges
from judgesuite.suite.cli.main import main
from judgesuite.suite.data import load_dataset
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.evaluation.runner import JudgeFailed, limit_rows, run_document
from judgesuite.suite.evaluation.workers import LocalExecutor, can_fork
from tests.executor_judges import KILL_DIR_ENV
from tests.test_shard import _strip, _verdicts

NO_RAY = "Ray is not installed (pip install 'judgesuite[ray]')"
HAVE_RAY = importlib.util.find_spec("ray") is not None
JUDGES = ["token-f1", "exact-match", "stacked", "flexible"]  # flexible judges math rows only
LIMIT = 40
DOC = Path(__file__).parents[1] / "docs" / "scale-out.md"


@pytest.fixture(scope="module")
def ray_instance(tmp_path_factory):
    if not HAVE_RAY:
        pytest.skip(NO_RAY)
    import ray

    os.environ[KILL_DIR_ENV] = str(tmp_path_factory.mktemp("kill"))  # inherited by the Ray workers
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level=logging.WARNING)
    yield ray
    ray.shutdown()
    os.environ.pop(KILL_DIR_ENV, None)


def _executor(kind, request, **ray_options):
    if kind == "in-process":
        return LocalExecutor(1)
    if kind == "pool":
        if not can_fork():
            pytest.skip("worker processes are forked: Linux, with torch not loaded in this process")
        return LocalExecutor(2)
    request.getfixturevalue("ray_instance")
    from judgesuite.suite.evaluation.ray_executor import RayExecutor

    return RayExecutor(**ray_options)


@pytest.fixture(params=["in-process", "pool", "ray"])
def executor(request):
    return _executor(request.param, request, batch_rows=16)


@pytest.fixture(scope="module")
def sets():
    return [load_dataset("openqa-eval-nq301", "test"), load_dataset("gsm8k-openai-solutions", "test")]


@pytest.fixture(scope="module")
def one_process(sets, tmp_path_factory):
    """The reference: the run in this process, cold cache."""
    out = tmp_path_factory.mktemp("one")
    doc = run_document(JUDGES, sets, split="test", out_dir=out, cache=VerdictCache(out / "cache.sqlite"),
                       limit=LIMIT, progress=False)
    return out, doc


def _cache_rows(path):
    with sqlite3.connect(path) as conn:
        verdicts = set(conn.execute("SELECT judge_key, sample_hash, verdict FROM verdicts"))
        judges = set(conn.execute("SELECT judge_key, identity FROM judges"))
    return verdicts, judges


def test_every_executor_gives_the_results_verdicts_and_cache_of_one_process(executor, sets, one_process, tmp_path):
    ref, ref_doc = one_process
    doc = run_document(JUDGES, sets, split="test", out_dir=tmp_path, cache=VerdictCache(tmp_path / "cache.sqlite"),
                       limit=LIMIT, progress=False, executor=executor)
    assert len(doc.entries) == len(ref_doc.entries) == 7  # flexible: no math rows in nq301
    assert _strip(json.loads((tmp_path / "results.json").read_text())) == \
        _strip(json.loads((ref / "results.json").read_text()))
    assert _verdicts(tmp_path) == _verdicts(ref)
    assert _cache_rows(tmp_path / "cache.sqlite") == _cache_rows(ref / "cache.sqlite")
    assert all(e.cost.from_cache == 0 and e.cost.seconds_total > 0 for e in doc.entries)


def test_runs_resume_each_other_across_executors_and_a_repeat_computes_nothing(executor, sets, one_process, tmp_path):
    cache = VerdictCache(tmp_path / "cache.sqlite")
    run_document(JUDGES, sets, split="test", out_dir=None, cache=cache, limit=LIMIT // 2, progress=False)
    resumed = run_document(JUDGES, sets, split="test", out_dir=tmp_path / "resumed", cache=cache, limit=LIMIT,
                           progress=False, executor=executor)
    # the smaller limit is a subset of the larger one: its rows (and rows of the same content) are not judged again
    for e in resumed.entries:
        ds = next(d for d in sets if d.name == e.dataset)
        before = {r.sample.content_hash() for r in limit_rows(ds.scorable(), LIMIT // 2)}
        rows = [r for r in limit_rows(ds.scorable(), LIMIT) if r.sample.task_type in e.task_types]
        assert e.cost.from_cache == sum(r.sample.content_hash() in before for r in rows) < e.n_rows
    assert _strip(json.loads((tmp_path / "resumed" / "results.json").read_text())) == \
        _strip(json.loads((one_process[0] / "results.json").read_text()))
    again = run_document(JUDGES, sets, split="test", out_dir=None, cache=cache, limit=LIMIT, progress=False,
                         executor=executor)
    local = run_document(JUDGES, sets, split="test", out_dir=None, cache=cache, limit=LIMIT, progress=False)
    for doc in (again, local):
        assert [e.cost.from_cache for e in doc.entries] == [e.n_rows for e in resumed.entries]
        assert [e.metrics for e in doc.entries] == [e.metrics for e in resumed.entries]


def test_a_judge_that_cannot_load_stops_the_run_or_is_skipped_on_every_executor(executor, sets, tmp_path):
    with pytest.raises(JudgeFailed, match="cannot load.*weights.safetensors: no such file") as caught:
        run_document(["token-f1", "test-cannot-load"], sets[:1], split="test", out_dir=None,
                     cache=VerdictCache(tmp_path / "c.sqlite"), limit=20, progress=False, executor=executor)
    assert caught.value.judge == "test-cannot-load"
    doc = run_document(["test-cannot-load", "token-f1"], sets[:1], split="test", out_dir=None,
                       cache=VerdictCache(tmp_path / "c.sqlite"), limit=20, progress=False, executor=executor,
                       keep_going=True)
    assert [e.judge for e in doc.entries] == ["token-f1"]
    assert [(s["judge"], s.get("failed")) for s in doc.skipped] == [("test-cannot-load", "yes")]


def test_evaluate_takes_an_executor_and_a_judge_instance_reaches_its_workers(executor):
    from judgesuite import evaluate
    from tests.test_workers import FirstWordJudge  # a class of the tests, not registered: sent as an instance

    res = evaluate([FirstWordJudge(), "token-f1"], ["openqa-eval-nq301"], limit=30, executor=executor)
    ref = evaluate([FirstWordJudge(), "token-f1"], ["openqa-eval-nq301"], limit=30)
    assert [(e.judge, e.metrics) for e in res.entries] == [(e.judge, e.metrics) for e in ref.entries]
    verdicts = lambda r: {k: [(v.id, v.correct, v.score) for v in vs] for k, vs in r.records.items()}  # noqa: E731
    assert verdicts(res) == verdicts(ref)


def _same_verdicts(a, b):
    """Verdict files equal, scores within 0.01: an encoder's bf16 scores move (by up to 0.004
    measured) with the batch a row was padded in, which depends on which actor took which part."""
    def flat(folder):
        return {f: [({k: v for k, v in r.items() if k != "score"}, r["score"]) for r in rows]
                for f, rows in _verdicts(folder).items()}
    fa, fb = flat(a), flat(b)
    assert fa.keys() == fb.keys()
    for f in fa:
        assert [r for r, _ in fa[f]] == [r for r, _ in fb[f]]
        assert [s for _, s in fa[f]] == pytest.approx([s for _, s in fb[f]], abs=1e-2)


def test_killing_a_model_actor_mid_run_loses_no_verdict(ray_instance, tmp_path, request):
    """Two encoder actors take parts of about 4 rows; the first to start a batch once it returned
    a part is killed (SIGKILL). Ray restarts it and retries its calls; the results equal a clean
    run's on one actor."""
    kill_mark = os.path.join(os.environ[KILL_DIR_ENV], "killed")
    ds = [load_dataset("openqa-eval-nq301", "test")]
    runs = {}
    for name, actors in (("killed", 2), ("clean", 1)):
        runs[name] = run_document(["test-kill-once-encoder"], ds, split="test", out_dir=tmp_path / name,
                                  cache=VerdictCache(tmp_path / f"{name}.sqlite"), limit=24, progress=False,
                                  executor=_executor("ray", request, batch_rows=4, actors=actors, retries=2))
        assert os.path.exists(kill_mark)  # the first run killed an actor; the second found the mark
    assert _strip(json.loads((tmp_path / "killed" / "results.json").read_text())) == \
        _strip(json.loads((tmp_path / "clean" / "results.json").read_text()))
    _same_verdicts(tmp_path / "killed", tmp_path / "clean")
    verdicts, _ = _cache_rows(tmp_path / "killed.sqlite")
    assert len(verdicts) == runs["killed"].entries[0].n_rows  # every verdict stored once the run ended
    extras = [json.loads(v)["extra"] for _, _, v in verdicts]
    assert len({e["pid"] for e in extras}) == 3  # two actors, then the killed one restarted
    assert {e["loads"] for e in extras} == {1}  # each actor loaded the model once for all its parts
    assert str(os.getpid()) != open(kill_mark).read()  # killed in an actor, not here


def _doc_blocks():
    """(runs here, text) of each ```bash block of docs/scale-out.md."""
    text = DOC.read_text()
    return [(text[:m.start()].rstrip().endswith("<!-- runs here: tests/test_executors.py -->"), m.group(1))
            for m in re.finditer(r"```bash\n(.*?)```", text, re.S)]


def test_every_judgesuite_command_of_the_scale_out_doc_parses_and_its_scripts_are_bash():
    from judgesuite.suite.cli.main import build_parser

    blocks = _doc_blocks()
    assert sum(runs for runs, _ in blocks) == 1 and len(blocks) >= 5
    env = {"SLURM_ARRAY_TASK_ID": "3", "head": "node1"}
    commands = 0
    for _, block in blocks:
        if block.startswith("#!/bin/bash"):
            assert subprocess.run(["bash", "-n"], input=block, text=True).returncode == 0
        for line in block.splitlines():
            line = line.split("  #")[0].strip()
            if line.startswith("judgesuite "):
                args = shlex.split(re.sub(r"\$\{?(\w+)\}?", lambda m: env[m.group(1)], line))
                build_parser().parse_args(args[1:])  # every option exists (exits on one that does not)
                commands += 1
    assert commands >= 6


def test_the_docs_ray_command_runs_as_written_like_a_local_run_and_a_repeat_computes_nothing(
        ray_instance, tmp_path, monkeypatch):
    """The doc's local Ray command, as written (here on the test's Ray instance): every accuracy and
    verdict of a local run; run again, everything comes from the cache."""
    [command] = [b.strip() for runs, b in _doc_blocks() if runs]
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("JUDGESUITE_CACHE", str(tmp_path / "cache"))
    local = subprocess.run([sys.executable, "-m", "judgesuite.suite.cli.main",
                            *shlex.split(command.replace(" --executor ray", ""))[1:], "--out", "results-local"],
                           capture_output=True, text=True, timeout=600,
                           env={**os.environ, "JUDGESUITE_CACHE": str(tmp_path / "local-cache")})
    assert local.returncode == 0, local.stderr
    assert main(shlex.split(command)[1:]) == 0
    on_ray = json.loads((tmp_path / "results-ray" / "results.json").read_text())
    assert (tmp_path / "results-ray" / "site" / "index.html").is_file()
    ref = json.loads((tmp_path / "results-local" / "results.json").read_text())
    assert [(e["judge"], e["dataset"], e["metrics"]["accuracy"]) for e in on_ray["entries"]] == \
        [(e["judge"], e["dataset"], e["metrics"]["accuracy"]) for e in ref["entries"]]
    assert len(on_ray["entries"]) == 6
    _same_verdicts(tmp_path / "results-ray", tmp_path / "results-local")
    assert main(shlex.split(command)[1:]) == 0
    again = json.loads((tmp_path / "results-ray" / "results.json").read_text())
    assert [e["cost"]["from_cache"] for e in again["entries"]] == [e["n_rows"] for e in on_ray["entries"]]


def test_without_ray_the_ray_executor_is_one_line(tmp_path):
    code = ("import sys; sys.modules['ray'] = None\n"
            "from judgesuite.suite.cli.main import main\n"
            f"sys.exit(main(['run', '--executor', 'ray', '--judges', 'token-f1', '--datasets', 'openqa-eval-nq301', "
            f"'--limit', '5', '--no-site', '--out', {str(tmp_path)!r}, '--cache', {str(tmp_path / 'c.sqlite')!r}]))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 2
    assert p.stderr.strip().splitlines() == ["judgesuite run: --executor ray needs Ray: pip install 'judgesuite[ray]'"]


@pytest.mark.parametrize("option", [["--ray-address", "auto"], ["--ray-actors", "2"]])
def test_ray_options_without_the_ray_executor_are_refused(option, tmp_path, capsys):
    assert main(["run", "--judges", "token-f1", "--datasets", "openqa-eval-nq301", "--limit", "5", "--no-site",
                 "--out", str(tmp_path), *option]) == 2
    assert f"{option[0]} needs --executor ray" in capsys.readouterr().err


def test_an_unreachable_ray_cluster_is_one_line(tmp_path):
    if not HAVE_RAY:
        pytest.skip(NO_RAY)
    p = subprocess.run([sys.executable, "-m", "judgesuite.suite.cli.main", "run", "--executor", "ray", "--ray-address",
                        "127.0.0.1:1", "--judges", "token-f1", "--datasets", "openqa-eval-nq301", "--limit", "5",
                        "--no-site", "--out", str(tmp_path), "--cache", str(tmp_path / "c.sqlite")],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 1
    assert p.stderr.strip().splitlines()[-1].startswith(
        "judgesuite run: --executor ray: the Ray cluster at 127.0.0.1:1 does not answer")


def test_a_vllm_judges_actor_asks_for_its_tensor_parallel_gpus():
    from judgesuite.judges.registry import make_judge
    from judgesuite.suite.evaluation.ray_executor import actor_gpus

    assert actor_gpus(make_judge('llm-direct:backend=vllm:model=qwen3-8b:backend_options={"tensor_parallel_size":2}')) == 2
    assert actor_gpus(make_judge("llm-direct:backend=vllm:model=qwen3-8b")) == 1
    assert actor_gpus(make_judge("llm-direct")) == 0  # llama.cpp on CPUs
