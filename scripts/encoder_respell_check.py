"""Issue 37 item 3, stop 43: should the encoder read the candidate respelled (judges/spelling.py)?

    python scripts/encoder_respell_check.py --out before.json   # with the encoder inputs of one version
    python scripts/encoder_respell_check.py --out after.json    # ... and of the other
    python scripts/encoder_respell_check.py --compare before.json after.json

Writes the shipped `encoder` judge's verdicts on every bundled set's DEV split and on the DEV probes
(master keys built from dev questions), by row id; `--compare` prints accuracy per set and the probes' false
positive rate of both. The spelling stress rows are scored by
`scripts/stacked_spelling_stress.py --judges encoder,stacked:encoder=true`.

Rule, written before the first "after" run: the encoder reads candidates respelled if (1) its accuracy on
every bundled DEV split is at most 0.002 below the one without, (2) its false-positive rate on the DEV probes
rises by at most 0.5 point, (3) on the typo stress rows it loses at most half the correct verdicts it loses
without, with no more false accepts than without plus 1% of the rows. No test row is read.

Rule of stop 44, written before its first "after" run: the encoder reads a run of number words in the candidate
("twenty-five", "two hundred and ten") as the digits a reference writes for the same value, if (1) and (2) above
hold against the inputs of commit ce1cb15, and on `scripts/stacked_spelling_stress.py`'s number-word rows it
loses at most half the correct verdicts it loses with those inputs, with no more false accepts than with them
plus 1% of the rows, and on the typo and accent rows no more lost verdicts or false accepts than with them.
"""
from __future__ import annotations

import argparse
import json
import sys

from judgesuite.judges import make_judge
from judgesuite.suite.data.loader import bundled_names, load_bundled
from judgesuite.suite.data.probes import build_probe_set


def verdicts(judge, rows) -> dict[str, bool]:
    return {r.sample.id: v.correct is True for r, v in zip(rows, judge.judge([r.sample for r in rows]))}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out")
    ap.add_argument("--compare", nargs=2)
    ap.add_argument("--split", default="dev", choices=("dev", "test"), help="test: only after a decision, to report it")
    args = ap.parse_args(argv)
    sets = {name: load_bundled(name, args.split).scorable() for name in bundled_names()}
    probes = build_probe_set(split=args.split).rows
    if args.compare:
        runs = [json.load(open(f)) for f in args.compare]
        for name, rows in [*sets.items(), (f"{args.split} probes (false positives)", probes)]:
            figs = []
            for run in runs:
                v = run[name if name in sets else "probes"]
                hits = [v[r.sample.id] == bool(r.label) for r in rows] if name in sets else [v[r.sample.id] for r in rows]
                figs.append(f"{sum(hits) / len(hits):.4f}")
            print(f"{name} ({len(rows)} rows): " + " -> ".join(figs))
        return 0
    with make_judge("encoder") as judge:
        report = {name: verdicts(judge, rows) for name, rows in sets.items()}
        report["probes"] = verdicts(judge, probes)
    with open(args.out, "w") as fh:
        json.dump(report, fh)
    return 0


if __name__ == "__main__":
    sys.exit(main())
