"""Section: the labelled sets - what each is, where its rows and labels come from, its size."""
from __future__ import annotations

from typing import Any

from judgesuite.leaderboard.sets_and_judges import badge, set_order
from judgesuite.suite.evaluation.schema import ResultsDoc

ID = "sets"
TITLE = "The sets"
ORDER = 5


def build(doc: ResultsDoc, analysis: dict[str, Any]) -> dict[str, Any] | None:
    rows = []
    for s in set_order(analysis):
        info = analysis["sets"][s]
        d = info["description"]
        models = {m["model"] for dist in info["distortion"].values() for m in dist["models"]}
        rows.append({"set": s, "family": d["family"], "badge": badge(analysis, s), "n": info["n_rows"],
                     "models": len(models), "source": d["short_source"], "method": d["label_method"], "use": d.get("use", ""),
                     "licence": d["licence"]})
    human = sum(r["badge"]["kind"] == "human" for r in rows)
    summary = (f"{len(rows)} labelled sets, {sum(r['n'] for r in rows):,} rows; {human} human-labelled"
               + (f", {len(rows) - human} by a rule or an LLM" if human < len(rows) else ""))
    return {"rows": rows, "split": doc.split, "summary": summary} if rows else None
