"""Measure judges on the model-written open-QA answer styles (tests/fixtures/model_openqa_styles.jsonl).

Usage:
    python scripts/measure_model_openqa_styles.py --cache /tmp/oqa.sqlite --out /tmp/oqa.json   # ONCE (held out)
    python scripts/measure_model_openqa_styles.py --corpus FILE.jsonl --cache ... [--judges token-f1,...]
    python scripts/measure_model_openqa_styles.py --corpus tests/fixtures/model_openqa_committed.jsonl \
        --split dev-oqa-committed --errors stacked --cache ...      # round 3's dev half, errors listed
    python scripts/measure_model_openqa_styles.py --corpus tests/fixtures/model_openqa_round5.jsonl \
        --reread tests/fixtures/model_openqa_round5.reread.json --cache FRESH.sqlite   # round 5: ONCE (held out)
    python scripts/measure_model_openqa_styles.py --corpus tests/fixtures/model_openqa_round6.jsonl --cache FRESH \
        --judges token-f1,exact-match,contains,stacked,stacked:encoder=true,encoder  # round 6: ONCE
    python scripts/measure_model_openqa_styles.py --corpus tests/fixtures/model_openqa_round7.jsonl --cache FRESH \
        --judges token-f1,exact-match,contains,stacked,stacked:encoder=true,encoder  # round 7: read once (stop 51)

Every row of the corpus is in the held-out split `heldout-oqa`: it is read once, by the lead, after the stacked
judge work it measures is final; never row by row (no error listing here). Per style (`prompt_style`), per model
and overall, for each judge: accuracy (a no-verdict counts as wrong), false-positive rate (a `correct` verdict
on an incorrect row, over the incorrect rows), no-verdict rate; the counting (`rates`) and the cached loop
(`Runner`, `VerdictCache`) are those of scripts/measure_math_styles.py. Round 3's corpus has a dev half
(`--split dev-oqa-committed`), the only split whose errors `--errors JUDGE` lists. A corpus of several models'
answers (round 6) also gets, per judge, each model's accuracy as labelled and as judged and Kendall tau-b of the
two orders (`ranking_distortion`, judgesuite.suite.analysis.ranking). Round 6's `contains-reference` column is
the registered lexical baseline `contains` (judges/lexical/contains.py).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure_math_styles import Runner, VerdictCache, rates  # noqa: E402

from judgesuite.judges import Sample, make_judge  # noqa: E402
from judgesuite.suite.analysis.ranking import ranking_distortion  # noqa: E402
from judgesuite.suite.evaluation.verdict_records import VerdictRecord  # noqa: E402

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "model_openqa_styles.jsonl"
JUDGES = "token-f1,exact-match,stacked,stacked:encoder=true"
WARM_UP = Sample(id="warm-up", task_type="open_qa", question="who wrote hamlet", candidate="Shakespeare",
                 references=("William Shakespeare",))


def load_rows(path: Path = CORPUS) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def sample_of(row: dict) -> Sample:
    return Sample(id=row["id"], task_type=row.get("task_type", "open_qa"), question=row["question"],
                  candidate=row["candidate"], references=tuple(row["references"]))


def relabel(rows: list[dict], reread: dict) -> list[dict]:
    """`rows` with the labels as read: `label_read` true / false replaces `label`; null leaves the row out."""
    out = []
    for r in rows:
        read = reread.get(r["id"], {"label_read": r["label"]})["label_read"]
        if read is not None:
            out.append({**r, "label": read})
    return out


def measure(judge_name: str, rows: list[dict], runner: Runner) -> tuple[list, float]:
    """Verdicts on `rows` through the runner's cached loop, and milliseconds per 1,000 rows."""
    with make_judge(judge_name) as judge:
        judge.judge([WARM_UP])  # loads the model / starts workers outside the timed rows
        verdicts, seconds = runner.judge_samples(judge, [sample_of(r) for r in rows])
    return verdicts, sum(seconds) * 1000 / max(1, len(rows)) * 1000


def table(judges: list[str], rows: list[dict], runner: Runner) -> dict:
    """{judge: {style | model | "all": rates + no_verdict_rate}}."""
    groups = {g: [i for i, r in enumerate(rows) if g in (r.get("prompt_style"), r.get("model"))]
              for g in sorted({r.get("prompt_style", "?") for r in rows}) + sorted({r.get("model", "?") for r in rows})}
    out = {}
    for name in judges:
        vs, ms = measure(name, rows, runner)
        t = {g: rates([rows[i] for i in idx], [vs[i] for i in idx]) for g, idx in groups.items()}
        t["all"] = {**rates(rows, vs), "ms_per_1000": round(ms)}
        if len({r.get("model") for r in rows}) > 1:
            t["all"]["ranking"] = ranking(rows, vs)
        for cell in t.values():
            cell["no_verdict_rate"] = round(cell["no_verdict"] / max(1, cell["n"]), 4)
        out[name] = t
    return out


def ranking(rows: list[dict], verdicts: list) -> dict:
    """Each model's accuracy as labelled and as judged, ranks and Kendall tau-b (a bootstrap interval over
    questions) of the two orders."""
    return ranking_distortion([VerdictRecord(id=r["id"], question_id=r["question_id"], model=r["model"],
                                             task_type=r.get("task_type", "open_qa"), label=r["label"],
                                             correct=v.correct) for r, v in zip(rows, verdicts)]).to_dict()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", type=Path, default=CORPUS)
    ap.add_argument("--judges", default=JUDGES, help=f"comma-separated registry names (default {JUDGES})")
    ap.add_argument("--cache", required=True, help="SQLite verdict cache (a fresh file measures afresh)")
    ap.add_argument("--out", default="", help="write the table as JSON")
    ap.add_argument("--split", default="", help="only the rows of this split (default: every row)")
    ap.add_argument("--errors", default="", help="list this judge's errors (only on a dev split)")
    ap.add_argument("--reread", type=Path, default=None,
                    help="labels as read ({id: {label_read: true | false | null}}): replace the labels by "
                         "construction, leave out the rows read as neither")
    args = ap.parse_args(argv)
    judges = [j for j in args.judges.split(",") if j]
    if args.errors and not args.split.startswith("dev"):
        ap.error("--errors lists rows of a dev split only (--split dev-...): the other splits are read once")
    if args.errors and args.errors not in judges:
        judges.append(args.errors)
    rows = [r for r in load_rows(args.corpus) if not args.split or r.get("split") == args.split]
    if args.reread:
        rows = relabel(rows, json.loads(args.reread.read_text(encoding="utf-8")))
    if not rows:
        ap.error(f"no rows in {args.corpus}" + (f" of split {args.split}" if args.split else ""))
    runner = Runner(VerdictCache(args.cache))
    result = table(judges, rows, runner)
    print(f"{len(rows)} rows ({sum(r['label'] for r in rows)} correct) of {args.corpus}")
    print(f"{'group':36s} {'n':>4s} " + " ".join(f"{j:>30s}" for j in judges))
    for g in result[judges[0]]:
        cells = [result[j][g] for j in judges]
        print(f"{g:36s} {cells[0]['n']:4d} " + " ".join(
            f"acc {c['accuracy']:.3f} fpr {c['false_positive_rate']:.3f} nv {c['no_verdict_rate']:.3f}" for c in cells))
    print("ms per 1,000: " + ", ".join(f"{j} {result[j]['all']['ms_per_1000']:,}" for j in judges))
    for j in judges:
        rk = result[j]["all"].get("ranking")
        if rk:
            print(f"{j}: Kendall tau {rk['kendall_tau']} {rk['kendall_tau_ci']}; " + "; ".join(
                f"{m['model']} read {m['label_accuracy']:.3f} judged {m['judged_accuracy']:.3f} "
                f"(rank {m['label_rank']:g} -> {m['judge_rank']:g})" for m in rk["models"]))
    if args.out:
        Path(args.out).write_text(json.dumps({"corpus": str(args.corpus), "judges": result}, indent=1))
    if args.errors:
        verdicts, _ = measure(args.errors, rows, runner)  # read back from the cache
        for row, v in zip(rows, verdicts):
            if v.correct is not row["label"]:
                print(f"\n[{row['prompt_style']}] label {row['label']}, {args.errors} {v.correct} "
                      f"P {v.score}: {row['question']} | refs {row['references'][:3]}\n{row['candidate']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
