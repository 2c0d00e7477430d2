"""Learned judges: `stacked`, a gradient-boosted combination of cheap answer-matching features."""
