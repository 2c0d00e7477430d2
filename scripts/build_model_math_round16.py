"""Math round 16 of issue 37 (split `heldout-m16`): the same two small local models as rounds 7-15 SOLVE, ON THEIR
OWN, 70 more questions of the OFFICIAL MMLU TEST split's math subjects (not bundled) asked WITHOUT their options, in
seven output formats rounds 7-15 did not ask for; every reply labelled by reading. Round 14's code by import (and
through it round 13's filter, exclusion, draw and rows) with this round's frozen lists, seed and files, as round 15.

Usage:
    python scripts/build_model_math_round16.py draw        # shared MMLU test file -> the frozen questions file
    python scripts/build_model_math_round16.py generate --model qwen2.5-coder-0.5b --threads 1 --until 20:05
    python scripts/build_model_math_round16.py collect     # the raw replies -> model_math_round16.replies.jsonl
    python scripts/build_model_math_round16.py finalize    # replies + model_math_round16.labels.json -> corpus

Design, committed before the filter was run for this round and before any reply was generated (2026-12-07):

Questions: round 13's design (through round 14's `mmlu_commands`), on the same shared file (SHARED_TEST: the
official MMLU test split, `mmlu/test.jsonl` of the `shared/data/mcqa` folder beside the repository), the same
SUBJECTS, the same filter (round 12's `answerable`) and the same exclusion rules (`m13.passing`: id named in a
fixture file; normalized text equal to a fixture or bundled row's question, or found in a fixture file's text;
contained in, or containing, a bundled judge or training set's question of 40+ characters; a duplicate of an earlier
kept row), run with this round's frozen lists: FIXTURE_FILES, every file git tracked under tests/fixtures at this
design commit (rounds 13, 14 and 15's questions, corpus, replies and labels among them, so none of their questions
can come back); BUNDLED_FILES, round 15's (no bundled JSONL file was added or removed since). The rows kept, ordered
by id, are shuffled with random.Random(DRAW_SEED) (DRAW_SEED = SEED + 16 = 53, new) and walked in that order, each
taken unless PER_SUBJECT (35) of its subject are already taken, until N_QUESTIONS (70). `draw` writes them to the
frozen questions file `model_math_round16.questions.jsonl` in tests/fixtures, committed before generation.
Reference: the gold option's text as written (one reference).

What each judge trained on: round 13's paragraph, unchanged (round 15's docstring restates it): `sympy` and
`math-verify` fit nothing; `stacked` saw no MMLU row as an MCQA row and drops nothing here that the text rules did not
already drop (MMLU-Pro questions found in `answer-matching-gpqa-mmlupro` are excluded by the text rules), so every
row is held out for every judge, as far as text comparison can tell.

Models and decoding: round 15's (`MODELS`: Qwen2.5-Coder-0.5B-Instruct Q4_K_M, then -1.5B-Instruct Q4_K_M, the GGUF
files at /tmp, rebuilt as scripts/build_model_openqa_round6.py says; temperature 0, greedy, seed 37 recorded, ONE
thread, 8 requests decoded together, at most 384 new tokens, 768 tokens of context per slot), model by model in
`MODELS` order (0.5B first), questions in draw order, stopping at a wall time (`--until 20:05`: no batch starts after
20:05 UTC on 2026-12-07; the 2 cores are shared with other helpers, open-QA round 16's generation among them). A model
cut short keeps the replies it gave (a prefix of the draw; the card says so). Raw replies are committed (`collect`)
in batches BEFORE they are read.

Prompt kinds (`KINDS`, `PROMPTS`: "Problem: <question>", a blank line, then the instruction), rotated as rounds
10-15: the question at draw position k gets KINDS[(k + m) % 7] from the model at position m of `MODELS`;
`other-language` asks for LANGUAGES[((k + m) // 7) % 3] (Swahili, Bengali, Norwegian in turn; none of rounds 7-15's
27 languages: French, German, Spanish, Italian, Portuguese, Chinese, Russian, Japanese, Dutch, Korean, Turkish,
Polish, Arabic, Hindi, Vietnamese, Swedish, Indonesian, Hebrew, Greek, Thai, Czech, Hungarian, Finnish, Romanian,
Ukrainian, Danish, Persian). None of rounds 7-15's 48 KINDS (short free json program chatty hedged boxed table yaml
answer-first units teacher-check latex words email bullets csv xml tweet two-methods estimate-first dialogue
markdown-answer gsm8k-hash html socratic verify explain-child sci-notation final-answer-line formal-proof json-steps
letter hint-first rephrase-first exam-solution poem equation-chain common-mistake flashcard bold-answer
wrong-then-right statement latex-align bullet-summary headline exact-and-decimal fraction-and-percent
answer-next-line story code-fence footnote emoji-marker, and other-language), and none repeats one of their
instructions. Of the lead's examples, three repeat an earlier kind and are left out: a "TL;DR: <value>" first is
round 8's `answer-first` (the final answer in the first sentence; round 15 dropped it for that reason); a Python dict
literal {"answer": ...} is round 7's `json` (a JSON object) in Python's spelling; the answer in two forms joined by
"i.e." is round 14's `exact-and-decimal` and round 15's `fraction-and-percent` (the answer given twice in two forms).
Kept, each a new place or notation for the answer:
- `checklist`: "Solve it as a Markdown checklist: one '- [x]' line per step done, the last checked line giving the
  final answer." (round 9's `bullets` and round 14's `bullet-summary` asked plain bullets; no round asked checkbox
  markers "[x]", which a reader must skip to reach the value);
- `interval`: "Solve it, then give the final answer together with a small interval that surely contains it, as
  '<answer>, between <low> and <high>'." (round 10's `estimate-first` asked a rough estimate BEFORE the exact answer
  and round 7's `hedged` a confidence; no round asked bounds around the committed value, two extra numbers beside it);
- `spreadsheet`: "Solve it as a spreadsheet would: give the formula a single cell would hold (starting with =) and the
  value the cell shows." (round 9's `csv` asked rows of steps, round 7's `program` a Python program; no round asked a
  spreadsheet formula, an expression over cell syntax beside its value);
- `thread`: "Reply as a thread of three numbered tweets (1/3, 2/3, 3/3); the last tweet gives the final answer."
  (round 10's `tweet` asked ONE tweet; the thread's "1/3, 2/3, 3/3" counters look like fractions next to the answer);
- `unicode-math`: "Solve it writing all mathematics in plain Unicode symbols (×, ÷, −, √, ², ½, π), with no LaTeX and
  no ASCII operators, and state the final answer the same way." (round 9's `latex` and round 14's `latex-align` asked
  LaTeX, round 9's `words` words; no round asked Unicode superscripts, vulgar fractions and radicals);
- `toml`: "Reply only with TOML: a [solution] table with a 'steps' array of strings and an 'answer' key." (round 7's
  `json`, round 8's `yaml`, round 9's `csv`, round 10's `xml`, round 11's `html` and round 12's `json-steps` asked
  other formats; no round asked TOML, whose `answer = ...` line quotes strings and leaves numbers bare);
- `other-language`: round 7's prompt: solve it, writing the whole answer in the language.

Cut-off replies (finish_reason "length"): KEPT, and read as far as they go: a reply cut off before it commits to a
final answer is incorrect; one that committed to an answer before the cut is labelled by that answer.

LABELLING GUIDELINE (round 15's, which is round 14's with its formats added, verbatim where it applies, with this
round's formats added; written before generation; every reply read by the helper that built the round, against the
question and the gold only, before any judge of the project runs on these rows; no judge, no regex of the project's
judges and no project code is used to label or to extract answers; labels in model_math_round16.labels.json:
{row id: {"label", "read_answer", "why"}}, a reason for every incorrect row and a note for every non-obvious correct
one):
- read_answer: the final answer the reply COMMITS to, as read: the value it gives as its result (a boxed value,
  "the answer is", "Answer:", the output a program reply says its program prints), written as the reply writes it
  or a plain form of it; null when the reply commits to none. A number written in words (in any language) is read
  as its value; digits of other scripts (Bengali ০-৯ among them) are read as their values. Added for this round's
  formats: a `checklist` reply's is the value its last checked line gives as the answer (else the answer its text
  gives); an `interval` reply's is the value it gives as the answer, NOT a bound (an interval alone with no value
  committed to is no committed answer; an interval that does not contain the value does not change the label); a
  `spreadsheet` reply's is the value it says the cell shows (a formula alone is a formula over cells or an
  arithmetic expression of numbers: the guideline's rule on expressions applies); a `thread`'s is the value the
  last tweet gives as the answer (the "n/3" counters are not values; else the answer its text commits to); a
  `unicode-math` reply's is its stated answer read as written (√3/2, ½, 2π, x² as values); a `toml` reply's is its
  `answer` key's value (a quoted string read as its text; else the answer its text gives).
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

Split: every row is `heldout-m16`, frozen and unread: no judge of the project runs on these rows (the test file is
corpus-only); `heldout-m16` is in `UNREAD` of scripts/measure_model_math_styles.py (out of `--split all`;
`--show-errors` refuses it) and not in scripts/sympy_row_guard.py's ROUNDS. Row ids `m16-<model>-<question id>`;
family `model16-<kind>`; `source` `mmlu`; `origin` names the official test split, not bundled. The lead reads it
once (the card gives the command).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_model_math_round14 as m14  # noqa: E402
import build_model_math_round15 as m15  # noqa: E402
import math_rounds as mr  # noqa: E402

m13, m7 = m14.m13, m14.m7
FIXTURES = mr.FIXTURES
SHARED_TEST = m15.SHARED_TEST
OUT, REPLIES, LABELS, RAW, SPLIT, TAG = mr.round_files(16)
QUESTIONS = FIXTURES / "model_math_round16.questions.jsonl"
SOURCE, DATA_SPLIT, SEED = m15.SOURCE, m15.DATA_SPLIT, m15.SEED
DRAW_SEED = SEED + 16
N_QUESTIONS, PER_SUBJECT = m15.N_QUESTIONS, m15.PER_SUBJECT
SUBJECTS = m15.SUBJECTS
MODELS = m15.MODELS
KINDS = ("checklist", "interval", "spreadsheet", "thread", "unicode-math", "toml", "other-language")
LANGUAGES = ("Swahili", "Bengali", "Norwegian")
MAX_TOKENS, N_CTX, TEMPERATURE = m15.MAX_TOKENS, m15.N_CTX, m15.TEMPERATURE
REPLY_FIELDS = m15.REPLY_FIELDS
PROMPTS = {
    "checklist": "Problem: {question}\n\nSolve it as a Markdown checklist: one '- [x]' line per step done, the last "
                 "checked line giving the final answer.",
    "interval": "Problem: {question}\n\nSolve it, then give the final answer together with a small interval that "
                "surely contains it, as '<answer>, between <low> and <high>'.",
    "spreadsheet": "Problem: {question}\n\nSolve it as a spreadsheet would: give the formula a single cell would hold "
                   "(starting with =) and the value the cell shows.",
    "thread": "Problem: {question}\n\nReply as a thread of three numbered tweets (1/3, 2/3, 3/3); the last tweet "
              "gives the final answer.",
    "unicode-math": "Problem: {question}\n\nSolve it writing all mathematics in plain Unicode symbols (×, ÷, −, √, ², "
                    "½, π), with no LaTeX and no ASCII operators, and state the final answer the same way.",
    "toml": "Problem: {question}\n\nReply only with TOML: a [solution] table with a 'steps' array of strings and an "
            "'answer' key.",
    "other-language": m7.PROMPTS["other-language"]}
FIXTURE_FILES = m15.FIXTURE_FILES + (  # and every file git tracked under tests/fixtures since, at the design commit
    'model_math_round15.jsonl', 'model_math_round15.labels.json', 'model_math_round15.md',
    'model_math_round15.questions.jsonl', 'model_math_round15.replies.jsonl', 'model_openqa_round15.second_read.json')
BUNDLED_FILES = m15.BUNDLED_FILES


passing, draw_questions, drawn, rows, finalize, main = m14.mmlu_commands(globals())
prompt_kind, language_of, prompt_of, generate, collect, row_id, _bundled_rows, _ = mr.round_commands(globals())


if __name__ == "__main__":
    raise SystemExit(main())
