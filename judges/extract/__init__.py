"""judges/extract."""
