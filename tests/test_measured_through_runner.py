"""Measurements that feed figures judge through the run's loop: a repeat with the same verdict cache
computes nothing and gives the same figures, which equal the judges' direct calls."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from judgesuite.judges.registry import make_judge
from judgesuite.suite.data.loader import load_bundled
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.training.stacked_held_out import accuracy_kappa

from .script_modules import load_script

ROOT = Path(__file__).resolve().parents[1]
SMALL_SET = "omni-math-gpt4o-examples"  # the smallest bundled test split (49 rows)


class CountingCache(VerdictCache):
    """A verdict cache that counts the verdicts judged and stored through it."""

    def __init__(self, path) -> None:
        super().__init__(path)
        self.stored = 0

    def put_many(self, judge_key, items):
        items = list(items)
        self.stored += len(items)
        return super().put_many(judge_key, items)


@pytest.fixture(scope="module")
def held_out_checkpoint(tmp_path_factory):
    """The shipped encoder, recorded as trained on evouna-nq only (so SMALL_SET is held out of it)."""
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from judgesuite.judges.encoder.judge import default_checkpoint

    folder = tmp_path_factory.mktemp("held-out") / "ckpt"
    shutil.copytree(default_checkpoint(), folder)
    (folder / "training_summary.json").write_text(json.dumps({"learned_from": ["evouna-nq"]}))
    return str(folder)


def test_the_encoder_held_out_record_is_judged_once_through_the_cache(held_out_checkpoint, tmp_path):
    from judgesuite.judges.encoder.judge import EncoderJudge
    from judgesuite.suite.training.encoder_held_out import encoder_held_out

    rows = load_bundled(SMALL_SET, "test").scorable()
    cache = CountingCache(tmp_path / "verdicts.sqlite")
    first = encoder_held_out({SMALL_SET: held_out_checkpoint}, "test", dtype="float32", cache=cache)
    assert cache.stored == 2 * len(rows)  # the encoder and token-f1, each row once
    again = CountingCache(tmp_path / "verdicts.sqlite")
    assert encoder_held_out({SMALL_SET: held_out_checkpoint}, "test", dtype="float32", cache=again)["sets"] \
        == first["sets"]
    assert again.stored == 0

    y = np.array([bool(r.label) for r in rows])
    samples = [r.sample for r in rows]
    with EncoderJudge(checkpoint=held_out_checkpoint, dtype="float32") as enc, \
            make_judge("token-f1:threshold=0.02") as f1:
        direct = np.array([bool(v.correct) for v in enc.judge(samples)])
        baseline = np.array([bool(v.correct) for v in f1.judge(samples)])
    figures = first["sets"][SMALL_SET]
    assert figures["rows"] == len(rows)
    assert {k: figures[k] for k in ("accuracy", "kappa")} == accuracy_kappa(y, direct)
    assert figures["says_correct"] == round(float(direct.mean()), 4)
    assert figures["baseline"] == {"judge": "token-f1", **accuracy_kappa(y, baseline)}


def test_the_encoder_accuracy_study_is_judged_once_through_the_cache(held_out_checkpoint, tmp_path):
    from judgesuite.suite.studies.encoder_measure import accuracy_report

    cache = CountingCache(tmp_path / "verdicts.sqlite")
    first = accuracy_report("test", held_out_checkpoint, limit=30, names=[SMALL_SET], with_bertscore=False,
                            cache=cache)
    assert cache.stored == 3 * 30  # encoder, regex, exact-match
    again = CountingCache(tmp_path / "verdicts.sqlite")
    assert accuracy_report("test", held_out_checkpoint, limit=30, names=[SMALL_SET], with_bertscore=False,
                           cache=again) == first
    assert again.stored == 0
    assert 0.0 <= first["sets"][SMALL_SET]["encoder"]["accuracy"] <= 1.0


def test_the_math_style_measurement_is_judged_once_through_the_cache(tmp_path, monkeypatch):
    script = load_script("measure_math_styles")
    caches: list[CountingCache] = []
    monkeypatch.setattr(script, "VerdictCache", lambda path: caches.append(CountingCache(path)) or caches[-1])
    rows = [r for r in script.load_corpus("dev") if r["family"] in ("fewshot-minerva", "style-several-and")]
    with make_judge("sympy") as judge:
        direct = script.rates(rows, judge.judge([script.sample_of(r) for r in rows]))
    args = ["--split", "dev", "--families", "fewshot-minerva,style-several-and", "--judges", "sympy",
            "--cache", str(tmp_path / "verdicts.sqlite")]
    tables = []
    for name in ("first.json", "again.json"):
        assert script.main([*args, "--out", str(tmp_path / name)]) == 0
        tables.append(json.loads((tmp_path / name).read_text())["judges"]["sympy"])
    assert [c.stored for c in caches] == [len(rows), 0]
    assert tables[0] == tables[1]  # the second run's verdicts and seconds come from the cache
    assert {k: v for k, v in tables[0]["all"].items() if k != "ms_per_1000"} == direct
