"""The disagreement browser's data on a real run (rule judges on three bundled test splits): every
row where a judge's verdict differs from the label is in the page, judge by judge, whatever the
budget; texts that do not fit go to the sidecar file beside the page, never rows; texts are cut
with a visible mark. Decoded as page.js decodes them (tests/leaderboard_helpers.browser_rows)."""
from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from judgesuite.leaderboard.build import write_site
from judgesuite.leaderboard.sections.browser import CUTS, SIDECAR
from judgesuite.suite.data.loader import load_bundled
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.evaluation.runner import run
from judgesuite.suite.evaluation.schema import ResultsDoc

from .leaderboard_helpers import browser_rows, disagreements_in_page, disagreements_in_records

SETS = ["openqa-eval-nq301", "financebench", "gsm8k-openai-solutions"]
JUDGES = ["exact-match", "token-f1", "regex", "flexible"]


@pytest.fixture(scope="module")
def doc(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("disagreements")
    run(JUDGES, [load_bundled(n, "test") for n in SETS], split="test", out_dir=tmp / "results",
        cache=VerdictCache(tmp / "c.sqlite"), limit=120, progress=False)
    return ResultsDoc.read(tmp / "results" / "results.json")


@pytest.mark.parametrize("kb", [400, 12], ids=["roomy", "tight"])
def test_every_disagreement_of_every_judge_is_in_the_page(doc, tmp_path, kb):
    page, analysis = write_site(doc, tmp_path, browser_kb=kb)
    data, rows = browser_rows(page.read_text(encoding="utf-8"))
    want, got = disagreements_in_records(doc), disagreements_in_page(rows)
    assert sum(sum(c.values()) for c in want.values()) > 300
    for key, counter in want.items():
        assert got.get(key, Counter()) == counter, key
        assert data["sets"][key[0]]["wrong"][key[1]] == sum(counter.values())  # the count the page states
    assert len(page.read_text(encoding="utf-8").encode()) <= 600_000


def test_texts_that_do_not_fit_go_to_the_sidecar_and_the_page_says_so(doc, tmp_path):
    page, _ = write_site(doc, tmp_path / "roomy", browser_kb=2_000)
    data, rows = browser_rows(page.read_text(encoding="utf-8"))
    assert data["sidecar"] is None and not (tmp_path / "roomy" / SIDECAR).exists()
    assert all("question" in r for rs in rows.values() for r in rs)  # every text in the page
    (tmp_path / "roomy" / SIDECAR).write_text("stale")
    write_site(doc, tmp_path / "roomy", browser_kb=2_000)
    assert not (tmp_path / "roomy" / SIDECAR).exists()  # a stale sidecar does not outlive its page

    page, _ = write_site(doc, tmp_path / "tight", browser_kb=12)
    html = page.read_text(encoding="utf-8")
    data, rows = browser_rows(html)
    assert len(re.search(r'id="browser-data">(.*?)</script>', html, re.S).group(1).encode()) <= 12_000
    assert data["sidecar"] == SIDECAR and f'href="{SIDECAR}" download' in html
    side = json.loads((tmp_path / "tight" / SIDECAR).read_text(encoding="utf-8"))
    for name, rs in rows.items():
        in_page = {r["pos"] + 1 for r in rs if "question" in r}
        beside = {r["row"] for r in side["sets"].get(name, [])}
        assert in_page and beside and not in_page & beside  # the texts of each set, some here, the rest there
        assert in_page | beside == {r["pos"] + 1 for r in rs}
    assert data["cut"] == CUTS[-1]._asdict()


def test_long_texts_are_cut_with_a_visible_mark(doc, tmp_path):
    page, _ = write_site(doc, tmp_path, browser_kb=12)
    data, rows = browser_rows(page.read_text(encoding="utf-8"))
    cut = data["cut"]
    questions = [r["question"] for rs in rows.values() for r in rs if "question" in r]
    assert all(len(q) <= cut["question"] + 1 for q in questions)
    assert any(q.endswith("\u2026") for q in questions)  # financebench's questions are long
    answers = [r["answer"] for rs in rows.values() for r in rs if "answer" in r]
    assert all(len(a) <= cut["answer"] + 1 for a in answers)
