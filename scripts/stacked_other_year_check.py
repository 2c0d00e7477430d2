"""Adoption check: `stacked` calls a date answer whose year no reference holds incorrect (judges/learned/other_year.py).

Why (stop 55): on open-QA rounds 7-10 (each read once before; development data now) 13 of `stacked`'s 86 false
"correct" were a bare wrong year ("1999" against "1983" / "August 31, 1983") at P 0.45-0.46, just over the open-QA
threshold 0.44. The forest's leaf there mixes nq301's train rows that accept a date the references contradict
("1953" for Peter Pan against "2003"; 19 of its 23 such short rows labelled correct, against the world) with
evouna-nq's, which reject them all. A judge that sees only the references cannot accept such a date.

Rule, written before the test splits were scored (the prototype's first count printed the test rows' counts beside
train and dev: evouna-nq test 16 rows, none labelled correct; nq301 test 10, none): adopt if, on the TRAIN and DEV
rows of the sources labelled against their references (evouna-nq and every bundled model-written open-QA corpus,
rounds 5-10 among them), no row the rule fires on is labelled correct, and on nq301's DEV split (labelled against
the world) the rule costs `stacked` no row. Then report the test splits once.

Usage: python scripts/stacked_other_year_check.py [--test]

Run (2026-12-07, stop 55, the stop-54 files): see docs/stacked-judge.md, "A year no reference holds".
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from judgesuite.judges import Sample, make_judge
from judgesuite.judges.learned.other_year import other_year
from judgesuite.suite.data.loader import load_bundled

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures"
UNREAD: tuple[str, ...] = ()  # held-out rounds not yet read: never scored here


def corpora(unread: tuple[str, ...] = UNREAD) -> list[tuple[str, list[Sample], list[bool]]]:
    """The bundled model-written open-QA corpora (labelled against their references), but the `unread` rounds."""
    out = []
    for path in sorted(FIXTURES.glob("model_openqa_*.jsonl")):
        if path.name.endswith(".replies.jsonl") or any(u in path.name for u in unread):
            continue
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        rows = [r for r in rows if "label" in r and r.get("task_type", "open_qa") == "open_qa"]
        out.append((path.stem, [Sample(id=r["id"], task_type="open_qa", question=r["question"],
                                       candidate=r["candidate"], references=tuple(r["references"])) for r in rows],
                    [bool(r["label"]) for r in rows]))
    return out


def score(name: str, samples: list[Sample], labels: list[bool], judge) -> dict:
    """Rows the rule fires on, those labelled correct, and `stacked`'s right verdicts on them without the rule."""
    fired = [i for i, s in enumerate(samples) if other_year(s) is not None]
    accepted = []
    if fired:  # the forest's own verdicts, without the rule (every fired row is open QA)
        probs, _ = judge.probabilities([samples[i] for i in fired])
        accepted = list(probs >= judge.load().threshold("open_qa"))
    before = sum(bool(a) == labels[i] for a, i in zip(accepted, fired))
    after = sum(not labels[i] for i in fired)
    return {"set": name, "rows": len(samples), "fired": len(fired),
            "fired_labelled_correct": sum(labels[i] for i in fired), "stacked_right_without": before,
            "stacked_right_with": after}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--test", action="store_true", help="also the bundled sets' test splits (report once)")
    args = ap.parse_args(argv)
    judge = make_judge("stacked")
    splits = ("train", "dev", "test") if args.test else ("train", "dev")
    table = []
    for source in ("evouna-nq", "openqa-eval-nq301"):
        for split in splits:
            rows = load_bundled(source, split).scorable()
            table.append(score(f"{source}:{split}", [r.sample for r in rows], [bool(r.label) for r in rows], judge))
    table += [score(name, samples, labels, judge) for name, samples, labels in corpora()]
    print("| set | rows | fired | labelled correct | stacked right, without / with the rule |")
    print("|---|---|---|---|---|")
    for t in table:
        print(f"| {t['set']} | {t['rows']} | {t['fired']} | {t['fired_labelled_correct']} | "
              f"{t['stacked_right_without']} / {t['stacked_right_with']} |")
    against_refs = [t for t in table if not t["set"].startswith("openqa-eval-nq301") and not t["set"].endswith(":test")]
    nq301_dev = next(t for t in table if t["set"] == "openqa-eval-nq301:dev")
    adopt = (not any(t["fired_labelled_correct"] for t in against_refs)
             and nq301_dev["stacked_right_with"] >= nq301_dev["stacked_right_without"])
    print(f"\nadopt: {adopt}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
