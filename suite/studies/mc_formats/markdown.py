"""Markdown tables of a `mc-formats` report (printed by the command, pasted into notes)."""
from __future__ import annotations


def _fmt(v, spec=".1f") -> str:
    return "-" if v is None else format(v, spec)


def accuracy_table(report: dict) -> str:
    lines = ["| model | benchmark | n | symbol | cloze (/token) | cloze (/char) | sym-clz | heuristic | human-clf | "
             "self-clf | majority-clf | oracle |", "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for m, rows in report["results"].items():
        for b, r in rows.items():
            def cell(k, r=r):
                if k not in r["routers"]:
                    return "-"
                x = r["routers"][k]
                return f"{x['accuracy']:.1f} ({x['delta']:+.1f}, {x['share_symbol']:.0f}% sym)"
            lines.append(f"| {m} | {b} | {r['n']} | {r['symbol']:.1f} | {r['cloze']:.1f} | {r['cloze_char']:.1f} | "
                         f"{r['symbol_minus_cloze']:+.1f} | {cell('heuristic')} | {cell('human')} | {cell('self')} | "
                         f"{cell('majority')} | {r['oracle']:.1f} |")
    return "\n".join(lines)


def labels_table(report: dict) -> str:
    lines = ["| model | benchmark | symbol | cloze | abstain | classifier acc | heuristic acc | majority-class acc | n val |",
             "|---|---|---|---|---|---|---|---|---|"]
    for m, rows in report["label_distribution"].items():
        for b, d in rows.items():
            ev = report["classifier_eval"].get(m, {}).get(b, {})
            lines.append(f"| {m} | {b} | {d.get('symbol', 0)} | {d.get('cloze', 0)} | {d.get('None', 0)} | "
                         f"{_fmt(ev.get('classifier_accuracy'))} | {_fmt(ev.get('heuristic_accuracy'))} | "
                         f"{_fmt(ev.get('majority_class_accuracy'))} | {ev.get('n_labelled', 0)} |")
    return "\n".join(lines)


def across_table(report: dict) -> str:
    lines = ["| router | benchmark | models with delta >= 0 | mean delta | t-test p |", "|---|---|---|---|---|"]
    for router, rows in report["across_models"].items():
        for b, r in rows.items():
            lines.append(f"| {router} | {b} | {r['models_delta_ge_0']} | {r['mean_delta']:+.2f} | "
                         f"{_fmt(r['t_test']['p'], '.3f')} |")
    return "\n".join(lines)


def curve_table(report: dict) -> str:
    lines = ["| model | benchmark | k | symbol | cloze | sym-clz | seeds |", "|---|---|---|---|---|---|---|"]
    for m, rows in report["shots_curve"].items():
        for b, pts in rows.items():
            for k, p in sorted(pts.items(), key=lambda kv: int(kv[0])):
                lines.append(f"| {m} | {b} | {k} | {p['symbol']:.1f} | {p['cloze']:.1f} | "
                             f"{p['symbol_minus_cloze']:+.1f} | {p['seeds']} |")
    return "\n".join(lines)


def report_markdown(report: dict) -> str:
    parts = ["Accuracy (%); router cells: accuracy (delta vs max(symbol, cloze), share routed to symbol)",
             accuracy_table(report)]
    if report.get("label_distribution"):
        parts += ["Algorithm 1 labels on classifier-train; router accuracy on classifier-validation labels",
                  labels_table(report)]
    if any(report.get("across_models", {}).values()):
        parts += ["Across models", across_table(report)]
    if any(len(p) > 1 for rows in report.get("shots_curve", {}).values() for p in rows.values()):
        parts += ["Symbol minus cloze against the number of demonstrations", curve_table(report)]
    return "\n\n".join(parts)
