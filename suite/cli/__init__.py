"""suite/cli."""
