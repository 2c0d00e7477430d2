"""Build judges/recorded/verdicts.json.gz from the upstream files in shared/data (run from the repo root).

    python scripts/build_recorded_verdicts.py [--data ../shared/data] [--check]

--check also prints each NQ301 source's accuracy and Cohen's kappa against the human majority
over the published unique (question, answer) pairs (the figures of Kamalloo et al.'s files).
"""
from __future__ import annotations

import argparse
import gzip
import json
from collections import defaultdict
from pathlib import Path

from judgesuite.judges.recorded import raw_formats as rf
from judgesuite.judges.recorded.sources import SOURCES, estimate_tokens
from judgesuite.suite.data.loader import DATASETS_DIR as DATASETS
from judgesuite.judges.recorded.store import ABSTAINED, FORMAT, VERDICTS_FILE, normalized_key, pair_key, row_key


def nq301(raw: Path) -> dict[str, list[rf.RawVerdict]]:
    questions = {q for q, _, _ in rf.read_human(raw / "NQ301_human.tsv")}
    return {"gpt-4-eval": list(rf.read_gpt4_eval(raw / "NQ301_gpt-4.tsv")),
            "instructgpt-eval": list(rf.read_instructgpt_eval(raw / "NQ301_text-davinci-003.tsv", questions)),
            "bem": list(rf.read_bem(raw / "NQ301_BEM.tsv"))}


def matching(raw: Path) -> dict[str, list[tuple[rf.RawVerdict, int]]]:
    """source -> (verdict, estimated input tokens of the matcher prompt: question, target, final answer)."""
    out: dict[str, list] = {}
    for source in rf.MATCHERS:
        items = []
        for name in ("gpqa_combined_samples_to_annotate.jsonl", "mmlu_pro_combined_samples_to_annotate2.jsonl"):
            rows = {(r["question"], r["resps"]): r for r in map(json.loads, open(raw / name, encoding="utf-8"))}
            for v in rf.read_answer_matching(raw / name, source):
                r = rows[(v.question, v.candidate)]
                items.append((v, SOURCES[source].prompt_overhead_tokens
                              + estimate_tokens(r["question"], r["target"], r["filtered_resps"])))
        out[source] = items
    return out


def _value(v: rf.RawVerdict, input_tokens: int | None) -> list:
    verdict = ABSTAINED if v.verdict == rf.ABSTAINED else int(bool(v.verdict))
    score = None if v.score is None else round(v.score, 4)
    return [verdict, score, input_tokens, estimate_tokens(v.text) if v.text else 0]


def build(data: Path) -> dict:
    sources: dict[str, dict[str, list]] = {}
    questions: dict[str, set[str]] = defaultdict(set)
    for name, items in nq301(data / "openqa-eval-nq301" / "raw").items():
        questions[name] = {v.question for v in items}
        table: dict[str, list] = {}
        by_norm: dict[str, list[list]] = defaultdict(list)
        for v in items:
            value = _value(v, None)  # input tokens are estimated from the row at run time
            table[pair_key(v.question, v.candidate)] = value
            by_norm[normalized_key(v.question, v.candidate)].append(value)
        for key, values in by_norm.items():
            if len({x[0] for x in values}) == 1:  # every pair with this normalised answer agrees
                table.setdefault(key, values[0])
        sources[name] = table
    for name, items in matching(data / "answer-matching-gpqa-mmlupro" / "raw").items():
        sources[name] = {pair_key(v.question, v.candidate): _value(v, tokens) for v, tokens in items}
        questions[name] = {v.question for v, _ in items}
    rows = {}  # the bundled rows each source covers: those of its set whose question it judged
    for name, table in sources.items():
        bundled = DATASETS / f"{SOURCES[name].dataset}.jsonl.gz"
        with gzip.open(bundled, "rt", encoding="utf-8") as fh:
            rows[name] = sorted({row_key(r["id"]) for r in map(json.loads, fh) if r["question"] in questions[name]})
    return {"format": FORMAT, "built_by": "scripts/build_recorded_verdicts.py",
            "sources": {k: {"verdicts": dict(sorted(t.items())), "rows": rows[k]} for k, t in sorted(sources.items())}}


def check(data: Path) -> None:
    from sklearn.metrics import cohen_kappa_score

    raw = data / "openqa-eval-nq301" / "raw"
    # Row i of every file is row i of the human file (the figures quoted in issue 35 pair them so);
    # 3 rows name another answer there (GPT-4 row 150, BEM rows 388 and 918), counted as paired.
    gold = [y for _, _, y in rf.read_human(raw / "NQ301_human.tsv")]
    for name, items in nq301(raw).items():
        pred = [v.verdict is True for v in items]
        acc = sum(p == g for p, g in zip(pred, gold)) / len(gold)
        abstained = sum(v.verdict == rf.ABSTAINED for v in items)
        print(f"{name:<18} {len(items)} pairs  accuracy {100 * acc:.2f}%  kappa {cohen_kappa_score(gold, pred):.3f}"
              f"  (abstained {abstained}, counted incorrect)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default="../shared/data", help="the shared data folder (default: ../shared/data)")
    ap.add_argument("--out", default=str(VERDICTS_FILE))
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    data = Path(args.data)
    doc = build(data)
    blob = json.dumps(doc, separators=(",", ":"), sort_keys=True).encode()
    Path(args.out).write_bytes(gzip.compress(blob, compresslevel=9, mtime=0))
    print(f"wrote {args.out}: {len(Path(args.out).read_bytes()):,} bytes, "
          + ", ".join(f"{k} {len(v['verdicts'])} keys" for k, v in doc["sources"].items()))
    if args.check:
        check(data)


if __name__ == "__main__":
    main()
