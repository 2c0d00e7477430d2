"""Measure candidate generation: 'Final answer:' compliance per format, and rule-judge accuracy.

Generates with a packaged LLM (default SmolLM2-135M-Instruct through llama.cpp) on GSM8K test
questions (bundled gsm8k-openai-solutions) and multiple-choice questions (bundled mcqa) in the
free / soft / strict formats, plus the log-likelihood mode on the multiple-choice questions
(transformers backend), then reports per format: the parse-failure rate (no "Final answer:"),
the accuracy by the regex judge and (GSM8K) the flexible judge (a no-verdict counts as wrong),
and run times. Resumable: rerun the same command to finish an interrupted measurement (the judges go
through the run's loop and its verdict cache, --cache; default the user's, as `judgesuite run`).

    nice -n 10 python scripts/measure_generation.py --out results/generation --n-gsm8k 50 --n-mcqa 50
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path


def run_cli(args: list[str]) -> float:
    t0 = time.perf_counter()
    print("$ judgesuite " + " ".join(args), flush=True)
    subprocess.run([sys.executable, "-m", "judgesuite.suite.cli.main", *args], check=True)
    return time.perf_counter() - t0


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--out", default="results/generation")
    p.add_argument("--n-gsm8k", type=int, default=50)
    p.add_argument("--n-mcqa", type=int, default=50)
    p.add_argument("--mcqa", default="arc_challenge")
    p.add_argument("--model", default="smollm2-135m")
    p.add_argument("--max-new-tokens", type=int, default=384)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--parallel", type=int, default=8)
    p.add_argument("--no-loglik", action="store_true")
    p.add_argument("--cache", default=None, help="SQLite verdict cache (default: ~/.cache/judgesuite)")
    a = p.parse_args()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    data = out / "generated.jsonl"
    times = {}
    common = ["--model", a.model, "--out", str(data), "--backend-option", f"threads={a.threads}"]
    times["generate_gsm8k"] = run_cli(
        ["generate", "--bundled", "gsm8k-openai-solutions", "--limit", str(a.n_gsm8k), "--formats",
         "free,soft,strict", "--max-new-tokens", str(a.max_new_tokens), "--backend", "llamacpp",
         "--backend-option", f"parallel={a.parallel}", "--batch-size", str(2 * a.parallel), *common])
    times["generate_mcqa"] = run_cli(
        ["generate", "--mcqa", a.mcqa, "--limit", str(a.n_mcqa), "--formats", "free,soft,strict",
         "--max-new-tokens", str(a.max_new_tokens), "--backend", "llamacpp",
         "--backend-option", f"parallel={a.parallel}", "--batch-size", str(2 * a.parallel), *common])
    if not a.no_loglik:
        times["loglik_mcqa"] = run_cli(["generate", "--mcqa", a.mcqa, "--limit", str(a.n_mcqa), "--formats",
                                        "loglik", "--backend", "transformers", *common])

    from judgesuite.judges.registry import make_judge
    from judgesuite.suite.data.loader import load_jsonl
    from judgesuite.suite.data.answer_format import row_format
    from judgesuite.suite.evaluation.cache import VerdictCache
    from judgesuite.suite.evaluation.runner import Runner

    ds = load_jsonl(data)
    rows = [r for r in ds.rows if row_format(r) != "loglik"]
    t0 = time.perf_counter()
    runner = Runner(VerdictCache(a.cache))
    position = {id(r): i for i, r in enumerate(rows)}
    verdicts = {}
    for name in ("regex", "flexible"):
        with make_judge(name) as judge:
            judged = runner.judge_rows(judge, rows)  # the rows the judge handles
            for r, v in zip(judged.rows, judged.verdicts):
                verdicts[(name, position[id(r)])] = v
    times["judging"] = time.perf_counter() - t0

    table: dict[tuple[str, str], dict] = defaultdict(lambda: defaultdict(float))
    for i, r in enumerate(rows):
        t = table[(r.sample.task_type, row_format(r))]
        t["rows"] += 1
        t["no_final_answer"] += verdicts[("regex", i)].reason is not None and \
            verdicts[("regex", i)].reason.value == "unparseable"
        t["regex_correct"] += verdicts[("regex", i)].correct is True
        if ("flexible", i) in verdicts:
            t["flexible_rows"] += 1
            t["flexible_correct"] += verdicts[("flexible", i)].correct is True
        t["length_cut"] += r.meta.get("finish_reason") == "length"
        t["generated_tokens"] += r.meta.get("generated_tokens", 0)
    for r in ds.rows:
        if row_format(r) == "loglik":
            t = table[(r.sample.task_type, "loglik")]
            t["rows"] += 1
            t["loglik_correct"] += r.label is True
    summary = {"model": a.model, "max_new_tokens": a.max_new_tokens, "threads": a.threads, "times_s": times,
               "by_task_and_format": {}}
    print(f"\n{'task':<16} {'format':<7} {'rows':>4} {'no Final answer:':>16} {'regex acc':>9} "
          f"{'flexible acc':>12} {'cut at max':>10} {'mean tokens':>11}")
    for (task, fmt), t in sorted(table.items()):
        n = t["rows"]
        d = {"rows": int(n),
             "parse_failure_rate": t["no_final_answer"] / n if fmt != "loglik" else None,
             "regex_accuracy": t["regex_correct"] / n if fmt != "loglik" else None,
             "flexible_accuracy": t["flexible_correct"] / t["flexible_rows"] if t["flexible_rows"] else None,
             "loglik_accuracy": t["loglik_correct"] / n if fmt == "loglik" else None,
             "cut_at_max_new_tokens": t["length_cut"] / n if fmt != "loglik" else None,
             "mean_generated_tokens": t["generated_tokens"] / n if fmt != "loglik" else None}
        summary["by_task_and_format"][f"{task}/{fmt}"] = d

        def pct(x):
            return "–" if x is None else f"{100 * x:.1f}%"

        acc = d["loglik_accuracy"] if fmt == "loglik" else d["regex_accuracy"]
        print(f"{task:<16} {fmt:<7} {n:>4.0f} {pct(d['parse_failure_rate']):>16} {pct(acc):>9} "
              f"{pct(d['flexible_accuracy']):>12} {pct(d['cut_at_max_new_tokens']):>10} "
              f"{(d['mean_generated_tokens'] or 0):>11.0f}")
    print("times (s):", {k: round(v, 1) for k, v in times.items()})
    (out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
