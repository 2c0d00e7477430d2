"""Measure the math judges on the answer-style corpus of issue 37, per family (source).

Usage:
    python scripts/measure_math_styles.py --split dev [--judges sympy,math-verify] [--out FILE.json]
    python scripts/measure_math_styles.py --split frozen   # the held-out families: run ONCE
    python scripts/measure_math_styles.py --split dev-w2   # batch 2 of the grader cases, dev half
    python scripts/measure_math_styles.py --split heldout-w2  # batch 2, held-out half: the lead, ONCE
    python scripts/measure_math_styles.py --split dev-w3   # batch 3 of the grader cases, dev part
    python scripts/measure_math_styles.py --split heldout-w3  # batch 3, held-out third: read once (2026-12-06)
    python scripts/measure_math_styles.py --split dev-w4   # batch 4 of the grader cases, dev part
    python scripts/measure_math_styles.py --split heldout-w4  # batch 4, held-out part: read once (2026-12-06)
    python scripts/measure_math_styles.py --split dev-w5   # batch 5 of the grader cases, dev part
    python scripts/measure_math_styles.py --split heldout-w5  # batch 5, held-out part: read once (2026-12-06)
    python scripts/measure_math_styles.py --split dev-w6   # batch 6 of the grader cases, dev part
    python scripts/measure_math_styles.py --split heldout-w6  # batch 6, held-out part: read once (2026-12-06)
    python scripts/measure_math_styles.py --split dev-w7   # batch 7 of the grader cases, dev part
    python scripts/measure_math_styles.py --split heldout-w7  # batch 7, held-out part: read once (2026-12-06)
    python scripts/measure_math_styles.py --split dev-w8   # batch 8 of the grader cases, dev part
    python scripts/measure_math_styles.py --split heldout-w8  # batch 8, held-out part: read once (2026-12-07)
    python scripts/measure_math_styles.py --split dev-w9   # batch 9 of the grader cases, dev part
    python scripts/measure_math_styles.py --split heldout-w9  # batch 9, held-out part: read once (2026-12-07)
    python scripts/measure_math_styles.py --split dev-w10  # batch 10 of the grader cases, dev part
    python scripts/measure_math_styles.py --split heldout-w10  # batch 10, held-out part (read once, stop 59)
    python scripts/measure_math_styles.py --split dev-w11  # batch 11 of the grader cases, dev part
    python scripts/measure_math_styles.py --split heldout-w11  # batch 11, held-out part (read once, stop 60)
    python scripts/measure_math_styles.py --split dev-w12  # batch 12 of the grader cases, dev part
    python scripts/measure_math_styles.py --split heldout-w12  # batch 12, held-out part (read once, stop 61)
    python scripts/measure_math_styles.py --master-keys     # false-positive rate on the master-key probes

Per family and judge: accuracy (a no-verdict counts as incorrect), false-positive rate (a `correct`
verdict on a row labelled incorrect, over the incorrect rows), no-verdicts, and milliseconds per 1,000
rows (the judge's worker processes started before the clock; a verdict read from the cache keeps the seconds
it took). Verdicts go through the run's loop and its cache (--cache; default the user's, as `judgesuite run`).
`--show-errors` lists the wrong rows of the dev splits only: a held-out split is never read row by row.
`--split all` leaves out the splits not yet read (UNREAD_SPLITS).
"""
from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

from judgesuite.judges import Sample, make_judge
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.evaluation.runner import Runner

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "math_style_corpus.jsonl"
UNREAD_SPLITS: tuple[str, ...] = ()  # held out, not yet measured: never in `all`, never row by row (none: -w12 read)
# heldout-w11 was read once on 2026-12-07 (stop 60; the card, "Grader batch 11: the held-out read"), in `all` since
# heldout-w9 was read once on 2026-12-07 (stop 58; the card, "Grader batch 9: the held-out read"), in `all` since
# heldout-w8 was read once on 2026-12-07 (stop 58; the card, "Grader batch 8: the held-out read"), in `all` since
# heldout-w6 was read once on 2026-12-06 at b532bc0 (the card, "Grader batch 6"), in `all` since
# heldout-w5 was read once on 2026-12-06 (docs/math-judges.md, "Grader batch 5"), in `all` since
# heldout-w4 was read once on 2026-12-06 (docs/math-judges.md, "Grader batch 4"), in `all` since
# heldout-w2 was read once on 2026-12-05, heldout-w3 on 2026-12-06 (docs/math-judges.md); both are in `all` since
SPLITS = ("dev", "frozen", "dev-w2", "heldout-w2", "dev-w3", "heldout-w3", "dev-w4", "heldout-w4", "dev-w5",
          "heldout-w5", "dev-w6", "heldout-w6", "dev-w7", "heldout-w7", "dev-w8", "heldout-w8",
          "dev-w9", "heldout-w9", "dev-w10", "heldout-w10", "dev-w11", "heldout-w11", "dev-w12",
          "heldout-w12", "all")
WARM_UP = Sample(id="warm-up", task_type="math", question="", candidate="Final answer: 1", references=("1",))


def load_corpus(split: str, path: Path = CORPUS) -> list[dict]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r for r in rows if r["split"] == split or (split == "all" and r["split"] not in UNREAD_SPLITS)]


def sample_of(row: dict) -> Sample:
    """The row as a judge sees it in a run: with its question where the corpus has one (math rounds 7 onwards; the
    style corpora have none). Before stop 56 the question was always left empty."""
    return Sample(id=row["id"], task_type="math", question=row.get("question") or "", candidate=row["candidate"],
                  references=tuple(row["references"]))


def rates(rows: list[dict], verdicts: list) -> dict:
    n_neg = sum(not r["label"] for r in rows)
    right = sum((v.correct is True) == r["label"] for r, v in zip(rows, verdicts))
    fp = sum(v.correct is True and not r["label"] for r, v in zip(rows, verdicts))
    return {"n": len(rows), "accuracy": round(right / max(1, len(rows)), 4),
            "false_positive_rate": round(fp / max(1, n_neg), 4), "false_positives": fp,
            "no_verdict": sum(v.correct is None for v in verdicts)}


def measure(judge_name: str, rows: list[dict], runner: Runner) -> tuple[list, float]:
    """Verdicts on `rows` through the runner, and milliseconds per 1,000 rows."""
    with make_judge(judge_name) as judge:
        judge.judge([WARM_UP])  # starts its workers: no row's seconds include their start (a warm-up only)
        verdicts, seconds = runner.judge_samples(judge, [sample_of(r) for r in rows])
    return verdicts, sum(seconds) * 1000 / len(rows) * 1000


def master_keys(judges: list[str], per_set: int, runner: Runner) -> dict:
    from judgesuite.suite.data.probes import build_probe_set

    probes = build_probe_set(per_set=per_set, datasets=["gsm8k-openai-solutions", "omni-math-gpt4o-examples"])
    out = {}
    for name in judges:
        with make_judge(name) as judge:
            verdicts = runner.judge_samples(judge, [r.sample for r in probes.rows])[0]
        by_attack: dict[str, list] = defaultdict(list)
        for r, v in zip(probes.rows, verdicts):
            by_attack[r.meta["attack"]].append(v.correct is True)
        out[name] = {"n": len(verdicts), "false_positive_rate": round(sum(v.correct is True for v in verdicts)
                                                                      / len(verdicts), 4),
                     "per_attack": {a: round(sum(x) / len(x), 4) for a, x in sorted(by_attack.items())}}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--split", default="dev", choices=SPLITS)
    ap.add_argument("--judges", default="sympy,math-verify")
    ap.add_argument("--families", default="", help="comma-separated families (default: all of the split)")
    ap.add_argument("--show-errors", action="store_true", help="print the wrong rows (dev split only)")
    ap.add_argument("--master-keys", action="store_true")
    ap.add_argument("--per-set", type=int, default=50, help="master-key probes per data set")
    ap.add_argument("--cache", default=None, help="SQLite verdict cache (default: ~/.cache/judgesuite)")
    ap.add_argument("--out", default="")
    args = ap.parse_args(argv)
    judges = [j for j in args.judges.split(",") if j]
    runner = Runner(VerdictCache(args.cache))
    if args.master_keys:
        result = master_keys(judges, args.per_set, runner)
        print(json.dumps(result, indent=1))
    else:
        rows = load_corpus(args.split)
        if args.families:
            rows = [r for r in rows if r["family"] in args.families.split(",")]
        families = sorted({r["family"] for r in rows})
        result = {"split": args.split, "judges": {}}
        print(f"{'family':28s} {'n':>4s} " + " ".join(f"{j:>26s}" for j in judges))
        per_judge = {}
        for name in judges:
            verdicts, ms = measure(name, rows, runner)
            per_judge[name] = verdicts
            table = {f: rates([r for r in rows if r["family"] == f],
                              [v for r, v in zip(rows, verdicts) if r["family"] == f]) for f in families}
            table["all"] = rates(rows, verdicts)
            table["all"]["ms_per_1000"] = round(ms)
            result["judges"][name] = table
        for f in families + ["all"]:
            cells = [result["judges"][j][f] for j in judges]
            print(f"{f:28s} {cells[0]['n']:4d} " + " ".join(
                f"acc {c['accuracy']:.3f} fpr {c['false_positive_rate']:.3f} nv {c['no_verdict']:3d}" for c in cells))
        print("ms per 1,000: " + ", ".join(f"{j} {result['judges'][j]['all']['ms_per_1000']:,}" for j in judges))
        if args.show_errors and args.split in ("dev", "dev-w2", "dev-w3", "dev-w4", "dev-w5", "dev-w6", "dev-w7",
                                                  "dev-w8", "dev-w9", "dev-w10", "dev-w11", "dev-w12"):
            for r, v in zip(rows, per_judge[judges[0]]):
                if (v.correct is True) != r["label"]:
                    print(f"--- {r['id']} label={r['label']} verdict={v.correct} refs={r['references']} "
                          f"extracted={v.extracted!r} {v.detail}\n{r['candidate'][-200:]}")
    if args.out:
        Path(args.out).write_text(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
