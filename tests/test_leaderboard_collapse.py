"""Identical judges collapse, the pick is the cheapest judge of the shared top rank, and cards show
abstention and a thin human-label base. Real judges on real bundled rows: exact-match and a copy of
it under another name (the same code, so the same verdicts on every row), token-f1, sympy."""
from __future__ import annotations

import re

import pytest

from judgesuite import register_judge
from judgesuite.judges.lexical.exact_match import ExactMatchJudge
from judgesuite.judges.registry import JUDGES
from judgesuite.leaderboard.build import write_site
from judgesuite.leaderboard.inputs import load_any

SETS = ["openqa-eval-nq301", "omni-math-gpt4o-examples"]


class ExactMatchCopy(ExactMatchJudge):
    """test judge: exact-match under another name"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    from judgesuite.suite.data.loader import load_bundled
    from judgesuite.suite.evaluation.cache import VerdictCache
    from judgesuite.suite.evaluation.runner import run

    out = tmp_path_factory.mktemp("collapse")
    register_judge("exact-match-copy", replace=True)(ExactMatchCopy)
    try:
        run(["exact-match", "exact-match-copy", "token-f1", "sympy"], [load_bundled(n, "test") for n in SETS],
            split="test", out_dir=out / "results", cache=VerdictCache(out / "c.sqlite"), limit=120, progress=False)
    finally:
        JUDGES.remove("exact-match-copy")
    page, analysis = write_site(load_any(out / "results" / "results.json"), out / "site")
    return {"html": page.read_text(encoding="utf-8"), "analysis": analysis}


def test_a_judge_with_the_same_verdicts_on_every_row_is_shown_once(site):
    collapsed = 0
    for c in site["analysis"]["choice"]:
        rows = {r["judge"]: r for r in c["rows"]}
        if rows["exact-match"]["constant"]:  # both constant there: marked constant, not collapsed
            assert rows["exact-match-copy"]["constant"] and rows["exact-match-copy"]["same_as"] is None
            continue
        collapsed += 1
        assert rows["exact-match-copy"]["same_as"] == "exact-match" and rows["exact-match-copy"]["rank"] is None
        assert rows["exact-match"]["same_as"] is None
        assert "exact-match-copy" not in c["verdict"]["tied"] + [c["verdict"]["best"]["judge"]]
    assert collapsed >= 2
    which = site["html"][site["html"].index('<section id="which"'):site["html"].index('<section id="judges"')]
    open_qa = which[which.index('data-name="which-open-QA'):]
    open_qa = open_qa[:open_qa.index("</table>")]
    assert "same verdicts: exact-match-copy" in open_qa
    assert not re.search(r'<th scope="row"><span[^>]*></span>exact-match-copy', open_qa)  # no row of its own
    board = site["html"][site["html"].index('data-name="kappa-per-set"'):]
    assert "same verdicts as exact-match on this set" in board[:board.index("</table>")]


def test_the_pick_is_the_cheapest_judge_of_the_shared_top_rank(site):
    for c in site["analysis"]["choice"]:
        v = c["verdict"]
        top = [r for r in c["rows"] if r["rank"] == 1]
        assert v["best"]["rank"] == 1 and sorted(v["tied"]) == sorted(r["judge"] for r in top if r is not v["best"]
                                                                       and r["judge"] != v["best"]["judge"])
        assert v["best"]["ms_per_sample"] == min(r["ms_per_sample"] for r in top)
        if len(top) > 1:
            assert f"the cheapest of {len(top)} judges sharing the top rank" in c["sentence"]


def test_cards_show_no_verdicts_and_a_thin_human_label_base(site):
    html = site["html"]
    math = next(c for c in site["analysis"]["choice"] if c["family"] == "math" and c["view"] == "all")
    rows = {r["judge"]: r for r in math["rows"]}
    assert rows["sympy"]["no_verdict_rate"] > 0  # sympy abstains on some omni-math rows
    card = html[html.index('id="which-math-card"'):]
    card = card[:card.index("</div>")]
    best = math["verdict"]["best"]
    assert f"no verdict {100 * best['no_verdict_rate']:.1f}%" in card
    assert "<b>no human-labelled rows</b> (&lt; 100)" in card  # omni-math is labelled by GPT-4o


def test_a_routed_judge_that_routed_nothing_is_one_line_not_a_table():
    """regex decides no bundled row, so regex+encoder is the encoder on every row: one line."""
    from judgesuite.leaderboard.sections import routing
    from judgesuite.suite.evaluation.schema import Cost, Entry, ResultsDoc

    def entry(judge, routed=None, flops=1.6e9):
        cost = Cost("encoder", 0, 0.0, 0.0, flops, None, 0.01, 0.01, 31.0, 0)
        return Entry(judge, {}, "evouna-nq", "test", ["open_qa"], 3107, 0, {}, {"accuracy": 0.82}, {}, {}, cost,
                     routing=routed)

    def doc(*entries):
        return ResultsDoc(created="", split="test", limit=None, hardware={}, wall_seconds=0.0, entries=list(entries))

    built = routing.build(doc(entry("encoder"), entry("regex+encoder", {"encoder": 1.0, "regex": 0.0})), {"probes": {}})
    assert built["rows"] == [] and built["nothing"] == [{"judge": "regex+encoder", "stage": "encoder", "sets": ["evouna-nq"]}]
    saved = entry("regex+encoder", {"encoder": 0.4, "regex": 0.6}, flops=0.64e9)
    built = routing.build(doc(entry("encoder"), saved), {"probes": {}})
    assert built["nothing"] == [] and built["rows"][0]["saved"] == pytest.approx(0.6)
