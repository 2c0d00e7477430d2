"""Measure the math judges on the bundled math sets (issue 4 tables).

Usage:
    python scripts/measure_math_judges.py --split test [--judges sympy,math-verify] [--out FILE.json]
    python scripts/measure_math_judges.py --split all --discrepancy
    python scripts/measure_math_judges.py --formats   # per family: format-variety set (issue 4) and answer forms (issue 17)
    python scripts/measure_math_judges.py --parsers   # our grammar vs the ANTLR path on the answer-form families
    python scripts/measure_math_judges.py --mathverify-tests PATH/Math-Verify/tests --judges sympy,math-verify

Accuracy counts a no-verdict as incorrect; F1 has positive = "correct" and is taken
against `row.label`. `--discrepancy` adds the per-model accuracy (fraction of a
model's outputs judged correct) under the SimpleRL and Lighteval extractions of
`sympy`, and their difference, next to the human-label accuracy. Every judge goes through the run's
loop and its verdict cache (--cache; default the user's, as `judgesuite run`).
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from dataclasses import replace

from judgesuite.judges.registry import make_judge
from judgesuite import load_dataset
from judgesuite.suite.evaluation.cache import VerdictCache
from judgesuite.suite.evaluation.runner import Runner

MATH_SETS = ("gsm8k-openai-solutions", "omni-math-gpt4o-examples")
JUDGES = {
    "sympy": ("sympy", {}),
    "sympy:extraction=simplerl": ("sympy", {"extraction": "simplerl"}),
    "sympy:extraction=lighteval": ("sympy", {"extraction": "lighteval"}),
    "math-verify": ("math-verify", {}),
    "flexible": ("flexible", {}),
    "regex": ("regex", {}),
}


def metrics(pred: list[bool | None], gold: list[bool]) -> dict[str, float]:
    """Accuracy (no verdict = incorrect) and F1 with positive = correct."""
    p = [x is True for x in pred]
    tp = sum(a and b for a, b in zip(p, gold))
    fp = sum(a and not b for a, b in zip(p, gold))
    fn = sum(b and not a for a, b in zip(p, gold))
    acc = sum(a == b for a, b in zip(p, gold)) / max(1, len(gold))
    f1 = 2 * tp / max(1, 2 * tp + fp + fn)
    return {"accuracy": round(acc, 4), "f1": round(f1, 4), "n": len(gold),
            "no_verdict": sum(x is None for x in pred)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--split", default="test", help="train, dev, test or all")
    ap.add_argument("--judges", default=",".join(JUDGES))
    ap.add_argument("--datasets", default=",".join(MATH_SETS))
    ap.add_argument("--discrepancy", action="store_true")
    ap.add_argument("--formats", action="store_true",
                    help="per-family accuracy: format-variety set (tests/sympy_format_set.py), answer-form "
                         "families and their held-out companion (tests/math_forms*.py)")
    ap.add_argument("--parsers", action="store_true",
                    help="our grammar vs the ANTLR path on the answer-form families (tests/math_forms.py)")
    ap.add_argument("--gold-in-dollars", action="store_true",
                    help="with --formats: short golds of the answer-form families written as $...$")
    ap.add_argument("--mathverify-tests", metavar="DIR",
                    help="accuracy on the (gold, pred, expected) cases of a Math-Verify checkout's tests/ directory")
    ap.add_argument("--per-family", type=int, default=8)
    ap.add_argument("--cache", default=None, help="SQLite verdict cache (default: ~/.cache/judgesuite)")
    ap.add_argument("--out")
    args = ap.parse_args(argv)
    args.runner = Runner(VerdictCache(args.cache))
    if args.formats:
        return formats(args)
    if args.parsers:
        return parsers(args)
    if args.mathverify_tests:
        return mathverify(args)
    split = None if args.split == "all" else args.split
    report: dict = {"split": args.split, "sets": {}, "discrepancy": {}}
    for ds in args.datasets.split(","):
        rows = [r for r in load_dataset(ds, split).rows if r.scorable]
        gold = [bool(r.label) for r in rows]
        preds: dict[str, list] = {}
        for spec in args.judges.split(","):
            name, params = JUDGES[spec]
            with make_judge(name, **params) as judge:
                verdicts = args.runner.judge_samples(judge, [r.sample for r in rows])[0]
            preds[spec] = [v.correct for v in verdicts]
            report["sets"].setdefault(ds, {})[spec] = metrics(preds[spec], gold)
            print(ds, spec, report["sets"][ds][spec], file=sys.stderr, flush=True)
        a, b = "sympy:extraction=simplerl", "sympy:extraction=lighteval"
        if args.discrepancy and a in preds and b in preds:
            by_model: dict[str, list[int]] = defaultdict(list)
            for i, r in enumerate(rows):
                by_model[r.model].append(i)
            table = {}
            for model, idx in sorted(by_model.items()):
                sr = sum(preds[a][i] is True for i in idx) / len(idx)
                lt = sum(preds[b][i] is True for i in idx) / len(idx)
                human = sum(gold[i] for i in idx) / len(idx)
                table[model] = {"n": len(idx), "label": round(human, 4), "simplerl": round(sr, 4),
                                "lighteval": round(lt, 4), "diff": round(sr - lt, 4)}
            report["discrepancy"][ds] = table
    return _emit(report, args.out)


def _emit(report: dict, out: str | None) -> int:
    """Print the report as JSON, and write it to `out` when given."""
    text = json.dumps(report, indent=1)
    if out:
        with open(out, "w") as fh:
            fh.write(text)
    print(text)
    return 0


def _family_table(data: list, families, judges: str, runner: Runner) -> dict:
    """Accuracy (no verdict = incorrect) and false "equal" count per family, per judge."""
    table: dict[str, dict] = {f: {"n": sum(fam == f for fam, _, _ in data)} for f in families}
    for spec in judges.split(","):
        name, params = JUDGES[spec]
        with make_judge(name, **params) as judge:
            verdicts = runner.judge_samples(judge, [s for _, s, _ in data])[0]
        for f in families:
            idx = [i for i, (fam, _, _) in enumerate(data) if fam == f]
            table[f][spec] = round(sum((verdicts[i].correct is True) == data[i][2] for i in idx) / len(idx), 3)
            table[f][spec + ":false_equal"] = sum(verdicts[i].correct is True and not data[i][2] for i in idx)
        print(spec, "done", file=sys.stderr, flush=True)
    return table


def formats(args: argparse.Namespace) -> int:
    """Per family: the format-variety set of issue 4 and the answer-form families of issue 17."""
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent))
    from tests import math_forms, sympy_format_set

    from tests import math_forms_holdout

    report = {"format_set": _family_table(sympy_format_set.build(per_family=args.per_family),
                                          sympy_format_set.FAMILIES, args.judges, args.runner)}
    for name, module in (("answer_forms", math_forms), ("answer_forms_holdout", math_forms_holdout)):
        data = module.build()
        if args.gold_in_dollars:  # a short gold written as `$...$` (Math-Verify's best case)
            data = [(f, replace(s, references=tuple(r if "\n" in r or len(r) > 60 else f"${r}$"
                                                     for r in s.references)), lab) for f, s, lab in data]
        report[name] = _family_table(data, module.FAMILIES, args.judges, args.runner)
    return _emit(report, args.out)


def mathverify_cases(test_dir: str) -> list[dict]:
    """(gold, pred, expected) cases of a Math-Verify checkout's tests/ (read with ast.literal_eval,
    nothing executed); cases with a non-default strict or set-relation switch are left out."""
    import ast
    from pathlib import Path

    cases = []
    for path in sorted(Path(test_dir).glob("test_*.py")):
        for fn in ast.walk(ast.parse(path.read_text())):
            for dec in getattr(fn, "decorator_list", []):
                if not (isinstance(dec, ast.Call) and getattr(dec.func, "attr", "") == "parametrize"):
                    continue
                try:
                    names, values = ast.literal_eval(dec.args[0]), ast.literal_eval(dec.args[1])
                except (ValueError, SyntaxError, IndexError):
                    continue
                names = [n.strip() for n in (names.split(",") if isinstance(names, str) else names)]
                key = "expected" if "expected" in names else "result"
                if not {"gold", "pred", key} <= set(names):
                    continue
                for v in values:
                    d = dict(zip(names, v))
                    if d.get("strict", True) is True and d.get("allow_set_relation_comp") is not True:
                        cases.append({"test": fn.name, "gold": d["gold"], "pred": d["pred"], "expected": bool(d[key])})
    return cases


def mathverify(args: argparse.Namespace) -> int:
    """Accuracy per judge on Math-Verify's own test cases (a checkout given by --mathverify-tests)."""
    from judgesuite.judges import Sample

    cases = mathverify_cases(args.mathverify_tests)
    samples = [Sample(f"mv-{i}", "math", "", c["pred"], (c["gold"],)) for i, c in enumerate(cases)]
    report: dict = {"n": len(cases), "correct_label": sum(c["expected"] for c in cases)}
    for spec in args.judges.split(","):
        name, params = JUDGES[spec]
        with make_judge(name, **params) as judge:
            verdicts = args.runner.judge_samples(judge, samples)[0]
        report[spec] = metrics([v.correct for v in verdicts], [c["expected"] for c in cases])
        report[spec]["false_equal"] = sum(v.correct is True and not c["expected"] for v, c in zip(verdicts, cases))
    return _emit(report, args.out)


def parsers(args: argparse.Namespace) -> int:
    """Our grammar vs the ANTLR path (latex2sympy2_extended) on the same extracted spans of the
    answer-form families: accuracy (no verdict = incorrect), no-verdict count, mean ms per pair."""
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent))
    from judgesuite.judges.sandbox.bounded import OK, BoundedPool
    from tests import math_forms

    data = math_forms.build()
    with BoundedPool("tests.math_forms:parser_verdicts", timeout=10.0) as pool:
        outcomes = pool.map([(s.references[0], s.candidate) for _, s, _ in data])
    table: dict[str, dict] = {}
    for f in math_forms.FAMILIES:
        idx = [i for i, (fam, _, _) in enumerate(data) if fam == f]
        row: dict = {"n": len(idx)}
        for k, name in ((0, "own_grammar"), (1, "antlr")):
            vals = [outcomes[i].value[k] if outcomes[i].status == OK else None for i in idx]
            row[name] = round(sum((v is True) == data[i][2] for v, i in zip(vals, idx)) / len(idx), 3)
            row[name + ":no_verdict"] = sum(v is None for v in vals)
            row[name + ":false_equal"] = sum(v is True and not data[i][2] for v, i in zip(vals, idx))
            secs = [outcomes[i].value[k + 2] for i in idx if outcomes[i].status == OK]
            row[name + ":ms"] = round(1000 * sum(secs) / max(1, len(secs)), 1)
        table[f] = row
    return _emit(table, args.out)


if __name__ == "__main__":
    raise SystemExit(main())
