"""Format-failure statistics over verdict records (BERT-as-a-Judge Figure 2, Tables 13-15).

Per set, evaluated model and answer format (`ResultsDoc.format_stats`, counted from the rows by
suite/data/answer_format.py): the share of candidates with no "Final answer:" line; and, for EVERY
judge of the run that extracts a final answer (`Entry.extracts_final_answer`), where it loses
accuracy on labelled rows: correct answers it cannot parse ("lost to parsing"), correct answers it
parses but matches as wrong ("lost to matching"), and wrong answers it accepts.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judgesuite.suite.evaluation.schema import VerdictRecord


def _rate(num: int, den: int) -> float | None:
    return num / den if den else None


def judge_split(records: Sequence[VerdictRecord]) -> dict[str, Any]:
    """How a final-answer judge's labelled verdicts of one group split (no verdict = could not parse)."""
    rs = [r for r in records if r.label is not None]
    n = len(rs)
    counts = {"judged": n, "correct": sum(r.correct is True for r in rs), "agree": sum(r.agrees for r in rs),
              "lost_to_parsing": sum(bool(r.label) and r.correct is None for r in rs),
              "lost_to_matching": sum(bool(r.label) and r.correct is False for r in rs),
              "false_accepts": sum(not r.label and r.correct is True for r in rs)}
    return {**counts, "accuracy": _rate(counts["correct"], n), "agreement": _rate(counts["agree"], n),
            "lost_to_parsing_rate": _rate(counts["lost_to_parsing"], n),
            "lost_to_matching_rate": _rate(counts["lost_to_matching"], n),
            "false_accept_rate": _rate(counts["false_accepts"], n)}


def format_stats(groups: Sequence[Mapping[str, Any]],
                 final_answer_verdicts: Mapping[str, Sequence[VerdictRecord]]) -> list[dict[str, Any]]:
    """Each (model, format) group of a set with its rates, and `judges`: final-answer judge -> the split
    of its verdicts on the group's rows (a judge with no verdicts there is left out)."""
    out = []
    for g in groups:
        models = set(g.get("row_models") or [g["model"]])
        judges = {}
        for judge, records in final_answer_verdicts.items():
            mine = [r for r in records if r.model in models]
            if mine:
                judges[judge] = judge_split(mine)
        out.append({**g, "parse_failure_rate": _rate(g["parse_failures"], g["rows"]),
                    "label_accuracy": _rate(g["label_correct"], g["labelled"]), "judges": judges})
    return out


def stats_table(stats: Sequence[Mapping[str, Any]]) -> str:
    """A plain-text table: one line per group and final-answer judge."""
    head = (f"{'model':<34} {'format':<7} {'rows':>5} {'no Final answer:':>16} {'labelled':>8} "
            f"{'label acc':>9} {'judge':<10} {'acc':>7} {'lost parse':>10} {'lost match':>10}")
    lines = [head, "-" * len(head)]

    def pct(x: float | None) -> str:
        return "–" if x is None else f"{100 * x:.1f}%"

    for g in stats:
        for judge, s in (g["judges"] or {"-": {}}).items():
            lines.append(f"{g['model'][:34]:<34} {g['format']:<7} {g['rows']:>5} {pct(g['parse_failure_rate']):>16} "
                         f"{g['labelled']:>8} {pct(g['label_accuracy']):>9} {judge[:10]:<10} "
                         f"{pct(s.get('accuracy')):>7} {pct(s.get('lost_to_parsing_rate')):>10} "
                         f"{pct(s.get('lost_to_matching_rate')):>10}")
    return "\n".join(lines)
