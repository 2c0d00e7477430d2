"""Math round 12 of issue 37 (split `heldout-m12`): the same two small local models as rounds 7-11 SOLVE, ON THEIR
OWN, the last 28 bundled GSM8K questions plus bundled MMLU math questions asked WITHOUT their options, in seven output
formats rounds 7-11 did not ask for; every reply labelled by reading. Built with the shared glue
(scripts/math_rounds.py), frozen and unread.

Usage:
    python scripts/build_model_math_round12.py generate --model qwen2.5-coder-0.5b --until 10:35
    python scripts/build_model_math_round12.py collect     # the raw replies -> model_math_round12.replies.jsonl
    python scripts/build_model_math_round12.py finalize    # replies + model_math_round12.labels.json -> corpus

Design, committed before any reply was generated and before the MMLU filter was run (2026-12-07):

Questions, two sources:
(1) GSM8K: every question of the bundled `gsm8k-openai-solutions` set, in ANY of its splits (train, dev, test), that
no tests/fixtures file names, by id and by text (`math_rounds.pool` per split): ID_FILES are round 11's 23 files
plus round 11's own corpus, replies and labels (a frozen list, so a later round's files cannot move this draw);
TEXT_FILES round 11's plus round 11's corpus and replies. 28 are expected (round 11 left 19 of its 89 train
questions; 8 dev and 1 test question no fixture names). References: the bundled rows' gold as given.
(2) MMLU: the bundled rows of `judgesuite.suite.data.mcqa.load_items("mmlu", split)` for the splits "test",
"clf_train", "clf_val" (in that order) whose `meta["subject"]` is one of SUBJECTS (elementary_mathematics,
high_school_mathematics, college_mathematics, high_school_statistics, abstract_algebra), kept only if a reader can
answer them WITHOUT the options, by this filter (`answerable`, fixed here before it was run on the data):
- the question (case-insensitive) contains none of the phrases or words NO_WORDS as whole words ("which of the
  following", "following", "above", "below", "of these", "statement", "true", "except", "not", and, as references
  to options, "option", "options", "choice", "choices", "choose") and no "_" (a blank);
- the gold option is a VALUE (`value_key` not None): after stripping surrounding whitespace and `$...$` LaTeX dollars,
  a number (digits, a thousands comma, a decimal point, a sign), a fraction a/b of numbers, a percent, money ($ or a
  currency word after it), a number followed by one to three unit words (letters, ^, digits after a letter, "/",
  at most 12 characters a word; not "and" or "or"), or a SHORT EXPRESSION: at most 20 characters, at least one
  digit, only digits, letters, spaces, + - * / ^ ( ) . \\ { } √ π, no ", " (a list), and every run of letters one
  letter or one of EXPR_NAMES (sqrt, frac, dfrac, pi, ln, log, sin, cos, tan, cdot, times, e);
- no two options have the same value: each option's key is its exact value (a Fraction) when it is a number,
  fraction, percent (value / 100), money or number with a unit (the number alone: "5 cm" and "5 m" collide, on
  purpose: conservative), else its text with spaces and `$` removed, lower-cased; two equal keys drop the question;
- its id is named by no tests/fixtures file of MMLU_ID_FILES (those that name an mmlu id at this commit: open-QA
  rounds 11 and 12; frozen), and its question text (normalized) is no earlier kept row's (the first kept).
Reference for an MMLU row: the gold option's text AS WRITTEN (one reference); its form varies (an integer, a
fraction, a decimal, "10/e", "2\\sqrt{3}", "12 cm"): the reference is not normalized.
The draw: the MMLU rows that pass, ordered by id, are shuffled with random.Random(DRAW_SEED) (DRAW_SEED = SEED + 12
= 49) and the first min(N_QUESTIONS - 28, passed) taken; all GSM8K ones and those, together ordered by id
(`question_id`), are shuffled with random.Random(DRAW_SEED) again: k (0..n-1) is the position in that shuffle. At
most N_QUESTIONS = 70 in all; fewer if fewer MMLU rows pass (the round is then smaller: the card says the count).

What each judge trained on: the rule judges `sympy` and `math-verify` on nothing (no split of anything): held out.
`stacked` (judges/learned/models/stacked.md) fits its forest on the TRAIN split of every bundled judge set,
`gsm8k-openai-solutions` among them: the GSM8K questions of this round that are bundled TRAIN questions (19 of the
28 expected; the card gives the count) are IN SOURCE BY QUESTION for it, the dev and test ones held out. It saw NO
MMLU row: the shipped model's `training_data.synthetic.mcqa_per_benchmark` is 0 (suite/training/stacked.py:
`store.synthetic(used, mcqa_per_benchmark=...)`, the only way MCQA questions enter), and its model-written rows
are those on the bundled judge sets' questions (`model_written(used)`), none of which is MMLU.

Models: round 8's `MODELS`: Qwen2.5-Coder-0.5B-Instruct Q4_K_M, then Qwen2.5-Coder-1.5B-Instruct Q4_K_M (the GGUF
files at /tmp, as rounds 7-11). Each model answers each drawn question once.

Prompt kinds (`KINDS`, chat prompts `PROMPTS`: "Problem: <question>", a blank line, then the instruction), seven NEW
answer styles (none of rounds 7-11's but `other-language`, with other languages), rotated as rounds 10-11: the
question at draw position k gets KINDS[(k + m) % 7] from the model at position m of `MODELS` (each question a
different kind from each model; with n questions not a multiple of 7, each model gets each kind floor(n/7) or
ceil(n/7) times); `other-language` asks for LANGUAGES[((k + m) // 7) % 3] (Swedish, Indonesian, Hebrew in turn):
- `final-answer-line`: "Solve it, numbering your steps, and finish with a line 'Final answer: <answer>'.";
- `formal-proof`: "Write the solution as a short formal argument that ends with 'Therefore, ...'.";
- `json-steps`: "Reply in JSON only, with a list 'steps' and a field 'final_answer'.";
- `letter`: "Write the solution as a short letter to a friend who asked you this question.";
- `hint-first`: "First give a hint, then the full solution with the final answer.";
- `rephrase-first`: "Restate the problem in your own words, then solve it.";
- `other-language`: round 7's prompt: solve it, writing the whole answer in the language.

Decoding: as rounds 8-11: temperature 0 (greedy; seed 37 recorded), top-p as the backend's default call, ONE thread,
8 requests decoded together (one backend start per model), at most MAX_TOKENS (384) new tokens for every kind, a
context of 768 tokens per slot. Generation goes model by model in `MODELS` order (0.5B first), one at a time (the 2
cores are shared with another helper generating), questions in draw order, and stops at a wall time (`--until
10:35`): no batch starts after 10:35 UTC on 2026-12-07. A model cut short keeps the replies it gave (a prefix of the
draw; the card says so). Replies are appended to RAW one batch at a time; raw replies are committed (`collect`) in
batches BEFORE they are read.

Cut-off replies (finish_reason "length"): KEPT, and read as far as they go: a reply cut off before it commits to a
final answer is incorrect; one that committed to an answer before the cut is labelled by that answer.

LABELLING GUIDELINE (round 11's, verbatim where it applies, with this round's formats and MMLU added; written before
generation; every reply read by the helper that built the round, against the question and the gold only, before
any judge of the project runs on these rows; no judge, no regex of the project's judges and no project code is
used to label or to extract answers; labels in model_math_round12.labels.json: {row id: {"label", "read_answer",
"why"}}, a reason for every incorrect row):
- read_answer: the final answer the reply COMMITS to, as read: the number it gives as its result (a boxed value,
  "the answer is", "Final answer:", "Total: $15", the JSON value that answers the question, the output a program
  reply says its program prints), written as a plain number (for MMLU: the value as the reply writes it, or a
  plain form of it); null when the reply commits to none. A number written in words (in any language) is read as
  its value. Added for this round's formats: a `final-answer-line` reply's is the value on its 'Final answer:' line
  (or, with none, the answer its text gives); a `json-steps` reply's is its final_answer field's value (else the
  answer its text gives); a `formal-proof` reply's is the value after its "Therefore" (else the answer its text
  commits to); a `letter` reply's is the value the letter commits to; `hint-first`: the final answer of the full
  solution (a hint's number is not an answer); `rephrase-first`: the answer of the solution (a number of the
  restated problem is not an answer); digits of other scripts are read as their values.
- GSM8K: correct iff read_answer equals the gold number: formatting does not matter (18, 18.00, $18, 1,800 and
  1.800 or 1 800 in a language that writes thousands so, 18 dollars, "eighteen", "arton", "delapan belas",
  "שמונה עשרה", a decimal comma, 1.8 x 10^1), nor do units written around it (a wrong unit word next to the right
  number does not change the label); a value given in another unit that equals the asked quantity (1.5 hours for
  90 minutes) is correct; a rounded or approximate value that is not the gold number is incorrect.
- MMLU: correct iff the value the reply commits to EQUALS the gold option's value, in any equal form (10/e and
  10e^{-1} are one value; 3.68 is NOT 10/e unless the gold is a decimal of that rounding; 1/2, 0.5 and 50% of a
  whole are one value where the question asks for a proportion), with units as the GSM8K rule; a reply that
  commits to an option letter or to an equivalent that is not a value it states commits to no value.
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

Split: every row is `heldout-m12`, frozen and unread: no judge of the project runs on these rows (the test file is
corpus-only); `heldout-m12` is in `UNREAD` of scripts/measure_model_math_styles.py (out of `--split all`;
`--show-errors` refuses it). Row ids `m12-<model>-<question id>`; family `model12-<kind>`; `source`
`gsm8k-openai-solutions` or `mmlu`, and `origin` names the bundled split. The lead reads it once (the card gives
the command).
"""
from __future__ import annotations

import re
import sys
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_model_math_round11 as m11  # noqa: E402
import math_rounds as mr  # noqa: E402

m7, m8 = m11.m7, m11.m8
FIXTURES = mr.FIXTURES
OUT, REPLIES, LABELS, RAW, SPLIT, TAG = mr.round_files(12)
SOURCE, SEED = m7.SOURCE, m7.SEED
DRAW_SEED = SEED + 12
N_QUESTIONS = 70
GSM8K_SPLITS = ("train", "dev", "test")
MMLU_SPLITS = ("test", "clf_train", "clf_val")
SUBJECTS = ("elementary_mathematics", "high_school_mathematics", "college_mathematics", "high_school_statistics",
            "abstract_algebra")
MODELS = m8.MODELS
KINDS = ("final-answer-line", "formal-proof", "json-steps", "letter", "hint-first", "rephrase-first",
         "other-language")
LANGUAGES = ("Swedish", "Indonesian", "Hebrew")
MAX_TOKENS, N_CTX, TEMPERATURE = m7.MAX_TOKENS, m7.N_CTX, m7.TEMPERATURE
REPLY_FIELDS = m7.REPLY_FIELDS
PROMPTS = {
    "final-answer-line": "Problem: {question}\n\nSolve it, numbering your steps, and finish with a line "
                         "'Final answer: <answer>'.",
    "formal-proof": "Problem: {question}\n\nWrite the solution as a short formal argument that ends with "
                    "'Therefore, ...'.",
    "json-steps": "Problem: {question}\n\nReply in JSON only, with a list 'steps' and a field 'final_answer'.",
    "letter": "Problem: {question}\n\nWrite the solution as a short letter to a friend who asked you this question.",
    "hint-first": "Problem: {question}\n\nFirst give a hint, then the full solution with the final answer.",
    "rephrase-first": "Problem: {question}\n\nRestate the problem in your own words, then solve it.",
    "other-language": m7.PROMPTS["other-language"]}
ID_FILES = m11.ID_FILES + tuple(f"model_math_round11{ext}" for ext in (".jsonl", ".replies.jsonl", ".labels.json"))
TEXT_FILES = m11.TEXT_FILES + ("model_math_round11.jsonl", "model_math_round11.replies.jsonl")
MMLU_ID_FILES = ("model_openqa_round11.jsonl", "model_openqa_round11.labels.json",
                 "model_openqa_round11.replies.jsonl", "model_openqa_round12.replies.jsonl")
NO_WORDS = ("which of the following", "following", "above", "below", "of these", "statement", "true", "except",
            "not", "option", "options", "choice", "choices", "choose")
EXPR_NAMES = {"sqrt", "frac", "dfrac", "pi", "ln", "log", "sin", "cos", "tan", "cdot", "times", "e"}
_NUM = r"[-+−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[-+−]?\.\d+"
_UNIT_WORD = r"(?!(?:and|or)\b)[A-Za-z][A-Za-z^/]{0,11}\d?"


def _number(text: str) -> Fraction:
    return Fraction(text.replace(",", "").replace("−", "-"))


def value_key(option: str) -> Fraction | str | None:
    """An option's value as this round's filter reads it (design): a Fraction for a number, fraction, percent, money
    or number with a unit; the compacted text for a short expression; None when the option is not a value."""
    text = option.strip()
    if len(text) > 1 and text.startswith("$") and text.endswith("$"):
        text = text[1:-1].strip()
    if m := re.fullmatch(rf"({_NUM})\s*/\s*({_NUM})", text):
        den = _number(m[2])
        return _number(m[1]) / den if den else None
    if m := re.fullmatch(rf"({_NUM})\s*%", text):
        return _number(m[1]) / 100
    if m := re.fullmatch(rf"\$\s*({_NUM})|({_NUM})(?:\s+(?:{_UNIT_WORD})){{0,3}}", text):
        return _number(m[1] or m[2])
    if (len(text) <= 20 and re.search(r"\d", text) and ", " not in text and "_" not in text
            and re.fullmatch(r"[\w\s+\-*/^().\\{}√π]+", text)
            and all(w in EXPR_NAMES or len(w) == 1 for w in re.findall(r"[A-Za-z]+", text))):
        return re.sub(r"[\s$]", "", text).lower()
    return None


def answerable(item) -> bool:
    """An MMLU item (`McqaItem`) a reader can answer without its options, by the design's filter."""
    q = item.question.lower()
    if "_" in q or any(re.search(rf"\b{re.escape(w)}\b", q) for w in NO_WORDS):
        return False
    keys = [value_key(c) for c in item.choices]
    if keys[item.answer_index] is None:
        return False
    compact = [k if k is not None else re.sub(r"[\s$]", "", c).lower() for k, c in zip(keys, item.choices)]
    return len(set(compact)) == len(compact)


def gsm8k_pool() -> list[dict]:
    """The bundled GSM8K questions of any split that no fixture of ID_FILES / TEXT_FILES names, by question id."""
    out = [{**q, "source": SOURCE, "data_split": split}
           for split in GSM8K_SPLITS for q in mr.pool(split, ID_FILES, TEXT_FILES)]
    return sorted(out, key=lambda q: q["question_id"])


def mmlu_pool() -> list[dict]:
    """The bundled MMLU math rows the design's filter keeps, by id: one reference, the gold option as written."""
    from judgesuite.suite.data.mcqa import load_items

    named = {i for name in MMLU_ID_FILES for i in re.findall(r"mmlu-[a-z_]+-(?:validation|train)-\d+",
                                                            (FIXTURES / name).read_text(encoding="utf-8"))}
    out, seen = [], set()
    for split in MMLU_SPLITS:
        for it in load_items("mmlu", split):
            if it.meta.get("subject") in SUBJECTS and it.id not in named and answerable(it) \
                    and mr.norm(it.question) not in seen:
                seen.add(mr.norm(it.question))
                out.append({"question_id": it.id, "question": it.question,
                            "references": [it.choices[it.answer_index]], "source": "mmlu", "data_split": split,
                            "subject": it.meta["subject"]})
    return sorted(out, key=lambda q: q["question_id"])


def pool() -> list[dict]:
    """This round's questions before the final shuffle: every GSM8K one and the MMLU ones drawn, by question id."""
    gsm8k, mmlu = gsm8k_pool(), mmlu_pool()
    strip = ("k", "item")
    mmlu = [{f: v for f, v in q.items() if f not in strip}
            for q in mr.draw(mmlu, DRAW_SEED, min(N_QUESTIONS - len(gsm8k), len(mmlu)))]
    return sorted(gsm8k + mmlu, key=lambda q: q["question_id"])


def drawn() -> list[dict]:
    """This round's questions, in drawn order (k: the position in the draw)."""
    qs = pool()
    return mr.draw(qs, DRAW_SEED, len(qs))


prompt_kind, language_of, prompt_of, generate, collect, row_id, rows, finalize = mr.round_commands(globals())


def main(argv: list[str] | None = None) -> int:
    return mr.main(argv, globals())


if __name__ == "__main__":
    raise SystemExit(main())
