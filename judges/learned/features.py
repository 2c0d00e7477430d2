"""Cheap features of (question, candidate, references) for the `stacked` judge.

Pure Python + numpy, no model: token overlap with the best reference (with and without
the question's words), containment, numbers / years / units / dates normalised, cue words
(negation, hedges, refusals, judge-directed instructions, a reference called wrong), answers
that restate the question or list several options. Every column reads the texts accent-folded, with
compound number words read as numbers and the candidate's words of close spelling to a reference word
written as that word (version 6), so a typo, a lost accent or "twenty-five" for "25" reads as a match; since
version 7 `one_of` is only words offering alternatives that the question does not hold; since version 8 the columns
read the answer a candidate commits to in markup (`<answer>` tags, a JSON answer field), the cues of attacks the
whole text; since version 9 also, for open QA, one committed in prose ("Final answer: X", "The correct answer is
X"; both read by `committed.py`); since version 11 a reference written in number words is also read in digits, and
since version 12 a candidate's number words in the digits of a reference ("twenty-seven" against "27").
`FEATURES` names the
columns in order; a model file stores that list and is refused when it differs (see `stacked.py`).
"""
from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

import numpy as np

from judgesuite.judges.learned.numbers import numbers as _numbers, num_close as _num_close, ranges as _ranges
from judgesuite.judges.learned.committed import MAX_CHARS, committed_span, reads_prose
from judgesuite.judges.number_words import as_reference_digits, in_digits
from judgesuite.judges.spelling import CLOSE_MIN, fold, respell, words as _tokens
from judgesuite.judges.types import TASK_TYPES, Sample

# Bump when a feature's computation changes: stored models record it and are refused otherwise.
FEATURES_VERSION = "12"
MAX_REFS = 200  # distinct (folded, lower-cased) references read; with the two below this bounds time
MAX_REFS_READ = 2_000
MAX_REF_CHARS = 200_000  # characters of all references together

_NON_ALNUM = re.compile(r"[\W_]+", re.UNICODE)
_DIGIT_RUN = re.compile(r"\d+")
SQUASHED_MIN = 4  # shorter squashed references match inside too many words
_STOP = frozenset("""a an the of in on at to for by with from and or is was are were be been it its this
that as which who whom what when where why how does did do has have had there their they he she his her
i you we""".split())
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
# Words that offer alternatives ("one of the following: A; B; C"). Not "each of the" (working steps), and not
# a phrase the question holds ("One of These Nights"): such real answers labelled correct outweighed the
# every-option rows by construction, so the trees never learned the column (version 7)
_OFFERS = re.compile(r"\b(?:(?:one|any|either) of the following|one of these|all of the above)\b")
_LIST_MARK = re.compile(r"(?:^|\n|\s)(?:\d{1,2}[.)]|[-*\u2022])\s")
_Q_WORDS = ("who", "when", "where", "what", "which", "how many", "how much", "how long", "how", "why")

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


def committed_answer(candidate: str, prose: bool = True) -> str:
    """What the columns read, cleaned: the `committed_span` where there is one, else the whole candidate."""
    span = committed_span(candidate, prose)
    return _clean(candidate) if span is None else " ".join(_clean(span).split())


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


def _with_digit_forms(refs: list[str]) -> list[str]:
    """`refs`, then each one's form with its number words in digits where that differs ("twenty-seven" -> "27";
    version 11: a reference in words was never matched by digits), within MAX_REFS."""
    out = dict.fromkeys(refs)
    for r in refs:
        if len(out) >= MAX_REFS:
            break
        out.setdefault(in_digits(r), None)
    return list(out)


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


def features(sample: Sample, read_committed: bool = True) -> list[float]:
    """One row of FEATURES for a sample (never raises on odd text; empty inputs give zeros). The columns read
    the answer the candidate commits to in markup or prose (`committed_answer`); with `read_committed=False` the
    whole text."""
    refs = _with_digit_forms(_distinct_references(sample.references or ())) or [""]
    qlow = _clean(sample.question or "")
    # respell splits "destiny's" at the apostrophe: the parts are keys too, or "destiny" became "destinys" (version 10)
    close_words = {t: t for rlow in refs for t in (*_tokens(rlow), *_tokens(rlow.replace("'", " ")))
                   if len(t) >= CLOSE_MIN and t.isalpha()}
    whole = _clean(sample.candidate or "")
    plain = committed_answer(sample.candidate or "", reads_prose(sample.task_type)) if read_committed else whole
    # number words of the candidate whose value a reference writes in digits are read as those digits (version 12)
    clow = _clean(as_reference_digits(respell(plain, close_words), refs))
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
    for rlow in refs:  # cleaned by _distinct_references
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
        # the cues of attacks read the whole text, markup answer or not
        float(_REFUSAL.search(whole[:3000]) is not None), float(_JUDGE_TALK.search(whole[:3000]) is not None),
        float(_PREAMBLE_ONLY.match(clow[:200]) is not None and len(clow) < 200),
        float(any(m.group(0) not in qlow for m in _OFFERS.finditer(plain[:3000]))),
        min(len(_LIST_MARK.findall(clow[:5000])), 50),
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


def feature_matrix(samples: Sequence[Sample], read_committed: bool = True) -> np.ndarray:
    """(n, N_FEATURES) float64 matrix of `features` for each sample."""
    out = np.zeros((len(samples), N_FEATURES), dtype=np.float64)
    for i, s in enumerate(samples):
        out[i] = features(s, read_committed)
    return out
