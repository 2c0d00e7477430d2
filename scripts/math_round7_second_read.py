"""A blind second read of math rounds 7 and 11-18 (tests/fixtures/model_math_round<N>.jsonl): agreement with the
first read.

The first reader labelled all 210 rows (the corpus' `label` and `read_answer`, reasons in
model_math_round7.labels.json). A second reader labels rows under the same guideline (the LABELLING GUIDELINE in the
docstring of scripts/build_model_math_round7.py) without seeing the first labels, their reasons, the card's notes
on rows or any judge's output, and without running any judge or any regex of the project's judges on the rows;
`agree` compares the two reads. The method is open-QA's (scripts/round6_second_read.py), whose `agreement` (raw
agreement, Cohen's kappa, the 2x2 table, per model and per prompt kind) this script imports.

The sample, decided before anything was drawn or read: ALL 210 rows (105 per model), not a seeded draw; GSM8K
replies are read against one gold number, so the whole round fits the time a 60-per-model sample would take and
leaves no sampling error. Written in id order with only the fields in FIELDS (no `label`, no `read_answer`).

Rounds 14 and 15 (`--round 14`, `--round 15`; labelling guideline in the docstrings of
scripts/build_model_math_round14.py and _round15.py) are read the same way, decided before anything was read: ALL
140 rows of each (70 MMLU test math questions asked without options, per model), FIELDS as for round 7. Their gold
is the gold option's text (a number, a fraction, an expression, a value with units), so `same_answer` compares two
read answers as numbers where both parse as one (a decimal, "a/b" or "\\frac{a}{b}", "$", "," and spaces dropped, a
Unicode minus read as "-") and else as normalized text (case, spaces, "$", a final "." and LaTeX "\\left" /
"\\right" aside). Round 7 keeps its comparison as numbers only (text that is no number reads as null there, so
its card's 203/210 stands; with text compared it would be 202/210: 0.5B-0386, first ">= 80", second null).

Rounds 12 and 13 (`--round 12`, `--round 13`; guideline in the docstrings of scripts/build_model_math_round12.py and
_round13.py and the rounds they extend) are read as rounds 14 and 15, decided before anything was read: ALL 140 rows
of each (70 questions per model), FIELDS as above, read answers compared as numbers, else as normalized text.
Round 12's golds are GSM8K-style numbers; round 13's are MMLU test math gold options' texts, as round 14's.

Round 11 (`--round 11`; guideline in the docstring of scripts/build_model_math_round11.py) is read the same way,
decided before anything was read: ALL 140 rows (70 GSM8K train questions per model, golds numbers), FIELDS and the
read-answer comparison as for rounds 12-16.

Round 16 (`--round 16`; guideline in the docstring of scripts/build_model_math_round16.py and the rounds it extends)
is read the same way, decided before anything was read: ALL 102 rows (the round was cut short: Qwen-0.5B 70 rows,
Qwen-1.5B 32), FIELDS and the read-answer comparison as for rounds 12-15.

Round 17 (`--round 17`; guideline in the docstring of scripts/build_model_math_round17.py and the rounds it extends)
is read the same way, decided before anything was read: ALL 140 rows (70 MMLU test math questions asked without
options, per model), FIELDS and the read-answer comparison as for rounds 12-16.

Round 18 (`--round 18`; guideline in the docstring of scripts/build_model_math_round18.py and the rounds it extends)
is read the same way, decided before anything was read: ALL 134 rows (Qwen-0.5B 70, Qwen-1.5B 64), FIELDS and the
read-answer comparison as for rounds 12-17.

Usage:
    python scripts/math_round7_second_read.py sample   # -> /tmp/m7_second_sample.jsonl (all 210 rows, FIELDS only)
    python scripts/math_round7_second_read.py agree    # model_math_round7.second_read.json vs the first read
    python scripts/math_round7_second_read.py --round 15 sample   # -> /tmp/m15_second_sample.jsonl (all 140 rows)
    python scripts/math_round7_second_read.py --round 15 agree    # model_math_round15.second_read.json vs first

`agree` also says how often the two `read_answer`s agree (`same_answer`: formatting aside, "$1,800", "1800.00" and
"1800" are one number; two nulls agree).
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from round6_second_read import agreement, corpus_rows  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
ROUNDS = (7, 11, 12, 13, 14, 15, 16, 17, 18)
FIELDS = ("id", "model", "kind", "language", "question", "candidate", "references")


def round_paths(number: int = 7) -> dict[str, Path]:
    """The corpus, first-read reasons, second-read file and sample file of a round."""
    if number not in ROUNDS:
        raise ValueError(f"no second read of math round {number}")
    stem = f"model_math_round{number}"
    return {"corpus": FIXTURES / f"{stem}.jsonl", "first": FIXTURES / f"{stem}.labels.json",
            "second": FIXTURES / f"{stem}.second_read.json", "sample": Path(f"/tmp/m{number}_second_sample.jsonl")}


_R7 = round_paths(7)
CORPUS, FIRST, SECOND, SAMPLE_OUT = _R7["corpus"], _R7["first"], _R7["second"], _R7["sample"]
_FRAC = re.compile(r"(-?)\\[dt]?frac\{(-?\d+)\}\{(\d+)\}")


def sample_ids(rows: list[dict]) -> list[str]:
    """The sample: every row id of the round, sorted (no draw)."""
    return sorted(r["id"] for r in rows)


def write_sample(out: Path = SAMPLE_OUT, corpus: Path = CORPUS) -> list[str]:
    rows = sorted(corpus_rows(corpus), key=lambda r: r["id"])
    with out.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps({k: row[k] for k in FIELDS}, ensure_ascii=False) + "\n")
    return [r["id"] for r in rows]


def as_number(text: str | None) -> Fraction | None:
    """A read answer as an exact number: "$1,800.00" -> 1800, "\\frac{2}{4}" -> 1/2, "−7" -> -7; None (or text
    that is no number) -> None."""
    if text is None:
        return None
    cleaned = str(text).replace("$", "").replace(",", "").replace(" ", "").replace("\u2212", "-").strip()
    frac = _FRAC.fullmatch(cleaned)
    if frac:
        cleaned = f"{frac.group(1)}{frac.group(2)}/{frac.group(3)}".replace("--", "")
    if not re.fullmatch(r"[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?(/\d+)?", cleaned):
        return None
    try:
        return Fraction(cleaned)
    except (ValueError, ZeroDivisionError):
        return None


def norm_text(text: str) -> str:
    """A text answer normalized for comparison: case, spaces, "$", a final "." and LaTeX sizing aside."""
    out = str(text).casefold().replace("\u2212", "-").replace("\\left", "").replace("\\right", "")
    return re.sub(r"[\s$]", "", out).rstrip(".")


def same_answer(a: str | None, b: str | None, text: bool = True) -> bool:
    """Whether two read answers agree: as numbers where both parse as one, else as normalized text; nulls agree.
    With text=False (round 7's comparison) only as numbers, text that is no number counting as null."""
    if not text:
        return as_number(a) == as_number(b)
    if a is None or b is None:
        return a is None and b is None
    na, nb = as_number(a), as_number(b)
    if na is not None and nb is not None:
        return na == nb
    return norm_text(a) == norm_text(b)


def read_answer_agreement(second: dict[str, dict], rows: list[dict], text: bool = False) -> dict:
    """How often the two reads' `read_answer`s agree (`same_answer`; both null agrees), and the ids where they differ.
    text=False is round 7's comparison (as numbers only); rounds 11 to 18 use text=True."""
    by_id = {r["id"]: r for r in rows}
    differ = [i for i in sorted(second)
              if not same_answer(by_id[i].get("read_answer"), second[i].get("read_answer"), text)]
    return {"rows": len(second), "agree": len(second) - len(differ), "differ": differ}


def card_lines(res: dict, answers: dict, how: str = "as numbers") -> list[str]:
    """The figures as the card writes them (markdown); `how` names the read-answer comparison."""
    t = res["table"]
    out = [f"{res['rows']} rows, raw agreement {res['agree']}/{res['rows']} = {res['raw']:.3f}, "
           f"Cohen's kappa {res['kappa']:.3f}; read answers agree ({how}) on "
           f"{answers['agree']}/{answers['rows']}.", "",
           "| | second: correct | second: incorrect |", "|---|---:|---:|",
           f"| first: correct | {t[(True, True)]} | {t[(True, False)]} |",
           f"| first: incorrect | {t[(False, True)]} | {t[(False, False)]} |", "",
           "| model | agreement |", "|---|---:|"]
    out += [f"| {m} | {a}/{n} |" for m, (a, n) in res["per_model"].items()]
    out += ["", "| kind | agreement |", "|---|---:|"]
    out += [f"| {k} | {a}/{n} |" for k, (a, n) in res["per_kind"].items()]
    return out


def _agree(number: int = 7) -> None:
    paths = round_paths(number)
    second = json.loads(paths["second"].read_text(encoding="utf-8"))
    rows = corpus_rows(paths["corpus"])
    by_id = {r["id"]: r for r in rows}
    first_why = json.loads(paths["first"].read_text(encoding="utf-8"))
    res = agreement(second, rows)
    answers = read_answer_agreement(second, rows, text=number != 7)
    print("\n".join(card_lines(res, answers, "as numbers" if number == 7 else "as numbers, else as text")))
    print(f"\nlabel disagreements: {len(res['disagreements'])}; read answers that differ: {len(answers['differ'])}")
    for i in sorted(set(res["disagreements"]) | set(answers["differ"])):
        row, mine = by_id[i], second[i]
        print(f"- {i} ({row['kind']}, {row['language']}, {row['finish_reason']}), gold {row['references']}")
        print(f"  first:  {bool(row['label'])} read {row['read_answer']!r} ({first_why.get(i, {}).get('why', '')})")
        print(f"  second: {bool(mine['label'])} read {mine['read_answer']!r} ({mine['why']})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--round", type=int, choices=ROUNDS, default=7, dest="number")
    parser.add_argument("command", choices=("sample", "agree"))
    args = parser.parse_args()
    paths = round_paths(args.number)
    if args.command == "sample":
        ids = write_sample(paths["sample"], paths["corpus"])
        print(f"{len(ids)} rows -> {paths['sample']}")
    else:
        _agree(args.number)


if __name__ == "__main__":
    main()
