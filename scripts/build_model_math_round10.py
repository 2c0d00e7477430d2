"""Math round 10 of issue 37 (tests/fixtures/model_math_round10.jsonl, split `heldout-m10`): the same two small local
models as rounds 7-9 SOLVE 70 GSM8K questions of the bundled set's DEV split ON THEIR OWN, in seven output formats
rounds 7-9 did not ask for; every reply labelled by reading. Built as rounds 7-9 were (their scripts' functions, by
import), frozen and unread.

Usage:
    python scripts/build_model_math_round10.py generate --model qwen2.5-coder-0.5b --until 07:30
    python scripts/build_model_math_round10.py collect     # the raw replies -> model_math_round10.replies.jsonl
    python scripts/build_model_math_round10.py finalize    # replies + model_math_round10.labels.json -> corpus

Design, committed before any reply was generated (2026-12-07):

Why DEV: the bundled `gsm8k-openai-solutions` TEST split's pool is used up (rounds 7-9 drew 264 of its 265
questions). The `sympy` and `math-verify` judges never trained on any split, so for them a dev question is as unseen
as a test one. `stacked` did use dev rows: it chose its math threshold (and fit its second stage) on the bundled
sets' dev rows, which hold other answers (the bundled solutions) to these very questions; the replies here are new,
but for `stacked` this round is not a wholly unseen source, and the card says so.

Questions: the bundled set's DEV split (`m7.questions("dev")`: its distinct questions by question id, each with the
bundled rows' gold `references` as given), less every question of math rounds 1-9 and of
tests/fixtures/generated_format_rows.jsonl, by id and by text (`earlier()`: bundled ids named anywhere in the
corpora model_math_styles.jsonl (rounds 1-6), model_math_round7/8/9.jsonl and generated_format_rows.jsonl; texts
of those ids in every bundled split, of model_math_styles.questions-r6.jsonl (round 6's GSM8K train questions), of
generated_format_rows.jsonl and of rounds 7-9's rows; texts compared with whitespace collapsed and lower-cased). A
round's questions are those of its corpus rows, as round 9's test reads rounds 1-6: rounds 1-5 also prompted
(rewrite-a-solution) on dev questions all of whose replies their scan dropped (model_math_styles.replies*.jsonl);
no row of those was ever kept, measured or tuned on, so they stay in the pool (with them left out only 30 dev
questions would remain, too few for 7 x 10); 48 of the 70 drawn are such, as the card says. The rest of the dev
split (89 questions), ordered by question id, is shuffled with random.Random(DRAW_SEED) (DRAW_SEED = SEED + 10 =
47) and the first N_QUESTIONS (70 = 7 kinds x 10) are drawn; k (0..69) is the position in the draw.

Models: round 8's `MODELS`: Qwen2.5-Coder-0.5B-Instruct Q4_K_M, then Qwen2.5-Coder-1.5B-Instruct Q4_K_M (the GGUF
files at /tmp, as rounds 7-9). Each model answers each drawn question once.

Prompt kinds (`KINDS`, chat prompts `PROMPTS`: the problem, then the instruction), seven NEW answer styles (none of
rounds 7-9's but `other-language`, with other languages), rotated as round 8 (`rotation` of open-QA round 7's
script): the question at draw position k gets KINDS[(k + m) % 7] from the model at position m of `MODELS`, so each
model answers each kind 10 times and each question gets a different kind from each model; `other-language` asks for
LANGUAGES[((k + m) // 7) % 3] (Korean, Turkish, Polish in turn; 4, 3 and 3 per model). The kinds:
- `xml`: "Solve it and put your final answer between <answer> and </answer> tags.";
- `tweet`: "Solve it and reply in a single tweet of at most 280 characters.";
- `two-methods`: "Solve it in two different ways, and give the final answer after each.";
- `estimate-first`: "First give a rough estimate, then work out the exact answer.";
- `dialogue`: "Write the solution as a dialogue between a teacher and a student.";
- `markdown-answer`: "Format your reply in Markdown with headings, and put the final answer under a heading
  'Answer'.";
- `other-language`: round 7's prompt: solve it, writing the whole answer in the language.

Decoding: as rounds 8-9: temperature 0 (greedy; seed 37 recorded), top-p as the backend's default call, one thread,
8 requests decoded together (one backend start per model), at most MAX_TOKENS (384) new tokens for every kind, a
context of 768 tokens per slot (round 7's constants). Generation goes model by model in `MODELS` order (0.5B first),
one model at a time, questions in draw order, and stops at a wall time (`--until 07:30`): no batch starts after
07:30 UTC on 2026-12-07. A model cut short keeps the replies it gave (a prefix of the draw; the card says so).
Replies are appended to RAW one batch at a time, so a stopped run resumes; raw replies are committed (`collect`) in
batches BEFORE they are read.

Cut-off replies (finish_reason "length", at the 384-token limit): KEPT, and read as far as they go like any other
reply (rule below): a reply cut off before it commits to a final answer is incorrect; one that committed to an
answer before the cut is labelled by that answer. `finish_reason` is a corpus field, so a reader can leave them out.

LABELLING GUIDELINE (round 9's, verbatim where it applies; written before generation; every reply read by the helper
that built the round, against the question and the gold number only, before any judge of the project runs on these
rows; no judge and no regex of the project's judges and no project code is used to label or to extract answers;
labels in model_math_round10.labels.json: {row id: {"label", "read_answer", "why"}}, a reason for every incorrect
row):
- read_answer: the final answer the reply COMMITS to, as read: the number it gives as its result (a boxed value,
  "the answer is", "Final answer:", "Total: $15", the JSON value that answers the question, the output a program
  reply says its program prints, the last line of a `short` reply), written as a plain number; null when the reply
  commits to none. A number written in words (in any language) is read as its value. Added for this round's
  formats: an `xml` reply's is the value between its <answer> tags (or, with none, the answer its text gives); a
  `tweet` reply's is the answer its text gives; a `markdown-answer` reply's is the answer under its 'Answer'
  heading (or, with none, the answer its text gives); a `dialogue` reply's is the answer the dialogue settles on;
  `estimate-first`: the exact answer the reply commits to counts, not the estimate; `two-methods`: two different
  final answers with no choice between them are conflicting (incorrect); the same answer twice is one answer.
- correct iff read_answer equals the gold number: formatting does not matter (18, 18.00, $18, 1,800 and 1.800 or
  1 800 in a language that writes thousands so, 18 dollars, "eighteen", "열여덟", "on sekiz", "osiemnaście", a
  decimal comma), nor do units written around it (a wrong unit word next to the right number does not change the
  label); a value given in another unit that equals the asked quantity (1.5 hours for 90 minutes) is correct; a
  rounded or approximate value that is not the gold number is incorrect.
- Reasoning does not change the label: wrong steps with the right committed final answer are correct; right steps
  that end on another committed number are incorrect.
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

Split: every row is `heldout-m10`, frozen and unread: no judge of the project runs on these rows (the test file is
corpus-only); `heldout-m10` is in `UNREAD` of scripts/measure_model_math_styles.py (out of `--split all`;
`--show-errors` refuses it). Row ids `m10-<model>-<question id>`; family `model10-<kind>`. The lead reads it once
(the card gives the command).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_model_math_round7 as m7  # noqa: E402
import build_model_math_round8 as m8  # noqa: E402
import math_rounds as mr  # noqa: E402

FIXTURES = mr.FIXTURES
OUT, REPLIES, LABELS, RAW, SPLIT, TAG = mr.round_files(10)
DATA_SPLIT = "dev"
SOURCE, SEED = m7.SOURCE, m7.SEED
DRAW_SEED = SEED + 10
N_QUESTIONS = 70
MODELS = m8.MODELS
KINDS = ("xml", "tweet", "two-methods", "estimate-first", "dialogue", "markdown-answer", "other-language")
LANGUAGES = ("Korean", "Turkish", "Polish")
MAX_TOKENS, N_CTX, TEMPERATURE = m7.MAX_TOKENS, m7.N_CTX, m7.TEMPERATURE
REPLY_FIELDS = m7.REPLY_FIELDS
PROMPTS = {
    "xml": "Problem: {question}\n\nSolve it and put your final answer between <answer> and </answer> tags.",
    "tweet": "Problem: {question}\n\nSolve it and reply in a single tweet of at most 280 characters.",
    "two-methods": "Problem: {question}\n\nSolve it in two different ways, and give the final answer after each.",
    "estimate-first": "Problem: {question}\n\nFirst give a rough estimate, then work out the exact answer.",
    "dialogue": "Problem: {question}\n\nWrite the solution as a dialogue between a teacher and a student.",
    "markdown-answer": "Problem: {question}\n\nFormat your reply in Markdown with headings, and put the final answer "
                       "under a heading 'Answer'.",
    "other-language": m7.PROMPTS["other-language"]}
ROUND_FILES = ("model_math_styles.jsonl", "model_math_round7.jsonl", "model_math_round8.jsonl",
               "model_math_round9.jsonl", "generated_format_rows.jsonl")  # the corpora of rounds 1-9 and the rows


TEXT_FILES = ("model_math_styles.questions-r6.jsonl", "generated_format_rows.jsonl", "model_math_round7.jsonl",
              "model_math_round8.jsonl", "model_math_round9.jsonl")


def earlier() -> tuple[set[str], set[str]]:
    """The bundled question ids and the (normalized) question texts of math rounds 1-9 and of
    generated_format_rows.jsonl."""
    return mr.earlier(ROUND_FILES, TEXT_FILES)


def pool() -> list[dict]:
    """The dev questions of no earlier math round, by question id (before the shuffle)."""
    return mr.pool(DATA_SPLIT, ROUND_FILES, TEXT_FILES)


def drawn() -> list[dict]:
    """This round's questions, in drawn order (k: the position in the draw, 0..69)."""
    return mr.draw(pool(), DRAW_SEED, N_QUESTIONS)


prompt_kind, language_of, prompt_of, generate, collect, row_id, rows, finalize = mr.round_commands(globals())


def main(argv: list[str] | None = None) -> int:
    return mr.main(argv, globals())


if __name__ == "__main__":
    raise SystemExit(main())
