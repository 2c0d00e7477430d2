"""Feature tables of the `stacked` judge's training: each bundled (source, split) and the rows by construction,
computed once, kept in memory and cached on disk (keyed by the code that computes them and the rows)."""
from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from judgesuite.judges.fingerprint import module_closure
from judgesuite.judges.learned import features as features_module
from judgesuite.judges.learned import stacked as stacked_module
from judgesuite.judges.learned.committed import has_committed_span, markup_answer
from judgesuite.judges.learned.features import feature_matrix
from judgesuite.judges.learned.stacked import encoder_probabilities, signal_columns
from judgesuite.judges.squad import best_token_f1
from judgesuite.suite.data.loader import Row, load_bundled

# The code that computes a feature table, as imported (cache key of stored tables): every module the
# features and the sympy signal import
_FEATURE_CODE = hashlib.sha256(b"".join(
    path.read_bytes() for _, path in sorted(module_closure([features_module.__name__, stacked_module.__name__,
                                                            "judgesuite.judges.math.symbolic"]).items()))).hexdigest()

# The probe forms among the rows by construction: not the restated question or the negated
# reference, which the `restate` / `negation` kinds already cover. With them too, the dev
# accuracy over all sources fell 0.8842 -> 0.8798 (2026-12-04), so they stay out here.
SYNTHETIC_ATTACKS = ("colon", "thought-process", "step-by-step", "every-option", "final-answer-true",
                     "judge-instruction")


@dataclass
class Table:
    """Feature rows of one (source, split) with their labels."""

    source: str
    split: str
    rows: list[Row]
    X: np.ndarray
    y: np.ndarray
    token_f1: np.ndarray = field(default_factory=lambda: np.zeros(0))
    weight: float = 1.0  # in training, this table weighs `weight` times one real source (`source_weights`)

    @property
    def family(self) -> str:
        return self.rows[0].sample.task_type if self.rows else ""


class FeatureStore:
    """Feature tables computed once per (source, split) and kept for every model trained after."""

    def __init__(self, encoder_checkpoint: str | None = None, encoder: bool = False,
                 limit: int | None = None, seed: int = 0, cache_dir: str | None = None) -> None:
        self.encoder = encoder
        self.cache_dir = cache_dir
        self.encoder_checkpoint = encoder_checkpoint
        self.limit, self.seed = limit, seed
        self._tables: dict[tuple[str, str], Table] = {}
        self._encoder_p: dict[tuple[str, str], np.ndarray] = {}
        self._sympy = self._enc = None
        self.seconds = 0.0

    def table(self, source: str, split: str) -> Table:
        key = (source, split)
        if key not in self._tables:
            t0 = time.perf_counter()
            rows = load_bundled(source, split).scorable()
            if self.limit and len(rows) > self.limit:
                idx = np.random.default_rng(self.seed).choice(len(rows), self.limit, replace=False)
                rows = [rows[i] for i in sorted(idx)]
            samples = [r.sample for r in rows]
            X = self._cached(source, split, samples)
            y = np.array([bool(r.label) for r in rows])
            f1 = np.array([best_token_f1(s.candidate, s.references) for s in samples])
            self._tables[key] = Table(source, split, rows, X, y, f1)
            self.seconds += time.perf_counter() - t0
        return self._tables[key]

    def train_table(self, source: str) -> Table:
        """The TRAIN rows as the forest learns them: each row whose candidate commits to an answer in markup read as
        at inference and once more read whole (its reasoning is the forest's example of a long answer; read as its
        short committed answer only, the leave-financebench-out model lost 6 points); a row that commits in prose
        only is read whole only (read short too, its ~40 rows moved the pooled forest: every held-out set lost
        0.7-2.5 points, stop 48); every other row as at inference."""
        t = self.table(source, "train")
        idx = [i for i, r in enumerate(t.rows) if has_committed_span(r.sample)]
        if not idx:
            return t
        samples = [t.rows[i].sample for i in idx]
        X = self._read_whole(source, "train.whole", samples)
        markup = np.array([markup_answer(s.candidate) is not None for s in samples], dtype=bool)
        prose = [i for i, m in zip(idx, markup) if not m]
        base_X = t.X.copy()
        base_X[prose] = X[~markup]
        twice = [i for i, m in zip(idx, markup) if m]
        return Table(source, "train", t.rows + [t.rows[i] for i in twice], np.vstack([base_X, X[markup]]),
                     np.concatenate([t.y, t.y[twice]]), np.concatenate([t.token_f1, t.token_f1[twice]]))

    def _read_whole(self, name: str, split: str, samples: list) -> np.ndarray:
        """Feature rows of `samples` with every column reading the whole candidate (cached as `name`.`split`)."""
        return self._cached(name, split, samples, compute=lambda: np.hstack(
            [feature_matrix(samples, read_committed=False), signal_columns(samples, self._sympy_judge(samples))[0]]))

    def synthetic(self, names: Sequence[str], seed: int = 0, mcqa_per_benchmark: int = 0) -> dict[str, Table]:
        """Rows by construction (suite/data/synthetic.py) from the TRAIN questions of `names` (and of
        `mcqa_per_benchmark` questions of each multiple-choice benchmark's train file), by family."""
        from judgesuite.suite.data.synthetic import generate

        key = ("synthetic:" + ",".join(sorted(names)) + (f":mcqa{mcqa_per_benchmark}" if mcqa_per_benchmark else ""),
               str(seed))
        if key not in self._tables:
            t0 = time.perf_counter()
            rows = generate(seed=seed, names=sorted(names), mcqa_per_benchmark=mcqa_per_benchmark,
                            attacks=SYNTHETIC_ATTACKS)
            if self.limit and len(rows) > self.limit:
                idx = np.random.default_rng(self.seed).choice(len(rows), self.limit, replace=False)
                rows = [rows[i] for i in sorted(idx)]
            samples = [r.sample for r in rows]
            name = key[0].replace(",", "+").replace(":", "-")
            X = self._cached(name, f"seed{seed}", samples)
            prose = [i for i, s in enumerate(samples) if markup_answer(s.candidate) is None
                     and has_committed_span(s)]  # read whole, as the source rows (train_table)
            if prose:
                X = X.copy()
                X[prose] = self._read_whole(name, f"seed{seed}.prose-whole", [samples[i] for i in prose])
            y = np.array([bool(r.label) for r in rows])
            self._tables[key] = Table("synthetic", "train", rows, X, y, np.zeros(len(rows)))
            self.seconds += time.perf_counter() - t0
        table = self._tables[key]
        out = {}
        for fam in {r.sample.task_type for r in table.rows}:
            idx = np.array([i for i, r in enumerate(table.rows) if r.sample.task_type == fam])
            out[fam] = Table("synthetic", "train", [table.rows[i] for i in idx], table.X[idx], table.y[idx],
                             table.token_f1[idx])
        return out

    def model_written(self, sources: Sequence[str]) -> tuple[Table, Table]:
        """(train, dev) tables of the bundled model-written open-QA rows on `sources`' questions, read as at
        inference (suite/data/model_written.py); the features of every row are computed once."""
        from judgesuite.suite.data.model_written import NAME, load_model_written

        if not load_model_written(sources):  # no open-QA set among them: no features to compute
            empty = np.zeros(0, dtype=bool)
            return Table(NAME, "train", [], np.zeros((0, 0)), empty), Table(NAME, "dev", [], np.zeros((0, 0)), empty)
        if (NAME, "all") not in self._tables:
            t0 = time.perf_counter()
            rows = load_model_written()
            samples = [r.sample for r in rows]
            self._tables[NAME, "all"] = Table(NAME, "all", rows, self._cached(NAME, "all", samples),
                                              np.array([bool(r.label) for r in rows]),
                                              np.array([best_token_f1(s.candidate, s.references) for s in samples]))
            self.seconds += time.perf_counter() - t0
        whole = self._tables[NAME, "all"]
        out = []
        for split in ("train", "dev"):
            idx = [i for i, r in enumerate(whole.rows) if r.split == split and r.meta.get("source") in sources]
            if self.limit and len(idx) > self.limit:
                idx = sorted(np.random.default_rng(self.seed).choice(idx, self.limit, replace=False).tolist())
            idx = np.asarray(idx, dtype=np.int64)
            out.append(Table(NAME, split, [whole.rows[i] for i in idx], whole.X[idx], whole.y[idx],
                             whole.token_f1[idx]))
        return out[0], out[1]

    def encoder_scores(self, source: str, split: str) -> np.ndarray:
        """The encoder judge's P(correct) on a table's rows (fp32, as `stacked:encoder=true` asks it)."""
        if (source, split) not in self._encoder_p:
            samples = [r.sample for r in self.table(source, split).rows]
            self._encoder_p[source, split] = self._cached(
                source, f"{split}.encoder", samples, self._encoder_judge().cache_key(),
                lambda: encoder_probabilities(samples, self._encoder_judge())[0][:, None])[:, 0]
        return self._encoder_p[source, split]

    def _cached(self, source: str, split: str, samples: list, code: str = _FEATURE_CODE, compute=None) -> np.ndarray:
        """Feature rows, read from / written to `cache_dir` (keyed by the code that computes them and the rows)."""
        compute = compute or (lambda: np.hstack([feature_matrix(samples),
                                                 signal_columns(samples, self._sympy_judge(samples))[0]]))
        if not self.cache_dir:
            return compute()
        key = hashlib.sha256(json.dumps([code, [s.content_hash() for s in samples]]).encode()).hexdigest()[:16]
        path = Path(self.cache_dir) / f"{source}.{split}.{key}.npy"
        if path.is_file():
            try:
                X = np.load(path, allow_pickle=False)
                if X.ndim == 2 and X.shape[0] == len(samples) and np.issubdtype(X.dtype, np.floating):
                    return X
            except (ValueError, OSError, EOFError):
                pass
            # cut short, or another file under this name: computed again and written over, never trained on
        X = compute()
        path.parent.mkdir(parents=True, exist_ok=True)
        np.save(path, X, allow_pickle=False)
        return X

    def _sympy_judge(self, samples):
        if self._sympy is None and any(s.task_type == "math" for s in samples):
            from judgesuite.judges.math.symbolic import SympyJudge

            self._sympy = SympyJudge()
        return self._sympy

    def load_encoder(self) -> None:
        """Load the encoder now (it loads lazily): a checkpoint that cannot load fails here, before any feature."""
        self._encoder_judge().load()

    def _encoder_judge(self):
        if self._enc is None:
            from judgesuite.judges.encoder.judge import EncoderJudge

            self._enc = EncoderJudge(checkpoint=self.encoder_checkpoint, dtype="float32")  # as at inference
        return self._enc

    def close(self) -> None:
        for j in (self._sympy, self._enc):
            if j is not None:
                j.close()
