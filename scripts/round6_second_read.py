"""A second, blind read of open-QA round 6 (tests/fixtures/model_openqa_round6.jsonl): inter-annotator agreement.

The first reader labelled all 600 rows (the corpus' `label`, reasons in model_openqa_round6.labels.json). A second
reader labels a seeded sample of them under the same guideline (the docstring of
scripts/build_model_openqa_round6.py) without seeing the first labels, their reasons or any judge's output, and
`agree` compares the two reads.

Usage:
    python scripts/round6_second_read.py sample   # -> /tmp/r6_second_sample.jsonl (id, model, question, candidate,
                                                  #    references; no label)
    python scripts/round6_second_read.py agree    # model_openqa_round6.second_read.json vs the first labels

The sample: `random.Random(SEED)` draws PER_MODEL row ids of each model (models in sorted order, each model's ids
sorted before the draw), 4 x 50 = 200 rows, written in id order.
"""
from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
CORPUS = FIXTURES / "model_openqa_round6.jsonl"
FIRST = FIXTURES / "model_openqa_round6.labels.json"
SECOND = FIXTURES / "model_openqa_round6.second_read.json"
SAMPLE_OUT = Path("/tmp/r6_second_sample.jsonl")
SEED = "judgesuite-round6-second-read"
PER_MODEL = 50
FIELDS = ("id", "model", "question", "candidate", "references")


def corpus_rows(path: Path = CORPUS) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def sample_ids(rows: list[dict], per_model: int = PER_MODEL, seed: str = SEED) -> list[str]:
    """The seeded stratified draw: per_model ids of each model, returned sorted."""
    rng = random.Random(seed)
    by_model: dict[str, list[str]] = {}
    for row in rows:
        by_model.setdefault(row["model"], []).append(row["id"])
    chosen: list[str] = []
    for model in sorted(by_model):
        chosen.extend(rng.sample(sorted(by_model[model]), per_model))
    return sorted(chosen)


def write_sample(out: Path = SAMPLE_OUT, per_model: int = PER_MODEL) -> list[str]:
    rows = corpus_rows()
    ids = set(sample_ids(rows, per_model))
    picked = sorted((r for r in rows if r["id"] in ids), key=lambda r: r["id"])
    with out.open("w", encoding="utf-8") as fh:
        for row in picked:
            fh.write(json.dumps({k: row[k] for k in FIELDS}, ensure_ascii=False) + "\n")
    return [r["id"] for r in picked]


def agreement(second: dict[str, dict], rows: list[dict] | None = None) -> dict:
    """Raw agreement, Cohen's kappa, the 2x2 table, per-model agreement and the disagreements (first = corpus label)."""
    from sklearn.metrics import cohen_kappa_score

    by_id = {r["id"]: r for r in (rows if rows is not None else corpus_rows())}
    ids = sorted(second)
    first = [bool(by_id[i]["label"]) for i in ids]
    sec = [bool(second[i]["label"]) for i in ids]
    table = Counter(zip(first, sec))
    per_model: dict[str, list[int]] = {}
    for i, a, b in zip(ids, first, sec):
        tally = per_model.setdefault(by_id[i]["model"], [0, 0])
        tally[0] += a == b
        tally[1] += 1
    return {
        "rows": len(ids),
        "agree": sum(a == b for a, b in zip(first, sec)),
        "raw": sum(a == b for a, b in zip(first, sec)) / len(ids),
        "kappa": float(cohen_kappa_score(first, sec)),
        "table": {(a, b): table[(a, b)] for a in (True, False) for b in (True, False)},
        "per_model": {m: tuple(t) for m, t in sorted(per_model.items())},
        "disagreements": [i for i, a, b in zip(ids, first, sec) if a != b],
    }


def _agree() -> None:
    second = json.loads(SECOND.read_text(encoding="utf-8"))
    rows = corpus_rows()
    by_id = {r["id"]: r for r in rows}
    first_why = json.loads(FIRST.read_text(encoding="utf-8"))
    res = agreement(second, rows)
    print(f"rows {res['rows']}  raw agreement {res['agree']}/{res['rows']} = {res['raw']:.3f}  "
          f"Cohen's kappa {res['kappa']:.3f}")
    t = res["table"]
    print("                 second correct  second incorrect")
    print(f"first correct    {t[(True, True)]:14d}  {t[(True, False)]:16d}")
    print(f"first incorrect  {t[(False, True)]:14d}  {t[(False, False)]:16d}")
    for model, (agreed, n) in res["per_model"].items():
        print(f"  {model:22s} {agreed}/{n} = {agreed / n:.3f}")
    print(f"disagreements: {len(res['disagreements'])}")
    for i in res["disagreements"]:
        row = by_id[i]
        print(f"- {i}\n  Q: {row['question']}\n  reply: {row['candidate'][:160]!r}\n  gold: {row['references']}")
        print(f"  first:  {bool(row['label'])}  ({first_why.get(i, {}).get('why', '')})")
        print(f"  second: {bool(second[i]['label'])}  ({second[i].get('why', '')})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("sample", "agree"))
    parser.add_argument("--per-model", type=int, default=PER_MODEL)
    args = parser.parse_args()
    if args.command == "sample":
        ids = write_sample(per_model=args.per_model)
        print(f"{len(ids)} rows -> {SAMPLE_OUT}")
    else:
        _agree()


if __name__ == "__main__":
    main()
