"""All analyses of one typed results document, as one JSON-able dict (what the leaderboard renders)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from judgesuite.suite.analysis.large_judges import compare as compare_with_large
from judgesuite.suite.analysis.calibration import calibration, has_graded_scores, threshold_curve
from judgesuite.suite.analysis.choice import align, families, rank_judges, verdict_sentence
from judgesuite.suite.analysis.correction import ASSUMPTION, category, correct_entry, label_provenance
from judgesuite.suite.analysis.disagreements import disagreements
from judgesuite.suite.analysis.format_stats import format_stats
from judgesuite.suite.analysis.passk import has_repeated_samples, pass_at_k_by_model
from judgesuite.suite.analysis.provenance import FAMILIES, set_description
from judgesuite.suite.analysis.ranking import SetDistortion, borda_distortion, category_means, ranking_distortion
from judgesuite.suite.analysis.significance import pairwise
from judgesuite.suite.evaluation.schema import Entry, ResultsDoc, VerdictRecord
from judgesuite.suite.evaluation.statistics import significance_ranks


def set_category(entries: Sequence[Entry]) -> str:
    types = sorted({t for e in entries for t in e.task_types})
    return category(types[0]) if len(types) == 1 else "mixed"


def analyze(doc: ResultsDoc, *, rho: Mapping[str, float] | None = None,
            browser_kb: int = 200,
            pass_ks: tuple[int, ...] = (1, 5, 10)) -> dict[str, Any]:
    """Per labelled set: description and label provenance, kappa ranking, ranking distortion,
    correction, calibration, pass@k, McNemar, format failures per final-answer judge, disagreement
    rows (`browser_kb` KB shared by the sets); across sets: "Which judge?" per family (`choice`), Borda, category means; probe sets only
    under `probes` (judge -> false-positive rates per attack). Verdicts come from the document's
    records where the run that made it holds them, else from its verdict files."""
    sets: dict[str, dict[str, Any]] = {}
    distortion_by_judge: dict[str, dict[str, SetDistortion]] = {}
    category_of: dict[str, str] = {}
    probes: dict[str, dict[str, Any]] = {}
    aligned: dict[str, Any] = {}
    by_dataset = doc.by_dataset()
    labelled = [ds for ds, es in by_dataset.items() if not any(e.probe for e in es)]
    budget = browser_kb * 1000 // max(len(labelled), 1)
    for ds, entries in by_dataset.items():
        if any(e.probe for e in entries):
            # Wrong-by-construction probes (master keys): their "models" are attacks, so they
            # enter no ranking, pooling or calibration; false-positive rates only.
            probes[ds] = {e.judge: e.adversarial for e in entries if e.adversarial}
            continue
        lines = {e.judge: doc.verdicts(e) for e in entries}  # each file read once
        records: dict[str, list[VerdictRecord]] = {j: v for j, v in lines.items() if v}
        cat = set_category(entries)
        category_of[ds] = cat
        prov = label_provenance(entries[0].label_sources)
        desc = set_description(entries[0])
        aligned[ds] = align(ds, records, {e.judge: e.cost for e in entries},
                            {e.judge: e.learned_from for e in entries}, {e.judge: e.held_out for e in entries})
        ranking = rank_judges([aligned[ds]])
        best = next((r["judge"] for r in ranking["rows"] if r["rank"] is not None), None)
        info: dict[str, Any] = {"description": desc, "ranking": ranking,
            "category": cat, "task_types": sorted({t for e in entries for t in e.task_types}),
            "n_rows": max(e.n_rows for e in entries), "label_provenance": prov,
            "judges": [e.judge for e in entries], "have_verdicts": sorted(records),
            "distortion": {}, "calibration": {}, "curves": {}, "correction": {}, "pass_at_k": {},
        }
        for e in entries:
            corr = correct_entry(e, rho)
            if corr:
                info["correction"][e.judge] = corr
        for judge, recs in records.items():
            d = ranking_distortion(recs)
            info["distortion"][judge] = d.to_dict()
            distortion_by_judge.setdefault(judge, {})[ds] = d
            if has_graded_scores(recs):
                info["curves"][judge] = asdict(threshold_curve(recs))
                cal = calibration(recs)
                info["calibration"][judge] = asdict(cal) if cal else None
            if has_repeated_samples(recs):
                info["pass_at_k"][judge] = pass_at_k_by_model(recs, pass_ks)
        tests = pairwise(records)
        acc = {j: sum(r.agrees for r in rs) / len(rs) for j, rs in records.items()}
        info["mcnemar"] = [asdict(t) | {"significant": t.significant} for t in tests]
        info["significance_rank"] = significance_ranks(list(acc), tests)
        info["large_judges"] = compare_with_large(records, [e.judge for e in entries
                                                            if e.replayed and e.replayed.flops == "undisclosed"])
        info["format_stats"] = format_stats(doc.format_stats.get(ds) or [], {
            e.judge: records[e.judge] for e in entries if e.extracts_final_answer and e.judge in records})
        info["disagreements"] = disagreements(lines, best=best, budget_bytes=budget)
        sets[ds] = info
    borda = {}
    for judge, per_set in distortion_by_judge.items():
        b = borda_distortion(per_set)
        borda[judge] = {"sets": b.sets, "kendall_tau": b.kendall_tau, "delta_rank": b.delta_rank,
                        "label_rank": b.label.rank, "judge_rank": b.judge.rank,
                        "label_share": b.label.share, "judge_share": b.judge.share,
                        "appearances": b.label.appearances}
    categories = {judge: category_means(per_set, category_of) for judge, per_set in distortion_by_judge.items()}
    choice = []
    for fam in families({s: sets[s]["description"]["family"] for s in sets},
                        {s: sets[s]["description"]["label_kind"] for s in sets}, FAMILIES):
        ranking = rank_judges([aligned[s] for s in fam["sets"]])
        on_some = sorted({j for s in fam["sets"] for j in aligned[s].pred} - {r["judge"] for r in ranking["rows"]})
        entry = fam | ranking | {"not_on_every_set": on_some}
        choice.append(entry | {"sentence": verdict_sentence(fam["family"], entry)})
    return {"sets": sets, "probes": probes, "choice": choice, "borda": borda, "category_means": categories,
            "correction_assumption": ASSUMPTION}
