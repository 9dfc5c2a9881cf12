"""`textDocument/hover`: what the compiler knows of the code under the cursor."""

from __future__ import annotations

from lsprotocol import types as lsp

from pto_lsp.features.hover import hover_markdown
from pto_lsp.server.methods.state import ServerState, snapshot


def hover(ls: ServerState, params: lsp.HoverParams) -> lsp.Hover | None:
    current = snapshot(ls, params.text_document.uri)
    if current is None:
        return None
    line = params.position.line + 1
    column = current.index.byte_column(line, params.position.character, ls.encoding)
    bypass_lowered = ls.settings(current.document.uri).ptoas_cache_policy == "attribute"
    # Only the units over the line: the cost does not grow with the file.
    text = hover_markdown(
        current.analysis.with_last_good.window(line, line),
        line,
        column,
        bypass_lowered,
        current.index.line_text(line),
    )
    if text is None:
        return None
    return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text))
