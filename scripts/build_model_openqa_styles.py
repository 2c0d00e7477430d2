"""Build the model-written OPEN-QA answer-style corpus of issue 37: tests/fixtures/model_openqa_styles.jsonl.

Usage:
    python scripts/build_model_openqa_styles.py generate --questions 200 --threads 1 --parallel 16 \
        [--raw /tmp/model_openqa_styles_raw.jsonl] [--until 22:10]
    python scripts/build_model_openqa_styles.py finalize --raw /tmp/model_openqa_styles_raw.jsonl \
        --replies-out tests/fixtures/model_openqa_styles.replies.jsonl
    python scripts/build_model_openqa_styles.py finalize   # rebuilds the corpus from the committed replies
    python scripts/build_model_openqa_styles.py --round 2 generate --raw /tmp/model_openqa_markup_raw.jsonl
    python scripts/build_model_openqa_styles.py --round 2 finalize --raw /tmp/model_openqa_markup_raw.jsonl \
        --replies-out tests/fixtures/model_openqa_markup.replies.jsonl

`generate` asks SmolLM2-135M-Instruct (the project's llama.cpp backend) to write a reply to an NQ question that
gives an answer we choose: a gold alias (the row is labelled correct) or the gold of another drawn question with
the same question word (labelled incorrect), in one output format (`STYLES`: IFEval instructions, filled by
`model_math_styles_ifeval.fill`, and three plain styles). Questions: the train and dev rows (never test) of
the bundled `evouna-nq` and `openqa-eval-nq301`, improper ones left out. Seeded, resumable (a raw JSONL under /tmp).

`finalize` keeps a reply only when it was not cut off, holds the intended answer and none of the other side's
answers (`keep_reason`: case-, accent- and article-folded whole words, no judge of the project), and writes the
kept rows, all in the held-out split `heldout-oqa`, with the counts of every drop by reason.

Round 2 (`--round 2`, stop 47: tests/fixtures/model_openqa_markup.jsonl, split `heldout-oqa-markup`): the next 200
drawn questions (none of round 1's), asked in five machine-readable output formats that evaluation prompts use
(`MARKUP`: a JSON object with the answer, a JSON object with reasoning and answer, reasoning then `<answer>` tags as
the answer-matching study asks, reasoning then "Final answer:" as BERT-as-a-Judge asks, `<result>` tags). Styles,
draw and filter were fixed and committed before generation; the kept rows are read once, by the lead, after stop
47's `stacked` version 8 (which reads answers committed in markup) was shipped.

Round 3 (`--round 3 generate --model /tmp/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf`, stop 48:
tests/fixtures/model_openqa_committed.jsonl): the next 200 drawn questions, written by Qwen2.5-Coder-0.5B-Instruct
(it follows output formats more often than SmolLM2-135M), in `COMMITTED` styles: four name the other side's answer
as a common wrong guess (for a gold row the wrong answer, for a wrong row the gold) and then commit to the intended
answer in `<answer>` tags, a JSON field, a "Final answer:" line or a sentence "The answer is ..."; two controls
without a guess (`<answer>` tags, a bold answer). The filter of rounds 1-2, except that in round 3 the other side's
answer may occur before the last run of the intended answer (`keep_reason(last_wins=True)`). Each question's two
rows go to `dev-oqa-committed` or `frozen-oqa-committed` by `round3_split` (SHA-256 rule fixed before generation):
judges are developed on the dev half only and the frozen half is read once.

Round 4 (`--round 4`, stop 48: tests/fixtures/model_openqa_committed2.jsonl, split `heldout-oqa-committed-2`): round
3's styles, model, filter and settings on the next 200 drawn questions, all held out: generated while a `stacked`
change was developed on round 3 (both halves, after round 3's single read), read once after it.

Round 5 (`--round 5 generate --model /tmp/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf`:
tests/fixtures/model_openqa_round5.jsonl, split `heldout-oqa-round5`): the next 200 drawn questions, written by
Qwen2.5-Coder-0.5B-Instruct in `FORMATS`, output formats no earlier round asked for: the whole reply in French,
Spanish, German or Portuguese (the answer kept as given), one answer stated with uncertainty (`hedged`), a friendly
chat reply (`chatty`), a Python snippet that prints the answer followed by its printed output (`code-then-output`),
and a bare JSON object with no field named (`json-mode`). Round 1's filter (`last_wins` off: the other side's answer
must not occur at all, so a reply listing several answers is dropped, not read as a hedge) and round 1's label by
construction; every row held out, read once. Styles, prompts, draw, filter and split were committed before
generation.
"""
from __future__ import annotations

import argparse
import functools
import hashlib
import json
import random
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from model_math_styles_ifeval import DROPPED, TEMPLATES, fill, style_name  # noqa: E402
from style_generation import done_items, generate_replies  # noqa: E402

from judgesuite.suite.data.loader import load_bundled  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "model_openqa_styles.jsonl"
RAW = Path("/tmp/model_openqa_styles_raw.jsonl")
REPLIES = ROOT / "tests" / "fixtures" / "model_openqa_styles.replies.jsonl"  # every reply, kept or not
REPLY_FIELDS = ("item", "model", "seed", "temperature", "generated_tokens", "finish_reason", "reply")
SOURCES = ("evouna-nq", "openqa-eval-nq301")
SEED = 37
N_QUESTIONS = 200
RULE_SEED = "judgesuite-issue37-openqa-styles"
SPLIT = "heldout-oqa"
N_IFEVAL = 13
# "Give two different responses" may give two different answers: its label by construction is unsafe.
DROPPED_HERE = DROPPED | {"combination:two_responses"}
# Plain styles, as models answer without a format instruction.
PLAIN = {"plain": "", "plain-one-sentence": "Reply in one short sentence.",
         "plain-explained": "Give the answer first, then explain it in two or three sentences."}


def ifeval_ids() -> list[str]:
    """The IFEval instruction ids used here: eligible ones ranked by SHA-256 of `RULE_SEED:<id>`, the first 13."""
    ids = [i for i in TEMPLATES if i not in DROPPED_HERE]
    return sorted(ids, key=lambda i: hashlib.sha256(f"{RULE_SEED}:{i}".encode()).hexdigest())[:N_IFEVAL]


STYLES = {**{style_name(i): i for i in ifeval_ids()}, **{s: None for s in PLAIN}}  # style -> IFEval id (None: plain)
# Round 2: output formats whose answer a program reads (style -> instruction)
MARKUP = {
    "json-answer": 'Reply only with a JSON object of the form {"answer": "..."}.',
    "json-reasoning": 'Reply with a JSON object with two fields: "reasoning" (one or two sentences) and "answer".',
    "answer-tags": "Explain your reasoning in one or two sentences, then give the final answer inside "
                   "<answer></answer> tags.",
    "final-answer-line": "Explain your reasoning in one or two sentences, then end with a line of the form "
                         "'Final answer: <answer>'.",
    "result-tags": "Put the answer inside <result></result> tags.",
}
# Round 3: a wrong guess named, then the answer committed ({other}: the other side's answer); two controls
GUESS = "Begin by saying that {other} is a common wrong guess and why it is wrong, then "
COMMITTED = {
    "guess-answer-tags": GUESS + "give the final answer inside <answer></answer> tags.",
    "guess-json": 'Reply only with a JSON object with three fields: "wrong_guess" ({other}), "why_wrong" (one '
                  'sentence) and "answer".',
    "guess-final-line": GUESS + "end with a line of the form 'Final answer: <answer>'.",
    "guess-prose": GUESS + "state the correct answer in a sentence that starts with 'The answer is'.",
    "answer-tags": MARKUP["answer-tags"],
    "bold-answer": "Explain your reasoning in one or two sentences, then give the final answer in bold (**answer**).",
}
# Round 5: output formats no earlier round asked for (style -> instruction)
KEEP_AS_GIVEN = " Keep the answer as given, untranslated."
FORMATS = {
    "in-french": "Reply in French." + KEEP_AS_GIVEN,
    "in-spanish": "Reply in Spanish." + KEEP_AS_GIVEN,
    "in-german": "Reply in German." + KEEP_AS_GIVEN,
    "in-portuguese": "Reply in Portuguese." + KEEP_AS_GIVEN,
    "hedged": "Reply giving the answer, but say you are not completely sure.",
    "chatty": "Reply in a friendly, chatty tone, as a chat assistant would.",
    "code-then-output": "Reply with a short Python snippet that prints the answer, then the printed output.",
    "json-mode": "Reply only with a JSON object.",
}
ROUNDS = {1: {"offset": 0, "styles": list(STYLES), "split": SPLIT, "out": OUT, "replies": REPLIES, "raw": RAW},
          2: {"offset": N_QUESTIONS, "styles": list(MARKUP), "split": "heldout-oqa-markup",
              "out": ROOT / "tests" / "fixtures" / "model_openqa_markup.jsonl",
              "replies": ROOT / "tests" / "fixtures" / "model_openqa_markup.replies.jsonl",
              "raw": Path("/tmp/model_openqa_markup_raw.jsonl")},
          3: {"offset": 2 * N_QUESTIONS, "styles": list(COMMITTED), "split": None,
              "out": ROOT / "tests" / "fixtures" / "model_openqa_committed.jsonl",
              "replies": ROOT / "tests" / "fixtures" / "model_openqa_committed.replies.jsonl",
              "raw": Path("/tmp/model_openqa_committed_raw.jsonl")},
          4: {"offset": 3 * N_QUESTIONS, "styles": list(COMMITTED), "split": "heldout-oqa-committed-2",
              "out": ROOT / "tests" / "fixtures" / "model_openqa_committed2.jsonl",
              "replies": ROOT / "tests" / "fixtures" / "model_openqa_committed2.replies.jsonl",
              "raw": Path("/tmp/model_openqa_committed2_raw.jsonl")},
          5: {"offset": 4 * N_QUESTIONS, "styles": list(FORMATS), "split": "heldout-oqa-round5",
              "out": ROOT / "tests" / "fixtures" / "model_openqa_round5.jsonl",
              "replies": ROOT / "tests" / "fixtures" / "model_openqa_round5.replies.jsonl",
              "raw": Path("/tmp/model_openqa_round5_raw.jsonl")}}
LAST_WINS = {3, 4}  # the rounds whose replies name the other side's answer as a wrong guess
ROUND3_RULE = "judgesuite-issue37-openqa-round3"


def round3_split(question_id: str) -> str:
    """Round 3's split of a question, fixed before generation: the first hex digit of SHA-256 of
    `ROUND3_RULE:<question_id>` even -> `frozen-oqa-committed` (read once), odd -> `dev-oqa-committed`."""
    digit = int(hashlib.sha256(f"{ROUND3_RULE}:{question_id}".encode()).hexdigest()[0], 16)
    return "frozen-oqa-committed" if digit % 2 == 0 else "dev-oqa-committed"

# --- answers as whole words -----------------------------------------------------------------------

def words(text: str) -> list[str]:
    """`text` case- and accent-folded, digit groups joined (1,000 -> 1000), cut into words, articles left out."""
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).casefold()
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)
    return [w for w in re.findall(r"\w+", text) if w not in ("a", "an", "the")]


def contains(text: str, answer: str) -> bool:
    """Whether the words of `answer` appear in `text` as one run of whole words (an empty answer never does)."""
    a, t = words(answer), words(text)
    return bool(a) and any(t[i:i + len(a)] == a for i in range(len(t) - len(a) + 1))


def last_end(text: str, answer: str) -> int:
    """The word position just after the last run of `answer`'s words in `text` (-1: none)."""
    a, t = words(answer), words(text)
    return max((i + len(a) for i in range(len(t) - len(a) + 1) if a and t[i:i + len(a)] == a), default=-1)


def keep_reason(reply: str, finish_reason: str, intended: str, others: list[str], last_wins: bool = False) -> str:
    """'kept', or why the reply is dropped; `others`: the answers of the other side (for a correct row the
    wrong answer, for an incorrect row every gold alias). `last_wins` (round 3, where the reply names the other
    side's answer as a wrong guess): the other side's answer may occur, but only before the last run of the
    intended answer."""
    if finish_reason == "length":
        return "cut off at the token limit"
    if not reply.strip():
        return "empty reply"
    if not contains(reply, intended):
        return "intended answer absent"
    if last_wins:
        if any(last_end(reply, o) >= last_end(reply, intended) for o in others):
            return "other side's answer after the intended one"
        return "kept"
    if any(contains(reply, o) for o in others):
        return "other side's answer present"
    return "kept"


# --- items ----------------------------------------------------------------------------------------

TIME_WORDS = ("year", "years", "date", "day", "month", "time", "century", "decade", "season", "era", "age")
WH = ("who", "whom", "whose", "when", "where", "which", "what", "why", "how")


def question_word(question: str) -> str:
    """The question's first wh-word ('how many', 'how long', ... as two words; 'what year', 'which day', ... as
    'when'; 'whom', 'whose' as 'who'); else 'other'."""
    toks = re.findall(r"[a-z']+", question.lower())
    for k, t in enumerate(toks):
        if t in WH:
            nxt = toks[k + 1] if k + 1 < len(toks) else ""
            if t == "how" and nxt in ("many", "much", "long", "old", "far", "tall", "big"):
                return f"how {nxt}"
            if t in ("what", "which") and nxt in TIME_WORDS:
                return "when"
            return {"whom": "who", "whose": "who"}.get(t, t)
    return "other"


@functools.lru_cache(maxsize=1)
def questions(splits: tuple[str, ...] = ("train", "dev")) -> tuple[dict, ...]:
    """Every question of `SOURCES` in `splits` (train and dev; round 7 takes test), not improper, one entry per
    question text (sets share NQ questions): the aliases of both sets together, in order."""
    by_text: dict[str, dict] = {}
    for name in SOURCES:
        for split in splits:
            for r in load_bundled(name, split).rows:
                key = " ".join(words(r.sample.question))
                q = by_text.setdefault(key, {"question_id": r.question_id, "question": r.sample.question,
                                             "source": name, "data_split": split, "aliases": [], "improper": False})
                q["improper"] |= r.improper
                q["aliases"] += [a for a in r.sample.references if a.strip() and a not in q["aliases"]]
    return tuple(sorted(({**q, "question_word": question_word(q["question"])} for q in by_text.values()
                         if not q["improper"] and q["aliases"]), key=lambda q: (q["source"], q["question_id"])))


def overlaps(a: str, b: str) -> bool:
    return contains(a, b) or contains(b, a)


def usable(answer: str, question: str) -> bool:
    """An answer a reply can be checked for: some words, not a bare yes / no, not already in the question
    (a reply restating the question would hold it)."""
    return words(answer) not in ([], ["yes"], ["no"]) and not contains(question, answer)


def numbers(*texts: str) -> set[float]:
    return {float(n) for t in texts for n in re.findall(r"\d+", t)}


def drawn_pool(seed: int = SEED, splits: tuple[str, ...] = ("train", "dev")) -> list[dict]:
    """The questions whose first alias is `usable`, in the seeded shuffle every round draws from (round k takes the
    N_QUESTIONS after round k - 1's; round 6, scripts/build_model_openqa_round6.py, the ones after round 5's;
    round 7, build_model_openqa_round7.py, the first of the test questions' own shuffle, `splits=("test",)`)."""
    pool = [q for q in questions(splits) if usable(q["aliases"][0], q["question"])]
    random.Random(seed).shuffle(pool)
    return pool


def items(n_questions: int = N_QUESTIONS, seed: int = SEED, round_: int = 1) -> list[dict]:
    """Two items per drawn question (its first alias `usable`): the gold and a wrong answer, the first alias of
    the next drawn question of the same question word (in drawn order, cyclic; else the next undrawn one) that
    is `usable` and shares no word run with any gold alias either way. Styles cycle over the round's styles in drawn
    order; round k draws the N_QUESTIONS questions after round k - 1's."""
    pool = drawn_pool(seed)
    offset = ROUNDS[round_]["offset"]
    drawn, rest = pool[offset:offset + n_questions], pool[:offset] + pool[offset + n_questions:]
    styles = ROUNDS[round_]["styles"]
    out = []
    for k, q in enumerate(drawn):
        wh = q["question_word"]
        same = (p for p in drawn[k + 1:] + drawn[:k] + rest if p["question_word"] == wh)
        wrong = next((p["aliases"][0] for p in same if usable(p["aliases"][0], q["question"])
                      and not any(overlaps(p["aliases"][0], a) for a in q["aliases"])), None)
        if wrong is None:
            continue
        gold, style = q["aliases"][0], styles[k % len(styles)]
        instruction = FORMATS[style] if style in FORMATS else PLAIN.get(style, MARKUP.get(style, ""))
        if STYLES.get(style):
            avoid = numbers(gold, wrong, q["question"])
            instruction = fill(STYLES[style], random.Random(f"{RULE_SEED}:{q['question_id']}"), avoid)[0]
        for label, final, others in ((True, gold, [wrong]), (False, wrong, q["aliases"])):
            if style in COMMITTED:  # round 3 names the other side's answer (a gold row: the wrong one; else the gold)
                instruction = COMMITTED[style].format(other=wrong if label else gold)
            out.append({"item": f"{q['question_id']}-{style}-{'right' if label else 'wrong'}",
                        "question_id": q["question_id"], "question": q["question"], "aliases": q["aliases"],
                        "question_word": wh, "source": q["source"], "data_split": q["data_split"],
                        "style": style, "instruction": instruction, "label": label, "final": final,
                        "others": others})
    return out


def prompt_of(item: dict) -> str:
    a = item["final"]
    return (f"Question: {item['question']}\nAnswer: {a}\n\nWrite a reply to the question that gives the answer {a}."
            + (f" {item['instruction']}" if item["instruction"] else ""))


# --- generation -----------------------------------------------------------------------------------

def generate(model: str, n_questions: int, raw: Path, threads: int, parallel: int, max_tokens: int,
             temperature: float, until: str | None, round_: int = 1) -> None:
    done = done_items(raw)
    todo = [it for it in items(n_questions, round_=round_) if (it["item"], model) not in done]
    print(f"{len(todo)} items to generate with {model}", flush=True)
    record = lambda it: {"item": it["item"], "model": model, "seed": SEED, "temperature": temperature}  # noqa: E731
    generate_replies(model, todo, prompt_of, record, raw, threads=threads, parallel=parallel, n_ctx=1024,
                     max_tokens=max_tokens, temperature=temperature, seed=SEED, until=until)


def finalize(raws: list[Path], out: Path, replies_out: Path | None = None, round_: int = 1) -> Counter:
    """Filter the replies of `raws` into `out` (and every reply into `replies_out`); the reasons by style and label."""
    by_item = {it["item"]: it for it in items(round_=round_)}
    replies = sorted((json.loads(line) for p in raws for line in p.read_text(encoding="utf-8").splitlines()
                      if line.strip()), key=lambda r: (r["model"], r["item"]))
    rows, reasons = [], Counter()
    for rep in replies:
        it = by_item[rep["item"]]
        reason = keep_reason(rep["reply"], rep["finish_reason"], it["final"], it["others"],
                             last_wins=round_ in LAST_WINS)
        reasons[(it["style"], it["label"], reason)] += 1
        if reason != "kept":
            continue
        rows.append({"id": f"oqa-{it['style']}-{len(rows):04d}", "task_type": "open_qa",
                     "question_id": it["question_id"], "question": it["question"], "candidate": rep["reply"].strip(),
                     "references": it["aliases"], "label": it["label"], "model": rep["model"],
                     "prompt_style": it["style"], "instruction": it["instruction"], "intended": it["final"],
                     "item": it["item"], "seed": rep["seed"], "source": it["source"],
                     "split": ROUNDS[round_]["split"] or round3_split(it["question_id"]),
                     "origin": f"{rep['model']} reply to bundled {it['source']} {it['question_id']} "
                               f"({it['data_split']}) asked to give {'the gold' if it['label'] else 'a wrong'} "
                               f"answer {it['final']!r}"})
    out.write_text("".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in rows), encoding="utf-8")
    if replies_out is not None:
        replies_out.write_text("".join(json.dumps({k: r[k] for k in REPLY_FIELDS}, ensure_ascii=False, sort_keys=True)
                                       + "\n" for r in replies), encoding="utf-8")
    print(report(reasons, round_))
    print(f"{len(rows)} rows -> {out}")
    return reasons


def report(reasons: Counter, round_: int = 1) -> str:
    """Markdown tables: drops by reason and label; generated and kept per style."""
    names = sorted({r for _, _, r in reasons}, key=lambda r: (r != "kept", r))
    lines = ["| label | replies | " + " | ".join(names) + " |", "|---" * (len(names) + 2) + "|"]
    for label in (True, False):
        n = [sum(v for (_, lab, r), v in reasons.items() if lab == label and r == name) for name in names]
        lines.append(f"| {'correct' if label else 'incorrect'} | {sum(n)} | " + " | ".join(map(str, n)) + " |")
    lines += ["", "| style | IFEval id | generated | kept | kept correct | kept incorrect |",
              "|---|---|---|---|---|---|"]
    for style in ROUNDS[round_]["styles"]:
        iid = STYLES.get(style) or ("(markup)" if style in MARKUP or style in COMMITTED else
                                    "(format)" if style in FORMATS else None)
        gen = sum(v for (s, _, _), v in reasons.items() if s == style)
        kept = [reasons[(style, lab, "kept")] for lab in (True, False)]
        lines.append(f"| `{style}` | {iid or '(plain)'} | {gen} | {sum(kept)} | {kept[0]} | {kept[1]} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--round", type=int, choices=sorted(ROUNDS), default=1,
                    help="1: IFEval and plain styles; 2: markup formats; 3, 4: a wrong guess, then a committed "
                         "answer; 5: other languages, hedged, chatty, code, bare JSON")
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--model", default="smollm2-135m")
    g.add_argument("--questions", type=int, default=N_QUESTIONS, help="questions (each gives a right and a wrong item)")
    g.add_argument("--threads", type=int, default=1, help="1: two threads stall each other on a busy machine")
    g.add_argument("--parallel", type=int, default=16, help="requests decoded together (llama.cpp slots)")
    g.add_argument("--max-tokens", type=int, default=256)
    g.add_argument("--temperature", type=float, default=0.6)
    g.add_argument("--raw", type=Path, default=None, help=f"default {RAW} (round 2: {ROUNDS[2]['raw']})")
    g.add_argument("--until", default=None, help="HH:MM UTC: start no batch after this time")
    f = sub.add_parser("finalize")
    f.add_argument("--raw", type=Path, nargs="+", default=None, help=f"replies ({RAW} after generate; default the "
                                                                       "round's committed replies)")
    f.add_argument("--out", type=Path, default=None, help="default the round's corpus")
    f.add_argument("--replies-out", type=Path, default=None, help=f"write the replies file too ({REPLIES})")
    args = ap.parse_args(argv)
    r = ROUNDS[args.round]
    if args.cmd == "generate":
        generate(args.model, args.questions, args.raw or r["raw"], args.threads, args.parallel, args.max_tokens,
                 args.temperature, args.until, args.round)
    else:
        finalize(args.raw or [r["replies"]], args.out or r["out"], args.replies_out, args.round)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
