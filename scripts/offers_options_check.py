"""Adoption check for the offered-options rule of the learned judges (`judges/offers.py`, stop 50).

Rule, written before its first run: the learned judges (`stacked`, `stacked:encoder=true`, `encoder`) call an
answer that `offers_options_only` incorrect without asking their model ("The answer is one of the following: A; B;
C.", committed to none of them). Motivation: the blend accepted 7 `every-option` DEV probes, all financebench. Adopt if
  (1) on the train and dev splits of every bundled set and on every model-written corpus with a question and a
      label (the five open-QA corpora, tests/fixtures/generated_format_rows.jsonl, the model-written math corpus;
      their read splits only), the rule fires on no row labelled correct;
  (2) on the DEV master-key probes the `every-option` false positives of each of the three judges fall by at least
      half where there are any (the rule only turns verdicts to incorrect, so no other attack can rise).
Then, once, the same on the test splits and the test probes (`--split test`), reported as measured.

Result on train + dev (the first run, the rule as committed in 117fdf4): (1) passed: it fires on none of 23,618
labelled rows (the human-labelled train and dev splits and the corpora); (2) passed: it fires on all 267 DEV
`every-option` probes and on no other probe; false positives `stacked` 0 -> 0, `encoder` 11 -> 0, the blend 7 -> 0.
Adopted. Test, read once: fires on none of 5,673 human-labelled test rows; on all 263 `every-option` test probes
and no other; `every-option` false positives `stacked` 0 -> 0, `encoder` 7 -> 0 (all probes 0.86% -> 0.52%), the
blend 3 -> 0 (all probes 0.19% -> 0.05%: 1 of 2,104, the negated financebench reference).

    python scripts/offers_options_check.py [--split dev|test] [--judges stacked,encoder,stacked:encoder=true]
"""
from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from judgesuite.judges.offers import offers_options_only
from judgesuite.judges.types import Sample
from judgesuite.suite.data.loader import bundled_names, load_bundled
from restated_question_check import report_probes

ROOT = Path(__file__).resolve().parents[1]
CORPORA = ("model_openqa_styles", "model_openqa_markup", "model_openqa_committed", "model_openqa_committed2",
           "model_openqa_round5", "generated_format_rows", "model_math_styles")
NOT_READ = ("heldout-w6", "heldout-oqa-round6")  # held-out splits being built this stop: never read here


def labelled_rows(split: str):
    """(source, Sample, label) of the human-labelled splits and (dev only) the model-written corpora."""
    for name in bundled_names():
        for sp in (("train", "dev") if split == "dev" else ("test",)):
            for r in load_bundled(name, sp).scorable():
                yield name, r.sample, r.label
    if split != "dev":
        return
    for corpus in CORPORA:
        for line in (ROOT / "tests" / "fixtures" / f"{corpus}.jsonl").read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row.get("split") in NOT_READ or not row.get("question") or row.get("label") is None:
                continue
            yield corpus, Sample(id=row["id"], task_type=row.get("task_type", "open_qa"), question=row["question"],
                                 candidate=row["candidate"], references=tuple(row["references"])), row["label"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--split", choices=("dev", "test"), default="dev")
    ap.add_argument("--judges", default="stacked,encoder,stacked:encoder=true")
    args = ap.parse_args()

    fired: Counter = Counter()
    rows = 0
    for source, sample, label in labelled_rows(args.split):
        rows += 1
        if offers_options_only(sample):
            fired[(source, label)] += 1
            print(f"  fires: {source} label={label} {sample.candidate[:160]!r}")
    print(f"rule fires on {sum(fired.values())} of {rows} labelled rows; on a row labelled correct: "
          f"{sum(v for (_, lab), v in fired.items() if lab)}")

    report_probes(args.split, args.judges.split(","), "offers_options_only", "every-option")


if __name__ == "__main__":
    main()
