"""The `recorded` judges: parsing of each upstream format on rows checked by hand, replay on the
bundled rows, coverage, cost honesty, and the issue's figures reproduced from the raw files."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from judgesuite import evaluate
from judgesuite.judges import NoVerdict, make_judge
from judgesuite.judges.recorded import raw_formats as rf
from judgesuite.judges.recorded.sources import SOURCES
from judgesuite.suite.data import load_dataset

from .script_modules import load_script

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"

# Lines 2-4 of NQ301_text-davinci-003.tsv, byte for byte: five header names, four fields a row.
DAVINCI = ("id\tQuestion\tModel answer\tAcceptable?\ttext-davinci-003\n"
           "1\twhere are the washington redskins based out ofwashington metropolitan area\tYes\t"
           "Yes, the Washington Redskins are based out of the Washington metropolitan area.\n"
           "1\twhere are the washington redskins based out ofwashington, d. c.\tNo\t"
           "No, the Washington Redskins are based out of FedExField in Landover, Maryland or the Washington "
           "metropolitan area.\n")


@pytest.mark.parametrize("reply, verdict", [
    ("Yes, the candidate is correct.", True),  # NQ301_gpt-4.tsv line 3
    ("No, the candidate is not correct.", False),
    ("No, the candidate is not entirely correct. The definition of \"hosanna\" is more accurately", False),
    ("I cannot determine if the candidate is correct, as there is not enough information", rf.ABSTAINED),
    ("The candidate is partially correct. The Second Industrial Revolution was indeed", False),
    ("The candidate provides a date, not a location. The correct answer is Camping World Stadium", False),
    ("Nothing here says yes", False),  # "No" must be a word, not a prefix
])
def test_gpt4_eval_replies_are_read_by_their_opening_word(reply, verdict):
    assert rf.yes_no_verdict(reply) == verdict


def test_instructgpt_eval_shifted_columns_are_split_on_the_known_question(tmp_path):
    path = tmp_path / "davinci.tsv"
    path.write_text(DAVINCI, encoding="utf-8")
    rows = list(rf.read_instructgpt_eval(path, {"where are the washington redskins based out of", "where"}))
    assert [(r.question, r.candidate, r.verdict) for r in rows] == [
        ("where are the washington redskins based out of", "washington metropolitan area", True),
        ("where are the washington redskins based out of", "washington, d. c.", False)]


def test_instructgpt_eval_row_with_an_unknown_question_is_refused(tmp_path):
    path = tmp_path / "davinci.tsv"
    path.write_text(DAVINCI, encoding="utf-8")
    with pytest.raises(ValueError, match="no known question"):
        list(rf.read_instructgpt_eval(path, {"who wrote hamlet"}))


@pytest.mark.parametrize("probs, verdict, score", [
    # NQ301_BEM.tsv lines 2-4 (gold answers "FedExField in Landover, Maryland | the Washington metropolitan area")
    ("[[0.9522848725318909, 0.047714997082948685], [0.011884571984410286, 0.9881154894828796]]", True, 0.9881),
    ("[[0.48812732100486755, 0.5118727087974548], [0.2564341127872467, 0.7435657978057861]]", True, 0.7436),
    ("[[0.93337482213974, 0.06662523001432419], [0.6836111545562744, 0.31638893485069275]]", False, 0.3164),
])
def test_bem_thresholds_the_best_gold_answers_probability(probs, verdict, score):
    got, best = rf.bem_verdict(probs)
    assert got is verdict and best == pytest.approx(score, abs=1e-4)


@pytest.mark.parametrize("bad", ["[]", "[[0.5]]", "not json"])
def test_bem_malformed_probabilities_are_refused(bad):
    with pytest.raises(ValueError):
        rf.bem_verdict(bad)


@pytest.mark.parametrize("value, verdict", [([1], True), ([0], False), ("1", True), ("0", False)])
def test_matcher_scores_of_both_answer_matching_files(value, verdict):
    assert rf.matcher_score(value) is verdict


@pytest.mark.parametrize("value", [[2], "yes", [0, 1], None])
def test_matcher_scores_outside_0_1_are_refused(value):
    with pytest.raises(ValueError):
        rf.matcher_score(value)


def _replay(source: str, dataset: str):
    judge = make_judge(f"recorded:source={source}")
    rows = [r for r in load_dataset(dataset, None).rows if judge.covers(r.sample)]
    return rows, judge.judge([r.sample for r in rows])


def test_replayed_verdicts_agree_with_the_texts_bundled_in_each_row():
    """The bundled set carries GPT-4's reply and BEM's probabilities in `meta` (another pipeline):
    every replayed verdict must read the same as that row's own text."""
    for source, field, read in (("gpt-4-eval", "gpt4_eval_response", rf.yes_no_verdict),
                                ("bem", "bem_probs_per_gold", lambda p: rf.bem_verdict(p)[0])):
        rows, verdicts = _replay(source, "openqa-eval-nq301")
        checked = 0
        for r, v in zip(rows, verdicts):
            text = r.meta.get(field)
            if text and v.reason is not NoVerdict.NOT_RECORDED:
                expected = read(text)
                assert (v.correct if v.correct is not None else rf.ABSTAINED) == expected, (source, r.id)
                checked += 1
        assert checked > 2500, (source, checked)  # rows whose meta holds the text (2,821 for GPT-4)


def test_matcher_verdicts_agree_with_the_bundled_scores():
    for source, key in (("deepseek-v3", "deepseek-chat-v3-0324"), ("qwen2.5-7b-instruct", "qwen-2.5-7b-instruct")):
        rows, verdicts = _replay(source, "answer-matching-gpqa-mmlupro")
        assert rows and all(v.correct is bool(r.meta["llm_judge_scores"][key]) for r, v in zip(rows, verdicts))


@pytest.mark.parametrize("source", list(SOURCES))
def test_each_source_answers_at_least_90_percent_of_the_rows_it_covers(source):
    rows, verdicts = _replay(source, SOURCES[source].dataset)
    assert len(rows) >= 700
    assert sum(v.correct is not None for v in verdicts) / len(rows) >= 0.9


def test_qwen_covers_the_gpqa_half_only_and_not_recorded_rows_say_so():
    rows, _ = _replay("qwen2.5-7b-instruct", "answer-matching-gpqa-mmlupro")
    assert len(rows) == 792 and all(r.id.startswith("gpqa-") for r in rows)
    _, verdicts = _replay("gpt-4-eval", "openqa-eval-nq301")
    missing = [v for v in verdicts if v.reason is NoVerdict.NOT_RECORDED]
    assert missing and all("no verdict" in v.detail for v in missing)


def test_a_set_the_source_never_judged_is_skipped_with_its_reason():
    res = evaluate("recorded:source=gpt-4-eval", ["evouna-nq", "openqa-eval-nq301"], split="test")
    assert [e.dataset for e in res.entries] == ["openqa-eval-nq301"]
    (skip,) = res.skipped
    assert skip["dataset"] == "evouna-nq" and "judged none of these rows" in skip["why"]


def test_costs_are_published_or_marked_undisclosed_and_flops_estimated():
    res = evaluate(["recorded:source=gpt-4-eval", "recorded:source=bem"], "openqa-eval-nq301", split="test")
    gpt4, bem = (e.judge_report["replayed"] for e in res.entries)
    assert gpt4["parameters"] == "undisclosed" and gpt4["flops"] == "undisclosed"
    assert res.entries[0].cost.flops_per_sample == 0 and res.entries[0].cost.parameters == 0
    assert bem["parameters"] == 110e6 and bem["flops"] == "estimated" and bem["latency"].startswith("unknown")
    assert res.entries[1].cost.flops_per_sample > 2 * 110e6 * 10  # several gold answers, ~10+ tokens each
    res = evaluate("recorded:source=deepseek-v3", "answer-matching-gpqa-mmlupro", split="test")
    e = res.entries[0]
    assert e.judge_report["replayed"]["parameters"] == 671e9 and e.cost.parameters == 37e9
    assert e.cost.flops_per_sample == pytest.approx(
        2 * 37e9 * (e.cost.input_tokens_per_sample + e.cost.generated_tokens_per_sample), rel=1e-4)  # per-sample tokens are rounded


def test_an_unknown_source_is_one_line_naming_the_known_ones():
    with pytest.raises(ValueError, match="known: gpt-4-eval"):
        make_judge("recorded:source=gpt-5")
    out = subprocess.run([sys.executable, "-m", "judgesuite.suite.cli.main", "run", "--judges",
                          "recorded:source=gpt-5", "--datasets", "openqa-eval-nq301", "--no-site"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1 and "gpt-5" in out.stderr


def test_the_default_run_and_the_judges_listing_include_every_source():
    from judgesuite.suite.cli.run import default_judges

    assert {f"recorded:source={s}" for s in SOURCES} <= set(default_judges())
    out = subprocess.run([sys.executable, "-m", "judgesuite.suite.cli.main", "judges"],
                         capture_output=True, text=True, timeout=120)
    for s in SOURCES.values():
        assert f"recorded:source={s.name}" in out.stdout and s.citation in out.stdout


@pytest.mark.skipif(not SHARED.is_dir(), reason="the upstream files (shared/data) are not on this machine")
def test_the_issue_figures_are_reproduced_from_the_upstream_files(capsys):
    """GPT-4-eval 84.8% (kappa 0.70), InstructGPT-eval 83.8% (0.68), BEM 80.6% (0.62) over the 1,490 pairs."""
    build = load_script("build_recorded_verdicts")
    build.check(SHARED)
    lines = {ln.split()[0]: ln.split() for ln in capsys.readouterr().out.splitlines()}
    for source, acc, kappa in (("gpt-4-eval", 84.8, 0.70), ("instructgpt-eval", 83.8, 0.68), ("bem", 80.6, 0.62)):
        row = lines[source]
        assert row[1] == "1490"
        assert abs(float(row[4].rstrip("%")) - acc) <= 0.5 and abs(float(row[6]) - kappa) <= 0.01


@pytest.mark.skipif(not SHARED.is_dir(), reason="the upstream files (shared/data) are not on this machine")
def test_the_bundled_verdicts_file_is_what_the_script_builds(tmp_path):
    out = tmp_path / "v.json.gz"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build_recorded_verdicts.py"), "--data", str(SHARED),
                    "--out", str(out)], check=True, capture_output=True, timeout=300)
    assert out.read_bytes() == (ROOT / "judges" / "recorded" / "verdicts.json.gz").read_bytes()


def test_the_board_badges_replayed_judges_and_compares_them_with_ours(tmp_path):
    """One run with stacked, a recorded judge and an imported file: the page badges both replayed judges and
    its comparison section holds McNemar p-values that the statistics module gives for the same counts."""
    import json

    from judgesuite.suite.evaluation.statistics import holm, mcnemar_p

    rows = load_dataset("openqa-eval-nq301", "test").rows
    path = tmp_path / "mine.jsonl"
    path.write_text("".join(json.dumps({"id": r.id, "correct": bool(r.label) != (i % 7 == 0)}) + "\n"
                            for i, r in enumerate(rows)))
    out = subprocess.run([sys.executable, "-m", "judgesuite.suite.cli.main", "run", "--no-progress",
                          "--judges", f"stacked,recorded:source=gpt-4-eval,verdicts:file={path}:name=mine",
                          "--datasets", "openqa-eval-nq301", "--out", str(tmp_path / "out"),
                          "--cache", str(tmp_path / "c.sqlite")], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    page = (tmp_path / "out" / "site" / "index.html").read_text()
    assert 'id="large-judges"' in page
    assert 'title="published verdicts of gpt-4-eval, replayed: not run here">recorded</span>' in page
    assert ">imported</span>" in page
    cmp = json.loads((tmp_path / "out" / "site" / "analysis.json").read_text())["sets"]["openqa-eval-nq301"]["large_judges"]
    assert {(r["large"], r["cheap"]) for r in cmp} == {("recorded:source=gpt-4-eval", "stacked"),
                                                      (f"verdicts:file={path}:name=mine", "stacked")}
    assert holm({i: mcnemar_p(r["only_large"], r["only_cheap"]) for i, r in enumerate(cmp)}) == \
        {i: r["p_holm"] for i, r in enumerate(cmp)}
    gpt4 = next(r for r in cmp if r["large"].startswith("recorded:"))
    assert gpt4["large_fig"]["accuracy_per_gflop"] is None  # GPT-4's size is undisclosed
    assert gpt4["n"] <= gpt4["n_large"] <= len(rows)


def _doc_commands() -> list[str]:
    doc = (ROOT / "docs" / "llm-judges.md").read_text()
    section = doc[doc.index("## Large LLM judges"):]
    return [ln.strip() for ln in section.splitlines() if ln.startswith("    ") and ln.strip()]


def _run_doc_command(command: str, tmp_path: Path) -> subprocess.CompletedProcess:
    import os
    import shlex

    env = dict(os.environ, JUDGESUITE_CACHE=str(tmp_path / "cache"))
    argv = shlex.split(command)
    argv[0] = {"python": sys.executable, "judgesuite": str(Path(sys.executable).with_name("judgesuite"))}[argv[0]]
    if argv[:2] == [argv[0], "run"] and "--out" not in argv:
        argv += ["--out", str(tmp_path / "out")]  # as written it writes ./results
    return subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=3600)


def test_the_commands_of_the_large_judges_docs_run_as_written(tmp_path):
    commands = [c for c in _doc_commands() if "llm-direct" not in c]  # the LLM ladder: the slow test below
    assert any(c.startswith("judgesuite run --judges recorded:") for c in commands)
    for command in commands:
        if "build_recorded_verdicts" in command and not SHARED.is_dir():
            continue  # needs the upstream files
        out = _run_doc_command(command, tmp_path)
        assert out.returncode == 0, (command, out.stderr[-500:])
        if "--check" in command:
            assert "84.83%" in out.stdout and "83.76%" in out.stdout and "80.60%" in out.stdout


@pytest.mark.slow
def test_the_size_ladder_command_of_the_docs_runs_as_written(tmp_path):
    pytest.importorskip("xllamacpp")
    (command,) = [c for c in _doc_commands() if "llm-direct" in c]
    out = _run_doc_command(command, tmp_path)
    assert out.returncode == 0, out.stderr[-500:]
    assert "recorded:source=deepseek-v3" in out.stdout and "llm-direct:threads=2" in out.stdout
