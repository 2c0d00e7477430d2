"""judges/math."""
