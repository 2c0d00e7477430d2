"""The full pipeline: score both formats, label (Algorithm 1), train routers, routed evaluation.

Scores are cached per question in <out>/scores/<model>/<benchmark>-<split>-k<shots>-s<seed>.jsonl,
so an interrupted run resumes and a report can be rebuilt without the model.
"""
from __future__ import annotations

import json
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from judgesuite.suite.studies.mc_formats.classifier import FormatClassifier
from judgesuite.suite.data.mcqa import McqaItem, load_items
from judgesuite.suite.studies.mc_formats.evaluate import ItemScores, predict, score_items
from judgesuite.suite.studies.mc_formats.formats import PAPER_SEEDS
from judgesuite.suite.studies.mc_formats.labels import heuristic_label, label_scores, majority_label, typology
from judgesuite.suite.studies.mc_formats.report import across_models, benchmark_row, pct
from judgesuite.judges.json_input import parse as parse_json

ROUTERS = ("self", "majority", "human", "heuristic")
HUMAN_PER_BENCHMARK = 200  # the paper annotates 200 training instances per benchmark


@dataclass
class Config:
    models: list[str]
    benchmarks: list[str]
    heldout: list[str] = field(default_factory=list)  # scored and routed, never used to train routers
    limit: int = 200  # test questions per benchmark
    train_limit: int = 300  # classifier-train questions labelled per benchmark
    val_limit: int = 100  # classifier-validation questions labelled per benchmark
    shots: list[int] = field(default_factory=lambda: [0])
    seeds: list[int] = field(default_factory=lambda: list(PAPER_SEEDS))
    delta: float = 0.2
    routers: list[str] = field(default_factory=lambda: list(ROUTERS))
    data_dir: str | None = None
    dtype: str = "float32"
    threads: int | None = None  # torch threads; 1 is fastest on a shared, oversubscribed CPU
    out: str = "mcqa-out"


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", name)[-80:]


class ScoreCache:
    """Per-question scores on disk, keyed by (model, benchmark, split, shots, seed) and id."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def path(self, model: str, bench: str, split: str, shots: int, seed: int) -> Path:
        return self.root / "scores" / _safe(model) / f"{bench}-{split}-k{shots}-s{seed}.jsonl"

    def get(self, scorer_factory, model: str, bench: str, split: str, items: list[McqaItem], shots: int,
            seed: int, pool: list[McqaItem], log) -> list[ItemScores]:
        path = self.path(model, bench, split, shots, seed)
        have: dict[str, ItemScores] = {}
        if path.is_file():
            for line in path.read_text(encoding="utf-8").splitlines():
                try:
                    s = ItemScores.from_dict(parse_json(line))
                except (ValueError, KeyError, TypeError):
                    continue  # a torn last line after a kill
                have[s.id] = s
        todo = [it for it in items if it.id not in have]
        if todo:
            path.parent.mkdir(parents=True, exist_ok=True)
            scorer = scorer_factory()
            t0 = time.perf_counter()
            with path.open("a", encoding="utf-8") as f:
                for it in todo:
                    s = score_items(scorer, [it], shots, seed, pool)[0]
                    f.write(json.dumps(s.to_dict()) + "\n")
                    f.flush()
                    have[s.id] = s
            log(f"  {model} {bench} {split} k={shots} seed={seed}: scored {len(todo)} "
                f"in {time.perf_counter() - t0:.0f} s")
        return [have[it.id] for it in items]


def run(cfg: Config, log=print) -> dict:
    out = Path(cfg.out)
    out.mkdir(parents=True, exist_ok=True)
    cache = ScoreCache(out)
    benches = list(dict.fromkeys(cfg.benchmarks + cfg.heldout))
    items = {b: {"test": load_items(b, "test", cfg.data_dir, cfg.limit),
                 "clf_train": load_items(b, "clf_train", cfg.data_dir, cfg.train_limit),
                 "clf_val": load_items(b, "clf_val", cfg.data_dir, cfg.val_limit)} for b in benches}
    # The demonstration pool is all of classifier-validation (the paper's validation split).
    pools = {b: load_items(b, "clf_val", cfg.data_dir) for b in benches} if any(cfg.shots) else {}
    scores: dict[str, dict[str, dict[str, list[ItemScores]]]] = {}
    curve: dict[str, dict[str, dict]] = {}
    timing, tokens, params = {}, {}, {}
    for model in cfg.models:
        holder: dict = {}

        def factory(model=model, holder=holder):
            if "scorer" not in holder:
                from judgesuite.suite.studies.mc_formats.scoring import ContinuationScorer

                log(f"loading {model} ...")
                holder["scorer"] = ContinuationScorer(model, dtype=cfg.dtype, threads=cfg.threads)
            return holder["scorer"]

        t0 = time.perf_counter()
        scores[model] = {}
        for b in benches:
            scores[model][b] = {}
            for split in ("test", "clf_train", "clf_val"):
                if split != "test" and b in cfg.heldout:
                    continue
                scores[model][b][split] = cache.get(factory, model, b, split, items[b][split], 0, 0, [], log)
        curve[model] = {}
        for b in benches:
            points = {}
            for k in sorted(set(cfg.shots)):
                runs = [scores[model][b]["test"]] if k == 0 else [
                    cache.get(factory, model, b, "test", items[b]["test"], k, s, pools[b], log) for s in cfg.seeds]
                sym = [pct([predict(x, "symbol") == x.answer_index for x in r]) for r in runs]
                clz = [pct([predict(x, "cloze") == x.answer_index for x in r]) for r in runs]
                points[str(k)] = {"symbol": sum(sym) / len(sym), "cloze": sum(clz) / len(clz),
                                  "symbol_minus_cloze": (sum(sym) - sum(clz)) / len(sym),
                                  "seeds": 1 if k == 0 else len(cfg.seeds)}
            curve[model][b] = points
        timing[model] = time.perf_counter() - t0
        if "scorer" in holder:
            tokens[model] = holder["scorer"].tokens_processed
            params[model] = holder["scorer"].n_params
            holder["scorer"].close()

    train_benches = [b for b in benches if b not in cfg.heldout]
    labels = {m: {b: {sp: [label_scores(s, cfg.delta) for s in scores[m][b][sp]] for sp in ("clf_train", "clf_val")}
                  for b in train_benches} for m in cfg.models}
    label_dist = {m: {b: dict(Counter(str(x) for x in labels[m][b]["clf_train"])) for b in train_benches}
                  for m in cfg.models}
    majority = {b: {sp: [majority_label([labels[m][b][sp][i] for m in cfg.models])
                         for i in range(len(items[b][sp]))] for sp in ("clf_train", "clf_val")}
                for b in train_benches}

    log("embedding questions for the format classifier ...")
    clf_probe = FormatClassifier()
    emb = {(b, sp): clf_probe.embed(items[b][sp]) for b in benches for sp in ("test", "clf_train", "clf_val")
           if not (sp != "test" and b in cfg.heldout)}

    def fit(label_of) -> tuple[FormatClassifier | None, int]:
        import numpy as np

        X, y = [], []
        for b in train_benches:
            for i, lab in enumerate(label_of(b)):
                if lab is not None:
                    X.append(emb[(b, "clf_train")][i])
                    y.append(lab)
        if not y:
            return None, 0
        clf = FormatClassifier()
        clf._st = clf_probe._st
        return clf.fit([], y, embeddings=np.asarray(X)), len(y)

    classifiers, classifier_eval = {}, {}
    human_train = lambda b: [heuristic_label(it) if i < HUMAN_PER_BENCHMARK else None  # noqa: E731
                             for i, it in enumerate(items[b]["clf_train"])]
    if "human" in cfg.routers:
        classifiers["human"], n_h = fit(human_train)
    for m in cfg.models:
        if "self" in cfg.routers:
            classifiers[f"self:{m}"], _ = fit(lambda b, m=m: labels[m][b]["clf_train"])
    if "majority" in cfg.routers and len(cfg.models) > 1:
        classifiers["majority"], _ = fit(lambda b: majority[b]["clf_train"])

    # Classifier accuracy on classifier-validation against each model's own Algorithm 1 labels.
    for m in cfg.models:
        rows = {}
        for b in train_benches:
            gold = labels[m][b]["clf_val"]
            keep = [i for i, g in enumerate(gold) if g is not None]
            entry = {"n_labelled": len(keep)}
            if keep:
                g = [gold[i] for i in keep]
                heur = [heuristic_label(items[b]["clf_val"][i]) for i in keep]
                entry["heuristic_accuracy"] = pct([h == x for h, x in zip(heur, g)])
                entry["majority_class_accuracy"] = pct([x == Counter(g).most_common(1)[0][0] for x in g])
                c = classifiers.get(f"self:{m}")
                if c is not None:
                    pred = c.predict([], embeddings=emb[(b, "clf_val")][keep])
                    entry["classifier_accuracy"] = pct([p == x for p, x in zip(pred, g)])
            rows[b] = entry
        classifier_eval[m] = rows

    per_model: dict[str, dict[str, dict]] = {}
    for m in cfg.models:
        per_model[m] = {}
        for b in benches:
            test_items = items[b]["test"]
            routes = {}
            if "heuristic" in cfg.routers:
                routes["heuristic"] = [heuristic_label(it) for it in test_items]
            for name, key in (("human", "human"), ("self", f"self:{m}"), ("majority", "majority")):
                if classifiers.get(key) is not None:
                    routes[name] = classifiers[key].predict([], embeddings=emb[(b, "test")])
            per_model[m][b] = benchmark_row(scores[m][b]["test"], routes)
            per_model[m][b]["typology_test"] = dict(Counter(typology(it.question, it.choices) for it in test_items))

    report = {
        "config": cfg.__dict__,
        "distributions": "symbol: softmax over option-letter log-probs; cloze: softmax over per-token mean "
                         "log-likelihoods (see judgesuite.suite.studies.mc_formats.evaluate)",
        "classifier": "all-MiniLM-L6-v2 embeddings (frozen) + logistic regression, trained on the union of the "
                      "classifier-train labels of the non-held-out benchmarks",
        "results": per_model,
        "across_models": {r: across_models(per_model, r) for r in ("self", "majority", "human", "heuristic")},
        "label_distribution": label_dist,
        "majority_label_distribution": {b: dict(Counter(str(x) for x in majority[b]["clf_train"]))
                                        for b in train_benches} if len(cfg.models) > 1 else {},
        "classifier_eval": classifier_eval,
        "shots_curve": curve,
        "seconds": timing,
        "tokens_processed": tokens,
        "flops_estimate": {m: 2 * params[m] * tokens[m] for m in tokens},
    }
    (out / "report.json").write_text(json.dumps(report, indent=1, default=str), encoding="utf-8")
    return report

