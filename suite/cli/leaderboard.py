"""`judgesuite leaderboard RESULTS.json --out site/`: the self-contained HTML leaderboard."""
from __future__ import annotations

import argparse
import sys


def _rho(text: str) -> tuple[str, float]:
    key, sep, value = text.partition("=")
    try:
        rho = float(value)
    except ValueError:
        rho = -1.0
    if not sep or not key or not 0.5 <= rho <= 1.0:
        raise argparse.ArgumentTypeError(f"expected CATEGORY=VALUE with VALUE in [0.5, 1], got {text!r}")
    return key.strip(), rho


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("leaderboard", help="render results as one self-contained HTML page",
                       description="Write OUT/index.html (no network needed to view it) and OUT/analysis.json "
                                   "from a results.json of `judgesuite run` or a pytest-benchmark JSON file.")
    p.add_argument("results", help="results.json, or the --benchmark-json file of `pytest --benchmark`")
    p.add_argument("--out", default="site", help="output folder (default: ./site)")
    p.add_argument("--title", default="judgesuite leaderboard")
    p.add_argument("--rho", type=_rho, action="append", default=[], metavar="CATEGORY=VALUE",
                   help="human agreement of synthetic labels for a task type or category "
                        "(e.g. 'open-form math=0.95' or math=0.95); default: the paper's Table 12")
    p.add_argument("--browser-kb", type=_kilobytes, default=200, metavar="KB",
                   help="the most the disagreement browser's data may take in the page (default 200; it lists "
                        "every row, and the texts that do not fit go to browser-rows.json beside the page)")
    p.add_argument("--quiet", action="store_true", help="do not print the ranking-distortion summary")
    p.set_defaults(func=cmd_leaderboard)


def distortion_summary(analysis: dict) -> str:
    """Per set and judge: Kendall tau of the judge's model ranking vs the labels', largest movers."""
    lines = [f"{'set':<30} {'judge':<22} {'models':>6} {'tau':>6} {'95% CI':>15} {'max|dR|':>7}  "
             f"largest movers (delta rank)"]
    for s, info in analysis["sets"].items():
        for j, d in info["distortion"].items():
            tau = "   -  " if d["kendall_tau"] is None else f"{d['kendall_tau']:6.2f}"
            ci = d.get("kendall_tau_ci")
            ci_text = f"[{ci[0]:.2f}, {ci[1]:.2f}]" if ci else ""
            movers = ", ".join(f"{m['model']} ({m['delta_rank']:+g})" for m in d["models"]
                               if m["model"] in d["largest_movers"])
            lines.append(f"{s:<30} {j:<22} {len(d['models']):>6} {tau} {ci_text:>15} {d['max_abs_delta_rank']:>7g}  {movers}")
    return "\n".join(lines)


def _kilobytes(text: str) -> int:
    """A whole number >= 0 (argparse type)."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number of kilobytes >= 0, got {text!r}")
    return value


def cmd_leaderboard(args: argparse.Namespace) -> int:
    from judgesuite.leaderboard.build import write_site
    from judgesuite.leaderboard.inputs import load_any, printable

    try:
        doc = load_any(args.results)
    except ValueError as exc:
        print(f"judgesuite leaderboard: {exc}", file=sys.stderr)
        return 2
    if not doc.entries and not doc.mc_formats:  # mc_formats: judgesuite mc-formats --results
        print("judgesuite leaderboard: no entries in the results", file=sys.stderr)
        return 2
    try:
        page, analysis = write_site(doc, args.out, title=args.title, rho=dict(args.rho), browser_kb=args.browser_kb)
    except ValueError as exc:  # a verdict file beside the results that cannot be read, named with its line
        print(f"judgesuite leaderboard: {exc}", file=sys.stderr)
        return 2
    if not args.quiet:  # names come from the results file: no control characters reach the terminal
        print(printable(distortion_summary(analysis)))
        print("\nWhich judge? (kappa with the labels; human-labelled sets unless marked)")
        for c in analysis.get("choice", []):
            if c["view"] == "all" and any(o["family"] == c["family"] and o["view"] == "human" for o in analysis["choice"]):
                continue
            mark = "" if c["view"] == "human" else " [labels not all human]"
            print(printable(f"  {c['sentence']}{mark}"))
    print(f"\nwrote {page} ({page.stat().st_size / 1024:.0f} KiB) and {page.parent / 'analysis.json'}")
    return 0
