"""Open-QA round 13 of issue 37 (corpus model_openqa_round13.jsonl of the test fixtures, split `heldout-oqa-round13`):
round 12's design on a NEW source, the bundled CommonsenseQA validation questions asked WITHOUT their options (the
gold option's text the only reference), in six NEW output formats (none of rounds 6-12's), built frozen and unread, a
held-out set for a later session.

Usage:
    python scripts/build_model_openqa_round13.py generate --model smollm2-135m --until 12:55
    python scripts/build_model_openqa_round13.py collect     # the raw replies -> model_openqa_round13.replies.jsonl
    python scripts/build_model_openqa_round13.py finalize    # replies + model_openqa_round13.labels.json -> corpus

Design, committed before generation: round 12's (so rounds 11 and 7's) in everything but the source, the draw, the
prompt kinds and the additions to the labelling guideline below.
- Source: the "test" split of the bundled CommonsenseQA (`load_items("commonsenseqa", "test")`, suite/data/mcqa.py:
  datasets/mcqa/commonsenseqa-validation.jsonl.gz, 1,000 rows, five options each), kept by round 11's filter, by
  import (`r11.pool(("commonsenseqa",))`: `usable`, one row per normalized question text, no question text of a
  bundled answer-correctness set (every split) or of datasets/training/model-written-openqa.jsonl.gz). Fit check,
  run once before this design was written (the filter only, no draw): 926 of 1,000 pass (dropped: "not" 42, no
  final "?" 13, "best" 7, an option's words a subset of the gold's or the reverse 6, one each "these", "following",
  "least", "above", "below", "most likely"; none for a known question text, no duplicate text). No
  CommonsenseQA-specific rule is added: every CommonsenseQA question is a pick among five everyday answers, so an
  open reader will often name another plausible answer; that is what this round measures (answers in other words
  against other answers), and the guideline's "another answer (defensible)" counts those rows. A rule to drop
  "answer depends on the options" questions could not be written without reading the options' plausibility, which
  would be a judgement per question, not a filter.
- Draw (`drawn()`): round 11's `drawn` with this round's benchmarks (`BENCHMARKS`, CommonsenseQA only), seed SEED
  (1313, recorded; decoding keeps seed 37) and cap CAP (150: one benchmark, so no cap): the usable rows sorted by
  question id, shuffled with `random.Random(1313)`, the first 150 (`COUNTS`, asserted by the test). None is a
  question of rounds 1-12 (the test checks the normalized texts of every earlier corpus). Question ids
  `commonsenseqa-<row id>`; aliases [the gold option's text]; source `mcqa-commonsenseqa`; the question prompted as
  written less its final "?", which the prompts add back.
- Training data of the judges read later: `stacked`'s shipped model (judges/learned/models/stacked.npz, meta
  "synthetic": "mcqa_per_benchmark": 0; suite/training/stacked.py's default) has no multiple-choice row at all, so
  no CommonsenseQA row; its model-written training rows are NQ questions. The encoder's synthetic mix
  (suite/data/synthetic.py) takes multiple-choice questions from the benchmarks' TRAIN files (`clf_train` part) minus
  every test question (`test_questions()`), so possibly CommonsenseQA train questions, never these validation ones.
  The rule judges (token-f1, exact-match, contains) train on nothing.
- Prompt kinds (`KINDS`), rotated as round 7: draw position k (0-149), the model at position m gets
  KINDS[(k + m) % 6] (25 of each kind per model), `other-language` LANGUAGES[((k + m) // 6) % 3] (Chinese, Russian,
  Polish in turn; the gold stays English). Chat models (`CHAT`), the instruction then "\\n\\nQuestion: <q>?":
  * `quiz`: "Answer as a quiz show contestant would: say your final answer in one line." (at most 48 new tokens)
  * `confidence`: "Give your answer, then how confident you are as a percentage." (48)
  * `xml`: "Reply in XML only: <answer>...</answer> <reason>...</reason>." (96)
  * `reasons-first`: "First give your reasoning in two or three sentences, then the answer on a last line starting
    'Answer:'." (128)
  * `restate-first`: "First restate the question in your own words, then answer it." (96)
  * `other-language`: round 7's prompt, "Answer the following question in <L>. Reply only in <L>." (64)
  The base model (gemma, few-shot, stops at a newline as in rounds 7-12, so each example answer is ONE line) gets
  `FEW_SHOT_HEAD[kind]`, round 6's three example questions with the answers of `SHOT_ANSWERS` (the same facts as
  rounds 7-12's: Rafael Nadal, 3, the United States Senate), then "Q: <q>?\\nA:":
  * quiz: "Answer as a quiz show contestant would: say your final answer in one line." / "I'll go with Rafael
    Nadal, final answer." / "Three, final answer." / "The United States Senate, final answer."
  * confidence: "Give your answer, then how confident you are as a percentage." / "Rafael Nadal, 90% confident." /
    "3, 100% confident." / "The United States Senate, 70% confident."
  * xml: "Reply in XML on one line: <answer>...</answer> <reason>...</reason>." / "<answer>Rafael Nadal</answer>
    <reason>He beat Dominic Thiem in the final.</reason>" / "<answer>3</answer> <reason>One line runs through each
    corner.</reason>" / "<answer>United States Senate</answer> <reason>It sets how its business runs.</reason>"
  * reasons-first: "First give your reasoning in one or two sentences, then the answer after 'Answer:'." / "Nadal
    was the best player on clay that spring and beat Dominic Thiem in the final. Answer: Rafael Nadal" / "Each line
    of symmetry runs through one corner, and the triangle has three corners. Answer: 3" / "Each chamber sets the
    rules of its own business, and the Senate's are set by the Senate itself. Answer: United States Senate"
  * restate-first: "First restate the question in your own words, then answer it." / "You are asking who won the
    men's singles at the 2017 Madrid Open: Rafael Nadal." / "You are asking how many lines cut an equilateral
    triangle into mirror halves: 3." / "You are asking who sets the rules of the US House and Senate: the United
    States Senate."
  * other-language: round 7's "Answer the question in <L>." / Chinese "拉斐尔·纳达尔赢了。" / "等边三角形有三条对称轴。" /
    "美国参议院。"; Russian "Победил Рафаэль Надаль." / "У равностороннего треугольника три оси симметрии." / "Сенат
    Соединённых Штатов."; Polish "Wygrał Rafael Nadal." / "Trójkąt równoboczny ma trzy osie symetrii." / "Senat
    Stanów Zjednoczonych."
- Models, decoding: round 12's: the same four models and files (round 6's `MODELS`), greedy (seed 37), one thread,
  8 requests together, the kinds in turn (round 7's `generate`), one model at a time, smallest first, `--until 12:55`
  UTC on 2026-12-07 (no batch starts after it; a model cut short keeps the replies it gave, the card says so).
- Labelling guideline: round 12's, verbatim (so rounds 11, 7 and 6's; every reply read by the helper that built the
  round against the question and the gold option only, before any judge of the project runs on these rows, a
  reason for every incorrect one; the label is against the REFERENCE (the gold option), as the judges see only it:
  correct iff the committed answer names the same thing as the gold option (a synonym, a paraphrase, a more precise
  form of the same thing: "a balance" for "balance"; "photosynthesis" for "Photosynthesis"); an answer that may be
  true of the world but names something else than the gold option is incorrect, its reason starting "another answer
  (defensible)" so that a later reader can count those rows; a broader or vaguer answer ("energy" for "light
  energy") is incorrect ("too broad")). Added for the new formats:
  * `xml`: the text of the answer element (a malformed or cut-off reply read as far as it goes; no answer element
    and no answer in it: no readable answer);
  * `confidence`: the answer, whatever the percentage (a percentage is no hedge; two answers are: a list, no
    commitment);
  * `reasons-first`: the answer of the "Answer:" line (else the answer the reasoning commits to);
  * `quiz`: the final answer said;
  * `restate-first`: the answer given after the restatement (a restatement alone: no readable answer);
  * `other-language` as round 7 (a translation of the gold names the same thing).
  No project judge code or regex extracts or labels anything.
- Split `heldout-oqa-round13`, row ids `oqa13-<model>-<question id>`. Frozen, unread: no judge of the project runs
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
OUT, REPLIES, LABELS, RAW, SPLIT, TAG = r7.round_files(13)
N_QUESTIONS = r11.N_QUESTIONS
SEED = 1313  # the draw's; decoding keeps round 7's seed 37
CAP = 150
MODELS = r7.MODELS
BENCHMARKS = ("commonsenseqa",)
KINDS = ("quiz", "confidence", "xml", "reasons-first", "restate-first", "other-language")
LANGUAGES = ("Chinese", "Russian", "Polish")
MAX_TOKENS = {"quiz": 48, "confidence": 48, "xml": 96, "reasons-first": 128, "restate-first": 96,
              "other-language": 64}
CHAT = {kind: text + "\n\nQuestion: {question}?" for kind, text in (
    ("quiz", "Answer as a quiz show contestant would: say your final answer in one line."),
    ("confidence", "Give your answer, then how confident you are as a percentage."),
    ("xml", "Reply in XML only: <answer>...</answer> <reason>...</reason>."),
    ("reasons-first", "First give your reasoning in two or three sentences, then the answer on a last line starting "
                      "'Answer:'."),
    ("restate-first", "First restate the question in your own words, then answer it."))}
CHAT["other-language"] = r7.CHAT["other-language"]
FEW_SHOT_HEAD = {"quiz": "Answer as a quiz show contestant would: say your final answer in one line.",
                 "confidence": "Give your answer, then how confident you are as a percentage.",
                 "xml": "Reply in XML on one line: <answer>...</answer> <reason>...</reason>.",
                 "reasons-first": "First give your reasoning in one or two sentences, then the answer after "
                                  "'Answer:'.",
                 "restate-first": "First restate the question in your own words, then answer it.",
                 "other-language": r7.FEW_SHOT_HEAD["other-language"]}
# round 6's three few-shot questions (Madrid Open 2017, an equilateral triangle's lines of symmetry, the rules of the
# US House and Senate) answered in each kind's format, one line each (the base model stops at a newline)
SHOT_ANSWERS = {
    "quiz": ("I'll go with Rafael Nadal, final answer.", "Three, final answer.",
             "The United States Senate, final answer."),
    "confidence": ("Rafael Nadal, 90% confident.", "3, 100% confident.", "The United States Senate, 70% confident."),
    "xml": ("<answer>Rafael Nadal</answer> <reason>He beat Dominic Thiem in the final.</reason>",
            "<answer>3</answer> <reason>One line runs through each corner.</reason>",
            "<answer>United States Senate</answer> <reason>It sets how its business runs.</reason>"),
    "reasons-first": ("Nadal was the best player on clay that spring and beat Dominic Thiem in the final. "
                      "Answer: Rafael Nadal",
                      "Each line of symmetry runs through one corner, and the triangle has three corners. Answer: 3",
                      "Each chamber sets the rules of its own business, and the Senate's are set by the Senate "
                      "itself. Answer: United States Senate"),
    "restate-first": ("You are asking who won the men's singles at the 2017 Madrid Open: Rafael Nadal.",
                      "You are asking how many lines cut an equilateral triangle into mirror halves: 3.",
                      "You are asking who sets the rules of the US House and Senate: the United States Senate."),
    "Chinese": ("拉斐尔·纳达尔赢了。", "等边三角形有三条对称轴。", "美国参议院。"),
    "Russian": ("Победил Рафаэль Надаль.", "У равностороннего треугольника три оси симметрии.",
                "Сенат Соединённых Штатов."),
    "Polish": ("Wygrał Rafael Nadal.", "Trójkąt równoboczny ma trzy osie symetrii.", "Senat Stanów Zjednoczonych.")}
# CommonsenseQA rows after round 11's filter, and drawn here (the test checks both)
COUNTS = {"usable": {"commonsenseqa": 926}, "drawn": {"commonsenseqa": 150}}


def drawn() -> list[dict]:
    """This round's 150 questions, in drawn order (k: the position in the draw)."""
    return r11.drawn(benchmarks=BENCHMARKS, seed=SEED, cap=CAP)


prompt_kind, language_of, style, prompt_of, generate = r7.style_commands(globals())
_, collect, rows, finalize = r7.round_commands(globals())


def main(argv: list[str] | None = None) -> int:
    return r6.main(argv, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main())
