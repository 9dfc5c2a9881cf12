"""`textDocument/documentSymbol`: the outline of programs, kernels and functions."""

from __future__ import annotations

from typing import Any

from lsprotocol import types as lsp

from pto_lsp.features.document_outline import outline
from pto_lsp.server.methods.state import ServerState, snapshot


def symbols(ls: ServerState, params: lsp.DocumentSymbolParams) -> list[dict[str, Any]]:
    current = snapshot(ls, params.text_document.uri)
    if current is None:
        return []
    # JSON kept per unit (pygls sends a plain list as it is).
    return outline(current.analysis.with_last_good, current.index, ls.encoding)
