"""judges/routed."""
