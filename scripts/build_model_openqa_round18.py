"""Open-QA round 18 of issue 37 (corpus model_openqa_round18.jsonl of the test fixtures, split `heldout-oqa-round18`):
round 17's design on MORE official test questions of ARC-Easy, ARC-Challenge and MMLU (factual subjects), asked
WITHOUT their options (the gold option's text the only reference), in six NEW output formats (none of rounds 6-17's),
built frozen and unread, a held-out set for a later session.

Usage:
    python scripts/build_model_openqa_round18.py draw        # the shared test files -> the frozen questions file
    python scripts/build_model_openqa_round18.py generate --model smollm2-135m --until 02:00
    python scripts/build_model_openqa_round18.py collect     # the raw replies -> model_openqa_round18.replies.jsonl
    python scripts/build_model_openqa_round18.py finalize    # replies + model_openqa_round18.labels.json -> corpus

Design, committed before the draw and generation: round 17's (scripts/build_model_openqa_round17.py, so rounds 16,
15, 14, 13, 12, 11 and 7's) in everything but the draw's exclusions, the prompt kinds and the additions to the
labelling guideline below.
- Source and pool: round 17's, by import (`shared_items`, round 11's `pool` with its filter `usable` and
  `MMLU_SUBJECTS` verbatim, round 14's `earlier` and `bundled_mcqa_texts` exclusions, round 17's `earlier_draws`:
  rounds 14, 15 and 16's drawn, and its `openbookqa_rows`), less round 17's 150 drawn questions (ids and normalized
  texts, from its frozen questions file, read by round 15's `round14_drawn`). OpenBookQA is used up (round 16 drew
  30 of the 31 test questions its pool kept; one is left) and stays left out as in round 17: every OpenBookQA test
  row's id and normalized text is excluded, so the pool is ARC-Easy, ARC-Challenge and MMLU only. Math rounds'
  questions after round 13 are not read (math questions, another source). Fit check, run once before this design was
  committed (the filter only, no draw): MMLU 791, ARC-Easy 541, ARC-Challenge 67, OpenBookQA 1 before it is left out
  (round 17's pool, MMLU 841, ARC-Easy 591, ARC-Challenge 117, less its draw of 50 each).
- Draw (`draw`): round 14's `draw` by import with the new seed SEED (1818, recorded; decoding keeps seed 37) and
  round 17's cap CAP of 50: sorted by question id, shuffled with `random.Random(1818)`, taken in that order, a
  benchmark's row skipped once it has 50, until 150, so 50 per benchmark (ARC-Challenge 50 of its 67; MMLU and
  ARC-Easy keep hundreds). ARC-Challenge is nearly used up: 17 of its test questions are left after this round, so
  round 19 cannot draw 50 more from it (a later round needs another benchmark or a smaller share). Frozen in
  QUESTIONS (model_openqa_round18.questions.jsonl in the test fixtures), committed before generation; generation,
  collect and finalize read it; the test rebuilds the draw from the shared files when they are on the machine.
- Training data of the judges read later: round 17's paragraph (so rounds 16 and 15's), checked again on 2026-12-08
  (no commit since round 17's design touched judges/learned/models, suite/data/synthetic.py or datasets/training);
  round 14's `skip` (by import) drops every official test question whose text is a bundled train or validation text,
  so no drawn question's text is in any judge's training data. The rule judges (token-f1, exact-match, contains)
  train on nothing.
- Prompt kinds (`KINDS`), rotated as round 7: draw position k, model position m: KINDS[(k + m) % 6] (25 of each
  kind per model), `other-language` LANGUAGES[((k + m) // 6) % 3] (Hungarian, Ukrainian, Danish in turn, none of
  rounds 7-17's French German Spanish Italian Portuguese Dutch Chinese Russian Polish Japanese Turkish Swedish Korean
  Indonesian Greek Vietnamese Hindi Czech Arabic Finnish Romanian; the gold stays English). None of the five others
  was asked in rounds 6-17 (short free json chatty hedged one-word sentence markdown yaml teacher quiz confidence xml
  reasons-first restate-first tweet eli5 csv dialogue fill-in headline email code-comment radio numbered-steps latex
  words bullets sms trivia-host encyclopedia table-row couplet yes-no-first crossword log-line footnote
  museum-placard): `ranked-guesses` asks for THREE candidate answers ranked by likelihood, the only format that asks
  for several candidates of one answer (hedged and confidence added doubt or a figure to one answer; numbered-steps
  and bullets listed steps or reasons, not rival answers); `flash-card` puts the question and the answer on a card's
  labelled sides "Front:" and "Back:" (table-row put them in unlabelled cells, dialogue gave them to two speakers);
  `url-slug` asks for the answer as a web path, lowercase words joined by hyphens after "/answer/" (no earlier kind
  joined the answer's words or wrapped them in a path; tweet's hashtag was beside a text, log-line's value a
  key=value pair); `did-you-know` states the answer inside a question sentence, "Did you know that ...?" (every
  earlier kind stated it in a statement, a record or a verse); `html` wraps the answer in HTML display tags, a
  <strong> inside a <p> (xml was a data record of named elements, markdown bold text, latex a boxed formula). Chat
  models: the instruction then "\\n\\nQuestion: <q>?", new-token limits (`MAX_TOKENS`) by the length the format
  asks for:
  * `ranked-guesses`: "Give your three best guesses, ranked from most to least likely, as a numbered list 1. 2. 3."
    (64)
  * `flash-card`: "Answer as a flash card: a line 'Front:' with the question, then a line 'Back:' with the answer."
    (64)
  * `url-slug`: "Answer with only a URL path naming the answer: /answer/ followed by the answer in lowercase words
    joined by hyphens." (32)
  * `did-you-know`: "Answer as a 'Did you know?' fact: one sentence starting 'Did you know that' that states the
    answer." (64)
  * `html`: "Answer with one line of HTML: a <p> paragraph with the answer in <strong> tags." (64)
  * `other-language`: round 7's prompt, "Answer the following question in <L>. Reply only in <L>." (64)
  The base model (gemma, few-shot, stops at a newline, so each example answer is ONE line) gets `FEW_SHOT_HEAD[kind]`
  (the chat instruction; for `ranked-guesses` "Give your three best guesses on one line, ranked from most to least
  likely: 1. 2. 3.", for `flash-card` "Answer as a flash card on one line: 'Front:' with the question, then 'Back:'
  with the answer.", since a newline ends its reply), round 6's three example questions with the answers of
  `SHOT_ANSWERS` (the same facts as rounds 7-17's: Rafael Nadal, 3, the United States Senate), then "Q: <q>?\\nA:":
  * ranked-guesses: "1. Rafael Nadal 2. Dominic Thiem 3. Novak Djokovic" / "1. 3 2. 6 3. 1" / "1. the United States
    Senate 2. the Vice President 3. the Supreme Court"
  * flash-card: "Front: Who won the 2017 men's singles Madrid Open? Back: Rafael Nadal" / "Front: How many lines of
    symmetry does an equilateral triangle have? Back: 3" / "Front: Who determines the rules of the US Senate? Back:
    the United States Senate"
  * url-slug: "/answer/rafael-nadal" / "/answer/3" / "/answer/united-states-senate"
  * did-you-know: "Did you know that Rafael Nadal won the 2017 Madrid Open on clay?" / "Did you know that an
    equilateral triangle has 3 lines of symmetry?" / "Did you know that the United States Senate sets its own
    rules?"
  * html: "<p>The winner was <strong>Rafael Nadal</strong>.</p>" / "<p>It has <strong>3</strong> lines of
    symmetry.</p>" / "<p><strong>The United States Senate</strong> sets its own rules.</p>"
  * other-language: round 7's "Answer the question in <L>." / Hungarian "Rafael Nadal nyerte." / "Az egyenlő oldalú
    háromszögnek három szimmetriatengelye van." / "Az Egyesült Államok Szenátusa."; Ukrainian "Переміг Рафаель
    Надаль." / "Рівносторонній трикутник має три осі симетрії." / "Сенат Сполучених Штатів."; Danish "Rafael Nadal
    vandt." / "En ligesidet trekant har tre symmetriakser." / "Det amerikanske senat."
- Models, decoding: round 17's: the same four models and files (round 6's `MODELS`), greedy (seed 37), one thread,
  8 requests together, the kinds in turn (round 7's `generate`), one model at a time, smallest first, `--until 02:00`
  UTC on 2026-12-08 (no batch starts after it; a model cut short keeps the replies it gave; if not all four finish,
  the card labels which finished completely and the round is built from the replies given).
- Labelling guideline: round 17's, verbatim (so rounds 16, 15, 14, 13, 12, 11, 7 and 6's: every reply read by the
  helper that built the round against the question and the gold option only, before any judge of the project runs
  on these rows, a reason for every incorrect one; the label is against the REFERENCE (the gold option), as the
  judges see only it: correct iff the committed answer names the same thing as the gold option (a synonym, a
  paraphrase, a more precise form of the same thing); an answer that may be true of the world but names something
  else than the gold option is incorrect, its reason starting "another answer (defensible)"; a broader or vaguer
  answer is incorrect ("too broad"); round 17's readings of yes-no-first, crossword, log-line, footnote,
  museum-placard and other-language kept, round 16's of sms, trivia-host, encyclopedia, table-row and couplet, round
  15's of headline, email, code-comment, radio and numbered-steps, round 14's of tweet, eli5, csv (with round 15's
  csv-sentence point), dialogue and fill-in, and its two points on lists and on too broad or more precise: a
  question takes a list only when its words ask for several things, a question asking for one thing answered with
  several different candidates is "a list, no commitment"; the reply's answer words are read alone, words that also
  cover things the gold excludes are too broad, words all of whose sense falls under the gold more precise and
  correct, one particular way or example of the gold "another answer (defensible)" unless the reply also names the
  gold). Decided for the two questions round 17's second reader raised, applied the same way to every reply:
  * (a) A member or kind named where the gold is a category ("copper" for "metal", "climate change" for
    "environmental changes", "oak" for "wood"): "another answer (defensible)", unless the reply also names the
    category ("copper, a metal"). Why: the reference names the class, the reply one member of it, another and
    narrower claim that the reference cannot confirm; round 14's rule on "one particular example of the gold" already
    reads it so. A more precise form of the SAME thing (a qualifier on the gold's own words or an exact synonym:
    "UV light" for "ultraviolet light", "sunlight" for "sunbeams") stays correct. This replaces rounds 16-17's
    readings of oak for wood and copper for metal for this round.
  * (b) A bare expression or phrase that restates the question without a value (the question's quantities written as
    a sum, product or ratio left unevaluated, "mass times acceleration", "distance / time"; the question's own words
    or figure): no readable answer, even where it would evaluate to the gold. Why: the reply commits to no value; the
    reader does not compute for the model, and a judge comparing the reply to the reference sees no answer. Where the
    gold option is itself such an expression, the same expression is the gold (correct).
  Added for the new formats:
  * `ranked-guesses`: the first-ranked guess (the one numbered 1, or the one the reply itself marks most likely) is
    the committed answer; the lower guesses are no answer and do not make a list, the gold among them or not (the
    format asks for rival candidates in an order, and the order commits to the first); guesses given without any
    rank or order mark: a list, no commitment; where the question asks for several things, the list rule above.
  * `flash-card`: the text after "Back:" (the front, a restated question, is no answer; where there is no "Back:",
    the answer the card's text commits to; a back that repeats the question or is empty: no readable answer).
  * `url-slug`: the words of the path after "/answer/" (hyphens read as spaces, lower case no change; other path
    parts, a domain or a file ending such as ".html", no answer); a slug of the question's words: no readable answer.
  * `did-you-know`: the answer the sentence states inside "Did you know that ...?" (the question form is no doubt and
    changes nothing); a sentence that only repeats the question's topic: no readable answer.
  * `html`: the text inside the <strong> tags (tags and entities are no answer); where no <strong> holds an answer,
    the answer the paragraph's text commits to.
  * `other-language` as round 7 (a translation of the gold names the same thing).
  No project judge code or regex extracts or labels anything.
- Split `heldout-oqa-round18`, row ids `oqa18-<model>-<question id>`. Frozen, unread: no judge of the project runs
  on these rows (`scripts/stacked_other_year_check.py` and `scripts/stacked_or_list_check.py` list the round in
  UNREAD); a later session reads it once (card).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_model_openqa_round6 as r6  # noqa: E402
import build_model_openqa_round7 as r7  # noqa: E402
import build_model_openqa_round14 as r14  # noqa: E402
import build_model_openqa_round15 as r15  # noqa: E402
import build_model_openqa_round17 as r17  # noqa: E402

FIXTURES = r6.FIXTURES
OUT, REPLIES, LABELS, RAW, SPLIT, TAG = r7.round_files(18)
QUESTIONS = FIXTURES / "model_openqa_round18.questions.jsonl"
SHARED = r14.SHARED
SEED = 1818  # the draw's; decoding keeps round 7's seed 37
CAP = 50  # three benchmarks, 50 each (ARC-Challenge 50 of its 67 left)
MODELS = r7.MODELS
LEFT_OUT = r17.LEFT_OUT  # OpenBookQA: every one of its rows excluded (round 17's `openbookqa_rows`)
BENCHMARKS = r17.BENCHMARKS
KINDS = ("ranked-guesses", "flash-card", "url-slug", "did-you-know", "html", "other-language")
LANGUAGES = ("Hungarian", "Ukrainian", "Danish")
MAX_TOKENS = {"ranked-guesses": 64, "flash-card": 64, "url-slug": 32, "did-you-know": 64, "html": 64,
              "other-language": 64}
_HEADS = {"ranked-guesses": "Give your three best guesses, ranked from most to least likely, as a numbered list "
                            "1. 2. 3.",
          "flash-card": "Answer as a flash card: a line 'Front:' with the question, then a line 'Back:' with the "
                        "answer.",
          "url-slug": "Answer with only a URL path naming the answer: /answer/ followed by the answer in lowercase "
                      "words joined by hyphens.",
          "did-you-know": "Answer as a 'Did you know?' fact: one sentence starting 'Did you know that' that states "
                          "the answer.",
          "html": "Answer with one line of HTML: a <p> paragraph with the answer in <strong> tags."}
CHAT = {kind: text + "\n\nQuestion: {question}?" for kind, text in _HEADS.items()}
CHAT["other-language"] = r7.CHAT["other-language"]
FEW_SHOT_HEAD = {**_HEADS,
                 "ranked-guesses": "Give your three best guesses on one line, ranked from most to least likely: "
                                   "1. 2. 3.",
                 "flash-card": "Answer as a flash card on one line: 'Front:' with the question, then 'Back:' with "
                               "the answer.",
                 "other-language": r7.FEW_SHOT_HEAD["other-language"]}
# round 6's three few-shot questions (Madrid Open 2017, an equilateral triangle's lines of symmetry, the rules of the
# US House and Senate) answered in each kind's format, one line each (the base model stops at a newline)
SHOT_ANSWERS = {
    "ranked-guesses": ("1. Rafael Nadal 2. Dominic Thiem 3. Novak Djokovic", "1. 3 2. 6 3. 1",
                       "1. the United States Senate 2. the Vice President 3. the Supreme Court"),
    "flash-card": ("Front: Who won the 2017 men's singles Madrid Open? Back: Rafael Nadal",
                   "Front: How many lines of symmetry does an equilateral triangle have? Back: 3",
                   "Front: Who determines the rules of the US Senate? Back: the United States Senate"),
    "url-slug": ("/answer/rafael-nadal", "/answer/3", "/answer/united-states-senate"),
    "did-you-know": ("Did you know that Rafael Nadal won the 2017 Madrid Open on clay?",
                     "Did you know that an equilateral triangle has 3 lines of symmetry?",
                     "Did you know that the United States Senate sets its own rules?"),
    "html": ("<p>The winner was <strong>Rafael Nadal</strong>.</p>",
             "<p>It has <strong>3</strong> lines of symmetry.</p>",
             "<p><strong>The United States Senate</strong> sets its own rules.</p>"),
    "Hungarian": ("Rafael Nadal nyerte.", "Az egyenlő oldalú háromszögnek három szimmetriatengelye van.",
                  "Az Egyesült Államok Szenátusa."),
    "Ukrainian": ("Переміг Рафаель Надаль.", "Рівносторонній трикутник має три осі симетрії.",
                  "Сенат Сполучених Штатів."),
    "Danish": ("Rafael Nadal vandt.", "En ligesidet trekant har tre symmetriakser.", "Det amerikanske senat.")}
shared_items, earlier, bundled_mcqa_texts = r14.shared_items, r14.earlier, r14.bundled_mcqa_texts
openbookqa_rows = r17.openbookqa_rows


def earlier_draws() -> tuple[frozenset[str], frozenset[str]]:
    """Question ids and normalized texts of rounds 14-17's drawn questions (their frozen questions files)."""
    (ids, texts), (ids17, texts17) = r17.earlier_draws(), r15.round14_drawn(r17.QUESTIONS)
    return ids | ids17, texts | texts17


def draw(root: Path = SHARED) -> list[dict]:
    """The design's draw from the shared files: round 17's pool less its draw (OpenBookQA left out), seed and cap."""
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
