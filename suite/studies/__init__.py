"""suite/studies."""
