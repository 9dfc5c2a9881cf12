"""Syntax layer: Python `ast` of the module's units, and the module environment."""
