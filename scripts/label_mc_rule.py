"""Rule labels for the generated rows (a stand-in for an LLM labeler on this loaded 2-core CPU).

- multiple choice: the option the reply chooses = the letter of its last "Final answer: X", else a
  leading "X)" / "X." / "(X)" / "Answer: X" (unless the reply lists the options again), else "answer is (X)", else the one option whose text the
  reply quotes verbatim; label = chosen == gold, no chosen option = False.
  label_source "rule:chosen-option-letter".
- math rows come labelled by `judgesuite label --labeler math-verify` (whole reply vs gold);
  a no-verdict there (no number found) becomes False, label_source noted.
Usage: python scripts/label_mc_rule.py math_labelled.jsonl generated.jsonl... > labelled.jsonl
"""
import argparse
import json
import re
import sys

from judgesuite.judges.extract.final_answer import _LETTER, extract_final_answer, gold_letter
from judgesuite.judges.types import Sample

LEAD = re.compile(r"^\s*\**\(?([A-Z])(?:\)|\.|:|\**\s*$)|^\s*\**answer\s*(?:is)?\s*:?\s*\**\(?([A-Z])(?=[\s).:*,]|$)", re.I)
IS = re.compile(r"answer is:?\s*\(?\**([A-Z])\b(?:\)|\.|\*|,|\s|$)")


def chosen(text, choices):
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:len(choices)]
    fa = extract_final_answer(text)
    if fa is not None:
        m = _LETTER.match(fa)
        if m and m.group(1) in letters:
            return m.group(1), "final answer"
    listed = set(re.findall(r"(?m)^\s*\(?([A-Z])\)", text))  # the options repeated as a list: no choice
    m = LEAD.match(text) if len(listed) < 2 else None
    letter = m and (m.group(1) or m.group(2))
    if letter and letter in letters:
        return letter, "leading letter"
    found = [x for x in IS.findall(text) if x in letters]
    if found:
        return found[-1], "answer is"
    quoted = [letters[i] for i, c in enumerate(choices) if c.strip() and c.strip().lower() in text.lower()]
    if len(quoted) == 1:
        return quoted[0], "quoted option"
    return None, "none"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("math_file", help="math rows labelled by `judgesuite label --labeler math-verify`")
    ap.add_argument("gen_files", nargs="+", help="generated JSONL files")
    args = ap.parse_args()
    math_file, gen_files = args.math_file, args.gen_files
    how = {}
    for line in open(math_file, encoding="utf-8"):
        r = json.loads(line)
        if r["label"] is None:
            r["label"] = False
            r["label_source"] = r["label_source"] + " (no-verdict: no answer found, set false)"
        print(json.dumps(r, ensure_ascii=False))
    for f in gen_files:
        for line in open(f, encoding="utf-8"):
            r = json.loads(line)
            if r["task_type"] != "multiple_choice":
                continue
            s = Sample(r["id"], r["task_type"], r["question"], r["candidate"], r["references"], choices=r["choices"])
            letter, rule = chosen(r["candidate"], r["choices"])
            r["label"] = letter is not None and letter == gold_letter(s)
            r["label_source"] = "rule:chosen-option-letter"
            r.setdefault("meta", {})["label_rule"] = {"chosen": letter, "by": rule}
            how[rule] = how.get(rule, 0) + 1
            print(json.dumps(r, ensure_ascii=False))
    print(json.dumps(how), file=sys.stderr)


if __name__ == "__main__":
    main()
