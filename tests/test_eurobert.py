"""The EuroBERT path of the encoder judge, on a tiny randomly initialised EuroBERT built offline.

No EuroBERT weights install here (no hub). This checks that `judgesuite train-encoder --backbone
<EuroBERT folder>` trains and the `encoder` judge runs the result, for the `qcr`, `cr` and
`artefactory` input formats, with a Llama-style tokenizer (no token types, <|begin_of_text|> /
<|end_of_text|> around segments) like EuroBERT's. What it cannot check: the real checkpoint's
accuracy, and the released BERTJudge checkpoints' own weights and tokenizer files.
"""
from __future__ import annotations

import json
import random

import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

from judgesuite.judges.encoder.judge import EncoderJudge  # noqa: E402
from judgesuite.suite.cli.main import main as cli_main  # noqa: E402
from judgesuite.suite.data.loader import load_bundled  # noqa: E402
from judgesuite.suite.training.encoder import TrainConfig, fit  # noqa: E402

SPECIALS = ["<|begin_of_text|>", "<|end_of_text|>", "<|mask|>", "<|pad|>"]


def _tokenizer(texts: list[str]):
    from tokenizers import Tokenizer, models, pre_tokenizers, processors, trainers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.BPE(unk_token=None))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.train_from_iterator(texts, trainers.BpeTrainer(vocab_size=400, special_tokens=SPECIALS,
                                                       initial_alphabet=pre_tokenizers.ByteLevel.alphabet()))
    bos, eos = (tok.token_to_id(s) for s in SPECIALS[:2])
    tok.post_processor = processors.TemplateProcessing(
        single="<|begin_of_text|> $A <|end_of_text|>",
        pair="<|begin_of_text|> $A <|end_of_text|> $B <|end_of_text|>",
        special_tokens=[("<|begin_of_text|>", bos), ("<|end_of_text|>", eos)])
    from tokenizers import decoders
    tok.decoder = decoders.ByteLevel()
    return PreTrainedTokenizerFast(tokenizer_object=tok, bos_token=SPECIALS[0], eos_token=SPECIALS[1],
                                   mask_token=SPECIALS[2], pad_token=SPECIALS[3],
                                   model_input_names=["input_ids", "attention_mask"])


@pytest.fixture(scope="module")
def eurobert_dir(tmp_path_factory):
    """A 2-layer EuroBERT (hidden 32) with its tokenizer, saved like a hub checkpoint."""
    from transformers import AutoModelForMaskedLM, EuroBertConfig

    rows = load_bundled("openqa-eval-nq301", "train").rows[:400]
    tok = _tokenizer([r.sample.question + " " + r.sample.candidate + " " + " ".join(r.sample.references)
                      for r in rows])
    config = EuroBertConfig(vocab_size=len(tok), hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                            num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=256,
                            pad_token_id=tok.pad_token_id, bos_token_id=tok.bos_token_id,
                            eos_token_id=tok.eos_token_id, mask_token_id=tok.mask_token_id)
    torch.manual_seed(0)
    d = tmp_path_factory.mktemp("eurobert-tiny")
    AutoModelForMaskedLM.from_config(config).save_pretrained(d)
    tok.save_pretrained(d)
    return d


@pytest.mark.parametrize("fmt", ["qcr", "cr", "artefactory"])
def test_train_encoder_cli_and_judge_on_eurobert(eurobert_dir, tmp_path, fmt, capsys):
    out = tmp_path / f"judge-{fmt}"
    rc = cli_main(["train-encoder", "--backbone", str(eurobert_dir), "--input-format", fmt,
                   "--datasets", "openqa-eval-nq301", "--max-samples", "48", "--batch-size", "16",
                   "--max-length", "64", "--no-bf16", "--lr", "1e-3", "--dev-limit", "24",
                   "--out", str(out), "--no-progress"])
    assert rc == 0
    meta = json.loads((out / "judgesuite_encoder.json").read_text())
    assert meta["input_format"] == fmt and meta["max_length"] == 64 and 0 < meta["threshold"] <= 1
    summary = json.loads((out / "training_summary.json").read_text())
    assert summary["training_rows"] == 48 and summary["steps"] == 3
    assert json.loads((out / "config.json").read_text())["model_type"] == "eurobert"

    rows = load_bundled("openqa-eval-nq301", "test").scorable()[:20]
    judge = EncoderJudge(checkpoint=str(out), threshold=meta["threshold"])
    assert judge.input_format == fmt
    verdicts = judge.judge([r.sample for r in rows])
    judge.close()
    assert len(verdicts) == 20
    assert all(v.correct in (True, False) and 0.0 <= v.score <= 1.0 and 0 < v.tokens <= 64 for v in verdicts)
    # the tokenizer has no token types: the inputs must not carry any
    assert "token_type_ids" not in judge._loaded[0].model_input_names


def test_interrupted_training_resumes_to_the_same_weights(eurobert_dir, tmp_path):
    """A run that resumes from the step-2 snapshot ends with the weights of an uninterrupted run."""
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    from judgesuite.judges.encoder.inputs import InputBuilder

    rows = load_bundled("openqa-eval-nq301", "train").scorable()[:64]
    tok = AutoTokenizer.from_pretrained(eurobert_dir)
    encoded = InputBuilder(tok, "qcr", 48).build([r.sample for r in rows])
    labels = [bool(r.label) for r in rows]
    cfg = TrainConfig(backbone=str(eurobert_dir), out=str(tmp_path), batch_size=16, max_length=48,
                      bf16=False, lr=1e-3, save_every=2)

    def run(seed):
        torch.manual_seed(seed)  # the classification head's initialisation
        model = AutoModelForSequenceClassification.from_pretrained(eurobert_dir, num_labels=2,
                                                                   dtype=torch.float32)
        stats = fit(model, tok, encoded, labels, cfg, random.Random(0), progress=False,
                    resume_dir=tmp_path / "resume")
        return model, stats

    full, stats = run(0)  # 4 steps; leaves the step-2 snapshot behind
    assert stats["steps"] == 4 and (tmp_path / "resume" / "state.json").is_file()
    assert json.loads((tmp_path / "resume" / "state.json").read_text())["step"] == 2
    resumed, stats2 = run(1)  # another head init: only the snapshot can make it match
    assert stats2["pairs"] == 64
    for (name, a), (_, b) in zip(full.state_dict().items(), resumed.state_dict().items()):
        assert torch.allclose(a, b, atol=1e-5), name
