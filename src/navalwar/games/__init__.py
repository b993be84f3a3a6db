"""Game packages: each holds only its own rules (see DESIGN.md)."""
