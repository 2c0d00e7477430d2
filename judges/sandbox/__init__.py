"""judges/sandbox."""
