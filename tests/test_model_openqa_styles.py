"""The model-written open-QA answer-style corpus of issue 37 (tests/fixtures/model_openqa_styles.jsonl): its rows
are the replies the build script's judge-free filter keeps, rebuilt byte for byte from the committed replies, on
train/dev questions only. The corpus was held out (`heldout-oqa`) until its single read (card); since then
the cheap judges' figures on it are guarded here."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from judgesuite.judges import Sample, make_judge
from judgesuite.suite.data.loader import split_of

from .script_modules import load_script

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "fixtures" / "model_openqa_styles.jsonl"
CARD = ROOT / "tests" / "fixtures" / "model_openqa_styles.md"


def _builder():
    return load_script("build_model_openqa_styles")


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_the_filter_rerun_on_every_reply_keeps_exactly_the_rows_and_the_card_counts_its_drops():
    b = _builder()
    rows, replies = _lines(CORPUS), _lines(b.REPLIES)
    assert CORPUS.stat().st_size < 1_000_000 and b.REPLIES.stat().st_size < 1_000_000
    items = {it["item"]: it for it in b.items()}
    reasons, kept = Counter(), []
    for rep in replies:
        it = items[rep["item"]]
        reason = b.keep_reason(rep["reply"], rep["finish_reason"], it["final"], it["others"])
        reasons[(it["style"], it["label"], reason)] += 1
        if reason == "kept":
            kept.append((rep, it))
    assert len(kept) == len(rows) and len(replies) > len(rows)
    for row, (rep, it) in zip(rows, kept):
        assert (row["item"], row["candidate"], row["label"], row["intended"]) == (
            it["item"], rep["reply"].strip(), it["label"], it["final"])
        assert row["references"] == it["aliases"] and row["prompt_style"] == it["style"] in b.STYLES
        assert (row["task_type"], row["split"], row["model"]) == ("open_qa", "heldout-oqa", "smollm2-135m")
        assert b.contains(row["candidate"], row["intended"])
        others = row["references"] if not row["label"] else it["others"]
        assert not any(b.contains(row["candidate"], o) for o in others), row["id"]
    assert b.report(reasons) in CARD.read_text(encoding="utf-8")  # the card's tables are the filter's counts


def test_finalize_rebuilds_the_corpus_byte_for_byte(tmp_path, capsys):
    b = _builder()
    b.main(["finalize", "--out", str(tmp_path / "corpus.jsonl")])
    assert (tmp_path / "corpus.jsonl").read_bytes() == CORPUS.read_bytes()
    assert f"{len(_lines(CORPUS))} rows ->" in capsys.readouterr().out


def test_labels_are_balanced_and_every_question_is_train_or_dev_of_the_nq_sets():
    b, rows = _builder(), _lines(CORPUS)
    correct = sum(r["label"] for r in rows)
    assert 0.3 < correct / len(rows) < 0.7 and len(rows) >= 100
    assert {split_of(r["question"]) for r in rows} <= {"train", "dev"}
    assert {r["source"] for r in rows} <= {"evouna-nq", "openqa-eval-nq301"}  # never TriviaQA
    drawn = b.items()
    assert {split_of(it["question"]) for it in drawn} <= {"train", "dev"}
    assert {it["data_split"] for it in drawn} == {"train", "dev"}
    for right, wrong in zip(drawn[::2], drawn[1::2]):  # the wrong answer is another question's, same question word
        assert right["question_id"] == wrong["question_id"] and (right["label"], wrong["label"]) == (True, False)
        assert not any(b.contains(wrong["final"], a) or b.contains(a, wrong["final"]) for a in right["aliases"])
        assert wrong["instruction"] == right["instruction"] and wrong["others"] == right["aliases"]


def test_styles_are_ifeval_templates_or_plain():
    b = _builder()
    for it in b.items()[: 2 * len(b.STYLES): 2]:
        iid = b.STYLES[it["style"]]
        head = b.TEMPLATES[iid].split("{")[0] if iid else b.PLAIN[it["style"]]
        assert it["instruction"].startswith(head) and b.prompt_of(it).endswith(it["instruction"])
    assert "ifeval-two-responses" not in b.STYLES and "ifeval-constrained-response" not in b.STYLES


def test_the_filter_folds_case_accents_articles_and_reads_whole_words():
    b = _builder()
    assert b.keep_reason("It was WILHELM CONRAD RONTGEN.", "stop", "Wilhelm Conrad Röntgen", ["Max Planck"]) == "kept"
    assert b.keep_reason("Beatles, of course.", "stop", "The Beatles", ["Queen"]) == "kept"
    assert b.keep_reason("Released in 19988.", "stop", "1998", []) == "intended answer absent"
    assert b.keep_reason("1998, not 1960.", "stop", "1998", ["1960"]) == "other side's answer present"
    assert b.keep_reason("About 1,000 people.", "stop", "1000", []) == "kept"
    assert b.keep_reason("1998", "length", "1998", []) == "cut off at the token limit"


def _accuracy_and_false_positives(judge_name: str, rows: list[dict]) -> tuple[float, int]:
    with make_judge(judge_name) as judge:
        verdicts = judge.judge([Sample(id=r["id"], task_type="open_qa", question=r["question"],
                                       candidate=r["candidate"], references=tuple(r["references"]))
                                for r in rows])
    said = [v.correct is True for v in verdicts]
    return (sum(s == r["label"] for s, r in zip(said, rows)) / len(rows),
            sum(s and not r["label"] for s, r in zip(said, rows)))


def test_stacked_reads_the_model_written_open_qa_styles_at_least_as_well_as_token_f1():
    """The single read gave stacked 0.984 (3 false "correct") and token-f1 0.946 (10): a change that loses
    stacked's lead on answers written in formats nobody here chose shows up here."""
    rows = _lines(CORPUS)
    stacked, stacked_fp = _accuracy_and_false_positives("stacked", rows)
    token_f1, token_f1_fp = _accuracy_and_false_positives("token-f1", rows)
    assert stacked >= token_f1 and stacked_fp <= token_f1_fp
    assert stacked >= 0.97


MARKUP_CORPUS = ROOT / "tests" / "fixtures" / "model_openqa_markup.jsonl"


def test_round_2_markup_corpus_is_the_filtered_replies_rebuilt_byte_for_byte(tmp_path, capsys):
    b = _builder()
    rows, replies = _lines(MARKUP_CORPUS), _lines(b.ROUNDS[2]["replies"])
    items = {it["item"]: it for it in b.items(round_=2)}
    assert not {r["question_id"] for r in rows} & {r["question_id"] for r in _lines(CORPUS)}  # no round-1 question
    kept = [rep for rep in replies if b.keep_reason(rep["reply"], rep["finish_reason"], items[rep["item"]]["final"],
                                                    items[rep["item"]]["others"]) == "kept"]
    assert [(r["item"], r["candidate"]) for r in rows] == [(k["item"], k["reply"].strip()) for k in kept]
    assert {r["prompt_style"] for r in rows} == set(b.MARKUP) and {r["split"] for r in rows} == {"heldout-oqa-markup"}
    assert all(split_of(r["question"]) in ("train", "dev") for r in rows)
    b.main(["--round", "2", "finalize", "--out", str(tmp_path / "corpus.jsonl")])
    assert (tmp_path / "corpus.jsonl").read_bytes() == MARKUP_CORPUS.read_bytes()
    out = capsys.readouterr().out
    assert out.split(f"{len(rows)} rows ->")[0].strip() in (ROOT / "tests" / "fixtures" / "model_openqa_markup.md"
                                                            ).read_text(encoding="utf-8")


def test_stacked_reads_the_markup_corpus_at_least_as_well_as_token_f1():
    """The single read (card): stacked 0.981 (2 false "correct"), token-f1 0.976 (5)."""
    rows = _lines(MARKUP_CORPUS)
    stacked, stacked_fp = _accuracy_and_false_positives("stacked", rows)
    token_f1, token_f1_fp = _accuracy_and_false_positives("token-f1", rows)
    assert stacked >= token_f1 and stacked_fp <= token_f1_fp and stacked >= 0.97


COMMITTED_CORPUS = ROOT / "tests" / "fixtures" / "model_openqa_committed.jsonl"
REREAD = ROOT / "tests" / "fixtures" / "model_openqa_committed.reread.json"


def test_round_3_corpus_is_the_filtered_replies_rebuilt_byte_for_byte_in_its_fixed_halves(tmp_path, capsys):
    b = _builder()
    rows, replies = _lines(COMMITTED_CORPUS), _lines(b.ROUNDS[3]["replies"])
    items = {it["item"]: it for it in b.items(round_=3)}
    earlier = {r["question_id"] for path in (CORPUS, MARKUP_CORPUS) for r in _lines(path)}
    assert not {r["question_id"] for r in rows} & earlier
    kept = [rep for rep in replies if b.keep_reason(rep["reply"], rep["finish_reason"], items[rep["item"]]["final"],
                                                    items[rep["item"]]["others"], last_wins=True) == "kept"]
    assert [(r["item"], r["candidate"]) for r in rows] == [(k["item"], k["reply"].strip()) for k in kept]
    assert {r["prompt_style"] for r in rows} == set(b.COMMITTED)
    assert all(r["split"] == b.round3_split(r["question_id"]) for r in rows)
    assert all(split_of(r["question"]) in ("train", "dev") for r in rows)
    b.main(["--round", "3", "finalize", "--out", str(tmp_path / "corpus.jsonl")])
    assert (tmp_path / "corpus.jsonl").read_bytes() == COMMITTED_CORPUS.read_bytes()
    capsys.readouterr()


def test_round_3_filter_lets_the_other_answer_occur_only_before_the_intended_one():
    b = _builder()
    assert b.keep_reason("Paris is a common wrong guess. The answer is Lyon.", "stop", "Lyon", ["Paris"], True) == "kept"
    assert b.keep_reason("Lyon is a common wrong guess. The answer is Paris.", "stop", "Lyon", ["Paris"], True) \
        == "other side's answer after the intended one"
    assert b.keep_reason("Paris is a common wrong guess. The answer is Lyon.", "stop", "Lyon", ["Paris"]) \
        == "other side's answer present"


def _as_read(rows: list[dict], path: Path = REREAD) -> list[dict]:
    reread = json.loads(path.read_text(encoding="utf-8"))
    assert set(reread) <= {r["id"] for r in rows} and all(v["why"] for v in reread.values())
    return [{**r, "label": reread[r["id"]]["label_read"]} if r["id"] in reread else r
            for r in rows if reread.get(r["id"], {"label_read": r["label"]})["label_read"] is not None]


def test_labels_as_read_flip_or_leave_out_the_rows_the_card_counts():
    rows = _lines(COMMITTED_CORPUS)
    read = _as_read(rows)
    by_half = Counter((r["split"], r["label"]) for r in read)
    assert by_half == {("dev-oqa-committed", True): 72, ("dev-oqa-committed", False): 71,
                       ("frozen-oqa-committed", True): 70, ("frozen-oqa-committed", False): 77}
    card = (ROOT / "tests" / "fixtures" / "model_openqa_committed.md").read_text(encoding="utf-8")
    assert "| dev | 147 | 8 (all gold rows read incorrect) | 4 | 143 (72 / 71) |" in card
    assert "| frozen | 154 | 5 (all gold rows read incorrect) | 7 | 147 (70 / 77) |" in card


def test_stacked_reads_answers_that_name_a_wrong_guess_far_better_than_token_f1():
    """The single read of the frozen half (card): stacked 0.932 with 6 false "correct" of 77, token-f1 0.667 with 47:
    a reply that names the other answer before committing fools a judge that looks for the reference anywhere."""
    rows = _as_read(_lines(COMMITTED_CORPUS))
    stacked, stacked_fp = _accuracy_and_false_positives("stacked", rows)
    token_f1, token_f1_fp = _accuracy_and_false_positives("token-f1", rows)
    assert stacked >= 0.92 and stacked >= token_f1 + 0.15
    assert stacked_fp * 4 <= token_f1_fp


HELD_OUT_4 = ROOT / "tests" / "fixtures" / "model_openqa_committed2.jsonl"


def test_round_4_corpus_is_the_filtered_replies_rebuilt_byte_for_byte(tmp_path, capsys):
    b = _builder()
    rows = _lines(HELD_OUT_4)
    earlier = {r["question_id"] for path in (CORPUS, MARKUP_CORPUS, COMMITTED_CORPUS) for r in _lines(path)}
    assert not {r["question_id"] for r in rows} & earlier
    assert {r["split"] for r in rows} == {"heldout-oqa-committed-2"}
    assert {r["prompt_style"] for r in rows} == set(b.COMMITTED)
    b.main(["--round", "4", "finalize", "--out", str(tmp_path / "corpus.jsonl")])
    assert (tmp_path / "corpus.jsonl").read_bytes() == HELD_OUT_4.read_bytes()
    capsys.readouterr()
    read = _as_read(rows, ROOT / "tests" / "fixtures" / "model_openqa_committed2.reread.json")
    assert (len(read), sum(r["label"] for r in read)) == (265, 139)


def test_stacked_leads_on_the_held_out_round_4():
    """Its single read (card): stacked (version 9) 0.962 with 8 false "correct" of 126, version 8 0.940, token-f1
    0.751 with 63."""
    rows = _as_read(_lines(HELD_OUT_4), ROOT / "tests" / "fixtures" / "model_openqa_committed2.reread.json")
    stacked, stacked_fp = _accuracy_and_false_positives("stacked", rows)
    token_f1, token_f1_fp = _accuracy_and_false_positives("token-f1", rows)
    assert stacked >= 0.95 and stacked >= token_f1 + 0.15 and stacked_fp * 4 <= token_f1_fp


ROUND_5 = ROOT / "tests" / "fixtures" / "model_openqa_round5.jsonl"
ROUND_5_REREAD = ROOT / "tests" / "fixtures" / "model_openqa_round5.reread.json"


def test_round_5_styles_are_the_formats_no_earlier_round_asked_for():
    b = _builder()
    drawn = b.items(round_=5)
    assert len(drawn) == 400 and {it["style"] for it in drawn} == set(b.FORMATS)
    assert not set(b.FORMATS) & (set(b.STYLES) | set(b.MARKUP) | set(b.COMMITTED))
    for it in drawn:
        assert it["instruction"] == b.FORMATS[it["style"]] and b.prompt_of(it).endswith(it["instruction"])
    earlier = {it["question_id"] for r in (1, 2, 3, 4) for it in b.items(round_=r)}
    assert not {it["question_id"] for it in drawn} & earlier
    assert {split_of(it["question"]) for it in drawn} <= {"train", "dev"}
    assert {it["source"] for it in drawn} <= {"evouna-nq", "openqa-eval-nq301"}  # never TriviaQA
    for right, wrong in zip(drawn[::2], drawn[1::2]):  # round 1's construction
        assert right["question_id"] == wrong["question_id"] and (right["label"], wrong["label"]) == (True, False)
        assert right["others"] == [wrong["final"]] and wrong["others"] == right["aliases"]
        assert not any(b.contains(wrong["final"], a) or b.contains(a, wrong["final"]) for a in right["aliases"])
    assert 5 not in b.LAST_WINS  # round 1's filter: the other side's answer may not occur anywhere


def test_round_5_corpus_is_the_filtered_replies_rebuilt_byte_for_byte(tmp_path, capsys):
    b = _builder()
    rows, replies = _lines(ROUND_5), _lines(b.ROUNDS[5]["replies"])
    items = {it["item"]: it for it in b.items(round_=5)}
    assert len(replies) == len(items) == len({r["item"] for r in replies})
    reasons, kept = Counter(), []
    for rep in replies:  # the filter re-run on every reply
        it = items[rep["item"]]
        reason = b.keep_reason(rep["reply"], rep["finish_reason"], it["final"], it["others"])
        reasons[(it["style"], it["label"], reason)] += 1
        if reason == "kept":
            kept.append((rep, it))
    assert len(kept) == len(rows)
    for row, (rep, it) in zip(rows, kept):
        assert (row["item"], row["candidate"], row["label"], row["intended"], row["references"]) == (
            it["item"], rep["reply"].strip(), it["label"], it["final"], it["aliases"])
        assert not any(b.contains(row["candidate"], o) for o in it["others"]), row["id"]
    assert {r["split"] for r in rows} == {"heldout-oqa-round5"} and {r["prompt_style"] for r in rows} == set(b.FORMATS)
    assert all(split_of(r["question"]) in ("train", "dev") for r in rows)
    earlier = {r["question_id"] for path in (CORPUS, MARKUP_CORPUS, COMMITTED_CORPUS, HELD_OUT_4) for r in _lines(path)}
    assert not {r["question_id"] for r in rows} & earlier
    b.main(["--round", "5", "finalize", "--out", str(tmp_path / "corpus.jsonl")])
    assert (tmp_path / "corpus.jsonl").read_bytes() == ROUND_5.read_bytes()
    out = capsys.readouterr().out
    assert b.report(reasons, 5) in out and b.report(reasons, 5) in ROUND_5.with_suffix(".md").read_text(encoding="utf-8")


def test_round_5_labels_as_read_and_the_measurer_reads_them_without_a_judge():
    """Every kept reply read once before any judge ran (card): 1 gold row read incorrect, 10 rows left out."""
    rows = _lines(ROUND_5)
    read = _as_read(rows, ROUND_5_REREAD)
    assert (len(read), sum(r["label"] for r in read)) == (217, 105)
    reread = json.loads(ROUND_5_REREAD.read_text(encoding="utf-8"))
    assert Counter(v["label_read"] for v in reread.values()) == {None: 10, False: 1}
    assert "**217 (105 correct / 112 incorrect)**" in ROUND_5.with_suffix(".md").read_text(encoding="utf-8")
    measurer = load_script("measure_model_openqa_styles")
    relabelled = measurer.relabel(measurer.load_rows(ROUND_5), reread)
    assert [(r["id"], r["label"]) for r in relabelled] == [(r["id"], r["label"]) for r in read]
    assert all(measurer.sample_of(r).candidate == r["candidate"] for r in relabelled)


def test_stacked_leads_token_f1_on_the_held_out_round_5():
    """Its single read (card): stacked 0.977 with 5 false "correct" of 112, token-f1 0.945 with 10; other languages,
    hedges, chatty replies, code then output, bare JSON."""
    rows = _as_read(_lines(ROUND_5), ROUND_5_REREAD)
    stacked, stacked_fp = _accuracy_and_false_positives("stacked", rows)
    token_f1, token_f1_fp = _accuracy_and_false_positives("token-f1", rows)
    assert stacked >= 0.97 and stacked >= token_f1 + 0.02 and stacked_fp * 2 <= token_f1_fp
