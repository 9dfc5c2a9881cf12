"""The language server: pygls transport over the analysis engine."""

from pto_lsp.server.app import PtoLanguageServer, create_server

__all__ = ["PtoLanguageServer", "create_server"]
