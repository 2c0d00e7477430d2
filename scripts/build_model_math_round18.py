"""Math round 18 of issue 37 (split `heldout-m18`): the same two small local models as rounds 7-17 SOLVE, ON THEIR
OWN, 70 more questions of the OFFICIAL MMLU TEST split's math subjects (not bundled) asked WITHOUT their options, in
seven output formats rounds 7-17 did not ask for; every reply labelled by reading. Round 14's code by import (and
through it round 13's filter, exclusion, draw and rows) with this round's frozen lists, seed and files, as rounds
15-17.

Usage:
    python scripts/build_model_math_round18.py draw        # shared MMLU test file -> the frozen questions file
    python scripts/build_model_math_round18.py generate --model qwen2.5-coder-0.5b --threads 1 --until 02:00
    python scripts/build_model_math_round18.py collect     # the raw replies -> model_math_round18.replies.jsonl
    python scripts/build_model_math_round18.py finalize    # replies + model_math_round18.labels.json -> corpus

Design, committed before the filter was run for this round and before any reply was generated (2026-12-08):

Questions: round 13's design (through round 14's `mmlu_commands`), on the same shared file (SHARED_TEST: the
official MMLU test split, `mmlu/test.jsonl` of the `shared/data/mcqa` folder beside the repository), the same
SUBJECTS, the same filter (round 12's `answerable`) and the same exclusion rules (`m13.passing`: id named in a
fixture file; normalized text equal to a fixture or bundled row's question, or found in a fixture file's text;
contained in, or containing, a bundled judge or training set's question of 40+ characters; a duplicate of an earlier
kept row), run with this round's frozen lists: FIXTURE_FILES, every file git tracked under tests/fixtures at this
design commit (rounds 13-17's questions, corpus, replies and labels among them, so none of their questions can come
back); BUNDLED_FILES, round 17's (no bundled JSONL file was added or removed since). The rows kept, ordered by id,
are shuffled with random.Random(DRAW_SEED) (DRAW_SEED = SEED + 18 = 55, new) and walked in that order, each taken
unless PER_SUBJECT (35) of its subject are already taken, until N_QUESTIONS (70). `draw` writes them to the frozen
questions file `model_math_round18.questions.jsonl` in tests/fixtures, committed before generation. Reference: the
gold option's text as written (one reference).

What each judge trained on: round 13's paragraph, unchanged (round 15's docstring restates it): `sympy` and
`math-verify` fit nothing; `stacked` saw no MMLU row as an MCQA row and drops nothing here that the text rules did not
already drop (MMLU-Pro questions found in `answer-matching-gpqa-mmlupro` are excluded by the text rules), so every
row is held out for every judge, as far as text comparison can tell.

Models and decoding: round 17's (`MODELS`: Qwen2.5-Coder-0.5B-Instruct Q4_K_M, then -1.5B-Instruct Q4_K_M, the GGUF
files at /tmp, rebuilt as scripts/build_model_openqa_round6.py says; temperature 0, greedy, seed 37 recorded, ONE
thread, 8 requests decoded together, at most 384 new tokens, 768 tokens of context per slot), model by model in
`MODELS` order (0.5B first), questions in draw order, stopping at a wall time (`--until 02:00`: no batch starts after
02:00 UTC on 2026-12-08; the 2 cores are shared with other helpers, open-QA round 18's generation among them). A model
cut short keeps the replies it gave (a prefix of the draw; the card says so). Raw replies are committed (`collect`)
in batches BEFORE they are read.

Prompt kinds (`KINDS`, `PROMPTS`: "Problem: <question>", a blank line, then the instruction), rotated as rounds
10-17: the question at draw position k gets KINDS[(k + m) % 7] from the model at position m of `MODELS`;
`other-language` asks for LANGUAGES[((k + m) // 7) % 3] (Malay, Urdu, Serbian in turn; none of rounds 7-17's 33
languages: French, German, Spanish, Italian, Portuguese, Chinese, Russian, Japanese, Dutch, Korean, Turkish, Polish,
Arabic, Hindi, Vietnamese, Swedish, Indonesian, Hebrew, Greek, Thai, Czech, Hungarian, Finnish, Romanian, Ukrainian,
Danish, Persian, Swahili, Bengali, Norwegian, Catalan, Slovak, Tagalog). None of rounds 7-17's 60 KINDS (short free
json program chatty hedged boxed table yaml answer-first units teacher-check latex words email bullets csv xml tweet
two-methods estimate-first dialogue markdown-answer gsm8k-hash html socratic verify explain-child sci-notation
final-answer-line formal-proof json-steps letter hint-first rephrase-first exam-solution poem equation-chain
common-mistake flashcard bold-answer wrong-then-right statement latex-align bullet-summary headline exact-and-decimal
fraction-and-percent answer-next-line story code-fence footnote emoji-marker checklist interval spreadsheet thread
unicode-math toml git-commit sql-result lab-notebook receipt telegram log-lines, and other-language), and none
repeats one of their instructions. Every one of the lead's examples repeats an earlier kind and is left out: a
"TL;DR: <value>" first is round 8's `answer-first`; a Python dict literal {"answer": ...} is round 7's `json` in
Python's spelling; two forms joined by "i.e." are round 14's `exact-and-decimal` and round 15's
`fraction-and-percent`; a git commit message, an SQL query with its result and a lab-notebook entry are round 17's
`git-commit`, `sql-result` and `lab-notebook`; a haiku then the value is round 13's `poem`; a footnote is round 15's
`footnote`; a "Q.E.D." ending is round 12's `formal-proof` with an end mark. Kept, each a new place or notation for
the answer:
- `ascii-box`: "Solve it, then draw the final answer inside a box of ASCII art made of '+', '-' and '|' characters,
  as the last thing in the reply." (round 8's `boxed` asked LaTeX's \\boxed{}, round 15's `emoji-marker` an emoji
  before the value; no round asked a drawn box, whose border lines of dashes and pipes a reader must skip);
- `ranked-candidates`: "List three candidate answers, each with a confidence percentage, then state which candidate
  is your final answer." (round 7's `hedged` asked one answer and how confident the model is; round 10's
  `two-methods` two routes to one answer; no round asked several candidate values side by side, each beside a
  percentage, with the final one chosen among them);
- `http-response`: "Reply as an HTTP response: a status line, a few headers, a blank line, then a plain-text body
  that explains the working and ends with the final answer." (round 11's `html` asked a web page; no round asked an
  HTTP message, whose status code and header numbers such as Content-Length come before the value);
- `subtitles`: "Reply as SRT subtitles: numbered cues, each with a time range like '00:00:01,000 --> 00:00:03,000'
  and one step of the solution; the last cue gives the final answer." (round 16's `thread` asked numbered posts,
  round 17's `log-lines` one time per line; no round asked subtitle cues, each a cue number and a time range of
  many digits and an arrow around the text);
- `unified-diff`: "Reply as a unified diff of a file solution.txt that changes the line 'answer = ?' into the line
  'answer = <final answer>', then one line explaining why." (round 14's `wrong-then-right` asked a correction in
  prose; no round asked a patch, whose `-` and `+` lines and `@@ -1 +1 @@` hunk header put numbers and signs around
  the value);
- `shell-session`: "Reply as a terminal session: lines starting with '$ ' are commands, the lines after each are its
  output, one step per command; the last command's output is the final answer." (round 7's `program` asked Python
  code that computes the answer; no round asked a transcript of commands and their printed outputs, where the value
  is an output line after a prompt);
- `other-language`: round 7's prompt: solve it, writing the whole answer in the language.

Cut-off replies (finish_reason "length"): KEPT, and read as far as they go: a reply cut off before it commits to a
final answer is incorrect; one that committed to an answer before the cut is labelled by that answer.

LABELLING GUIDELINE (round 17's, which is rounds 14-16's with their formats added, verbatim where it applies, with
this round's formats added; written before generation; every reply read by the helper that built the round, against
the question and the gold only, before any judge of the project runs on these rows; no judge, no regex of the
project's judges and no project code is used to label or to extract answers; labels in
model_math_round18.labels.json: {row id: {"label", "read_answer", "why"}}, a reason for every incorrect row and a
note for every non-obvious correct one):
- read_answer: the final answer the reply COMMITS to, as read: the value it gives as its result (a boxed value,
  "the answer is", "Answer:", the output a program reply says its program prints), written as the reply writes it
  or a plain form of it; null when the reply commits to none. A number written in words (in any language) is read
  as its value; digits of other scripts are read as their values. Added for this round's formats: an `ascii-box`
  reply's is the value inside its box (border characters are not part of it; else the answer its text commits to;
  a box and a text giving different final answers with no correction between them are conflicting); a
  `ranked-candidates` reply's is the candidate it states as final (the other candidates and the percentages are
  not answers; a reply that names no final candidate, or names two, commits to none); an `http-response`'s is the
  final answer its body gives (status codes, header values and lengths are not values; a JSON body's answer field
  counts as the body's answer); a `subtitles` reply's is the value its last cue gives as the answer (cue numbers and
  times are not values; else the answer an earlier cue commits to as final); a `unified-diff`'s is the value of its
  `+answer = ...` line (else the answer its explanation line commits to; the `-` line and hunk numbers are not
  values; a `+` line and an explanation that give different final answers are conflicting); a `shell-session`'s is
  the output its last command shows, or the answer the session says is final (the commands are code: a command's
  arithmetic with no shown output is an expression of numbers only when it is one, as the rule on expressions says).
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
  is read as its value; a formula over names (cells, variables, columns) is code, not a value: no committed answer.
- A reply that only shows code and never says what it prints or what the answer is commits to no answer:
  incorrect (a reader should not run code); one that states the printed output commits to it, right or wrong
  arithmetic.
- `other-language`: the language of the reply does not matter (an English reply is read like any other).
- No committed answer (a restated question, a refusal, an empty reply, a loop, cut off at the limit before any
  final answer, a table or list of parts without the asked total): incorrect.
The reason of each incorrect row starts with its kind: "another answer", "conflicting answers", "no committed
answer".

Split: every row is `heldout-m18`, frozen and unread: no judge of the project runs on these rows (the test file is
corpus-only); `heldout-m18` is in `UNREAD` of scripts/measure_model_math_styles.py (out of `--split all`;
`--show-errors` refuses it) and not in scripts/sympy_row_guard.py's ROUNDS. Row ids `m18-<model>-<question id>`;
family `model18-<kind>`; `source` `mmlu`; `origin` names the official test split, not bundled. The lead reads it
once (the card gives the command).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_model_math_round14 as m14  # noqa: E402
import build_model_math_round17 as m17  # noqa: E402
import math_rounds as mr  # noqa: E402

m13, m7 = m14.m13, m14.m7
FIXTURES = mr.FIXTURES
SHARED_TEST = m17.SHARED_TEST
OUT, REPLIES, LABELS, RAW, SPLIT, TAG = mr.round_files(18)
QUESTIONS = FIXTURES / "model_math_round18.questions.jsonl"
SOURCE, DATA_SPLIT, SEED = m17.SOURCE, m17.DATA_SPLIT, m17.SEED
DRAW_SEED = SEED + 18
N_QUESTIONS, PER_SUBJECT = m17.N_QUESTIONS, m17.PER_SUBJECT
SUBJECTS = m17.SUBJECTS
MODELS = m17.MODELS
KINDS = ("ascii-box", "ranked-candidates", "http-response", "subtitles", "unified-diff", "shell-session",
         "other-language")
LANGUAGES = ("Malay", "Urdu", "Serbian")
MAX_TOKENS, N_CTX, TEMPERATURE = m17.MAX_TOKENS, m17.N_CTX, m17.TEMPERATURE
REPLY_FIELDS = m17.REPLY_FIELDS
PROMPTS = {
    "ascii-box": "Problem: {question}\n\nSolve it, then draw the final answer inside a box of ASCII art made of '+', "
                 "'-' and '|' characters, as the last thing in the reply.",
    "ranked-candidates": "Problem: {question}\n\nList three candidate answers, each with a confidence percentage, "
                         "then state which candidate is your final answer.",
    "http-response": "Problem: {question}\n\nReply as an HTTP response: a status line, a few headers, a blank line, "
                     "then a plain-text body that explains the working and ends with the final answer.",
    "subtitles": "Problem: {question}\n\nReply as SRT subtitles: numbered cues, each with a time range like "
                 "'00:00:01,000 --> 00:00:03,000' and one step of the solution; the last cue gives the final answer.",
    "unified-diff": "Problem: {question}\n\nReply as a unified diff of a file solution.txt that changes the line "
                    "'answer = ?' into the line 'answer = <final answer>', then one line explaining why.",
    "shell-session": "Problem: {question}\n\nReply as a terminal session: lines starting with '$ ' are commands, the "
                     "lines after each are its output, one step per command; the last command's output is the final "
                     "answer.",
    "other-language": m7.PROMPTS["other-language"]}
FIXTURE_FILES = m17.FIXTURE_FILES + (  # and every file git tracked under tests/fixtures since, at the design commit
    'model_math_round17.jsonl', 'model_math_round17.labels.json', 'model_math_round17.md',
    'model_math_round17.questions.jsonl', 'model_math_round17.replies.jsonl', 'model_math_round17.second_read.json',
    'model_openqa_round17.jsonl', 'model_openqa_round17.labels.json', 'model_openqa_round17.md',
    'model_openqa_round17.questions.jsonl', 'model_openqa_round17.replies.jsonl',
    'model_openqa_round17.second_read.json')
BUNDLED_FILES = m17.BUNDLED_FILES


passing, draw_questions, drawn, rows, finalize, main = m14.mmlu_commands(globals())
prompt_kind, language_of, prompt_of, generate, collect, row_id, _bundled_rows, _ = mr.round_commands(globals())


if __name__ == "__main__":
    raise SystemExit(main())
