"""Experiments of issue 37 items 3-4 for `stacked` on open QA, scored on TRAIN and DEV rows only.

    python scripts/experiment_stacked_open_qa_features.py --variants base,who --cache /tmp/stk --out exp.json

Each variant patches the code in this process only (nothing is shipped from here):
`who` restricts the "near miss" of the rows by construction that takes the first of 2-4 capitalised
words ("Baltimore," for "Baltimore, Maryland") to "who" questions; `feat` appends open-QA columns
(`EXTRA`: the reference inside the candidate after accent folding, the share of a reference's content
words with a close spelling (length-aware edit distance), the reference inside the candidate with close
spellings, a reference number written in (compound) words); `numwords` reads compound number words
("twenty-five", "two hundred and ten") inside the existing number columns; `fold` appends only the first
and last `EXTRA` column; `seedN` draws the rows by construction with seed N; `draws3` trains on draws 0-2
pooled (weighing one draw); `avg3` averages the log-odds of three forests, one per draw; `canon` (stop 43) adds
no column but normalises the text every column reads: accents and a few letters folded (NFKD, "ø" -> "o"),
compound number words read as numbers (as `numwords`), and each candidate word of 6+ letters within one edit
(a letter dropped, added or changed, or two neighbours swapped; two edits from 10 letters) of a reference word of 6+ letters with the same first letter written as that reference
word. Per variant: each open-QA
source held out (trained without it, thresholds on the others' dev splits) and scored on its TRAIN +
DEV splits; the model trained on all sources scored on each source's DEV split (accuracy, Kendall tau
and largest per-model gap), the family's dev mean, and master-key false positives. No test row is read.

Stop 31 (first try, scored with scripts/loso_stacked.py on TEST rows): difflib fuzzy recall, folded
containment, number words: held-out evouna-nq 0.9086 -> 0.9112, nq301 0.8289 -> 0.8229, in-source dev
open QA 0.8801 -> 0.8757, master keys 1.56% -> 3.02%: not shipped.

Stop 41 (this script; seeds 0-2 per variant, mean; held out evouna / nq301 on train+dev, dev evouna / nq301):
shipped recipe 0.9010 / 0.8313, 0.9043 / 0.8514; who 0.8985 / 0.8314, 0.9060 / 0.8492; who+feat 0.9027 /
0.8288, 0.9034 / 0.8479; fold 0.8992 / 0.8332, 0.9013 / 0.8562; who+fold 0.8994 / 0.8288, 0.9046 / 0.8545.
avg3 (one run) 0.9001 / 0.8327, 0.9024 / 0.8585. Redrawing the rows by construction alone spans 0.8986-0.9028 / 0.8293-0.8333, 0.9017-0.9063 / 0.8479-0.8585.
None passed; full table in docs/stacked-judge.md ("Issue 37 items 3-4").

Stop 43 adds the spelling stress test (scripts/stacked_spelling_stress.py: DEV rows with a typo, an accent or
a number in words put into the candidate's copy of the reference) to each all-sources model. Rule for `canon`,
written before its first run: adopt if (1) over draws 0-2, the mean of each open-QA figure (held out evouna /
nq301 on train + dev, dev evouna / nq301) is at most 0.003 below the shipped recipe's (a third of what one
redraw moves them), (2) master keys <= 5% on every draw, (3) the correct verdicts lost to each stress kind are
at most half the shipped recipe's, with no more false accepts than it plus 1% of the kind's rows, (4)
`stacked` stays under 1 ms per answer. Result (mean of draws 0-2, base -> canon): held out evouna 0.9001 -> 0.9022,
nq301 0.8327 -> 0.8311, dev evouna 0.9049 -> 0.9052, nq301 0.8518 -> 0.8510; master keys <= 4.0%; correct
verdicts lost to a typo / an accent / number words 262-285 / 404-437 / 23-26 -> 30-39 / 0 / 1: adopted as
features version 6 (judges/learned/features.py; docs/stacked-judge.md, "Issue 37 item 3: a typo"), then fixed
twice (two edits only for words of about the same length; number words that cannot continue a number start a
new one) and rerun as `base` (the package's code is now version 6): held out 0.8991 / 0.8333, dev 0.9026 /
0.8554, lost 31-38 / 0 / 1-2. `canon` stays here as the first form, patched over version 6 it applies twice.

Stop 45, variant `oneof` (no column added): the `one_of` column ("one of the following", "each of the", ...)
fires on real answers labelled correct (evouna "the song 'One of These Nights' is by the Eagles", eight such
open-QA train/dev rows; "each of the" in GSM8K working) and, in the open-QA family, those few real rows outweigh
the ~40 every-option rows by construction: the leave-nq301-out model accepts 70% of those training rows and 62%
of nq301's every-option DEV probes. `oneof` narrows the column to phrases that offer alternatives ("one / any /
either of the following", "one of these", "all of the above") and counts one only when the question does not
hold the same phrase. Rule, written before its first run: adopt if (1) over draws 0-2, the mean of each open-QA
figure (held out evouna / nq301 on train + dev, dev evouna / nq301) is at most 0.003 below `base`'s, (2) master
keys <= 5% on every draw, (3) the every-option false-positive rate on the DEV probes (50 questions a set) of the
two open-QA leave-one-out models and of the all-sources model falls by at least half in the mean over draws,
(4) each spelling stress kind loses no more correct verdicts than `base` plus 1% of its rows, with no more
false accepts. Result (mean of draws 0-2, base -> oneof): held out evouna 0.8991 -> 0.9001, nq301 0.8333 -> 0.8328,
dev evouna 0.9026 -> 0.9042, nq301 0.8554 -> 0.8545; master keys 0.4-0.7% (base 1.7-2.2%); every option on the
DEV probes 10.7 / 40.7 / 11.1% -> 0 / 1.3 / 0.3%; typo losses 32-38 (base 31-38), accent 0, number words 1
(1-2), no false accepts: adopted as features version 7 (docs/stacked-judge.md, "Every option listed").

Stop 45, variant `qrecall` (over version 7, one column added): a restated question is accepted where the question
holds the reference ("Ray had 25 lollipops. He kept 5 ... How many ...?" restated, reference 5: P 0.99; 11 of 534
restated-question and negated-reference DEV probes pass the shipped version 7), because `restates_question` is off
whenever the answer contains the reference. `question_recall`, the share of the question's distinct words the
answer repeats, tells a restatement (nearly all of them) from an answer that takes one option of the question
("Paris is the capital": a few). Rule, written before its first run: adopt if (1) over draws 0-2 the mean of each
open-QA figure (as for `oneof`) is at most 0.003 below `base`'s (version 7), and the all-sources model's math dev
mean too, (2) master keys <= 5% on every draw, (3) the restated-question false-positive rate on the DEV probes
(50 questions a set) of the all-sources model falls by at least half in the mean over draws, and that of the two
open-QA leave-one-out models does not rise, (4) each spelling stress kind loses no more correct verdicts than
`base` plus 1% of its rows, with no more false accepts. Result (mean of draws 0-2, base = version 7 -> qrecall):
held out evouna 0.9001 -> 0.8947 (fails (1)), nq301 0.8328 -> 0.8337, dev evouna 0.9042 -> 0.9052, nq301 0.8545 ->
0.8545, math dev 0.9667 both; restated question on the DEV probes 3.6% -> 2.4% (fails (3)): not adopted.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import re
import sys
import time
import unicodedata
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from judgesuite.judges.learned import features as F  # noqa: E402
from judgesuite.judges.learned import stacked as S  # noqa: E402
from judgesuite.suite.data import synthetic as SY  # noqa: E402
from judgesuite.suite.data import synthetic_forms as SF  # noqa: E402
from judgesuite.judges.spelling import within as within_osa  # noqa: E402  (a swap of neighbours is one edit)
from judgesuite.suite.training import stacked as T  # noqa: E402
import stacked_spelling_stress as stress  # noqa: E402

OPEN_QA = ("evouna-nq", "openqa-eval-nq301")
EXTRA = ("contains_ref_folded", "ref_fuzzy_recall", "contains_ref_fuzzy", "ref_number_in_words")
_WHO = re.compile(r"\bwho(?:m|se)?\b", re.I)
_BASE = {"FEATURES": F.FEATURES, "features": F.features, "numbers": F._numbers, "clean": F._clean, "incorrect": SY._incorrect,
         "synthetic": T.FeatureStore.synthetic, "fit_forest": T.fit_forest}
_DRAWS: list[dict] = []
_UNITS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve thirteen "
                                     "fourteen fifteen sixteen seventeen eighteen nineteen".split())}
_TENS = {w: 10 * (i + 2) for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
_MULT = {"hundred": 100, "thousand": 1000, "million": 10 ** 6, "billion": 10 ** 9}


def fold(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c))


def within(a: str, b: str, k: int) -> bool:
    """Levenshtein distance of a and b at most k (banded)."""
    if abs(len(a) - len(b)) > k:
        return False
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [k + 1] * len(b)
        for j in range(max(1, i - k), min(len(b), i + k) + 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != b[j - 1]))
        if min(cur) > k:
            return False
        prev = cur
    return prev[-1] <= k


def tolerance(token: str) -> int:
    return 0 if len(token) < 5 else 1 if len(token) < 9 else 2


_LETTERS = str.maketrans({"ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss", "ł": "l",
                          "Ł": "L", "đ": "d", "Đ": "D", "ı": "i"})
_WORDS = re.compile(r"\w+", re.UNICODE)


def clean_folded(text: str) -> str:
    return fold(text[:F.MAX_CHARS].translate(_LETTERS)).lower()


def canon(sample):
    """The sample with candidate words of close spelling written as the reference word they are close to."""
    refs = {t for r in sample.references if isinstance(r, str) for t in F._tokens(clean_folded(r))
            if len(t) >= 6 and t.isalpha()}
    if not refs:
        return sample
    by_first: dict[str, list[str]] = {}
    for t in refs:
        by_first.setdefault(t[0], []).append(t)

    def sub(m):
        w = m.group()
        if len(w) < 6 or w in refs or not w.isalpha():
            return w
        for r in by_first.get(w[0], ()):
            if within_osa(w, r, 1 if min(len(w), len(r)) < 10 else 2):
                return r
        return w

    cand = _WORDS.sub(sub, clean_folded(sample.candidate or ""))
    return dataclasses.replace(sample, candidate=cand)


def close(t: str, cset: set[str], by_first: dict[str, list[str]]) -> bool:
    if t in cset:
        return True
    k = tolerance(t)
    return k > 0 and any(within(t, c, k) for c in by_first.get(t[0], ()))


def compound_numbers(tokens) -> set[float]:
    """Values of runs of number words: "twenty five" 25, "two hundred and ten" 210, "three thousand" 3000."""
    out, total, cur, run = set(), 0, 0, False
    for t in list(tokens) + [""]:
        if t in _UNITS or t in _TENS:
            cur += _UNITS.get(t, _TENS.get(t, 0))
            run = True
        elif t in _MULT and run:
            if _MULT[t] == 100:
                cur = max(cur, 1) * 100
            else:
                total, cur = total + max(cur, 1) * _MULT[t], 0
        elif t == "and" and run:
            continue
        else:
            if run:
                out.add(float(total + cur))
            total, cur, run = 0, 0, False
    return out


def numbers_with_compounds(low, tokens):
    return _BASE["numbers"](low, tokens) | compound_numbers(tokens)


def extra(sample) -> list[float]:
    clow = fold(F._clean(sample.candidate or ""))[:20000]
    ctok = F._tokens(clow)[:3000]
    cset = set(ctok)
    by_first: dict[str, list[str]] = {}
    for c in cset:
        if len(c) >= 4:
            by_first.setdefault(c[0], []).append(c)
    cjoin = " ".join(ctok)
    folded = fuzzy_recall = fuzzy_contains = 0.0
    rnums: set[float] = set()
    for ref in [r for r in (sample.references or ()) if isinstance(r, str)][:50]:
        rtok = F._tokens(fold(F._clean(ref)))
        if not rtok:
            continue
        if F._contains(cjoin, " ".join(rtok)) >= 0:
            folded = 1.0
        content = [t for t in rtok if t not in F._STOP][:10] or rtok[:10]
        hits = [close(t, cset, by_first) for t in content]
        fuzzy_recall = max(fuzzy_recall, sum(hits) / len(hits))
        if all(hits) and not fuzzy_contains:
            # the close words in one window of the candidate (not scattered over a long answer)
            n = len(rtok) + 2
            for i in range(max(1, len(ctok) - n + 1)):
                win = ctok[i:i + n]
                ws, wf = set(win), {}
                for c in ws:
                    if len(c) >= 4:
                        wf.setdefault(c[0], []).append(c)
                if all(close(t, ws, wf) for t in content):
                    fuzzy_contains = 1.0
                    break
        rnums |= compound_numbers(rtok) | _BASE["numbers"](" ".join(rtok), rtok)
    words = compound_numbers(ctok) - _BASE["numbers"](clow, ctok)
    return [folded, fuzzy_recall, fuzzy_contains, float(bool(rnums & words))]


_OFFERS = re.compile(r"\b(?:(?:one|any|either) of the following|one of these|all of the above)\b")


def offers_alternatives(sample) -> float:
    """`oneof`: the candidate offers alternatives in words the question does not hold itself."""
    clow, qlow = F._clean(sample.candidate or "")[:3000], F._clean(sample.question or "")
    return float(any(m.group(0) not in qlow for m in _OFFERS.finditer(clow)))


def question_recall(sample) -> float:
    """`qrecall`: the share of the question's distinct words the candidate repeats."""
    q = set(F._tokens(F._clean(sample.question or "")))
    c = set(F._tokens(F._clean(sample.candidate or "")[:F.MAX_CHARS]))
    return len(q & c) / len(q) if q else 0.0


def with_oneof(base_features):
    index = F.FEATURES.index("one_of")

    def features(sample, read_committed=True):  # the signature of features.features (version 9)
        row = base_features(sample, read_committed)
        row[index] = offers_alternatives(sample)
        return row
    return features


def apply(variant: str) -> None:
    """Patch the feature code and the rows by construction for one variant (names joined by '+')."""
    parts = set(variant.split("+")) - {"base"}
    F._numbers = numbers_with_compounds if parts & {"numwords", "canon"} else _BASE["numbers"]
    F._clean = clean_folded if "canon" in parts else _BASE["clean"]
    if "canon" in parts:
        F.FEATURES = _BASE["FEATURES"]
        F.features = lambda s, read_committed=True: _BASE["features"](canon(s), read_committed)
    elif "feat" in parts:
        F.FEATURES = _BASE["FEATURES"] + EXTRA
        F.features = lambda s, read_committed=True: _BASE["features"](s, read_committed) + extra(s)
    elif "fold" in parts:  # the two exact columns only: folded containment, number words
        F.FEATURES = _BASE["FEATURES"] + EXTRA[::3]
        F.features = lambda s, read_committed=True: _BASE["features"](s, read_committed) + extra(s)[::3]
    else:
        F.FEATURES, F.features = _BASE["FEATURES"], _BASE["features"]
    if "oneof" in parts:
        F.features = with_oneof(F.features)
    if "qrecall" in parts:
        F.FEATURES = tuple(F.FEATURES) + ("question_recall",)
        with_recall = F.features
        F.features = lambda s, read_committed=True: with_recall(s, read_committed) + [question_recall(s)]
    F.N_FEATURES = len(F.FEATURES)
    S.FEATURES = F.FEATURES
    import loso_stacked

    loso_stacked.FEATURES = F.FEATURES

    def incorrect(kind, q, a, pool, rng):
        s = a.strip()
        if kind == "near-miss" and not _WHO.search(q.text) and not SF._YEAR.search(s) and not SF._NUM.search(s):
            return None  # the first-word near miss, for answers that are not a person's name
        return _BASE["incorrect"](kind, q, a, pool, rng)

    SY._incorrect = incorrect if "who" in parts else _BASE["incorrect"]
    # "seedN": the rows by construction drawn with another seed (how much a redraw alone moves the figures)
    seed = next((int(p[4:]) for p in parts if p.startswith("seed")), 0)
    # "draws3": the rows by construction of seeds 0, 1, 2 together, weighing what one draw weighs
    seeds = (0, 1, 2) if "draws3" in parts else (seed,)
    T.FeatureStore.synthetic = lambda self, names, seed_=0: merge_draws(
        [_BASE["synthetic"](self, names, s) for s in seeds])
    # "avg3": one forest per draw (seeds 0, 1, 2), their log-odds averaged (`merge_forests`)
    T.fit_forest = _BASE["fit_forest"]
    if "avg3" in parts:
        def synthetic(self, names, seed_=0):
            _DRAWS[:] = [_BASE["synthetic"](self, names, s) for s in (0, 1, 2)]
            return _DRAWS[0]

        def fit_forest(tables, *a, **k):
            real = [t for t in tables if t.source != "synthetic"]
            fams = {t.rows[0].sample.task_type for t in tables if t.source == "synthetic" and t.rows}
            fits = [_BASE["fit_forest"](real + [d[f] for f in sorted(fams) if f in d], *a, **k) for d in _DRAWS]
            return [e for e, _ in fits], T.merge_forests([f for _, f in fits])

        T.FeatureStore.synthetic, T.fit_forest = synthetic, fit_forest


def merge_draws(draws: list[dict]) -> dict:
    if len(draws) == 1:
        return draws[0]
    return {fam: T.Table("synthetic", "train", [r for d in draws for r in d[fam].rows], np.vstack([d[fam].X for d in draws]),
                         np.concatenate([d[fam].y for d in draws]), np.concatenate([d[fam].token_f1 for d in draws]))
            for fam in draws[0]}


def run_variant(variant: str, cache: str, probes_per_set: int, held_out: tuple[str, ...]) -> dict:
    from loso_stacked import judge_block, probe_fpr

    apply(variant)
    feats = "+".join(sorted(set(variant.split("+")) & {"feat", "fold", "numwords", "canon", "oneof", "qrecall"})) or "base"
    store = T.FeatureStore(cache_dir=f"{cache}/{feats}")  # the cache key does not see the patches
    out: dict = {"held_out": {}, "all_sources": {}}
    for src in held_out:
        model, _ = T.train_stacked(T.SOURCES, exclude=[src], store=store, with_test=False)
        rows, pred, y = [], [], []
        for split in ("train", "dev"):
            t = store.table(src, split)
            fam = model.family_for(t.family)
            rows += t.rows
            pred.append(model.proba(fam, t.X) >= model.threshold(fam))
            y.append(t.y)
        b = judge_block(rows, np.concatenate(pred))
        attacks = probe_fpr(model, store, src, probes_per_set, split="dev")["by_attack"]
        out["held_out"][src] = {"threshold": model.threshold(fam), **{k: b[k] for k in (
            "accuracy", "kappa", "kendall_tau", "max_model_gap")}, "every_option_dev_probes": attacks["every-option"],
            "restate_dev_probes": attacks["restate-question"]}
        print(variant, "held out", src, out["held_out"][src], file=sys.stderr, flush=True)
    model, info = T.train_stacked(T.SOURCES, store=store, with_test=False)
    out["all_sources"]["dev_by_family"] = {f: v["dev_mean_accuracy"] for f, v in info["families"].items()}
    for src in OPEN_QA:
        t = store.table(src, "dev")
        fam = model.family_for(t.family)
        b = judge_block(t.rows, model.proba(fam, t.X) >= model.threshold(fam))
        out["all_sources"][src] = {k: b[k] for k in ("accuracy", "kendall_tau", "max_model_gap")}
    out["all_sources"]["master_keys"] = probe_fpr(model, store, None, probes_per_set)["false_positive_rate"]
    attacks = probe_fpr(model, store, None, probes_per_set, split="dev")["by_attack"]
    out["all_sources"]["every_option_dev_probes"] = attacks["every-option"]
    out["all_sources"]["restate_dev_probes"] = attacks["restate-question"]
    out["all_sources"]["stress"] = stress.score(stress.model_verdicts(model), stress.stress_rows(store))
    print(variant, "all sources", out["all_sources"], file=sys.stderr, flush=True)
    store.close()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variants", default="base,who,who+feat")
    ap.add_argument("--cache", required=True)
    ap.add_argument("--out", default="experiment_open_qa.json")
    ap.add_argument("--probes-per-set", type=int, default=50)
    ap.add_argument("--held-out", default=",".join(OPEN_QA))
    args = ap.parse_args(argv)
    report = {}
    for v in args.variants.split(","):
        t0 = time.perf_counter()
        report[v] = run_variant(v, args.cache, args.probes_per_set, tuple(args.held_out.split(",")))
        report[v]["seconds"] = round(time.perf_counter() - t0, 1)
        with open(args.out, "w") as fh:
            json.dump(report, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
