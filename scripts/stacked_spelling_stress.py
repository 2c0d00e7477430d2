"""Issue 37 item 3: does `stacked` keep its verdict when the answer spells the reference differently?

    python scripts/stacked_spelling_stress.py            # the shipped model, open-QA DEV splits

The held-out TriviaQA errors the issue lists include names spelled differently from the reference (a typo,
accents lost) and numbers written as words. Our labelled open-QA rows hold few of them, so this builds them
from the DEV rows of `evouna-nq` and `openqa-eval-nq301` (never a test row): every row whose candidate
contains a reference word, rewritten in one of three ways with its human label kept:

- `typo`: one reference word of 6+ letters in the candidate gets one typing error (a middle letter dropped,
  doubled, or swapped with the next; chosen by the row id's hash);
- `accent`: one reference word of 4+ letters in the candidate gets an accent on its first inner vowel
  ("Zurich" -> "Zürich");
- `number-words`: a reference integer from 1 to 99 written in the candidate in digits is written in words
  ("25" -> "twenty-five").

Reported per kind: rows, accuracy before and after, and the verdicts that changed (correct -> incorrect on
rows labelled correct: lost; incorrect -> correct on rows labelled incorrect: false accepts). No row is
tuned on here: the rewrite rules were fixed before any judge ran on them.
"""
from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import re
import sys

import numpy as np

KINDS = ("typo", "accent", "number-words")
SOURCES = ("evouna-nq", "openqa-eval-nq301")
_WORD = re.compile(r"[A-Za-z]+")
_ACCENT = {"a": "á", "e": "é", "i": "í", "o": "ö", "u": "ü"}
_ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen " \
        "sixteen seventeen eighteen nineteen".split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()


def in_words(n: int) -> str:
    """1-99 in English words ("twenty-five")."""
    if n < 20:
        return _ONES[n]
    tens, ones = divmod(n, 10)
    return _TENS[tens - 2] + (f"-{_ONES[ones]}" if ones else "")


def _pick(row_id: str, n: int) -> int:
    return int(hashlib.sha256(f"judgesuite-issue37-spelling:{row_id}".encode()).hexdigest(), 16) % n


def _typo(word: str, k: int) -> str:
    i = 1 + k % (len(word) - 3)  # a middle letter: never the first, never the last two
    kind = (k // 7) % 3
    if kind == 0:
        return word[:i] + word[i + 1:]
    if kind == 1:
        return word[:i] + word[i] + word[i:]
    if word[i] == word[i + 1]:
        return word[:i] + word[i + 1:]
    return word[:i] + word[i + 1] + word[i] + word[i + 2:]


def _accent(word: str, k: int) -> str | None:
    for i in range(1, len(word)):
        if word[i].lower() in _ACCENT:
            return word[:i] + _ACCENT[word[i].lower()] + word[i + 1:]
    return None


def perturb(sample, kind: str, row_id: str):
    """The sample with its candidate rewritten (`kind`), or None where the candidate offers nothing to rewrite."""
    cand = sample.candidate or ""
    qwords = {w.lower() for w in _WORD.findall(sample.question or "")}
    if kind == "number-words":
        nums = {int(m) for r in sample.references for m in re.findall(r"(?<![\d.,])\d{1,2}(?![\d.,])", r)}
        nums = sorted(n for n in nums if 1 <= n <= 99)
        for n in nums:
            m = re.search(rf"(?<![\d.,]){n}(?![\d.,])", cand)
            if m:
                return dataclasses.replace(sample, candidate=cand[:m.start()] + in_words(n) + cand[m.end():])
        return None
    least = 6 if kind == "typo" else 4
    ref_words = {w.lower() for r in sample.references for w in _WORD.findall(r)
                 if len(w) >= least and w.lower() not in qwords}
    for m in _WORD.finditer(cand):
        if m.group().lower() in ref_words:
            w, k = m.group(), _pick(row_id, 1 << 30)
            new = _typo(w, k) if kind == "typo" else _accent(w, k)
            if new is None or new.lower() == w.lower():
                continue
            return dataclasses.replace(sample, candidate=cand[:m.start()] + new + cand[m.end():])
    return None


def stress_rows(store, sources=SOURCES) -> dict[str, list]:
    """Per kind: (row, rewritten sample) for the DEV rows of `sources` that have something to rewrite."""
    out: dict[str, list] = {k: [] for k in KINDS}
    for src in sources:
        for row in store.table(src, "dev").rows:
            for kind in KINDS:
                s = perturb(row.sample, kind, row.sample.id)
                if s is not None:
                    out[kind].append((row, s))
    return out


def score(model, store, pairs_by_kind: dict[str, list]) -> dict:
    """Verdicts of `model` before and after each rewrite (features computed by the code loaded now)."""
    from judgesuite.judges.learned.features import feature_matrix
    from judgesuite.judges.learned.stacked import signal_columns

    def verdicts(samples):
        X = np.hstack([feature_matrix(samples), signal_columns(samples, None)[0]])
        fam = model.family_for("open_qa")
        return model.proba(fam, X) >= model.threshold(fam)

    report = {}
    for kind, pairs in pairs_by_kind.items():
        if not pairs:
            continue
        y = np.array([bool(r.label) for r, _ in pairs])
        before = verdicts([r.sample for r, _ in pairs])
        after = verdicts([s for _, s in pairs])
        report[kind] = {
            "rows": len(pairs), "labelled_correct": int(y.sum()),
            "accuracy_before": round(float((before == y).mean()), 4),
            "accuracy_after": round(float((after == y).mean()), 4),
            "lost": int((y & before & ~after).sum()),
            "lost_rate": round(float((y & before & ~after).sum() / max(1, (y & before).sum())), 4),
            "false_accepts": int((~y & ~before & after).sum()),
            "changed": int((before != after).sum()),
        }
    return report


def main(argv: list[str] | None = None) -> int:
    from judgesuite.judges.learned.stacked import StackedJudge
    from judgesuite.suite.training.stacked import FeatureStore

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cache", default=None, help="feature-table cache folder (scripts/loso_stacked.py's)")
    ap.add_argument("--out", default=None)
    args = ap.parse_args(argv)
    store = FeatureStore(cache_dir=args.cache)
    model = StackedJudge().load()
    report = score(model, store, stress_rows(store))
    text = json.dumps(report, indent=1)
    print(text)
    if args.out:
        with open(args.out, "w") as fh:
            fh.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
