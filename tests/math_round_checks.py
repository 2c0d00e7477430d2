"""The corpus checks math rounds 8 onwards share (their build scripts' glue is scripts/math_rounds.py): the build
module and files of round n, each (question, model) pairing and prompt as designed, and the round's place in the
measurer (unread, or read once)."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

from .script_modules import load_script
from .test_model_openqa_round6 import _lines

FIXTURES = Path(__file__).resolve().parent / "fixtures"
MODELS = {"qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b"}


def round_paths(n: int) -> tuple[Path, Path]:
    """Math round n's corpus and card."""
    return FIXTURES / f"model_math_round{n}.jsonl", FIXTURES / f"model_math_round{n}.md"


def check_pairings(build, corpus: Path, kinds: tuple, languages: tuple | None = None) -> dict[str, dict]:
    """Each model answered each drawn question at most once, a prefix of the draw (the time cap cuts the end), with
    the prompt kind and language the rotation gives and round 7's decoding; the kinds (and languages) are `kinds`.
    Returns the draw by question id."""
    rows, replies = _lines(corpus), _lines(build.REPLIES)
    drawn = {it["item"]: it for it in build.drawn()}
    assert len(drawn) == build.N_QUESTIONS and build.KINDS == kinds
    assert languages is None or build.LANGUAGES == languages
    pairs = Counter((r["model"], r["question_id"]) for r in rows)
    assert set(pairs.values()) == {1} and {q for _, q in pairs} <= set(drawn)
    assert {m for m, _ in pairs} <= set(build.MODELS) == MODELS
    for row, rep in zip(rows, replies):
        it = drawn[row["question_id"]]
        assert (row["question"], row["references"]) == (it["question"], it["references"])
        assert row["kind"] == row["prompt_style"] == rep["prompt"] == build.prompt_kind(it, row["model"])
        assert row["language"] == rep["language"] == build.language_of(it, row["model"])
        assert (row["language"] is None) == (row["kind"] != "other-language")
        assert (rep["temperature"], rep["seed"], rep["max_tokens"]) == (0.0, 37, 384)
    for model in {r["model"] for r in rows}:
        ks = sorted(drawn[r["question_id"]]["k"] for r in rows if r["model"] == model)
        assert ks == list(range(len(ks)))
    return drawn


def check_rotation(build) -> None:
    """Each model gets each kind equally often, and each question a different kind from each model."""
    drawn = build.drawn()
    for model in build.MODELS:
        assert set(Counter(build.prompt_kind(it, model) for it in drawn).values()) == {
            build.N_QUESTIONS // len(build.KINDS)}
    assert all(len({build.prompt_kind(it, m) for m in build.MODELS}) == 2 for it in drawn)


def check_read_once(split: str, corpus: Path, card: Path, heading: str) -> None:
    """The round was read once (the card's section `heading`) and is in the measurer's `--split all` since."""
    measure = load_script("measure_model_math_styles")
    assert split not in measure.UNREAD
    assert len(measure.select("all", corpus)) == len(measure.select(split, corpus)) == len(_lines(corpus))
    text = card.read_text(encoding="utf-8")
    assert f"## The single read ({heading}; read once)" in text and f"--split {split}" in text
