"""Sharded runs: two processes split one run; `judgesuite merge` equals the unsharded run."""
from __future__ import annotations

import gzip
import json
import subprocess
import sys

TIMING = {"created", "wall_seconds", "seconds_per_sample", "seconds_median_per_sample", "seconds_total",
          "from_cache", "profile", "seconds", "hardware", "shard"}


def _cli(*args):
    return subprocess.Popen([sys.executable, "-m", "judgesuite.suite.cli.main", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _strip(obj):
    if isinstance(obj, dict):
        return {k: _strip(v) for k, v in obj.items() if k not in TIMING}
    if isinstance(obj, list):
        return [_strip(v) for v in obj]
    return obj


def _verdicts(folder):
    out = {}
    for f in sorted((folder / "verdicts").glob("*.jsonl.gz")):
        with gzip.open(f, "rt") as fh:
            out[f.name] = [_strip(json.loads(line)) for line in fh]
    return out


def test_two_shards_merged_equal_one_run(tmp_path):
    common = ["--judges", "token-f1,flexible,exact-match", "--datasets", "openqa-eval-nq301,gsm8k-openai-solutions",
              "--limit", "120", "--no-progress", "--no-site"]
    procs = [_cli("run", *common, "--shard", f"{i}/2", "--out", str(tmp_path / f"s{i}"),
                  "--cache", str(tmp_path / f"c{i}.sqlite")) for i in range(2)]
    single = _cli("run", *common, "--out", str(tmp_path / "one"), "--cache", str(tmp_path / "one.sqlite"))
    for p in [*procs, single]:
        out, err = p.communicate(timeout=600)
        assert p.returncode == 0, err
    shard_rows = [sum(e["n_rows"] for e in json.loads((tmp_path / f"s{i}" / "results.json").read_text())["entries"])
                  for i in range(2)]
    assert all(n > 0 for n in shard_rows)
    merge = _cli("merge", str(tmp_path / "s0"), str(tmp_path / "s1"), "--caches", str(tmp_path / "c0.sqlite"),
                 str(tmp_path / "c1.sqlite"), "--out", str(tmp_path / "merged"),
                 "--cache", str(tmp_path / "merged.sqlite"), "--no-site")
    out, err = merge.communicate(timeout=600)
    assert merge.returncode == 0, err
    assert " 0 computed now" in out
    one = json.loads((tmp_path / "one" / "results.json").read_text())
    merged = json.loads((tmp_path / "merged" / "results.json").read_text())
    assert sum(e["n_rows"] for e in merged["entries"]) == sum(shard_rows)
    assert _strip(merged) == _strip(one)
    assert _verdicts(tmp_path / "merged") == _verdicts(tmp_path / "one")


def test_a_shard_cache_that_is_not_one_is_one_line_and_never_created(tmp_path):
    """`merge --caches` ATTACHed whatever it was given: a missing path became an empty database and then a
    traceback ("no such table"), a damaged file a DatabaseError traceback."""
    import sqlite3

    from judgesuite.suite.cli.main import main

    common = ["--judges", "token-f1", "--datasets", "openqa-eval-nq301", "--limit", "20", "--no-progress", "--no-site"]
    for i in range(2):
        assert main(["run", *common, "--shard", f"{i}/2", "--out", str(tmp_path / f"s{i}"),
                     "--cache", str(tmp_path / f"c{i}.sqlite")]) == 0
    (tmp_path / "damaged.sqlite").write_bytes(b"not sqlite at all")
    with sqlite3.connect(tmp_path / "foreign.sqlite") as conn:
        conn.execute("CREATE TABLE t (x)")
    for bad, said in (("missing.sqlite", "no such file"), ("damaged.sqlite", "file is not a database"),
                      ("foreign.sqlite", "not a verdict cache of this version")):
        merge = _cli("merge", str(tmp_path / "s0"), str(tmp_path / "s1"), "--caches", str(tmp_path / "c0.sqlite"),
                     str(tmp_path / bad), "--out", str(tmp_path / "merged"), "--cache", str(tmp_path / "m.sqlite"),
                     "--no-site")
        out, err = merge.communicate(timeout=600)
        assert merge.returncode == 2 and "Traceback" not in err and said in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "missing.sqlite").exists()


def test_merging_into_a_shards_own_folder_is_refused_and_leaves_it_whole(tmp_path, capsys):
    """`--out s0` overwrote shard 0's results.json with the merged run, so the shards could not be merged again."""
    from judgesuite.suite.cli.main import main

    common = ["--judges", "token-f1", "--datasets", "openqa-eval-nq301", "--limit", "20", "--no-progress", "--no-site"]
    for i in range(2):
        assert main(["run", *common, "--shard", f"{i}/2", "--out", str(tmp_path / f"s{i}"),
                     "--cache", str(tmp_path / f"c{i}.sqlite")]) == 0
    before = (tmp_path / "s0" / "results.json").read_bytes()
    capsys.readouterr()
    rc = main(["merge", str(tmp_path / "s0"), str(tmp_path / "s1"), "--caches", str(tmp_path / "c0.sqlite"),
               str(tmp_path / "c1.sqlite"), "--out", str(tmp_path / "s1" / ".." / "s0"),
               "--cache", str(tmp_path / "m.sqlite"), "--no-site"])
    err = capsys.readouterr().err.strip().splitlines()
    assert rc == 2 and len(err) == 1 and "is one of the shards" in err[0]
    assert (tmp_path / "s0" / "results.json").read_bytes() == before
