"""Adoption check for "sympy decides" in the learned `stacked` judges on math rows (issue 37).

On math rows `stacked` reads the `sympy` judge's verdict as one column among the lexical ones, and its forest
may override it. Where it overrode a definite `sympy` verdict on the math corpora, `sympy` was right 24 times of
25 on the grader-case corpus (an interval for a tuple, `[0,1]` for `(0,1)`, `5` for `5.001`, `y^2+2y+1` for
`x^2+2x+1`, "96 (not 120)" rejected) and 4 of 5 on the model-written corpora; on Omni-MATH's dev split it never
overrode; its 6 useful overrides are Omni-MATH TRAIN rows, which the forest was fit on. On Omni-MATH's test
split `stacked` is 2 points below `sympy` alone (0.898 vs 0.918).

Rule, written before its first run (stop 49): on a math row where the `sympy` read gives a verdict (equal or
unequal), that verdict is `stacked`'s (and the blend's), P(correct) 1 or 0, `extra["rule"]`; the forest (and
the blend) decide only where `sympy` gives none. Adopt if, for both `stacked` and `stacked:encoder=true`,
  (1) on every development source below, accuracy with the rule >= without it;
  (2) false "correct" verdicts over all development rows labelled incorrect do not rise;
  (3) master keys on the DEV probes of the math sets do not rise.
Development sources: the dev splits of gsm8k-openai-solutions and omni-math-gpt4o-examples, every read split of
the grader-case corpus (tests/fixtures/math_style_corpus.jsonl, `--split all`) and of the model-written math
corpus (tests/fixtures/model_math_styles.jsonl). Then, once, `--split test`: the two sets' test splits and the
test probes; and the grader batch 4 held-out split when it is frozen, read once with the rule's code.

Result on the development sources (forest alone -> rule; `stacked`, then the blend): gsm8k dev 1.0000 -> 1.0000 both;
omni-math dev 0.9333 -> 0.9333 both; grader-case corpus (973 rows, dev-w4 included) 0.9548 -> 0.9794 and 0.9260 ->
0.9794; model-written corpora (1,117) 0.9722 -> 0.9749 and 0.9749 -> 0.9749; false "correct" 24 -> 0 and 58 -> 0; DEV
master keys of the math sets 6 -> 0 and 4 -> 0 of 640. Passed, adopted. Test, read once: gsm8k 1.0000 -> 1.0000 and
0.9981 -> 1.0000; omni-math 0.8980 -> 0.9184 both; test master keys 2 -> 0 and 1 -> 0 of 656. Grader batch 4's
held-out split (53 rows), read once after helper 29's sympy fixes (`--corpus-split heldout-w4`): 0.9811 -> 0.9811
(false "correct" 1 -> 0) and 0.9434 -> 0.9811 (3 -> 0). Grader batch 5's held-out split (58 rows), read once
(`--corpus-split heldout-w5`): 0.9828 -> 1.0000 (1 -> 0) and 0.8793 -> 1.0000 (7 -> 0).

    python scripts/stacked_sympy_decides_check.py [--split dev|test] [--judges stacked,stacked:encoder=true]
"""
from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from judgesuite.judges.composite import judge_reads
from judgesuite.judges.registry import make_judge
from judgesuite.judges.types import Sample
from judgesuite.suite.data.loader import load_bundled
from judgesuite.suite.data.probes import build_probe_set

ROOT = Path(__file__).resolve().parents[1]
MATH_SETS = ("gsm8k-openai-solutions", "omni-math-gpt4o-examples")
CORPORA = ("tests/fixtures/math_style_corpus.jsonl", "tests/fixtures/model_math_styles.jsonl")
UNREAD: tuple[str, ...] = ()  # held out, not yet read, of either corpus (-w4..-w12, -r6: read)


def corpus_rows(rel: str, split: str | None = None):
    for line in (ROOT / rel).read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if (split is None and row["split"] not in UNREAD) or row["split"] == split:
            yield Sample(id=row["id"], task_type="math", question=row.get("question", ""),
                         candidate=row["candidate"], references=tuple(row["references"])), row["label"]


def sources(split: str, corpus_split: str | None) -> dict[str, list[tuple[Sample, bool]]]:
    """Labelled math rows per source of the check."""
    out = {}
    if corpus_split:
        out[f"math_style_corpus:{corpus_split}"] = list(corpus_rows(CORPORA[0], corpus_split))
        return out
    for name in MATH_SETS:
        out[f"{name}:{split}"] = [(r.sample, bool(r.label)) for r in load_bundled(name, split).scorable()]
    if split == "dev":
        for rel in CORPORA:
            out[Path(rel).stem] = list(corpus_rows(rel))
    probes = build_probe_set(split=split, datasets=list(MATH_SETS)).rows
    out[f"master-keys:{split}"] = [(r.sample, False) for r in probes]
    return out


def verdicts(judge, samples: list[Sample]) -> tuple[list[bool], list[bool]]:
    """(the forest's or blend's verdicts, the judge's verdicts) on `samples`."""
    reads = judge_reads(judge.reads(), samples)
    probs, _, thresholds = judge._probabilities(samples, reads)
    return [bool(p >= t) for p, t in zip(probs, thresholds)], [v.correct is True for v in judge.combine(samples, reads)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--split", choices=("dev", "test"), default="dev")
    ap.add_argument("--corpus-split", help="one split of the grader-case corpus only (the held-out read)")
    ap.add_argument("--judges", default="stacked,stacked:encoder=true")
    args = ap.parse_args()
    data = sources(args.split, args.corpus_split)
    for spec in args.judges.split(","):
        judge = make_judge(spec)
        fp = Counter()
        try:
            print(f"\n{spec}: source, rows, accuracy forest -> rule, false 'correct' forest -> rule")
            for name, rows in data.items():
                samples, labels = [s for s, _ in rows], [y for _, y in rows]
                before, after = verdicts(judge, samples)
                acc = [sum(v == y for v, y in zip(vs, labels)) / max(1, len(labels)) for vs in (before, after)]
                f = [sum(v and not y for v, y in zip(vs, labels)) for vs in (before, after)]
                fp["forest"] += f[0]
                fp["rule"] += f[1]
                print(f"  {name:48s} {len(rows):5d}  {acc[0]:.4f} -> {acc[1]:.4f}  {f[0]:4d} -> {f[1]:4d}")
        finally:
            judge.close()
        print(f"  false 'correct' in all: {fp['forest']} -> {fp['rule']}")


if __name__ == "__main__":
    main()
