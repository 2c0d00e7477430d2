"""Maintainer script: write datasets/<name>.md cards from facts below, computed statistics and SOURCE.md."""
import argparse
import json
from pathlib import Path

from judgesuite.suite.data.loader import DATASETS_DIR, load_bundled

FACTS = {
    "evouna-nq": {
        "folder": "evouna-nq",
        "source": "EVOUNA, Natural Questions part (Wang et al., NeurIPS 2023 D&B, arXiv 2305.12421), "
                  "github.com/wangcunxiang/QA-Eval, file EVOUNA/NQ.json",
        "commit": "90007d39d4ef0720984f80d56a586c66d6241e70",
        "licence": "Apache-2.0",
        "label": "human: annotators judged each model answer against the gold answers; questions "
                 "flagged improper are excluded from scoring (meta.improper)",
        "use": "Open-domain QA with verbose chat-model answers: the lexical-matching failure case.",
    },
    "openqa-eval-nq301": {
        "folder": "openqa-eval-nq301",
        "source": "NQ301, 'Evaluating Open-Domain QA in the Era of LLMs' (Kamalloo et al., ACL 2023, "
                  "arXiv 2305.06984), github.com/ehsk/OpenQA-eval, data/",
        "commit": "8b9317d0f0c92b52e1c71c0168dff74b5f76a5f4",
        "licence": "MIT",
        "label": "human (2-3 annotators, majority) via the paper's annotated EM; 1 row by lexical EM, "
                 "47 unannotated rows counted incorrect as in the paper's code (label_source says which)",
        "use": "Twelve QA systems on the same 301 questions: a ready-made ranking-distortion case.",
    },
    "answer-matching-gpqa-mmlupro": {
        "folder": "answer-matching-gpqa-mmlupro",
        "source": "Answer Matching (Chandak et al., 2025), github.com/nikhilchandak/answer-matching: "
                  "free-form GPQA-Diamond and MMLU-Pro answers",
        "commit": "2124e441ec52ea56c3e9aa3ae2bf58251176348a",
        "licence": "not stated for the data files (research use; GPQA CC-BY-4.0 with a canary string: "
                   "do not publish its items on the web; MMLU-Pro MIT)",
        "label": "human, two annotators on a 1-5 match scale (>=4 correct, <=2 incorrect); consensus, "
                 "null where they disagree (excluded from scoring)",
        "use": "Hard multiple-choice questions answered free-form with long reasoning.",
    },
    "financebench": {
        "folder": "financebench",
        "source": "FinanceBench (Islam et al., 2023, arXiv 2311.11944), github.com/patronus-ai/financebench, "
                  "results/*.jsonl",
        "commit": "cc39aeb4afdf33909ee1412188bf89035950c2eb",
        "licence": "CC-BY-NC-4.0 (NON-COMMERCIAL, per the HF dataset card; no licence file in the repo)",
        "label": "human review by the paper's authors (Correct / Incorrect / Refusal; refusal = incorrect)",
        "use": "Document QA (context extraction) with long, hedged answers from 16 model configurations.",
    },
    "gsm8k-openai-solutions": {
        "folder": "gsm8k-openai-solutions",
        "source": "GSM8K test + OpenAI example model solutions (Cobbe et al., 2021), "
                  "github.com/openai/grade-school-math",
        "commit": "3101c7d5072418e28b9008a6636bde82a006892c",
        "licence": "MIT",
        "label": "automatic (OpenAI: the final 'A: <n>' number compared with the ground truth), not human",
        "use": "Easy, rigid answer format: a sanity set. Final-number extractors reproduce its labels by "
               "construction, so high scores here say little.",
    },
    "omni-math-gpt4o-examples": {
        "folder": "omni-math-gpt4o-examples",
        "source": "Omni-MATH GPT-4o evaluation examples (Gao et al., 2024, arXiv 2410.07985), "
                  "github.com/KbsdJames/Omni-MATH, GPT_eval/examples",
        "commit": "766ad7b26612f32982ee167c7d01a6bddc80e1b2 and 9cabdbb0e43048165ec0ca657cdfac378f833cc4",
        "licence": "Apache-2.0 (per the HF dataset card; no licence file in the repo)",
        "label": "GPT-4o equivalence judgement (strong-LLM label, not human)",
        "use": "Olympiad math, heavily skewed (12% correct) and small: a stress set, not for ranking.",
    },
}


def main(src: Path) -> None:
    for name, f in FACTS.items():
        ds = load_bundled(name)
        st = ds.stats()
        lines = [f"# {name}", "", f"- **Source**: {f['source']}", f"- **Commit**: {f['commit']}",
                 f"- **Licence**: {f['licence']}", f"- **Label method**: {f['label']}",
                 f"- **Task type**: {', '.join(st['task_types'])}",
                 f"- **Rows**: {st['rows']:,} ({st['questions']:,} questions, {st['models']} evaluated models)",
                 f"- **Labels**: {st['labels']['true']:,} true / {st['labels']['false']:,} false / "
                 f"{st['labels']['null']:,} null",
                 f"- **Excluded from scoring**: {json.dumps(st['excluded'])}",
                 f"- **Splits (rows)**: {json.dumps(st['splits'], sort_keys=True)} "
                 "(by a hash of the normalised question text: 60/20/20 of questions)",
                 "", "## Accuracy of each evaluated model by the labels", "",
                 "| model | label accuracy |", "|---|---|"]
        lines += [f"| {m} | {a:.3f} |" for m, a in st["label_accuracy_by_model"].items()]
        lines += ["", "## Use", "", f["use"], "", "## Provenance notes (from the collection's SOURCE.md)", ""]
        notes = (src / f["folder"] / "SOURCE.md").read_text().strip().splitlines()
        lines += [("#" + l if l.startswith("#") else l) for l in notes]
        (DATASETS_DIR / f"{name}.md").write_text("\n".join(lines) + "\n")
        print("wrote", name)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("src", nargs="?", default="../shared/data", help="the collection's folder (each set's SOURCE.md)")
    main(Path(ap.parse_args().src))
