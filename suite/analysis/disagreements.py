"""Every labelled row worth reading for the leaderboard's disagreement browser, by kind.

Each labelled row falls in at most one kind, most informative first:
  split      - at least two judges gave different verdicts (no-verdicts do not count);
               within it, rows where the set's best judge is wrong come first
  all_wrong  - no split, and every judge disagrees with the label (a no-verdict counts as
               "incorrect", as in the headline metrics)
  no_verdict - neither of the above, but some judge gave no verdict
A row where some judge's verdict differs from the label always has a kind, so the rows listed hold
every disagreement of every judge with the label; rows where every judge agrees are not listed.
Rows come in the order of the set's verdict files, each with its position there (`pos`, among the
labelled rows); the page's packing (leaderboard/sections/browser.py) decides how much of their
texts travels in the page. Texts are data: never interpreted.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judgesuite.suite.evaluation.schema import VerdictRecord

KINDS = ("split", "all_wrong", "no_verdict")
HEAD, TAIL = 500, 1300  # characters of a long candidate kept from its start and its end


def clip(text: Any, n: int) -> str:
    """`text` cut to `n` characters, the cut marked with an ellipsis."""
    text = "" if text is None else str(text)
    return text if len(text) <= n else text[:n] + "\u2026"


def clip_middle(text: Any, head: int = HEAD, tail: int = TAIL) -> str:
    """Start and end of a long answer (the final answer is usually at the end), the cut marked."""
    text = "" if text is None else str(text)
    return text if len(text) <= head + tail else text[:head] + "\n[\u2026]\n" + text[-tail:]


def is_extraction(span: str | None, candidate: str) -> bool:
    """True for a span a judge read out of the answer, not the answer's start (lexical judges
    report the whole candidate as what they read)."""
    if not span:
        return False
    head = span[:-1] if span.endswith("\u2026") else span
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
                "id": v.id, "model": v.model, "label": bool(v.label), "question": clip(v.question, 600),
                "candidate": clip_middle(v.candidate), "references": [clip(x, 200) for x in v.references][:8],
                "_v": {}})
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


def disagreements(verdicts: Mapping[str, Sequence[VerdictRecord] | None], *, best: str | None = None,
                  budget_bytes: int = 40_000) -> dict[str, Any]:
    """Every row of one set that has a kind, in file order.

    Returns {judges, best, counts: {kind: rows}, wrong: {judge: rows where its verdict differs from
    the label}, rows, budget_bytes (this set's share of the page's bytes for the browser)}; each
    row's `v` lists [correct, score, reason, extracted] in `judges` order (None: not judged) and
    `answer` is the span the best judge read out of the answer (else another judge's, else the
    answer's end). `verdicts`: judge -> its labelled verdict records of the set (None: none stored)."""
    judges, rows = _rows(verdicts)
    listed: list[dict[str, Any]] = []
    for pos, row in enumerate(rows.values()):
        kind, best_wrong = classify(row["_v"], row["label"], best)
        if kind is None:
            continue
        extracted = [row["_v"][j][3] for j in ([best] if best in row["_v"] else []) + judges if j in row["_v"]]
        answer = next((x for x in extracted if is_extraction(x, row["candidate"])), None) or tail(row["candidate"])
        listed.append({"pos": pos, "id": row["id"], "model": row["model"], "label": row["label"], "kind": kind,
                       "best_wrong": best_wrong, "no_verdict": any(v[0] is None for v in row["_v"].values()),
                       "answer": answer, "question": row["question"], "candidate": row["candidate"],
                       "references": row["references"], "v": [row["_v"].get(j) for j in judges]})
    wrong = {j: sum(1 for r in listed if r["v"][i] is not None and (r["v"][i][0] is True) != r["label"])
             for i, j in enumerate(judges)}
    return {"judges": judges, "best": best, "counts": {k: sum(r["kind"] == k for r in listed) for k in KINDS},
            "wrong": wrong, "rows": listed, "budget_bytes": budget_bytes}
