"""Rows worth reading for the leaderboard's disagreement browser, sampled within a size budget.

Each labelled row falls in at most one kind, most informative first:
  split      - at least two judges gave different verdicts (no-verdicts do not count);
               within it, rows where the set's best judge is wrong come first
  all_wrong  - no split, and every judge disagrees with the label (a no-verdict counts as
               "incorrect", as in the headline metrics)
  no_verdict - neither of the above, but some judge gave no verdict
Rows where every judge agrees with the label are not listed. Each kind gets a fair share of the
set's byte budget (half, three tenths, one fifth; a share a kind cannot use passes on), rows
chosen in a stable order (a hash of the id). Texts are data: clipped, never interpreted.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from judgesuite.suite.evaluation.schema import VerdictRecord

KINDS = ("split", "all_wrong", "no_verdict")
SHARE = {"split": 0.5, "all_wrong": 0.3, "no_verdict": 0.2}
HEAD, TAIL = 500, 1300  # characters of a long candidate kept from its start and its end


def clip(text: Any, n: int) -> str:
    text = "" if text is None else str(text)
    return text if len(text) <= n else text[:n] + " [...]"


def clip_middle(text: Any) -> str:
    """Start and end of a long answer (the final answer is usually at the end)."""
    text = "" if text is None else str(text)
    return text if len(text) <= HEAD + TAIL else text[:HEAD] + "\n[... cut ...]\n" + text[-TAIL:]


def is_extraction(span: str | None, candidate: str) -> bool:
    """True for a span a judge read out of the answer, not the answer's start (lexical judges
    report the whole candidate as what they read)."""
    if not span:
        return False
    head = span[:-6] if span.endswith(" [...]") else span
    return not candidate.strip().startswith(head.strip()) or len(candidate) <= 300


def tail(candidate: str, n: int = 300) -> str:
    """The answer's end, where models put the final answer."""
    return candidate if len(candidate) <= n else "\u2026" + candidate[-n:]


def _rows(verdicts: Mapping[str, Sequence[VerdictRecord] | None]) -> tuple[list[str], dict[str, dict]]:
    rows: dict[str, dict[str, Any]] = {}
    judges: list[str] = []
    for judge, lines in verdicts.items():
        if lines is None:
            continue
        judges.append(judge)
        for v in lines:
            if v.label is None:
                continue
            row = rows.setdefault(v.id, {
                "id": v.id, "model": v.model, "label": bool(v.label),
                "question": clip(v.question, 600), "candidate": clip_middle(v.candidate),
                "references": [clip(x, 200) for x in v.references][:8], "_v": {}})
            row["_v"][judge] = [v.correct, None if v.score is None else round(float(v.score), 3),
                                v.reason, None if v.extracted is None else clip(v.extracted, 160)]
    return judges, rows


def classify(verdicts: Mapping[str, list], label: bool, best: str | None) -> tuple[str | None, bool]:
    """(kind, best judge wrong) of one row."""
    given = {v[0] for v in verdicts.values() if v[0] is not None}
    wrong = [(v[0] is True) != label for v in verdicts.values()]
    best_wrong = best in verdicts and (verdicts[best][0] is True) != label
    if len(given) > 1:
        return "split", best_wrong
    if wrong and all(wrong):
        return "all_wrong", best_wrong
    if any(v[0] is None for v in verdicts.values()):
        return "no_verdict", best_wrong
    return None, best_wrong


def _order(row: dict[str, Any]) -> tuple:
    return (not row["best_wrong"], hashlib.sha256(row["id"].encode()).hexdigest())


def disagreements(verdicts: Mapping[str, Sequence[VerdictRecord] | None], *, best: str | None = None,
                  budget_bytes: int = 40_000, limit: int = 100) -> dict[str, Any]:
    """Rows of one set by kind, sampled into `budget_bytes` of JSON (and at most `limit` rows).

    Returns {judges, best, counts: {kind: rows in the set}, shown: {kind: rows kept}, rows,
    budget_bytes}; each row's `v` lists [correct, score, reason, extracted] in `judges` order and
    `answer` is the span the best judge read out of the answer (else another judge's, else the
    answer's end). `verdicts`: judge -> its labelled verdict records of the set (None: none stored)."""
    judges, rows = _rows(verdicts)
    by_kind: dict[str, list[dict[str, Any]]] = {k: [] for k in KINDS}
    for row in rows.values():
        kind, best_wrong = classify(row["_v"], row["label"], best)
        if kind is None:
            continue
        extracted = [row["_v"][j][3] for j in ([best] if best in row["_v"] else []) + judges if j in row["_v"]]
        answer = next((x for x in extracted if is_extraction(x, row["candidate"])), None) or tail(row["candidate"])
        by_kind[kind].append({"id": row["id"], "model": row["model"], "label": row["label"], "kind": kind,
                              "best_wrong": best_wrong, "no_verdict": any(v[0] is None for v in row["_v"].values()),
                              "answer": answer, "question": row["question"], "candidate": row["candidate"],
                              "references": row["references"], "v": [row["_v"].get(j) for j in judges]})
    picked: list[dict[str, Any]] = []
    shown = {k: 0 for k in KINDS}
    spare = 0.0
    for kind in KINDS:
        allowance, used = budget_bytes * SHARE[kind] + spare, 0
        for row in sorted(by_kind[kind], key=_order):
            size = len(json.dumps(row, ensure_ascii=False))
            if used + size > allowance or len(picked) >= limit:
                break
            picked.append(row)
            used += size
            shown[kind] += 1
        spare = allowance - used
    return {"judges": judges, "best": best, "counts": {k: len(v) for k, v in by_kind.items()}, "shown": shown,
            "rows": picked, "budget_bytes": budget_bytes}
