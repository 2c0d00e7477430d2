"""judges/encoder."""
