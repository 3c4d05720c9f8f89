"""The PyScript front end of pygame_rules (runs in the browser only)."""
