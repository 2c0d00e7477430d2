"""The blind second read of open-QA round 9 (card, "Second read (blind)"): the second-read file labels exactly the
seeded sample (seed judgesuite-round9-second-read, 50 per model), and the agreement, Cohen's kappa, per-model and
per-prompt-kind figures written in the card are what `agree` computes; round 6's checks, run on round 9. No judge
runs here."""
from __future__ import annotations

from pathlib import Path

from .test_model_openqa_round6_second_read import check_covers_exactly_the_seeded_sample, check_figures_are_agrees

CARD = Path(__file__).resolve().parent / "fixtures" / "model_openqa_round9.md"


def test_second_read_covers_exactly_the_seeded_sample():
    check_covers_exactly_the_seeded_sample(9)


def test_agreement_kappa_and_per_kind_figures_are_the_cards():
    check_figures_are_agrees(9, CARD, disagreements=2, per_kind=True)
