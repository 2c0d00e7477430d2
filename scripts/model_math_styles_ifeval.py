"""Rounds 3 and 4 of issue 37's model-written styles: output-format instructions from IFEval, used as data.

The instruction templates below are copied verbatim (as data, not code) from IFEval (Zhou et al. 2023,
Apache-2.0): google-research/google-research `instruction_following_eval/instructions.py` (commit
3f357bde6df14f1eb8b7d27518072b396b7f8a2a; the ids from `instructions_registry.py`, commit 1d49f2c0d550,
`LANGUAGE_CODES` and the first 100 words of `WORD_LIST` from `instructions_util.py`, commit 5b09c22d73a9).
Their parameters are filled as IFEval's `build_description` does when given none (same ranges and option
lists), by a seeded rng per question; a drawn count never equals either final number of the item.
"""
from __future__ import annotations

import hashlib
import random

RULE_SEED = "judgesuite-issue37-round3"
N_STYLES = 12  # how many of the eligible instructions round 3 uses (the first of the ranking); round 4: the rest

# IFEval instruction id -> description template (the `_description_pattern` of its checker class).
TEMPLATES = {
    "keywords:existence": "Include keywords {keywords} in the response.",
    "keywords:frequency": "In your response, the word {keyword} should appear {relation} {frequency} times.",
    "keywords:forbidden_words": "Do not include keywords {forbidden_words} in the response.",
    "keywords:letter_frequency": "In your response, the letter {letter} should appear {let_relation} {let_frequency} "
                                 "times.",
    "language:response_language": "Your ENTIRE response should be in {language} language, no other language is "
                                  "allowed.",
    "length_constraints:number_sentences": "Your response should contain {relation} {num_sentences} sentences.",
    "length_constraints:number_paragraphs": "There should be {num_paragraphs} paragraphs. Paragraphs are separated "
                                            "with the markdown divider: ***",
    "length_constraints:number_words": "Answer with {relation} {num_words} words.",
    "length_constraints:nth_paragraph_first_word": "There should be {num_paragraphs} paragraphs. Paragraphs and only "
        "paragraphs are separated with each other by two new lines as if it was '\\n\\n' in python. Paragraph "
        "{nth_paragraph} must start with word {first_word}.",
    "detectable_content:number_placeholders": "The response must contain at least {num_placeholders} placeholders "
                                              "represented by square brackets, such as [address].",
    "detectable_content:postscript": "At the end of your response, please explicitly add a postscript starting with "
                                     "{postscript}",
    "detectable_format:number_bullet_lists": "Your answer must contain exactly {num_bullets} bullet points. Use the "
                                             "markdown bullet points such as:\n* This is point 1. \n* This is point 2",
    "detectable_format:constrained_response": "Answer with one of the following options: {response_options}",
    "detectable_format:number_highlighted_sections": "Highlight at least {num_highlights} sections in your answer "
                                                     "with markdown, i.e. *highlighted section*.",
    "detectable_format:multiple_sections": "Your response must have {num_sections} sections. Mark the beginning of "
        "each section with {section_spliter} X, such as:\n{section_spliter} 1\n[content of section 1]\n"
        "{section_spliter} 2\n[content of section 2]",
    "detectable_format:json_format": "Entire output should be wrapped in JSON format. You can use markdown ticks such "
                                     "as ```.",
    "detectable_format:title": "Your answer must contain a title, wrapped in double angular brackets, such as "
                               "<<poem of joy>>.",
    "combination:two_responses": "Give two different responses. Responses and only responses should be separated by "
                                 "6 asterisk symbols: ******.",
    "combination:repeat_prompt": "First repeat the request word for word without change, then give your answer (1. "
        "do not say any words or characters before repeating the request; 2. the request you need to repeat does not "
        "include this sentence)",
    "startend:end_checker": "Finish your response with this exact phrase {ender}. No other words should follow this "
                            "phrase.",
    "change_case:capital_word_frequency": "In your response, words with all capital letters should appear {relation} "
                                          "{frequency} times.",
    "change_case:english_capital": "Your entire response should be in English, and in all capital letters.",
    "change_case:english_lowercase": "Your entire response should be in English, and in all lowercase letters. No "
                                     "capital letters are allowed.",
    "punctuation:no_comma": "In your entire response, refrain from the use of any commas.",
    "startend:quotation": "Wrap your entire response with double quotation marks.",
}
# Dropped: the reply it asks for ("My answer is yes." / "no." / "maybe.") cannot state a final number.
DROPPED = {"detectable_format:constrained_response"}

# IFEval's option lists and ranges (instructions.py / instructions_util.py).
COMPARISON_RELATION = ("less than", "at least")
POSTSCRIPT_MARKER = ("P.S.", "P.P.S")
ENDING_OPTIONS = ("Any other questions?", "Is there anything else I can help with?")
SECTION_SPLITER = ("Section", "SECTION")
LANGUAGES = ("English", "Spanish", "Portuguese", "Arabic", "Hindi", "French", "Russian", "German", "Japanese",
             "Italian", "Bengali", "Ukrainian", "Thai", "Urdu", "Tamil", "Telugu", "Bulgarian", "Korean", "Polish",
             "Hebrew", "Persian", "Vietnamese", "Nepali", "Swahili", "Kannada", "Marathi", "Gujarati", "Punjabi",
             "Malayalam", "Finnish")
WORDS = ("western sentence signal dump spot opposite bottom potato administration working welcome morning good agency "
         "primary wish responsibility press problem president steal brush read type beat trainer growth lock bone "
         "case equal comfortable region replacement performance mate walk medicine film thing rock tap total "
         "competition ease south establishment gather parking world plenty breath claim alcohol trade dear highlight "
         "street matter decision mess agreement studio coach assist brain wing style private top brown leg buy "
         "procedure method speed high company valuable pie analyst session pattern district pleasure dinner swimming "
         "joke order plate department motor cell spend cabinet difference power examination engine horse").split()


def ranked() -> list[str]:
    """The eligible instruction ids ordered by SHA-256 of `RULE_SEED:<id>` (fixed before generation)."""
    ids = [i for i in TEMPLATES if i not in DROPPED]
    return sorted(ids, key=lambda i: hashlib.sha256(f"{RULE_SEED}:{i}".encode()).hexdigest())


def style_name(instruction_id: str) -> str:
    return "ifeval-" + instruction_id.split(":")[1].replace("_", "-")


ROUND3_IDS = ranked()[:N_STYLES]
ROUND3_STYLES = {style_name(i): i for i in ROUND3_IDS}  # style -> IFEval id
ROUND4_IDS = ranked()[N_STYLES:]  # the second half of the same ranking, fixed with round 3's rule
ROUND4_STYLES = {style_name(i): i for i in ROUND4_IDS}


def fill(instruction_id: str, rng: random.Random, avoid: set[float]) -> tuple[str, dict]:
    """The template of `instruction_id` with its parameters drawn as IFEval draws them; no count in `avoid`."""
    def count(lo: int, hi: int) -> int:
        choices = [v for v in range(lo, hi + 1) if v not in avoid] or list(range(lo, hi + 1))
        return rng.choice(choices)

    def words(k: int) -> list[str]:
        return sorted(rng.sample(WORDS, k))

    args: dict = {}
    template = TEMPLATES[instruction_id]
    name = instruction_id.split(":")[1]
    if "{relation}" in template:
        args["relation"] = rng.choice(COMPARISON_RELATION)
    if name == "existence":
        args["keywords"] = words(2)
    elif name == "frequency":
        args.update(keyword=words(1)[0], frequency=count(1, 3))
    elif name == "forbidden_words":
        args["forbidden_words"] = words(2)
    elif name == "letter_frequency":
        args.update(letter=rng.choice("abcdefghijklmnopqrstuvwxyz"), let_relation=rng.choice(COMPARISON_RELATION),
                    let_frequency=count(1, 10))
    elif name == "response_language":
        args["language"] = rng.choice(LANGUAGES)
    elif name == "number_sentences":
        args["num_sentences"] = count(1, 20)
    elif name == "number_paragraphs":
        args["num_paragraphs"] = count(1, 5)
    elif name == "number_words":
        args["num_words"] = count(100, 500)
    elif name == "nth_paragraph_first_word":
        args["num_paragraphs"] = count(1, 5)
        args.update(nth_paragraph=count(1, args["num_paragraphs"] + 1), first_word=words(1)[0])
    elif name == "number_placeholders":
        args["num_placeholders"] = count(1, 4)
    elif name == "postscript":
        args["postscript"] = rng.choice(POSTSCRIPT_MARKER)
    elif name == "number_bullet_lists":
        args["num_bullets"] = count(1, 5)
    elif name == "number_highlighted_sections":
        args["num_highlights"] = count(1, 4)
    elif name == "multiple_sections":
        args.update(num_sections=count(1, 5), section_spliter=rng.choice(SECTION_SPLITER))
    elif name == "end_checker":
        args["ender"] = rng.choice(ENDING_OPTIONS)
    elif name == "capital_word_frequency":
        args["frequency"] = count(1, 20)
    return template.format(**args), args
