"""The math answer-style corpus of issue 37 (tests/fixtures/math_style_corpus.jsonl) and what `sympy`
does with the answer styles it holds."""
from __future__ import annotations

import hashlib
import importlib.util
import json
import math
from collections import defaultdict
from pathlib import Path

import pytest

from judgesuite.judges import Sample, make_judge
from judgesuite.judges.math.symbolic import judge_math
from judgesuite.suite.data.probes import build_probe_set

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "fixtures" / "math_style_corpus.jsonl"
CARD = ROOT / "tests" / "fixtures" / "math_style_corpus.md"


def _builder():
    spec = importlib.util.spec_from_file_location("build_math_style_corpus",
                                                  ROOT / "scripts" / "build_math_style_corpus.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


UNREAD: set[str] = set()  # held out, not yet read: no test runs a judge on these rows (-w2 .. -w12 read)
# False "equal" verdicts of `sympy` that are known and not fixed yet. The once-read of heldout-w3 found one
# (an equation's left side `\sin(x)` read as a label; docs/math-judges.md, "Grader batch 3"), fixed after that read
# with the family as development data (a left side that is mathematics is no label: tests/test_sympy_judge.py).
# The once-read of heldout-w6 (at b532bc0) found two: reasoning-gym's `1.200000001` and `1.199999999` against
# `1.200`, equal within sympy's relative tolerance of 1e-6 for decimals (the card, "Grader batch 6"); fixed in stop 52
# (an answer with more digits than a decimal gold must be that gold: tests/test_sympy_leftovers.py).
# The first run on dev-w7 (at 7d0b4a3) found a third of that cause, left: reasoning-from-scratch's `0.3333333333`
# for `1/3` is 1/3 rounded to 10 digits, as `0.333333333` (pinned equal by tests/test_sympy_judge.py) is to 9.
# The first run on dev-w8 (at 3753877) found four more: KAS's `y=x` against `x` and `x` against `y=x` (an equation
# read as its right side), `y=x` against `y=/=x` (KAS's "not equal" sign not read) and `x=(1+.2345)^2` against
# `x=1.52399022` (1.52399025: within the relative tolerance for decimals of batch 6). All four fixed in stop 58
# (judges/math/equation_relations.py; an expression whose decimals leave an exact fraction counts as exact, the value
# of `x = 1.5` is a plain decimal: tests/test_sympy_stop58b.py).
# The first run on dev-w10 (at e9ab12b) found ten more: seven pairs of quadratics without a real root
# (`x^2-3x+10=1` for `x^2-3x+10=0`, `2x^2+6x+8=0` for `4x^2-5x+17=0`, ...: read as equal empty solution sets), an
# equation in another variable (`b=9` for `a=9`), `qa=9` for `q=9`, and `1/2<x ≤1.5<7` for `1<2x ≤ 3` (the card,
# "Grader batch 10: figures on dev-w10"). Nine fixed in stop 59b (judges/math/polynomial_relations.py,
# equation_relations.py; unequal, asserted in tests/test_sympy_stop59b.py); `b=9` for `a=9` left: a renamed lone
# variable is a naming difference by stop 58's pins (`k = 48` for `m = 48`), for the lead to decide.
# The first run on dev-w11 (at d9bc079) found twelve more, all math-expressions' asserted nonequivalences that sit
# within a tolerance or a sampled domain: `1E-50*sin(x)` for `1E-50*cos(x)`, `abs(x+10)-10` for `abs(x+11)-11` (and
# the 100, 1000 pairs: equal wherever x ≥ -10), and eight values `+0.0000001` apart (the card, "Grader batch 11:
# figures on dev-w11"). Not fixed here.
KNOWN_FALSE_EQUALS: set[str] = {"grader-reasoning-from-scratch-1247", "grader-pie-math-validation-1612"} | {
    f"grader-doenet-math-expressions-{i}" for i in (2175, 2179, 2180, 2181, 2204, 2205, 2206, 2207, 2208, 2209,
                                                     2211, 2215)}


def _rows(read_only: bool = False) -> list[dict]:
    rows = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines()]
    return [r for r in rows if not (read_only and r["split"] in UNREAD)]


def test_the_style_corpus_is_rebuilt_byte_for_byte_by_its_script(tmp_path):
    out = tmp_path / "corpus.jsonl"
    _builder().main(["--out", str(out)])
    assert out.read_bytes() == CORPUS.read_bytes()
    assert CORPUS.stat().st_size < 1_550_000  # raised from 1,400,000 for grader batch 12's 405 rows (short origins)
    # 494 KB before grader batch 3 (85 rows, long origins), 538 KB with it,
    # 580 KB with grader batch 4 (74 rows), 645 KB with grader batch 5 (79 rows), 724 KB with grader batch 6 (73),
    # 788 KB with grader batch 7 (84), 963 KB with grader batch 8 (210), 996 KB with grader batch 9 (37),
    # 1,116 KB with grader batch 10 (298, short origins), 1,285 KB with grader batch 11 (446, short origins),
    # 1,415 KB with grader batch 12 (405, short origins)


def _card_list(card: str, label: str) -> set[str]:
    line = next(x for x in card.splitlines() if x.startswith(f"{label}: "))
    return {n.strip(" .") for n in line[len(label) + 2:].split(",")}


def test_the_splits_follow_the_seeded_rules_and_the_card_names_every_family_and_source():
    builder, rows, card = _builder(), _rows(), CARD.read_text(encoding="utf-8")
    for r in rows:
        assert r["split"] == builder.split_of(r["family"])
    by_split = defaultdict(set)
    for r in rows:
        by_split[r["split"]].add(r["family"])
    assert set(by_split) == {"frozen", "dev", "heldout-w2", "dev-w2", "heldout-w3", "dev-w3", "heldout-w4", "dev-w4",
                             "heldout-w5", "dev-w5", "heldout-w6", "dev-w6", "heldout-w7", "dev-w7",
                             "heldout-w8", "dev-w8", "heldout-w9", "dev-w9", "heldout-w10", "dev-w10",
                             "heldout-w11", "dev-w11", "heldout-w12", "dev-w12"}
    for label, split in (("Frozen", "frozen"), ("Dev", "dev"), ("Heldout-w2", "heldout-w2"), ("Dev-w2", "dev-w2"),
                         ("Heldout-w3", "heldout-w3"), ("Dev-w3", "dev-w3"), ("Heldout-w4", "heldout-w4"),
                         ("Dev-w4", "dev-w4"), ("Heldout-w5", "heldout-w5"), ("Dev-w5", "dev-w5"),
                         ("Heldout-w6", "heldout-w6"), ("Dev-w6", "dev-w6"), ("Heldout-w7", "heldout-w7"),
                         ("Dev-w7", "dev-w7"), ("Heldout-w8", "heldout-w8"), ("Dev-w8", "dev-w8"),
                         ("Heldout-w9", "heldout-w9"), ("Dev-w9", "dev-w9"), ("Heldout-w10", "heldout-w10"),
                         ("Dev-w10", "dev-w10"), ("Heldout-w11", "heldout-w11"), ("Dev-w11", "dev-w11"),
                         ("Heldout-w12", "heldout-w12"), ("Dev-w12", "dev-w12")):
        assert _card_list(card, label) == by_split[split], label
    assert len(by_split["heldout-w2"]) == len(builder.w2.FAMILIES) // 2
    assert len(by_split["heldout-w3"]) == math.ceil(len(builder.w3.FAMILIES) / 3)
    assert all(f"| {f} |" in card for f in [*builder.w2.FAMILIES, *builder.w3.FAMILIES, *builder.w4.FAMILIES,
                                            *builder.w5.FAMILIES, *builder.w6.FAMILIES, *builder.w7.FAMILIES,
                                            *builder.w8.FAMILIES, *builder.w9.FAMILIES, *builder.w10.FAMILIES,
                                            *builder.w11.FAMILIES, *builder.w12.FAMILIES])
    # every family measures false positives too: each has wrong cases
    by_family = defaultdict(set)
    for r in rows:
        by_family[r["family"]].add(r["label"])
    assert all(labels == {True, False} for labels in by_family.values())


def _batch_size(module) -> int:
    return sum(len(cases) for _, _, cases in module.FAMILIES.values())


@pytest.mark.parametrize("batch", [4, 5, 6, 7, 8, 9, 10, 11, 12])
def test_a_grader_batch_is_its_script_s_tables_split_by_source_with_its_seeded_rule(batch):
    """Batches 4-12's rows are their scripts' tables (scripts/math_grader_cases_w4.py .. _w12.py), in order and
    byte for byte, batch 12 last; whole sources are held out: the shortest run from the top of the SHA-256 ranking
    (seed `judgesuite-issue37-grader-batch<N>`) holding two thirds of the rows, never every source (where that run
    would take every source, the last stays dev and the held-out part is under two thirds: batches 8-12). The
    held-out splits of batches 4-12 were read once (batch 12 at stop 61): `--split all` and the stacked check hold
    them; one not read yet (UNREAD) would be in neither."""
    builder, rows = _builder(), _rows()
    batches = {4: builder.w4, 5: builder.w5, 6: builder.w6, 7: builder.w7, 8: builder.w8, 9: builder.w9,
               10: builder.w10, 11: builder.w11, 12: builder.w12}
    module = batches[batch]
    held_split, dev_split = f"heldout-w{batch}", f"dev-w{batch}"
    rows = rows[: len(rows) - sum(_batch_size(batches[b]) for b in batches if b > batch)]
    tail = rows[len(rows) - _batch_size(module):]
    expected = [(family, source, origin, c, refs, eq)
                for family, (source, origin, cases) in module.FAMILIES.items() for c, refs, eq in cases]
    got = [(r["family"], r["source"], r["origin"], r["candidate"], r["references"], r["label"]) for r in tail]
    assert got == expected
    assert [r["id"] for r in tail] == [f"{r['family']}-{i:04d}" for i, r in enumerate(tail, len(rows) - len(tail))]
    assert not {r["family"] for r in rows[: len(rows) - len(tail)]} & set(module.FAMILIES)
    ranked = sorted(module.FAMILIES, key=lambda f: hashlib.sha256(
        f"judgesuite-issue37-grader-batch{batch}:{f}".encode()).hexdigest())
    sizes = [len(module.FAMILIES[f][2]) for f in ranked]
    k = min(len(ranked) - 1, next(i for i in range(1, len(ranked) + 1) if 3 * sum(sizes[:i]) >= 2 * sum(sizes)))
    heldout_families = getattr(module, f"heldout_families_w{batch}")
    assert heldout_families() == set(ranked[:k]) and 0 < k < len(ranked)
    for r in tail:
        assert r["split"] == (held_split if r["family"] in ranked[:k] else dev_split)
    held = sum(r["split"] == held_split for r in tail)
    capped = 3 * sum(sizes[:k]) < 2 * sum(sizes)  # the run would take every source: the last stays dev
    assert held == sum(sizes[:k]) < len(tail) and (capped or 2 * len(tail) <= 3 * held)  # two thirds unless capped
    spec = importlib.util.spec_from_file_location("stacked_sympy_decides_check",
                                                  ROOT / "scripts" / "stacked_sympy_decides_check.py")
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)
    held_ids = {r["id"] for r in tail if r["split"] == held_split}
    checked_ids = {s.id for s, _ in check.corpus_rows("tests/fixtures/math_style_corpus.jsonl")}
    if held_split in UNREAD:  # not read yet: out of `--split all` and of the stacked check's default rows
        assert held_split in _measure_script().UNREAD_SPLITS and held_split in check.UNREAD
        assert not any(r["split"] == held_split for r in _measure_script().load_corpus("all"))
        assert not held_ids & checked_ids
        return
    assert held_split not in _measure_script().UNREAD_SPLITS
    assert held == sum(r["split"] == held_split for r in _measure_script().load_corpus("all"))
    assert held_ids <= checked_ids


def _judge(candidate: str, gold: str) -> bool | None:
    return judge_math(((gold,), candidate, "auto"))[0]


@pytest.mark.parametrize("candidate,gold", [
    ("So 16 * 20 = 320 emails.\nResult: 320.00 emails", "320"),
    ("She pays 5 + 10 = 15.\nTotal: $15", "15"),
    ("Each piece is 6 inches long.\n**Total:** 8 pieces", "8"),
    ("```python\nx = 4 * 6\nprint(x)\n```\n```output\n24\n```", "24"),
    ("Thus the pH is 12.62.\n\n<answer>12.62</answer>", "12.62"),
    ('{"reasoning": "3 * 4 = 12", "answer": 12}', "12"),
    ('```json\n{\n  "steps": "half of it",\n  "final_answer": "\\\\frac{1}{2}"\n}\n```', "\\frac{1}{2}"),
    ("So the answer is 24, not 20.", "24"),
    ("Answer: 100 (not 30)", "100"),
])
def test_answer_styles_from_the_wild_are_read(candidate, gold):
    assert _judge(candidate, gold) is True


@pytest.mark.parametrize("candidate,gold", [
    ("So the answer is 20, not 24.", "24"),  # the rejected value is the gold: wrong
    ("Answer: 30 (not 100)", "100"),
    ("The answer is not 18.", "18"),  # a negation stays non-committal
    ("Result: 319.00 emails", "320"),
    ("```python\nprint(23)\n```\n```output\n23\n```", "24"),
    ('{"reasoning": "the answer is 12", "answer": 13}', "12"),
    ("<answer>12.6</answer>", "12.62"),
])
def test_their_wrong_counterparts_stay_wrong(candidate, gold):
    assert _judge(candidate, gold) is False


def test_sympy_gives_no_false_equal_on_the_corpus():
    rows = _rows(read_only=True)
    with make_judge("sympy") as judge:
        verdicts = judge.judge([Sample(id=r["id"], task_type="math", question="", candidate=r["candidate"],
                                       references=tuple(r["references"])) for r in rows])
    assert len(verdicts) == len(rows)
    assert {r["id"] for r, v in zip(rows, verdicts) if v.correct is True and not r["label"]} <= KNOWN_FALSE_EQUALS


@pytest.mark.slow
def test_sympy_matches_or_beats_math_verify_on_every_family_without_a_false_equal():
    rows = _rows(read_only=True)
    samples = [Sample(id=r["id"], task_type="math", question="", candidate=r["candidate"],
                      references=tuple(r["references"])) for r in rows]
    accuracy: dict[str, dict[str, float]] = {}
    for name in ("sympy", "math-verify"):
        with make_judge(name) as judge:
            verdicts = judge.judge(samples)
        if name == "sympy":
            false_equals = {r["id"] for r, v in zip(rows, verdicts) if v.correct is True and not r["label"]}
            assert false_equals <= KNOWN_FALSE_EQUALS
        right = defaultdict(list)
        for r, v in zip(rows, verdicts):
            right[r["family"]].append((v.correct is True) == r["label"])
        accuracy[name] = {f: sum(x) / len(x) for f, x in right.items()}
    worse = {f: (a, accuracy["math-verify"][f]) for f, a in accuracy["sympy"].items()
             if a < accuracy["math-verify"][f]}
    assert not worse


def _measure_script():
    spec = importlib.util.spec_from_file_location("measure_math_styles", ROOT / "scripts" / "measure_math_styles.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_sympy_gives_no_false_equal_on_the_master_key_probes(tmp_path):
    out = tmp_path / "keys.json"
    assert _measure_script().main(["--master-keys", "--judges", "sympy", "--per-set", "12", "--out", str(out),
                                   "--cache", str(tmp_path / "verdicts.sqlite")]) == 0
    keys = json.loads(out.read_text())["sympy"]
    assert keys["n"] > 100 and keys["false_positive_rate"] == 0.0
    assert set(keys["per_attack"]) == {r.meta["attack"] for r in build_probe_set(per_set=12).rows}


def test_the_measure_script_reports_each_family(tmp_path):
    module = _measure_script()
    out = tmp_path / "styles.json"
    assert module.main(["--split", "dev", "--families", "fewshot-minerva,style-several-and", "--judges", "sympy",
                        "--out", str(out), "--cache", str(tmp_path / "verdicts.sqlite")]) == 0
    table = json.loads(out.read_text())["judges"]["sympy"]
    assert set(table) == {"fewshot-minerva", "style-several-and", "all"}
    assert table["all"]["n"] == 24 and table["all"]["false_positives"] == 0
