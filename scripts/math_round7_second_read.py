"""A blind second read of math round 7 (tests/fixtures/model_math_round7.jsonl): agreement with the first read.

The first reader labelled all 210 rows (the corpus' `label` and `read_answer`, reasons in
model_math_round7.labels.json). A second reader labels rows under the same guideline (the LABELLING GUIDELINE in the
docstring of scripts/build_model_math_round7.py) without seeing the first labels, their reasons, the card's notes
on rows or any judge's output, and without running any judge or any regex of the project's judges on the rows;
`agree` compares the two reads. The method is open-QA's (scripts/round6_second_read.py), whose `agreement` (raw
agreement, Cohen's kappa, the 2x2 table, per model and per prompt kind) this script imports.

The sample, decided before anything was drawn or read: ALL 210 rows (105 per model), not a seeded draw; GSM8K
replies are read against one gold number, so the whole round fits the time a 60-per-model sample would take and
leaves no sampling error. Written in id order with only the fields in FIELDS (no `label`, no `read_answer`).

Usage:
    python scripts/math_round7_second_read.py sample   # -> /tmp/m7_second_sample.jsonl (all 210 rows, FIELDS only)
    python scripts/math_round7_second_read.py agree    # model_math_round7.second_read.json vs the first read

`agree` also says how often the two `read_answer`s agree as numbers (formatting aside: "$1,800", "1800.00" and
"1800" are one number; two nulls agree).
"""
from __future__ import annotations

import argparse
import json
import sys
from decimal import Decimal, InvalidOperation
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from round6_second_read import agreement, corpus_rows  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
CORPUS = FIXTURES / "model_math_round7.jsonl"
FIRST = FIXTURES / "model_math_round7.labels.json"
SECOND = FIXTURES / "model_math_round7.second_read.json"
SAMPLE_OUT = Path("/tmp/m7_second_sample.jsonl")
FIELDS = ("id", "model", "kind", "language", "question", "candidate", "references")


def sample_ids(rows: list[dict]) -> list[str]:
    """The sample: every row id of the round, sorted (no draw)."""
    return sorted(r["id"] for r in rows)


def write_sample(out: Path = SAMPLE_OUT, corpus: Path = CORPUS) -> list[str]:
    rows = sorted(corpus_rows(corpus), key=lambda r: r["id"])
    with out.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps({k: row[k] for k in FIELDS}, ensure_ascii=False) + "\n")
    return [r["id"] for r in rows]


def as_number(text: str | None) -> Decimal | None:
    """A read answer as a number: "$1,800.00" -> 1800; None (or text that is no number) -> None."""
    if text is None:
        return None
    cleaned = str(text).replace("$", "").replace(",", "").replace(" ", "").strip()
    try:
        return Decimal(cleaned).normalize()
    except InvalidOperation:
        return None


def read_answer_agreement(second: dict[str, dict], rows: list[dict]) -> dict:
    """How often the two reads' `read_answer`s agree as numbers (both null agrees), and the ids where they differ."""
    by_id = {r["id"]: r for r in rows}
    differ = [i for i in sorted(second)
              if as_number(by_id[i].get("read_answer")) != as_number(second[i].get("read_answer"))]
    return {"rows": len(second), "agree": len(second) - len(differ), "differ": differ}


def card_lines(res: dict, answers: dict) -> list[str]:
    """The figures as the card writes them (markdown)."""
    t = res["table"]
    out = [f"{res['rows']} rows, raw agreement {res['agree']}/{res['rows']} = {res['raw']:.3f}, "
           f"Cohen's kappa {res['kappa']:.3f}; read answers agree (as numbers) on "
           f"{answers['agree']}/{answers['rows']}.", "",
           "| | second: correct | second: incorrect |", "|---|---:|---:|",
           f"| first: correct | {t[(True, True)]} | {t[(True, False)]} |",
           f"| first: incorrect | {t[(False, True)]} | {t[(False, False)]} |", "",
           "| model | agreement |", "|---|---:|"]
    out += [f"| {m} | {a}/{n} |" for m, (a, n) in res["per_model"].items()]
    out += ["", "| kind | agreement |", "|---|---:|"]
    out += [f"| {k} | {a}/{n} |" for k, (a, n) in res["per_kind"].items()]
    return out


def _agree() -> None:
    second = json.loads(SECOND.read_text(encoding="utf-8"))
    rows = corpus_rows(CORPUS)
    by_id = {r["id"]: r for r in rows}
    first_why = json.loads(FIRST.read_text(encoding="utf-8"))
    res = agreement(second, rows)
    answers = read_answer_agreement(second, rows)
    print("\n".join(card_lines(res, answers)))
    print(f"\nlabel disagreements: {len(res['disagreements'])}; read answers that differ: {len(answers['differ'])}")
    for i in sorted(set(res["disagreements"]) | set(answers["differ"])):
        row, mine = by_id[i], second[i]
        print(f"- {i} ({row['kind']}, {row['language']}, {row['finish_reason']}), gold {row['references']}")
        print(f"  first:  {bool(row['label'])} read {row['read_answer']!r} ({first_why.get(i, {}).get('why', '')})")
        print(f"  second: {bool(mine['label'])} read {mine['read_answer']!r} ({mine['why']})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("sample", "agree"))
    args = parser.parse_args()
    if args.command == "sample":
        ids = write_sample()
        print(f"{len(ids)} rows -> {SAMPLE_OUT}")
    else:
        _agree()


if __name__ == "__main__":
    main()
