"""Passes over the IR, named and numbered like the real pipeline."""
