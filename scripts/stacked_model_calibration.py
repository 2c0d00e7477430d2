"""Per-model calibration of a scored judge on dev splits (issue 37 item 3: "per-model calibration checks on dev").

Usage:
    python scripts/stacked_model_calibration.py [--judges stacked,token-f1] [--datasets evouna-nq,openqa-eval-nq301]
                                                [--split dev]

For each graded model: the human "correct" rate, the judge's "correct" rate at its threshold and the judge's
mean score (its expected accuracy if calibrated), each estimate's gap to the human rate, and the expected
calibration error on that model's rows. Per set: Kendall tau between the human model order and each estimate's,
and the largest gap. Reads dev splits by default: no test row is needed for a check that may steer a choice.
"""
from __future__ import annotations

import argparse
from collections import defaultdict

from scipy.stats import kendalltau

from judgesuite import evaluate
from judgesuite.suite.analysis.calibration import calibration


def per_model(records) -> dict[str, dict[str, float]]:
    """model -> n, human, verdict and mean-score rates, ECE (rows with a label only)."""
    by = defaultdict(list)
    for r in records:
        if r.label is not None:
            by[r.model].append(r)
    out = {}
    for model, rs in by.items():
        cal = calibration(rs)
        out[model] = {"n": len(rs), "human": sum(r.label for r in rs) / len(rs),
                      "verdict": sum(r.correct is True for r in rs) / len(rs),
                      "mean_score": sum(r.score or 0.0 for r in rs) / len(rs),
                      "ece": cal.ece if cal else float("nan")}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--judges", default="stacked,token-f1")
    ap.add_argument("--datasets", default="evouna-nq,openqa-eval-nq301")
    ap.add_argument("--split", default="dev")
    a = ap.parse_args()
    for ds in a.datasets.split(","):
        res = evaluate(a.judges.split(","), ds, split=a.split)
        for entry in res.entries:
            rows = per_model(res.verdicts(entry) or [])
            models = sorted(rows)
            human = [rows[m]["human"] for m in models]
            print(f"\n{ds} ({a.split}), {entry.judge}: {len(models)} models")
            print(f"  {'model':44s} {'n':>5s} {'human':>6s} {'verdict':>8s} {'gap':>7s} {'meanP':>6s} {'gap':>7s} {'ECE':>6s}")
            for m in models:
                r = rows[m]
                print(f"  {m[:44]:44s} {r['n']:5d} {r['human']:6.3f} {r['verdict']:8.3f} {r['verdict'] - r['human']:+7.3f} "
                      f"{r['mean_score']:6.3f} {r['mean_score'] - r['human']:+7.3f} {r['ece']:6.3f}")
            for key in ("verdict", "mean_score"):
                est = [rows[m][key] for m in models]
                tau = kendalltau(human, est).statistic if len(models) > 1 else float("nan")
                gap = max(abs(e - h) for e, h in zip(est, human))
                print(f"  by {key}: tau {tau:.2f}, largest gap {gap:.3f}")


if __name__ == "__main__":
    main()
