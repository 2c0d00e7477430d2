"""Row-by-row guard for the `sympy` judge: every row's verdict and extracted answer on the READ development corpora.

Usage:
    python scripts/sympy_row_guard.py dump --out /tmp/before.json --cache /tmp/fresh-before.sqlite
    python scripts/sympy_row_guard.py compare /tmp/before.json /tmp/after.json

`dump` judges, through the suite's own loop and verdict cache (`Runner.judge_samples`, as the measure scripts do):
the answer-style corpus (`--split all` of scripts/measure_math_styles.py: UNREAD_SPLITS left out), the model-written
styles (`--split all` of scripts/measure_model_math_styles.py), math rounds 7-18 (ROUNDS; a round joins after its single
read), each with `sympy`; and the bundled GSM8K and Omni-MATH sets' dev and test rows with `sympy` under the
`auto`, `simplerl` and `lighteval` extractions (`--bundled-splits all` adds the train rows: stop 57's 20,245 rows).
A split whose name ends in one of UNREAD_SUFFIXES is left out everywhere (none now; "-w12" until stop 61's read).
Pass a fresh `--cache` so that every verdict is the tree's own.

`compare` prints every row whose verdict or extraction changed, with its label, and per corpus the rows better
(right before: no; after: yes, where right means "equal" exactly on rows labelled correct), worse (the reverse) and
changed with the same rightness. It exits 1 when a row is worse or the two dumps hold different rows.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import measure_math_styles as styles  # noqa: E402
import measure_model_math_styles as model_styles  # noqa: E402

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures"
ROUNDS = tuple(range(7, 19))  # math rounds as read (18: stop 61); never add one before its single read
UNREAD_SUFFIXES: tuple[str, ...] = ()  # splits never read row by row (none since grader batch 12's read, stop 61)
BUNDLED = {"gsm8k": "gsm8k-openai-solutions", "omni-math": "omni-math-gpt4o-examples"}
CONFIGS = {"auto": {}, "simplerl": {"extraction": "simplerl"}, "lighteval": {"extraction": "lighteval"}}


def _read(row: dict) -> bool:
    return not row["split"].endswith(UNREAD_SUFFIXES)


def corpora(bundled_splits: tuple[str, ...] = ("dev", "test")) -> dict[str, list[tuple[str, object, bool]]]:
    """{corpus: [(row id, Sample, label)]}: the READ development rows."""
    from judgesuite import load_dataset

    out: dict[str, list] = {}
    rows = [r for r in styles.load_corpus("all") if _read(r)]
    out["answer-styles"] = [(r["id"], styles.sample_of(r), bool(r["label"])) for r in rows]
    rows = [r for r in model_styles.select("all") if _read(r)]
    out["model-styles"] = [(r["id"], styles.sample_of(r), bool(r["label"])) for r in rows]
    for n in ROUNDS:
        rows = [r for r in styles.load_corpus("all", FIXTURES / f"model_math_round{n}.jsonl") if _read(r)]
        out[f"round{n}"] = [(r["id"], styles.sample_of(r), bool(r["label"])) for r in rows]
    for short, name in BUNDLED.items():
        rows = [r for split in bundled_splits for r in load_dataset(name, None if split == "all" else split).rows
                if r.scorable]
        out[short] = [(r.id, r.sample, bool(r.label)) for r in rows]
    return out


def dump(out: Path, cache: str, bundled_splits: tuple[str, ...]) -> dict:
    """Judge every row; write {"rows": [...], "seconds": ...} to `out`."""
    from judgesuite.judges import make_judge

    runner = styles.Runner(styles.VerdictCache(cache))
    t0 = time.perf_counter()
    rows: list[dict] = []
    data = corpora(bundled_splits)
    for config, params in CONFIGS.items():
        with make_judge("sympy", **params) as judge:
            for corpus, items in data.items():
                if config != "auto" and corpus not in BUNDLED:
                    continue
                verdicts, _ = runner.judge_samples(judge, [s for _, s, _ in items])
                rows += [{"corpus": corpus, "config": config, "id": i, "label": lab, "verdict": v.correct,
                          "extracted": v.extracted, "detail": v.detail}
                         for (i, _, lab), v in zip(items, verdicts)]
    result = {"rows": rows, "seconds": round(time.perf_counter() - t0, 1)}
    out.write_text(json.dumps(result, indent=0, ensure_ascii=False))
    return result


def _right(row: dict) -> bool:
    return (row["verdict"] is True) == row["label"]


def compare(a: dict, b: dict) -> tuple[dict[str, dict[str, int]], list[str]]:
    """Per corpus (and config where not auto) the counts better / worse / changed, and one line per changed row."""
    key = lambda r: (r["corpus"], r["config"], r["id"])  # noqa: E731
    before, after = {key(r): r for r in a["rows"]}, {key(r): r for r in b["rows"]}
    counts: dict[str, dict[str, int]] = {}
    lines: list[str] = []
    for k in sorted(before.keys() | after.keys()):
        name = k[0] if k[1] == "auto" else f"{k[0]}:{k[1]}"
        c = counts.setdefault(name, {"rows": 0, "better": 0, "worse": 0, "changed": 0, "missing": 0})
        c["rows"] += 1
        x, y = before.get(k), after.get(k)
        if x is None or y is None:
            c["missing"] += 1
            lines.append(f"{name} {k[2]}: only in {'after' if x is None else 'before'}")
            continue
        if (x["verdict"], x["extracted"]) == (y["verdict"], y["extracted"]):
            continue
        kind = "better" if _right(y) > _right(x) else "worse" if _right(y) < _right(x) else "changed"
        c[kind] += 1
        lines.append(f"{kind.upper():7s} {name} {k[2]} label={x['label']} verdict {x['verdict']} -> {y['verdict']} "
                     f"extracted {x['extracted']!r} -> {y['extracted']!r}")
    return counts, lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("dump", help="judge every row, write the dump")
    d.add_argument("--out", type=Path, required=True)
    d.add_argument("--cache", required=True, help="a fresh SQLite verdict cache")
    d.add_argument("--bundled-splits", default="dev,test", help="splits of the bundled GSM8K and Omni-MATH sets")
    c = sub.add_parser("compare", help="print the rows whose verdict or extraction changed")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    args = ap.parse_args(argv)
    if args.cmd == "dump":
        result = dump(args.out, args.cache, tuple(s for s in args.bundled_splits.split(",") if s))
        print(f"{len(result['rows'])} rows in {result['seconds']} s -> {args.out}")
        return 0
    counts, lines = compare(json.loads(args.before.read_text()), json.loads(args.after.read_text()))
    if lines:
        print("\n".join(lines))
    print(f"{'corpus':24s} {'rows':>6s} {'better':>6s} {'worse':>6s} {'changed':>7s} {'missing':>7s}")
    for name, cnt in counts.items():
        print(f"{name:24s} {cnt['rows']:6d} {cnt['better']:6d} {cnt['worse']:6d} {cnt['changed']:7d} "
              f"{cnt['missing']:7d}")
    return 1 if any(cnt["worse"] or cnt["missing"] for cnt in counts.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main())
