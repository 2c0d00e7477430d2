"""suite/evaluation."""
