"""Format statistics: "Final answer:" parse failures per model and format, counted from the rows by
every run, and for EVERY judge that extracts a final answer what it loses to parsing (an analysis of
its verdict records); the leaderboard's Format failures section shows them (BERT-as-a-Judge Tables 13-15).

tests/fixtures/generated_format_rows.jsonl holds real rows of `judgesuite generate` (llama.cpp,
greedy: SmolLM2-135M-Instruct with its chat template and the base gemma-3-270m by plain completion,
free / soft / strict, GSM8K test and ARC-Challenge), labelled by rule (math-verify on the whole
reply for GSM8K; the chosen option letter for ARC), taken from the run described in the README.
"""
from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from judgesuite.judges.extract.final_answer import extract_final_answer
from judgesuite.leaderboard.build import write_site
from judgesuite.leaderboard.sections import format_failures
from judgesuite.suite.analysis import analyze
from judgesuite.suite.data.answer_format import base_model, row_format
from judgesuite.suite.data.loader import load_bundled, load_jsonl
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.evaluation.runner import run_document
from judgesuite.suite.evaluation.schema import ResultsDoc

FIXTURE = Path(__file__).parent / "fixtures" / "generated_format_rows.jsonl"
PAYLOAD = '</script><script>document.body.setAttribute("data-pwned","1")</script>'


@pytest.fixture(scope="module")
def generated():
    return load_jsonl(FIXTURE, name="generated")


STRICT = "regex:rouge_threshold=0.9"  # a second judge that extracts a final answer


@pytest.fixture(scope="module")
def results(tmp_path_factory, generated):
    """A real run of regex (twice) and flexible on the generated rows and on bundled GSM8K rows."""
    tmp = tmp_path_factory.mktemp("ff")
    run_document(["regex", STRICT, "flexible"], [generated, load_bundled("gsm8k-openai-solutions", "test")],
                 split=None, out_dir=tmp / "results", cache=VerdictCache(tmp / "c.sqlite"), limit=80, progress=False)
    return ResultsDoc.read(tmp / "results" / "results.json")


@pytest.fixture(scope="module")
def analysis(results):
    return analyze(results)


def _section(html: str) -> str:
    start = html.index(f'<section id="{format_failures.ID}">')
    return html[start:html.index("</section>", start)]


def test_stats_count_missing_final_answers_per_model_and_format(results, analysis, generated):
    groups = {(g["model"], g["format"]): g for g in analysis["sets"]["generated"]["format_stats"]}
    assert {f for _, f in groups} == {"free", "soft", "strict"}
    assert {m for m, _ in groups} == {"smollm2-135m", "gemma3-270m"}
    for (model, fmt), g in groups.items():
        rows = [r for r in generated.scorable() if base_model(r) == model and row_format(r) == fmt]
        missing = sum(extract_final_answer(r.sample.candidate) is None for r in rows)
        assert g["rows"] == len(rows) and g["parse_failures"] == missing
        assert set(g["judges"]) == {"regex", STRICT}  # every final-answer judge, not the first; flexible is none
        for judge, j in g["judges"].items():
            assert j["judged"] == g["labelled"] == len(rows)
            # The accuracy a judge loses is what it fails to parse plus what it mismatches, less its false accepts.
            gap = g["label_accuracy"] - j["accuracy"]
            assert gap == pytest.approx(j["lost_to_parsing_rate"] + j["lost_to_matching_rate"] - j["false_accept_rate"])
            assert j["lost_to_parsing"] <= g["parse_failures"]
            # The split is the judge's own verdicts on the group's rows.
            mine = [v for v in results.verdicts(results.entry(judge, "generated")) if v.model == f"{model} [{fmt}]"]
            assert j["lost_to_parsing"] == sum(bool(v.label) and v.correct is None for v in mine)
            assert j["lost_to_matching"] == sum(bool(v.label) and v.correct is False for v in mine)
            # its no-verdicts include every parse failure of that model and format
            no_verdict = results.entry(judge, "generated").by_model[f"{model} [{fmt}]"]["no_verdict_rate"]
            assert no_verdict >= g["parse_failure_rate"] - 1e-6  # stored rounded


def test_bundled_rows_have_no_format_and_are_counted_too(results):
    stats = results.format_stats["gsm8k-openai-solutions"]
    assert stats and all(g["format"] == "-" for g in stats)
    assert sum(g["rows"] for g in stats) == 80


def test_without_a_final_answer_judge_only_parse_failures_are_shown(tmp_path, generated):
    doc = run_document(["flexible"], [generated], split=None, out_dir=None, cache=VerdictCache(tmp_path / "c.sqlite"),
                       progress=False)
    stats = analyze(doc)["sets"]["generated"]["format_stats"]
    assert stats and all(g["judges"] == {} and g["parse_failure_rate"] is not None for g in stats)
    sec = format_failures.build(doc, analyze(doc))
    assert not sec["has_split"] and all(r["gap"] is None and r["judge"] == "" for r in sec["rows"])


def test_a_results_file_of_the_older_schema_keeps_its_format_counts():
    doc = ResultsDoc.read(Path(__file__).parent / "fixtures" / "results_v1" / "results.json")
    (g,) = doc.format_stats["gsm8k-openai-solutions"][:1]
    assert g["rows"] and g["row_models"] == [g["model"]]
    split = analyze(doc)["sets"]["gsm8k-openai-solutions"]["format_stats"][0]["judges"]
    assert set(split) == {"regex"}  # the judge that extracted a final answer then


def test_section_shows_the_stored_numbers(results, analysis, tmp_path):
    page, _ = write_site(results, tmp_path / "site")
    sec = _section(page.read_text(encoding="utf-8"))
    never = sec[sec.index("Never a"):]
    never = never[:never.index("</p>")]
    for g in analysis["sets"]["generated"]["format_stats"]:
        if g["parse_failure_rate"] >= 1.0:  # named in the sentence, not given a row
            assert f"{g['model']} ({g['format']})" in never
            continue
        for judge, j in g["judges"].items():  # one row per final-answer judge
            row = re.search(rf"<tr><td>generated</td><td>{re.escape(g['model'])}</td><td>{g['format']}</td>"
                            rf"(?:(?!</tr>).)*<td>{re.escape(judge)}</td>.*?</tr>", sec, re.S).group(0)
            cells = re.findall(r"<td[^>]*>([^<]*)</td>", row)
            assert cells[3:10] == [str(g["rows"]), f"{100 * g['parse_failure_rate']:.1f}", str(g["labelled"]),
                                   f"{100 * g['label_accuracy']:.1f}", judge, f"{100 * j['accuracy']:.1f}",
                                   f"{100 * (g['label_accuracy'] - j['accuracy']):+.1f}"]
            assert cells[10:12] == [f"{100 * j['lost_to_parsing_rate']:.1f}", f"{100 * j['lost_to_matching_rate']:.1f}"]
    # Pooled over models per format: the strict format's parse failures, from the stored counts.
    strict = [g for g in results.format_stats["generated"] if g["format"] == "strict"]
    n = sum(g["rows"] for g in strict)
    rate = sum(g["parse_failures"] for g in strict) / n
    assert re.search(rf"<tr><td>generated</td><td>strict</td><td[^>]*>2</td>\s*<td[^>]*>{n}</td>"
                     rf"<td[^>]*>{100 * rate:.1f}</td></tr>", sec)
    # GSM8K solutions never write the line: one sentence names them instead of a row of 100% each.
    assert "<b>gsm8k-openai-solutions</b>" in never
    assert "<tr><td>gsm8k-openai-solutions</td>" not in sec


def test_section_escapes_model_names_and_is_absent_without_stats(results, tmp_path):
    hostile = ResultsDoc.from_dict(json.loads(json.dumps(results.to_dict()).replace('"gemma3-270m"', json.dumps(PAYLOAD))))
    hostile.base = results.base
    sec = _section(write_site(hostile, tmp_path / "site")[0].read_text(encoding="utf-8"))
    assert PAYLOAD not in sec and "&lt;/script&gt;&lt;script&gt;" in sec
    bare = dataclasses.replace(results, format_stats={})
    assert format_failures.build(bare, analyze(bare)) is None
    html = write_site(bare, tmp_path / "bare")[0].read_text(encoding="utf-8")
    assert f'<section id="{format_failures.ID}">' not in html
