"""The encoder's training mix: real human-labelled train rows plus synthetic rows (suite/data/synthetic).

Real rows are drawn per source (a quota each, or water-filled as `balanced_rows`); synthetic rows
are drawn with quotas per group of sources and for master-key forms, so the real rows keep the
majority (`real_share`) and the open-QA sets weigh most.
"""
from __future__ import annotations

import random
from collections import defaultdict

from judgesuite.suite.data.loader import Row, bundled_names, load_bundled

# Synthetic quota shares per group of sources (the rest of a group's share is not redistributed).
SYNTHETIC_GROUPS = {"open_qa": 0.45, "math": 0.12, "mcqa-free": 0.10, "mcqa": 0.23, "context": 0.02,
                    "master-key": 0.08}


def balanced_rows(rows_by_source: dict[str, list[Row]], max_samples: int | None,
                  seed: int) -> list[Row]:
    """Up to max_samples rows, as equal across sources as their sizes allow (water-filling),
    and within a source round-robin across models."""
    rng = random.Random(seed)
    total = sum(len(v) for v in rows_by_source.values())
    budget = total if max_samples is None else min(max_samples, total)
    quota: dict[str, int] = {}
    left = dict((s, len(v)) for s, v in rows_by_source.items())
    while budget > 0 and left:
        share = max(1, budget // len(left))
        for s in sorted(left, key=lambda s: left[s]):
            take = min(share, left[s], budget)
            quota[s] = quota.get(s, 0) + take
            left[s] -= take
            budget -= take
        left = {s: n for s, n in left.items() if n > 0}
    chosen: list[Row] = []
    for source in sorted(rows_by_source):
        by_model: dict[str, list[Row]] = defaultdict(list)
        for r in rows_by_source[source]:
            by_model[r.model].append(r)
        queues = []
        for m in sorted(by_model):
            q = list(by_model[m])
            rng.shuffle(q)
            queues.append(q)
        picked: list[Row] = []
        while len(picked) < quota.get(source, 0):
            for q in queues:
                if q and len(picked) < quota[source]:
                    picked.append(q.pop())
        chosen.extend(picked)
    rng.shuffle(chosen)
    return chosen


def group_of(row: Row) -> str:
    if row.model.startswith("master-key:"):
        return "master-key"
    if row.benchmark.startswith("mcqa-"):
        return "mcqa"
    return {"open_qa": "open_qa", "math": "math", "context_qa": "context",
            "multiple_choice_freeform": "mcqa-free"}.get(row.sample.task_type, "open_qa")


def real_rows(per_source: dict[str, int] | None, names: list[str] | None, seed: int,
              max_samples: int | None = None) -> list[Row]:
    """Scorable TRAIN rows: `per_source` rows of each named source (all of a source when its quota
    exceeds it), else `max_samples` balanced across sources and models."""

    names = names or bundled_names()
    by_source = {n: load_bundled(n, "train").scorable() for n in names}
    if not per_source:
        return balanced_rows({k: v for k, v in by_source.items() if v}, max_samples, seed)
    out: list[Row] = []
    for n in sorted(by_source):
        rows = by_source[n]
        k = min(per_source.get(n, 0), len(rows))
        if k:
            out.extend(balanced_rows({n: rows}, k, seed))
    return out


def synthetic_rows(n: int, seed: int, names: list[str] | None = None,
                   master_key_share: float | None = None) -> list[Row]:
    """n synthetic rows (generator seed `seed`), drawn by SYNTHETIC_GROUPS quotas
    (`master_key_share` replaces the master-key forms' share)."""
    from judgesuite.suite.data.synthetic import generate

    pool = generate(seed=seed, names=names)
    groups: dict[str, list[Row]] = defaultdict(list)
    for r in pool:
        groups[group_of(r)].append(r)
    rng = random.Random(f"mix:{seed}")
    out: list[Row] = []
    shares = dict(SYNTHETIC_GROUPS)
    if master_key_share is not None:
        shares["master-key"] = master_key_share
    for g, share in shares.items():
        rows = groups.get(g, [])
        out.extend(rng.sample(rows, min(len(rows), round(share * n))))
    return out


def training_mix(per_source: dict[str, int] | None, synthetic: int, names: list[str] | None, seed: int,
                 max_samples: int | None = None, master_key_share: float | None = None) -> list[Row]:
    """Real rows + synthetic rows, shuffled (seeded)."""
    rows = real_rows(per_source, names, seed, max_samples)
    if synthetic:
        rows = rows + synthetic_rows(synthetic, seed, names, master_key_share)
    random.Random(seed).shuffle(rows)
    return rows
