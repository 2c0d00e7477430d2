"""Open-QA round 17 of issue 37 (corpus model_openqa_round17.jsonl of the test fixtures, split `heldout-oqa-round17`):
round 16's design on MORE official test questions of ARC-Easy, ARC-Challenge and MMLU (factual subjects), asked
WITHOUT their options (the gold option's text the only reference), in six NEW output formats (none of rounds 6-16's),
built frozen and unread, a held-out set for a later session.

Usage:
    python scripts/build_model_openqa_round17.py draw        # the shared test files -> the frozen questions file
    python scripts/build_model_openqa_round17.py generate --model smollm2-135m --until 23:35
    python scripts/build_model_openqa_round17.py collect     # the raw replies -> model_openqa_round17.replies.jsonl
    python scripts/build_model_openqa_round17.py finalize    # replies + model_openqa_round17.labels.json -> corpus

Design, committed before the draw and generation: round 16's (scripts/build_model_openqa_round16.py, so rounds 15,
14, 13, 12, 11 and 7's) in everything but the draw's exclusions and cap, the benchmarks drawn, the prompt kinds and
the additions to the labelling guideline below.
- Source and pool: round 16's, by import (`shared_items`, round 11's `pool` with its filter `usable` and
  `MMLU_SUBJECTS` verbatim, round 14's `earlier` and `bundled_mcqa_texts` exclusions, round 16's `earlier_draws`:
  rounds 14 and 15's drawn), less round 16's 150 drawn questions (ids and normalized texts, from its frozen
  questions file, read by round 15's `round14_drawn`), and WITHOUT OpenBookQA: round 16 drew 30 of the 31 test
  questions its pool kept, so one is left, too few for a benchmark's share; every OpenBookQA test row's id and
  normalized text is passed to round 14's `draw` as excluded and skipped (`openbookqa_rows`), so the pool is ARC-Easy,
  ARC-Challenge and MMLU only. Math rounds' questions after round 13 are not read (math questions, another source).
  Fit check, run once before this design was committed (the filter only, no draw): MMLU 841, ARC-Easy 591,
  ARC-Challenge 117, OpenBookQA 1 before it is left out (round 16's pool, MMLU 881, ARC-Easy 631, ARC-Challenge 157,
  OpenBookQA 31, less its draw of 40, 40, 40 and 30).
- Draw (`draw`): round 14's `draw` by import with the new seed SEED (1717, recorded; decoding keeps seed 37) and a
  cap CAP of 50: sorted by question id, shuffled with `random.Random(1717)`, taken in that order, a benchmark's row
  skipped once it has 50, until 150, so 50 per benchmark (every one keeps more than 50). Frozen in QUESTIONS
  (model_openqa_round17.questions.jsonl in the test fixtures), committed before generation; generation, collect and
  finalize read it; the test rebuilds the draw from the shared files when they are on the machine.
- Training data of the judges read later: round 16's paragraph (so round 15's), checked again on 2026-12-07 (no
  commit since round 16's design touched judges/learned/models, suite/data/synthetic.py or datasets/training);
  round 14's `skip` (by import) drops every official test question whose text is a bundled train or validation text,
  so no drawn question's text is in any judge's training data. The rule judges (token-f1, exact-match, contains)
  train on nothing.
- Prompt kinds (`KINDS`), rotated as round 7: draw position k, model position m: KINDS[(k + m) % 6] (25 of each
  kind per model), `other-language` LANGUAGES[((k + m) // 6) % 3] (Arabic, Finnish, Romanian in turn, none of rounds
  7-16's French German Spanish Italian Portuguese Dutch Chinese Russian Polish Japanese Turkish Swedish Korean
  Indonesian Greek Vietnamese Hindi Czech; the gold stays English). None of the five others was asked in rounds 6-16
  (short free json chatty hedged one-word sentence markdown yaml teacher quiz confidence xml reasons-first
  restate-first tweet eli5 csv dialogue fill-in headline email code-comment radio numbered-steps latex words bullets
  sms trivia-host encyclopedia table-row couplet): `yes-no-first` puts a Yes or No the question never asks for before
  the answer (no earlier kind asked for a polarity word; hedged and confidence added a doubt or a figure, not a
  verdict); `crossword` asks for the answer in capitals with its letter count in brackets, the only format whose
  added number counts the answer's letters (one-word asked for one word, headline for capitals of a whole title);
  `log-line` asks for a machine log line `INFO answer=<answer>` (a level word and an unquoted key=value pair; json,
  yaml, xml and csv were data records without a log level, code-comment a comment); `footnote` asks for the answer
  with a footnote marker [1] and the footnote text (a bracketed number and a second, source-like text; no earlier
  kind had a marker or a note); `museum-placard` makes the answer the TITLE of an exhibit label followed by a
  description (headline was a title about the answer, encyclopedia a defining sentence; a placard's title line is
  the bare answer as a heading, its description another thing). Chat models: the instruction then
  "\\n\\nQuestion: <q>?", new-token limits (`MAX_TOKENS`) by the length the format asks for:
  * `yes-no-first`: "Start your reply with Yes or No, then give the answer." (48)
  * `crossword`: "Answer as a crossword solution: the answer in capital letters, then its letter count in brackets."
    (32)
  * `log-line`: "Answer with a single log line of the form: INFO answer=<answer>" (48)
  * `footnote`: "Answer in one sentence with a footnote marker [1], then give the footnote." (96)
  * `museum-placard`: "Answer as a museum placard: a title line naming the answer, then a one-sentence description."
    (96)
  * `other-language`: round 7's prompt, "Answer the following question in <L>. Reply only in <L>." (64)
  The base model (gemma, few-shot, stops at a newline, so each example answer is ONE line) gets `FEW_SHOT_HEAD[kind]`
  (the chat instruction; for `footnote` "Answer in one sentence with a footnote marker [1], then give the footnote,
  on one line.", for `museum-placard` "Answer as a museum placard on one line: a title naming the answer, then a
  one-sentence description.", since a newline ends its reply), round 6's three example questions with the answers of
  `SHOT_ANSWERS` (the same facts as rounds 7-16's: Rafael Nadal, 3, the United States Senate), then "Q: <q>?\\nA:":
  * yes-no-first: "Yes: Rafael Nadal won it." / "Yes: an equilateral triangle has 3 lines of symmetry." / "No, not
    the House: the United States Senate sets its own rules."
  * crossword: "RAFAEL NADAL (6,5)" / "THREE (5)" / "UNITED STATES SENATE (6,6,6)"
  * log-line: "INFO answer=Rafael Nadal" / "INFO answer=3" / "INFO answer=United States Senate"
  * footnote: "Rafael Nadal won it.[1] [1] He beat Dominic Thiem in the final." / "An equilateral triangle has 3 lines
    of symmetry.[1] [1] One runs through each corner." / "The United States Senate sets them.[1] [1] Article I of the
    Constitution lets each chamber set its own rules."
  * museum-placard: "Rafael Nadal. Madrid Open men's singles champion, 2017, on clay." / "3. The lines of symmetry of
    an equilateral triangle, one through each corner." / "The United States Senate. The chamber that sets its own
    rules of proceeding."
  * other-language: round 7's "Answer the question in <L>." / Arabic "فاز رافائيل نادال." / "للمثلث متساوي الأضلاع
    ثلاثة محاور تماثل." / "مجلس الشيوخ الأمريكي."; Finnish "Rafael Nadal voitti." / "Tasasivuisella kolmiolla on
    kolme symmetria-akselia." / "Yhdysvaltain senaatti."; Romanian "A câștigat Rafael Nadal." / "Un triunghi
    echilateral are trei axe de simetrie." / "Senatul Statelor Unite."
- Models, decoding: round 16's: the same four models and files (round 6's `MODELS`), greedy (seed 37), one thread,
  8 requests together, the kinds in turn (round 7's `generate`), one model at a time, smallest first, `--until 23:35`
  UTC on 2026-12-07 (no batch starts after it; a model cut short keeps the replies it gave; if not all four finish,
  the card labels which finished completely and the round is built from the replies given).
- Labelling guideline: round 16's, verbatim (so rounds 15, 14, 13, 12, 11, 7 and 6's: every reply read by the helper
  that built the round against the question and the gold option only, before any judge of the project runs on these
  rows, a reason for every incorrect one; the label is against the REFERENCE (the gold option), as the judges see
  only it: correct iff the committed answer names the same thing as the gold option (a synonym, a paraphrase, a more
  precise form of the same thing); an answer that may be true of the world but names something else than the gold
  option is incorrect, its reason starting "another answer (defensible)"; a broader or vaguer answer is incorrect
  ("too broad"); round 16's readings of sms, trivia-host, encyclopedia, table-row, couplet and other-language kept,
  round 15's of headline, email, code-comment, radio and numbered-steps, round 14's of tweet, eli5, csv (with round
  15's csv-sentence point), dialogue and fill-in, and its two points on lists and on too broad or more precise: a
  question takes a list only when its words ask for several things, a question asking for one thing answered with
  several different candidates is "a list, no commitment"; the reply's answer words are read alone, words that also
  cover things the gold excludes are too broad, words all of whose sense falls under the gold more precise and
  correct, one particular way or example of the gold "another answer (defensible)" unless the reply also names the
  gold). Added for the new formats:
  * `yes-no-first`: the answer after the Yes or No; the Yes or No itself is no answer and does not change it (a
    "No" before the gold is still the gold); a bare Yes or No with no answer after it: no readable answer; where the
    words after "No" reject a candidate and name another, the one named as the answer is read.
  * `crossword`: the capitalized answer (the letter count is no answer and no figure of it, even when it is a digit;
    a wrong count does not change the answer; spaces dropped between words, "UNITEDSTATES", no change); a count alone
    or the question's words in capitals: no readable answer.
  * `log-line`: the value after "answer=" (quotes, underscores for spaces, the level word and any timestamp or other
    key are no answer; a value in another case is the same answer); a log line without an answer value (an error
    line, "answer=" empty or a placeholder such as <answer>): no readable answer.
  * `footnote`: the answer the main sentence commits to; the footnote is a note, read only where the main sentence
    names no answer and the note does (a footnote naming another thing than the main sentence's answer does not make
    a list).
  * `museum-placard`: the answer the title line names (the exhibit's name); where the title is a topic or the
    question's words and the description names the answer, the description's answer; a title of the question's topic
    and a description naming none: no readable answer.
  * `other-language` as round 7 (a translation of the gold names the same thing).
  No project judge code or regex extracts or labels anything.
- Split `heldout-oqa-round17`, row ids `oqa17-<model>-<question id>`. Frozen, unread: no judge of the project runs
  on these rows (`scripts/stacked_other_year_check.py` and `scripts/stacked_or_list_check.py` list the round in
  UNREAD); a later session reads it once (card).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_model_openqa_round6 as r6  # noqa: E402
import build_model_openqa_round7 as r7  # noqa: E402
import build_model_openqa_round11 as r11  # noqa: E402
import build_model_openqa_round14 as r14  # noqa: E402
import build_model_openqa_round15 as r15  # noqa: E402
import build_model_openqa_round16 as r16  # noqa: E402

FIXTURES = r6.FIXTURES
OUT, REPLIES, LABELS, RAW, SPLIT, TAG = r7.round_files(17)
QUESTIONS = FIXTURES / "model_openqa_round17.questions.jsonl"
SHARED = r14.SHARED
SEED = 1717  # the draw's; decoding keeps round 7's seed 37
CAP = 50  # three benchmarks, 50 each
MODELS = r7.MODELS
LEFT_OUT = "openbookqa"  # every one of its rows excluded (`openbookqa_rows`)
BENCHMARKS = tuple(b for b in r14.BENCHMARKS if b != LEFT_OUT)  # the benchmarks drawn
KINDS = ("yes-no-first", "crossword", "log-line", "footnote", "museum-placard", "other-language")
LANGUAGES = ("Arabic", "Finnish", "Romanian")
MAX_TOKENS = {"yes-no-first": 48, "crossword": 32, "log-line": 48, "footnote": 96, "museum-placard": 96,
              "other-language": 64}
_HEADS = {"yes-no-first": "Start your reply with Yes or No, then give the answer.",
          "crossword": "Answer as a crossword solution: the answer in capital letters, then its letter count in "
                       "brackets.",
          "log-line": "Answer with a single log line of the form: INFO answer=<answer>",
          "footnote": "Answer in one sentence with a footnote marker [1], then give the footnote.",
          "museum-placard": "Answer as a museum placard: a title line naming the answer, then a one-sentence "
                            "description."}
CHAT = {kind: text + "\n\nQuestion: {question}?" for kind, text in _HEADS.items()}
CHAT["other-language"] = r7.CHAT["other-language"]
FEW_SHOT_HEAD = {**_HEADS,
                 "footnote": "Answer in one sentence with a footnote marker [1], then give the footnote, on one line.",
                 "museum-placard": "Answer as a museum placard on one line: a title naming the answer, then a "
                                   "one-sentence description.",
                 "other-language": r7.FEW_SHOT_HEAD["other-language"]}
# round 6's three few-shot questions (Madrid Open 2017, an equilateral triangle's lines of symmetry, the rules of the
# US House and Senate) answered in each kind's format, one line each (the base model stops at a newline)
SHOT_ANSWERS = {
    "yes-no-first": ("Yes: Rafael Nadal won it.", "Yes: an equilateral triangle has 3 lines of symmetry.",
                     "No, not the House: the United States Senate sets its own rules."),
    "crossword": ("RAFAEL NADAL (6,5)", "THREE (5)", "UNITED STATES SENATE (6,6,6)"),
    "log-line": ("INFO answer=Rafael Nadal", "INFO answer=3", "INFO answer=United States Senate"),
    "footnote": ("Rafael Nadal won it.[1] [1] He beat Dominic Thiem in the final.",
                 "An equilateral triangle has 3 lines of symmetry.[1] [1] One runs through each corner.",
                 "The United States Senate sets them.[1] [1] Article I of the Constitution lets each chamber set its "
                 "own rules."),
    "museum-placard": ("Rafael Nadal. Madrid Open men's singles champion, 2017, on clay.",
                       "3. The lines of symmetry of an equilateral triangle, one through each corner.",
                       "The United States Senate. The chamber that sets its own rules of proceeding."),
    "Arabic": ("فاز رافائيل نادال.", "للمثلث متساوي الأضلاع ثلاثة محاور تماثل.", "مجلس الشيوخ الأمريكي."),
    "Finnish": ("Rafael Nadal voitti.", "Tasasivuisella kolmiolla on kolme symmetria-akselia.",
                "Yhdysvaltain senaatti."),
    "Romanian": ("A câștigat Rafael Nadal.", "Un triunghi echilateral are trei axe de simetrie.",
                 "Senatul Statelor Unite.")}
shared_items, earlier, bundled_mcqa_texts = r14.shared_items, r14.earlier, r14.bundled_mcqa_texts


def earlier_draws() -> tuple[frozenset[str], frozenset[str]]:
    """Question ids and normalized texts of rounds 14, 15 and 16's drawn questions (their frozen questions files)."""
    (ids, texts), (ids16, texts16) = r16.earlier_draws(), r15.round14_drawn(r16.QUESTIONS)
    return ids | ids16, texts | texts16


def openbookqa_rows(root: Path = SHARED) -> tuple[frozenset[str], frozenset[str]]:
    """Question ids and normalized texts of every OpenBookQA test row in the shared folder (left out of the pool)."""
    items = shared_items(LEFT_OUT, root)
    return (frozenset(f"{LEFT_OUT}-{it.id}" for it in items),
            frozenset(" ".join(r11.words(it.question)) for it in items))


def draw(root: Path = SHARED) -> list[dict]:
    """The design's draw from the shared files: round 16's pool less its draw and OpenBookQA, this seed and cap."""
    (ids, texts), (obqa_ids, obqa_texts) = earlier_draws(), openbookqa_rows(root)
    return r14.draw(root, seed=SEED, exclude=ids | obqa_ids, skip=texts | obqa_texts, cap=CAP)


def write_questions(root: Path = SHARED) -> list[dict]:
    return r14.save_questions(draw(root), QUESTIONS)


def drawn() -> list[dict]:
    """This round's 150 questions, from its frozen questions file, in drawn order (k: the position in the draw)."""
    return r14.drawn(QUESTIONS)


prompt_kind, language_of, style, prompt_of, generate = r7.style_commands(globals())
_, collect, _, _ = r7.round_commands(globals())
ROW_ARGS = {**r14.ROW_ARGS, "split": SPLIT, "tag": TAG}


rows, finalize, main = r14.official_commands(globals())


if __name__ == "__main__":
    raise SystemExit(main())
