"""Open-QA round 12 of issue 37 (tests/fixtures/model_openqa_round12.jsonl, split `heldout-oqa-round12`): round 11's
design on the multiple-choice questions its draw did not take, in six NEW output formats (none of rounds 6-11's),
built frozen and unread, a held-out set for a later session.

Usage:
    python scripts/build_model_openqa_round12.py generate --model smollm2-135m --until 10:30
    python scripts/build_model_openqa_round12.py collect     # the raw replies -> model_openqa_round12.replies.jsonl
    python scripts/build_model_openqa_round12.py finalize    # replies + model_openqa_round12.labels.json -> corpus

Design, committed before generation: round 11's (so round 7's) in everything but the questions, the prompt kinds
and the additions to the labelling guideline below.
- Questions (`drawn()`): round 11's `usable` rows (its `pool()`: the filter, the factual MMLU subjects, no known
  question text) less the 150 its draw took, in round 11's shuffled order (sorted by question id, shuffled with
  `random.Random(1137)`), taken with at most CAP (60) per benchmark until 150 (`drawn(exclude=...)` of round 11's
  script). Left after round 11: ARC-Easy 101, OpenBookQA 65, MMLU 40, ARC-Challenge 34 (240); drawn (`COUNTS`,
  asserted by the test): ARC-Easy 60, OpenBookQA 41, MMLU 27, ARC-Challenge 22. None is a question of rounds 1-11
  (the test checks the normalized texts of every earlier corpus). Question ids, aliases (the gold option's text the
  only reference), sources and the prompted question (less its final "?") as round 11.
- Prompt kinds (`KINDS`), rotated as round 7: draw position k (0-149), the model at position m gets
  KINDS[(k + m) % 6] (25 of each kind per model), `other-language` LANGUAGES[((k + m) // 6) % 3] (Italian,
  Portuguese, Dutch in turn; the gold stays English). Chat models (`CHAT`), the instruction then
  "\\n\\nQuestion: <q>?":
  * `one-word`: "Answer with one word or a short phrase only, nothing else." (at most 32 new tokens)
  * `sentence`: "Answer in one complete sentence." (64)
  * `markdown`: "Answer in Markdown: first a line with the answer in bold, then a short explanation." (128)
  * `yaml`: "Reply in YAML only, with the keys answer and explanation." (96)
  * `teacher`: "Explain the answer the way a teacher would explain it to a student." (128)
  * `other-language`: round 7's prompt, "Answer the following question in <L>. Reply only in <L>." (64)
  The base model (gemma, few-shot, stops at a newline as in rounds 7-11, so each example answer is ONE line) gets
  `FEW_SHOT_HEAD[kind]`, round 6's three example questions with the answers of `SHOT_ANSWERS` (the same facts as
  round 7's: Rafael Nadal, 3, the United States Senate), then "Q: <q>?\\nA:":
  * one-word: "Answer with one word or a short phrase only." / "Rafael Nadal" / "Three" / "United States Senate"
  * sentence: "Answer in one complete sentence." / "Rafael Nadal won the 2017 men's singles title in Madrid." /
    "An equilateral triangle has three lines of symmetry." / "The rules are determined by the United States Senate."
  * markdown: "Answer in Markdown: the answer in bold, then a short explanation." / "**Rafael Nadal** - he beat
    Dominic Thiem in the final." / "**3** - one line runs through each corner." / "**United States Senate** - it
    sets how its business runs."
  * yaml: "Answer in YAML on one line, with the keys answer and explanation." / "{answer: Rafael Nadal,
    explanation: He beat Dominic Thiem in the final.}" / "{answer: 3, explanation: One line runs through each
    corner.}" / "{answer: United States Senate, explanation: It sets how its business runs.}"
  * teacher: "Explain the answer the way a teacher would explain it to a student." / "Think about who was best on
    clay that spring: Rafael Nadal beat Dominic Thiem in the final, so the answer is Rafael Nadal." / "Fold the
    triangle in half through each corner: every fold is a line of symmetry, so there are 3." / "Remember that each
    chamber needs an authority for its rules: here it is the United States Senate."
  * other-language: round 7's "Answer the question in <L>." / Italian "Ha vinto Rafael Nadal." / "Un triangolo
    equilatero ha tre assi di simmetria." / "Il Senato degli Stati Uniti."; Portuguese "Rafael Nadal venceu." /
    "Um triângulo equilátero tem três eixos de simetria." / "O Senado dos Estados Unidos."; Dutch "Rafael Nadal
    won." / "Een gelijkzijdige driehoek heeft drie symmetrieassen." / "De Senaat van de Verenigde Staten."
- Models, decoding: round 11's: the same four models and files (round 6's `MODELS`), greedy (seed 37), one thread,
  8 requests together, the kinds in turn (round 7's `generate`), one model at a time, smallest first, `--until 10:30`
  UTC on 2026-12-07 (no batch starts after it; a model cut short keeps the replies it gave, the card says so).
- Labelling guideline: round 11's, verbatim (so round 7's and round 6's; every reply read by the helper that built
  the round against the question and the gold option only, before any judge of the project runs on these rows, a
  reason for every incorrect one; the label is against the REFERENCE (the gold option), as the judges see only it:
  correct iff the committed answer names the same thing as the gold option (a synonym, a paraphrase, a more precise
  form of the same thing: "a balance" for "balance"; "photosynthesis" for "Photosynthesis"); an answer that may be
  true of the world but names something else than the gold option is incorrect, its reason starting "another answer
  (defensible)" so that a later reader can count those rows; a broader or vaguer answer ("energy" for "light
  energy") is incorrect ("too broad")). Added for the new formats:
  * `yaml`: the value of its answer key (a malformed or cut-off reply read as far as it goes; no answer key and no
    answer in it: no readable answer);
  * `markdown`: the answer of the bold line (else the answer the text commits to);
  * `teacher`: the answer the explanation commits to (as `free`/`chatty` in round 7);
  * `one-word`, `sentence`: the answer given, as `short`/`free`; `other-language` as round 7.
  No project judge code or regex extracts or labels anything.
- Split `heldout-oqa-round12`, row ids `oqa12-<model>-<question id>`. Frozen, unread: no judge of the project runs
  on these rows (`scripts/stacked_other_year_check.py` lists the round in UNREAD); a later session reads it once
  (card).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_model_openqa_round6 as r6  # noqa: E402
import build_model_openqa_round7 as r7  # noqa: E402
import build_model_openqa_round11 as r11  # noqa: E402

FIXTURES = r6.FIXTURES
OUT, REPLIES, LABELS, RAW, SPLIT, TAG = r7.round_files(12)
N_QUESTIONS = r11.N_QUESTIONS
CAP = r11.CAP
MODELS = r7.MODELS
BENCHMARKS = r11.BENCHMARKS
KINDS = ("one-word", "sentence", "markdown", "yaml", "teacher", "other-language")
LANGUAGES = ("Italian", "Portuguese", "Dutch")
MAX_TOKENS = {"one-word": 32, "sentence": 64, "yaml": 96, "other-language": 64, "markdown": 128, "teacher": 128}
CHAT = {kind: text + "\n\nQuestion: {question}?" for kind, text in (
    ("one-word", "Answer with one word or a short phrase only, nothing else."),
    ("sentence", "Answer in one complete sentence."),
    ("markdown", "Answer in Markdown: first a line with the answer in bold, then a short explanation."),
    ("yaml", "Reply in YAML only, with the keys answer and explanation."),
    ("teacher", "Explain the answer the way a teacher would explain it to a student."))}
CHAT["other-language"] = r7.CHAT["other-language"]
FEW_SHOT_HEAD = {"one-word": "Answer with one word or a short phrase only.",
                 "sentence": "Answer in one complete sentence.",
                 "markdown": "Answer in Markdown: the answer in bold, then a short explanation.",
                 "yaml": "Answer in YAML on one line, with the keys answer and explanation.",
                 "teacher": "Explain the answer the way a teacher would explain it to a student.",
                 "other-language": r7.FEW_SHOT_HEAD["other-language"]}
# round 6's three few-shot questions (Madrid Open 2017, an equilateral triangle's lines of symmetry, the rules of the
# US House and Senate) answered in each kind's format, one line each (the base model stops at a newline)
SHOT_ANSWERS = {
    "one-word": ("Rafael Nadal", "Three", "United States Senate"),
    "sentence": ("Rafael Nadal won the 2017 men's singles title in Madrid.",
                 "An equilateral triangle has three lines of symmetry.",
                 "The rules are determined by the United States Senate."),
    "markdown": ("**Rafael Nadal** - he beat Dominic Thiem in the final.", "**3** - one line runs through each corner.",
                 "**United States Senate** - it sets how its business runs."),
    "yaml": ("{answer: Rafael Nadal, explanation: He beat Dominic Thiem in the final.}",
             "{answer: 3, explanation: One line runs through each corner.}",
             "{answer: United States Senate, explanation: It sets how its business runs.}"),
    "teacher": ("Think about who was best on clay that spring: Rafael Nadal beat Dominic Thiem in the final, so the "
                "answer is Rafael Nadal.",
                "Fold the triangle in half through each corner: every fold is a line of symmetry, so there are 3.",
                "Remember that each chamber needs an authority for its rules: here it is the United States Senate."),
    "Italian": ("Ha vinto Rafael Nadal.", "Un triangolo equilatero ha tre assi di simmetria.",
                "Il Senato degli Stati Uniti."),
    "Portuguese": ("Rafael Nadal venceu.", "Um triângulo equilátero tem três eixos de simetria.",
                   "O Senado dos Estados Unidos."),
    "Dutch": ("Rafael Nadal won.", "Een gelijkzijdige driehoek heeft drie symmetrieassen.",
              "De Senaat van de Verenigde Staten.")}
# round 11's usable rows its draw left, and drawn here (the test checks both)
COUNTS = {"left": {"arc_easy": 101, "openbookqa": 65, "mmlu": 40, "arc_challenge": 34},
          "drawn": {"arc_easy": 60, "openbookqa": 41, "mmlu": 27, "arc_challenge": 22}}


def drawn() -> list[dict]:
    """This round's 150 questions, in drawn order (k: the position in the draw)."""
    return r11.drawn(exclude=frozenset(it["question_id"] for it in r11.drawn()))


prompt_kind, language_of, style, prompt_of, generate = r7.style_commands(globals())
_, collect, rows, finalize = r7.round_commands(globals())


def main(argv: list[str] | None = None) -> int:
    return r6.main(argv, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main())
