"""`judgesuite audit-references`: two-stage reference validation as a dataset audit file.

The audit (JSON, schema `judgesuite.reference-audit/1`) lists, per dataset, the rows checked
and the flagged ones with the reason (the validator's stage-2 reply), its independent answer
and its validated reference. `judgesuite run --exclude-flagged AUDIT.json` then leaves the
flagged rows out of scoring (the robust-math-judge seed's "filtering out inapplicable
samples"), counting them under `excluded.flagged_reference` in results.json.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from judgesuite.suite.cli.common import AUDIT_SCHEMA, csv_list, load_sources, positive_int



def register(sub: argparse._SubParsersAction) -> None:

    p = sub.add_parser("audit-references", help="flag dataset references an LLM finds wrong (two-stage validation)",
                       description="Stage 1: the LLM answers each question alone; stage 2: it checks the "
                                   "dataset reference. Writes flagged row ids with reasons, for "
                                   "`judgesuite run --exclude-flagged`.")
    p.add_argument("--judge", default="llm-validated",
                   help="validation judge spec (default: llm-validated; e.g. llm-validated:threads=1:answer_tokens=128)")
    src = p.add_mutually_exclusive_group()
    src.add_argument("--datasets", type=csv_list, default=None, help="bundled sets (default: all of them)")
    src.add_argument("--data", type=csv_list, default=None, help="your own JSONL file(s) in the bundled schema")
    p.add_argument("--split", default="test", choices=["train", "dev", "test", "all"])
    p.add_argument("--limit", type=positive_int, default=None,
                   help="at most N rows per set (the same fixed subset as `run --limit N`)")
    p.add_argument("--batch-size", type=positive_int, default=16)
    p.add_argument("--skip-invalid", action="store_true")
    p.add_argument("--out", required=True, help="audit JSON file to write")
    p.set_defaults(func=cmd_audit)


def audit_rows(judge: Any, rows: list, batch_size: int) -> dict[str, Any]:
    """One dataset's audit block: counts and the flagged rows (all rows of a flagged question)."""
    audits = []
    for start in range(0, len(rows), batch_size):
        audits.extend(judge.audit([r.sample for r in rows[start:start + batch_size]]))
    flagged = [{"id": r.id, "question_id": r.question_id, "reason": a.reason,
                "independent_answer": a.independent_answer, "validated_reference": a.validated_reference}
               for r, a in zip(rows, audits) if a.flagged]
    return {"n_checked": len(rows), "status": dict(Counter(a.status for a in audits)),
            "tokens": sum(a.tokens for a in audits), "flagged": flagged}


def cmd_audit(args: argparse.Namespace) -> int:
    from judgesuite.suite.data.loader import DataError
    from judgesuite.judges.registry import make_judge
    from judgesuite.suite.evaluation.runner import limit_rows

    args.datasets = args.datasets or None
    try:
        judge = make_judge(args.judge)
        if not hasattr(judge, "audit"):
            raise TypeError(f"{args.judge!r} has no two-stage audit (use llm-validated[:params])")
        datasets = [ds for ds in load_sources(args) if not ds.probe]
    except (KeyError, ValueError, TypeError, ImportError, DataError) as exc:
        print(f"judgesuite audit-references: {exc}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    doc: dict[str, Any] = {"schema": AUDIT_SCHEMA, "judge": args.judge, "judge_identity": judge.identity(),
                           "split": None if args.data or args.split == "all" else args.split,
                           "limit": args.limit, "datasets": {}}
    out = Path(args.out)
    try:
        for ds in datasets:
            rows = limit_rows(ds.scorable(), args.limit)
            doc["datasets"][ds.name] = block = audit_rows(judge, rows, args.batch_size)
            doc["wall_seconds"] = round(time.perf_counter() - t0, 3)
            _write(out, doc)  # after each set: an interrupted audit keeps what it finished
            print(f"{ds.name}: {len(block['flagged'])} of {block['n_checked']} rows flagged {block['status']}")
    finally:
        judge.close()
    print(f"audit -> {out}")
    return 0


def _write(path: Path, doc: dict[str, Any]) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(doc, indent=1, ensure_ascii=False))
    os.replace(tmp, path)
