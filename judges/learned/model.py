"""The stacked judge's model file: boosted trees as plain arrays, and the numpy tree-walker.

File format (`.npz`, read with `allow_pickle=False`, so loading cannot run code):
- `meta`: UTF-8 JSON as uint8 bytes: format, feature list, features version, library
  versions, training data, and per family its threshold, baseline and dev / test figures;
- per forest F (named in meta's `families[...]["forest"]`): `F.feature` (int32), `F.threshold` (float64), `F.missing_left`, `F.is_leaf`
  (bool), `F.left`, `F.right` (int32, absolute node indices), `F.value` (float64 leaf
  values), `F.roots` (int32, one per tree), `F.depth` (max tree depth; kept for the format, not trusted).
A file is checked on load before it judges (`Forest.from_arrays`): a split's children come after it
(so no tree has a cycle), the depth, counted from the roots, is at most MAX_DEPTH, split features
index the feature list, leaf values and the baseline are finite and no threshold is NaN.
P(correct) = sigmoid(baseline + sum of the leaf values reached in every tree), as in
scikit-learn's HistGradientBoostingClassifier (binary log-loss), which exported it.
A model for `stacked:encoder=true` also holds meta's `encoder_blend`: the logistic second stage
P = sigmoid(intercept + coef_forest * logit(P_forest) + coef_encoder * logit(P_encoder)), fit on
the dev splits, its pooled threshold and one per family with dev rows (`StackedModel.blend`,
`blend_threshold`).
"""
from __future__ import annotations

import json
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from judgesuite.judges.json_input import parse as parse_json

FORMAT = "judgesuite-stacked/1"
ARRAYS = ("feature", "threshold", "missing_left", "is_leaf", "left", "right", "value", "roots")
MAX_DEPTH = 64  # scikit-learn's trees here are at most 12 deep; a crafted file cannot make the walk long
RETRAIN_HINT = ("retrain it with `judgesuite train-stacked --out DIR` (add `--encoder` for "
                "`stacked:encoder=true`; needs scikit-learn: pip install 'judgesuite[learned]') and pass "
                "`stacked:model=DIR/stacked.npz` (or `DIR/stacked-encoder.npz`)")


class ModelFormatError(ValueError):
    """A model file this code cannot use (other format, feature list or features version)."""


@dataclass
class Forest:
    """One family's boosted trees, all trees' nodes in flat arrays."""

    feature: np.ndarray
    threshold: np.ndarray
    missing_left: np.ndarray
    is_leaf: np.ndarray
    left: np.ndarray
    right: np.ndarray
    value: np.ndarray
    roots: np.ndarray
    depth: int
    baseline: float

    def raw(self, X: np.ndarray) -> np.ndarray:
        """Log-odds for each row of X (n, n_features)."""
        X = np.asarray(X, dtype=np.float64)
        n = X.shape[0]
        if n == 0 or self.roots.size == 0:
            return np.full(n, self.baseline)
        node = np.broadcast_to(self.roots, (n, self.roots.size)).copy()
        rows = np.arange(n)[:, None]
        for _ in range(self.depth):
            leaf = self.is_leaf[node]
            if leaf.all():
                break
            x = X[rows, self.feature[node]]
            left = np.where(np.isnan(x), self.missing_left[node], x <= self.threshold[node])
            node = np.where(leaf, node, np.where(left, self.left[node], self.right[node]))
        return self.baseline + self.value[node].sum(axis=1)

    def proba(self, X: np.ndarray) -> np.ndarray:
        return 1.0 / (1.0 + np.exp(-self.raw(X)))

    def arrays(self, prefix: str) -> dict[str, np.ndarray]:
        out = {f"{prefix}.{k}": getattr(self, k) for k in ARRAYS}
        out[f"{prefix}.depth"] = np.array([self.depth], dtype=np.int32)
        out[f"{prefix}.baseline"] = np.array([self.baseline], dtype=np.float64)
        return out

    @classmethod
    def from_arrays(cls, data: Any, prefix: str, n_features: int) -> "Forest":
        """The forest `prefix` of a model file, checked (ModelFormatError naming what is wrong)."""
        kw = {k: np.asarray(data[f"{prefix}.{k}"]) for k in ARRAYS}
        n_nodes = kw["feature"].size
        for k in ARRAYS:
            if kw[k].ndim != 1 or (k != "roots" and kw[k].shape != (n_nodes,)):
                raise ModelFormatError(f"{prefix}.{k}: expected {n_nodes} entries, got shape {kw[k].shape}")
            if kw[k].dtype.kind not in "biuf":
                raise ModelFormatError(f"{prefix}.{k}: expected numbers, got {kw[k].dtype}")
        forest = cls(feature=kw["feature"].astype(np.intp), threshold=kw["threshold"].astype(np.float64),
                     missing_left=kw["missing_left"].astype(bool), is_leaf=kw["is_leaf"].astype(bool),
                     left=kw["left"].astype(np.intp), right=kw["right"].astype(np.intp),
                     value=kw["value"].astype(np.float64), roots=kw["roots"].astype(np.intp), depth=0,
                     baseline=float(np.asarray(data[f"{prefix}.baseline"], dtype=np.float64).ravel()[0]))
        forest.depth = forest._checked_depth(prefix, n_features)
        return forest

    def _checked_depth(self, prefix: str, n_features: int) -> int:
        """The deepest leaf's depth, counted from the roots, after checking the tree structure."""
        n = self.feature.size
        split = np.flatnonzero(~self.is_leaf)
        if ((self.roots < 0) | (self.roots >= n)).any():
            raise ModelFormatError(f"{prefix}.roots: node index out of range")
        for k in ("left", "right"):  # children after their parent: no cycle, every walk ends at a leaf
            child = getattr(self, k)[split]
            if ((child <= split) | (child >= n)).any():
                raise ModelFormatError(f"{prefix}.{k}: a split's child must be a later node")
        if ((self.feature[split] < 0) | (self.feature[split] >= n_features)).any():
            raise ModelFormatError(f"{prefix}.feature: feature index outside the {n_features} features")
        # a threshold may be +-inf (scikit-learn's split of missing values from the rest), never NaN
        if not (np.isfinite(self.baseline) and np.isfinite(self.value[self.is_leaf]).all()
                and not np.isnan(self.threshold[split]).any()):
            raise ModelFormatError(f"{prefix}: non-finite leaf value or baseline, or a NaN threshold")
        depth, level = 0, np.unique(self.roots)
        while True:  # level by level from the roots (the stored depth is not trusted)
            level = level[~self.is_leaf[level]]
            if level.size == 0:
                return depth
            depth += 1
            if depth > MAX_DEPTH:
                raise ModelFormatError(f"{prefix}: a tree deeper than {MAX_DEPTH} levels")
            level = np.unique(np.concatenate([self.left[level], self.right[level]]))


@dataclass
class StackedModel:
    """Forests by name plus the metadata: per task family ("open_qa", ..., "default") the forest
    that scores it and its threshold."""

    meta: dict[str, Any]
    forests: dict[str, Forest]

    @property
    def features(self) -> list[str]:
        return list(self.meta["features"])

    def family_for(self, task_type: str) -> str:
        return task_type if task_type in self.meta["families"] else "default"

    def threshold(self, family: str) -> float:
        return float(self.meta["families"][family]["threshold"])

    def forest(self, family: str) -> Forest:
        return self.forests[self.meta["families"][family]["forest"]]

    def proba(self, family: str, X: np.ndarray) -> np.ndarray:
        return self.forest(family).proba(X)

    @property
    def encoder_blend(self) -> dict[str, Any] | None:
        return self.meta.get("encoder_blend")

    def blend(self, forest_p: np.ndarray, encoder_p: np.ndarray) -> np.ndarray:
        """P(correct) of the second stage from the forest's and the encoder's probabilities."""
        b = self.meta["encoder_blend"]
        z = (b["intercept"] + b["coef_forest"] * logit(forest_p, b["clip"])
             + b["coef_encoder"] * logit(encoder_p, b["clip"]))
        return 1.0 / (1.0 + np.exp(-z))

    def blend_threshold(self, family: str) -> float:
        """The blend's threshold for a family's rows: its own where it had dev rows, else the pooled one."""
        b = self.meta["encoder_blend"]
        return b.get("thresholds", {}).get(family, b["threshold"])

    def blend_where_scored(self, forest_p: np.ndarray, encoder_p: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(P, scored): the blend where the encoder gave a probability, the forest's own P elsewhere."""
        scored = np.isfinite(encoder_p)
        probs = np.array(forest_p, dtype=np.float64)
        probs[scored] = self.blend(probs[scored], encoder_p[scored])
        return probs, scored

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        arrays: dict[str, np.ndarray] = {}
        for fam, forest in self.forests.items():
            arrays.update(forest.arrays(fam))
        blob = json.dumps(self.meta, indent=1, sort_keys=True).encode("utf-8")
        arrays["meta"] = np.frombuffer(blob, dtype=np.uint8)
        with open(path, "wb") as fh:
            np.savez_compressed(fh, **arrays)
        return path


def logit(p: np.ndarray, clip: float) -> np.ndarray:
    """log(p / (1 - p)) with p clipped to [clip, 1 - clip] (the trees give 0 and 1 exactly)."""
    p = np.clip(np.asarray(p, dtype=np.float64), clip, 1.0 - clip)
    return np.log(p / (1.0 - p))


BLEND_KEYS = ("intercept", "coef_forest", "coef_encoder", "clip", "threshold")


def _finite(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and bool(np.isfinite(x))


def load_model(path: str | Path, *, features: list[str], features_version: str) -> StackedModel:
    """Load a model file; refuse one built for another feature list or features version."""
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"no stacked model at {path}; {RETRAIN_HINT}")
    try:
        with np.load(path, allow_pickle=False) as data:
            meta = parse_json(bytes(data["meta"]).decode("utf-8"))
            if meta.get("format") != FORMAT:
                raise ModelFormatError(f"{path}: format {meta.get('format')!r}, this code reads {FORMAT!r}; "
                                       f"{RETRAIN_HINT}")
            if meta.get("features") != list(features) or meta.get("features_version") != features_version:
                stored = meta.get("features") or []
                diff = sorted(set(stored) ^ set(features))[:8]
                raise ModelFormatError(
                    f"{path}: the model was trained on features version {meta.get('features_version')!r} "
                    f"({len(stored)} features), this code computes version {features_version!r} "
                    f"({len(features)} features; differing: {', '.join(diff) or 'order'}); {RETRAIN_HINT}")
            names = {f["forest"] for f in meta["families"].values()}
            try:
                forests = {name: Forest.from_arrays(data, name, len(features)) for name in sorted(names)}
            except ModelFormatError as exc:
                raise ModelFormatError(f"{path}: {exc}; {RETRAIN_HINT}") from None
            if "default" not in meta["families"]:
                raise ModelFormatError(f"{path}: no 'default' family; {RETRAIN_HINT}")
            blend = meta.get("encoder_blend")
            if blend is not None and not all(_finite(blend.get(k)) for k in BLEND_KEYS):
                raise ModelFormatError(f"{path}: encoder_blend needs numbers {', '.join(BLEND_KEYS)}; {RETRAIN_HINT}")
            per_family = {} if blend is None else blend.get("thresholds", {})
            if not isinstance(per_family, dict) or not all(_finite(t) and 0 <= t <= 1 for t in per_family.values()):
                raise ModelFormatError(f"{path}: encoder_blend.thresholds must map families to thresholds in [0, 1]; "
                                       f"{RETRAIN_HINT}")
            bad = [f for f, d in meta["families"].items() if not (_finite(d.get("threshold")) and 0 <= d["threshold"] <= 1)]
            if bad:
                raise ModelFormatError(f"{path}: family {bad[0]!r} needs a threshold in [0, 1]; {RETRAIN_HINT}")
            # what `learned_from` reads: missing, the board would present in-source figures as held out
            train = meta["training_data"]["train_split"]
            if not isinstance(train, dict) or not all(isinstance(n, int) and not isinstance(n, bool)
                                                      for n in train.values()):
                raise ModelFormatError(f"{path}: training_data.train_split must map each set to its row count; "
                                       f"{RETRAIN_HINT}")
    except (KeyError, ValueError, TypeError, AttributeError, OSError, zipfile.BadZipFile, EOFError,
            zlib.error) as exc:  # truncated, corrupt, or fields of another shape
        if isinstance(exc, ModelFormatError):
            raise
        raise ModelFormatError(f"{path}: not a readable stacked model ({type(exc).__name__}: {exc}); "
                               f"{RETRAIN_HINT}") from None
    return StackedModel(meta, forests)
