"""Format-failure statistics (BERT-as-a-Judge Figure 2, Tables 13-15).

Per model and answer format: the share of candidates with no "Final answer:" (the regex
judge's parse failure, pattern `Final answer:\\s*(.+)`), and, on labelled rows, where the
regex judge loses accuracy: correct answers it cannot parse ("lost to parsing") and correct
answers it parses but matches as wrong ("lost to matching").

The format of a row is `meta.generation.format` for rows made by `judgesuite generate` (or a
plain `meta.format`), else "-" (the bundled sets do not record it). Log-likelihood rows have no generated text
and are left out.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from judgesuite.judges.extract.final_answer import extract_final_answer
from judgesuite.judges.types import Verdict
from judgesuite.suite.data.loader import Row


def row_format(row: Row) -> str:
    meta = row.meta if isinstance(row.meta, dict) else {}
    gen = meta.get("generation")
    if isinstance(gen, dict) and gen.get("format"):
        return str(gen["format"])
    return str(meta["format"]) if isinstance(meta.get("format"), str) and meta["format"] else "-"


def base_model(row: Row) -> str:
    """The model without the " [format]" tag that generated rows carry."""
    gen = row.meta.get("generation") if isinstance(row.meta, dict) else None
    if isinstance(gen, dict) and gen.get("model_name"):
        return str(gen["model_name"])
    return row.model


@dataclass
class FormatStats:
    model: str
    format: str
    rows: int = 0
    parse_failures: int = 0
    labelled: int = 0
    regex_judged: int = 0  # labelled rows with a regex verdict (0 when the regex judge was not run)
    label_correct: int = 0
    regex_correct: int = 0  # labelled rows the regex judge calls correct
    regex_agree: int = 0  # labelled rows where regex (no-verdict = incorrect) matches the label
    lost_to_parsing: int = 0  # label True, regex cannot parse
    lost_to_matching: int = 0  # label True, regex parses and says wrong
    false_accepts: int = 0  # label False, regex says correct

    @property
    def parse_failure_rate(self) -> float | None:
        return self.parse_failures / self.rows if self.rows else None

    def as_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["parse_failure_rate"] = self.parse_failure_rate
        n = self.labelled
        d["label_accuracy"] = self.label_correct / n if n else None
        r = self.regex_judged
        d["regex_accuracy"] = self.regex_correct / r if r else None
        d["regex_agreement"] = self.regex_agree / r if r else None
        d["lost_to_parsing_rate"] = self.lost_to_parsing / r if r else None
        d["lost_to_matching_rate"] = self.lost_to_matching / r if r else None
        return d


def is_loglik(row: Row) -> bool:
    gen = row.meta.get("generation") if isinstance(row.meta, dict) else None
    return isinstance(gen, dict) and gen.get("mode") == "loglikelihood"


def format_failure_stats(rows: Sequence[Row], regex_verdicts: Sequence[Verdict] | None = None) -> list[FormatStats]:
    """Stats per (model, format), sorted. `regex_verdicts` (the regex judge on `rows`, same
    order) adds the lost-to-parsing / lost-to-matching split on labelled rows."""
    if regex_verdicts is not None and len(regex_verdicts) != len(rows):
        raise ValueError("need one regex verdict per row")
    groups: dict[tuple[str, str], FormatStats] = {}
    for i, row in enumerate(rows):
        if is_loglik(row):
            continue
        key = (base_model(row), row_format(row))
        st = groups.setdefault(key, FormatStats(*key))
        st.rows += 1
        parsed = extract_final_answer(row.sample.candidate) is not None
        st.parse_failures += not parsed
        if row.label is None or row.improper:
            continue
        st.labelled += 1
        st.label_correct += row.label
        if regex_verdicts is None:
            continue
        said = regex_verdicts[i].correct
        st.regex_judged += 1
        st.regex_correct += said is True
        st.regex_agree += (said is True) == row.label
        if row.label and said is None:
            st.lost_to_parsing += 1
        elif row.label and said is False:
            st.lost_to_matching += 1
        elif not row.label and said is True:
            st.false_accepts += 1
    return [groups[k] for k in sorted(groups)]


def results_block(rows: Sequence[Row], regex_rows: Sequence[Row] | None = None,
                  regex_verdicts: Sequence[Verdict] | None = None) -> list[dict[str, Any]]:
    """The stats of a judged set as stored in results.json (`format_stats[<set>]`).

    `regex_rows` / `regex_verdicts`: what the regex judge said on the same set (rows it did not
    judge count as unparsed-by-regex only through the parse-failure rate)."""
    verdicts = None
    if regex_rows is not None and regex_verdicts is not None:
        by_id = {r.id: v for r, v in zip(regex_rows, regex_verdicts)}
        if all(r.id in by_id for r in rows):
            verdicts = [by_id[r.id] for r in rows]
    return [st.as_dict() for st in format_failure_stats(rows, verdicts)]


def stats_table(stats: Sequence[FormatStats]) -> str:
    """A plain-text table of the stats."""
    head = (f"{'model':<34} {'format':<7} {'rows':>5} {'no Final answer:':>16} {'labelled':>8} "
            f"{'label acc':>9} {'regex acc':>9} {'lost parse':>10} {'lost match':>10}")
    lines = [head, "-" * len(head)]

    def pct(x: float | None) -> str:
        return "–" if x is None else f"{100 * x:.1f}%"

    for st in stats:
        d = st.as_dict()
        lines.append(f"{st.model[:34]:<34} {st.format:<7} {st.rows:>5} {pct(d['parse_failure_rate']):>16} "
                     f"{st.labelled:>8} {pct(d['label_accuracy']):>9} {pct(d['regex_accuracy']):>9} "
                     f"{pct(d['lost_to_parsing_rate']):>10} {pct(d['lost_to_matching_rate']):>10}")
    return "\n".join(lines)
