"""Symbol and cloze prompts, per-benchmark prefixes/suffixes, k-shot demonstrations.

Every format turns a question into one (context, continuation) pair per option; the
scorer returns log P(continuation | context) for each.

- symbol: "<Prefix>: question\\nA. opt\\nB. opt\\n...\\n<Suffix>:" with continuations " A", " B", ...
  (all options share the context; the letter with the highest likelihood is the answer);
- cloze: "<Prefix>: question\\n<Suffix>:" with continuation " option". WinoGrande is scored as
  lm-evaluation-harness does ("partial" scoring): the option fills the blank inside the
  context and the continuation is the rest of the sentence, identical for all options.

The paper's Appendix B templates are not in our copy of the paper; the prefixes follow its
text (Question/Answer, HellaSwag Context/Completion) and lm-evaluation-harness conventions.
Demonstrations are rendered in the same format with their gold answer and separated by a
blank line; they are sampled per question from a pool under a seed (the paper's seeds).
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from judgesuite.suite.data.mcqa import McqaItem

LETTERS = "ABCDEFGHIJ"
PAPER_SEEDS = (308, 713, 777, 1234, 4649)
PAPER_SHOTS = (0, 1, 2, 5, 10)
FORMATS = ("symbol", "cloze")


@dataclass(frozen=True)
class Template:
    prefix: str = "Question"
    suffix: str = "Answer"
    blank_partial: bool = False  # WinoGrande: score the sentence remainder after the filled blank
    subject_header: bool = False  # MMLU: "The following are ... about <subject>."


TEMPLATES = {
    "arc_easy": Template(),
    "arc_challenge": Template(),
    "mmlu": Template(subject_header=True),
    "openbookqa": Template(),
    "commonsenseqa": Template(),
    "hellaswag": Template("Context", "Completion"),
    "piqa": Template("Goal", "Solution"),
    "winogrande": Template("Sentence", "Answer", blank_partial=True),
    "socialiqa": Template(),
}

Pair = tuple[str, str]


def template_for(benchmark: str) -> Template:
    return TEMPLATES.get(benchmark, Template())


def _header(item: McqaItem, fmt: str) -> str:
    if not template_for(item.benchmark).subject_header:
        return ""
    subject = str(item.meta.get("subject", "")).replace("_", " ").strip()
    about = f" about {subject}" if subject else ""
    kind = "multiple choice questions" if fmt == "symbol" else "questions"
    return f"The following are {kind} (with answers){about}.\n\n"


def symbol_pairs(item: McqaItem) -> list[Pair]:
    """One shared context listing lettered options; continuations are the letters."""
    if len(item.choices) > len(LETTERS):
        raise ValueError(f"{item.id}: more than {len(LETTERS)} options")
    tpl = template_for(item.benchmark)
    options = "\n".join(f"{LETTERS[i]}. {c}" for i, c in enumerate(item.choices))
    context = f"{tpl.prefix}: {item.question}\n{options}\n{tpl.suffix}:"
    return [(context, f" {LETTERS[i]}") for i in range(len(item.choices))]


def cloze_pairs(item: McqaItem) -> list[Pair]:
    """Each option as a continuation of the question (or as the filler of its blank)."""
    tpl = template_for(item.benchmark)
    if tpl.blank_partial and "_" in item.question:
        cut = item.question.index("_")
        before, after = item.question[:cut], item.question[cut + 1:].strip()
        return [(f"{tpl.prefix}: {before}{c}", f" {after}") for c in item.choices]
    context = f"{tpl.prefix}: {item.question}\n{tpl.suffix}:"
    return [(context, f" {c}") for c in item.choices]


def format_pairs(item: McqaItem, fmt: str) -> list[Pair]:
    if fmt == "symbol":
        return symbol_pairs(item)
    if fmt == "cloze":
        return cloze_pairs(item)
    raise ValueError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")


def demonstration(item: McqaItem, fmt: str) -> str:
    """The item rendered with its gold answer, as an in-context example."""
    ctx, cont = format_pairs(item, fmt)[item.answer_index]
    return ctx + cont


def sample_demos(item: McqaItem, pool: Sequence[McqaItem], k: int, seed: int) -> list[McqaItem]:
    """k demonstrations for `item` from `pool` (never the item itself), fixed by (seed, item id)."""
    if k <= 0:
        return []
    candidates = [d for d in pool if d.id != item.id]
    if len(candidates) < k:
        raise ValueError(f"demonstration pool has {len(candidates)} items, {k} needed")
    return random.Random(f"{seed}:{item.benchmark}:{item.id}").sample(candidates, k)


def prompt_pairs(item: McqaItem, fmt: str, demos: Sequence[McqaItem] = ()) -> list[Pair]:
    """The (context, continuation) pairs of `item` with header and demonstrations prepended."""
    lead = _header(item, fmt) + "".join(demonstration(d, fmt) + "\n\n" for d in demos)
    return [(lead + ctx, cont) for ctx, cont in format_pairs(item, fmt)]
