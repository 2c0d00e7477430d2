"""Math round 17 of issue 37 (split `heldout-m17`): the same two small local models as rounds 7-16 SOLVE, ON THEIR
OWN, 70 more questions of the OFFICIAL MMLU TEST split's math subjects (not bundled) asked WITHOUT their options, in
seven output formats rounds 7-16 did not ask for; every reply labelled by reading. Round 14's code by import (and
through it round 13's filter, exclusion, draw and rows) with this round's frozen lists, seed and files, as rounds 15
and 16.

Usage:
    python scripts/build_model_math_round17.py draw        # shared MMLU test file -> the frozen questions file
    python scripts/build_model_math_round17.py generate --model qwen2.5-coder-0.5b --threads 1 --until 23:35
    python scripts/build_model_math_round17.py collect     # the raw replies -> model_math_round17.replies.jsonl
    python scripts/build_model_math_round17.py finalize    # replies + model_math_round17.labels.json -> corpus

Design, committed before the filter was run for this round and before any reply was generated (2026-12-07):

Questions: round 13's design (through round 14's `mmlu_commands`), on the same shared file (SHARED_TEST: the
official MMLU test split, `mmlu/test.jsonl` of the `shared/data/mcqa` folder beside the repository), the same
SUBJECTS, the same filter (round 12's `answerable`) and the same exclusion rules (`m13.passing`: id named in a
fixture file; normalized text equal to a fixture or bundled row's question, or found in a fixture file's text;
contained in, or containing, a bundled judge or training set's question of 40+ characters; a duplicate of an earlier
kept row), run with this round's frozen lists: FIXTURE_FILES, every file git tracked under tests/fixtures at this
design commit (rounds 13, 14, 15 and 16's questions, corpus, replies and labels among them, so none of their
questions can come back); BUNDLED_FILES, round 16's (no bundled JSONL file was added or removed since). The rows
kept, ordered by id, are shuffled with random.Random(DRAW_SEED) (DRAW_SEED = SEED + 17 = 54, new) and walked in that
order, each taken unless PER_SUBJECT (35) of its subject are already taken, until N_QUESTIONS (70). `draw` writes
them to the frozen questions file `model_math_round17.questions.jsonl` in tests/fixtures, committed before
generation. Reference: the gold option's text as written (one reference).

What each judge trained on: round 13's paragraph, unchanged (round 15's docstring restates it): `sympy` and
`math-verify` fit nothing; `stacked` saw no MMLU row as an MCQA row and drops nothing here that the text rules did not
already drop (MMLU-Pro questions found in `answer-matching-gpqa-mmlupro` are excluded by the text rules), so every
row is held out for every judge, as far as text comparison can tell.

Models and decoding: round 16's (`MODELS`: Qwen2.5-Coder-0.5B-Instruct Q4_K_M, then -1.5B-Instruct Q4_K_M, the GGUF
files at /tmp, rebuilt as scripts/build_model_openqa_round6.py says; temperature 0, greedy, seed 37 recorded, ONE
thread, 8 requests decoded together, at most 384 new tokens, 768 tokens of context per slot), model by model in
`MODELS` order (0.5B first), questions in draw order, stopping at a wall time (`--until 23:35`: no batch starts after
23:35 UTC on 2026-12-07; the 2 cores are shared with other helpers, open-QA round 17's generation among them). A model
cut short keeps the replies it gave (a prefix of the draw; the card says so). Raw replies are committed (`collect`)
in batches BEFORE they are read.

Prompt kinds (`KINDS`, `PROMPTS`: "Problem: <question>", a blank line, then the instruction), rotated as rounds
10-16: the question at draw position k gets KINDS[(k + m) % 7] from the model at position m of `MODELS`;
`other-language` asks for LANGUAGES[((k + m) // 7) % 3] (Catalan, Slovak, Tagalog in turn; none of rounds 7-16's
30 languages: French, German, Spanish, Italian, Portuguese, Chinese, Russian, Japanese, Dutch, Korean, Turkish,
Polish, Arabic, Hindi, Vietnamese, Swedish, Indonesian, Hebrew, Greek, Thai, Czech, Hungarian, Finnish, Romanian,
Ukrainian, Danish, Persian, Swahili, Bengali, Norwegian). None of rounds 7-16's 54 KINDS (short free json program
chatty hedged boxed table yaml answer-first units teacher-check latex words email bullets csv xml tweet two-methods
estimate-first dialogue markdown-answer gsm8k-hash html socratic verify explain-child sci-notation final-answer-line
formal-proof json-steps letter hint-first rephrase-first exam-solution poem equation-chain common-mistake flashcard
bold-answer wrong-then-right statement latex-align bullet-summary headline exact-and-decimal fraction-and-percent
answer-next-line story code-fence footnote emoji-marker checklist interval spreadsheet thread unicode-math toml, and
other-language), and none repeats one of their instructions. Of the lead's examples, six repeat an earlier kind and
are left out: a "TL;DR: <value>" first is round 8's `answer-first`; a Python dict literal {"answer": ...} is round
7's `json` in Python's spelling; the answer in two forms joined by "i.e." is round 14's `exact-and-decimal` and round
15's `fraction-and-percent`; a haiku then the value is round 13's `poem` (a short poem, the answer at its end); a
footnote holding the final value is round 15's `footnote`; a "Q.E.D." proof ending is round 12's `formal-proof` (a
short formal argument ending "Therefore, ...") with an end mark. Kept, each a new place or notation for the answer:
- `git-commit`: "Reply as a git commit message: a subject line of at most 50 characters that states the final
  answer, a blank line, then a body explaining the working." (round 9's `email` and round 12's `letter` are other
  genres; no round asked a commit message, whose imperative subject line may carry the value or a verb about it);
- `sql-result`: "Reply with one SQL query whose SELECT computes the final answer in a column named answer, then the
  one-row result table the query returns." (round 7's `program` asked Python, round 16's `spreadsheet` a cell
  formula; no round asked SQL, whose result table puts the value under an `answer` header between rules);
- `lab-notebook`: "Write the solution as a lab-notebook entry with the lines 'Date:', 'Aim:', 'Method:' and
  'Result:', the Result line giving the final answer." (round 10's `markdown-answer` put the answer under a heading
  'Answer'; no round asked a notebook entry, whose Date line puts a date's numbers before the value);
- `receipt`: "Write the solution as a shop receipt: one line per step with its amount, and a last line 'TOTAL'
  giving the final answer." (round 8's `table` and round 9's `csv` asked rows of steps; no round asked a receipt,
  whose item amounts are numbers beside the value and whose TOTAL line may carry a currency sign);
- `telegram`: "Reply as a telegram: capital letters only, STOP at the end of each sentence, the final answer in the
  last sentence." (round 10's `tweet` asked a short message in ordinary case; no round asked capitals with the
  word STOP after each sentence, which a reader must skip to reach the value);
- `log-lines`: "Reply only with program log lines of the form '<time> INFO <message>', one per step; the last line
  reads '<time> INFO result=<answer>'." (round 16's `toml` asked `answer = ...` in a table, round 8's `yaml` a
  mapping; no round asked log lines, each opened by a time whose digits come before the value);
- `other-language`: round 7's prompt: solve it, writing the whole answer in the language.

Cut-off replies (finish_reason "length"): KEPT, and read as far as they go: a reply cut off before it commits to a
final answer is incorrect; one that committed to an answer before the cut is labelled by that answer.

LABELLING GUIDELINE (round 16's, which is rounds 14-15's with their formats added, verbatim where it applies, with
this round's formats added; written before generation; every reply read by the helper that built the round, against
the question and the gold only, before any judge of the project runs on these rows; no judge, no regex of the
project's judges and no project code is used to label or to extract answers; labels in
model_math_round17.labels.json: {row id: {"label", "read_answer", "why"}}, a reason for every incorrect row and a
note for every non-obvious correct one):
- read_answer: the final answer the reply COMMITS to, as read: the value it gives as its result (a boxed value,
  "the answer is", "Answer:", the output a program reply says its program prints), written as the reply writes it
  or a plain form of it; null when the reply commits to none. A number written in words (in any language) is read
  as its value; digits of other scripts are read as their values. Added for this round's formats: a `git-commit`
  reply's is the value its subject line states as the answer (else the answer its body commits to; a subject and a
  body that give different final answers with no correction between them are conflicting); a `sql-result` reply's
  is the value its result table shows for the answer (else the value its text says the query returns; a query alone
  is a formula over columns or an arithmetic expression of numbers: the guideline's rule on expressions applies); a
  `lab-notebook` reply's is the value its Result line gives (else the answer its text commits to; dates are not
  values); a `receipt`'s is the value its TOTAL line gives (item amounts are not the answer unless the reply gives
  one as its result); a `telegram`'s is the value its last sentence gives as the answer (STOP is punctuation; a
  number written in capital words is read as its value); a `log-lines` reply's is its `result=` value (times and
  levels are not values; else the answer its last line gives).
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

Split: every row is `heldout-m17`, frozen and unread: no judge of the project runs on these rows (the test file is
corpus-only); `heldout-m17` is in `UNREAD` of scripts/measure_model_math_styles.py (out of `--split all`;
`--show-errors` refuses it) and not in scripts/sympy_row_guard.py's ROUNDS. Row ids `m17-<model>-<question id>`;
family `model17-<kind>`; `source` `mmlu`; `origin` names the official test split, not bundled. The lead reads it
once (the card gives the command).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_model_math_round14 as m14  # noqa: E402
import build_model_math_round16 as m16  # noqa: E402
import math_rounds as mr  # noqa: E402

m13, m7 = m14.m13, m14.m7
FIXTURES = mr.FIXTURES
SHARED_TEST = m16.SHARED_TEST
OUT, REPLIES, LABELS, RAW, SPLIT, TAG = mr.round_files(17)
QUESTIONS = FIXTURES / "model_math_round17.questions.jsonl"
SOURCE, DATA_SPLIT, SEED = m16.SOURCE, m16.DATA_SPLIT, m16.SEED
DRAW_SEED = SEED + 17
N_QUESTIONS, PER_SUBJECT = m16.N_QUESTIONS, m16.PER_SUBJECT
SUBJECTS = m16.SUBJECTS
MODELS = m16.MODELS
KINDS = ("git-commit", "sql-result", "lab-notebook", "receipt", "telegram", "log-lines", "other-language")
LANGUAGES = ("Catalan", "Slovak", "Tagalog")
MAX_TOKENS, N_CTX, TEMPERATURE = m16.MAX_TOKENS, m16.N_CTX, m16.TEMPERATURE
REPLY_FIELDS = m16.REPLY_FIELDS
PROMPTS = {
    "git-commit": "Problem: {question}\n\nReply as a git commit message: a subject line of at most 50 characters that "
                  "states the final answer, a blank line, then a body explaining the working.",
    "sql-result": "Problem: {question}\n\nReply with one SQL query whose SELECT computes the final answer in a column "
                  "named answer, then the one-row result table the query returns.",
    "lab-notebook": "Problem: {question}\n\nWrite the solution as a lab-notebook entry with the lines 'Date:', "
                    "'Aim:', 'Method:' and 'Result:', the Result line giving the final answer.",
    "receipt": "Problem: {question}\n\nWrite the solution as a shop receipt: one line per step with its amount, and a "
               "last line 'TOTAL' giving the final answer.",
    "telegram": "Problem: {question}\n\nReply as a telegram: capital letters only, STOP at the end of each sentence, "
                "the final answer in the last sentence.",
    "log-lines": "Problem: {question}\n\nReply only with program log lines of the form '<time> INFO <message>', one "
                 "per step; the last line reads '<time> INFO result=<answer>'.",
    "other-language": m7.PROMPTS["other-language"]}
FIXTURE_FILES = m16.FIXTURE_FILES + (  # and every file git tracked under tests/fixtures since, at the design commit
    'model_math_round11.second_read.json', 'model_math_round12.second_read.json', 'model_math_round13.second_read.json',
    'model_math_round14.second_read.json', 'model_math_round15.second_read.json', 'model_math_round16.jsonl',
    'model_math_round16.labels.json', 'model_math_round16.md', 'model_math_round16.questions.jsonl',
    'model_math_round16.replies.jsonl', 'model_math_round16.second_read.json', 'model_openqa_round16.jsonl',
    'model_openqa_round16.labels.json', 'model_openqa_round16.md', 'model_openqa_round16.questions.jsonl',
    'model_openqa_round16.replies.jsonl', 'model_openqa_round16.second_read.json')
BUNDLED_FILES = m16.BUNDLED_FILES


passing, draw_questions, drawn, rows, finalize, main = m14.mmlu_commands(globals())
prompt_kind, language_of, prompt_of, generate, collect, row_id, _bundled_rows, _ = mr.round_commands(globals())


if __name__ == "__main__":
    raise SystemExit(main())
