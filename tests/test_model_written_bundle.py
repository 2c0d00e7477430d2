"""The bundled model-written open-QA training rows: rebuilt byte for byte from the rounds' corpora, on TRAIN and DEV
questions only, loadable by the project's own row loader."""
from __future__ import annotations

from collections import Counter

from judgesuite.suite.data.loader import load_bundled
from judgesuite.suite.data.model_written import MODEL_WRITTEN_PATH, load_model_written

from .script_modules import load_script


def test_the_bundle_is_rebuilt_byte_for_byte_from_the_rounds():
    assert load_script("bundle_model_written_openqa").build() == MODEL_WRITTEN_PATH.read_bytes()


def test_the_rows_are_on_train_and_dev_questions_of_their_bundled_set():
    rows = load_model_written()
    assert len(rows) == 1797 and sum(r.label for r in rows) == 713
    assert Counter(r.split for r in rows) == {"train": 1367, "dev": 430}
    split = {(name, r.question_id): r.split for name in ("evouna-nq", "openqa-eval-nq301")
             for r in load_bundled(name).rows}
    assert all(split[r.meta["source"], r.question_id] == r.split for r in rows)
    assert Counter(r.meta["round"] for r in rows)["round6"] == 600
    assert {r.meta["source"] for r in load_model_written(["openqa-eval-nq301"])} == {"openqa-eval-nq301"}
