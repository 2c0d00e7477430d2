"""The master-key probe set and the false-positive rates it yields."""
from __future__ import annotations

from judgesuite.judges.text import normalize_answer
from judgesuite.suite.cache import VerdictCache
from judgesuite.suite.master_keys import ATTACKS, build_probe_set
from judgesuite.suite.runner import run


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
