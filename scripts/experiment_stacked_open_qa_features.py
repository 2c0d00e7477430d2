"""Experiment of issue 37 item 3 (NOT shipped): `stacked` with four more open-QA features, run through
scripts/loso_stacked.py unchanged (same options, same report).

    python scripts/experiment_stacked_open_qa_features.py --sources evouna-nq,openqa-eval-nq301 \
        --probes-per-set 20 --out /tmp/loso_variant.json

Extra columns, appended to features.FEATURES for this run only: the reference inside the candidate
after accent folding; the share of the reference's content words with a close spelling in the
candidate (difflib ratio >= 0.8), and whether all have one; a reference number written in words.

Measured 2026-12-05 (2 shared cores), against `python scripts/loso_stacked.py` with the same options:
LOSO accuracy evouna-nq 0.9086 -> 0.9112, openqa-eval-nq301 0.8289 -> 0.8229; in-source dev mean
accuracy of the open-QA family 0.8801 -> 0.8757; master keys of the all-sources model 0.0156 -> 0.0302.
Dev and LOSO did not both improve, so the shipped model and features.py stay as they are.
"""
import difflib
import sys
import unicodedata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from judgesuite.judges.learned import features as F
from judgesuite.judges.learned import stacked as S
from judgesuite.judges.math.normalize import _replace_number_words

EXTRA = ("contains_ref_folded", "ref_fuzzy_recall", "ref_fuzzy_contains", "ref_number_in_words")
_base_features = F.features


def fold(s):
    return "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c))


def extra(sample):
    clow = fold(F._clean(sample.candidate or ""))[:20000]
    ctok = F._tokens(clow)
    cset = set(ctok[:3000])
    cjoin = " ".join(ctok)
    refs = [r for r in (sample.references or ()) if isinstance(r, str)][:50]
    contains_f = fuzzy_recall = fuzzy_contains = 0.0
    rnums = set()
    for ref in refs:
        rlow = fold(F._clean(ref))
        rtok = F._tokens(rlow)
        if not rtok:
            continue
        if F._contains(cjoin, " ".join(rtok)) >= 0:
            contains_f = 1.0
        content = [t for t in rtok if t not in F._STOP] or rtok
        hits = 0
        for t in content[:10]:
            if t in cset or (len(t) >= 4 and difflib.get_close_matches(t, cset, n=1, cutoff=0.8)):
                hits += 1
        r = hits / len(content[:10])
        fuzzy_recall = max(fuzzy_recall, r)
        if r == 1.0:
            fuzzy_contains = 1.0
        rnums |= F._numbers(rlow, rtok)
    in_words = 0.0
    if rnums and any(w in clow for w in ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                                          "ten", "eleven", "twelve", "teen", "twenty", "thirty", "forty", "fifty",
                                          "hundred", "thousand", "million")):
        converted = _replace_number_words(clow[:5000])
        words_nums = {round(float(m.group().replace(",", "")), 6) for m in F._NUM.finditer(converted)
                      if m.group().replace(",", "").replace(".", "", 1).lstrip("+-").isdigit()}
        in_words = float(bool(rnums & (words_nums - F._numbers(clow, ctok))))
    return [contains_f, fuzzy_recall, fuzzy_contains, in_words]


def features(sample):
    return _base_features(sample) + extra(sample)


F.FEATURES = F.FEATURES + EXTRA
F.N_FEATURES = len(F.FEATURES)
F.features = features
S.FEATURES = F.FEATURES
import loso_stacked  # noqa: E402

loso_stacked.FEATURES = F.FEATURES
sys.exit(loso_stacked.main(sys.argv[1:]))
