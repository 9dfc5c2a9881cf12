"""pto-lsp: the PyPTO language server and command-line checker."""

__version__ = "0.1.0"
