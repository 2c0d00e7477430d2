"""suite/training."""
