"""Open-QA round 15 of issue 37 (corpus model_openqa_round15.jsonl of the test fixtures, split `heldout-oqa-round15`):
round 14's design on MORE official test questions of ARC-Easy, ARC-Challenge, OpenBookQA and MMLU (factual
subjects), asked WITHOUT their options (the gold option's text the only reference), in six NEW output formats (none of
rounds 6-14's), built frozen and unread, a held-out set for a later session.

Usage:
    python scripts/build_model_openqa_round15.py draw        # the shared test files -> the frozen questions file
    python scripts/build_model_openqa_round15.py generate --model smollm2-135m --until 15:30
    python scripts/build_model_openqa_round15.py collect     # the raw replies -> model_openqa_round15.replies.jsonl
    python scripts/build_model_openqa_round15.py finalize    # replies + model_openqa_round15.labels.json -> corpus

Design, committed before the draw and generation: round 14's (scripts/build_model_openqa_round14.py, so rounds 13,
12, 11 and 7's) in everything but the draw, the prompt kinds and the additions to the labelling guideline below.
- Source and pool: round 14's, by import (`shared_items`, round 11's `pool` with its filter `usable` and
  `MMLU_SUBJECTS` verbatim, round 14's `earlier` and `bundled_mcqa_texts` exclusions), less round 14's 150 drawn
  questions (their ids and normalized texts, from its frozen questions file). Math round 14's questions are not
  read (math questions, another source). Round 14's pool after its exclusions: MMLU 957, ARC-Easy 707,
  ARC-Challenge 233, OpenBookQA 103; less round 14's draw (38, 38, 38, 36): MMLU 919, ARC-Easy 669, ARC-Challenge
  195, OpenBookQA 67 (a fit check run once before this design was committed, the filter only, no draw; every
  benchmark keeps more than 38).
- Draw (`draw`): round 14's `draw` by import with the new seed SEED (1515, recorded; decoding keeps seed 37) and
  round 14's cap (38): sorted by question id, shuffled with `random.Random(1515)`, a benchmark skipped once it has
  38, until 150. Frozen in QUESTIONS (model_openqa_round15.questions.jsonl in the test fixtures), committed before
  generation; generation, collect and finalize read it; the test rebuilds the draw from the shared files when they
  are on the machine.
- Training data of the judges read later (round 14's paragraph, checked again on 2026-12-07: no commit since round
  14's design touched judges/learned/models, suite/data/synthetic.py or datasets/training): `stacked`'s shipped
  model (judges/learned/models/stacked.npz, meta "training_data": "synthetic": "mcqa_per_benchmark": 0) has no
  multiple-choice benchmark row; its synthetic "multiple_choice_freeform" family comes from the bundled answer
  sets' train splits (GPQA / MMLU-Pro), whose question texts round 11's filter drops here; its model-written
  training rows (datasets/training/model-written-openqa.jsonl.gz) are NQ questions. The encoder's synthetic mix
  (suite/data/synthetic.py, `mcqa_questions`) takes multiple-choice questions from the bundled TRAIN files only
  (datasets/mcqa/<benchmark>-train.jsonl.gz) minus the bundled test questions; an official test question can be
  there only as a duplicate text, and round 14's `skip` (by import) drops every one, so no drawn question's text is
  in any judge's training data. The rule judges (token-f1, exact-match, contains) train on nothing.
- Prompt kinds (`KINDS`), rotated as round 7: draw position k, model position m: KINDS[(k + m) % 6] (25 of each
  kind per model), `other-language` LANGUAGES[((k + m) // 6) % 3] (Korean, Indonesian, Greek in turn, none of rounds
  7-14's; the gold stays English). Chat models: the instruction then "\\n\\nQuestion: <q>?", new-token limits
  (`MAX_TOKENS`) by the length the format asks for:
  * `headline`: "Answer as a newspaper headline." (32)
  * `email`: "Answer in a short email to a colleague, with a greeting and a sign-off." (96)
  * `code-comment`: "Answer as a single Python comment line starting with #." (48)
  * `radio`: "Answer as a radio host would say it on air, in two sentences." (96)
  * `numbered-steps`: "Think in numbered steps, then give the answer on its own last line." (128)
  * `other-language`: round 7's prompt, "Answer the following question in <L>. Reply only in <L>." (64)
  The base model (gemma, few-shot, stops at a newline, so each example answer is ONE line) gets `FEW_SHOT_HEAD[kind]`
  (the chat instruction; for `email` "Answer in a short email to a colleague on one line, with a greeting and a
  sign-off.", for `numbered-steps` "Think in numbered steps on one line, then end with the answer.", since a newline
  ends its reply), round 6's three example questions with the answers of `SHOT_ANSWERS` (the same facts as rounds
  7-14's: Rafael Nadal, 3, the United States Senate), then "Q: <q>?\\nA:":
  * headline: "Nadal Crowned Champion in Madrid" / "Equilateral Triangle Boasts 3 Lines of Symmetry" / "United
    States Senate Sets Its Own Rules"
  * email: "Hi Sam, Rafael Nadal won it, beating Dominic Thiem in the final. Best, Alex" / "Hi Sam, an equilateral
    triangle has 3 lines of symmetry. Best, Alex" / "Hi Sam, the United States Senate sets those rules. Best, Alex"
  * code-comment: "# Rafael Nadal won the 2017 Madrid Open" / "# an equilateral triangle has 3 lines of symmetry" /
    "# the United States Senate sets these rules"
  * radio: "And the champion in Madrid is Rafael Nadal! He beat Dominic Thiem in the final, folks." / "Here's one for
    the math fans: an equilateral triangle has 3 lines of symmetry. That's one through each corner!" / "Who sets
    those rules? The United States Senate does, listeners."
  * numbered-steps: "1. The question asks for the 2017 Madrid Open champion. 2. Rafael Nadal beat Dominic Thiem in
    the final. Answer: Rafael Nadal" / "1. An equilateral triangle has three equal sides. 2. One line of symmetry
    runs through each corner. Answer: 3" / "1. The question asks who sets the rules. 2. The Senate decides how its
    business runs. Answer: United States Senate"
  * other-language: round 7's "Answer the question in <L>." / Korean "라파엘 나달이 우승했습니다." / "정삼각형에는 대칭축이
    세 개 있습니다." / "미국 상원입니다."; Indonesian "Rafael Nadal yang menang." / "Segitiga sama sisi memiliki tiga
    sumbu simetri." / "Senat Amerika Serikat."; Greek "Κέρδισε ο Ραφαέλ Ναδάλ." / "Ένα ισόπλευρο τρίγωνο έχει τρεις
    άξονες συμμετρίας." / "Η Γερουσία των Ηνωμένων Πολιτειών."
- Models, decoding: round 14's: the same four models and files (round 6's `MODELS`), greedy (seed 37), one thread,
  8 requests together, the kinds in turn (round 7's `generate`), one model at a time, smallest first, `--until 15:30`
  UTC on 2026-12-07 (no batch starts after it; a model cut short keeps the replies it gave; if not all four finish,
  the card labels which finished completely and the round is built from those).
- Labelling guideline: round 14's, verbatim (so rounds 13, 12, 11, 7 and 6's: every reply read by the helper that
  built the round against the question and the gold option only, before any judge of the project runs on these
  rows, a reason for every incorrect one; the label is against the REFERENCE (the gold option), as the judges see
  only it: correct iff the committed answer names the same thing as the gold option (a synonym, a paraphrase, a more
  precise form of the same thing); an answer that may be true of the world but names something else than the gold
  option is incorrect, its reason starting "another answer (defensible)"; a broader or vaguer answer is incorrect
  ("too broad"); round 14's readings of tweet, eli5, csv, dialogue, fill-in and other-language kept, and its two
  points on lists and on too broad or more precise: a question takes a list only when its words ask for several
  things, a question asking for one thing answered with several different candidates is "a list, no commitment";
  the reply's answer words are read alone, words that also cover things the gold excludes are too broad, words all of
  whose sense falls under the gold more precise and correct, one particular way or example of the gold "another
  answer (defensible)" unless the reply also names the gold). Added for the new formats:
  * `headline`: the answer the headline commits to (headline capitals and dropped articles are no change of answer;
    a headline of the question's words alone: no readable answer).
  * `email`: the answer the email's body commits to (the greeting, sign-off and names in them are no answer).
  * `code-comment`: the comment's text (code after or instead of a comment is read as words only where it names an
    answer, e.g. a string or variable holding it; code with no answer named: no readable answer).
  * `radio`: the answer the host's words commit to (filler and sign-offs are no answer).
  * `numbered-steps`: the answer on the last line (or after "Answer:"); where the reply is cut off before a final
    answer, no readable answer, even when a step names one.
  * `other-language` as round 7 (a translation of the gold names the same thing).
  And the point round 14's blind second read found open (its card, "Second read (blind)"): a reply to a `csv`
  prompt that is a sentence with commas, not an answer,reason line, is split into fields at its commas like any CSV
  line: its first field is the answer field (so "Islam, meaning ... submission to God ..." answers "Islam").
  No project judge code or regex extracts or labels anything.
- Split `heldout-oqa-round15`, row ids `oqa15-<model>-<question id>`. Frozen, unread: no judge of the project runs
  on these rows (`scripts/stacked_other_year_check.py` and `scripts/stacked_or_list_check.py` list the round in
  UNREAD); a later session reads it once (card).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_model_openqa_round6 as r6  # noqa: E402
import build_model_openqa_round7 as r7  # noqa: E402
import build_model_openqa_round11 as r11  # noqa: E402
import build_model_openqa_round14 as r14  # noqa: E402

FIXTURES = r6.FIXTURES
OUT, REPLIES, LABELS, RAW, SPLIT, TAG = r7.round_files(15)
QUESTIONS = FIXTURES / "model_openqa_round15.questions.jsonl"
SHARED = r14.SHARED
SEED = 1515  # the draw's; decoding keeps round 7's seed 37
CAP = r14.CAP
MODELS = r7.MODELS
BENCHMARKS = r14.BENCHMARKS
KINDS = ("headline", "email", "code-comment", "radio", "numbered-steps", "other-language")
LANGUAGES = ("Korean", "Indonesian", "Greek")
MAX_TOKENS = {"headline": 32, "email": 96, "code-comment": 48, "radio": 96, "numbered-steps": 128,
              "other-language": 64}
_HEADS = {"headline": "Answer as a newspaper headline.",
          "email": "Answer in a short email to a colleague, with a greeting and a sign-off.",
          "code-comment": "Answer as a single Python comment line starting with #.",
          "radio": "Answer as a radio host would say it on air, in two sentences.",
          "numbered-steps": "Think in numbered steps, then give the answer on its own last line."}
CHAT = {kind: text + "\n\nQuestion: {question}?" for kind, text in _HEADS.items()}
CHAT["other-language"] = r7.CHAT["other-language"]
FEW_SHOT_HEAD = {**_HEADS,
                 "email": "Answer in a short email to a colleague on one line, with a greeting and a sign-off.",
                 "numbered-steps": "Think in numbered steps on one line, then end with the answer.",
                 "other-language": r7.FEW_SHOT_HEAD["other-language"]}
# round 6's three few-shot questions (Madrid Open 2017, an equilateral triangle's lines of symmetry, the rules of the
# US House and Senate) answered in each kind's format, one line each (the base model stops at a newline)
SHOT_ANSWERS = {
    "headline": ("Nadal Crowned Champion in Madrid", "Equilateral Triangle Boasts 3 Lines of Symmetry",
                 "United States Senate Sets Its Own Rules"),
    "email": ("Hi Sam, Rafael Nadal won it, beating Dominic Thiem in the final. Best, Alex",
              "Hi Sam, an equilateral triangle has 3 lines of symmetry. Best, Alex",
              "Hi Sam, the United States Senate sets those rules. Best, Alex"),
    "code-comment": ("# Rafael Nadal won the 2017 Madrid Open", "# an equilateral triangle has 3 lines of symmetry",
                     "# the United States Senate sets these rules"),
    "radio": ("And the champion in Madrid is Rafael Nadal! He beat Dominic Thiem in the final, folks.",
              "Here's one for the math fans: an equilateral triangle has 3 lines of symmetry. That's one through "
              "each corner!",
              "Who sets those rules? The United States Senate does, listeners."),
    "numbered-steps": ("1. The question asks for the 2017 Madrid Open champion. 2. Rafael Nadal beat Dominic Thiem "
                       "in the final. Answer: Rafael Nadal",
                       "1. An equilateral triangle has three equal sides. 2. One line of symmetry runs through each "
                       "corner. Answer: 3",
                       "1. The question asks who sets the rules. 2. The Senate decides how its business runs. "
                       "Answer: United States Senate"),
    "Korean": ("라파엘 나달이 우승했습니다.", "정삼각형에는 대칭축이 세 개 있습니다.", "미국 상원입니다."),
    "Indonesian": ("Rafael Nadal yang menang.", "Segitiga sama sisi memiliki tiga sumbu simetri.",
                   "Senat Amerika Serikat."),
    "Greek": ("Κέρδισε ο Ραφαέλ Ναδάλ.", "Ένα ισόπλευρο τρίγωνο έχει τρεις άξονες συμμετρίας.",
              "Η Γερουσία των Ηνωμένων Πολιτειών.")}
shared_items, earlier, bundled_mcqa_texts = r14.shared_items, r14.earlier, r14.bundled_mcqa_texts


def round14_drawn(questions: Path = r14.QUESTIONS) -> tuple[frozenset[str], frozenset[str]]:
    """Question ids and normalized texts of round 14's 150 drawn questions (its frozen questions file; `questions`:
    round 16 passes this round's)."""
    qs = r14._jsonl(questions)
    return (frozenset(q["question_id"] for q in qs), frozenset(" ".join(r11.words(q["question"])) for q in qs))


def draw(root: Path = SHARED) -> list[dict]:
    """The design's draw from the shared files: round 14's pool less its draw, this round's seed."""
    ids, texts = round14_drawn()
    return r14.draw(root, seed=SEED, exclude=ids, skip=texts)


def write_questions(root: Path = SHARED) -> list[dict]:
    return r14.save_questions(draw(root), QUESTIONS)


def drawn() -> list[dict]:
    """This round's 150 questions, from its frozen questions file, in drawn order (k: the position in the draw)."""
    return r14.drawn(QUESTIONS)


prompt_kind, language_of, style, prompt_of, generate = r7.style_commands(globals())
_, collect, _, _ = r7.round_commands(globals())
ROW_ARGS = {**r14.ROW_ARGS, "split": SPLIT, "tag": TAG}


rows, finalize, main = r14.official_commands(globals())


if __name__ == "__main__":
    raise SystemExit(main())
