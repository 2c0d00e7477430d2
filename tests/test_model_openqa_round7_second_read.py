"""The blind second read of open-QA round 7 (card, "Second read (blind)"): the second-read file labels exactly the
seeded sample (seed judgesuite-round7-second-read, 50 per model), and the agreement, Cohen's kappa, per-model and
per-prompt-kind figures written in the card are what `agree` computes; round 6's checks, run on round 7."""
from __future__ import annotations

from pathlib import Path

from .test_model_openqa_round6_second_read import check_covers_exactly_the_seeded_sample, check_figures_are_agrees

CARD = Path(__file__).resolve().parent / "fixtures" / "model_openqa_round7.md"


def test_second_read_covers_exactly_the_seeded_sample():
    check_covers_exactly_the_seeded_sample(7)


def test_agreement_kappa_and_per_kind_figures_are_the_cards():
    check_figures_are_agrees(7, CARD, disagreements=1, per_kind=True)
