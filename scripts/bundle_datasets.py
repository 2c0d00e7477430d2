"""Maintainer script: copy the normalised meta-evaluation sets into datasets/ (gzip).

Usage: python scripts/bundle_datasets.py ../shared/data
Writes datasets/<name>.jsonl.gz byte-for-byte from the normalised JSONL (deterministic
gzip, mtime 0). The cards (datasets/<name>.md) are written by hand from SOURCE.md; the
statistics in them come from `judgesuite datasets --stats`.
"""
import argparse
import gzip
from pathlib import Path

SETS = {
    "evouna-nq": "evouna-nq/evouna_nq.jsonl",
    "openqa-eval-nq301": "openqa-eval-nq301/nq301_labeled.jsonl",
    "answer-matching-gpqa-mmlupro": "answer-matching-gpqa-mmlupro/answer_matching_labeled.jsonl",
    "financebench": "financebench/financebench_labeled.jsonl",
    "gsm8k-openai-solutions": "gsm8k-openai-solutions/gsm8k_solutions_labeled.jsonl",
    "omni-math-gpt4o-examples": "omni-math-gpt4o-examples/omni_math_gpt4o_labeled.jsonl",
}


def main(src: str) -> None:
    out_dir = Path(__file__).resolve().parent.parent / "datasets"
    for name, rel in SETS.items():
        data = (Path(src) / rel).read_bytes()
        with open(out_dir / f"{name}.jsonl.gz", "wb") as fh:
            with gzip.GzipFile(fileobj=fh, mode="wb", compresslevel=9, mtime=0, filename="") as gz:
                gz.write(data)
        print(name, len(data), "->", (out_dir / f"{name}.jsonl.gz").stat().st_size)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("src", nargs="?", default="../shared/data", help="folder of the normalised sets")
    main(ap.parse_args().src)
