"""Adoption check for `stacked` features version 10 read by version 9's forest (`apostrophe-inference`, stop 49).

Version 10 fixes one column fault: a reference word with an apostrophe ("Destiny's Child") was respelled in the
candidate as "destinys's", so no column found the reference. Rule (scripts/loso_stacked.py's docstring, written
before this ran): with the shipped all-sources forest, the columns of version 9 and of version 10 give verdicts that
(a) differ only on rows with an apostrophe in a reference, (b) are no less accurate on the train + dev rows of every
bundled set and on every model-written open-QA corpus (labels as read where the card has them), (c) accept no more
DEV master-key probes. `--split test` reads the test splits and test probes (once, after adoption).

    python scripts/stacked_apostrophe_check.py [--split dev|test] [--version-9 FILE]

`--version-9` is features.py as it was before the fix (default: `git show 3c069b4:judges/learned/features.py`).
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np

from judgesuite.judges.learned import features as v10
from judgesuite.judges.learned.model import load_model
from judgesuite.judges.learned.stacked import DEFAULT_MODEL, feature_names, signal_columns, sympy_decides
from judgesuite.judges.math.symbolic import SympyJudge
from judgesuite.judges.types import Sample
from judgesuite.suite.data.loader import bundled_names, load_bundled
from judgesuite.suite.data.probes import build_probe_set

ROOT = Path(__file__).resolve().parents[1]
CORPORA = ("model_openqa_styles", "model_openqa_markup", "model_openqa_committed", "model_openqa_committed2",
           "model_openqa_round5")


def version_9(path: str | None):
    """features.py before the fix, imported as its own module."""
    if path is None:
        path = "/tmp/features_v9.py"
        Path(path).write_text(subprocess.run(["git", "show", "3c069b4:judges/learned/features.py"], cwd=ROOT,
                                             capture_output=True, text=True, check=True).stdout)
    spec = importlib.util.spec_from_file_location("features_v9", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.FEATURES == v10.FEATURES and module.FEATURES_VERSION == "9"
    return module


def corpus(name: str):
    rows = [json.loads(x) for x in (ROOT / "tests" / "fixtures" / f"{name}.jsonl").read_text().splitlines() if x]
    reread_file = ROOT / "tests" / "fixtures" / f"{name}.reread.json"
    reread = json.loads(reread_file.read_text()) if reread_file.exists() else {}
    for r in rows:
        label = reread[r["id"]]["label_read"] if r["id"] in reread else r["label"]
        if label is not None:
            yield Sample(id=r["id"], task_type="open_qa", question=r["question"], candidate=r["candidate"],
                         references=tuple(r["references"])), bool(label)


def sources(split: str) -> dict[str, list[tuple[Sample, bool]]]:
    out = {}
    splits = ("train", "dev") if split == "dev" else ("test",)
    for name in bundled_names():
        out[name] = [(r.sample, bool(r.label)) for sp in splits for r in load_bundled(name, sp).scorable()]
    if split == "dev":
        for name in CORPORA:
            out[name] = list(corpus(name))
    out[f"master-keys:{split}"] = [(r.sample, False) for r in build_probe_set(split=split).rows]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--split", choices=("dev", "test"), default="dev")
    ap.add_argument("--version-9")
    args = ap.parse_args()
    v9 = version_9(args.version_9)
    model = load_model(DEFAULT_MODEL, features=feature_names(), features_version="9")
    sympy = SympyJudge()
    try:
        for name, rows in sources(args.split).items():
            samples, labels = [s for s, _ in rows], np.array([y for _, y in rows])
            signals, _ = signal_columns(samples, sympy)
            fams = [model.family_for(s.task_type) for s in samples]
            said = {}
            for tag, module in (("v9", v9), ("v10", v10)):
                X = np.hstack([module.feature_matrix(samples), signals])
                probs = np.empty(len(samples))
                for fam in set(fams):
                    idx = np.array([i for i, f in enumerate(fams) if f == fam])
                    probs[idx] = model.proba(fam, X[idx])
                said[tag] = sympy_decides(probs >= np.array([model.threshold(f) for f in fams]), signals)
            moved = np.flatnonzero(said["v9"] != said["v10"])
            apostrophe = Counter(any("'" in r for r in samples[i].references) for i in moved)
            acc = {t: float(np.mean(v == labels)) for t, v in said.items()}
            print(f"{name:40s} {len(rows):6d}  accuracy {acc['v9']:.4f} -> {acc['v10']:.4f}  verdicts moved {len(moved)}"
                  f" (reference with an apostrophe: {apostrophe[True]}, without: {apostrophe[False]})")
            for i in moved[:8] if args.split == "dev" else ():  # test rows are counted, not shown
                print(f"    {samples[i].id}: label {labels[i]}, v9 {said['v9'][i]}, v10 {said['v10'][i]}: "
                      f"{samples[i].candidate[:90]!r} / {list(samples[i].references)[:2]}")
    finally:
        sympy.close()
    sys.stdout.flush()


if __name__ == "__main__":
    main()
