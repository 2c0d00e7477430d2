"""The `stacked` judge's identity (the model file, the encoder checkpoint of its blend) and the shipped blend: the
forest's and the encoder's log-odds combined as fit."""
from __future__ import annotations

import numpy as np
import pytest

from judgesuite.judges import make_judge
from judgesuite.judges.learned.stacked import DEFAULT_MODEL, StackedJudge
from judgesuite.judges.types import Sample
from judgesuite.suite.data.loader import load_bundled


@pytest.mark.skipif(not DEFAULT_MODEL.is_file(), reason="no shipped model")
def test_the_model_file_not_its_folder_is_the_identity(tmp_path):
    import shutil

    copy = tmp_path / "elsewhere" / DEFAULT_MODEL.name
    copy.parent.mkdir()
    shutil.copy(DEFAULT_MODEL, copy)
    assert make_judge(f"stacked:model={copy}").cache_key() == make_judge("stacked").cache_key()


def test_with_the_encoder_blend_a_retrained_checkpoint_is_a_new_identity(tmp_path):
    import shutil

    from judgesuite.judges.encoder.judge import default_checkpoint

    ckpt = tmp_path / "ckpt"
    shutil.copytree(default_checkpoint(), ckpt)
    spec = dict(encoder=True, encoder_checkpoint=str(ckpt))
    before = StackedJudge(**spec).cache_key()
    assert StackedJudge(**spec).cache_key() == before
    (weights,) = ckpt.glob("*.safetensors")  # the full weights or a delta over the backbone
    data = bytearray(weights.read_bytes())
    data[-1] ^= 1  # one bit of the last weight
    weights.write_bytes(bytes(data))
    with pytest.warns(UserWarning, match="train-stacked --encoder"):  # the blend was fit with other weights
        assert StackedJudge(**spec).cache_key() != before


def test_the_shipped_blend_was_fit_with_the_default_encoder():
    from judgesuite.judges.encoder.judge import EncoderJudge

    blend = StackedJudge(encoder=True).load().encoder_blend
    assert blend["encoder_weights_sha256"] == EncoderJudge(dtype="float32").identity()["weights_sha256"]


def test_the_shipped_encoder_blend_combines_the_forest_and_the_encoder_on_real_rows():
    pytest.importorskip("torch")
    from judgesuite.judges.learned.model import logit

    rows = load_bundled("evouna-nq", "dev").scorable()[:40]
    samples = [r.sample for r in rows] + [Sample(id="e", task_type="open_qa", question="q", candidate="",
                                                 references=("Paris",))]
    with StackedJudge(encoder=True) as both, StackedJudge() as forest, \
            make_judge("encoder", dtype="float32") as encoder:
        blended, alone, enc = both.judge(samples), forest.judge(samples), encoder.judge(samples)
        b = both.load().encoder_blend
    assert b["checkpoint"] is None  # the shipped encoder, whatever its dtype default
    for v, f, e in zip(blended, alone, enc):
        if e.score is None:  # no encoder score: the forest's verdict
            assert (v.correct, v.extra["family"]) == (f.correct, "open_qa")
            continue
        z = b["intercept"] + b["coef_forest"] * logit(f.score, b["clip"]) + \
            b["coef_encoder"] * logit(e.score, b["clip"])
        assert v.score == pytest.approx(1 / (1 + np.exp(-z)), abs=1e-9)
        assert v.correct == (v.score >= both.load().blend_threshold("open_qa")) and v.extra["family"] == "blend"
    assert len({v.correct for v in blended}) == 2
