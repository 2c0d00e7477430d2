"""Open-QA round 7 of issue 37 (tests/fixtures/model_openqa_round7.jsonl, split `heldout-oqa-round7`): answers that
local models give ON THEIR OWN to NQ-open TEST questions, in output formats nobody here chose the answers of
(JSON, chatty, hedged, another language, short, free), labelled by reading, as round 6 was.

Usage:
    python scripts/build_model_openqa_round7.py generate --model smollm2-135m --until 22:25
    python scripts/build_model_openqa_round7.py collect     # the raw replies -> model_openqa_round7.replies.jsonl
    python scripts/build_model_openqa_round7.py finalize    # replies + model_openqa_round7.labels.json -> corpus

Design, committed before generation:

Questions: the first N_QUESTIONS (150) of the TEST questions of the bundled `evouna-nq` and `openqa-eval-nq301`
in a seeded shuffle (`drawn_pool(SEED, ("test",))` of scripts/build_model_openqa_styles.py, seed 37: the questions
whose first alias is `usable`, one entry per question text, the aliases of both sets kept). Splits go by question
text (`split_of`), so no question of a train or dev split and none of rounds 1-6 (train and dev questions only) can
be drawn; nothing of EVOUNA's TriviaQA half. Round 7 exists so that the `stacked` judge can be trained on rounds
1-6 and read on questions it shares with none of them.

Models: round 6's four (`MODELS` of build_model_openqa_round6.py, the files got as its card says): SmolLM2-135M-
Instruct, Qwen2.5-Coder-0.5B-Instruct, gemma-3-270m BASE and Qwen2.5-Coder-1.5B-Instruct. Each model answers each
question once: temperature 0 (greedy; seed 37 recorded), one thread, 8 requests decoded together, one model at a
time, smallest first, total generation stopped at a wall time (`--until`, 22:25 UTC on 2026-12-06); a model cut
short keeps the replies it gave (the card says so).

Prompt kinds (`KINDS`), one per (question, model): the question at draw position k gets KINDS[(k + m) % 6] from the
model at position m of `MODELS`, so each model sees each kind 25 times and each question four different kinds;
`other-language` answers in LANGUAGES[((k + m) // 6) % 3] (French, German, Spanish in turn; the gold stays English).
Chat models get `CHAT` prompts: `short` and `free` are round 6's; `json` asks for a JSON object holding the answer
and nothing else; `chatty` a friendly conversational reply that explains a little; `hedged` says how sure it is
and, if unsure, its best guess; `other-language` the answer in that language only. The base model gets few-shot
prompts (`FEW_SHOT_HEAD`, `SHOT_ANSWERS`): a one-line instruction of the kind, round 6's three example questions
(train questions drawn after round 6's, in no round: its `few_shot_pairs`) with answers written here in that kind's
format, then "Q: <q>?\nA:"; it stops at a newline. New-token limits per kind (`MAX_TOKENS`), base and chat
alike: short 32, json 48, other-language 64, free 96 (as round 6), chatty and hedged 128. Generation runs the kinds
in turn, 8 questions of each at a time, so that a cut leaves every kind with replies.

LABELLING GUIDELINE: round 6's (its docstring, quoted in its card), every reply read by the helper that built the
round against the question and its gold aliases only, before any judge of the project runs on these rows, a reason
given for every incorrect one; and round 6's decisions (a year for a month and year: correct; a year for a full
date: incorrect; a list question answered by a list holding a gold alias: correct; a broader term in the question's
own words: incorrect). Added for the new formats:
- another language: correct when the answer names the same thing as a gold alias (a translation, or the local name
  of the entity: "Londres" for London, "trois" for 3); the language it is written in does not matter, and an answer
  in English to an other-language prompt is read like any other.
- JSON: the reply is read for the answer it holds (its "answer" field, or the one value that answers); a malformed
  or cut-off object is read as far as it goes; an object with no answer in it is no readable answer.
- hedged: correct when the answer it commits to as its best answer is right, whatever confidence it states; a
  list of several candidates without a commitment to one is incorrect; "I don't know" with no guess is a decline.
- chatty: the answer the reply commits to, as for `free`; pleasantries and explanation do not change the label
  unless they contradict the answer.
Split: every row in `heldout-oqa-round7`, read once by the lead (the card says how).
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_model_openqa_round6 as r6  # noqa: E402
from build_model_openqa_styles import SEED, drawn_pool  # noqa: E402
from style_generation import done_items, generate_replies  # noqa: E402

FIXTURES = r6.FIXTURES


def round_files(n: int) -> tuple[Path, Path, Path, Path, str, str]:
    """Round n's corpus, replies (every reply, as generated), labels ({row id: {"label", "why"}}), raw generation
    file, split and row-id tag (rounds 7-9)."""
    name = f"model_openqa_round{n}"
    return (FIXTURES / f"{name}.jsonl", FIXTURES / f"{name}.replies.jsonl", FIXTURES / f"{name}.labels.json",
            Path(f"/tmp/{name}_raw.jsonl"), f"heldout-oqa-round{n}", f"oqa{n}")


OUT, REPLIES, LABELS, RAW, SPLIT, TAG = round_files(7)
N_QUESTIONS = 150
MODELS = r6.MODELS
KINDS = ("short", "free", "json", "chatty", "hedged", "other-language")
LANGUAGES = ("French", "German", "Spanish")
MAX_TOKENS = {"short": 32, "json": 48, "other-language": 64, "free": 96, "chatty": 128, "hedged": 128}
REPLY_FIELDS = r6.REPLY_FIELDS + ("language",)
CHAT = {"short": r6.PROMPTS["short"][0], "free": r6.PROMPTS["free"][0],
        "json": 'Answer the following question. Reply with a JSON object of the form {{"answer": "..."}} and '
                "nothing else.\n\nQuestion: {question}?",
        "chatty": "Hi! I was wondering about something: {question}? Could you tell me in a friendly, "
                  "conversational way, and explain a little?",
        "hedged": "Answer the following question. Say how sure you are of your answer, and if you are not sure, "
                  "give your best guess.\n\nQuestion: {question}?",
        "other-language": "Answer the following question in {language}. Reply only in {language}.\n\n"
                          "Question: {question}?"}
FEW_SHOT_HEAD = {"short": "Answer the question.", "free": "Answer the question in a sentence.",
                 "json": "Answer the question with a JSON object holding the answer.",
                 "chatty": "Answer the question in a friendly, conversational way, explaining a little.",
                 "hedged": "Answer the question, saying how sure you are; if unsure, give your best guess.",
                 "other-language": "Answer the question in {language}."}
# the example answers of round 6's three few-shot questions (Madrid Open 2017, an equilateral triangle's lines of
# symmetry, the rules of the US House and Senate), in each kind's format
SHOT_ANSWERS = {
    "short": ("Rafael Nadal", "3", "United States Senate"),
    "free": ("Rafael Nadal won the 2017 men's singles title at the Mutua Madrid Open.",
             "An equilateral triangle has 3 lines of symmetry.",
             "The rules are determined by the United States Senate."),
    "json": ('{"answer": "Rafael Nadal"}', '{"answer": "3"}', '{"answer": "United States Senate"}'),
    "chatty": ("Great question! That was Rafael Nadal, who beat Dominic Thiem in the final. He loves clay courts!",
               "Good one! An equilateral triangle has 3 lines of symmetry, one through each corner.",
               "Happy to help! That would be the United States Senate, which sets how business runs there."),
    "hedged": ("I'm fairly sure it was Rafael Nadal.", "I'm certain: 3.",
               "I'm not sure, but my best guess is the United States Senate."),
    "French": ("C'est Rafael Nadal qui a gagné.", "Un triangle équilatéral a trois axes de symétrie.",
               "Le Sénat des États-Unis."),
    "German": ("Rafael Nadal hat gewonnen.", "Ein gleichseitiges Dreieck hat drei Symmetrieachsen.",
               "Der Senat der Vereinigten Staaten."),
    "Spanish": ("Ganó Rafael Nadal.", "Un triángulo equilátero tiene tres ejes de simetría.",
                "El Senado de los Estados Unidos.")}


def drawn() -> list[dict]:
    """This round's questions, in drawn order."""
    return [{**q, "k": k, "item": q["question_id"]}
            for k, q in enumerate(drawn_pool(SEED, ("test",))[:N_QUESTIONS])]


def rotation(k: int, m: int, kinds: tuple, languages: tuple) -> tuple[str, str | None]:
    """The prompt kind of draw position k for the model at position m, and the language an `other-language` prompt
    asks for (None for the other kinds): each model sees each kind equally often, each question other kinds."""
    kind = kinds[(k + m) % len(kinds)]
    return kind, languages[((k + m) // len(kinds)) % len(languages)] if kind == "other-language" else None


def prompt_kind(item: dict, model: str) -> str:
    return rotation(item["k"], list(MODELS).index(model), KINDS, LANGUAGES)[0]


def language_of(item: dict, model: str) -> str | None:
    return rotation(item["k"], list(MODELS).index(model), KINDS, LANGUAGES)[1]


def _style(style):
    """A round's prompt kinds, prompts and token limits: `style` (a namespace holding KINDS, MAX_TOKENS, CHAT,
    FEW_SHOT_HEAD, SHOT_ANSWERS, MODELS, prompt_kind and language_of: round 12 passes its own), default this round's."""
    return style if style is not None else SimpleNamespace(**globals())


def prompt_of(item: dict, model: str, style=None) -> str:
    s = _style(style)
    kind, language = s.prompt_kind(item, model), s.language_of(item, model)
    if s.MODELS[model][1] != "few-shot":
        return s.CHAT[kind].format(question=item["question"], language=language)
    answers = s.SHOT_ANSWERS[language or kind]
    shots = "".join(f"Q: {q}?\nA: {a}\n\n" for (q, _), a in zip(r6.few_shot_pairs(), answers))
    return f"{s.FEW_SHOT_HEAD[kind].format(language=language)}\n\n{shots}Q: {item['question']}?\nA:"


def generate(model: str, path: str | None, raw: Path, threads: int, parallel: int, until: str | None,
             items: list[dict] | None = None, style=None) -> None:
    """The kinds in turn, `parallel` questions of each at a time (one backend start per batch: each kind has its
    own token limit), until every question is answered or `until` stops a batch (`items`: the round's draw, default
    this round's; `style`: its kinds and prompts, as `_style`)."""
    s = _style(style)
    KINDS, MAX_TOKENS, prompt_kind, language_of = s.KINDS, s.MAX_TOKENS, s.prompt_kind, s.language_of  # noqa: N806
    done = done_items(raw)
    todo = [it for it in (drawn() if items is None else items) if (it["item"], model) not in done]
    by_kind = {kind: [it for it in todo if prompt_kind(it, model) == kind] for kind in KINDS}
    file = r6.model_file(model, path)
    spent = {kind: 0.0 for kind in KINDS}
    for c in range(0, max(map(len, by_kind.values())), parallel):
        for kind in KINDS:
            batch = by_kind[kind][c:c + parallel]
            if not batch:
                continue
            record = lambda it: {"item": it["item"], "model": model, "prompt": prompt_kind(it, model),  # noqa: E731
                                 "language": language_of(it, model), "seed": SEED, "temperature": r6.TEMPERATURE,
                                 "max_tokens": MAX_TOKENS[prompt_kind(it, model)]}
            start = time.perf_counter()
            generate_replies(file, batch, lambda it: prompt_of(it, model, style), record, raw, threads=threads,
                             parallel=parallel, n_ctx=512, max_tokens=MAX_TOKENS[kind], temperature=r6.TEMPERATURE,
                             seed=SEED, until=until,
                             stop_strings=("\n",) if MODELS[model][1] == "few-shot" else ())
            spent[kind] += time.perf_counter() - start
            if (batch[-1]["item"], model) not in done_items(raw):
                print(f"{model}: stopped at {until}", flush=True)
                break
        else:
            continue
        break
    mine = [r for r in map(json.loads, raw.read_text(encoding="utf-8").splitlines()) if r["model"] == model]
    for kind in KINDS:
        tokens = sum(r["generated_tokens"] for r in mine if r["prompt"] == kind)
        n = sum(r["prompt"] == kind for r in mine)
        print(f"{model} {kind}: {n} replies, {tokens} tokens, {spent[kind]:.0f} s this run, "
              f"{tokens / max(spent[kind], 1e-9):.1f} tok/s", flush=True)


def round_commands(g: dict) -> tuple:
    """`generate`, `collect`, `rows` and `finalize` of a round built as this one (rounds 7-9): `g`, the round
    module's globals, gives its `drawn()`, SPLIT, TAG and files when a command runs."""
    def generate_(model: str, path: str | None, raw: Path, threads: int, parallel: int, until: str | None) -> None:
        generate(model, path, raw, threads, parallel, until, items=g["drawn"]())

    def collect_(raw: Path | None = None) -> list[dict]:
        return r6.collect(raw or g["RAW"], g["REPLIES"], g["drawn"](), REPLY_FIELDS)

    def rows_(replies: list[dict], labels: dict | None) -> list[dict]:
        return r6.rows(replies, labels, g["drawn"](), g["SPLIT"], g["TAG"], ("language",))

    def finalize_(replies_path: Path | None = None, labels_path: Path | None = None,
                  out: Path | None = None) -> list[dict]:
        return r6.finalize(replies_path or g["REPLIES"], labels_path or g["LABELS"], out or g["OUT"],
                           items=g["drawn"](), split=g["SPLIT"], tag=g["TAG"], extra=("language",))
    return generate_, collect_, rows_, finalize_


def style_commands(g: dict) -> tuple:
    """`prompt_kind`, `language_of`, `style`, `prompt_of` and `generate` of a round with its own prompt kinds (rounds
    12 onwards): `g`, the round module's globals, gives its MODELS, KINDS, LANGUAGES, prompts, token limits and
    `drawn()` when a command runs."""
    def prompt_kind_(item: dict, model: str) -> str:
        return rotation(item["k"], list(g["MODELS"]).index(model), g["KINDS"], g["LANGUAGES"])[0]

    def language_of_(item: dict, model: str) -> str | None:
        return rotation(item["k"], list(g["MODELS"]).index(model), g["KINDS"], g["LANGUAGES"])[1]

    def style_() -> SimpleNamespace:
        """The round's kinds, prompts and token limits, for this module's `prompt_of` and `generate`."""
        return SimpleNamespace(**g)

    def prompt_of_(item: dict, model: str) -> str:
        return prompt_of(item, model, style_())

    def generate_(model: str, path: str | None, raw: Path, threads: int, parallel: int, until: str | None) -> None:
        generate(model, path, raw, threads, parallel, until, items=g["drawn"](), style=style_())
    return prompt_kind_, language_of_, style_, prompt_of_, generate_


_, collect, rows, finalize = round_commands(globals())


def main(argv: list[str] | None = None) -> int:
    return r6.main(argv, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main())
