"""Open-QA round 14 of issue 37 (corpus model_openqa_round14.jsonl of the test fixtures, split `heldout-oqa-round14`):
round 13's design on a NEW source, the OFFICIAL TEST splits of ARC-Easy, ARC-Challenge, OpenBookQA and MMLU (factual
subjects), not bundled, asked WITHOUT their options (the gold option's text the only reference), in six NEW output
formats (none of rounds 6-13's), built frozen and unread, a held-out set for a later session.

Usage:
    python scripts/build_model_openqa_round14.py draw        # the shared test files -> the frozen questions file
    python scripts/build_model_openqa_round14.py generate --model smollm2-135m --until 15:10
    python scripts/build_model_openqa_round14.py collect     # the raw replies -> model_openqa_round14.replies.jsonl
    python scripts/build_model_openqa_round14.py finalize    # replies + model_openqa_round14.labels.json -> corpus

Design, committed before the draw and generation: round 13's (so rounds 12, 11 and 7's) in everything but the
source, the draw, the prompt kinds and the additions to the labelling guideline below.
- Source: the official test split of each of round 11's BENCHMARKS as the shared data folder holds it (SHARED:
  `shared/data/mcqa/<benchmark>/test.jsonl` beside the repository; normalized schema: id, question, choices,
  answer_index, meta.subject for MMLU; ARC-Easy 2,376 rows, ARC-Challenge 1,172, OpenBookQA 500, MMLU 14,042), read
  by `shared_items` and kept by round 11's `pool`, by import (its filter `usable` and `MMLU_SUBJECTS` verbatim, one
  row per normalized question text, no question text of a bundled answer-correctness set (every split) or of
  datasets/training/model-written-openqa.jsonl.gz), with two more exclusions (`skip`, `exclude`): no question id or
  normalized text of rounds 1-13's corpora (`EARLIER`) or of math round 13's questions file, and no normalized text
  of a bundled multiple-choice file of these benchmarks (datasets/mcqa/<benchmark>-train / -validation: the train
  files feed the encoder's synthetic mix, the validation files were rounds 11-12's source). Fit check, run once
  before this design was written (the filter only, no draw): round 11's pool on the official test files keeps
  MMLU 958, ARC-Easy 709, ARC-Challenge 236, OpenBookQA 108; the two more exclusions drop 11 of them (9 a bundled
  train text, e.g. "Which is a chemical change", one a bundled validation text, one an earlier round's question).
- Draw (`draw`): round 11's `drawn`, by import, with the shared files, seed SEED (1414, recorded; decoding keeps
  seed 37) and cap CAP (38): the usable rows sorted by question id, shuffled with `random.Random(1414)`, taken in
  that order, a benchmark's row skipped once it has 38, until 150. Why 38: every benchmark's official test pool holds
  more than 38 usable rows, so the four come near equal (38, 38, 38 and 36, the last to fill), where rounds 11-12's
  cap of 60 on the smaller validation pools gave ARC-Easy 60 and ARC-Challenge 23; ARC-Challenge and MMLU, the
  harder questions, get as many rows as ARC-Easy. The 150 drawn (question id, row id, benchmark, subject, question,
  choices, gold index) are written to the frozen questions file QUESTIONS (model_openqa_round14.questions.jsonl in
  the test fixtures), committed before generation; generation, collect and finalize read it (`drawn`), not the
  shared files; the test rebuilds the draw from the shared files when they are on the machine. Question ids
  `<benchmark>-<row id>` (MMLU row ids are already `mmlu-<subject>-test-<n>`); aliases [the gold option's text];
  source `mcqa-<benchmark>`; the question prompted as written less its final "?", which the prompts add back.
- Training data of the judges read later (round 13's paragraph, checked again on 2026-12-07 for this source):
  `stacked`'s shipped model (judges/learned/models/stacked.npz, meta "training_data": "synthetic":
  "mcqa_per_benchmark": 0) has no multiple-choice benchmark row; its synthetic "multiple_choice_freeform" family
  comes from the bundled answer sets' train splits (GPQA / MMLU-Pro), whose question texts round 11's filter drops
  here; its model-written training rows (datasets/training/model-written-openqa.jsonl.gz) are NQ questions. The
  encoder's synthetic mix (suite/data/synthetic.py, `mcqa_questions`) takes multiple-choice questions from the
  bundled TRAIN files only (`load_items(b, "clf_train")`, datasets/mcqa/<benchmark>-train.jsonl.gz) minus the
  bundled test questions; an official test question can be there only as a duplicate text (the fit check found 9
  such texts in the pool, e.g. "Which energy source is considered nonrenewable"), and the `skip` above drops every
  one of them, so no drawn question's text is in any judge's training data. The rule judges (token-f1,
  exact-match, contains) train on nothing.
- Prompt kinds (`KINDS`), rotated as round 7: draw position k (0-149), the model at position m gets
  KINDS[(k + m) % 6] (25 of each kind per model), `other-language` LANGUAGES[((k + m) // 6) % 3] (Japanese,
  Turkish, Swedish in turn; the gold stays English). Chat models (`CHAT`), the instruction then "\\n\\nQuestion:
  <q>?", with new-token limits (`MAX_TOKENS`) chosen as round 13 chose them, by the length the format asks for:
  * `tweet`: "Answer as a short tweet with one hashtag." (64)
  * `eli5`: "Explain the answer as you would to a five-year-old, in two sentences." (96)
  * `csv`: "Reply as one CSV line with two fields: answer,reason." (64)
  * `dialogue`: "Answer as a two-line dialogue: the student asks, the teacher answers." (96)
  * `fill-in`: "Complete this sentence and nothing else: 'The answer is ___ because ___.'" (64)
  * `other-language`: round 7's prompt, "Answer the following question in <L>. Reply only in <L>." (64)
  The base model (gemma, few-shot, stops at a newline as in rounds 7-13, so each example answer is ONE line) gets
  `FEW_SHOT_HEAD[kind]` (the chat instruction; for `dialogue` "Answer as a dialogue on one line: the student asks,
  the teacher answers.", since a newline ends its reply), round 6's three example questions with the answers of
  `SHOT_ANSWERS` (the same facts as rounds 7-13's: Rafael Nadal, 3, the United States Senate), then "Q: <q>?\\nA:":
  * tweet: "Rafael Nadal takes the 2017 Madrid Open on clay! #Nadal" / "An equilateral triangle has 3 lines of
    symmetry, one through each corner. #geometry" / "The United States Senate sets those rules. #Congress"
  * eli5: "A tennis player called Rafael Nadal won that big game. He hit the ball better than everyone else." / "A
    triangle with equal sides folds into matching halves in 3 ways. Each fold goes through a corner." / "The United
    States Senate makes those rules. It is a group of grown-ups who help run the country."
  * csv: "Rafael Nadal,he beat Dominic Thiem in the final" / "3,one line runs through each corner" / "United States
    Senate,it sets how its business runs"
  * dialogue: "Student: Who won it? Teacher: Rafael Nadal did." / "Student: How many lines are there? Teacher: 3,
    one through each corner." / "Student: Who sets them? Teacher: The United States Senate."
  * fill-in: "The answer is Rafael Nadal because he beat Dominic Thiem in the final." / "The answer is 3 because one
    line runs through each corner." / "The answer is the United States Senate because it sets how its business
    runs."
  * other-language: round 7's "Answer the question in <L>." / Japanese "ラファエル・ナダルが優勝しました。" /
    "正三角形には対称軸が三本あります。" / "アメリカ合衆国上院です。"; Turkish "Rafael Nadal kazandı." / "Eşkenar üçgenin üç
    simetri ekseni vardır." / "Amerika Birleşik Devletleri Senatosu."; Swedish "Rafael Nadal vann." / "En liksidig
    triangel har tre symmetriaxlar." / "Förenta staternas senat."
- Models, decoding: round 13's: the same four models and files (round 6's `MODELS`), greedy (seed 37), one thread,
  8 requests together, the kinds in turn (round 7's `generate`), one model at a time, smallest first, `--until 15:10`
  UTC on 2026-12-07 (no batch starts after it; a model cut short keeps the replies it gave, the card says so).
- Labelling guideline: round 13's, verbatim (so rounds 12, 11, 7 and 6's; every reply read by the helper that built
  the round against the question and the gold option only, before any judge of the project runs on these rows, a
  reason for every incorrect one; the label is against the REFERENCE (the gold option), as the judges see only it:
  correct iff the committed answer names the same thing as the gold option (a synonym, a paraphrase, a more precise
  form of the same thing: "a balance" for "balance"; "photosynthesis" for "Photosynthesis"); an answer that may be
  true of the world but names something else than the gold option is incorrect, its reason starting "another answer
  (defensible)" so that a later reader can count those rows; a broader or vaguer answer ("energy" for "light
  energy") is incorrect ("too broad"); round 13's readings of xml, confidence, reasons-first, quiz, restate-first
  and other-language kept). Added for the new formats:
  * `tweet`: the answer the tweet's text commits to; a hashtag is read as words of the reply (it can name the
    answer, and a hashtag naming another thing than the text's answer makes the reply a list, no commitment).
  * `eli5`: the answer the simple explanation commits to; a child's paraphrase naming the same thing as the gold is
    correct, one naming only a broader thing is too broad.
  * `csv`: the answer field (the first field; a quoted field read whole); the reason field counts only when the
    answer field is empty or a header ("answer"), and then as the answer it commits to.
  * `dialogue`: the teacher's answer (the student's line is no answer; a reply with no teacher's line: no readable
    answer).
  * `fill-in`: the words filling the first blank (a blank left "___" or a sentence not completed: no readable
    answer).
  * `other-language` as round 7 (a translation of the gold names the same thing).
  And the two points rounds 11-12's blind second reads found open (their cards, "Second read (blind)"):
  * Lists: a question takes a list only when its words ask for several things (a number above one, or a plural
    object: "ways", "things", "factors", "what are"), and then a reply whose items include the gold (or a more
    precise form of it) is correct, even when cut off after that item; a question asking for one thing answered
    with several different candidates is "a list, no commitment", the gold among them or not.
  * Too broad or more precise: the reply's answer words are read alone, the question's context not narrowing them:
    words that also cover things the gold excludes are too broad (bare "light" for "sunbeams", "winds" for
    "gales"), words all of whose sense falls under the gold are more precise and correct ("sunlight" for
    "sunbeams"), and one particular way or example of the gold ("a greenhouse" for "change its current habitat") is
    "another answer (defensible)" unless the reply also names the gold.
  No project judge code or regex extracts or labels anything.
- Split `heldout-oqa-round14`, row ids `oqa14-<model>-<question id>`. Frozen, unread: no judge of the project runs
  on these rows (`scripts/stacked_other_year_check.py` lists the round in UNREAD); a later session reads it once
  (card).
"""
from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_model_openqa_round6 as r6  # noqa: E402
import build_model_openqa_round7 as r7  # noqa: E402
import build_model_openqa_round11 as r11  # noqa: E402

FIXTURES = r6.FIXTURES
OUT, REPLIES, LABELS, RAW, SPLIT, TAG = r7.round_files(14)
QUESTIONS = FIXTURES / "model_openqa_round14.questions.jsonl"
SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "mcqa"
N_QUESTIONS = r11.N_QUESTIONS
SEED = 1414  # the draw's; decoding keeps round 7's seed 37
CAP = 38
MODELS = r7.MODELS
BENCHMARKS = r11.BENCHMARKS
DATA_SPLIT = "official test split, not bundled"  # the corpus rows' origin says so
EARLIER = ("model_openqa_styles", "model_openqa_markup", "model_openqa_committed", "model_openqa_committed2",
           "model_openqa_round5", "model_openqa_round6", "model_openqa_round7", "model_openqa_round8",
           "model_openqa_round9", "model_openqa_round10", "model_openqa_round11", "model_openqa_round12",
           "model_openqa_round13")
KINDS = ("tweet", "eli5", "csv", "dialogue", "fill-in", "other-language")
LANGUAGES = ("Japanese", "Turkish", "Swedish")
MAX_TOKENS = {"tweet": 64, "eli5": 96, "csv": 64, "dialogue": 96, "fill-in": 64, "other-language": 64}
_HEADS = {"tweet": "Answer as a short tweet with one hashtag.",
          "eli5": "Explain the answer as you would to a five-year-old, in two sentences.",
          "csv": "Reply as one CSV line with two fields: answer,reason.",
          "dialogue": "Answer as a two-line dialogue: the student asks, the teacher answers.",
          "fill-in": "Complete this sentence and nothing else: 'The answer is ___ because ___.'"}
CHAT = {kind: text + "\n\nQuestion: {question}?" for kind, text in _HEADS.items()}
CHAT["other-language"] = r7.CHAT["other-language"]
FEW_SHOT_HEAD = {**_HEADS, "dialogue": "Answer as a dialogue on one line: the student asks, the teacher answers.",
                 "other-language": r7.FEW_SHOT_HEAD["other-language"]}
# round 6's three few-shot questions (Madrid Open 2017, an equilateral triangle's lines of symmetry, the rules of the
# US House and Senate) answered in each kind's format, one line each (the base model stops at a newline)
SHOT_ANSWERS = {
    "tweet": ("Rafael Nadal takes the 2017 Madrid Open on clay! #Nadal",
              "An equilateral triangle has 3 lines of symmetry, one through each corner. #geometry",
              "The United States Senate sets those rules. #Congress"),
    "eli5": ("A tennis player called Rafael Nadal won that big game. He hit the ball better than everyone else.",
             "A triangle with equal sides folds into matching halves in 3 ways. Each fold goes through a corner.",
             "The United States Senate makes those rules. It is a group of grown-ups who help run the country."),
    "csv": ("Rafael Nadal,he beat Dominic Thiem in the final", "3,one line runs through each corner",
            "United States Senate,it sets how its business runs"),
    "dialogue": ("Student: Who won it? Teacher: Rafael Nadal did.",
                 "Student: How many lines are there? Teacher: 3, one through each corner.",
                 "Student: Who sets them? Teacher: The United States Senate."),
    "fill-in": ("The answer is Rafael Nadal because he beat Dominic Thiem in the final.",
                "The answer is 3 because one line runs through each corner.",
                "The answer is the United States Senate because it sets how its business runs."),
    "Japanese": ("ラファエル・ナダルが優勝しました。", "正三角形には対称軸が三本あります。", "アメリカ合衆国上院です。"),
    "Turkish": ("Rafael Nadal kazandı.", "Eşkenar üçgenin üç simetri ekseni vardır.",
                "Amerika Birleşik Devletleri Senatosu."),
    "Swedish": ("Rafael Nadal vann.", "En liksidig triangel har tre symmetriaxlar.", "Förenta staternas senat.")}


def shared_items(bench: str, root: Path = SHARED) -> list:
    """The official test split of `bench` in the shared folder, labelled rows, file order (as `McqaItem`s)."""
    from judgesuite.suite.data.mcqa import McqaItem

    rows = [json.loads(line) for line in (root / bench / "test.jsonl").read_text(encoding="utf-8").split("\n")
            if line.strip()]
    return [McqaItem(str(r["id"]), bench, r["question"], tuple(r["choices"]), r["answer_index"], dict(r["meta"] or {}))
            for r in rows if r["answer_index"] is not None]


def earlier() -> tuple[frozenset[str], frozenset[str]]:
    """Question ids and normalized texts of every earlier open-QA round (EARLIER) and math round 13's questions."""
    ids, texts = set(), set()
    for name in EARLIER:
        for r in _jsonl(FIXTURES / f"{name}.jsonl"):
            ids.add(str(r["question_id"]))
            texts.add(" ".join(r11.words(r["question"])))
    texts.update(" ".join(r11.words(r["question"])) for r in _jsonl(FIXTURES / "model_math_round13.questions.jsonl"))
    return frozenset(ids), frozenset(texts)


def _jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").split("\n") if line.strip()]


def bundled_mcqa_texts() -> frozenset[str]:
    """Normalized question texts of the bundled multiple-choice files of BENCHMARKS (train and validation)."""
    out = set()
    for bench in BENCHMARKS:
        for split in ("train", "validation"):
            with gzip.open(r6.ROOT / "datasets" / "mcqa" / f"{bench}-{split}.jsonl.gz", "rt", encoding="utf-8") as f:
                out.update(" ".join(r11.words(json.loads(line)["question"])) for line in f if line.strip())
    return frozenset(out)


def draw(root: Path = SHARED, seed: int = SEED, exclude: frozenset[str] = frozenset(),
         skip: frozenset[str] = frozenset(), cap: int = CAP) -> list[dict]:
    """The design's draw from the shared files: the questions-file rows, in draw order (`seed`, and more question
    ids and normalized texts to pass over, `exclude` and `skip`: round 15 passes its own; `cap`: round 16's)."""
    ids, texts = earlier()
    load = lambda bench: shared_items(bench, root)  # noqa: E731
    taken = r11.drawn(exclude=ids | exclude, benchmarks=BENCHMARKS, seed=seed, cap=cap, load=load,
                      skip=texts | bundled_mcqa_texts() | skip)
    rows = {f"{b}-{it.id}": it for b in BENCHMARKS for it in shared_items(b, root)}
    return [{"question_id": t["question_id"], "id": rows[t["question_id"]].id, "benchmark": t["benchmark"],
             "subject": t["subject"], "question": rows[t["question_id"]].question,
             "choices": list(rows[t["question_id"]].choices), "answer_index": rows[t["question_id"]].answer_index}
            for t in taken]


def save_questions(qs: list[dict], path: Path) -> list[dict]:
    """Freeze a round's drawn questions (one JSON object per line, keys sorted)."""
    path.write_text("".join(json.dumps(q, ensure_ascii=False, sort_keys=True) + "\n" for q in qs), encoding="utf-8")
    print(f"{len(qs)} questions -> {path}")
    return qs


def write_questions(root: Path = SHARED) -> list[dict]:
    return save_questions(draw(root), QUESTIONS)


def drawn(questions: Path = QUESTIONS) -> list[dict]:
    """This round's 150 questions, from the frozen questions file, in drawn order (k: the position in the draw;
    `questions`: round 15 passes its own file)."""
    from judgesuite.suite.data.mcqa import McqaItem

    return [{**r11.item_of(q["benchmark"], McqaItem(q["id"], q["benchmark"], q["question"], tuple(q["choices"]),
                                                     q["answer_index"], {"subject": q["subject"]})),
             "data_split": DATA_SPLIT, "k": k} for k, q in enumerate(_jsonl(questions))]


prompt_kind, language_of, style, prompt_of, generate = r7.style_commands(globals())
_, collect, _, _ = r7.round_commands(globals())
ROW_ARGS = {"split": SPLIT, "tag": TAG, "extra": ("language",), "where": ""}


def official_commands(g: dict) -> tuple:
    """(rows, finalize, main) of an official-test-split round whose module globals are `g` (its `drawn`, `REPLIES`,
    `LABELS`, `OUT`, `ROW_ARGS`, `SHARED`, `write_questions`): rounds 14 and 15 share them."""
    def rows(replies: list[dict], labels: dict | None) -> list[dict]:
        """The corpus rows, whose origin names the official test split, not a bundled file."""
        return r6.rows(replies, labels, g["drawn"](), **g["ROW_ARGS"])

    def finalize(replies_path: Path | None = None, labels_path: Path | None = None, out: Path | None = None) -> list:
        """Replies + labels -> the corpus file."""
        return r6.finalize(replies_path or g["REPLIES"], labels_path or g["LABELS"], out or g["OUT"],
                           items=g["drawn"](), **g["ROW_ARGS"])

    def main(argv: list[str] | None = None) -> int:
        argv = sys.argv[1:] if argv is None else argv
        if argv[:1] == ["draw"]:
            g["write_questions"](Path(argv[1]) if len(argv) > 1 else g["SHARED"])
            return 0
        return r6.main(argv, sys.modules[g["__name__"]])

    return rows, finalize, main


rows, finalize, main = official_commands(globals())


if __name__ == "__main__":
    raise SystemExit(main())
