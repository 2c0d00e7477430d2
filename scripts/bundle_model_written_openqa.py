"""Bundle the model-written open-QA rounds 1-6 as training data of the `stacked` judge (issue 37 item 3).

`datasets/training/model-written-openqa.jsonl.gz` holds the 1,797 rows of tests/fixtures/model_openqa_{styles,
committed,committed2,markup,round5,round6}.jsonl (replies of small local models to TRAIN and DEV questions of the
bundled evouna-nq and openqa-eval-nq301: rounds 1-5 asked for an answer chosen for them, gold or another question's,
and are labelled by construction; round 6 answered on their own and is labelled by reading), in the bundled
sets' row schema, ids prefixed by the round (two rounds share some); `meta` keeps the round, the bundled set the
question comes from and the prompt style. Rounds 7 and 8 (test questions, held out) are not in it. The file is
rebuilt byte for byte (gzip without a time stamp):

    python scripts/bundle_model_written_openqa.py [--check]
"""
from __future__ import annotations

import argparse
import gzip
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ROUNDS = ("styles", "committed", "committed2", "markup", "round5", "round6")
OUT = ROOT / "datasets" / "training" / "model-written-openqa.jsonl.gz"


def rows() -> list[dict]:
    out = []
    for name in ROUNDS:
        path = ROOT / "tests" / "fixtures" / f"model_openqa_{name}.jsonl"
        for line in path.read_text(encoding="utf-8").splitlines():
            d = json.loads(line)
            out.append({"id": f"{name}:{d['id']}", "task_type": "open_qa", "question": d["question"],
                        "candidate": d["candidate"], "references": d["references"], "label": bool(d["label"]),
                        "question_id": d["question_id"],
                        "model": d["model"], "label_source": "human",
                        "meta": {"round": name, "source": d["source"], "prompt_style": d.get("prompt_style", "")}})
    return out


def build() -> bytes:
    text = "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in rows())
    return gzip.compress(text.encode("utf-8"), mtime=0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="only say whether the bundled file is up to date")
    args = ap.parse_args(argv)
    data = build()
    if args.check:
        ok = OUT.is_file() and OUT.read_bytes() == data
        print(f"{OUT.relative_to(ROOT)}: {'up to date' if ok else 'stale: rebuild it'}")
        return 0 if ok else 1
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_bytes(data)
    print(f"wrote {OUT.relative_to(ROOT)} ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
