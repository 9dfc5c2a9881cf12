"""The `pto-lsp` command line: check, compile, explain and serve."""

from pto_lsp.cli.entry_point import main

__all__ = ["main"]
