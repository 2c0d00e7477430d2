"""`judgesuite generate`, `judgesuite label`, `judgesuite format-stats`: build your own labelled sets."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from judgesuite.suite.cli.common import csv_list, positive_int


def _option(text: str) -> tuple[str, object]:
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"expected key=value, got {text!r}")
    try:
        return key, json.loads(raw)
    except json.JSONDecodeError:
        return key, raw


def _stops(text: str) -> list[str]:
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        value = None
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise argparse.ArgumentTypeError(f'expected a JSON list of non-empty strings, e.g. ["\\nQuestion:"], got {text!r}')
    return value


def register(sub: argparse._SubParsersAction) -> None:
    from judgesuite.judges.llm.backends import BACKENDS, DEFAULT_BACKEND, DEFAULT_MODEL

    p = sub.add_parser(
        "generate", help="generate candidate answers with an LLM (free / soft / strict formats, loglik)",
        description="Zero-shot candidate generation with the BERT-as-a-Judge prompts (Tables 7-8). "
                    "Output: an append-only JSONL in the bundled schema (label null until `judgesuite "
                    "label`); rerunning the same command resumes and generates only what is missing.")
    src = p.add_argument_group("questions (at least one source)")
    src.add_argument("--bundled", type=csv_list, default=[], help="bundled sets whose questions to answer, e.g. "
                     "gsm8k-openai-solutions,openqa-eval-nq301")
    src.add_argument("--split", default="all", choices=["train", "dev", "test", "all"],
                     help="split of the bundled sets (default: all)")
    src.add_argument("--mcqa", type=csv_list, default=[], help="multiple-choice benchmarks, e.g. mmlu,arc_challenge")
    src.add_argument("--mcqa-dir", default=None,
                     help="folder of the benchmarks: <bench>-<split>.jsonl.gz or <bench>/<split>.jsonl "
                          "(default: the bundled datasets/mcqa)")
    src.add_argument("--mcqa-split", default="validation", help="benchmark split (default: validation)")
    src.add_argument("--questions", type=csv_list, default=[], help="your JSONL file(s) of questions")
    src.add_argument("--limit", type=positive_int, default=None, help="at most N questions per source")
    p.add_argument("--backend", default=DEFAULT_BACKEND, choices=sorted(BACKENDS))
    p.add_argument("--model", default=DEFAULT_MODEL, help=f"model alias, path or hub id (default: {DEFAULT_MODEL})")
    p.add_argument("--model-name", default="", help="name of the model in the rows (default: --model)")
    p.add_argument("--backend-option", type=_option, action="append", default=[], metavar="KEY=VALUE",
                   help="backend option, e.g. threads=2, base_url=http://..., batch_size=4 (repeatable)")
    p.add_argument("--formats", type=csv_list, default=["soft"],
                   help="free, soft, strict, loglik (multiple choice only); default: soft")
    p.add_argument("--max-new-tokens", type=positive_int, default=2048)
    p.add_argument("--temperature", type=float, default=0.0, help="0 = greedy (default)")
    p.add_argument("--top-p", type=float, default=1.0)
    p.add_argument("--n-samples", type=positive_int, default=1, help="samples per question (needs --temperature > 0)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--stop", type=_stops, default=[],
                   help='stop strings as a JSON list, e.g. \'["\\nQuestion:"]\' (default: none)')
    p.add_argument("--batch-size", type=positive_int, default=8, help="prompts per backend call (and per write)")
    p.add_argument("--out", required=True, help="output JSONL (appended to; resumes)")
    p.set_defaults(func=cmd_generate)

    p = sub.add_parser(
        "label", help="label candidates with a labeler judge; import human labels and measure agreement",
        description="Label every unlabelled row of a JSONL with a judge (default llm-cot: the paper's "
                    "labelling prompt, greedy) and record label_source. Resumes into the same --out.")
    p.add_argument("data", help="input JSONL (e.g. the output of `judgesuite generate`)")
    p.add_argument("--out", required=True, help="labelled JSONL (appended to; resumes)")
    p.add_argument("--labeler", default="llm-cot",
                   help="judge spec, 'name' or 'name:key=value:...', e.g. "
                        "llm-cot:backend=vllm:model=qwen3-32b (default: llm-cot with the default model)")
    p.add_argument("--relabel", action="store_true", help="also relabel rows that already have a label")
    p.add_argument("--human", default=None, help="CSV of id,label: human labels (agreement is reported)")
    p.add_argument("--prefer-human", action="store_true", help="a human label replaces the labeler's")
    p.add_argument("--batch-size", type=positive_int, default=16)
    p.add_argument("--summary", default=None, help="also write the report (and agreement) as JSON here")
    p.add_argument("--cache", default=None, help="SQLite verdict cache (default: ~/.cache/judgesuite)")
    p.set_defaults(func=cmd_label)

    p = sub.add_parser(
        "format-stats", help="'Final answer:' parse-failure rates per model and format (paper Fig. 2)",
        description="Per model and format: share of candidates without 'Final answer:', and on labelled "
                    "rows the accuracy each final-answer judge (regex by default) loses to parsing vs to matching.")
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--data", type=csv_list, help="JSONL file(s) in the bundled schema")
    g.add_argument("--datasets", type=csv_list, help="bundled sets")
    p.add_argument("--split", default="all", choices=["train", "dev", "test", "all"])
    p.add_argument("--judges", type=csv_list, default=["regex"],
                   help="judges whose loss to parsing is split out (those that extract a final answer; default: regex)")
    p.add_argument("--no-regex", action="store_true", help="parse failures only (run no judge)")
    p.add_argument("--cache", default=None, help="SQLite verdict cache (default: ~/.cache/judgesuite)")
    p.add_argument("--json", default=None, help="also write the stats as JSON here")
    p.set_defaults(func=cmd_format_stats)


def _progress(label: str):
    def show(done: int, total: int) -> None:
        print(f"\r{label}: {done}/{total}", end="" if done < total else "\n", file=sys.stderr, flush=True)
    return show


def collect_questions(args: argparse.Namespace) -> list:
    from judgesuite.suite.generation.sources import from_bundled, from_jsonl, from_mcqa

    split = None if args.split == "all" else args.split
    questions = []
    for name in args.bundled:
        questions += from_bundled(name, split, args.limit)
    for bench in args.mcqa:
        questions += from_mcqa(bench, args.mcqa_split, args.mcqa_dir, args.limit)
    for path in args.questions:
        questions += from_jsonl(path, args.limit)
    seen: dict[str, int] = {}
    for q in questions:
        seen[q.id] = seen.get(q.id, 0) + 1
    dup = [k for k, n in seen.items() if n > 1]
    if dup:
        raise ValueError(f"question ids occur in several sources: {', '.join(dup[:5])}")
    return questions


def cmd_generate(args: argparse.Namespace) -> int:
    from judgesuite.judges.llm.backends import BackendError, make_backend
    from judgesuite.suite.data.loader import DataError
    from judgesuite.suite.generation.generate import GenerationConfig, ResumeConflict, generate

    if not (args.bundled or args.mcqa or args.questions):
        print("judgesuite generate: give at least one of --bundled, --mcqa, --questions", file=sys.stderr)
        return 2
    try:
        questions = collect_questions(args)
        config = GenerationConfig(backend=args.backend, model=args.model, model_name=args.model_name,
                                  formats=tuple(args.formats), temperature=args.temperature, top_p=args.top_p,
                                  max_new_tokens=args.max_new_tokens, n_samples=args.n_samples, seed=args.seed,
                                  batch_size=args.batch_size, stop=tuple(args.stop), backend_options=dict(args.backend_option))
    except (DataError, KeyError, ValueError, FileNotFoundError) as exc:
        print(f"judgesuite generate: {exc}", file=sys.stderr)
        return 2
    loaded = []

    def load():
        loaded.append(make_backend(args.backend, args.model, **dict(args.backend_option)))
        return loaded[0]

    try:
        report = generate(questions, load, config, args.out, progress=_progress("generated"))
    except (ResumeConflict, ValueError, NotImplementedError) as exc:
        print(f"judgesuite generate: {exc}", file=sys.stderr)
        return 2
    except BackendError as exc:  # the model failed (an endpoint down): what was generated is kept; run again to resume
        print(f"judgesuite generate: {exc}; what was generated is in {args.out}: run again to resume", file=sys.stderr)
        return 1
    finally:
        for backend in loaded:
            backend.close()
    print(json.dumps(report.as_dict(), indent=1))
    return 0


def cmd_label(args: argparse.Namespace) -> int:
    from judgesuite.suite.data.loader import DataError
    from judgesuite.suite.evaluation.cache import VerdictCache
    from judgesuite.suite.generation.labeling import label_file, read_human_labels
    from judgesuite.judges.registry import make_judge

    try:
        human = read_human_labels(args.human) if args.human else None
        judge = make_judge(args.labeler)
    except (DataError, KeyError, ValueError, TypeError, ImportError, OSError) as exc:
        print(f"judgesuite label: {exc}", file=sys.stderr)
        return 2
    try:
        report = label_file(args.data, args.out, judge, args.labeler, relabel=args.relabel, human=human,
                            prefer_human=args.prefer_human, batch_size=args.batch_size,
                            progress=_progress("labelled"), cache=VerdictCache(args.cache))
    except (DataError, OSError, ValueError) as exc:
        print(f"judgesuite label: {exc}", file=sys.stderr)
        return 2
    finally:
        judge.close()
    text = json.dumps(report.as_dict(), indent=1)
    print(text)
    missing = (report.agreement or {}).get("human_ids_not_found", 0)
    if missing:  # a CSV of another file's ids gives an agreement over no rows: say so, not only in the JSON
        print(f"warning: {missing} of {len(human or {})} ids of {args.human} are not rows of {args.data}; the agreement "
              f"is over {report.agreement['n']} rows", file=sys.stderr)
    if args.summary:
        Path(args.summary).write_text(text + "\n", encoding="utf-8")
    return 0


def cmd_format_stats(args: argparse.Namespace) -> int:
    from judgesuite.judges.registry import RegistryError
    from judgesuite.suite.analysis.format_stats import format_stats, stats_table
    from judgesuite.suite.data.answer_format import format_groups
    from judgesuite.suite.data.loader import DataError, load_bundled, load_jsonl
    from judgesuite.suite.evaluation.cache import VerdictCache
    from judgesuite.suite.evaluation.runner import run_document

    split = None if args.split == "all" else args.split
    judges = [] if args.no_regex else args.judges
    try:
        sets = ([load_jsonl(p).split(split) for p in args.data] if args.data
                else [load_bundled(n, split) for n in args.datasets])
        empty = next((ds for ds in sets if not ds.rows), None)
        if empty is not None:
            raise DataError(empty.path or empty.name, None, None,
                            "no rows" + (f" in the {split} split" if split else ""))
        # the judges go through the run's loop: cached, chunked, resumable
        doc = run_document(judges, sets, split=split, out_dir=None, cache=VerdictCache(args.cache), progress=False)
    except (DataError, RegistryError, KeyError, ValueError) as exc:
        print(f"judgesuite format-stats: {exc}", file=sys.stderr)
        return 2
    out = {}
    for ds in sets:
        final = {e.judge: doc.verdicts(e) or [] for e in doc.entries if e.dataset == ds.name and e.extracts_final_answer}
        stats = format_stats(format_groups(ds.rows), final)
        print(f"== {ds.name}\n{stats_table(stats)}\n")
        out[ds.name] = stats
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0
