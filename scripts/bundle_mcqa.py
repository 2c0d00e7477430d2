"""Copy fixed subsets of the multiple-choice benchmarks into datasets/mcqa/ (gzipped JSONL + a card each).

Usage: python scripts/bundle_mcqa.py /work/shared/data/mcqa
validation (the paper's test set): all rows, or a seeded 1,000-row subset when larger;
train (split 80:20 into classifier train / validation at load time): a seeded 2,000-row subset
when larger. SocialIQA is not bundled (its licence is unverified upstream): read it with
`--data-dir`. Meta fields are trimmed to the small ones the formats use.
"""
from __future__ import annotations

import argparse
import gzip
import json
import random
from pathlib import Path

BUNDLED = ("arc_easy", "arc_challenge", "mmlu", "openbookqa", "commonsenseqa", "hellaswag", "piqa",
           "winogrande")
CAPS = {"validation": 1000, "train": 2000}
KEEP_META = ("subject", "activity_label")
SEED = 0
OUT = Path(__file__).resolve().parents[1] / "datasets" / "mcqa"


def licence_and_source(source_md: str) -> tuple[str, str]:
    lic = next((l.split(":", 1)[1].strip() for l in source_md.splitlines() if l.startswith("- Licence")), "?")
    src = [l[2:] for l in source_md.splitlines()
           if l.startswith("- ") and not l.startswith("- Licence")
           and ("repo" in l.lower() or l.startswith(("- validation", "- train")))]
    return lic, "\n".join(f"- {s}" for s in src[:4])


def main(root: str) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for bench in BUNDLED:
        counts = {}
        for split, cap in CAPS.items():
            rows = [json.loads(l) for l in open(Path(root) / bench / f"{split}.jsonl", encoding="utf-8")]
            total = len(rows)
            rows = [r for r in rows if r["answer_index"] is not None]
            if len(rows) > cap:
                keep = sorted(random.Random(SEED).sample(range(len(rows)), cap))
                rows = [rows[i] for i in keep]
            for r in rows:
                r["meta"] = {k: v for k, v in (r.get("meta") or {}).items() if k in KEEP_META}
            with gzip.open(OUT / f"{bench}-{split}.jsonl.gz", "wt", encoding="utf-8", compresslevel=9) as f:
                for r in rows:
                    f.write(json.dumps(r, ensure_ascii=False) + "\n")
            counts[split] = (len(rows), total)
        source_md = (Path(root) / bench / "SOURCE.md").read_text(encoding="utf-8")
        lic, src = licence_and_source(source_md)
        card = f"""# {bench} (multiple-choice; symbol vs cloze formats)

Used by `judgesuite mc-formats` (paper "Models Know Models Best: Evaluation via Model-Preferred Formats").

- Licence: {lic}
- Upstream (copied from the normalized set's SOURCE.md):
{src}
- Normalized schema: id, benchmark, split, question, choices, answer_index (0-based), meta (trimmed to {', '.join(KEEP_META)}).

| file | rows bundled | rows upstream | selection |
|---|---|---|---|
| {bench}-validation.jsonl.gz | {counts['validation'][0]:,} | {counts['validation'][1]:,} | {'all' if counts['validation'][0] == counts['validation'][1] else f'seeded subset (random.Random({SEED}))'} |
| {bench}-train.jsonl.gz | {counts['train'][0]:,} | {counts['train'][1]:,} | {'all' if counts['train'][0] == counts['train'][1] else f'seeded subset (random.Random({SEED}))'} |

Splits as the paper: validation is the test set; train is divided 80:20 (by a hash of the row id) into
classifier-train and classifier-validation, and few-shot demonstrations come from classifier-validation.
Regenerate with `python scripts/bundle_mcqa.py /path/to/mcqa`.
"""
        (OUT / f"{bench}.md").write_text(card, encoding="utf-8")
        print(bench, counts)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("root", help="folder of the multiple-choice benchmarks (e.g. /work/shared/data/mcqa)")
    main(ap.parse_args().root)
