"""Math round 11 of issue 37 (tests/fixtures/model_math_round11.jsonl, split `heldout-m11`): the same two small local
models as rounds 7-10 SOLVE 70 GSM8K questions of the bundled set's TRAIN split ON THEIR OWN, in seven output formats
rounds 7-10 did not ask for; every reply labelled by reading. Built with the shared glue (scripts/math_rounds.py),
frozen and unread.

Usage:
    python scripts/build_model_math_round11.py generate --model qwen2.5-coder-0.5b --until 10:05
    python scripts/build_model_math_round11.py collect     # the raw replies -> model_math_round11.replies.jsonl
    python scripts/build_model_math_round11.py finalize    # replies + model_math_round11.labels.json -> corpus

Design, committed before any reply was generated (2026-12-07):

Why TRAIN, and what each judge saw of it: the bundled `gsm8k-openai-solutions` TEST pool is used up (rounds 7-9) and
round 10 drew most of the usable DEV questions. The rule judges `sympy` and `math-verify` never trained on any split:
for them a train question is as unseen as a test one, and their figures here are held out. `stacked` DID train on
these very questions: `judgesuite train-stacked` (suite/training/stacked.py: "Train on TRAIN, choose each family's
threshold on DEV") fits its forest on the TRAIN split of every bundled set, `gsm8k-openai-solutions` among them
(judges/learned/models/stacked.md: 3,144 gsm8k train rows, i.e. the bundled solutions, other answers to every train
question, with their labels). The replies here are new, but `stacked`'s figure on this round is IN SOURCE BY
QUESTION, not held out by question; the card says so.

Questions: the bundled set's TRAIN split (`m7.questions("train")`: its distinct questions by question id, each with
the bundled rows' gold `references` as given; the bundled ids are `gsm8k-test-NNNN` in every split, as the set was
built from GSM8K's test questions), less every question named by a tests/fixtures corpus, by id and by text
(`math_rounds.earlier(ID_FILES, TEXT_FILES)`): ID_FILES are the 23 fixture files that name a gsm8k question id at
this commit (rounds 1-6's model_math_styles*, rounds 7-10's corpora, replies, labels and second read,
math_style_corpus.jsonl, generated_format_rows.jsonl; frozen as a list so that a later round's files cannot move
this draw); the texts are those of their ids in every bundled split and every `question` of the JSONL ones (round
6's original-GSM8K-train questions among them); texts compared with whitespace collapsed and lower-cased. Unlike
round 10, the dev questions rounds 1-5 prompted on and dropped are out too (any id named anywhere). The rest of the
train split (89 of its 786 questions), ordered by question id, is shuffled with random.Random(DRAW_SEED) (DRAW_SEED =
SEED + 11 = 48) and the first N_QUESTIONS (70 = 7 kinds x 10) are drawn; k (0..69) is the position in the draw.

Models: round 8's `MODELS`: Qwen2.5-Coder-0.5B-Instruct Q4_K_M, then Qwen2.5-Coder-1.5B-Instruct Q4_K_M (the GGUF
files at /tmp, as rounds 7-10). Each model answers each drawn question once.

Prompt kinds (`KINDS`, chat prompts `PROMPTS`: "Problem: <question>", a blank line, then the instruction), seven NEW
answer styles (none of rounds 7-10's but `other-language`, with other languages), rotated as round 10 (`rotation`
of open-QA round 7's script): the question at draw position k gets KINDS[(k + m) % 7] from the model at position m
of `MODELS`, so each model answers each kind 10 times and each question gets a different kind from each model;
`other-language` asks for LANGUAGES[((k + m) // 7) % 3] (Arabic, Hindi, Vietnamese in turn). The kinds:
- `gsm8k-hash`: "Solve it step by step, and end your reply with a line of the form '#### <number>'.";
- `html`: "Reply with an HTML fragment only: the steps in an <ol> list and the final answer in a <p> element.";
- `socratic`: "Solve it by asking yourself a sequence of sub-questions and answering each one.";
- `verify`: "Solve it, then check your answer by working backwards, and state the final answer.";
- `explain-child`: "Explain the solution to a ten-year-old, in simple words.";
- `sci-notation`: "Solve it and give the final answer in scientific notation.";
- `other-language`: round 7's prompt: solve it, writing the whole answer in the language.

Decoding: as rounds 8-10: temperature 0 (greedy; seed 37 recorded), top-p as the backend's default call, ONE thread,
8 requests decoded together (one backend start per model), at most MAX_TOKENS (384) new tokens for every kind, a
context of 768 tokens per slot (round 7's constants). Generation goes model by model in `MODELS` order (0.5B first),
one model at a time (the 2 cores are shared with another helper generating), questions in draw order, and stops at
a wall time (`--until 10:05`): no batch starts after 10:05 UTC on 2026-12-07. A model cut short keeps the replies it
gave (a prefix of the draw; the card says so). Replies are appended to RAW one batch at a time, so a stopped run
resumes; raw replies are committed (`collect`) in batches BEFORE they are read.

Cut-off replies (finish_reason "length", at the 384-token limit): KEPT, and read as far as they go like any other
reply (rule below): a reply cut off before it commits to a final answer is incorrect; one that committed to an
answer before the cut is labelled by that answer. `finish_reason` is a corpus field, so a reader can leave them out.

LABELLING GUIDELINE (round 10's, verbatim where it applies, with this round's formats added; written before
generation; every reply read by the helper that built the round, against the question and the gold number only,
before any judge of the project runs on these rows; no judge and no regex of the project's judges and no project
code is used to label or to extract answers; labels in model_math_round11.labels.json: {row id: {"label",
"read_answer", "why"}}, a reason for every incorrect row):
- read_answer: the final answer the reply COMMITS to, as read: the number it gives as its result (a boxed value,
  "the answer is", "Final answer:", "Total: $15", the JSON value that answers the question, the output a program
  reply says its program prints, the last line of a `short` reply), written as a plain number; null when the reply
  commits to none. A number written in words (in any language) is read as its value. Added for this round's
  formats: a `gsm8k-hash` reply's is the number on its '#### ' line (or, with none, the answer its text gives); an
  `html` reply's is the answer the fragment's text commits to (its <p> element's, or with none the answer its text
  gives; the markup itself does not matter); a `socratic` reply's is the answer its last sub-answer or closing
  sentence commits to; `verify`: the answer stated as final after the check; a check that finds a different number
  and commits to it counts (the last committed answer), a check that finds a different number and commits to
  neither is conflicting; an `explain-child` reply's is the answer its explanation settles on; `sci-notation`: a
  value in scientific notation equal to the gold is correct (1.8 x 10^1 for 18), a rounded one that is not the gold
  is incorrect (1.2 x 10^3 for 1,234); digits of other scripts (Arabic-Indic, Devanagari) are read as their values.
- correct iff read_answer equals the gold number: formatting does not matter (18, 18.00, $18, 1,800 and 1.800 or
  1 800 in a language that writes thousands so, 18 dollars, "eighteen", "ثمانية عشر", "अठारह", "mười tám", a decimal
  comma, 1.8 x 10^1), nor do units written around it (a wrong unit word next to the right number does not change
  the label); a value given in another unit that equals the asked quantity (1.5 hours for 90 minutes) is correct; a
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

Split: every row is `heldout-m11`, frozen and unread: no judge of the project runs on these rows (the test file is
corpus-only); `heldout-m11` is in `UNREAD` of scripts/measure_model_math_styles.py (out of `--split all`;
`--show-errors` refuses it). Row ids `m11-<model>-<question id>`; family `model11-<kind>`. The lead reads it once
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
OUT, REPLIES, LABELS, RAW, SPLIT, TAG = mr.round_files(11)
DATA_SPLIT = "train"
SOURCE, SEED = m7.SOURCE, m7.SEED
DRAW_SEED = SEED + 11
N_QUESTIONS = 70
MODELS = m8.MODELS
KINDS = ("gsm8k-hash", "html", "socratic", "verify", "explain-child", "sci-notation", "other-language")
LANGUAGES = ("Arabic", "Hindi", "Vietnamese")
MAX_TOKENS, N_CTX, TEMPERATURE = m7.MAX_TOKENS, m7.N_CTX, m7.TEMPERATURE
REPLY_FIELDS = m7.REPLY_FIELDS
PROMPTS = {
    "gsm8k-hash": "Problem: {question}\n\nSolve it step by step, and end your reply with a line of the form "
                  "'#### <number>'.",
    "html": "Problem: {question}\n\nReply with an HTML fragment only: the steps in an <ol> list and the final answer "
            "in a <p> element.",
    "socratic": "Problem: {question}\n\nSolve it by asking yourself a sequence of sub-questions and answering each "
                "one.",
    "verify": "Problem: {question}\n\nSolve it, then check your answer by working backwards, and state the final "
              "answer.",
    "explain-child": "Problem: {question}\n\nExplain the solution to a ten-year-old, in simple words.",
    "sci-notation": "Problem: {question}\n\nSolve it and give the final answer in scientific notation.",
    "other-language": m7.PROMPTS["other-language"]}
# every tests/fixtures file that names a gsm8k question id at this round's design commit (rounds 1-10 and the rest)
_STYLES = ("model_math_styles.jsonl", "model_math_styles.replies.jsonl", "model_math_styles.replies-r3.jsonl",
           "model_math_styles.replies-r4.jsonl", "model_math_styles.replies-r5.jsonl",
           "model_math_styles.replies-r6.jsonl", "model_math_styles.questions-r6.jsonl")
_ROUNDS = tuple(f"model_math_round{n}{ext}" for n in (7, 8, 9, 10) for ext in (".jsonl", ".replies.jsonl"))
TEXT_FILES = _STYLES + _ROUNDS + ("math_style_corpus.jsonl", "generated_format_rows.jsonl")
ID_FILES = TEXT_FILES + tuple(f"model_math_round{n}.labels.json" for n in (7, 8, 9, 10)) + (
    "model_math_round7.second_read.json", "model_math_round9.md")


def pool() -> list[dict]:
    """The train questions of no earlier fixture file, by question id (before the shuffle)."""
    return mr.pool(DATA_SPLIT, ID_FILES, TEXT_FILES)


def drawn() -> list[dict]:
    """This round's questions, in drawn order (k: the position in the draw, 0..69)."""
    return mr.draw(pool(), DRAW_SEED, N_QUESTIONS)


prompt_kind, language_of, prompt_of, generate, collect, row_id, rows, finalize = mr.round_commands(globals())


def main(argv: list[str] | None = None) -> int:
    return mr.main(argv, globals())


if __name__ == "__main__":
    raise SystemExit(main())
