"""suite/data."""
