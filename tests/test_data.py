"""Bundled sets, splits, and clear errors for malformed user files."""
from __future__ import annotations

import gzip
import json
from collections import defaultdict

import pytest

from judgesuite.judges.squad import normalize_answer
from judgesuite.suite.data.loader import (DATASETS_DIR, DataError, bundled_names, card_field, load_bundled,
                                   load_jsonl)

EXPECTED_ROWS = {"evouna-nq": 15428, "openqa-eval-nq301": 3612, "answer-matching-gpqa-mmlupro": 1594,
                 "financebench": 2400, "gsm8k-openai-solutions": 5276, "omni-math-gpt4o-examples": 200}


def test_every_bundled_set_loads_with_a_card():
    assert bundled_names() == sorted(EXPECTED_ROWS)
    assert not (DATASETS_DIR / "__init__.py").exists()  # must never shadow HF `datasets`
    for name, n in EXPECTED_ROWS.items():
        ds = load_bundled(name)
        assert len(ds.rows) == n
        card = (DATASETS_DIR / f"{name}.md").read_text()
        for key in ("Source", "Commit", "Licence", "Label method"):
            assert card_field(name, key), f"{name} card lacks {key}"
        assert f"{n:,}" in card


def test_splits_never_share_a_question_within_or_across_sets():
    split_of_text: dict[str, set[str]] = defaultdict(set)
    for name in bundled_names():
        per_qid: dict[str, set[str]] = defaultdict(set)
        for r in load_bundled(name).rows:
            per_qid[r.question_id].add(r.split)
            split_of_text[normalize_answer(r.sample.question)].add(r.split)
        assert all(len(s) == 1 for s in per_qid.values()), name
    assert all(len(s) == 1 for s in split_of_text.values())
    # evouna-nq and openqa-eval-nq301 share NQ questions: the shared ones land in one split.
    nq = {normalize_answer(r.sample.question) for r in load_bundled("openqa-eval-nq301").rows}
    ev = {normalize_answer(r.sample.question) for r in load_bundled("evouna-nq").rows}
    assert len(nq & ev) > 250


def test_split_sizes_follow_the_declared_fractions():
    ds = load_bundled("evouna-nq")
    qs = {r.question_id: r.split for r in ds.rows}
    frac = {s: sum(v == s for v in qs.values()) / len(qs) for s in ("train", "dev", "test")}
    assert abs(frac["train"] - 0.6) < 0.04 and abs(frac["dev"] - 0.2) < 0.03 and abs(frac["test"] - 0.2) < 0.03


def test_improper_and_null_labels_are_excluded_and_counted():
    ev = load_bundled("evouna-nq")
    assert ev.exclusions()["improper"] == 334
    assert all(not r.improper for r in ev.scorable())
    am = load_bundled("answer-matching-gpqa-mmlupro")
    assert am.exclusions()["null_label"] == 118 and all(r.label is not None for r in am.scorable())


def _write(tmp_path, lines, name="mine.jsonl", raw=False):
    p = tmp_path / name
    p.write_bytes(b"\n".join(lines) if raw else "\n".join(lines).encode())
    return p


GOOD = json.dumps({"id": "1", "task_type": "open_qa", "question": "Capital of France?",
                   "candidate": "Paris", "references": ["Paris"], "label": True, "model": "m"})


@pytest.mark.parametrize("bad, line, field, message", [
    ("{not json", 2, None, "invalid JSON"),
    (json.dumps({"id": "2", "task_type": "open_qa", "question": "q", "references": ["a"], "label": True}),
     2, "candidate", "missing"),
    (json.dumps({"id": "2", "task_type": "open_qa", "question": "q", "candidate": "c", "references": "a",
                 "label": True}), 2, "references", "expected list"),
    (json.dumps({"id": "2", "task_type": "open_qa", "question": "q", "candidate": "c", "references": [1],
                 "label": True}), 2, "references[0]", "expected str"),
    (json.dumps({"id": "2", "task_type": "essay", "question": "q", "candidate": "c", "references": ["a"],
                 "label": True}), 2, "task_type", "not one of"),
    (json.dumps({"id": "2", "task_type": "open_qa", "question": "q", "candidate": "c", "references": ["a"],
                 "label": "yes"}), 2, "label", "expected true, false or null"),
    (GOOD, 2, "id", "duplicate id '1' (first on line 1)"),
    ("[1, 2]", 2, None, "expected a JSON object"),
])
def test_malformed_rows_name_file_line_and_field(tmp_path, bad, line, field, message):
    path = _write(tmp_path, [GOOD, bad])
    with pytest.raises(DataError) as err:
        load_jsonl(path)
    assert (err.value.line, err.value.field) == (line, field)
    assert message in str(err.value) and str(path) in str(err.value)


def test_non_utf8_bytes_are_a_clear_error_and_can_be_skipped(tmp_path):
    path = _write(tmp_path, [GOOD.encode(), b'{"id": "\xff\xfe"}', GOOD.replace('"1"', '"3"').encode()], raw=True)
    with pytest.raises(DataError, match="line 2: not valid UTF-8"):
        load_jsonl(path)
    ds = load_jsonl(path, skip_invalid=True)
    assert [r.id for r in ds.rows] == ["1", "3"] and len(ds.skipped) == 1 and ds.skipped[0].line == 2
    assert ds.exclusions()["malformed_skipped"] == 1


def test_user_file_defaults_and_gzip(tmp_path):
    p = tmp_path / "my-set.jsonl.gz"
    with gzip.open(p, "wt") as fh:
        fh.write(json.dumps({"id": "x", "task_type": "math", "question": "1+1?", "candidate": "2",
                             "references": ["2"], "label": None}) + "\n")
    ds = load_jsonl(p)
    assert ds.name == "my-set" and ds.rows[0].question_id == "x" and ds.rows[0].model == "unknown"
    assert ds.scorable() == [] and ds.exclusions()["null_label"] == 1


def test_yaml_or_pickle_payloads_in_a_data_file_are_just_text(tmp_path):
    payload = "!!python/object/apply:os.system ['touch SENTINEL']"
    row = json.loads(GOOD)
    row["candidate"] = payload
    row["meta"] = {"pickle": "cos\nsystem\n(S'touch SENTINEL'\ntR."}
    ds = load_jsonl(_write(tmp_path, [json.dumps(row)]))
    assert ds.rows[0].sample.candidate == payload
    assert not (tmp_path / "SENTINEL").exists()
