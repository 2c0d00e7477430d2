"""The leaderboard page: self-contained, escaped, and (where chromium exists) safe in a real browser."""
from __future__ import annotations

import base64
import hashlib
import html as html_lib
import json
import shutil
import re

import pytest

from judgesuite.leaderboard.build import json_for_script, write_site
from judgesuite.suite.cli.leaderboard import distortion_summary
from judgesuite.leaderboard.inputs import load_any
from judgesuite.suite.cli.main import main as cli_main

from .leaderboard_helpers import CHROMIUM, INSTALL_HINT, browser_rows, chromium, with_probe

MARK = "data-pwned"
PAYLOADS = {
    "candidate": '<script>document.title="PWNED";document.body.setAttribute("data-pwned","1")</script>',
    "question": '"><img src=x onerror="document.body.setAttribute(\'data-pwned\',\'2\')"> who wrote it?',
    "model": '</script><script>document.body.setAttribute("data-pwned","3")</script>',
    "reference": "<!--<script>document.body.setAttribute('data-pwned','4')//",
}


def payload_rows() -> list[dict]:
    rows = []
    for i in range(6):
        rows.append({
            "id": f"x{i}", "question_id": f"q{i}", "task_type": "open_qa",
            "question": PAYLOADS["question"] + f" #{i}",
            "candidate": PAYLOADS["candidate"] if i % 2 == 0 else f"Paris {i}",
            "references": [PAYLOADS["reference"], "Paris"], "label": i % 3 != 0,
            "model": PAYLOADS["model"] if i < 3 else "plain-model",
        })
    return rows


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A real run (rule-based judges, 150 bundled rows + the payload set), then the page."""
    from judgesuite.suite.evaluation.cache import VerdictCache
    from judgesuite.suite.data.loader import load_bundled, load_jsonl
    from judgesuite.suite.evaluation.runner import run

    tmp = tmp_path_factory.mktemp("site")
    data = tmp / "payloads.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in payload_rows()))
    run(["exact-match", "token-f1", "regex"], [load_jsonl(data), load_bundled("openqa-eval-nq301", "test")],
        split="test", out_dir=tmp / "results", cache=VerdictCache(tmp / "c.sqlite"), limit=150, progress=False)
    results = load_any(tmp / "results" / "results.json")
    page, analysis = write_site(results, tmp / "site")
    return {"page": page, "html": page.read_text(encoding="utf-8"), "analysis": analysis, "tmp": tmp}


def test_page_is_self_contained(site):
    html = site["html"]
    assert html.startswith("<!DOCTYPE html>")
    assert not re.search(r"""(?:src|action)\s*=\s*["']?\s*(?:https?:)?//""", html, re.I)
    # Links out (the glossary's sources) are navigation, never fetched at view time.
    for tag in re.findall(r"<[^>]*href\s*=\s*[\"']?\s*(?:https?:)?//[^>]*>", html, re.I):
        assert tag.startswith("<a ") and 'rel="noreferrer"' in tag
    assert not re.search(r"""url\(\s*["']?\s*(?:https?:)?//|@import""", html, re.I)
    assert "<link" not in html and "<iframe" not in html
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html).group(1)
    assert "default-src 'none'" in csp and "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
    # The only executable script is ours, and the policy pins its hash.
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", html, re.S)
    assert len(scripts) == 2
    assert scripts[0][0].strip() == 'type="application/json" id="browser-data"'
    digest = base64.b64encode(hashlib.sha256(scripts[1][1].encode()).digest()).decode()
    assert f"'sha256-{digest}'" in csp
    for section in ("Which judge?", "The sets", "Per set", "Ranking distortion", "Pareto", "reliability diagram",
                    "Disagreement browser", "McNemar", "Borda", "Glossary"):
        assert section in html, section
    assert html.count("<svg") >= 3  # cost plots, slope charts, reliability diagrams
    assert '<section id="passk">' not in html  # empty sections are left out
    assert 'class="slope ' in html and "(reliability diagram)" in html and "ms per answer (median, log scale)" in html


def test_texts_for_people():
    from judgesuite.leaderboard.formatting import human_time, plain_reason

    assert plain_reason("judge handles ['math'] only") == "judge handles math only"
    assert plain_reason("handles ['math', 'open_qa']") == "handles math, open_qa"
    assert human_time("2026-12-03T21:57:20+00:00") == "2026-12-03 21:57 UTC"
    assert human_time("not a time") == "not a time"


def test_payloads_are_escaped(site):
    html = site["html"]
    for name, payload in PAYLOADS.items():
        assert payload not in html, name
    assert "<img" not in html
    assert html.count("<script") == 2
    assert "&lt;/script&gt;&lt;script&gt;" in html  # the model name, as text in a table cell
    # The browser data decodes back to the exact untrusted strings (escaping loses nothing).
    raw = re.search(r'<script type="application/json" id="browser-data">(.*?)</script>', html, re.S).group(1)
    assert "<" not in raw and ">" not in raw and "&" not in raw
    rows = browser_rows(html)[1]["payloads"]
    assert all("question" in r for r in rows)  # a small set: every row's texts are in the page
    assert any(r["candidate"] == PAYLOADS["candidate"] for r in rows)
    assert any(r["model"] == PAYLOADS["model"] for r in rows)
    assert any(PAYLOADS["reference"] in r["references"] for r in rows)


def test_every_folded_section_has_its_summary_line_as_text(site, monkeypatch):
    from judgesuite.leaderboard.build import render
    from judgesuite.leaderboard.sections import glossary

    lines = re.findall(r'<details class="fold" open><summary><h2>([^<]*)</h2><span class="fold-sum">([^<]+)</span>', site["html"])
    assert len(lines) == site["html"].count("<section id=") - 1  # every section but the first (never folded)
    assert all(0 < len(text) < 90 for _, text in lines), lines
    real = glossary.build
    monkeypatch.setattr(glossary, "build", lambda doc, analysis: dict(real(doc, analysis), summary=PAYLOADS["candidate"]))
    page = render(load_any(site["tmp"] / "results" / "results.json"), analysis=site["analysis"])
    assert PAYLOADS["candidate"] not in page and '<span class="fold-sum">&lt;script&gt;document.title=' in page


def test_json_for_script_escapes_everything_that_could_close_the_element():
    text = str(json_for_script({"a": "</script><!-- \u2028 & >"}))
    assert not set(text) & {"<", ">", "&", "\u2028"}
    assert json.loads(text) == {"a": "</script><!-- \u2028 & >"}


def test_page_shows_real_analysis(site):
    a = site["analysis"]
    nq = a["sets"]["openqa-eval-nq301"]
    assert len(nq["distortion"]["exact-match"]["models"]) == 12
    tau = nq["distortion"]["token-f1"]["kendall_tau"]
    assert f"{tau:.2f}" in site["html"]
    summary = distortion_summary(a)
    assert "openqa-eval-nq301" in summary and "token-f1" in summary


def test_cli_writes_page_and_reads_pytest_benchmark_json(site, tmp_path, capsys):
    results_json = site["tmp"] / "results" / "results.json"
    assert cli_main(["leaderboard", str(results_json), "--out", str(tmp_path / "a"), "--quiet",
                     "--rho", "math=0.9"]) == 0
    assert (tmp_path / "a" / "index.html").stat().st_size > 10_000
    assert json.loads((tmp_path / "a" / "analysis.json").read_text())["sets"]
    # A pytest-benchmark file whose benchmarks carry our entries (as benchmarks/bench_judges.py writes).
    results = json.loads(results_json.read_text())
    kept = tmp_path / "pytest-cache" / "judgesuite-benchmark-verdicts"  # where bench_judges.py keeps them
    kept.mkdir(parents=True)
    for e in results["entries"]:
        e["verdicts_file"] = str(shutil.copy(results_json.parent / e["verdicts_file"], kept))
    bench = {"machine_info": {"cpu": {"brand_raw": "Test CPU", "count": 2}}, "datetime": "2026-01-01",
             "benchmarks": [{"name": f"test_judge[{e['judge']}-{e['dataset']}]", "stats": {"mean": 0.5},
                             "extra_info": {"accuracy": e["metrics"]["accuracy"], "entry": e}}
                            for e in results["entries"]]}
    bench_path = tmp_path / "bench.json"
    bench_path.write_text(json.dumps(bench))
    loaded = load_any(bench_path)
    assert len(loaded.entries) == len(results["entries"])
    assert loaded.entries[0].cost.seconds_per_sample == pytest.approx(0.5 / loaded.entries[0].n_rows)
    assert cli_main(["leaderboard", str(bench_path), "--out", str(tmp_path / "b"), "--quiet"]) == 0
    assert "Test CPU" in (tmp_path / "b" / "index.html").read_text()
    bad = tmp_path / "bad.json"
    bad.write_text('{"benchmarks": []}')
    assert cli_main(["leaderboard", str(bad), "--out", str(tmp_path / "c")]) == 2
    assert "without judgesuite entries" in capsys.readouterr().err


@pytest.mark.skipif(CHROMIUM is None, reason=INSTALL_HINT)
def test_page_in_headless_chromium(site):
    """No payload runs in a real browser; the tests' probe (tests/leaderboard_probe.js) passes; the payload is on screen as text."""
    proc = chromium("--virtual-time-budget=8000", "--dump-dom", with_probe(site["page"]).resolve().as_uri())
    dom = proc.stdout
    assert "</html>" in dom, proc.stderr[-2000:]
    body = re.search(r"<body([^>]*)>", dom).group(1)
    assert MARK not in dom.split("</header>")[0] + body  # no payload ran
    assert f'{MARK}="' not in dom
    assert "<title>PWNED" not in dom
    report = json.loads(html_lib.unescape(re.search(r'data-selftest="([^"]*)"', body).group(1)))
    assert report["sort"] and report["plot"] and report["cards"] > 0 and report["filter_errors"] == []
    # The candidate payload is on screen as text inside the browser's cards.
    assert "&lt;script&gt;document.title=" in dom
    # The page logs nothing: any console line is an error, an uncaught exception or a CSP refusal.
    console = [line for line in proc.stderr.splitlines() if ":CONSOLE" in line]
    assert not console, console


def _boxes(svg: str) -> list[tuple[float, float, float, float]]:
    from judgesuite.leaderboard.svg import CHAR_W, LABEL_H

    out = []
    for x, y, anchor, text in re.findall(r'<text x="([\d.-]+)" y="([\d.-]+)" text-anchor="(\w+)" class="plabel">([^<]*)</text>', svg):
        w = len(html_lib.unescape(text)) * CHAR_W
        left = float(x) - w if anchor == "end" else float(x)
        out.append((left, float(y) - LABEL_H + 3, left + w, float(y) + 3))
    return out


def test_svg_plots_escape_text_and_place_labels_without_collisions():
    from judgesuite.leaderboard.svg import Point, cost_plot, line_plot, pareto_frontier, reliability_diagram, slope_chart

    evil = '<script>alert(1)</script>"'
    pts = [Point(evil, 0.09, 0.6, 0.55, 0.65), Point("token-f1", 0.1, 0.62, 0.6, 0.64, frontier=True),
           Point("rouge-l", 0.11, 0.61), Point("exact-match", 0.1, 0.3), Point("llm", 2e3, 0.8, 0.7, 0.9, frontier=True)]
    svg = str(cost_plot(evil, pts, "ms per answer"))
    assert "<script" not in svg and "&lt;script&gt;" in svg
    boxes = _boxes(svg)
    assert len(boxes) >= 3  # crowded points: the labels that fit are placed apart, the rest go to the legend
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), (a, b)
    assert svg.count('class="legend"') == len(pts)
    assert 'class="frontier"' in svg and 'class="err"' in svg
    for other in (line_plot(evil, evil, evil, [(evil, "#000", [0, 1], [0.2, 0.4])]),
                  slope_chart(evil, [(evil, 1, 2), ("b", 2, 1)]),
                  reliability_diagram(evil, [(evil, "#000", [{"n": 3, "mean_score": 0.2, "label_rate": 0.1}])])):
        assert "<script" not in str(other)
    assert 'class="slope up"' in str(slope_chart("t", [("a", 2, 1)]))
    # Cheapest and best are on the front; the dominated judge is not.
    assert pareto_frontier([(0.1, 0.8), (20.0, 0.9), (4.0, 0.7)]) == [True, True, False]


def test_flops_plot_when_judges_use_a_model(site, tmp_path):
    """Rule judges have 0 FLOPs (no FLOPs plot); give two judges a model's cost and the family gets one."""
    from judgesuite.leaderboard.build import write_site

    results = load_any(site["tmp"] / "results" / "results.json")
    assert "FLOPs per answer (log scale)" not in site["html"]
    for e in results.entries:
        e.cost.flops_per_sample = {"token-f1": 4e7, "exact-match": 2e9}.get(e.judge, 0.0)
    html = write_site(results, tmp_path / "flops")[0].read_text(encoding="utf-8")
    cost = html[html.index('<section id="cost">'):html.index('<section id="distortion">')]
    assert "FLOPs per answer (log scale)" in cost and ">1G<" in cost
    assert not re.search(r">[^<]*\de[+-]\d[^<]*<", cost)  # SI prefixes, no e-notation in any text shown


def test_a_run_builds_its_page_from_the_verdicts_in_memory_as_from_its_files(tmp_path):
    from judgesuite import evaluate

    res = evaluate(["token-f1", "exact-match", "flexible"], ["openqa-eval-nq301", "gsm8k-openai-solutions"],
                   limit=120, out=tmp_path / "run")
    _, from_files = write_site(load_any(tmp_path / "run" / "results.json"), tmp_path / "a")
    _, from_memory = write_site(res, tmp_path / "b")
    assert res.records
    assert from_memory == from_files
    assert from_files["sets"]["gsm8k-openai-solutions"]["have_verdicts"] == ["exact-match", "flexible", "token-f1"]


def test_a_learned_judge_is_marked_in_source_on_the_sets_it_was_fit_on(tmp_path):
    from judgesuite import evaluate
    from judgesuite.judges.registry import make_judge

    assert "openqa-eval-nq301" in make_judge("stacked").learned_from()
    assert make_judge("token-f1").learned_from() == ()
    encoder = make_judge("encoder").learned_from()  # read from the checkpoint's training summary
    assert "evouna-nq" in encoder and "synthetic" not in encoder
    assert make_judge("regex+encoder").learned_from() == encoder  # a cascade learned what its stages did
    evaluate(["stacked", "token-f1"], ["openqa-eval-nq301"], limit=200, out=tmp_path / "run")
    results = load_any(tmp_path / "run" / "results.json")
    page, analysis = write_site(results, tmp_path / "site")
    rows = {r["judge"]: r for r in analysis["sets"]["openqa-eval-nq301"]["ranking"]["rows"]}
    assert rows["stacked"]["in_source"] == ["openqa-eval-nq301"] and rows["token-f1"]["in_source"] == []
    html = page.read_text(encoding="utf-8")
    which = html[html.index('<section id="which"'):html.index("</section>", html.index('<section id="which"'))]
    assert which.count('href="#g-in-source">in-source</a>') >= 2  # the pick card and the stacked table row
    assert 'id="g-in-source"' in html
    # the recorded held-out figure (stacked's model file) ranks it, token-f1's on those rows beside it
    held = make_judge("stacked").held_out()["sets"]["openqa-eval-nq301"]
    assert rows["stacked"]["held_out"] == {"openqa-eval-nq301": held} and rows["token-f1"]["held_out"] == {}
    assert rows["stacked"]["kappa"] == pytest.approx(held["kappa"], abs=1e-6) and rows["stacked"]["figure"] == "held-out"
    assert 'href="#g-held-out">' in which and 'id="g-held-out"' in html
    picks = {c["verdict"]["best"]["judge"] for c in analysis["choice"]}
    if "stacked" in picks:  # its card names token-f1's figure on the held-out rows
        assert f"on the same rows token-f1 &kappa; {held['baseline']['kappa']:.2f}" in which


def _contrast(color: str, against: str = "#ffffff") -> float:
    def lum(h: str) -> float:
        r, g, b = (int(h.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4))
        f = lambda c: c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4  # noqa: E731
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b)
    hi, lo = sorted((lum(color), lum(against)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_graphics_reach_3_to_1_contrast_and_judges_differ_by_shape_beyond_the_palette():
    """WCAG 2.2 non-text contrast: every judge colour and the interval bar's colours >= 3:1."""
    from pathlib import Path

    from judgesuite.leaderboard.svg import PALETTE, SHAPES, shape_for

    assert all(_contrast(c) >= 3.0 for c in PALETTE)
    css = (Path(__file__).resolve().parents[1] / "leaderboard" / "assets" / "page.css").read_text()
    for rule in (".kci", ".kpt", ".kzero"):
        color = re.search(re.escape(rule) + r" \{[^}]*background: (#[0-9a-fA-F]{6})", css).group(1)
        assert _contrast(color, "#f0f2f6") >= 3.0, rule  # against the bar's own background
    pairs = {(PALETTE[i % len(PALETTE)], shape_for(i)) for i in range(len(PALETTE) * len(SHAPES))}
    assert len(pairs) == len(PALETTE) * len(SHAPES)  # no two judges share colour and shape
