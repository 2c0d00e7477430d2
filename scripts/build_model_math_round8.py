"""Math round 8 of issue 37 (tests/fixtures/model_math_round8.jsonl, split `heldout-m8`): the same two small local
models SOLVE the next GSM8K TEST questions ON THEIR OWN, in seven output formats math round 7 did not ask for; every
reply labelled by reading. Built as round 7 was (scripts/build_model_math_round7.py, whose functions and pool it
reuses), frozen and unread.

Usage:
    python scripts/build_model_math_round8.py generate --model qwen2.5-coder-0.5b --until 04:05
    python scripts/build_model_math_round8.py collect     # the raw replies -> model_math_round8.replies.jsonl
    python scripts/build_model_math_round8.py finalize    # replies + model_math_round8.labels.json -> corpus

Design, committed before any reply was generated (2026-12-07):

Questions: round 7's pool and shuffle: the bundled `gsm8k-openai-solutions` TEST split's distinct questions
(`questions()` of round 7's script), less round 7's EXCLUDED (the two test questions that
tests/fixtures/generated_format_rows.jsonl holds), ordered by question id, shuffled with random.Random(SEED + 7)
(SEED = 37); this round draws positions 105..209 of that shuffle (FIRST = 105, N_QUESTIONS = 105 = 7 kinds x 15:
the 105 questions after round 7's). `drawn()` asserts that no question is one of round 7's or of
generated_format_rows.jsonl. k (0..104) is the position in this round's draw and fixes the prompt kinds. Each row
keeps the bundled row's question text and `references` as given.

Models (local GGUF files through the project's llama.cpp backend; `MODELS`, the names and files of open-QA round
6's `MODELS`): Qwen2.5-Coder-0.5B-Instruct Q4_K_M, then Qwen2.5-Coder-1.5B-Instruct Q4_K_M (the files at /tmp, as
round 7). Each model answers each drawn question once.

Prompt kinds (`KINDS`, chat prompts `PROMPTS`), NEW answer styles (none of round 7's but `other-language`, with
other languages), one per (question, model), rotated as round 7 (`rotation(k, m, KINDS, LANGUAGES)` of open-QA
round 7's script): the question at draw position k gets KINDS[(k + m) % 7] from the model at position m of
`MODELS`, so each model sees each kind 15 times and each question gets a different kind from each model;
`other-language` asks for LANGUAGES[((k + m) // 7) % 3] (Italian, Portuguese, Chinese in turn; 5 each per model).
The kinds:
- `boxed`: "Solve the following math problem. Put your final answer in \\boxed{}.";
- `table`: solve it and show the work as a Markdown table of steps, then give the final answer;
- `yaml`: solve it and reply only with YAML (no key named: the model picks them);
- `answer-first`: give the final answer in the first sentence, then explain;
- `units`: solve it and state the final answer as a full sentence with its units or currency;
- `teacher-check`: "A student says the answer is {wrong}. Is the student right? Solve it and give the correct final
  answer.", where {wrong} is the gold number + 10 (`wrong_answer`: a plausible rejected alternative, written as a
  plain number), so that replies say "X, not Y" or agree with a wrong number; the student's number is never the
  gold;
- `other-language`: round 7's prompt: solve it, writing the whole answer in the language.

Decoding: as round 7: temperature 0 (greedy; seed 37 recorded), top-p as the backend's default call, one thread, 8
requests decoded together (one backend start per model), at most MAX_TOKENS (384) new tokens for every kind, a
context of 768 tokens per slot. Generation goes model by model in `MODELS` order (0.5B first), questions in draw
order, and stops at a wall time (`--until 04:05`): no batch starts after 04:05 UTC on 2026-12-07 (at most about 65
minutes of generation from about 03:00 UTC). A model cut short keeps the replies it gave (a prefix of the draw; the
card says so). Replies are appended to RAW one batch at a time, so a stopped run resumes; raw replies are committed
(`collect`) in batches BEFORE they are read.

Cut-off replies (finish_reason "length", at the 384-token limit): KEPT, and read as far as they go like any other
reply (rule below): a reply cut off before it commits to a final answer is incorrect; one that committed to an
answer before the cut is labelled by that answer. `finish_reason` is a corpus field, so a reader can leave them out.

LABELLING GUIDELINE (round 7's, verbatim where it applies; written before generation; every reply read by the helper
that built the round, against the question and the gold number only, before any judge of the project runs on these
rows; no judge and no regex of the project's judges and no project code is used to label or to extract answers;
labels in model_math_round8.labels.json: {row id: {"label", "read_answer", "why"}}, a reason for every incorrect
row):
- read_answer: the final answer the reply COMMITS to, as read: the number it gives as its result (a boxed value,
  "the answer is", "Final answer:", "Total: $15", the JSON value that answers the question, the output a program
  reply says its program prints, the last line of a `short` reply), written as a plain number; null when the reply
  commits to none. Added for this round's formats: the YAML value that answers the question; the final answer a
  `table` reply gives after (or, failing that, in the last row of) its table; the answer an `answer-first` reply
  states (its first sentence, unless the reply later corrects it); the number of a `units` sentence.
- correct iff read_answer equals the gold number: formatting does not matter (18, 18.00, $18, 1,800 and 1.800 or
  1 800 in a language that writes thousands so, 18 dollars, "eighteen", "diciotto", "dezoito", "十八", a decimal
  comma), nor do units written around it (a wrong unit word next to the right number does not change the label);
  a value given in another unit that equals the asked quantity (1.5 hours for 90 minutes) is correct; a rounded or
  approximate value that is not the gold number is incorrect.
- Reasoning does not change the label: wrong steps with the right committed final answer are correct; right steps
  that end on another committed number are incorrect.
- The LAST answer the reply commits to counts when the reply corrects itself ("..., so 20. Wait, that's wrong: 24"
  commits to 24). Several different final answers given as final with no correction between them (a boxed 18 and a
  closing "The answer is 20") are conflicting: incorrect. The same answer restated in several forms is one answer.
  An `answer-first` reply whose first sentence says one number and whose explanation ends on another, with no
  correction said, is conflicting: incorrect.
- A reply that only shows code and never says what it prints or what the answer is commits to no answer:
  incorrect (a reader should not run code); one that states the printed output commits to it, right or wrong
  arithmetic.
- `teacher-check`: the answer the reply commits to as the CORRECT one counts (not the student's number it quotes);
  "the student is wrong, the answer is 18" commits to 18; a reply that only agrees with the student's (wrong)
  number ("Yes, the student is right") commits to that number: incorrect; a reply that says the student is wrong
  but gives no other answer commits to none: incorrect; a reply whose verdict and answer disagree ("the student is
  right" and a computed 18 that is not the student's number) is labelled by the final answer it states as the
  correct one, or conflicting when it gives none as final.
- `other-language`: the language of the reply does not matter (an English reply is read like any other).
- No committed answer (a restated question, a refusal, an empty reply, a loop, cut off at the limit before any
  final answer): incorrect.
The reason of each incorrect row starts with its kind: "another answer", "conflicting answers", "no committed
answer".

Split: every row is `heldout-m8`, frozen and unread: no judge of the project runs on these rows (the test file is
corpus-only); `heldout-m8` is in `UNREAD` of scripts/measure_model_math_styles.py (out of `--split all`;
`--show-errors` refuses it). The lead reads it once (the card gives the command).
"""
from __future__ import annotations

import json
import sys
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_model_math_round7 as m7  # noqa: E402
import build_model_openqa_round6 as r6  # noqa: E402
import math_rounds as mr  # noqa: E402

FIXTURES = mr.FIXTURES
OUT, REPLIES, LABELS, RAW, SPLIT, TAG = mr.round_files(8)
SOURCE, SEED, EXCLUDED = m7.SOURCE, m7.SEED, m7.EXCLUDED
FIRST = m7.N_QUESTIONS  # round 7 drew positions 0..104 of the shuffle
N_QUESTIONS = 105
MODELS = {m: r6.MODELS[m] for m in ("qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b")}
KINDS = ("boxed", "table", "yaml", "answer-first", "units", "teacher-check", "other-language")
LANGUAGES = ("Italian", "Portuguese", "Chinese")
MAX_TOKENS, N_CTX, TEMPERATURE = m7.MAX_TOKENS, m7.N_CTX, m7.TEMPERATURE
REPLY_FIELDS = m7.REPLY_FIELDS
PROMPTS = {
    "boxed": "Solve the following math problem. Put your final answer in \\boxed{{}}.\n\nProblem: {question}",
    "table": "Solve the following math problem. Show your work as a Markdown table of steps, then give the final "
             "answer.\n\nProblem: {question}",
    "yaml": "Solve the following math problem. Reply only with YAML.\n\nProblem: {question}",
    "answer-first": "Solve the following math problem. Give the final answer in your first sentence, then explain "
                    "how you got it.\n\nProblem: {question}",
    "units": "Solve the following math problem. State your final answer as a full sentence, with its units or "
             "currency.\n\nProblem: {question}",
    "teacher-check": "Problem: {question}\n\nA student says the answer is {wrong}. Is the student right? Solve it "
                     "and give the correct final answer.",
    "other-language": m7.PROMPTS["other-language"]}


def wrong_answer(item: dict) -> str:
    """The `teacher-check` student's number: the gold + 10, as a plain number."""
    return str(Decimal(item["references"][0].replace(",", "")) + 10)


def drawn(first: int = FIRST, n: int = N_QUESTIONS, earlier_items: list[dict] = ()) -> list[dict]:
    """This round's questions, in drawn order (k: the position in this round's draw, 0..104); a later round's with
    its `first`, `n` and `earlier_items` (more questions it must not hold)."""
    pool = [q for q in m7.questions() if q["question_id"] not in EXCLUDED]
    m7.random.Random(SEED + 7).shuffle(pool)
    out = [{**q, "k": k, "item": q["question_id"]} for k, q in enumerate(pool[first:first + n])]
    fixed = [json.loads(line) for line in (FIXTURES / "generated_format_rows.jsonl").read_text(encoding="utf-8")
             .splitlines() if line.strip()]
    norm = lambda text: " ".join(text.split()).lower()  # noqa: E731
    earlier = {e for it in m7.drawn() + fixed + list(earlier_items) for e in (it["question_id"], norm(it["question"]))}
    assert len(out) == n and not {e for it in out for e in (it["item"], norm(it["question"]))} & earlier
    return out


def prompt_of(item: dict, model: str) -> str:
    return PROMPTS[prompt_kind(item, model)].format(question=item["question"], language=language_of(item, model),
                                                    wrong=wrong_answer(item))


prompt_kind, language_of, _, generate, collect, row_id, rows, finalize = mr.round_commands(globals())


def main(argv: list[str] | None = None) -> int:
    return mr.main(argv, globals())


if __name__ == "__main__":
    raise SystemExit(main())
