"""The published judges the `recorded` judges replay: where each verdict came from and what it cost.

Costs are the authors' published figures, never guessed: parameter counts where the model's
authors published them, None ("undisclosed") for closed models. FLOPs are estimated (2 x
parameters x tokens, with active parameters for a mixture of experts) from token counts that are
themselves estimated from text length (`estimate_tokens`), and are marked so wherever they show.
No source recorded how long a verdict took: latency is unknown.
"""
from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Source:
    name: str
    model: str
    dataset: str  # the bundled set whose rows the source judged
    task_type: str
    citation: str
    cost_class: str  # "encoder" or "llm"
    parameters: float | None  # total; None = undisclosed by the model's authors
    active_parameters: float | None = None  # per token, for a mixture of experts
    parameters_note: str = ""
    prompt_overhead_tokens: int = 0  # the judge prompt's fixed text, estimated
    per_reference: bool = False  # judged once per gold answer (BEM)

    @property
    def flops_parameters(self) -> float | None:
        """The parameters each token passes through (active ones for a mixture of experts)."""
        return self.active_parameters or self.parameters

    def describe(self) -> str:
        size = "parameters undisclosed" if self.parameters is None else self.parameters_note
        return f"replays {self.model}'s published verdicts on {self.dataset} ({self.citation}; {size})"


NQ301 = ("Kamalloo et al., ACL 2023, github.com/ehsk/OpenQA-eval data/")
MATCHING = "Chandak et al. 2025, github.com/nikhilchandak/answer-matching"

SOURCES: dict[str, Source] = {s.name: s for s in (
    Source("gpt-4-eval", "GPT-4 (OpenAI API, 2023)", "openqa-eval-nq301", "open_qa",
           f"{NQ301}NQ301_gpt-4.tsv", "llm", None, prompt_overhead_tokens=60),
    Source("instructgpt-eval", "InstructGPT text-davinci-003 (OpenAI API)", "openqa-eval-nq301", "open_qa",
           f"{NQ301}NQ301_text-davinci-003.tsv", "llm", None, prompt_overhead_tokens=60),
    Source("bem", "BEM (BERT-base fine-tuned for answer equivalence, Bulian et al. 2022)", "openqa-eval-nq301",
           "open_qa", f"{NQ301}NQ301_BEM.tsv", "encoder", 110e6,
           parameters_note="BERT-base, ~110M parameters (Devlin et al. 2019)", per_reference=True),
    Source("deepseek-v3", "DeepSeek-V3-0324 (deepseek-chat-v3-0324)", "answer-matching-gpqa-mmlupro",
           "multiple_choice_freeform", f"{MATCHING}, score_deepseek-chat-v3-0324", "llm", 671e9, 37e9,
           parameters_note="671B total, 37B active per token (DeepSeek-V3 technical report)",
           prompt_overhead_tokens=300),
    Source("qwen2.5-7b-instruct", "Qwen2.5-7B-Instruct", "answer-matching-gpqa-mmlupro",
           "multiple_choice_freeform", f"{MATCHING}, score_qwen-2.5-7b-instruct (GPQA rows only)", "llm", 7.61e9,
           parameters_note="7.61B parameters (Qwen2.5 technical report)", prompt_overhead_tokens=300),
)}

CHARS_PER_TOKEN = 4  # the usual English estimate; the sources did not record their judges' token counts


def estimate_tokens(*texts: str) -> int:
    """Tokens of some texts, estimated from their length (one token per 4 characters)."""
    return sum(math.ceil(len(t) / CHARS_PER_TOKEN) for t in texts)
