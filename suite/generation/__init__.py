"""suite/generation."""
