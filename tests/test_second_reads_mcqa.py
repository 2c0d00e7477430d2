"""The blind second reads of open-QA rounds 11-18 (multiple-choice questions asked without their
options; cards, "Second read (blind)"): each second-read file labels exactly its round's seeded sample (50 per model),
and the agreement, Cohen's kappa, per-model and per-prompt-kind figures written in the card are what `agree` computes;
round 6's checks. No judge runs here."""
from __future__ import annotations

from pathlib import Path

from .test_model_openqa_round6_second_read import check_covers_exactly_the_seeded_sample, check_figures_are_agrees

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def test_round18_second_read_covers_exactly_the_seeded_sample():
    check_covers_exactly_the_seeded_sample(18)


def test_round18_agreement_kappa_and_per_kind_figures_are_the_cards():
    check_figures_are_agrees(18, FIXTURES / "model_openqa_round18.md", disagreements=2, per_kind=True)


def test_round17_second_read_covers_exactly_the_seeded_sample():
    check_covers_exactly_the_seeded_sample(17)


def test_round17_agreement_kappa_and_per_kind_figures_are_the_cards():
    check_figures_are_agrees(17, FIXTURES / "model_openqa_round17.md", disagreements=2, per_kind=True)


def test_round16_second_read_covers_exactly_the_seeded_sample():
    check_covers_exactly_the_seeded_sample(16)


def test_round16_agreement_kappa_and_per_kind_figures_are_the_cards():
    check_figures_are_agrees(16, FIXTURES / "model_openqa_round16.md", disagreements=1, per_kind=True)


def test_round15_second_read_covers_exactly_the_seeded_sample():
    check_covers_exactly_the_seeded_sample(15)


def test_round15_agreement_kappa_and_per_kind_figures_are_the_cards():
    check_figures_are_agrees(15, FIXTURES / "model_openqa_round15.md", disagreements=3, per_kind=True)


def test_round14_second_read_covers_exactly_the_seeded_sample():
    check_covers_exactly_the_seeded_sample(14)


def test_round14_agreement_kappa_and_per_kind_figures_are_the_cards():
    check_figures_are_agrees(14, FIXTURES / "model_openqa_round14.md", disagreements=1, per_kind=True)


def test_round13_second_read_covers_exactly_the_seeded_sample():
    check_covers_exactly_the_seeded_sample(13)


def test_round13_agreement_kappa_and_per_kind_figures_are_the_cards():
    check_figures_are_agrees(13, FIXTURES / "model_openqa_round13.md", disagreements=3, per_kind=True)


def test_round12_second_read_covers_exactly_the_seeded_sample():
    check_covers_exactly_the_seeded_sample(12)


def test_round12_agreement_kappa_and_per_kind_figures_are_the_cards():
    check_figures_are_agrees(12, FIXTURES / "model_openqa_round12.md", disagreements=3, per_kind=True)


def test_round11_second_read_covers_exactly_the_seeded_sample():
    check_covers_exactly_the_seeded_sample(11)


def test_round11_agreement_kappa_and_per_kind_figures_are_the_cards():
    check_figures_are_agrees(11, FIXTURES / "model_openqa_round11.md", disagreements=3, per_kind=True)
