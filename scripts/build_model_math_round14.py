"""Math round 14 of issue 37 (split `heldout-m14`): the same two small local models as rounds 7-13 SOLVE, ON THEIR
OWN, 70 more questions of the OFFICIAL MMLU TEST split's math subjects (not bundled) asked WITHOUT their options, in
seven output formats rounds 7-13 did not ask for; every reply labelled by reading. Round 13's code by import (its
filter, exclusion, draw, rows; scripts/build_model_math_round13.py) with this round's frozen lists, seed and files.

Usage:
    python scripts/build_model_math_round14.py draw        # shared MMLU test file -> the frozen questions file
    python scripts/build_model_math_round14.py generate --model qwen2.5-coder-0.5b --threads 1 --until 14:50
    python scripts/build_model_math_round14.py collect     # the raw replies -> model_math_round14.replies.jsonl
    python scripts/build_model_math_round14.py finalize    # replies + model_math_round14.labels.json -> corpus

Design, committed before the filter was run for this round and before any reply was generated (2026-12-07):

Questions: round 13's design, by import, on the same shared file (SHARED_TEST: the official MMLU test split,
`mmlu/test.jsonl` of the `shared/data/mcqa` folder beside the repository), the same SUBJECTS, the same filter (round
12's `answerable`) and the same exclusion rules (`m13.passing`: id named in a fixture file; normalized text equal to
a fixture or bundled row's question, or found in a fixture file's text; contained in, or containing, a bundled judge
or training set's question of 40+ characters; a duplicate of an earlier kept row), run with this round's frozen
lists: FIXTURE_FILES, every file git tracked under tests/fixtures at this design commit (round 13's questions,
corpus, replies and labels among them, so none of round 13's questions can come back; open-QA round 13's files too);
BUNDLED_FILES, round 13's (no bundled JSONL file was added or removed since). The rows kept, ordered by id, are
shuffled with random.Random(DRAW_SEED) (DRAW_SEED = SEED + 14 = 51, new) and walked in that order, each taken
unless PER_SUBJECT (35) of its subject are already taken, until N_QUESTIONS (70). `draw` writes them to the frozen
questions file `model_math_round14.questions.jsonl` in tests/fixtures, committed before generation. Reference: the
gold option's text as written (one reference).

What each judge trained on (round 13's paragraph, checked again at this commit): the rule judges `sympy` and
`math-verify` on nothing: held out. `stacked` (judges/learned/models/stacked.md) fits its forest on the TRAIN split
of every bundled judge set and saw no MMLU row as an MCQA row: the shipped model's
`training_data.synthetic.mcqa_per_benchmark` is 0 (suite/training/stacked.py: `store.synthetic(used,
mcqa_per_benchmark=...)`, the only way MCQA questions enter) and its model-written rows are on the bundled judge
sets' questions, none MMLU. One judge set it trained on, `answer-matching-gpqa-mmlupro`, holds MMLU-Pro questions,
some taken from MMLU: the text rules drop any MMLU test question found there, so every row of this round is held
out for every judge, as far as text comparison can tell (the card gives the counts the rules dropped).

Models and decoding: round 13's (`MODELS`: Qwen2.5-Coder-0.5B-Instruct Q4_K_M, then -1.5B-Instruct Q4_K_M, the GGUF
files at /tmp; temperature 0, greedy, seed 37 recorded, ONE thread, 8 requests decoded together, at most 384 new
tokens, 768 tokens of context per slot), model by model in `MODELS` order (0.5B first), questions in draw order,
stopping at a wall time (`--until 14:50`: no batch starts after 14:50 UTC on 2026-12-07; the 2 cores are shared with
another helper generating). A model cut short keeps the replies it gave (a prefix of the draw; the card says so).
Raw replies are committed (`collect`) in batches BEFORE they are read.

Prompt kinds (`KINDS`, `PROMPTS`: "Problem: <question>", a blank line, then the instruction), rotated as rounds
10-13: the question at draw position k gets KINDS[(k + m) % 7] from the model at position m of `MODELS`;
`other-language` asks for LANGUAGES[((k + m) // 7) % 3] (Hungarian, Finnish, Romanian in turn; none of rounds
7-13's 21 languages). None of rounds 7-13's KINDS, and none repeats one of their instructions: of the lead's
examples `csv` is round 9's kind, `units-stated` repeats round 8's `units` ("with its units or currency") and
`one-equation` round 13's `equation-chain` (one line of equations ending on the answer), so they are replaced by
`statement`, `headline` and `exact-and-decimal`; `wrong-then-right` is kept (round 13's `common-mistake` names the
wrong answer AFTER the solution, this one BEFORE it), `latex-align` (round 9's `latex` asked the answer in a display
equation; this asks the working in align* and the answer stated after it) and `bullet-summary` (round 9's `bullets`
were the steps; here a three-bullet summary follows a solution):
- `wrong-then-right`: "First name a common mistake on this problem and the wrong result it gives, then solve it
  correctly and state the final answer.";
- `statement`: "Reply with one sentence that restates the question as a statement with the answer filled in.";
- `latex-align`: "Show the working in a LaTeX align* environment, then state the answer.";
- `bullet-summary`: "Solve it, then summarise the solution in three bullet points, the last one giving the
  answer.";
- `headline`: "Reply with a newspaper headline that announces the answer, then one sentence explaining it.";
- `exact-and-decimal`: "Solve it and give the final answer twice: as an exact value, and as a decimal rounded to
  three places.";
- `other-language`: round 7's prompt: solve it, writing the whole answer in the language.

Cut-off replies (finish_reason "length"): KEPT, and read as far as they go: a reply cut off before it commits to a
final answer is incorrect; one that committed to an answer before the cut is labelled by that answer.

LABELLING GUIDELINE (round 13's, verbatim where it applies, with this round's formats added; written before
generation; every reply read by the helper that built the round, against the question and the gold only, before
any judge of the project runs on these rows; no judge, no regex of the project's judges and no project code is
used to label or to extract answers; labels in model_math_round14.labels.json: {row id: {"label", "read_answer",
"why"}}, a reason for every incorrect row):
- read_answer: the final answer the reply COMMITS to, as read: the value it gives as its result (a boxed value,
  "the answer is", "Answer:", the output a program reply says its program prints), written as the reply writes it
  or a plain form of it; null when the reply commits to none. A number written in words (in any language) is read
  as its value; digits of other scripts are read as their values. Added for this round's formats: a
  `wrong-then-right` reply's is the value it finally commits to as its solution's answer, never the mistake's wrong
  result (unless the reply gives that as its own final answer); a `statement`'s is the value its sentence fills in
  as the answer; a `latex-align` reply's is the answer it states after the environment (else the value its working
  ends on as its result); a `bullet-summary` reply's is the value its last bullet gives as the answer (else the
  answer its text gives; a solution and a summary that give different final answers with no correction between
  them are conflicting); a `headline` reply's is the value its headline announces (else the one its sentence gives
  as the answer); an `exact-and-decimal` reply's is its exact value, a decimal that rounds it being the same answer
  restated (a reply giving only a decimal is read as that decimal; an exact value and a decimal that is not a
  rounding of it are conflicting answers).
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

Split: every row is `heldout-m14`, frozen and unread: no judge of the project runs on these rows (the test file is
corpus-only); `heldout-m14` is in `UNREAD` of scripts/measure_model_math_styles.py (out of `--split all`;
`--show-errors` refuses it). Row ids `m14-<model>-<question id>`; family `model14-<kind>`; `source` `mmlu`; `origin`
names the official test split, not bundled. The lead reads it once (the card gives the command).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_model_math_round13 as m13  # noqa: E402
import math_rounds as mr  # noqa: E402

m7 = m13.m7
FIXTURES = mr.FIXTURES
SHARED_TEST = m13.SHARED_TEST
OUT, REPLIES, LABELS, RAW, SPLIT, TAG = mr.round_files(14)
QUESTIONS = FIXTURES / "model_math_round14.questions.jsonl"
SOURCE, DATA_SPLIT, SEED = m13.SOURCE, m13.DATA_SPLIT, m13.SEED
DRAW_SEED = SEED + 14
N_QUESTIONS, PER_SUBJECT = m13.N_QUESTIONS, m13.PER_SUBJECT
SUBJECTS = m13.SUBJECTS
MODELS = m13.MODELS
KINDS = ("wrong-then-right", "statement", "latex-align", "bullet-summary", "headline", "exact-and-decimal",
         "other-language")
LANGUAGES = ("Hungarian", "Finnish", "Romanian")
MAX_TOKENS, N_CTX, TEMPERATURE = m13.MAX_TOKENS, m13.N_CTX, m13.TEMPERATURE
REPLY_FIELDS = m13.REPLY_FIELDS
PROMPTS = {
    "wrong-then-right": "Problem: {question}\n\nFirst name a common mistake on this problem and the wrong result it "
                        "gives, then solve it correctly and state the final answer.",
    "statement": "Problem: {question}\n\nReply with one sentence that restates the question as a statement with the "
                 "answer filled in.",
    "latex-align": "Problem: {question}\n\nShow the working in a LaTeX align* environment, then state the answer.",
    "bullet-summary": "Problem: {question}\n\nSolve it, then summarise the solution in three bullet points, the last "
                      "one giving the answer.",
    "headline": "Problem: {question}\n\nReply with a newspaper headline that announces the answer, then one sentence "
                "explaining it.",
    "exact-and-decimal": "Problem: {question}\n\nSolve it and give the final answer twice: as an exact value, and as "
                         "a decimal rounded to three places.",
    "other-language": m7.PROMPTS["other-language"]}
FIXTURE_FILES = m13.FIXTURE_FILES + (  # and every file git tracked under tests/fixtures since, at the design commit
    'model_math_round13.jsonl', 'model_math_round13.labels.json', 'model_math_round13.md',
    'model_math_round13.questions.jsonl', 'model_math_round13.replies.jsonl',
    'model_openqa_round11.second_read.json', 'model_openqa_round12.second_read.json', 'model_openqa_round13.jsonl',
    'model_openqa_round13.labels.json', 'model_openqa_round13.md', 'model_openqa_round13.replies.jsonl')
BUNDLED_FILES = m13.BUNDLED_FILES


def mmlu_commands(g: dict) -> tuple:
    """(passing, draw_questions, drawn, rows, finalize, main) of an official-MMLU-test math round whose module
    globals are `g` (its SHARED_TEST, QUESTIONS, DRAW_SEED, FIXTURE_FILES, BUNDLED_FILES, REPLIES, LABELS, OUT and the
    math rounds' glue): round 13's code with the round's frozen lists and seed. Rounds 14 and 15 share them."""
    def passing(path: Path | None = None) -> tuple[list[dict], dict]:
        """Round 13's `passing` with this round's frozen lists."""
        return m13.passing(path or g["SHARED_TEST"], g["FIXTURE_FILES"], g["BUNDLED_FILES"])

    def draw_questions(path: Path | None = None) -> list[dict]:
        """Round 13's draw with this round's seed and lists: the questions-file rows, in draw order."""
        return m13.draw_questions(path or g["SHARED_TEST"], g["DRAW_SEED"], g["FIXTURE_FILES"], g["BUNDLED_FILES"])

    def drawn() -> list[dict]:
        """This round's questions, from its frozen questions file, in drawn order."""
        return m13.drawn(g["QUESTIONS"])

    def rows(replies: list[dict], labels: dict | None) -> list[dict]:
        """Round 13's rows (origin: the official test split) on this round's glue."""
        return m13.rows(replies, labels, g["_bundled_rows"])

    def finalize(replies_path: Path | None = None, labels_path: Path | None = None, out: Path | None = None) -> list:
        """Replies + labels -> the corpus file (`write_corpus` with this round's rows)."""
        return mr.write_corpus(replies_path or g["REPLIES"], labels_path or g["LABELS"], out or g["OUT"], rows)

    def main(argv: list[str] | None = None) -> int:
        argv = sys.argv[1:] if argv is None else argv
        if argv[:1] == ["draw"]:
            m13.write_questions(Path(argv[1]) if len(argv) > 1 else g["SHARED_TEST"], g["QUESTIONS"], g["DRAW_SEED"],
                                g["FIXTURE_FILES"], g["BUNDLED_FILES"])
            return 0
        return mr.main(argv, g)

    return passing, draw_questions, drawn, rows, finalize, main


passing, draw_questions, drawn, rows, finalize, main = mmlu_commands(globals())
prompt_kind, language_of, prompt_of, generate, collect, row_id, _bundled_rows, _ = mr.round_commands(globals())


if __name__ == "__main__":
    raise SystemExit(main())
