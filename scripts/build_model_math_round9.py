"""Math round 9 of issue 37 (tests/fixtures/model_math_round9.jsonl, split `heldout-m9`): the same two small local
models SOLVE the last 54 GSM8K TEST questions of round 7's pool ON THEIR OWN, in six output formats rounds 7-8 did
not ask for; every reply labelled by reading. Built as rounds 7-8 were (their scripts' functions, by import), frozen
and unread.

Usage:
    python scripts/build_model_math_round9.py generate --model qwen2.5-coder-0.5b --until 07:05
    python scripts/build_model_math_round9.py collect     # the raw replies -> model_math_round9.replies.jsonl
    python scripts/build_model_math_round9.py finalize    # replies + model_math_round9.labels.json -> corpus

Design, committed before any reply was generated (2026-12-07):

Questions: round 7's pool and shuffle (the bundled `gsm8k-openai-solutions` TEST split's distinct questions less
round 7's EXCLUDED, by question id, shuffled with random.Random(SEED + 7), SEED = 37); this round draws positions
210..263 (FIRST = 210, N_QUESTIONS = 54 = 6 kinds x 9): the questions after rounds 7 (0..104) and 8 (105..209).
The pool has 265 (266 test questions; of EXCLUDED only gsm8k-test-0002 is in the bundled test split), so position
264 stays undrawn, as a 55th question would break the 6 x 9 rotation. `drawn()` (round 8's, with this round's
positions) asserts that no question is one of rounds 7 or 8 or of tests/fixtures/generated_format_rows.jsonl (by id
and by text). k (0..53) is the position in this round's draw. Each row keeps the bundled row's question text and
`references` as given.

Models: round 8's `MODELS`: Qwen2.5-Coder-0.5B-Instruct Q4_K_M, then Qwen2.5-Coder-1.5B-Instruct Q4_K_M (the GGUF
files at /tmp, as rounds 7-8). Each model answers each drawn question once.

Prompt kinds (`KINDS`, chat prompts `PROMPTS`: the problem, then the instruction), six NEW answer styles (none of
rounds 7-8's but `other-language`, with other languages), rotated as round 8 (`rotation` of open-QA round 7's
script): the question at draw position k gets KINDS[(k + m) % 6] from the model at position m of `MODELS`, so each
model answers each kind 9 times and each question gets a different kind from each model; `other-language` asks for
LANGUAGES[((k + m) // 6) % 3] (Russian, Japanese, Dutch in turn; 3 each per model). The kinds:
- `latex`: "Write your solution in LaTeX and give the final answer in a display equation.";
- `words`: "Solve it and write the final answer in words, not digits.";
- `email`: "Solve it and write your answer as a short email to a colleague.";
- `bullets`: "Solve it as a bulleted list of steps; the last bullet gives the final answer.";
- `csv`: "Solve it and reply only with CSV: a header row, one row per step, the last row the final answer.";
- `other-language`: round 7's prompt: solve it, writing the whole answer in the language.

Decoding: as round 8: temperature 0 (greedy; seed 37 recorded), top-p as the backend's default call, one thread, 8
requests decoded together (one backend start per model), at most MAX_TOKENS (384) new tokens for every kind, a
context of 768 tokens per slot (round 7's constants). Generation goes model by model in `MODELS` order (0.5B first),
one model at a time, questions in draw order, and stops at a wall time (`--until 07:05`): no batch starts after
07:05 UTC on 2026-12-07. A model cut short keeps the replies it gave (a prefix of the draw; the card says so).
Replies are appended to RAW one batch at a time, so a stopped run resumes; raw replies are committed (`collect`) in
batches BEFORE they are read.

Cut-off replies (finish_reason "length", at the 384-token limit): KEPT, and read as far as they go like any other
reply (rule below): a reply cut off before it commits to a final answer is incorrect; one that committed to an
answer before the cut is labelled by that answer. `finish_reason` is a corpus field, so a reader can leave them out.

LABELLING GUIDELINE (round 8's, verbatim where it applies; written before generation; every reply read by the helper
that built the round, against the question and the gold number only, before any judge of the project runs on these
rows; no judge and no regex of the project's judges and no project code is used to label or to extract answers;
labels in model_math_round9.labels.json: {row id: {"label", "read_answer", "why"}}, a reason for every incorrect
row):
- read_answer: the final answer the reply COMMITS to, as read: the number it gives as its result (a boxed value,
  "the answer is", "Final answer:", "Total: $15", the JSON value that answers the question, the output a program
  reply says its program prints, the last line of a `short` reply), written as a plain number; null when the reply
  commits to none. Added for this round's formats: a number written in words (in any language) is read as its
  value; a `csv` reply's answer is the value its last row gives as the final answer; a `latex` reply's committed
  answer is its display equation's final value (or a boxed value); a `bullets` reply's is the final answer its last
  bullet gives; an `email` reply's is the answer its text gives.
- correct iff read_answer equals the gold number: formatting does not matter (18, 18.00, $18, 1,800 and 1.800 or
  1 800 in a language that writes thousands so, 18 dollars, "eighteen", "восемнадцать", "十八", "achttien", a
  decimal comma), nor do units written around it (a wrong unit word next to the right number does not change the
  label); a value given in another unit that equals the asked quantity (1.5 hours for 90 minutes) is correct; a
  rounded or approximate value that is not the gold number is incorrect.
- Reasoning does not change the label: wrong steps with the right committed final answer are correct; right steps
  that end on another committed number are incorrect.
- The LAST answer the reply commits to counts when the reply corrects itself ("..., so 20. Wait, that's wrong: 24"
  commits to 24). Several different final answers given as final with no correction between them (a boxed 18 and a
  closing "The answer is 20") are conflicting: incorrect. The same answer restated in several forms is one answer
  (a `words` reply's "twenty-four (24)"); a `words` reply whose digits and words give different numbers with
  neither given as final is conflicting: incorrect.
- A value written as an arithmetic expression of numbers (a CSV cell `40 * 21`, a display equation ending in
  `= 3 \\times 8`) is read as its value (round 7's rule for JSON, round 8's for YAML); a formula over names (cells,
  variables) is code, not a value: no committed answer.
- A reply that only shows code and never says what it prints or what the answer is commits to no answer:
  incorrect (a reader should not run code); one that states the printed output commits to it, right or wrong
  arithmetic.
- `other-language`: the language of the reply does not matter (an English reply is read like any other).
- No committed answer (a restated question, a refusal, an empty reply, a loop, cut off at the limit before any
  final answer, a table or list of parts without the asked total): incorrect.
The reason of each incorrect row starts with its kind: "another answer", "conflicting answers", "no committed
answer".

Split: every row is `heldout-m9`, frozen and unread: no judge of the project runs on these rows (the test file is
corpus-only); `heldout-m9` is in `UNREAD` of scripts/measure_model_math_styles.py (out of `--split all`;
`--show-errors` refuses it). Row ids `m9-<model>-<question id>`; family `model9-<kind>`. The lead reads it once (the
card gives the command).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_model_math_round7 as m7  # noqa: E402
import build_model_math_round8 as m8  # noqa: E402
import math_rounds as mr  # noqa: E402

FIXTURES = mr.FIXTURES
OUT, REPLIES, LABELS, RAW, SPLIT, TAG = mr.round_files(9)
SOURCE, SEED, EXCLUDED = m7.SOURCE, m7.SEED, m7.EXCLUDED
FIRST = m8.FIRST + m8.N_QUESTIONS  # rounds 7 and 8 drew positions 0..209 of the shuffle
N_QUESTIONS = 54
MODELS = m8.MODELS
KINDS = ("latex", "words", "email", "bullets", "csv", "other-language")
LANGUAGES = ("Russian", "Japanese", "Dutch")
MAX_TOKENS, N_CTX, TEMPERATURE = m7.MAX_TOKENS, m7.N_CTX, m7.TEMPERATURE
REPLY_FIELDS = m7.REPLY_FIELDS
PROMPTS = {
    "latex": "Problem: {question}\n\nWrite your solution in LaTeX and give the final answer in a display equation.",
    "words": "Problem: {question}\n\nSolve it and write the final answer in words, not digits.",
    "email": "Problem: {question}\n\nSolve it and write your answer as a short email to a colleague.",
    "bullets": "Problem: {question}\n\nSolve it as a bulleted list of steps; the last bullet gives the final answer.",
    "csv": "Problem: {question}\n\nSolve it and reply only with CSV: a header row, one row per step, the last row the "
           "final answer.",
    "other-language": m7.PROMPTS["other-language"]}


def drawn() -> list[dict]:
    """This round's questions, in drawn order (k: the position in this round's draw, 0..53)."""
    return m8.drawn(FIRST, N_QUESTIONS, earlier_items=m8.drawn())


prompt_kind, language_of, prompt_of, generate, collect, row_id, rows, finalize = mr.round_commands(globals())


def main(argv: list[str] | None = None) -> int:
    return mr.main(argv, globals())


if __name__ == "__main__":
    raise SystemExit(main())
