"""Adoption check: `stacked` calls an open-QA answer that lists the reference among alternatives incorrect (issue 37
item 3, stop 57; a prototype here, not wired into the judge).

Why: open-QA rounds 11-13 (read once; development data now) have replies that name the gold among alternatives ("a
bookstore or a library" for bookstore, "in a cabinet or drawer" for medicine cabinet, "a beach or a park" for
beach). The rounds' guideline labels them incorrect (not committed); `stacked` accepted some (3 rows on round 13).

Rule (written before any count): on an open-QA row, read the committed answer (`committed.committed_span`, else the
whole reply; its first 2,000 characters), folded and lower-cased, "and/or" read as "or", "either" dropped. At each
word "or", the alternatives are: on the right, up to 3 words up to the next punctuation; on the left, up to 3 words
back to the previous punctuation, and where a comma directly precedes "or", each comma-separated item before it (up
to 6 items of at most 4 words, the first cut to its last 3). An "or" is skipped (no alternatives there) when:
  - it lies inside quotes ("..", \u201c..\u201d, '..'): a title ("Now or Never");
  - the words "<last left word> or <first right word>" occur in the question (its own phrase or title);
  - a single comma precedes it with no comma item before ("the groundhog, or woodchuck"; "2 km, or 1.2 miles":
    a synonym or a restatement, "that is");
  - the next word says it is no alternative: not, so, more, less, fewer, greater, higher, lower, above, below,
    older, younger, later, earlier, else, similar, something, anything, otherwise, rather, whatever, thereabouts,
    other(s), another ("100 or more", "X, or rather Y", "whether or not");
  - either side has no content word (only articles, pronouns, prepositions and other stop words).
An alternative "matches" a reference when they share a content word (folded; a final "s" dropped). The rule fires,
calling the row incorrect, when at some "or" one alternative matches a reference and another matches none. It never
fires when a reference holds the word "or" ("Trick or Treat": the "or" may be the reference's own), when the
committed answer is a reference (bare words equal), or on other task types.
Caveats the count lists (each fired row whose "or" is a synonym ", or"-less "groundhog or woodchuck", a unit
conversion without a comma, or an "or" in a title without quotes): printed, then named in the "Run" part.

Adoption criterion (as stop 55's, scripts/stacked_other_year_check.py), on TRAIN and DEV rows only: on the sources
labelled against their references (evouna-nq train and dev, and every bundled model-written open-QA corpus,
`tests/fixtures/model_openqa_*.jsonl`, except any whose name holds "round14"), the rule fires on no row labelled
correct, or, if on some, `stacked`'s right verdicts on the fired rows rise with the rule pooled over those sets
(with > without) and fall in none of the three groups (evouna-nq train, evouna-nq dev, the corpora pooled); and on
nq301's DEV split (labelled against the world) the rule costs `stacked` no row (with >= without). Only if adopted:
wire it (a module beside judges/learned/other_year.py), then run `--test` once and report it.

Usage: OMP_NUM_THREADS=1 python scripts/stacked_or_list_check.py [--test] [--show]

Run (2026-12-07, stop 57, at e2c6069: the stop-57 files; `--show`, train and dev rows only, no test split scored):

| set | rows | fired | labelled correct | `stacked` right, without / with the rule |
|---|---|---|---|---|
| evouna-nq train / dev | 9,149 / 2,838 | 63 / 17 | 61 / 15 | 55 / 2, 16 / 2 |
| nq301 train / dev (labelled against the world) | 2,184 / 756 | 2 / 0 | 2 / 0 | 1 / 0, 0 / 0 |
| model-written corpora (committed, committed2, markup, styles, rounds 5-13) | 5,997 | 14 | 4 | 10 / 10 |
| of which round 13 | 600 | 6 | 0 | 3 / 6 |

Gain in right verdicts on fired rows: evouna-nq train -53, dev -14, corpora 0. **Not adopted** (fires on 80 rows
labelled correct; `stacked` would lose 67). evouna-nq's labellers accept an "or" that names a synonym or a second
name ("the crossbar or cross stroke", "pottery or ceramics", "the actin filaments or microfilaments", "Sunzi or Sun
Wu", "The sinoatrial (SA) node or natural pacemaker"), a restatement ("approximately 24 hours or one day", "0.1
millimeters or 100 micrometers": the "that is" reading without a comma), an either-is-right list ("performed in Greek
or English", "from a bank or credit union") and an "or" in the reply's own elaboration ("36 full or partial
scholarships", "cadmium contaminated water or food"); of the 12 fired train rows of 15 words or fewer, 11 are labelled
correct. No "or" inside a reference or a quoted title fired. Round 13's six fired rows are all labelled incorrect
(the rule's motivating cases: +3 there); rounds 6, 8 and committed2 fire on long replies where "or" is incidental;
round 12's two fired rows are labelled correct ("a ruler or measuring tape" for Tape Measure).
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from judgesuite.judges import Sample, make_judge
from judgesuite.judges.learned.committed import committed_span
from judgesuite.judges.spelling import fold
from judgesuite.suite.data.loader import load_bundled

sys.path.insert(0, str(Path(__file__).resolve().parent))
import stacked_other_year_check as other_year_check  # noqa: E402

UNREAD: tuple[str, ...] = ("round14", "round15", "round16", "round17", "round18")  # unread at its run (stop 57; 16-18)
MAX_CHARS = 2000
SIDE_WORDS = 3
ITEM_WORDS = 4
MAX_ITEMS = 6
_STOP = frozenset("""a an the some any either of to in on at by for from with into onto as is are was were be been being
it its it's this that these those there here he she they them his her their we you your i my me our us who whom whose
which what where when why how than then also just only very can could would should may might will shall do does did
has have had not no so such like if but and or nor one ones something anything thing things type kind sort
form""".split())
_NOT_ALTERNATIVE = frozenset("""not so more less fewer greater higher lower above below older younger later earlier else
similar something anything otherwise rather whatever thereabouts other others another""".split())
_TOKEN = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*|[^\w\s]")
_QUOTED = re.compile(r"\"[^\"\n]{1,200}\"|\u201c[^\u201d\n]{1,200}\u201d|(?<!\w)'[^'\n]{1,200}'(?!\w)")


def _content(words: list[str]) -> set[str]:
    out = set()
    for w in words:
        if w in _STOP:
            continue
        out.add(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w)
    return out


def _is_word(tok: str) -> bool:
    return bool(re.match(r"[^\W_]", tok))


def _alternatives(toks: list[str], i: int) -> list[list[str]] | None:
    """The alternatives around the "or" at toks[i] (see the docstring), or None where it is skipped."""
    right = []
    for tok in toks[i + 1:]:
        if not _is_word(tok) or len(right) == SIDE_WORDS:
            break
        right.append(tok)
    if not right or right[0] in _NOT_ALTERNATIVE:
        return None
    items: list[list[str]] = []
    j = i - 1
    if j >= 0 and toks[j] == ",":  # a comma list "A, B, or C"
        while j >= 0 and toks[j] == "," and len(items) < MAX_ITEMS:
            item, k = [], j - 1
            while k >= 0 and _is_word(toks[k]) and len(item) <= ITEM_WORDS:
                item.insert(0, toks[k])
                k -= 1
            if not item:
                break
            items.append(item[-ITEM_WORDS:] if k >= 0 and toks[k] == "," else item[-SIDE_WORDS:])
            j = k
        if len(items) < 2:  # "X, or Y": a synonym or a restatement
            return None
    else:
        item, k = [], j
        while k >= 0 and _is_word(toks[k]) and len(item) < SIDE_WORDS:
            item.insert(0, toks[k])
            k -= 1
        items.append(item)
    alts = items + [right]
    if any(not _content(a) for a in alts):
        return None
    return alts


def or_list(sample: Sample) -> tuple[str, str] | None:
    """(the alternative matching a reference, one matching none) where the rule fires, else None."""
    if sample.task_type != "open_qa" or not isinstance(sample.candidate, str):
        return None
    refs = [fold(str(r)).lower() for r in sample.references]
    ref_words = [[t for t in _TOKEN.findall(r) if _is_word(t)] for r in refs]
    if any("or" in w for w in ref_words):
        return None
    ref_content = [_content(w) for w in ref_words]
    text = fold(committed_span(sample.candidate, True) or sample.candidate)[:MAX_CHARS].lower()
    text = re.sub(r"\band\s*/\s*or\b", "or", text)
    bare = [t for t in _TOKEN.findall(text) if _is_word(t) and t not in ("a", "an", "the")]
    if any(bare == [t for t in w if t not in ("a", "an", "the")] for w in ref_words):
        return None
    quoted = [m.span() for m in _QUOTED.finditer(text)]
    question = " ".join(t for t in _TOKEN.findall(fold(sample.question or "").lower()) if _is_word(t))
    spans = [(m.group(), m.start()) for m in _TOKEN.finditer(text) if m.group() != "either"]
    toks = [t for t, _ in spans]
    for i, (tok, start) in enumerate(spans):
        if tok != "or" or any(a <= start < b for a, b in quoted):
            continue
        alts = _alternatives(toks, i)
        if alts is None:
            continue
        left_words = [t for t in toks[:i] if _is_word(t)]
        if left_words and f" {left_words[-1]} or {alts[-1][0]} " in f" {question} ":
            continue
        hit = [any(_content(a) & rc for rc in ref_content) for a in alts]
        if any(hit) and not all(hit):
            return " ".join(alts[hit.index(True)]), " ".join(alts[hit.index(False)])
    return None


def corpora() -> list[tuple[str, list[Sample], list[bool]]]:
    """The bundled model-written open-QA corpora (labelled against their references), but this script's UNREAD."""
    return other_year_check.corpora(UNREAD)


def score(name: str, samples: list[Sample], labels: list[bool], judge, show: bool) -> dict:
    """Rows the rule fires on, those labelled correct, and `stacked`'s right verdicts on them without / with it."""
    fired = [(i, hit) for i, s in enumerate(samples) if (hit := or_list(s)) is not None]
    accepted = []
    if fired:  # the judge as shipped (forest and rules), without this rule
        accepted = [bool(v.correct) for v in judge.judge([samples[i] for i, _ in fired])]
    if show:
        for (i, (match, other)), acc in zip(fired, accepted):
            s = samples[i]
            print(f"[{name}] label={labels[i]} stacked={acc} | {match!r} or {other!r} | refs={list(s.references)[:3]}"
                  f" | q={s.question[:80]!r} | a={(committed_span(s.candidate, True) or s.candidate)[:160]!r}")
    before = sum(a == labels[i] for a, (i, _) in zip(accepted, fired))
    after = sum(not labels[i] for i, _ in fired)
    return {"set": name, "rows": len(samples), "fired": len(fired),
            "fired_labelled_correct": sum(labels[i] for i, _ in fired), "stacked_right_without": before,
            "stacked_right_with": after}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--test", action="store_true", help="also the bundled sets' test splits (report once)")
    ap.add_argument("--show", action="store_true", help="print every fired row of the dev splits and corpora")
    args = ap.parse_args(argv)
    judge = make_judge("stacked")
    splits = ("train", "dev", "test") if args.test else ("train", "dev")
    table = []
    for source in ("evouna-nq", "openqa-eval-nq301"):
        for split in splits:
            rows = load_bundled(source, split).scorable()
            table.append(score(f"{source}:{split}", [r.sample for r in rows], [bool(r.label) for r in rows], judge,
                               args.show and split != "train"))
    table += [score(name, samples, labels, judge, args.show) for name, samples, labels in corpora()]
    print("| set | rows | fired | labelled correct | stacked right, without / with the rule |")
    print("|---|---|---|---|---|")
    for t in table:
        print(f"| {t['set']} | {t['rows']} | {t['fired']} | {t['fired_labelled_correct']} | "
              f"{t['stacked_right_without']} / {t['stacked_right_with']} |")
    groups = {"evouna-nq:train": [], "evouna-nq:dev": [], "corpora": []}
    for t in table:
        if t["set"].startswith("model_openqa_"):
            groups["corpora"].append(t)
        elif t["set"] in groups:
            groups[t["set"]].append(t)
    gain = {g: sum(t["stacked_right_with"] - t["stacked_right_without"] for t in ts) for g, ts in groups.items()}
    none_correct = not any(t["fired_labelled_correct"] for ts in groups.values() for t in ts)
    nq301_dev = next(t for t in table if t["set"] == "openqa-eval-nq301:dev")
    adopt = ((none_correct or (sum(gain.values()) > 0 and min(gain.values()) >= 0))
             and nq301_dev["stacked_right_with"] >= nq301_dev["stacked_right_without"])
    print(f"\ngain with the rule, right verdicts on fired rows: {gain}; nq301 dev "
          f"{nq301_dev['stacked_right_without']} -> {nq301_dev['stacked_right_with']}")
    print(f"adopt: {adopt}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
