"""Round 5 of issue 37's model-written styles: the answer-format instructions of public evaluation harnesses,
used as data (English and six other languages).

Each instruction is copied verbatim from the source named in `SOURCES` (text only, no code): the part of the
harness prompt that tells a model how to give its final answer, without the slot where the harness puts the
question. Where a harness states the format only through its few-shot answers (Minerva), its answer line is
verbatim and the words that ask for it are ours (`OURS`). The rewrite prompt of the builder supplies our chosen
number ("Rewrite this solution, giving the final answer N. <instruction>"); an instruction with `{n}` also
names it. `LANGUAGE` gives each style's language: English styles are written by SmolLM2, the others by
Qwen2.5-Coder-0.5B (`WRITERS`), which SmolLM2 cannot replace.

The split rule, fixed before any generation: styles ordered by the SHA-256 of `SPLIT_SEED:<style>`, the first
half (rounded down) held out as `heldout-r5`, the rest `dev-r5` (`split_of_style`).
"""
from __future__ import annotations

import hashlib

SPLIT_SEED = "judgesuite-issue37-round5-harness-split"

# style -> (source key, instruction). Backslashes as the harness sends them (a YAML/format "\\boxed{{}}" is \boxed{}).
STYLES = {
    "simple-evals-mgsm-en": ("simple-evals-mgsm", 'Solve this math problem. Give the reasoning steps before giving '
                             'the final answer on the last line by itself in the format of "Answer:". Do not add '
                             'anything other than the integer answer after "Answer:".'),
    "simple-evals-mgsm-fr": ("simple-evals-mgsm", "Résolvez ce problème de mathématiques. Donnez les étapes de "
                             "raisonnement avant de fournir la réponse finale sur la dernière ligne elle-même dans "
                             "le format de \"Réponse:\". N'ajoutez rien d'autre que la réponse entière après "
                             "\"Réponse:\"."),
    "simple-evals-mgsm-de": ("simple-evals-mgsm", "Löse dieses Mathematikproblem. Gib die Schritte zur Begründung "
                             "an, bevor du die endgültige Antwort in der letzten Zeile alleine im Format "
                             "\"Antwort:\" gibst. Füge nichts anderes als die ganzzahlige Antwort nach \"Antwort:\" "
                             "hinzu."),
    "simple-evals-mgsm-es": ("simple-evals-mgsm", "Resuelve este problema matemático. Proporciona los pasos de "
                             "razonamiento antes de dar la respuesta final en la última línea por sí misma en el "
                             "formato de \"Respuesta:\". No añadas nada más que la respuesta entera después de "
                             "\"Respuesta:\"."),
    "simple-evals-mgsm-ru": ("simple-evals-mgsm", "Решите эту математическую задачу. Объясните шаги рассуждения "
                             "перед тем, как дать окончательный ответ в последней строке сам по себе в формате "
                             "\"Ответ:\". "
                             "Не добавляйте ничего, кроме целочисленного ответа после \"Ответ:\"."),
    "simple-evals-mgsm-zh": ("simple-evals-mgsm", "解决这个数学问题。在最后一行给出答案前，请提供推理步骤。最后一行应该以 "
                             "\"答案: \" 的形式独立给出答案。在 \"答案：\" 后不要添加除整数答案之外的任何内容。"),
    # verbatim, including the source's first character (the Japanese text begins "の", not "この")
    "simple-evals-mgsm-ja": ("simple-evals-mgsm", "の数学の問題を解いてください。最終的な答えを出す前に、解答の推論過程を記述して"
                             "ください。そして最後の行には \"答え:\" の形式で答えを記述し、その後には整数の答え以外何も追加しない"
                             "でください。"),
    "simple-evals-math": ("simple-evals-math", "Solve the following math problem step by step. The last line of your "
                          "response should be of the form Answer: $ANSWER (without quotes) where $ANSWER is the answer "
                          "to the problem.\n\nRemember to put your answer on its own line after \"Answer:\", and "
                          "you do not need to use a \\boxed command."),
    "lm-eval-gsm8k-cot-llama": ("lm-eval-gsm8k-cot-llama", "Given the following problem, reason and give a "
                                "final answer to the problem.\nYour response should end with \"The final answer is "
                                "[answer]\" where [answer] is the response to the problem."),
    "lm-eval-minerva-math": ("lm-eval-minerva-math", "End your solution with this line: "
                             "Final Answer: The final answer is ${n}$. I hope it is correct."),
    "deepseek-math-cot-en": ("deepseek-math",
                             "Please reason step by step, and put your final answer within \\boxed{}."),
    "deepseek-math-cot-zh": ("deepseek-math", "请通过逐步推理来解答问题，并把最终答案放置于\\boxed{}中。"),
    "nemo-skills-math": ("nemo-skills-math", "Solve the following math problem. Make sure to put the answer (and "
                         "only answer) inside \\boxed{}.\n\nRemember: You should think carefully, questioning and "
                         "double checking all of your derivations. If something doesn't look promising, try different "
                         "approach. Verify your math, think aloud."),
}
# The words of a style that are ours, not the source's (everything else is verbatim).
OURS = {"lm-eval-minerva-math": "End your solution with this line: "}

LANGUAGE = {s: s.rsplit("-", 1)[1] if s.startswith("simple-evals-mgsm") else "en" for s in STYLES}
LANGUAGE["deepseek-math-cot-zh"] = "zh"
SMOLLM2, QWEN = "smollm2-135m", "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf"
WRITERS = {s: SMOLLM2 if LANGUAGE[s] == "en" else QWEN for s in STYLES}
# How the prompt writes the chosen number in each language (integers: only the thousands mark differs).
LOCALE = {"fr": "fr", "ru": "fr", "de": "de", "es": "de"}

# source key -> (repository@commit, path, licence, what was taken)
SOURCES = {
    "simple-evals-mgsm": ("openai/simple-evals@5e623c2b400af62a1278e23595f95b0853d7fe8a", "mgsm_eval.py", "MIT",
                          "LANG_TO_INSTRUCTIONS (en, fr, de, es, ru, zh, ja), the text before its {input} slot"),
    "simple-evals-math": ("openai/simple-evals@2bf88022ba88804ce67586bdef3f7c480ac6b196", "math_eval.py", "MIT",
                          "QUERY_TEMPLATE, the text around its {Question} slot"),
    "lm-eval-gsm8k-cot-llama": ("EleutherAI/lm-evaluation-harness@afbaf6ba36e5a97c0ae8e5ebae1cb1d70c5ca089",
                                "lm_eval/tasks/gsm8k/gsm8k-cot-llama.yaml", "MIT",
                                "doc_to_text without its Problem line"),
    "lm-eval-minerva-math": ("EleutherAI/lm-evaluation-harness@478562342bc95d21cf894a6975b50e2463eaaa31",
                             "lm_eval/tasks/minerva_math/utils.py", "MIT",
                             "the answer line of its few-shot solutions (list_fewshot_samples)"),
    "deepseek-math": ("deepseek-ai/DeepSeek-Math@21cc5c6701a708a11cee0af8b1fe884e3294dc7a", "evaluation/README.md",
                      "MIT (code; README section 6, LICENSE-CODE)",
                      "the chain-of-thought suffixes for English and Chinese questions"),
    "nemo-skills-math": ("NVIDIA/NeMo-Skills@c98fe7b37a28065d1ada29b0e6a2939124bfe0ea",
                         "nemo_skills/prompt/config/generic/math.yaml", "Apache-2.0",
                         "the user prompt around {examples}{problem}, without its last sentence (it points to "
                         "few-shot examples that are not given)"),
}


def ranked() -> list[str]:
    """The round-5 styles ordered by SHA-256 of `SPLIT_SEED:<style>` (fixed before generation)."""
    return sorted(STYLES, key=lambda s: hashlib.sha256(f"{SPLIT_SEED}:{s}".encode()).hexdigest())


HELDOUT = frozenset(ranked()[: len(STYLES) // 2])


def split_of_style(style: str) -> str:
    """`heldout-r5` for the first half of the ranking, `dev-r5` for the rest."""
    return "heldout-r5" if style in HELDOUT else "dev-r5"


def instruction(style: str, n: str) -> str:
    """The instruction of `style`, naming the number `n` (as written) where the format holds it."""
    return STYLES[style][1].replace("{n}", n)
