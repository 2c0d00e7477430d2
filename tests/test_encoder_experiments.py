"""Data selection of scripts/encoder_experiments.py (no training here): the out-of-domain runs
really leave their source / model families out, and their test rows exist."""
import importlib.util
import sys
from collections import Counter
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parents[1] / "scripts" / "encoder_experiments.py"
sys.path.insert(0, str(_PATH.parent))  # as when the script runs: its folder holds its settings module
_spec = importlib.util.spec_from_file_location("encoder_experiments", _PATH)
exp = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(exp)


@pytest.mark.parametrize("source", ["financebench", "gsm8k-openai-solutions", "evouna-nq"])
def test_leave_one_source_out_training_rows_exclude_the_source(source):
    rows = exp.select_training_rows(600, 0, exclude_sources=(source,))
    assert len(rows) == 600
    counts = Counter(r.dataset for r in rows)
    assert source not in counts
    assert len(counts) == len(exp.dataset_names(probes=False)) - 1
    assert all(r.split == "train" for r in rows)


def test_in_domain_selection_is_deterministic_and_spans_every_source():
    a = exp.select_training_rows(600, 0)
    b = exp.select_training_rows(600, 0)
    assert [exp.row_key(r) for r in a] == [exp.row_key(r) for r in b]  # QCR and CR train on the same rows
    assert set(r.dataset for r in a) == set(exp.dataset_names(probes=False))


def test_leave_models_out_drops_every_held_out_family_and_tests_on_it():
    rows = exp.select_training_rows(10**6, 0, exclude_held_out_models=True)
    assert not any(exp.held_out_model(r) for r in rows)
    kept_models = {(r.dataset, r.model) for r in rows}
    per_set, lmo = exp.test_pools(300, 0)
    held = Counter(r.dataset for r in lmo)
    for name, prefixes in exp.HELD_OUT_MODELS.items():
        # each family exists in the test split, and the training rows of that set keep other models
        assert held[name] > 0, name
        assert any(d == name for d, _ in kept_models), name
        assert {r.model for r in lmo if r.dataset == name} <= \
            {r.model for r in exp.load_dataset(name, "test").scorable() if r.model.startswith(prefixes)}
    assert all(r.split == "test" for r in lmo)
    assert all(len(v) <= 300 and all(r.split == "test" for r in v) for v in per_set.values())


def test_a_joint_leave_out_plan_excludes_both_sources():
    spec = next(r for r in exp.plan(400, ["evouna-nq+openqa-eval-nq301"], 2) if r["name"].startswith("loso"))
    assert spec["exclude_sources"] == spec["test_sources"] == ["evouna-nq", "openqa-eval-nq301"]
    rows = exp.select_training_rows(spec["n"], 0, exclude_sources=tuple(spec["exclude_sources"]))
    assert len(rows) == spec["n"] and not {"evouna-nq", "openqa-eval-nq301"} & {r.dataset for r in rows}
