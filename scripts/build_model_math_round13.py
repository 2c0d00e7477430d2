"""Math round 13 of issue 37 (split `heldout-m13`): the same two small local models as rounds 7-12 SOLVE, ON THEIR
OWN, 70 questions of the OFFICIAL MMLU TEST split's math subjects (not bundled in this repository) asked WITHOUT their
options, in seven output formats rounds 7-12 did not ask for; every reply labelled by reading. Built with the shared
glue (scripts/math_rounds.py) and round 12's MMLU filter (by import), frozen and unread.

Usage:
    python scripts/build_model_math_round13.py draw        # shared MMLU test file -> the frozen questions file
    python scripts/build_model_math_round13.py generate --model qwen2.5-coder-0.5b --threads 1 --until 12:55
    python scripts/build_model_math_round13.py collect     # the raw replies -> model_math_round13.replies.jsonl
    python scripts/build_model_math_round13.py finalize    # replies + model_math_round13.labels.json -> corpus

Design, committed before the filter was run on the source and before any reply was generated (2026-12-07):

Questions: the official MMLU test split as the shared data folder holds it (SHARED_TEST: `mmlu/test.jsonl` of the
`shared/data/mcqa` folder beside the repository; 14,042 rows, normalized schema: id, question, choices, answer_index,
meta.subject; MIT, Hendrycks et al. 2021; upstream allenai/OLMo `hails/mmlu_no_train` at 59a53e3, cross-checked
there against hendrycks' data.tar). Kept: the rows whose `meta["subject"]` is one of round 12's SUBJECTS
(elementary_mathematics, high_school_mathematics, college_mathematics, high_school_statistics, abstract_algebra),
with a gold index, that round 12's filter `answerable` keeps (imported from scripts/build_model_math_round12.py, not
copied: no option words, no blank, the gold option a value, no two options of one value), and that no earlier file
holds:
- its id occurs in no file of FIXTURE_FILES (every file git tracked under tests/fixtures at this design commit,
  round 12's own corpus, replies and labels among them; frozen, so later files cannot move this draw);
- its normalized question text (`math_rounds.norm`: whitespace collapsed, lower-cased) equals no `question` of a
  JSON row of FIXTURE_FILES (round 12's own MMLU rows among them) or of BUNDLED_FILES (every bundled `datasets/`
  JSONL file at this commit: the bundled MMLU dev/validation rows, the other MCQA sets and every judge set) and
  occurs in the normalized text of no FIXTURE_FILES file (a card quoting it);
- its normalized text contains, or is contained in, no normalized `question` of at least 40 characters of the
  bundled judge and training sets (BUNDLED_FILES outside `mcqa/`): MMLU-Pro, in `answer-matching-gpqa-mmlupro`,
  took questions from MMLU, sometimes reworded around the original;
- its normalized text is no earlier kept row's (rows ordered by id; the first kept).
The rows kept, ordered by id (string order), are shuffled with random.Random(DRAW_SEED) (DRAW_SEED = SEED + 13 =
50) and walked in that order, each taken unless PER_SUBJECT (35) of its subject are already taken, until
N_QUESTIONS (70); k (0..69) is the position in that walk. Fewer than 70 only if fewer pass (the card then says so).
`draw` writes the 70 (question id, subject, question, choices, gold index, in draw order) to the frozen questions
file `model_math_round13.questions.jsonl` in tests/fixtures, committed before generation; generation, collect and
finalize read that file only. Reference: the gold option's text AS WRITTEN (one reference, not normalized).

What each judge trained on: the rule judges `sympy` and `math-verify` on nothing: held out. `stacked`
(judges/learned/models/stacked.md) fits its forest on the TRAIN split of every bundled judge set and saw no MMLU
row as an MCQA row: the shipped model's `training_data.synthetic.mcqa_per_benchmark` is 0
(suite/training/stacked.py: `store.synthetic(used, mcqa_per_benchmark=...)`, the only way MCQA questions enter) and
its model-written rows are on the bundled judge sets' questions, none MMLU. One judge set it trained on,
`answer-matching-gpqa-mmlupro` (928 train rows), holds MMLU-Pro questions, some taken from MMLU: the text rules
above drop any MMLU test question found there, so every row of this round is held out for every judge, as far as
text comparison can tell (the card gives the counts the rules dropped).

Models: round 12's `MODELS`: Qwen2.5-Coder-0.5B-Instruct Q4_K_M, then Qwen2.5-Coder-1.5B-Instruct Q4_K_M (the GGUF
files at /tmp, as rounds 7-12). Each model answers each drawn question once.

Prompt kinds (`KINDS`, chat prompts `PROMPTS`: "Problem: <question>", a blank line, then the instruction), seven NEW
answer styles: none of rounds 7-12's KINDS, and none that repeats one of their instructions (the lead's examples
`answer-tag`, `python-comment`, `table-steps`, `check-answer` and `concise` would repeat round 10's `xml`, round 7's
`program`, round 8's `table`, round 11's `verify` and round 7's `short`; so they are replaced), rotated as rounds
10-12: the question at draw position k gets KINDS[(k + m) % 7] from the model at position m of `MODELS`;
`other-language` asks for LANGUAGES[((k + m) // 7) % 3] (Greek, Thai, Czech in turn):
- `exam-solution`: "Write the solution as it would appear in an exam's answer key, ending with 'Answer: ...'.";
- `poem`: "Write the solution as a short rhyming poem whose last line gives the answer.";
- `equation-chain`: "Reply with one line only: the working as a single chain of equations that ends with the
  answer.";
- `common-mistake`: "Solve it, then name one common mistake a student could make here and the wrong answer it
  would give.";
- `flashcard`: "Reply as a flashcard: a line starting 'Q:' that restates the question briefly, then a line starting
  'A:' with the answer.";
- `bold-answer`: "Solve it and write the final answer in bold.";
- `other-language`: round 7's prompt: solve it, writing the whole answer in the language.

Decoding: as rounds 8-12: temperature 0 (greedy; seed 37 recorded), top-p as the backend's default call, ONE thread,
8 requests decoded together (one backend start per model), at most MAX_TOKENS (384) new tokens for every kind, a
context of 768 tokens per slot. Generation goes model by model in `MODELS` order (0.5B first), one at a time (the 2
cores are shared with another helper generating), questions in draw order, and stops at a wall time (`--until
12:55`): no batch starts after 12:55 UTC on 2026-12-07. A model cut short keeps the replies it gave (a prefix of the
draw; the card says so). Replies are appended to RAW one batch at a time; raw replies are committed (`collect`) in
batches BEFORE they are read.

Cut-off replies (finish_reason "length"): KEPT, and read as far as they go: a reply cut off before it commits to a
final answer is incorrect; one that committed to an answer before the cut is labelled by that answer.

LABELLING GUIDELINE (round 12's, verbatim where it applies, with this round's formats added; written before
generation; every reply read by the helper that built the round, against the question and the gold only, before
any judge of the project runs on these rows; no judge, no regex of the project's judges and no project code is
used to label or to extract answers; labels in model_math_round13.labels.json: {row id: {"label", "read_answer",
"why"}}, a reason for every incorrect row):
- read_answer: the final answer the reply COMMITS to, as read: the value it gives as its result (a boxed value,
  "the answer is", "Answer:", the output a program reply says its program prints), written as the reply writes it
  or a plain form of it; null when the reply commits to none. A number written in words (in any language) is read
  as its value; digits of other scripts are read as their values. Added for this round's formats: an
  `exam-solution` reply's is the value on its "Answer:" line (else the answer its text gives); a `poem`'s is the
  value the poem gives as the answer (its last line's, else the one it commits to); an `equation-chain` reply's is
  the value its chain ends on (a final expression of numbers read as its value; a chain ending on a name or an
  unsolved equation commits to none, unless the reply states a value after it); a `common-mistake` reply's is the
  answer of its solution: the wrong answer it names for the mistake is NOT an answer it commits to (as round 12's
  hint), unless the reply gives it as its own final answer; a `flashcard`'s is the value on its 'A:' line (else the
  answer its text gives); a `bold-answer` reply's is the bold value given as the final answer (else the answer its
  text gives; a bold heading or a bold intermediate value is not an answer).
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

Split: every row is `heldout-m13`, frozen and unread: no judge of the project runs on these rows (the test file is
corpus-only); `heldout-m13` is in `UNREAD` of scripts/measure_model_math_styles.py (out of `--split all`;
`--show-errors` refuses it). Row ids `m13-<model>-<question id>`; family `model13-<kind>`; `source` `mmlu`; `origin`
names the official test split, not bundled. The lead reads it once (the card gives the command).
"""
from __future__ import annotations

import functools
import gzip
import json
import random
import re
import sys
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_model_math_round12 as m12  # noqa: E402
import math_rounds as mr  # noqa: E402

m7 = m12.m7
FIXTURES = mr.FIXTURES
DATASETS = Path(__file__).resolve().parents[1] / "datasets"
SHARED_TEST = Path(__file__).resolve().parents[2] / "shared" / "data" / "mcqa" / "mmlu" / "test.jsonl"
OUT, REPLIES, LABELS, RAW, SPLIT, TAG = mr.round_files(13)
QUESTIONS = FIXTURES / "model_math_round13.questions.jsonl"
SOURCE, DATA_SPLIT, SEED = "mmlu", "test", m7.SEED
DRAW_SEED = SEED + 13
N_QUESTIONS, PER_SUBJECT, MIN_CONTAINED = 70, 35, 40
SUBJECTS = m12.SUBJECTS
MODELS = m12.MODELS
KINDS = ("exam-solution", "poem", "equation-chain", "common-mistake", "flashcard", "bold-answer", "other-language")
LANGUAGES = ("Greek", "Thai", "Czech")
MAX_TOKENS, N_CTX, TEMPERATURE = m7.MAX_TOKENS, m7.N_CTX, m7.TEMPERATURE
REPLY_FIELDS = m7.REPLY_FIELDS
PROMPTS = {
    "exam-solution": "Problem: {question}\n\nWrite the solution as it would appear in an exam's answer key, ending "
                     "with 'Answer: ...'.",
    "poem": "Problem: {question}\n\nWrite the solution as a short rhyming poem whose last line gives the answer.",
    "equation-chain": "Problem: {question}\n\nReply with one line only: the working as a single chain of equations "
                      "that ends with the answer.",
    "common-mistake": "Problem: {question}\n\nSolve it, then name one common mistake a student could make here and "
                      "the wrong answer it would give.",
    "flashcard": "Problem: {question}\n\nReply as a flashcard: a line starting 'Q:' that restates the question "
                 "briefly, then a line starting 'A:' with the answer.",
    "bold-answer": "Problem: {question}\n\nSolve it and write the final answer in bold.",
    "other-language": m7.PROMPTS["other-language"]}
FIXTURE_FILES = (  # every file git tracked under tests/fixtures at the design commit
    'generated_format_rows.jsonl', 'import_trace/sitecustomize.py', 'math_style_corpus.jsonl',
    'math_style_corpus.md', 'mc_formats_report.json', 'model_math_round10.jsonl', 'model_math_round10.labels.json',
    'model_math_round10.md', 'model_math_round10.replies.jsonl', 'model_math_round11.jsonl',
    'model_math_round11.labels.json', 'model_math_round11.md', 'model_math_round11.replies.jsonl',
    'model_math_round12.jsonl', 'model_math_round12.labels.json', 'model_math_round12.md',
    'model_math_round12.replies.jsonl', 'model_math_round7.jsonl', 'model_math_round7.labels.json',
    'model_math_round7.md', 'model_math_round7.replies.jsonl', 'model_math_round7.second_read.json',
    'model_math_round8.jsonl', 'model_math_round8.labels.json', 'model_math_round8.md',
    'model_math_round8.replies.jsonl', 'model_math_round9.jsonl', 'model_math_round9.labels.json',
    'model_math_round9.md', 'model_math_round9.replies.jsonl', 'model_math_styles.jsonl', 'model_math_styles.md',
    'model_math_styles.questions-r6.jsonl', 'model_math_styles.replies-r3.jsonl',
    'model_math_styles.replies-r4.jsonl', 'model_math_styles.replies-r5.jsonl',
    'model_math_styles.replies-r6.jsonl', 'model_math_styles.replies.jsonl', 'model_openqa_committed.jsonl',
    'model_openqa_committed.md', 'model_openqa_committed.replies.jsonl', 'model_openqa_committed.reread.json',
    'model_openqa_committed2.jsonl', 'model_openqa_committed2.md', 'model_openqa_committed2.replies.jsonl',
    'model_openqa_committed2.reread.json', 'model_openqa_markup.jsonl', 'model_openqa_markup.md',
    'model_openqa_markup.replies.jsonl', 'model_openqa_round10.jsonl', 'model_openqa_round10.labels.json',
    'model_openqa_round10.md', 'model_openqa_round10.replies.jsonl', 'model_openqa_round11.jsonl',
    'model_openqa_round11.labels.json', 'model_openqa_round11.md', 'model_openqa_round11.replies.jsonl',
    'model_openqa_round12.jsonl', 'model_openqa_round12.labels.json', 'model_openqa_round12.md',
    'model_openqa_round12.replies.jsonl', 'model_openqa_round5.jsonl', 'model_openqa_round5.md',
    'model_openqa_round5.replies.jsonl', 'model_openqa_round5.reread.json', 'model_openqa_round6.jsonl',
    'model_openqa_round6.labels.json', 'model_openqa_round6.md', 'model_openqa_round6.replies.jsonl',
    'model_openqa_round6.second_read.json', 'model_openqa_round7.jsonl', 'model_openqa_round7.labels.json',
    'model_openqa_round7.md', 'model_openqa_round7.replies.jsonl', 'model_openqa_round7.second_read.json',
    'model_openqa_round8.jsonl', 'model_openqa_round8.labels.json', 'model_openqa_round8.md',
    'model_openqa_round8.replies.jsonl', 'model_openqa_round9.jsonl', 'model_openqa_round9.labels.json',
    'model_openqa_round9.md', 'model_openqa_round9.replies.jsonl', 'model_openqa_round9.second_read.json',
    'model_openqa_styles.jsonl', 'model_openqa_styles.md', 'model_openqa_styles.replies.jsonl',
    'results_v1/README.md', 'results_v1/results.json',
    'results_v1/verdicts/exact-match__gsm8k-openai-solutions.jsonl.gz',
    'results_v1/verdicts/exact-match__master-keys.jsonl.gz',
    'results_v1/verdicts/regex__gsm8k-openai-solutions.jsonl.gz', 'results_v1/verdicts/regex__master-keys.jsonl.gz',
    'results_v1/verdicts/token-f1__gsm8k-openai-solutions.jsonl.gz',
    'results_v1/verdicts/token-f1__master-keys.jsonl.gz')
BUNDLED_FILES = (  # every bundled JSONL file under datasets/ at the design commit
    'answer-matching-gpqa-mmlupro.jsonl.gz', 'evouna-nq.jsonl.gz', 'financebench.jsonl.gz',
    'gsm8k-openai-solutions.jsonl.gz', 'mcqa/arc_challenge-train.jsonl.gz',
    'mcqa/arc_challenge-validation.jsonl.gz', 'mcqa/arc_easy-train.jsonl.gz', 'mcqa/arc_easy-validation.jsonl.gz',
    'mcqa/commonsenseqa-train.jsonl.gz', 'mcqa/commonsenseqa-validation.jsonl.gz', 'mcqa/hellaswag-train.jsonl.gz',
    'mcqa/hellaswag-validation.jsonl.gz', 'mcqa/mmlu-train.jsonl.gz', 'mcqa/mmlu-validation.jsonl.gz',
    'mcqa/openbookqa-train.jsonl.gz', 'mcqa/openbookqa-validation.jsonl.gz', 'mcqa/piqa-train.jsonl.gz',
    'mcqa/piqa-validation.jsonl.gz', 'mcqa/winogrande-train.jsonl.gz', 'mcqa/winogrande-validation.jsonl.gz',
    'omni-math-gpt4o-examples.jsonl.gz', 'openqa-eval-nq301.jsonl.gz', 'training/model-written-openqa.jsonl.gz')
MMLU_ID = re.compile(r"mmlu-[a-z_]+-(?:test|validation|dev|train)-\d+")


def _text(path: Path) -> str | None:
    """A file's text (gzip-decompressed for .gz); None for a binary file."""
    data = path.read_bytes()
    try:
        return (gzip.decompress(data) if path.suffix == ".gz" else data).decode("utf-8")
    except UnicodeDecodeError:
        return None


def _row_questions(text: str) -> set[str]:
    """The normalized `question` of every JSON-object line of a file's text."""
    out = set()
    for line in text.split("\n"):  # not splitlines(): rows hold U+2028 and other line breaks inside strings
        try:
            row = json.loads(line)
        except ValueError:
            continue
        if isinstance(row, dict) and isinstance(row.get("question"), str):
            out.add(mr.norm(row["question"]))
    return out


@functools.lru_cache(maxsize=None)
def _facts(path: Path) -> SimpleNamespace | None:
    """A file's MMLU ids, normalized row questions and normalized text; None for a binary file. Cached per path (the
    rounds' tests share most files; the design's files do not change while a process runs)."""
    text = _text(path)
    if text is None:
        return None
    norm = mr.norm(text)
    return SimpleNamespace(ids=frozenset(MMLU_ID.findall(text)), rows=frozenset(_row_questions(text)), norm=norm,
                           words=frozenset(norm.split(" ")))


@functools.lru_cache(maxsize=4)
def earlier(fixture_files: tuple[str, ...] = FIXTURE_FILES, bundled_files: tuple[str, ...] = BUNDLED_FILES
            ) -> SimpleNamespace:
    """What the design's exclusion compares against: ids named in `fixture_files`, normalized question texts of their
    rows and of `bundled_files`' rows, the normalized texts of the fixture files, and the long normalized questions
    of the bundled judge and training sets (for containment). A later round passes its own frozen lists."""
    fixtures = [f for f in (_facts(FIXTURES / name) for name in fixture_files) if f is not None]
    bundled = {name: _facts(DATASETS / name) for name in bundled_files}
    long = {q for name, f in bundled.items() if f is not None and not name.startswith("mcqa/") for q in f.rows
            if len(q) >= MIN_CONTAINED}
    files = [f.norm for f in fixtures]  # with `words`, each file's whole words: a match holds its inner words whole
    heads: dict[str, list[str]] = {}  # the long questions by their first MIN_CONTAINED characters: one lookup a window
    for b in long:
        heads.setdefault(b[:MIN_CONTAINED], []).append(b)
    return SimpleNamespace(ids={i for f in fixtures for i in f.ids},
                           rows={q for f in [*fixtures, *bundled.values()] if f is not None for q in f.rows},
                           files=files, words=[f.words for f in fixtures], long=long, joined_long="\x00".join(long),
                           heads=heads)


def exclusion(row: dict, seen: SimpleNamespace) -> str | None:
    """Why the design drops an answerable MMLU test row as held elsewhere ("id", "text", "file text", "contained"),
    or None."""
    q = mr.norm(row["question"])
    if row["id"] in seen.ids:
        return "id"
    if q in seen.rows:
        return "text"
    inner = q.split(" ")[1:-1]  # a file that lacks one of these whole words cannot hold q: no search there
    if any(q in t for t, words in zip(seen.files, seen.words) if all(w in words for w in inner)):
        return "file text"
    if len(q) >= MIN_CONTAINED and (q in seen.joined_long if "\x00" not in q else any(q in b for b in seen.long)):
        return "contained"
    if any(b in q for i in range(len(q) - MIN_CONTAINED + 1) for b in seen.heads.get(q[i:i + MIN_CONTAINED], ())):
        return "contained"
    return None


def shared_rows(path: Path = SHARED_TEST) -> list[dict]:
    """The shared file's MMLU test rows of SUBJECTS with a gold index, ordered by id."""
    return [dict(r) for r in _shared_rows(path)]


@functools.lru_cache(maxsize=2)
def _shared_rows(path: Path) -> tuple[dict, ...]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").split("\n") if line.strip()]
    rows = [r for r in rows if r["meta"].get("subject") in SUBJECTS and r["answer_index"] is not None]
    return tuple(sorted(rows, key=lambda r: r["id"]))


def passing(path: Path = SHARED_TEST, fixture_files: tuple[str, ...] = FIXTURE_FILES,
            bundled_files: tuple[str, ...] = BUNDLED_FILES) -> tuple[list[dict], dict]:
    """The rows the design keeps (ordered by id), and the count of each reason a row of SUBJECTS was dropped."""
    seen, kept, texts, dropped = earlier(fixture_files, bundled_files), [], set(), {}
    for r in shared_rows(path):
        item = SimpleNamespace(question=r["question"], choices=r["choices"], answer_index=r["answer_index"])
        why = "filter" if not m12.answerable(item) else exclusion(r, seen)
        why = why or ("duplicate" if mr.norm(r["question"]) in texts else None)
        if why:
            dropped[why] = dropped.get(why, 0) + 1
            continue
        texts.add(mr.norm(r["question"]))
        kept.append(r)
    return kept, dropped


def draw_questions(path: Path = SHARED_TEST, seed: int = DRAW_SEED, fixture_files: tuple[str, ...] = FIXTURE_FILES,
                   bundled_files: tuple[str, ...] = BUNDLED_FILES) -> list[dict]:
    """The design's draw from the shared file: the questions-file rows, in draw order."""
    rows = passing(path, fixture_files, bundled_files)[0]
    random.Random(seed).shuffle(rows)
    taken, per = [], {}
    for r in rows:
        s = r["meta"]["subject"]
        if len(taken) < N_QUESTIONS and per.get(s, 0) < PER_SUBJECT:
            per[s] = per.get(s, 0) + 1
            taken.append({"question_id": r["id"], "subject": s, "question": r["question"], "choices": r["choices"],
                          "answer_index": r["answer_index"]})
    return taken


def write_questions(path: Path = SHARED_TEST, out: Path = QUESTIONS, seed: int = DRAW_SEED,
                    fixture_files: tuple[str, ...] = FIXTURE_FILES,
                    bundled_files: tuple[str, ...] = BUNDLED_FILES) -> list[dict]:
    qs = draw_questions(path, seed, fixture_files, bundled_files)
    out.write_text("".join(json.dumps(q, ensure_ascii=False, sort_keys=True) + "\n" for q in qs),
                         encoding="utf-8")
    print(f"{len(qs)} questions -> {out}")
    return qs


def drawn(questions: Path = QUESTIONS) -> list[dict]:
    """A round's questions, from its frozen questions file, in drawn order (k: the position in the draw)."""
    return [{"question_id": q["question_id"], "question": q["question"],
             "references": [q["choices"][q["answer_index"]]], "source": SOURCE, "data_split": DATA_SPLIT,
             "subject": q["subject"], "k": k, "item": q["question_id"]} for k, q in enumerate(mr.jsonl(questions))]


prompt_kind, language_of, prompt_of, generate, collect, row_id, _bundled_rows, _ = mr.round_commands(globals())


def rows(replies: list[dict], labels: dict | None, bundled_rows=None) -> list[dict]:
    """The corpus rows (the glue's; a later round passes its own glue `bundled_rows`), whose origin names the
    official test split, not a bundled one."""
    out = (bundled_rows or _bundled_rows)(replies, labels)
    for r in out:
        r["origin"] = r["origin"].replace(f"to bundled {SOURCE} ", f"to {SOURCE} ").replace(
            f"({DATA_SPLIT}),", "(official test split, not bundled),")
    return out


def finalize(replies_path: Path | None = None, labels_path: Path | None = None, out: Path | None = None) -> list:
    """Replies + labels -> the corpus file (`write_corpus` with this round's rows)."""
    return mr.write_corpus(replies_path or REPLIES, labels_path or LABELS, out or OUT, rows)


def main(argv: list[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    if argv[:1] == ["draw"]:
        write_questions(Path(argv[1]) if len(argv) > 1 else SHARED_TEST)
        return 0
    return mr.main(argv, globals())


if __name__ == "__main__":
    raise SystemExit(main())
