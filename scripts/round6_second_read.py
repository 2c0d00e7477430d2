"""A second, blind read of open-QA rounds 6, 7, 9 and 11-18 (tests/fixtures/model_openqa_round<N>.jsonl).

The first reader labelled all 600 rows of a round (the corpus' `label`, reasons in model_openqa_round<N>.labels.json).
A second reader labels a seeded sample of them under the same guideline (the docstring of
scripts/build_model_openqa_round<N>.py) without seeing the first labels, their reasons or any judge's output, and
`agree` compares the two reads.

Usage:
    python scripts/round6_second_read.py sample   # -> /tmp/r6_second_sample.jsonl (id, model, question, candidate,
                                                  #    references; no label)
    python scripts/round6_second_read.py agree    # model_openqa_round6.second_read.json vs the first labels
    python scripts/round6_second_read.py --round 7 sample   # -> /tmp/r7_second_sample.jsonl (round 6's fields and
                                                            #    prompt_style, language; no label)
    python scripts/round6_second_read.py --round 7 agree    # model_openqa_round7.second_read.json vs the first labels

The sample: `random.Random(seed)` draws PER_MODEL row ids of each model (models in sorted order, each model's ids
sorted before the draw), 4 x 50 = 200 rows, written in id order. Each round has its own seed (`ROUNDS`):
"judgesuite-round6-second-read", "judgesuite-round7-second-read", "judgesuite-round9-second-read" (round 9: round 7's
fields, `--round 9 sample` / `--round 9 agree`), "judgesuite-round11-second-read" and
"judgesuite-round12-second-read" and "judgesuite-round13-second-read" (rounds 11-13: round 7's fields and `source`,
the benchmark a multiple-choice question comes from, asked without its options; the gold option is the only
reference; round 13's questions are CommonsenseQA's), "judgesuite-round14-second-read" (round 14: round 12's fields,
`language` among them for its Japanese, Turkish and Swedish replies; official ARC, OpenBookQA and MMLU test
questions), "judgesuite-round15-second-read" (round 15: round 14's fields and design, its other-language replies
Korean, Indonesian and Greek), "judgesuite-round16-second-read" (round 16: round 15's fields and design, its
other-language replies Vietnamese, Hindi and Czech), "judgesuite-round17-second-read" (round 17: round 16's fields
and design, official ARC and MMLU test questions, its other-language replies Arabic, Finnish and Romanian),
"judgesuite-round18-second-read" (round 18: round 17's fields and design, its other-language replies Hungarian,
Ukrainian and Danish). The module's CORPUS, FIRST, SECOND, SAMPLE_OUT, SEED and FIELDS, and every function's
default, are round 6's.
"""
from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
PER_MODEL = 50


class Round:
    """One round's files, seed and sample fields (a plain class: tests load this module outside sys.modules)."""

    def __init__(self, number: int, seed: str, fields: tuple[str, ...]) -> None:
        self.number, self.seed, self.fields = number, seed, fields

    def fixture(self, suffix: str) -> Path:
        return FIXTURES / f"model_openqa_round{self.number}{suffix}"

    @property
    def corpus(self) -> Path:
        return self.fixture(".jsonl")

    @property
    def first(self) -> Path:
        return self.fixture(".labels.json")

    @property
    def second(self) -> Path:
        return self.fixture(".second_read.json")

    @property
    def sample_out(self) -> Path:
        return Path(f"/tmp/r{self.number}_second_sample.jsonl")


_FIELDS6 = ("id", "model", "question", "candidate", "references")
ROUNDS = {
    6: Round(6, "judgesuite-round6-second-read", _FIELDS6),
    # round 7's prompt kinds (json, hedged, other-language, ...) are read by kind, so the reader sees the kind
    7: Round(7, "judgesuite-round7-second-read", _FIELDS6 + ("prompt_style", "language")),
    9: Round(9, "judgesuite-round9-second-read", _FIELDS6 + ("prompt_style", "language")),  # round 7's design
    11: Round(11, "judgesuite-round11-second-read", _FIELDS6 + ("prompt_style", "language", "source")),
    12: Round(12, "judgesuite-round12-second-read", _FIELDS6 + ("prompt_style", "language", "source")),
    13: Round(13, "judgesuite-round13-second-read", _FIELDS6 + ("prompt_style", "language", "source")),
    14: Round(14, "judgesuite-round14-second-read", _FIELDS6 + ("prompt_style", "language", "source")),
    15: Round(15, "judgesuite-round15-second-read", _FIELDS6 + ("prompt_style", "language", "source")),
    16: Round(16, "judgesuite-round16-second-read", _FIELDS6 + ("prompt_style", "language", "source")),
    17: Round(17, "judgesuite-round17-second-read", _FIELDS6 + ("prompt_style", "language", "source")),
    18: Round(18, "judgesuite-round18-second-read", _FIELDS6 + ("prompt_style", "language", "source")),
}

CORPUS = ROUNDS[6].corpus
FIRST = ROUNDS[6].first
SECOND = ROUNDS[6].second
SAMPLE_OUT = ROUNDS[6].sample_out
SEED = ROUNDS[6].seed
FIELDS = ROUNDS[6].fields


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


def round_sample_ids(number: int, per_model: int = PER_MODEL) -> list[str]:
    """The seeded sample of round `number` (its corpus, its seed)."""
    rnd = ROUNDS[number]
    return sample_ids(corpus_rows(rnd.corpus), per_model, rnd.seed)


def write_sample(out: Path | None = None, per_model: int = PER_MODEL, number: int = 6) -> list[str]:
    rnd = ROUNDS[number]
    rows = corpus_rows(rnd.corpus)
    ids = set(sample_ids(rows, per_model, rnd.seed))
    picked = sorted((r for r in rows if r["id"] in ids), key=lambda r: r["id"])
    with (out or rnd.sample_out).open("w", encoding="utf-8") as fh:
        for row in picked:
            fh.write(json.dumps({k: row[k] for k in rnd.fields}, ensure_ascii=False) + "\n")
    return [r["id"] for r in picked]


def _tally(groups: dict[str, list[int]], key: str, same: bool) -> None:
    tally = groups.setdefault(key, [0, 0])
    tally[0] += same
    tally[1] += 1


def agreement(second: dict[str, dict], rows: list[dict] | None = None) -> dict:
    """Raw agreement, Cohen's kappa, the 2x2 table, per-model (and per prompt kind) agreement and the disagreements
    (first = corpus label)."""
    from sklearn.metrics import cohen_kappa_score

    by_id = {r["id"]: r for r in (rows if rows is not None else corpus_rows())}
    ids = sorted(second)
    first = [bool(by_id[i]["label"]) for i in ids]
    sec = [bool(second[i]["label"]) for i in ids]
    table = Counter(zip(first, sec))
    per_model: dict[str, list[int]] = {}
    per_kind: dict[str, list[int]] = {}
    for i, a, b in zip(ids, first, sec):
        _tally(per_model, by_id[i]["model"], a == b)
        _tally(per_kind, str(by_id[i].get("prompt_style")), a == b)
    return {
        "rows": len(ids),
        "agree": sum(a == b for a, b in zip(first, sec)),
        "raw": sum(a == b for a, b in zip(first, sec)) / len(ids),
        "kappa": float(cohen_kappa_score(first, sec)),
        "table": {(a, b): table[(a, b)] for a in (True, False) for b in (True, False)},
        "per_model": {m: tuple(t) for m, t in sorted(per_model.items())},
        "per_kind": {k: tuple(t) for k, t in sorted(per_kind.items())},
        "disagreements": [i for i, a, b in zip(ids, first, sec) if a != b],
    }


def _agree(number: int = 6) -> None:
    rnd = ROUNDS[number]
    by_kind = "prompt_style" in rnd.fields  # round 6's printout stays as it was
    second = json.loads(rnd.second.read_text(encoding="utf-8"))
    rows = corpus_rows(rnd.corpus)
    by_id = {r["id"]: r for r in rows}
    first_why = json.loads(rnd.first.read_text(encoding="utf-8"))
    res = agreement(second, rows)
    print(f"rows {res['rows']}  raw agreement {res['agree']}/{res['rows']} = {res['raw']:.3f}  "
          f"Cohen's kappa {res['kappa']:.3f}")
    t = res["table"]
    print("                 second correct  second incorrect")
    print(f"first correct    {t[(True, True)]:14d}  {t[(True, False)]:16d}")
    print(f"first incorrect  {t[(False, True)]:14d}  {t[(False, False)]:16d}")
    for model, (agreed, n) in res["per_model"].items():
        print(f"  {model:22s} {agreed}/{n} = {agreed / n:.3f}")
    if by_kind:
        print("per prompt kind:")
        for kind, (agreed, n) in res["per_kind"].items():
            print(f"  {kind:22s} {agreed}/{n} = {agreed / n:.3f}")
    print(f"disagreements: {len(res['disagreements'])}")
    for i in res["disagreements"]:
        row = by_id[i]
        kind = f" ({row.get('prompt_style')}, {row.get('language')})" if by_kind else ""
        print(f"- {i}{kind}\n  Q: {row['question']}\n  reply: {row['candidate'][:160]!r}\n  gold: {row['references']}")
        print(f"  first:  {bool(row['label'])}  ({first_why.get(i, {}).get('why', '')})")
        print(f"  second: {bool(second[i]['label'])}  ({second[i].get('why', '')})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("sample", "agree"))
    parser.add_argument("--round", type=int, choices=sorted(ROUNDS), default=6, dest="number")
    parser.add_argument("--per-model", type=int, default=PER_MODEL)
    args = parser.parse_args()
    if args.command == "sample":
        ids = write_sample(per_model=args.per_model, number=args.number)
        print(f"{len(ids)} rows -> {ROUNDS[args.number].sample_out}")
    else:
        _agree(args.number)


if __name__ == "__main__":
    main()
