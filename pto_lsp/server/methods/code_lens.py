"""`textDocument/codeLens`: each kernel's on-chip memory use, above its header."""

from __future__ import annotations

from lsprotocol import types as lsp

from pto_lsp.features.memory_use import memory_hints
from pto_lsp.server.methods.state import ServerState, snapshot

OPTIONS = lsp.CodeLensOptions(resolve_provider=False)
_ALL_LINES = 1 << 30


def code_lenses(ls: ServerState, params: lsp.CodeLensParams) -> list[lsp.CodeLens]:
    current = snapshot(ls, params.text_document.uri)
    if current is None:
        return []
    settings = ls.settings(current.document.uri)
    analysis = current.analysis.with_last_good
    # A lens whose command is empty is a label: nothing runs when it is clicked.
    return [
        lsp.CodeLens(range=current.index.range(hint.at, ls.encoding), command=lsp.Command(hint.label, ""))
        for hint in memory_hints(analysis, 1, _ALL_LINES, settings.soc)
    ]
