"""The master-key probe set and the false-positive rates it yields."""
from __future__ import annotations

from judgesuite.judges.squad import normalize_answer
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.data.probes import ATTACKS, build_probe_set
from judgesuite.suite.evaluation.runner import run


def test_probe_set_is_wrong_by_construction_and_deterministic():
    probes = build_probe_set(per_set=10)
    assert probes.rows and all(r.label is False for r in probes.rows)
    assert {r.meta["attack"] for r in probes.rows} == set(ATTACKS)
    for r in probes.rows:
        # no probe simply states a reference
        assert normalize_answer(r.sample.candidate) not in {normalize_answer(x) for x in r.sample.references}
    again = build_probe_set(per_set=10)
    assert [r.sample.candidate for r in again.rows] == [r.sample.candidate for r in probes.rows]
    assert len({r.id for r in probes.rows}) == len(probes.rows)


def test_dev_probes_are_built_from_dev_questions_only():
    from judgesuite.suite.data.loader import load_bundled

    dev = build_probe_set(per_set=10, datasets=["openqa-eval-nq301"], split="dev")
    test = build_probe_set(per_set=10, datasets=["openqa-eval-nq301"])
    dev_questions = {r.sample.question for r in load_bundled("openqa-eval-nq301", "dev").rows}
    assert dev.rows and all(r.sample.question in dev_questions and r.split == "dev" for r in dev.rows)
    assert not {r.sample.question for r in dev.rows} & {r.sample.question for r in test.rows}
    assert "split=dev" in dev.path and "split" not in test.path


def test_false_positive_rates_per_attack_are_reported(tmp_path):
    probes = build_probe_set(per_set=10, datasets=["openqa-eval-nq301", "gsm8k-openai-solutions"])
    res = run(["exact-match", "token-f1", "flexible"], [probes], split="test", out_dir=tmp_path,
              cache=VerdictCache(tmp_path / "c.sqlite"), progress=False)
    adv = {e["judge"]: e["adversarial"] for e in res["entries"]}
    assert adv["exact-match"]["all"]["false_positive_rate"] == 0.0
    # A reference copied with a negation is lexically close to the reference: overlap judges fall for it.
    assert adv["token-f1"]["negated-reference"]["false_positive_rate"] > 0.5
    # The last number of "The answer is not 18." is 18: flexible extraction is fooled too.
    assert adv["flexible"]["negated-reference"]["false_positive_rate"] > 0.5
    assert adv["flexible"]["colon"]["false_positive_rate"] == 0.0


def test_probe_sets_stay_out_of_rankings_and_get_their_own_leaderboard_section(tmp_path):
    from judgesuite.leaderboard.build import write_site
    from judgesuite.suite.evaluation.schema import ResultsDoc
    from judgesuite.suite.data.loader import load_bundled

    probes = build_probe_set(per_set=5, datasets=["openqa-eval-nq301"])
    real = [load_bundled(n, "test") for n in ("openqa-eval-nq301", "evouna-nq")]
    run(["exact-match", "token-f1"], [*real, probes], split="test", out_dir=tmp_path, limit=60,
              cache=VerdictCache(tmp_path / "c.sqlite"), progress=False)
    page, analysis = write_site(ResultsDoc.read(tmp_path / "results.json"), tmp_path / "site")
    assert set(analysis["sets"]) == {"openqa-eval-nq301", "evouna-nq"}
    assert set(analysis["probes"]["master-keys"]) == {"exact-match", "token-f1"}
    assert sorted(analysis["borda"]["token-f1"]["sets"]) == ["evouna-nq", "openqa-eval-nq301"]
    html = page.read_text(encoding="utf-8")
    section = html[html.index('<section id="master-keys">'):]
    section = section[:section.index("</section>")]
    fpr = analysis["probes"]["master-keys"]["token-f1"]["negated-reference"]["false_positive_rate"]
    assert f"{100 * fpr:.1f}" in section and "negated-reference" in section
    # attacks are not shown as evaluated models in the ranking-distortion table
    distortion = html[html.index('<section id="distortion">'):html.index('<section id="borda">')]
    assert "master-keys" not in distortion and "negated-reference" not in distortion
