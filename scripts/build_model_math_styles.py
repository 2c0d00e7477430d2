"""Build the model-written answer-style corpus of issue 37: tests/fixtures/model_math_styles.jsonl.

Usage:
    python scripts/build_model_math_styles.py generate --model smollm2-135m --items 300 [--raw FILE]
    python scripts/build_model_math_styles.py generate --model /tmp/qwen2.5-coder-0.5b.gguf --items 200
    python scripts/build_model_math_styles.py generate --round 3 --items 200 --threads 1 --parallel 16 \
        --max-tokens 256 --raw /tmp/model_math_styles_raw_r3.jsonl
    python scripts/build_model_math_styles.py generate --round 4 --items 200 --threads 1 --parallel 16 \
        --max-tokens 256 --raw /tmp/model_math_styles_raw_r4.jsonl --until 22:36
    python scripts/build_model_math_styles.py finalize --raw tests/fixtures/model_math_styles.replies.jsonl \
        tests/fixtures/model_math_styles.replies-r3.jsonl /tmp/model_math_styles_raw_r4.jsonl \
        --replies-out tests/fixtures/model_math_styles.replies.jsonl
    python scripts/build_model_math_styles.py generate --round 5 --items 208 --threads 1 --parallel 16 \
        --max-tokens 256 --raw /tmp/model_math_styles_raw_r5.jsonl --until 00:25   # English styles (SmolLM2)
    python scripts/build_model_math_styles.py generate --round 5 --model /tmp/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf \
        --items 208 --threads 1 --parallel 16 --max-tokens 256 --raw /tmp/model_math_styles_raw_r5.jsonl --until 00:25
    python scripts/build_model_math_styles.py generate --round 6 --model /tmp/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf \
        --items 40 --threads 1 --parallel 16 --max-tokens 256 --raw /tmp/model_math_styles_raw_r6.jsonl --until 17:45
    python scripts/build_model_math_styles.py draw-r6 --train /tmp/gsm8k_train.jsonl   # wrote the round-6 questions
    python scripts/build_model_math_styles.py finalize   # rebuilds the corpus from the committed replies

`generate` asks a local GGUF model (through the project's llama.cpp backend) to REWRITE a worked GSM8K
solution into one of `STYLES`, with a final number we choose: the gold (the row is labelled correct)
or a deliberately wrong number (labelled incorrect). Each question gets one style and both numbers.
Questions come from the train and dev rows of the bundled `gsm8k-openai-solutions` set, never test.
Seeded and resumable: replies are appended to a raw JSONL under /tmp; items already there are skipped.

`finalize` drops a reply cut off at the token limit (no final statement: its label by construction is unsafe,
whichever number it was asked for) and keeps a reply only when a plain number scan (`numbers_in` of
scripts/model_math_number_filter.py, no judge of the project) finds the intended number, does not find the other one,
and finds no number after the last intended one that the prompt did not hold (`keep_reason`); it writes the kept rows
with their split (`split_of`) and prints what was dropped. Round 1's held-out half (`frozen_styles`) was measured once
and then fixed on, and round 2 (`--round 2`: new questions, `ROUND2_STYLES`) was measured once as `heldout-r2` and is
now fixed on too: rounds 1 and 2 are `dev`. Round 3 (`--round 3`: new questions, IFEval's output-format instructions
as styles, `model_math_styles_ifeval.py`) was held out as `heldout-r3`, read once and fixed on (the label stays).
Round 4 (`--round 4`: new questions, the other 12 eligible IFEval instructions of the same ranking) was held out as
`heldout-r4`, read once. Round 5 (`--round 5`: new questions, the answer-format instructions of public evaluation
harnesses, `model_math_styles_harness.py`, English ones written by SmolLM2, the others by Qwen2.5-Coder-0.5B:
`generate` makes only the items of the `--model` given) is split by style: `heldout-r5` (read once) and `dev-r5`.
Round 6 (`--round 6`: `ROUND6_STYLES`, everyday output formats: JSON mode, program of thought, a chat reply, a hedged
answer, four languages; all written by Qwen2.5-Coder-0.5B) takes its 40 questions from GSM8K's own train split
(grade_school_math/data/train.jsonl of openai/grade-school-math at 3101c7d, which the bundled set, made from GSM8K's
test split, does not hold: its train and dev questions ran out after round 5), committed in
tests/fixtures/model_math_styles.questions-r6.jsonl (`draw_round6` in scripts/model_math_questions.py); it is split by
question (`split_of_question`): `heldout-r6` (held out, read once) and `dev-r6`. Rounds 3-6 keep their replies in
their own files.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
from collections import Counter
from pathlib import Path

import model_math_styles_harness as harness
from model_math_number_filter import keep_reason, numbers_in, value, written
from model_math_questions import QUESTIONS_R6, ROUND6_QUESTIONS, draw_round6, questions, round6_questions
from model_math_styles_ifeval import ROUND3_STYLES, ROUND4_STYLES, fill
from style_generation import done_items, generate_replies

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "model_math_styles.jsonl"
RAW = Path("/tmp/model_math_styles_raw.jsonl")
REPLIES = ROOT / "tests" / "fixtures" / "model_math_styles.replies.jsonl"  # every reply of rounds 1-2, kept or not
REPLIES_R3 = ROOT / "tests" / "fixtures" / "model_math_styles.replies-r3.jsonl"  # every reply of round 3
REPLIES_R4 = ROOT / "tests" / "fixtures" / "model_math_styles.replies-r4.jsonl"  # every reply of round 4
REPLIES_R5 = ROOT / "tests" / "fixtures" / "model_math_styles.replies-r5.jsonl"  # every reply of round 5
REPLIES_R6 = ROOT / "tests" / "fixtures" / "model_math_styles.replies-r6.jsonl"  # every reply of round 6
REPLY_FIELDS = ("item", "model", "seed", "temperature", "generated_tokens", "finish_reason", "reply")
SEED = 37
N_QUESTIONS = 240  # the questions drawn; generation may stop before the last (resumable)
SPLIT_SEED = "judgesuite-issue37-model-style-split"

# style -> instruction; {n} is the final number as the style writes it, {alt} a third, rejected number.
STYLES = {
    "json": 'as a JSON object with two keys, "reasoning" (one short string) and "answer" (the final number {n}). '
            "Output only the JSON.",
    "code-output": "as a short Python program in a ```python code block that computes and prints the answer, "
                   'followed by a line "Output: {n}".',
    "chatty": "in a friendly, chatty tone, as if talking to a friend, and give the final answer {n} at the end.",
    "hedged": "but sound unsure: say the answer is probably {n}, while admitting that you might be wrong.",
    "french": 'in French, and finish with "La réponse est {n}."',
    "german": 'in German, and finish with "Die Antwort lautet {n}."',
    "chinese": "in Chinese, and finish with \"答案是{n}。\"",
    "final-answer-units": 'and end with a last line "Final answer: {n} <unit>", where <unit> is the unit of the '
                          "answer (dollars, apples, hours, ...).",
    "markdown-table": "as a markdown table with the columns Step and Result, whose last row gives the final "
                      "answer {n}.",
    "bullets": "as a bullet list of short steps, the last bullet giving the answer {n}.",
    "boxed": "step by step, and put the final answer in \\boxed{{}} at the end, like this: \\boxed{{{n}}}.",
    "rejected-alternative": "and say that {alt} is a tempting but wrong answer, then state that the answer is {n}.",
    "one-line": "as one short sentence that gives the answer {n}.",
    "xml-tags": "and put the final answer inside answer tags, like this: <answer>{n}</answer>.",
    "yaml": "as YAML with the keys steps (a list of short strings) and final_answer ({n}). Output only the YAML.",
    "restated-question": "starting by restating the question in your own words, then solving it, "
                         "then giving the answer {n}.",
}
# Round 2 (written after round 1's held-out split was read and fixed on): new questions, new styles,
# all of them held out (`split` = "heldout-r2").
ROUND2_STYLES = {
    "latex-display": "with each calculation as LaTeX display math between $$ and $$, ending with "
                     "$$\\boxed{{{n}}}$$.",
    "currency-sentence": 'and end with one sentence that states the answer with a currency symbol, like '
                         '"So the total comes to ${n}."',
    "numbered-therefore": 'as numbered steps (1., 2., 3., ...) ending with the sentence "Therefore, the answer '
                          'is {n}."',
    "spanish": 'in Spanish, and finish with "Por lo tanto, el resultado es {n}."',
    "json-steps": 'as a JSON object with the keys "steps" (an array of short strings) and "answer" (the number '
                  "{n}). Output only the JSON.",
    "email-reply": "as a short email reply to a colleague who asked this question (greeting, explanation, "
                   "sign-off), stating that the answer is {n}.",
    "table-total": 'as a markdown table with the columns Item and Amount, whose last row is "Total" with the '
                   "amount {n}.",
    "answer-first": 'starting with a first line "Answer: {n}", then a short explanation.',
}
ROUND2_QUESTIONS = 200  # drawn after round 1's N_QUESTIONS in the same shuffled order: no question reused
ROUND3_QUESTIONS = 200  # drawn after round 2's, same order; one of the 12 `ROUND3_STYLES` (IFEval) each
ROUND4_QUESTIONS = 200  # drawn after round 3's, same order; one of the 12 `ROUND4_STYLES` (IFEval) each
ROUND5_QUESTIONS = 208  # drawn after round 4's, same order (211 were left); one of the 13 harness styles each
IFEVAL_STYLES = {3: ROUND3_STYLES, 4: ROUND4_STYLES}
# Round 6 (issue 37 item 1, written before generation): everyday output formats no earlier round asked for in
# these words, all written by Qwen2.5-Coder-0.5B (`harness.QWEN`), on 40 questions of GSM8K's train split
# (`QUESTIONS_R6`). The prompt: "Rewrite this solution, giving the final answer N. <instruction>" ({n} is N).
ROUND6_STYLES = {
    "json-mode": "Reply only with a JSON object.",
    "program-of-thought": "Write a short Python program that computes the answer, then show the output it prints.",
    "chat-assistant": "Reply as a friendly chat assistant talking to the user.",
    "hedged-check": 'Give the final answer {n} with a stated doubt, such as "I\'m fairly sure, but please '
                    'double-check."',
    "in-russian": "Write the whole reply in Russian. Keep the number {n} as given.",
    "in-japanese": "Write the whole reply in Japanese. Keep the number {n} as given.",
    "in-arabic": "Write the whole reply in Arabic. Keep the number {n} as given.",
    "in-hindi": "Write the whole reply in Hindi. Keep the number {n} as given.",
}
ROUND6_SPLIT_SEED = "judgesuite-issue37-round6-split"
# How each style writes the number in the prompt (the model may write it otherwise; the scan reads both).
LOCALE = {"french": "fr", "german": "de", "spanish": "de"}


def frozen_styles(styles=tuple(STYLES)) -> set[str]:
    """The split rule, fixed before any measurement: styles ordered by the SHA-256 of `SPLIT_SEED:style`,
    the first half (rounded down) held out (`frozen`), the rest `dev`. Round 1's rule, read once (history)."""
    ranked = sorted(styles, key=lambda s: hashlib.sha256(f"{SPLIT_SEED}:{s}".encode()).hexdigest())
    return set(ranked[: len(ranked) // 2])


def split_of_question(question_id: str) -> str:
    """Round 6's split rule, fixed before generation: the round's 40 question ids ordered by the SHA-256 of
    `ROUND6_SPLIT_SEED:<id>`, the first half held out (`heldout-r6`), the rest `dev-r6`."""
    ids = sorted((q["question_id"] for q in round6_questions()),
                 key=lambda i: hashlib.sha256(f"{ROUND6_SPLIT_SEED}:{i}".encode()).hexdigest())
    return "heldout-r6" if question_id in ids[: len(ids) // 2] else "dev-r6"


def split_of(round_: int, style: str = "", question_id: str = "") -> str:
    """The split rule: rounds 1 and 2 are `dev`; rounds 3 and 4 keep their labels `heldout-r3`, `heldout-r4`
    (each read once, since development data); round 5 is split by style, `heldout-r5` (read once) or
    `dev-r5` (`model_math_styles_harness.split_of_style`, fixed before generation); round 6 by question,
    `heldout-r6` (held out, unread) or `dev-r6` (`split_of_question`)."""
    if round_ == 5:
        return harness.split_of_style(style)
    if round_ == 6:
        return split_of_question(question_id)
    return "dev" if round_ in (1, 2) else f"heldout-r{round_}"


# --- items ----------------------------------------------------------------------------------------

def wrong_number(gold: float, rng: random.Random) -> float:
    """A deliberately wrong final answer: an off-by-one, a slip of ten, a doubling or halving."""
    options = [gold + 1, gold - 1, gold * 10, gold * 2, gold + 10, gold / 2 if gold % 2 == 0 else gold + 2]
    options = [o for o in options if o != gold and o >= 0]
    return rng.choice(options)


def worked(solution: str, gold: float, final: float) -> str:
    """The reference solution without calculator marks, every gold number replaced by `final`."""
    text = re.sub(r"<<[^>]*>>", "", solution)
    text = re.sub(r"\nA: .*$", "", text.strip())
    def swap(m):
        return written(final) if abs(value(m.group()) - gold) < 1e-9 else m.group()
    text = re.sub(r"(?<![\d.])\d[\d,]*(?:\.\d+)?", swap, text)
    return f"{text}\nThe final answer is {written(final)}."


def items(n_questions: int, seed: int = SEED, round_: int = 1) -> list[dict]:
    """The build items of a round: round 1 the first `n_questions` of the shuffled questions in `STYLES`,
    round 2 the next ones (after round 1's `N_QUESTIONS`) in `ROUND2_STYLES`, round 3 the ones after round 2's
    in `ROUND3_STYLES` (an IFEval instruction, its parameters drawn per question: `instruction`), round 4 the
    ones after round 3's in `ROUND4_STYLES` (likewise), round 5 the ones after round 4's in the harness styles,
    round 6 the committed GSM8K train questions (`round6_questions`), each in every one of `ROUND6_STYLES`
    with one label (right where question index + style index is even: 4 of 8 per question, half per style)."""
    rng = random.Random(seed)
    qs = [q for q in questions() if value(q["gold"]) == int(value(q["gold"])) and value(q["gold"]) >= 0]
    rng.shuffle(qs)
    styles = list(STYLES)
    if round_ == 2:
        qs, styles, rng = qs[N_QUESTIONS:], list(ROUND2_STYLES), random.Random(seed + 2)
    if round_ in IFEVAL_STYLES:
        start = N_QUESTIONS + ROUND2_QUESTIONS + (ROUND3_QUESTIONS if round_ == 4 else 0)
        qs, styles, rng = qs[start:], list(IFEVAL_STYLES[round_]), random.Random(seed + round_)
    if round_ == 5:
        start = N_QUESTIONS + ROUND2_QUESTIONS + ROUND3_QUESTIONS + ROUND4_QUESTIONS
        qs, styles, rng = qs[start:], list(harness.STYLES), random.Random(seed + 5)
    if round_ == 6:
        qs, styles, rng = round6_questions(), list(ROUND6_STYLES), random.Random(seed + 6)
    out = []
    if round_ == 6:  # every question in every style, one label each: right when (question + style index) is even
        for k, q in enumerate(qs[:n_questions]):
            gold = value(q["gold"])
            wrong = wrong_number(gold, rng)
            alt = next(a for a in (gold + 3, gold * 3, gold + 7, gold + 20) if a not in (gold, wrong))
            for j, style in enumerate(styles):
                label = (k + j) % 2 == 0
                final, other = (gold, wrong) if label else (wrong, gold)
                out.append({"item": f"{q['question_id']}-{style}-{'right' if label else 'wrong'}",
                            "question_id": q["question_id"], "question": q["question"], "gold": q["gold"],
                            "style": style, "label": label, "final": final, "other": other, "alt": alt,
                            "worked": worked(q["solution"], gold, final), "data_split": q["split"], "round": 6})
        return out
    for k, q in enumerate(qs[:n_questions]):
        style = styles[k % len(styles)]
        gold = value(q["gold"])
        wrong = wrong_number(gold, rng)
        alt = next(a for a in (gold + 3, gold * 3, gold + 7, gold + 20) if a not in (gold, wrong))
        if style == "rejected-alternative":  # the rejected number is neither of the two
            alt = next(a for a in (wrong + 3, wrong * 3, gold + 7, gold + 20) if a not in (gold, wrong))
        extra = {}
        if round_ in IFEVAL_STYLES:
            text, _ = fill(IFEVAL_STYLES[round_][style], random.Random(f"{SPLIT_SEED}-r{round_}:{q['question_id']}"),
                           {gold, wrong})
            extra = {"instruction": text}
        for label, final, other in ((True, gold, wrong), (False, wrong, gold)):
            out.append({**extra, "item": f"{q['question_id']}-{style}-{'right' if label else 'wrong'}",
                        "question_id": q["question_id"], "question": q["question"], "gold": q["gold"],
                        "style": style, "label": label, "final": final, "other": other, "alt": alt,
                        "worked": worked(q["solution"], gold, final), "data_split": q["split"],
                        "round": round_})
    return out


def prompt_of(item: dict) -> str:
    if item["round"] == 5:
        n = written(item["final"], harness.LOCALE.get(harness.LANGUAGE[item["style"]], "en"))
        return (f"Question: {item['question']}\n\nWorked solution:\n{item['worked']}\n\n"
                f"Rewrite this solution, giving the final answer {n}. {harness.instruction(item['style'], n)}")
    n = written(item["final"], LOCALE.get(item["style"], "en"))
    if item["round"] == 6:
        return (f"Question: {item['question']}\n\nWorked solution:\n{item['worked']}\n\n"
                f"Rewrite this solution, giving the final answer {n}. {ROUND6_STYLES[item['style']].format(n=n)}")
    if item["round"] in IFEVAL_STYLES:
        return (f"Question: {item['question']}\n\nWorked solution:\n{item['worked']}\n\n"
                f"Rewrite this solution, giving the final answer {n}. {item['instruction']}")
    instruction = {**STYLES, **ROUND2_STYLES}[item["style"]].format(n=n, alt=written(item["alt"]))
    return (f"Question: {item['question']}\n\nWorked solution:\n{item['worked']}\n\n"
            f"Rewrite this solution {instruction}")


# --- generation -----------------------------------------------------------------------------------

def generate(model: str, n_questions: int, raw: Path, threads: int, parallel: int, max_tokens: int,
             temperature: float, limit: int | None, round_: int = 1, until: str | None = None) -> None:
    model_name = Path(model).name if model.endswith(".gguf") else model
    if round_ == 6 and model_name != harness.QWEN:
        raise SystemExit(f"round 6 is written by {harness.QWEN}")
    done = done_items(raw)
    todo = [it for it in items(n_questions, round_=round_) if (it["item"], model_name) not in done
            and (round_ != 5 or harness.WRITERS[it["style"]] == model_name)][:limit]  # round 5: its writer's styles
    print(f"{len(todo)} items to generate with {model_name}")
    record = lambda it: {**it, "model": model_name, "seed": SEED, "temperature": temperature}  # noqa: E731
    generate_replies(model, todo, prompt_of, record, raw, threads=threads, parallel=parallel, n_ctx=2048,
                     max_tokens=max_tokens, temperature=temperature, seed=SEED, until=until)


def finalize(raws: list[Path], out: Path, replies_out: Path | None = None) -> None:
    """Filter the replies of `raws` (the /tmp files of `generate`, or the committed replies files) into `out`;
    `replies_out`: also write every reply, kept or dropped, without its prompt (rebuilt from `items`): rounds
    1-2 there, rounds 3-6 beside it (`<name>-r3.jsonl` ... `<name>-r6.jsonl`)."""
    rows, reasons = [], Counter()
    per_style = Counter()
    by_item = {it["item"]: it for it in items(N_QUESTIONS) + items(ROUND2_QUESTIONS, round_=2)
               + items(ROUND3_QUESTIONS, round_=3) + items(ROUND4_QUESTIONS, round_=4)
               + items(ROUND5_QUESTIONS, round_=5) + items(ROUND6_QUESTIONS, round_=6)}
    replies = [json.loads(line) for path in raws for line in path.read_text(encoding="utf-8").splitlines()
               if line.strip()]
    order = lambda r: (by_item[r["item"]]["round"], r["model"], r["item"])  # noqa: E731  round 1's ids stay
    for r in sorted(({**by_item[r["item"]], **r} for r in replies), key=order):
        known = {v for vals in numbers_in(prompt_of(r), strict=False) for v in vals}
        reason = ("cut off at the token limit" if r["finish_reason"] == "length"
                  else keep_reason(r["reply"], r["final"], r["other"], known))
        reasons[(r["model"], r["round"], reason)] += 1
        per_style[(r["style"], reason == "kept")] += 1
        if r["round"] == 6:
            per_style[(r["style"], split_of(6, r["style"], r["question_id"]), reason == "kept")] += 1
        if reason != "kept":
            continue
        rows.append({"candidate": r["reply"].strip(), "family": f"model-{r['style']}",
                     "id": f"model-{r['style']}-{len(rows):04d}", "intended": written(r["final"]),
                     "item": r["item"], "label": r["label"], "model": r["model"],
                     "origin": (f"{r['model']} rewrite of bundled gsm8k-openai-solutions {r['question_id']} "
                                f"({r['data_split']}) with final answer {written(r['final'])}" if r["round"] < 6 else
                                f"{r['model']} rewrite of GSM8K train.jsonl (openai/grade-school-math 3101c7d) "
                                f"line {r['question_id'].rsplit('-', 1)[1]} with final answer {written(r['final'])}"),
                     "prompt_style": r["style"], "references": [r["gold"]], "seed": r["seed"],
                     "source": "gsm8k-openai-solutions", "round": r["round"],
                     "split": split_of(r["round"], r["style"], r["question_id"]),
                     **({"instruction": r["instruction"]} if r["round"] in IFEVAL_STYLES else {}),
                     **({"instruction": harness.instruction(r["style"], written(
                         r["final"], harness.LOCALE.get(harness.LANGUAGE[r["style"]], "en")))}
                        if r["round"] == 5 else {}),
                     **({"instruction": ROUND6_STYLES[r["style"]].format(n=written(r["final"]))}
                        if r["round"] == 6 else {})})
    out.write_text("".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in rows), encoding="utf-8")
    if replies_out is not None:
        beside = {k: replies_out.with_name(replies_out.name.replace(".jsonl", f"-r{k}.jsonl")) for k in (3, 4, 5, 6)}
        for path, rounds in ((replies_out, (1, 2)), *((beside[k], (k,)) for k in (3, 4, 5, 6))):
            group = [r for r in sorted(replies, key=order) if by_item[r["item"]]["round"] in rounds]
            if group:  # a round whose replies were not given keeps its file
                path.write_text("".join(json.dumps({k: r[k] for k in REPLY_FIELDS}, ensure_ascii=False,
                                                   sort_keys=True) + "\n" for r in group), encoding="utf-8")
    for (model, round_, reason), n in sorted(reasons.items()):
        print(f"{model:40s} round {round_} {reason:36s} {n:5d}")
    for style in {**STYLES, **ROUND2_STYLES, **ROUND3_STYLES, **ROUND4_STYLES, **harness.STYLES}:
        kept = [r for r in rows if r["prompt_style"] == style]
        generated = per_style[(style, True)] + per_style[(style, False)]
        round_ = (1 if style in STYLES else 2 if style in ROUND2_STYLES else 3 if style in ROUND3_STYLES
                  else 4 if style in ROUND4_STYLES else 5)
        print(f"{style:32s} {split_of(round_, style):10s} generated={generated:4d} "
              f"kept={len(kept):4d} correct={sum(r['label'] for r in kept):4d}")
    for style in ROUND6_STYLES:  # round 6 is split by question: one line per style and split
        for split in ("dev-r6", "heldout-r6"):
            kept = [r for r in rows if r["prompt_style"] == style and r["split"] == split]
            generated = per_style[(style, split, True)] + per_style[(style, split, False)]
            print(f"{style:32s} {split:10s} generated={generated:4d} "
                  f"kept={len(kept):4d} correct={sum(r['label'] for r in kept):4d}")
    print(f"{len(rows)} rows -> {out}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--model", default="smollm2-135m")
    g.add_argument("--items", type=int, default=N_QUESTIONS, help="questions (each gives a right and a wrong item)")
    g.add_argument("--limit", type=int, default=None, help="generate at most this many items now")
    g.add_argument("--threads", type=int, default=2)
    g.add_argument("--parallel", type=int, default=8, help="requests decoded together (llama.cpp slots)")
    g.add_argument("--max-tokens", type=int, default=320)
    g.add_argument("--temperature", type=float, default=0.6)
    g.add_argument("--raw", type=Path, default=RAW)
    g.add_argument("--round", type=int, default=1, choices=(1, 2, 3, 4, 5, 6),
                   help="2: new questions in ROUND2_STYLES; 3, 4: new questions in ROUND3_STYLES, ROUND4_STYLES "
                        "(IFEval); 5: new questions in the harness styles (only those --model writes); 6: GSM8K train "
                        "questions in ROUND6_STYLES (Qwen only)")
    g.add_argument("--until", default=None, help="HH:MM UTC: start no batch after this time")
    f = sub.add_parser("finalize")
    f.add_argument("--raw", type=Path, nargs="+",
                   default=[p for p in (REPLIES, REPLIES_R3, REPLIES_R4, REPLIES_R5, REPLIES_R6) if p.exists()],
                   help=f"replies (default the committed ones; {RAW} after generate)")
    f.add_argument("--out", type=Path, default=OUT)
    f.add_argument("--replies-out", type=Path, default=None, help=f"write the replies file too (e.g. {REPLIES})")
    d = sub.add_parser("draw-r6", help="write the round-6 questions (once, before generation)")
    d.add_argument("--train", type=Path, required=True, help="GSM8K train.jsonl (openai/grade-school-math 3101c7d)")
    args = ap.parse_args(argv)
    if args.cmd == "draw-r6":
        rows = draw_round6(args.train)
        QUESTIONS_R6.write_text("".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in rows),
                                encoding="utf-8")
        print(f"{len(rows)} questions -> {QUESTIONS_R6}")
    elif args.cmd == "generate":
        generate(args.model, args.items, args.raw, args.threads, args.parallel, args.max_tokens, args.temperature,
                 args.limit, args.round, args.until)
    else:
        finalize(args.raw, args.out, args.replies_out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
