"""The statistics every report uses: intervals, paired tests, multiple-comparison control, ranks.

One interval method everywhere: the 95% percentile bootstrap over rows (``BOOTSTRAP`` resamples,
seeded). Where the bootstrap is degenerate (every resample gives the same value, e.g. a judge
right on every row) the interval would have zero width; then the Wilson score interval of the
value read as a share of the n rows is used instead, so no interval claims certainty.
"""
from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
from scipy import stats

BOOTSTRAP = 1000
ALPHA = 0.05
EXACT_LIMIT = 2000  # McNemar: exact binomial test up to this many discordant rows
K = TypeVar("K", bound=Hashable)


def wilson_interval(k: float, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval of a proportion k/n (k may be fractional; (0, 1) when n = 0)."""
    if n <= 0:
        return (0.0, 1.0)
    z = float(stats.norm.ppf(0.5 + confidence / 2))
    p = min(max(k / n, 0.0), 1.0)
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


BLOCK_CELLS = 1 << 19  # draws (or counts) held at once: 4 MB of int64


def bootstrap_sums(columns: np.ndarray, resamples: int = BOOTSTRAP, seed: int = 0) -> np.ndarray:
    """(resamples, C): the column sums of `columns` (n rows, C columns) in each bootstrap replicate
    of the n rows (n rows drawn with replacement); integers for integer or bool columns.

    Rows with equal values form a group, and a replicate is its group counts, so memory grows with
    the rows and groups, never rows x resamples: replicates are drawn in blocks of at most
    BLOCK_CELLS draws. The counts are one multinomial draw (n, group shares) per replicate where
    groups are few; where they are many (numpy draws a multinomial category by category) the rows
    themselves are drawn and counted. Both are the law of drawing rows. Seeded; statistics whose
    columns go into one call share the replicates (paired, e.g. two judges on one set)."""
    columns = np.asarray(columns)
    if columns.ndim == 1:
        columns = columns[:, None]
    exact = columns.dtype == bool or np.issubdtype(columns.dtype, np.integer)
    n, width = columns.shape
    out = np.zeros((resamples, width), dtype=np.int64 if exact else np.float64)
    if n == 0 or resamples == 0:
        return out
    groups, inverse, counts = np.unique(columns, axis=0, return_inverse=True, return_counts=True)
    inverse, size = inverse.ravel(), len(groups)
    groups = groups.astype(np.float64)  # BLAS; integer sums stay exact below 2**53
    rng = np.random.default_rng(seed)
    few = size * 256 <= n
    block = max(1, BLOCK_CELLS // (size if few else n))
    for start in range(0, resamples, block):
        b = min(resamples, start + block) - start
        if few:
            drawn = rng.multinomial(n, counts / n, size=b)
        else:
            cells = inverse[rng.integers(0, n, size=(b, n))]
            cells += size * np.arange(b)[:, None]
            drawn = np.bincount(cells.ravel(), minlength=b * size).reshape(b, size)
        sums = drawn.astype(np.float64) @ groups
        out[start:start + b] = np.rint(sums) if exact else sums
    return out


def interval(samples: np.ndarray, point: float | None = None, n: int | None = None,
             digits: int = 6) -> list[float] | None:
    """95% percentile interval of bootstrap `samples` (NaNs ignored); a degenerate one is replaced
    by the Wilson interval of `point` over `n` rows when both are given (see the module note)."""
    samples = np.asarray(samples, dtype=float)
    if samples.size == 0 or np.all(np.isnan(samples)):
        return None
    lo, hi = np.nanpercentile(samples, [2.5, 97.5])
    if hi - lo <= 1e-12 and point is not None and n:
        sign = -1.0 if point < 0 else 1.0  # a kappa of -1 is as certain as +1
        wlo, whi = wilson_interval(abs(point) * n, n)
        lo, hi = (wlo, whi) if sign > 0 else (-whi, -wlo)
    return [round(float(lo), digits), round(float(hi), digits)]


def paired_difference_p(a: np.ndarray, b: np.ndarray, point_diff: float) -> float:
    """Two-sided p-value that two statistics differ, from their bootstrap replicates on the same
    resampled rows (normal approximation with the bootstrap standard error of the difference)."""
    se = float(np.nanstd(np.asarray(a, float) - np.asarray(b, float), ddof=1))
    if not np.isfinite(se) or se == 0:
        return 1.0 if point_diff == 0 else 0.0
    return float(2 * stats.norm.sf(abs(point_diff) / se))


def mean_difference_interval(a: Sequence[float], b: Sequence[float], resamples: int = BOOTSTRAP,
                             seed: int = 0) -> tuple[float, float]:
    """95% percentile bootstrap interval of mean(a) - mean(b) for paired observations."""
    d = np.asarray(a, float) - np.asarray(b, float)
    if d.size == 0:
        return (float("nan"), float("nan"))
    boot = bootstrap_sums(d, resamples, seed)[:, 0] / d.size
    lo, hi = np.percentile(boot, [2.5, 97.5])
    return (float(lo), float(hi))


def clustered_difference_interval(a: Sequence[float], b: Sequence[float], clusters: Sequence[Hashable],
                                  resamples: int = BOOTSTRAP, seed: int = 0) -> tuple[float, float]:
    """95% percentile bootstrap interval of mean(a) - mean(b) for paired observations, resampling whole
    clusters (e.g. every answer to one question together: rows of one question are not independent)."""
    d = np.asarray(a, float) - np.asarray(b, float)
    if d.size == 0:
        return (float("nan"), float("nan"))
    _, inverse = np.unique(np.asarray([str(c) for c in clusters]), return_inverse=True)
    sums = np.bincount(inverse, weights=d)
    counts = np.bincount(inverse).astype(float)
    boot = bootstrap_sums(np.column_stack([sums, counts]), resamples, seed)
    lo, hi = np.percentile(boot[:, 0] / boot[:, 1], [2.5, 97.5])
    return (float(lo), float(hi))


def mcnemar_p(b: int, c: int) -> float:
    """Two-sided McNemar p-value for discordant counts b and c: exact binomial up to
    EXACT_LIMIT discordant rows, chi-square with continuity correction beyond."""
    n = b + c
    if n == 0:
        return 1.0
    if n <= EXACT_LIMIT:
        return float(stats.binomtest(min(b, c), n, 0.5).pvalue)
    return float(stats.chi2.sf((abs(b - c) - 1) ** 2 / n, 1))


def holm(pvalues: Mapping[K, float]) -> dict[K, float]:
    """Holm-Bonferroni adjusted p-values (monotone, capped at 1)."""
    order = sorted(pvalues, key=pvalues.get)  # type: ignore[arg-type]
    m = len(order)
    adjusted: dict[K, float] = {}
    running = 0.0
    for i, key in enumerate(order):
        running = max(running, min(1.0, (m - i) * pvalues[key]))
        adjusted[key] = running
    return adjusted


@dataclass
class PairTest:
    """One pairwise comparison: `better` is the side the point estimate favours (None on a tie)."""

    a: str
    b: str
    p: float
    better: str | None
    p_holm: float = 1.0

    @property
    def significant(self) -> bool:
        return self.p_holm < ALPHA


def holm_adjust(tests: Sequence[PairTest]) -> None:
    """Set `p_holm` of every test, adjusting over all of them together."""
    adjusted = holm({i: t.p for i, t in enumerate(tests)})
    for i, t in enumerate(tests):
        t.p_holm = adjusted[i]


def significance_ranks(names: Sequence[str], tests: Sequence[PairTest]) -> dict[str, int]:
    """Rank = 1 + number of others significantly better (Holm-adjusted): noise shares a rank."""
    better = {n: 0 for n in names}
    for t in tests:
        if t.significant and t.better is not None:
            loser = t.b if t.better == t.a else t.a
            if loser in better:
                better[loser] += 1
    return {n: 1 + better[n] for n in names}


def kendall_tau_b(x: Sequence[float], y: Sequence[float]) -> float | None:
    """Kendall's tau-b (tie-corrected); None when either side is constant (undefined)."""
    if len(x) != len(y):
        raise ValueError("kendall_tau_b needs two sequences of equal length")
    if len(x) < 2:
        return None
    tau = stats.kendalltau(x, y, variant="b").statistic
    return None if np.isnan(tau) else float(tau)


def kendall_tau_b_rows(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Kendall's tau-b of each row pair of two (B, m) arrays (NaN where a row is constant):
    sum(sx * sy) / sqrt(sum(sx^2) * sum(sy^2)) over the pairs i < j, with s = sign of the difference."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    iu = np.triu_indices(x.shape[-1], 1)
    sx = np.sign(x[..., :, None] - x[..., None, :])[..., iu[0], iu[1]]
    sy = np.sign(y[..., :, None] - y[..., None, :])[..., iu[0], iu[1]]
    denom = np.sqrt((sx * sx).sum(-1) * (sy * sy).sum(-1))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(denom > 0, (sx * sy).sum(-1) / np.where(denom > 0, denom, 1.0), np.nan)


def average_ranks(scores: Mapping[K, float]) -> dict[K, float]:
    """Rank 1 = highest score; tied scores share the mean of the ranks they span."""
    keys = list(scores)
    ranks = stats.rankdata([-scores[k] for k in keys], method="average")
    return {k: float(r) for k, r in zip(keys, ranks)}

