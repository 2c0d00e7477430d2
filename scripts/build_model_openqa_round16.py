"""Open-QA round 16 of issue 37 (corpus model_openqa_round16.jsonl of the test fixtures, split `heldout-oqa-round16`):
round 15's design on MORE official test questions of ARC-Easy, ARC-Challenge, OpenBookQA and MMLU (factual
subjects), asked WITHOUT their options (the gold option's text the only reference), in six NEW output formats (none of
rounds 6-15's), built frozen and unread, a held-out set for a later session.

Usage:
    python scripts/build_model_openqa_round16.py draw        # the shared test files -> the frozen questions file
    python scripts/build_model_openqa_round16.py generate --model smollm2-135m --until 20:05
    python scripts/build_model_openqa_round16.py collect     # the raw replies -> model_openqa_round16.replies.jsonl
    python scripts/build_model_openqa_round16.py finalize    # replies + model_openqa_round16.labels.json -> corpus

Design, committed before the draw and generation: round 15's (scripts/build_model_openqa_round15.py, so rounds 14,
13, 12, 11 and 7's) in everything but the draw's exclusions and cap, the prompt kinds and the additions to the
labelling guideline below.
- Source and pool: round 15's, by import (`shared_items`, round 11's `pool` with its filter `usable` and
  `MMLU_SUBJECTS` verbatim, round 14's `earlier` and `bundled_mcqa_texts` exclusions, round 14's 150 drawn), less
  round 15's 150 drawn questions (their ids and normalized texts, from its frozen questions file, read by round 15's
  `round14_drawn`). Math rounds' questions after round 13 are not read (math questions, another source). Fit check,
  run once before this design was committed (the filter only, no draw): MMLU 881, ARC-Easy 631, ARC-Challenge 157,
  OpenBookQA 31 (round 15's pool, MMLU 919, ARC-Easy 669, ARC-Challenge 195, OpenBookQA 67, less its draw of 38, 38,
  38 and 36).
- Draw (`draw`): round 14's `draw` by import with the new seed SEED (1616, recorded; decoding keeps seed 37) and a
  cap CAP of 40 (rounds 14-15: 38): sorted by question id, shuffled with `random.Random(1616)`, taken in that order,
  a benchmark's row skipped once it has 40, until 150. Why 40: round 11's `drawn` (under round 14's `draw`) passes
  over a FULL benchmark's rows, and an exhausted one simply gives no more rows, the others still capped; with
  OpenBookQA's 31 left, a cap of 38 could reach only 3 x 38 + 31 = 145 and the draw's assert (150 questions) would
  fail; 40 is the smallest cap that keeps 150 (3 x 40 + 31 = 151), so OpenBookQA gives all 31 of its rows, or 30
  where the other three fill 40 each first, and the three others near 40 each. Frozen in QUESTIONS
  (model_openqa_round16.questions.jsonl in the test fixtures), committed before generation; generation, collect and
  finalize read it; the test rebuilds the draw from the shared files when they are on the machine.
- Training data of the judges read later: round 15's paragraph, checked again on 2026-12-07 (no commit since round
  15's design touched judges/learned/models, suite/data/synthetic.py or datasets/training); round 14's `skip` (by
  import) drops every official test question whose text is a bundled train or validation text, so no drawn
  question's text is in any judge's training data. The rule judges (token-f1, exact-match, contains) train on
  nothing.
- Prompt kinds (`KINDS`), rotated as round 7: draw position k, model position m: KINDS[(k + m) % 6] (25 of each
  kind per model), `other-language` LANGUAGES[((k + m) // 6) % 3] (Vietnamese, Hindi, Czech in turn, none of rounds
  7-15's French German Spanish Italian Portuguese Dutch Chinese Russian Polish Japanese Turkish Swedish Korean
  Indonesian Greek; the gold stays English). None of the five others was asked in rounds 6-15 (short free json
  chatty hedged one-word sentence markdown yaml teacher quiz confidence xml reasons-first restate-first tweet eli5
  csv dialogue fill-in headline email code-comment radio numbered-steps, and latex words bullets): `sms` asks for
  texting shorthand (tweet asked for a hashtag, not abbreviations); `trivia-host` puts the answer AFTER suspense
  from the asker's side (quiz was the contestant's one-line final answer, radio a plain two-sentence statement);
  `encyclopedia` makes the answer the subject of a defining sentence (sentence, free and restate-first start from
  the question); `table-row` wraps the answer in a Markdown table row beside the question (markdown was bold answer
  then an explanation, csv an answer,reason line without the question); `couplet` asks for rhyme and metre, where
  the answer must fit a verse. Chat models: the instruction then "\\n\\nQuestion: <q>?", new-token limits
  (`MAX_TOKENS`) by the length the format asks for:
  * `sms`: "Answer as a short text message to a friend, in texting style with abbreviations." (48)
  * `trivia-host`: "Answer as a trivia show host: build a little suspense first, then reveal the answer." (96)
  * `encyclopedia`: "Answer with the first sentence of an encyclopedia article about the answer." (64)
  * `table-row`: "Answer with one Markdown table row of the form | question | answer |." (64)
  * `couplet`: "Answer as a rhyming couplet: two short lines that rhyme." (48)
  * `other-language`: round 7's prompt, "Answer the following question in <L>. Reply only in <L>." (64)
  The base model (gemma, few-shot, stops at a newline, so each example answer is ONE line) gets `FEW_SHOT_HEAD[kind]`
  (the chat instruction; for `couplet` "Answer as a rhyming couplet on one line, the two rhyming halves split by
  ' / '.", since a newline ends its reply), round 6's three example questions with the answers of `SHOT_ANSWERS`
  (the same facts as rounds 7-15's: Rafael Nadal, 3, the United States Senate), then "Q: <q>?\\nA:":
  * sms: "nadal won it! beat thiem in the final, ez" / "3 lines of symmetry, 1 thru each corner" / "the united
    states senate sets those rules btw"
  * trivia-host: "After a gruelling week on the Madrid clay, our champion is... Rafael Nadal!" / "Count the corners,
    folks, because the answer is... 3!" / "Who sets those rules? Drumroll, please... the United States Senate!"
  * encyclopedia: "Rafael Nadal is a Spanish tennis player who won the 2017 Madrid Open men's singles title." / "An
    equilateral triangle is a triangle with three equal sides and 3 lines of symmetry." / "The United States Senate
    is the upper chamber of the United States Congress, which sets its own rules."
  * table-row: "| who won the 2017 mens singles madrid open | Rafael Nadal |" / "| lines of symmetry in an
    equilateral triangle | 3 |" / "| who determines the rules of the us senate | United States Senate |"
  * couplet: "On Madrid's red clay the final was won / by Rafael Nadal, the champion." / "An equilateral triangle,
    as neat as can be, / has lines of symmetry numbering 3." / "Who makes the rules by which the Senate will play?
    / The United States Senate has the say."
  * other-language: round 7's "Answer the question in <L>." / Vietnamese "Rafael Nadal đã vô địch." / "Tam giác đều
    có ba trục đối xứng." / "Thượng viện Hoa Kỳ."; Hindi "राफेल नडाल ने जीता।" /
    "समबाहु त्रिभुज में सममिति की तीन रेखाएँ होती हैं।" / "संयुक्त राज्य अमेरिका की सीनेट।"; Czech
    "Vyhrál Rafael Nadal." / "Rovnostranný trojúhelník má tři osy souměrnosti." / "Senát Spojených států amerických."
- Models, decoding: round 15's: the same four models and files (round 6's `MODELS`), greedy (seed 37), one thread,
  8 requests together, the kinds in turn (round 7's `generate`), one model at a time, smallest first, `--until 20:05`
  UTC on 2026-12-07 (no batch starts after it; a model cut short keeps the replies it gave; if not all four finish,
  the card labels which finished completely and the round is built from the replies given).
- Labelling guideline: round 15's, verbatim (so rounds 14, 13, 12, 11, 7 and 6's: every reply read by the helper that
  built the round against the question and the gold option only, before any judge of the project runs on these
  rows, a reason for every incorrect one; the label is against the REFERENCE (the gold option), as the judges see
  only it: correct iff the committed answer names the same thing as the gold option (a synonym, a paraphrase, a more
  precise form of the same thing); an answer that may be true of the world but names something else than the gold
  option is incorrect, its reason starting "another answer (defensible)"; a broader or vaguer answer is incorrect
  ("too broad"); round 15's readings of headline, email, code-comment, radio, numbered-steps and other-language kept,
  round 14's of tweet, eli5, csv (with round 15's csv-sentence point), dialogue and fill-in, and its two points on
  lists and on too broad or more precise: a question takes a list only when its words ask for several things, a
  question asking for one thing answered with several different candidates is "a list, no commitment"; the reply's
  answer words are read alone, words that also cover things the gold excludes are too broad, words all of whose
  sense falls under the gold more precise and correct, one particular way or example of the gold "another answer
  (defensible)" unless the reply also names the gold). Added for the new formats:
  * `sms`: the answer the message commits to (abbreviations, lower case and missing articles are no change of
    answer: "photosynth" for "photosynthesis" names it; emoji are no answer).
  * `trivia-host`: the answer the host REVEALS (after the suspense, e.g. after "..." or "the answer is"); candidates
    the host only teases before the reveal are no commitment; a reply cut off or ending before the reveal: no
    readable answer, even when a teased candidate is the gold.
  * `encyclopedia`: the thing the sentence presents as the answer (usually its subject: "Photosynthesis is ..."
    answers "photosynthesis"); a sentence about the question's own topic that names no answer: no readable answer.
  * `table-row`: the answer cell (the cell after the question cell; a header row or separator row "|---|" is no
    answer; where several rows are given, the first row whose answer cell is filled); a row whose only filled cell
    restates the question: no readable answer.
  * `couplet`: the answer the verse commits to; rhyme words that name another thing than the verse's answer make
    the reply a list, no commitment, only where they are offered as the answer.
  * `other-language` as round 7 (a translation of the gold names the same thing).
  No project judge code or regex extracts or labels anything.
- Split `heldout-oqa-round16`, row ids `oqa16-<model>-<question id>`. Frozen, unread: no judge of the project runs
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

FIXTURES = r6.FIXTURES
OUT, REPLIES, LABELS, RAW, SPLIT, TAG = r7.round_files(16)
QUESTIONS = FIXTURES / "model_openqa_round16.questions.jsonl"
SHARED = r14.SHARED
SEED = 1616  # the draw's; decoding keeps round 7's seed 37
CAP = 40  # OpenBookQA has 31 rows left: 3 x 40 + 31 >= 150
MODELS = r7.MODELS
BENCHMARKS = r14.BENCHMARKS
KINDS = ("sms", "trivia-host", "encyclopedia", "table-row", "couplet", "other-language")
LANGUAGES = ("Vietnamese", "Hindi", "Czech")
MAX_TOKENS = {"sms": 48, "trivia-host": 96, "encyclopedia": 64, "table-row": 64, "couplet": 48,
              "other-language": 64}
_HEADS = {"sms": "Answer as a short text message to a friend, in texting style with abbreviations.",
          "trivia-host": "Answer as a trivia show host: build a little suspense first, then reveal the answer.",
          "encyclopedia": "Answer with the first sentence of an encyclopedia article about the answer.",
          "table-row": "Answer with one Markdown table row of the form | question | answer |.",
          "couplet": "Answer as a rhyming couplet: two short lines that rhyme."}
CHAT = {kind: text + "\n\nQuestion: {question}?" for kind, text in _HEADS.items()}
CHAT["other-language"] = r7.CHAT["other-language"]
FEW_SHOT_HEAD = {**_HEADS,
                 "couplet": "Answer as a rhyming couplet on one line, the two rhyming halves split by ' / '.",
                 "other-language": r7.FEW_SHOT_HEAD["other-language"]}
# round 6's three few-shot questions (Madrid Open 2017, an equilateral triangle's lines of symmetry, the rules of the
# US House and Senate) answered in each kind's format, one line each (the base model stops at a newline)
SHOT_ANSWERS = {
    "sms": ("nadal won it! beat thiem in the final, ez", "3 lines of symmetry, 1 thru each corner",
            "the united states senate sets those rules btw"),
    "trivia-host": ("After a gruelling week on the Madrid clay, our champion is... Rafael Nadal!",
                    "Count the corners, folks, because the answer is... 3!",
                    "Who sets those rules? Drumroll, please... the United States Senate!"),
    "encyclopedia": ("Rafael Nadal is a Spanish tennis player who won the 2017 Madrid Open men's singles title.",
                     "An equilateral triangle is a triangle with three equal sides and 3 lines of symmetry.",
                     "The United States Senate is the upper chamber of the United States Congress, which sets its "
                     "own rules."),
    "table-row": ("| who won the 2017 mens singles madrid open | Rafael Nadal |",
                  "| lines of symmetry in an equilateral triangle | 3 |",
                  "| who determines the rules of the us senate | United States Senate |"),
    "couplet": ("On Madrid's red clay the final was won / by Rafael Nadal, the champion.",
                "An equilateral triangle, as neat as can be, / has lines of symmetry numbering 3.",
                "Who makes the rules by which the Senate will play? / The United States Senate has the say."),
    "Vietnamese": ("Rafael Nadal đã vô địch.", "Tam giác đều có ba trục đối xứng.", "Thượng viện Hoa Kỳ."),
    "Hindi": ("राफेल नडाल ने जीता।", "समबाहु त्रिभुज में सममिति की तीन रेखाएँ होती हैं।",
              "संयुक्त राज्य अमेरिका की सीनेट।"),
    "Czech": ("Vyhrál Rafael Nadal.", "Rovnostranný trojúhelník má tři osy souměrnosti.",
              "Senát Spojených států amerických.")}
shared_items, earlier, bundled_mcqa_texts = r14.shared_items, r14.earlier, r14.bundled_mcqa_texts


def earlier_draws() -> tuple[frozenset[str], frozenset[str]]:
    """Question ids and normalized texts of rounds 14 and 15's drawn questions (their frozen questions files)."""
    (ids14, texts14), (ids15, texts15) = r15.round14_drawn(), r15.round14_drawn(r15.QUESTIONS)
    return ids14 | ids15, texts14 | texts15


def draw(root: Path = SHARED) -> list[dict]:
    """The design's draw from the shared files: round 15's pool less its draw, this round's seed and cap."""
    ids, texts = earlier_draws()
    return r14.draw(root, seed=SEED, exclude=ids, skip=texts, cap=CAP)


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
