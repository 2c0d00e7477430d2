"""Adoption check for the restated-question rule of the learned judges (`judges/restated.py`).

Rule, written before its first run (stop 46): the learned judges (`stacked`, `stacked:encoder=true`, `encoder`)
call an answer that `restates_question_only` incorrect without asking their model. Adopt if
  (1) on the train and dev splits of every bundled set and on every model-written style corpus with a question
      (tests/fixtures/model_openqa_styles.jsonl, generated_format_rows.jsonl), the rule fires on no row labelled
      correct;
  (2) on the DEV master-key probes the restated-question false-positive rate of each of the three judges falls
      by at least half (no other attack can rise: the rule only turns verdicts to incorrect).
Then, once, the same on the test splits and the test probes (`--split test`), reported as measured.

Result on train + dev (the first run, the rule as committed in 23c07cc: the copy alone, or with every reference it
holds only inside the copies): (1) failed by one row: it fired on the omni-math row labelled wrong and on one
evouna answer labelled correct that is the question word for word ("when did the revolution begin in the united
states."); (2) passed (stacked 9 -> 0 of 267, encoder 36 -> 1, blend 5 -> 0). Before the test read the rule was
narrowed to the copy alone, on reading the rule, not the rows: "with every reference only inside the copies"
would reject a copy followed by the answer in other words ("... How many did he keep? Five."). The narrowed rule
fires on the same 266 DEV probes (every one a bare copy) and on train + dev on the evouna row only. Adopted with
that row stated: a bare copy of the question does not answer it. Test, read once: fires on no human-labelled test
row; restated-question test probes stacked 7 -> 0 of 263, encoder 34 -> 0, blend 6 -> 0, the mpnet encoder 16 -> 0.

    python scripts/restated_question_check.py [--split dev|test] [--judges stacked,encoder,stacked:encoder=true]
"""
from __future__ import annotations

import argparse
import contextlib
import json
from collections import Counter
from pathlib import Path
from unittest import mock

from judgesuite.judges import non_answers
from judgesuite.judges.registry import make_judge
from judgesuite.judges.restated import restates_question_only
from judgesuite.judges.types import Sample
from judgesuite.suite.data.loader import bundled_names, load_bundled
from judgesuite.suite.data.probes import build_probe_set

ROOT = Path(__file__).resolve().parents[1]
CORPORA = ("tests/fixtures/model_openqa_styles.jsonl", "tests/fixtures/generated_format_rows.jsonl")


def labelled_rows(split: str):
    """(source, Sample, label) of the human-labelled splits read and of the corpora with a question."""
    splits = ("train", "dev") if split == "dev" else ("test",)
    for name in bundled_names():
        for sp in splits:
            for r in load_bundled(name, sp).scorable():
                yield name, r.sample, r.label
    if split == "dev":
        for rel in CORPORA:
            for line in (ROOT / rel).read_text(encoding="utf-8").splitlines():
                row = json.loads(line)
                yield rel.split("/")[-1], Sample(id=row["id"], task_type=row.get("task_type", "open_qa"),
                                                 question=row["question"], candidate=row["candidate"],
                                                 references=tuple(row["references"])), row["label"]


def said_without_and_with(spec: str, samples, rule: str) -> dict[bool, list[bool]]:
    """Whether judge `spec` calls each sample correct, without (False) and with (True) the rule `rule` of
    `judges.non_answers` (where the learned judges ask it)."""
    said = {}
    for on in (False, True):
        with contextlib.ExitStack() as stack:
            if not on:  # the judges as they were: the model alone decides
                stack.enter_context(mock.patch(f"judgesuite.judges.non_answers.{rule}", lambda s: False))
            judge = make_judge(spec)
            try:
                said[on] = [v.correct is True for v in judge.judge(samples)]
            finally:
                judge.close()
    return said


def report_probes(split: str, specs: list[str], rule: str, attack: str) -> None:
    """Print where the rule `rule` of `judges.non_answers` fires on the master-key probes of `split`, and each
    judge's false positives on the `attack` probes without and with it."""
    probes = [r.sample for r in build_probe_set(split=split).rows]
    guard = [getattr(non_answers, rule)(s) for s in probes]
    target = [s.id.endswith(f":{attack}") for s in probes]
    print(f"\n{split} probes: the rule fires on {sum(guard)} of {len(guard)}, "
          f"{sum(g and t for g, t in zip(guard, target))} of them {attack} ({sum(target)} {attack} probes)")
    for spec in specs:
        said = said_without_and_with(spec, probes, rule)
        fp = {k: sum(x and t for x, t in zip(v, target)) for k, v in said.items()}
        print(f"  {spec}: {attack} false positives {fp[False]} -> {fp[True]} "
              f"({fp[False] / sum(target):.4f} -> {fp[True] / sum(target):.4f}); all probes "
              f"{sum(said[False]) / len(probes):.4f} -> {sum(said[True]) / len(probes):.4f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--split", choices=("dev", "test"), default="dev")
    ap.add_argument("--judges", default="stacked,encoder,stacked:encoder=true")
    args = ap.parse_args()

    fired: Counter = Counter()
    examples = []
    for source, sample, label in labelled_rows(args.split):
        if restates_question_only(sample):
            fired[(source, label)] += 1
            if label:
                examples.append((source, sample.question[:120], sample.candidate[:200]))
    print("rule fires on labelled rows (source, label): count")
    for k, v in sorted(fired.items()):
        print(f"  {k}: {v}")
    for e in examples[:20]:
        print("  labelled correct:", e)

    report_probes(args.split, args.judges.split(","), "restates_question_only", "restate-question")


if __name__ == "__main__":
    main()
