"""Cheap features of (question, candidate, references) for the `stacked` judge.

Pure Python + numpy, no model: token overlap with the best reference (with and without
the question's words), containment, numbers / years / units / dates normalised, cue words
(negation, hedges, refusals, judge-directed instructions, a reference called wrong), answers
that restate the question or list several options. Every column reads the texts accent-folded, with
compound number words read as numbers and the candidate's words of close spelling to a reference word
written as that word (version 6), so a typo, a lost accent or "twenty-five" for "25" reads as a match. `FEATURES` names the columns in order; a model file
stores that list and is refused when it differs (see `stacked.py`).
"""
from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

import numpy as np

from judgesuite.judges.spelling import CLOSE_MIN, fold, respell
from judgesuite.judges.types import TASK_TYPES, Sample

# Bump when a feature's computation changes: stored models record it and are refused otherwise.
FEATURES_VERSION = "6"
MAX_CHARS = 100_000  # longer texts are cut (the head is kept): bounds time on 1 MB inputs
MAX_REFS = 200  # distinct (folded, lower-cased) references read; with the two below this bounds time
MAX_REFS_READ = 2_000
MAX_REF_CHARS = 200_000  # characters of all references together

_DROP = re.compile(r"[^\w\s]|_", re.UNICODE)
_NON_ALNUM = re.compile(r"[\W_]+", re.UNICODE)
_DIGIT_RUN = re.compile(r"\d+")
SQUASHED_MIN = 4  # shorter squashed references match inside too many words
_ARTICLES = frozenset({"a", "an", "the"})
_STOP = frozenset("""a an the of in on at to for by with from and or is was are were be been it its this
that as which who whom what when where why how does did do has have had there their they he she his her
i you we""".split())
_NUM = re.compile(r"(?<![\w.])[-+]?\d[\d,]*(?:\.\d+)?")
_NUM_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty".split())}
_NUM_WORDS.update({"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
                   "ninety": 90, "hundred": 100, "first": 1, "second": 2, "third": 3, "fourth": 4,
                   "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10})
_SCALE = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
_UNIT_WORDS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve "
                                           "thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split())}
_TEN_WORDS = {w: 10 * (i + 2) for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
_MULTIPLIERS = {"hundred": 100, "thousand": 1000, "million": 10 ** 6, "billion": 10 ** 9}
_MONTHS = {m: i + 1 for i, m in enumerate(
    "january february march april may june july august september october november december".split())}
_MONTHS.update({m[:3]: i for m, i in list(_MONTHS.items())})
_MONTHS.pop("may", None)  # "may" is mostly the modal verb; the full month name "may" is ambiguous
_UNITS = frozenset("""percent % km kilometers kilometres miles mile meters metres m feet ft foot inches inch cm mm kg
kilograms pounds lbs lb tons tonnes years year months days hours minutes seconds dollars usd $ euros
million billion trillion thousand mph degrees celsius fahrenheit acres hectares""".split())
_NEGATION = frozenset("not no never none neither nor cannot isnt wasnt arent werent doesnt didnt dont nobody".split())
_CALLED_WRONG = frozenset("wrong incorrect false mistaken mistake inaccurate untrue".split())
_CALLED_RIGHT = frozenset("correct right answer".split())
NUM_CLOSE = 0.05  # a candidate number within 5% of a reference number (rounding: "2.4" for "2.45")
_HEDGE = re.compile(r"\b(?:or|may|might|possibly|perhaps|probably|likely|unclear|uncertain|depends|"
                    r"either|maybe|approximately|around|about|unsure|not sure|could be)\b")
_REFUSAL = re.compile(r"(?:i'?m sorry|i am sorry|as an ai|language model|i (?:do not|don't|cannot|can't) "
                      r"(?:have|provide|know|find|access|determine|answer)|no (?:information|data|answer)|"
                      r"unable to|not (?:possible|able) to|there is no (?:specific|definitive|single)|"
                      r"does not (?:provide|specify|mention|contain)|not (?:specified|mentioned|provided))")
_JUDGE_TALK = re.compile(r"(?:final answer\s*:\s*(?:true|false|correct|yes)\b|ignore (?:all )?(?:previous|prior|the above)"
                         r"|you are (?:grading|a judge|evaluating)|(?:is|answer is) correct and|respond with|"
                         r"matches the reference|grade this|\bas the grader\b)")
_PREAMBLE_ONLY = re.compile(r"^\s*(?:thought process|let'?s (?:solve|think)[^.]*|step[- ]by[- ]step|"
                            r"solution|answer|reasoning|explanation)\s*[:.]?\s*$")
_ONE_OF = re.compile(r"\b(?:one of the following|one of these|any of the|all of the above|each of the)\b")
_LIST_MARK = re.compile(r"(?:^|\n|\s)(?:\d{1,2}[.)]|[-*\u2022])\s")
_Q_WORDS = ("who", "when", "where", "what", "which", "how many", "how much", "how long", "how", "why")

_RANGE = re.compile(r"(?<![\d,])(\d[\d,]*(?:\.\d+)?)\s*(?:-|\u2013|\u2014|\u00e2\u20ac\u201c|to|and)\s*(\d[\d,]*(?:\.\d+)?)")
_YES_NO = {"yes": 1, "no": -1, "true": 1, "false": -1}
_Q_WORD_RE = re.compile(r"\b(" + "|".join(_Q_WORDS) + r")\b")
_TASKS = [t for t in TASK_TYPES]

FEATURES: tuple[str, ...] = (
    "f1", "precision", "recall", "recall_max", "f1_noq", "precision_noq", "recall_noq_max",
    "stem_recall_max", "contains_ref", "contains_ref_noq", "exact_match",
    "contains_ref_head", "ref_position", "cand_in_ref",
    "ref_has_number", "ref_numbers_found", "cand_numbers", "cand_numbers_extra", "cand_number_mismatch",
    "ref_has_year", "ref_year_found", "cand_other_years", "ref_units_found", "ref_month_found",
    "log_cand_tokens", "log_ref_tokens", "len_ratio", "cand_has_alnum",
    "negation_count", "negated_ref", "hedge_count", "or_near_ref", "refusal", "judge_talk", "preamble_only",
    "one_of", "list_marks", "list_commas", "question_overlap", "restates_question", "new_tokens_noq",
    "q_who", "q_when", "q_where", "q_what", "q_which", "q_how_many", "q_how_much", "q_how_long",
    "q_how", "q_why", *(f"task_{t}" for t in _TASKS),
    "num_in_ref_range", "initials_match", "yes_no_match",
    "contains_ref_squashed", "ref_number_glued",
    "ref_called_wrong", "cand_initials_match", "num_close",
)
N_FEATURES = len(FEATURES)


def _clean(text: str) -> str:
    """Lower-cased text, cut to MAX_CHARS, accents and a few letters folded ("Zürich", "Søren": zurich, soren)."""
    return fold(text[:MAX_CHARS]).lower()


def _distinct_references(references: Sequence) -> list[str]:
    """The references cleaned, distinct forms first, then the caps: TriviaQA-style alias lists repeat one answer
    in many cases (a cap on the raw list could leave the matching answer unread)."""
    out: dict[str, None] = {}
    room = MAX_REF_CHARS
    for r in references[:MAX_REFS_READ]:
        if len(out) >= MAX_REFS or room <= 0:
            break
        if isinstance(r, str):
            out[_clean(r[:room])] = None
            room -= min(len(r), room)
    return list(out)


def _tokens(low: str) -> list[str]:
    return [t for t in _DROP.sub(" ", low.replace("'", "")).split() if t not in _ARTICLES]


def _number_value(token: str) -> float | None:
    try:
        return float(token.replace(",", ""))
    except ValueError:
        return None


def _compound_numbers(tokens: Sequence[str]) -> set[float]:
    """Values of runs of number words: "twenty five" 25, "two hundred and ten" 210, "three thousand" 3000.
    A word that cannot continue the number ("two three", "five and six") starts a new one."""
    out: set[float] = set()
    total = cur = 0
    run = after_multiplier = False
    for t in [*tokens, ""]:
        word = _UNIT_WORDS.get(t, _TEN_WORDS.get(t))
        fits = word is not None and run and (
            cur % 100 == 0 if word >= 20 else cur % 10 == 0 and not 10 <= cur % 100 < 20)
        if word is not None and not fits and run:
            out.add(float(total + cur))
            total, cur = 0, 0
        if word is not None:
            cur += word
            run, after_multiplier = True, False
        elif t in _MULTIPLIERS and run and not after_multiplier:
            if _MULTIPLIERS[t] == 100:
                cur = max(cur, 1) * 100
            else:
                total, cur = total + max(cur, 1) * _MULTIPLIERS[t], 0
            after_multiplier = True
        elif t == "and" and run and after_multiplier:
            continue
        else:
            if run:
                out.add(float(total + cur))
            total, cur, run, after_multiplier = 0, 0, False, False
    return out


def _numbers(low: str, tokens: Sequence[str]) -> set[float]:
    """Numbers in digits (1,776 / 3.5 / -2) and number words ("twenty-five" -> 25 as well as 20 and 5);
    "2 million" -> 2e6 as well as 2."""
    out: set[float] = set()
    for m in _NUM.finditer(low):
        v = _number_value(m.group().strip("+"))
        if v is not None:
            out.add(round(v, 6))
    prev = None
    for t in tokens:
        if t in _NUM_WORDS:
            out.add(float(_NUM_WORDS[t]))
        if t in _SCALE and prev is not None:
            v = _number_value(prev) if prev[0].isdigit() else _NUM_WORDS.get(prev)
            if v is not None:
                out.add(round(float(v) * _SCALE[t], 6))
        prev = t
    return out | _compound_numbers(tokens)


def _prf(cand: Counter, ref: Counter, n_cand: int, n_ref: int) -> tuple[float, float, float]:
    if not n_cand or not n_ref:
        return 0.0, 0.0, 0.0
    common = sum((cand & ref).values())
    if not common:
        return 0.0, 0.0, 0.0
    p, r = common / n_cand, common / n_ref
    return p, r, 2 * p * r / (p + r)


def _contains(hay: str, needle: str) -> int:
    """Index of `needle` as a whole-token run inside `hay` (both space-joined tokens), or -1."""
    if not needle:
        return -1
    i = f" {hay} ".find(f" {needle} ")
    return i


def _occurrences(hay: str, needle: str, limit: int = 5) -> list[int]:
    """Token indices where the token run `needle` starts inside `hay` (first `limit`)."""
    out: list[int] = []
    if not needle:
        return out
    padded, pat, start = f" {hay} ", f" {needle} ", 0
    while len(out) < limit:
        i = padded.find(pat, start)
        if i < 0:
            break
        out.append(padded.count(" ", 1, i + 1))
        start = i + 1
    return out


def _ranges(low: str) -> list[tuple[float, float]]:
    out = []
    for a, b in _RANGE.findall(low[:2000]):
        x, y = _number_value(a), _number_value(b)
        if x is not None and y is not None and x < y:
            out.append((x, y))
    return out


def _initials_match(ctok: list[str], rtoks: list[list[str]]) -> int:
    """A reference written with initials ("b r ambedkar") matches a candidate's full name."""
    cset = set(ctok)
    firsts = {t[0] for t in ctok if t}
    for rtok in rtoks:
        inits = [t for t in rtok if len(t) == 1 and t.isalpha()]
        rest = [t for t in rtok if len(t) > 1]
        if inits and rest and all(t in cset for t in rest) and all(i in firsts for i in inits):
            return 1
    return 0


def _called_wrong(after: Sequence[str]) -> bool:
    """The tokens right after a reference call it wrong ("X is wrong here", "X is not correct")."""
    if any(t in _CALLED_WRONG for t in after):
        return True
    return ("not" in after or "isnt" in after) and any(t in _CALLED_RIGHT for t in after)


def _num_close(cnums: set[float], rnums: set[float]) -> float:
    """A candidate number within NUM_CLOSE (relative) of a reference number other than a year, not equal."""
    for r in rnums:
        if not r or (1000 <= r <= 2100 and r == int(r)):
            continue
        if any(c != r and abs(c - r) / abs(r) <= NUM_CLOSE for c in cnums):
            return 1.0
    return 0.0


def features(sample: Sample) -> list[float]:
    """One row of FEATURES for a sample (never raises on odd text; empty inputs give zeros)."""
    refs = _distinct_references(sample.references or ()) or [""]
    qlow = _clean(sample.question or "")
    close_words = {t: t for rlow in refs for t in _tokens(rlow) if len(t) >= CLOSE_MIN and t.isalpha()}
    clow = _clean(respell(_clean(sample.candidate or ""), close_words))
    qtok, ctok = _tokens(qlow), _tokens(clow)
    qset = set(qtok)
    cjoin = " ".join(ctok)
    ccount = Counter(ctok)
    c_noq = [t for t in ctok if t not in qset]
    ccount_noq = Counter(c_noq)
    c_noq_join = " ".join(c_noq)
    cstem = {t[:5] for t in ctok}
    head = " ".join(ctok[:30])

    best = (0.0, 0.0, 0.0)
    best_noq = (0.0, 0.0, 0.0)
    recall_max = recall_noq_max = stem_recall = 0.0
    contains = contains_noq = exact = contains_head = cand_in_ref = 0
    position = 1.0
    best_ref_key: tuple[float, int] | None = None  # (-F1, length) of the best-matching reference
    ref_tok_sets = []
    rlows, rtoks = [], []
    for ref in refs:
        rlow = _clean(ref)
        rlows.append(rlow)
        rtok = _tokens(rlow)
        rtoks.append(rtok)
        ref_tok_sets.append(set(rtok))
        rcount = Counter(rtok)
        prf = _prf(ccount, rcount, len(ctok), len(rtok))
        if prf[2] > best[2] or best == (0.0, 0.0, 0.0):
            best = prf if prf[2] >= best[2] else best
        key = (-prf[2], len(rtok))
        if best_ref_key is None or key < best_ref_key:
            best_ref_key = key
        recall_max = max(recall_max, prf[1])
        r_noq = [t for t in rtok if t not in qset] or rtok
        prf_noq = _prf(ccount_noq, Counter(r_noq), len(c_noq), len(r_noq))
        if prf_noq[2] >= best_noq[2]:
            best_noq = prf_noq
        recall_noq_max = max(recall_noq_max, prf_noq[1])
        if rtok:
            stem_recall = max(stem_recall, sum(t[:5] in cstem for t in rtok) / len(rtok))
        rjoin = " ".join(rtok)
        at = _contains(cjoin, rjoin)
        if at >= 0:
            contains = 1
            position = min(position, at / max(len(cjoin), 1))
            if _contains(head, rjoin) >= 0:
                contains_head = 1
        if _contains(c_noq_join, " ".join(r_noq)) >= 0:
            contains_noq = 1
        if rtok and rtok == ctok:
            exact = 1
        if ctok and _contains(rjoin, cjoin) >= 0:
            cand_in_ref = 1

    # numbers, years, units, months
    cnums = _numbers(clow, ctok)
    qnums = _numbers(qlow, qtok)
    rnums_all: set[float] = set()
    rnum_found = 0.0
    ref_has_num = 0
    for rlow, rtok in zip(rlows, rtoks):
        rn = _numbers(rlow, rtok)
        rnums_all |= rn
        if rn:
            ref_has_num = 1
            rnum_found = max(rnum_found, len(rn & cnums) / len(rn))
    extra_nums = len(cnums - rnums_all - qnums)
    mismatch = int(bool(rnums_all) and not (rnums_all & cnums) and bool(cnums - qnums))
    ryears = {n for n in rnums_all if 1000 <= n <= 2100 and n == int(n)}
    cyears = {n for n in cnums if 1000 <= n <= 2100 and n == int(n)}
    ref_has_year = int(bool(ryears))
    ref_year_found = int(bool(ryears & cyears))
    other_years = len(cyears - ryears - qnums)
    cset = set(ctok)
    runits = set().union(*ref_tok_sets) & _UNITS
    units_found = (len(runits & cset) / len(runits)) if runits else -1.0
    rmonths = {_MONTHS[t] for s in ref_tok_sets for t in s if t in _MONTHS}
    cmonths = {_MONTHS[t] for t in cset if t in _MONTHS}
    month_found = (1.0 if rmonths & cmonths else 0.0) if rmonths else -1.0

    # Lengths from the best-matching reference only, and no count of the references: TriviaQA-style
    # alias lists (forms of one answer) moved 1-3.4% of version 4's verdicts through such columns
    n_ref_tok = best_ref_key[1] if best_ref_key is not None else 0

    # cues
    neg = sum(t in _NEGATION for t in ctok) + clow.count("n't")
    hedges = len(_HEDGE.findall(clow[:5000]))
    negated_ref = or_near = called_wrong = 0
    for rtok in rtoks:
        for at in _occurrences(cjoin, " ".join(rtok)):
            if any(t in _NEGATION for t in ctok[max(0, at - 3):at]):
                negated_ref = 1
            after = at + len(rtok)
            if "or" in ctok[max(0, at - 4):at] or "or" in ctok[after:after + 4]:
                or_near = 1
            # "X is wrong here": without it the trees learned "reference plus a few words" as wrong
            # from such rows by construction and rejected "Donald Trump (age 70)" (version 4)
            if _called_wrong(ctok[after:after + 4]):
                called_wrong = 1
    q_overlap = (sum(t in qset for t in ctok) / len(ctok)) if ctok else 0.0
    restates = int(bool(ctok) and q_overlap >= 0.8 and not contains)
    new_noq = len(set(c_noq))

    num_in_range = 0.0
    ref_ranges = [r for rlow in rlows for r in _ranges(rlow)]
    if ref_ranges and cnums:
        num_in_range = float(any(lo <= n <= hi for n in cnums for lo, hi in ref_ranges))
    yes_no = 0.0
    ref_pol = {_YES_NO[t] for rtok in rtoks for t in rtok[:3] if t in _YES_NO}
    if len(ref_pol) == 1 and ctok:
        cand_pol = [_YES_NO[t] for t in ctok[:3] if t in _YES_NO]
        yes_no = (1.0 if cand_pol[0] in ref_pol else -1.0) if cand_pol else 0.0
    qflags = [0.0] * len(_Q_WORDS)
    m = _Q_WORD_RE.search(qlow[:300])
    if m:
        qflags[_Q_WORDS.index(m.group(1))] = 1.0

    # Web-chat answers glue words and citation marks ("in19971", "thecellaornaos"): the reference
    # with every non-alphanumeric removed inside the candidate so squashed, and reference numbers
    # at the start of a longer digit run (a year followed by its citation number).
    csq = _NON_ALNUM.sub("", clow)
    squashed = float(any(len(x) >= SQUASHED_MIN and x in csq for x in (_NON_ALNUM.sub("", r) for r in rlows)))
    ints = {str(int(n)) for n in rnums_all if 10 <= n < 1e15 and n == int(n)}
    glued = float(bool(ints) and any(run[:len(i)] == i and len(run) <= len(i) + 2
                                     for run in _DIGIT_RUN.findall(clow[:20000]) for i in ints if len(run) > len(i)))

    row = [
        best[2], best[0], best[1], recall_max, best_noq[2], best_noq[0], recall_noq_max,
        stem_recall, contains, contains_noq, exact,
        contains_head, position, cand_in_ref,
        ref_has_num, rnum_found, min(len(cnums), 50), min(extra_nums, 50), mismatch,
        ref_has_year, ref_year_found, min(other_years, 20), units_found, month_found,
        math.log1p(len(ctok)), math.log1p(n_ref_tok), math.log1p(len(ctok)) - math.log1p(n_ref_tok),
        float(any(ch.isalnum() for ch in clow[:2000])),
        min(neg, 50), negated_ref, min(hedges, 50), or_near,
        float(_REFUSAL.search(clow[:3000]) is not None), float(_JUDGE_TALK.search(clow[:3000]) is not None),
        float(_PREAMBLE_ONLY.match(clow[:200]) is not None and len(clow) < 200),
        float(_ONE_OF.search(clow[:3000]) is not None), min(len(_LIST_MARK.findall(clow[:5000])), 50),
        min(clow[:5000].count(",") + clow[:5000].count(";"), 100), q_overlap, restates, min(new_noq, 500),
        *qflags, *(float(sample.task_type == t) for t in _TASKS),
        num_in_range, _initials_match(ctok[:200], rtoks), yes_no,
        squashed, glued,
        called_wrong,
        # the other direction: the candidate has the initials ("B. R. Ambedkar" for "Bhimrao Ramji Ambedkar")
        float(bool(ctok) and _initials_match([t for rtok in rtoks for t in rtok][:200], [ctok[:200]])),
        _num_close(cnums, rnums_all),
    ]
    return row


def feature_matrix(samples: Sequence[Sample]) -> np.ndarray:
    """(n, N_FEATURES) float64 matrix of `features` for each sample."""
    out = np.zeros((len(samples), N_FEATURES), dtype=np.float64)
    for i, s in enumerate(samples):
        out[i] = features(s)
    return out
