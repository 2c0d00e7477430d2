"""Measure the math judges on the model-written answer styles (tests/fixtures/model_math_styles.jsonl).

Usage:
    python scripts/measure_model_math_styles.py --split dev [--judges sympy,math-verify] [--show-errors]
    python scripts/measure_model_math_styles.py --split heldout-r3 [--show-errors sympy]
    python scripts/measure_model_math_styles.py --split all
    python scripts/measure_model_math_styles.py --split heldout-r4 --cache <fresh file>   # read once (card)
    python scripts/measure_model_math_styles.py --split dev-r5 --cache <file>   # round 5's development half
    python scripts/measure_model_math_styles.py --split dev-r6 --cache <file>   # round 6's development half

Round 1's `frozen` half and rounds 2, 3 and 4 were each read once (card) and are development data now:
`--split heldout-r2` selects nothing since (kept so the old command fails loudly, not silently);
`heldout-r3` and `heldout-r4` keep their names in the corpus. A split named in `UNREAD` (a future round, not
yet read) is left out of `--split all`, and `--show-errors` refuses it. Round 5 (harness instructions) is
`dev-r5` (in `all`, not in `dev`, which stays rounds 1-2) and `heldout-r5` (read once at 726ad70, card; in `all` since).
Round 6 (everyday output formats, Qwen, GSM8K train questions) is `dev-r6` and `heldout-r6` (held out, read once
by the lead on 2026-12-06 with `--split heldout-r6 --cache <fresh file>`, card; both in `all` since).
Math round 7 (models solving GSM8K test questions on their own, labelled by reading) is its own corpus file,
tests/fixtures/model_math_round7.jsonl, split `heldout-m7`, built frozen and unread, read once by the lead on
2026-12-07 (stop 52, at 2d6d635) with `--corpus tests/fixtures/model_math_round7.jsonl --split heldout-m7 --cache
<fresh file>` (its card); `--split all` of that file holds it since.
`--dry-run` loads the rows and prints their counts per family and model only: no judge runs.

Per style (family) and judge: accuracy (a no-verdict counts as wrong), false-positive rate (a `correct`
verdict on an incorrect row, over the incorrect rows), no-verdict rate; the counting is that of
scripts/measure_math_styles.py, reused. `--show-errors JUDGE` prints that judge's wrong rows.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure_math_styles import Runner, VerdictCache, load_corpus, measure, rates  # noqa: E402

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "model_math_styles.jsonl"
UNREAD: tuple[str, ...] = ()  # held out, not yet measured: never in `all`, never row by row
# (r5, r6, math rounds 7-17's heldout-m7 ... -m17, model_math_round{7,...,17}.jsonl, each read once)


def select(split: str, path: Path = CORPUS) -> list[dict]:
    """The rows of `split`; "all" is every split already read (not `UNREAD`)."""
    return [r for r in load_corpus(split, path) if split != "all" or r["split"] not in UNREAD]


def table(judges: list[str], rows: list[dict], runner: Runner) -> tuple[dict, dict]:
    """{judge: {family | model | "all": rates}} and the verdicts of each judge."""
    out, verdicts = {}, {}
    for name in judges:
        vs, ms = measure(name, rows, runner)
        verdicts[name] = vs
        groups = {g: [i for i, r in enumerate(rows) if g in (r["family"], r["model"])]
                  for g in sorted({r["family"] for r in rows} | {r["model"] for r in rows})}
        t = {g: rates([rows[i] for i in idx], [vs[i] for i in idx]) for g, idx in groups.items()}
        t["all"] = {**rates(rows, vs), "ms_per_1000": round(ms)}
        for cell in t.values():
            cell["no_verdict_rate"] = round(cell["no_verdict"] / max(1, cell["n"]), 4)
        out[name] = t
    return out, verdicts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--split", default="dev",
                    choices=("dev", "heldout-r3", "heldout-r4", "heldout-r2", "dev-r5", "heldout-r5", "dev-r6",
                             "heldout-r6", "heldout-m7", "heldout-m8", "heldout-m9", "heldout-m10", "heldout-m11",
                             "heldout-m12", "heldout-m13", "heldout-m14", "heldout-m15", "heldout-m16",
                             "heldout-m17", "heldout-m18", "all"))
    ap.add_argument("--corpus", type=Path, default=CORPUS, help="the corpus file (default model_math_styles.jsonl)")
    ap.add_argument("--dry-run", action="store_true", help="print the selected rows' counts only; run no judge")
    ap.add_argument("--judges", default="sympy,math-verify,flexible,stacked")
    ap.add_argument("--show-errors", default="", help="a judge whose wrong rows to print")
    ap.add_argument("--out", default="")
    ap.add_argument("--cache", required=True, help="SQLite verdict cache (a fresh file measures afresh)")
    args = ap.parse_args(argv)
    judges = [j for j in args.judges.split(",") if j]
    if args.show_errors and args.split in UNREAD:
        ap.error(f"{args.split} is held out: its rows are not shown")
    rows = select(args.split, args.corpus)
    if not rows:
        ap.error(f"no rows in split {args.split!r}")
    if args.dry_run:
        counts = Counter(g for r in rows for g in (r["family"], r["model"]))
        print(f"{args.corpus}: {len(rows)} rows of split {args.split}, {sum(r['label'] for r in rows)} labelled "
              f"correct; judges {','.join(judges)} (not run)")
        for g in sorted(counts):
            print(f"{g:26s} {counts[g]:4d}")
        return 0
    result, verdicts = table(judges, rows, Runner(VerdictCache(args.cache)))
    print(f"{'group':26s} {'n':>4s} " + " ".join(f"{j:>30s}" for j in judges))
    for g in list(result[judges[0]]):
        cells = [result[j][g] for j in judges]
        print(f"{g:26s} {cells[0]['n']:4d} " + " ".join(
            f"acc {c['accuracy']:.3f} fpr {c['false_positive_rate']:.3f} nv {c['no_verdict_rate']:.3f}" for c in cells))
    if args.show_errors:
        for r, v in zip(rows, verdicts[args.show_errors]):
            if (v.correct is True) != r["label"]:
                print(f"--- {r['id']} label={r['label']} verdict={v.correct} refs={r['references']} "
                      f"extracted={v.extracted!r} {v.detail}\n{r['candidate'][-300:]}")
    if args.out:
        Path(args.out).write_text(json.dumps({"split": args.split, "judges": result}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
