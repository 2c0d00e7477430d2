"""`stacked`: boosted trees over cheap answer-matching features, one model per task family.

P(correct) comes from the family's forest (open_qa, multiple_choice_freeform, context_qa,
math; "default" for other task types), thresholded at the value chosen on the dev splits.
Extra signal beside `features.FEATURES`: the `sympy` judge's verdict on math rows, which decides a math row
wherever it gives one (the forest decides the rest: where it overrode `sympy`, `sympy` was right 28 times of 30;
scripts/stacked_sympy_decides_check.py).
With `encoder=True` a second stage blends the forest's and the encoder judge's probabilities
(a logistic regression fit on the dev splits, which neither model was trained on; the shipped
`models/stacked-encoder.npz`, or `judgesuite train-stacked --encoder`). An answer that answers nothing
(a copy of the question, options committed to none) is incorrect whatever the model says
(`judges.non_answers`), and so is a date answer to a "when" question whose year no reference holds
(`learned.other_year`). Inference needs numpy only (and torch for the encoder); training needs scikit-learn.
"""
from __future__ import annotations

import time
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from judgesuite.judges.base import Judge, JudgeTags, held_out_record
from judgesuite.judges.composite import CompositeJudge, Read, ReadVerdicts, judge_reads
from judgesuite.judges.fingerprint import file_digest
from judgesuite.judges.learned.committed import committed_span, reads_prose
from judgesuite.judges.learned.features import FEATURES, FEATURES_VERSION, feature_matrix
from judgesuite.judges.learned.model import RETRAIN_HINT, ModelFormatError, StackedModel, load_model
from judgesuite.judges.learned.other_year import other_year_verdict
from judgesuite.judges.non_answers import non_answer_verdict
from judgesuite.judges.types import NoVerdict, Sample, Verdict

MODELS_DIR = Path(__file__).resolve().parent / "models"
DEFAULT_MODEL = MODELS_DIR / "stacked.npz"
DEFAULT_ENCODER_MODEL = MODELS_DIR / "stacked-encoder.npz"
BLEND = "blend"  # the family reported for a verdict of the encoder blend
SIGNALS = ("sympy_verdict",)


def feature_names() -> list[str]:
    """The forests' input columns: lexical features, then judge signals."""
    return [*FEATURES, *SIGNALS]


def is_math(sample: Sample) -> bool:
    return sample.task_type == "math"


def sympy_column(verdicts: Sequence[Verdict | None]) -> np.ndarray:
    """The sympy signal per sample: its verdict 1 / -1 (0 = no verdict, or not read)."""
    return np.array([[0.0 if v is None or v.correct is None else (1.0 if v.correct else -1.0)] for v in verdicts],
                    dtype=np.float64).reshape(len(verdicts), 1)


def sympy_decides(pred: np.ndarray, sympy: np.ndarray) -> np.ndarray:
    """Verdicts where a definite sympy verdict (the `sympy_column`, 1 / -1) replaces the model's (`pred`)."""
    sympy = np.asarray(sympy, dtype=np.float64).reshape(len(pred))
    return np.where(sympy != 0, sympy > 0, pred)


def encoder_column(verdicts: Sequence[Verdict | None]) -> np.ndarray:
    """The encoder's P(correct) per sample (NaN where it gives no score)."""
    return np.array([np.nan if v is None or v.score is None else float(v.score) for v in verdicts], dtype=np.float64)


def _timed_reads(read: Read, samples: Sequence[Sample]) -> tuple[list[Verdict | None], list[float]]:
    t0 = time.perf_counter()
    verdicts = judge_reads((read,), samples)[read.name]
    n = sum(v is not None for v in verdicts)
    return verdicts, [(time.perf_counter() - t0) / n if v is not None else 0.0 for v in verdicts]


def signal_columns(samples: Sequence[Sample], sympy_judge: Judge | None) -> tuple[np.ndarray, list[float]]:
    """Judge signals per sample, judged directly (training): sympy verdict on math rows (1 / -1,
    0 = none), and the seconds per sample those verdicts cost."""
    if sympy_judge is None:
        return sympy_column([None] * len(samples)), [0.0] * len(samples)
    verdicts, seconds = _timed_reads(Read("sympy", sympy_judge, select=is_math), samples)
    return sympy_column(verdicts), seconds


def encoder_probabilities(samples: Sequence[Sample], encoder_judge: Judge) -> tuple[np.ndarray, list[float]]:
    """The encoder judge's P(correct) per sample (NaN where it gives no score), judged directly
    (training), and seconds per sample."""
    verdicts, seconds = _timed_reads(Read("encoder", encoder_judge), samples)
    return encoder_column(verdicts), seconds


def _coerce(sample: Sample) -> Sample:
    """A sample whose text fields are str (odd inputs from callers must not raise)."""
    refs = sample.references if isinstance(sample.references, (tuple, list)) else (sample.references,)
    refs = tuple(r if isinstance(r, str) else str(r) for r in refs if r is not None)
    texts = [x if isinstance(x, str) else ("" if x is None else str(x)) for x in (sample.question, sample.candidate)]
    if texts == [sample.question, sample.candidate] and refs == sample.references:
        return sample
    return Sample(id=str(sample.id), task_type=str(sample.task_type), question=texts[0], candidate=texts[1],
                  references=refs, context=sample.context, choices=sample.choices)


class StackedJudge(CompositeJudge):
    """Gradient-boosted trees over cheap lexical features (on math, sympy decides where it can), optionally blended with
    the encoder judge's probability (`encoder=True`). The sympy (and encoder) verdicts are reads
    (judges.composite): under the runner they come through the cache; its own verdicts are cached."""

    tags = JudgeTags(version="5", identity_exclude=("workers",), libraries=("numpy",))

    def __init__(self, encoder: bool = False, model: str | None = None, threshold: float | None = None,
                 encoder_checkpoint: str | None = None, workers: int | None = None) -> None:
        self.encoder = encoder  # checked to be true or false (judges.ranges)
        # None = the shipped model; resolved here so the identity records the file used.
        self.model = str(model) if model else str(DEFAULT_ENCODER_MODEL if self.encoder else DEFAULT_MODEL)
        self.threshold = None if threshold is None else float(threshold)
        self.encoder_checkpoint = encoder_checkpoint
        self.workers = workers
        self._model: StackedModel | None = None
        self.load()  # a missing or mismatched model file is refused here, with how to retrain
        self._sympy: Judge | None = None
        self._encoder: Judge | None = None

    def get_tags(self) -> JudgeTags:
        if self.encoder:
            from dataclasses import replace

            return replace(self.tags, cost_class="encoder", libraries=("numpy", "torch", "transformers"))
        return self.tags

    def identity(self) -> dict[str, Any]:
        """The base identity plus the model file's sha256 (which then stands for its path)."""
        ident = super().identity()
        try:
            ident["model_sha256"] = file_digest(self.model)
            ident["params"]["model"] = Path(self.model).name
        except OSError:
            ident["model_sha256"] = None
        if self.encoder:  # its probabilities are blended in: a retrained checkpoint changes the verdicts
            try:
                ident["encoder"] = self._encoder_judge().identity()
            except Exception as exc:  # noqa: BLE001 - an unloadable model is reported when judging
                ident["encoder"] = f"unavailable: {type(exc).__name__}"
        return ident

    def _encoder_judge(self) -> Judge:
        if self._encoder is None:
            from judgesuite.judges.encoder.judge import EncoderJudge

            ckpt = self.encoder_checkpoint or self.load().encoder_blend.get("checkpoint")
            # fp32 always: the blend was fit on fp32 probabilities, and a hardware-dependent
            # default dtype would give one cache key two sets of verdicts
            self._encoder = EncoderJudge(checkpoint=ckpt, dtype="float32")
            fit_with = self.load().encoder_blend.get("encoder_weights_sha256")
            if fit_with and self._encoder.identity()["weights_sha256"] != fit_with:
                warnings.warn(f"{self.model}: its encoder blend was fit with other encoder weights than "
                              f"{self._encoder.checkpoint}'s; refit it with `judgesuite train-stacked --encoder`",
                              stacklevel=2)
        return self._encoder

    def learned_from(self) -> tuple[str, ...]:
        """The sets whose train splits (and rows built from their train questions) fit the model."""
        return tuple(sorted(self.load().meta["training_data"]["train_split"]))  # checked by load_model

    def held_out(self) -> dict[str, Any]:
        """The forest's leave-one-source-out figures stored in the model by `judgesuite train-stacked`
        (none for the encoder blend: that would need an encoder trained without each source too)."""
        return {} if self.encoder else held_out_record(self.load().meta.get("held_out"))

    def load(self) -> StackedModel:
        """The model file, checked against this code's feature list (raises ModelFormatError)."""
        if self._model is None:
            model = load_model(self.model, features=feature_names(), features_version=FEATURES_VERSION)
            if self.encoder and model.encoder_blend is None:
                raise ModelFormatError(f"{self.model}: no encoder blend in this model (stacked:encoder=true needs "
                                       f"one); {RETRAIN_HINT}")
            self._model = model
        return self._model

    def reads(self) -> tuple[Read, ...]:
        """`sympy` on math rows; with `encoder=True` the encoder judge on every row."""
        if self._sympy is None:
            from judgesuite.judges.math.symbolic import SympyJudge

            self._sympy = SympyJudge(workers=self.workers)
        sympy = Read("sympy", self._sympy, select=is_math)
        return (sympy, Read("encoder", self._encoder_judge())) if self.encoder else (sympy,)

    def probabilities(self, samples: Sequence[Sample]) -> tuple[np.ndarray, list[str]]:
        """P(correct) per sample and the family model that scored it ("blend" where the encoder's
        probability was blended in), with the reads judged directly."""
        return self._probabilities(samples, judge_reads(self.reads(), samples))[:2]

    def _probabilities(self, samples: Sequence[Sample],
                       reads: ReadVerdicts) -> tuple[np.ndarray, list[str], np.ndarray]:
        """P(correct), family ("blend" where blended) and the threshold that decides, per sample."""
        model = self.load()
        samples = [_coerce(s) for s in samples]
        X = np.hstack([feature_matrix(samples), sympy_column(reads["sympy"])])
        fams = [model.family_for(s.task_type) for s in samples]
        probs = np.empty(len(samples))
        for fam in set(fams):
            idx = np.array([i for i, f in enumerate(fams) if f == fam])
            probs[idx] = model.proba(fam, X[idx])
        thresholds = np.array([model.threshold(f) for f in fams])
        if self.encoder:
            # no encoder score: the forest decides alone
            probs, scored = model.blend_where_scored(probs, encoder_column(reads["encoder"]))
            thresholds = np.where(scored, [model.blend_threshold(f) for f in fams], thresholds)
            fams = [BLEND if ok else f for ok, f in zip(scored, fams)]
        if self.threshold is not None:
            thresholds[:] = self.threshold
        return probs, fams, thresholds

    def combine(self, samples: Sequence[Sample], reads: ReadVerdicts) -> list[Verdict]:
        return self._verdicts(samples, *self._probabilities(samples, reads), reads["sympy"])

    def _verdicts(self, samples: Sequence[Sample], probs: np.ndarray, fams: list[str],
                  thresholds: np.ndarray, sympy: Sequence[Verdict | None]) -> list[Verdict]:
        out = []
        column = sympy_column(sympy)  # only math rows are read by sympy
        decided = sympy_decides(probs >= thresholds, column)
        for sample, p, fam, t, sv, ok in zip(samples, probs, fams, thresholds, sympy, decided):
            rule = non_answer_verdict(sample, {"family": fam}) or other_year_verdict(sample, {"family": fam})
            if rule is not None:
                out.append(rule)
                continue
            if sv is not None and sv.correct is not None:
                out.append(Verdict(correct=bool(ok), score=float(ok), extracted=sv.extracted,
                                   extra={"family": fam, "rule": "sympy decides"}))
                continue
            if not np.isfinite(p):
                out.append(Verdict.none(NoVerdict.ERROR, "non-finite model output"))
                continue
            # extracted: what the columns read, where it is not the whole answer
            read = (committed_span(sample.candidate, reads_prose(sample.task_type))
                    if isinstance(sample.candidate, str) else None)
            out.append(Verdict(correct=bool(p >= t), score=float(p), extracted=read, extra={"family": fam}))
        return out

    def close(self) -> None:
        for j in (self._sympy, self._encoder):
            if j is not None:
                j.close()
        self._sympy = self._encoder = None
