"""`textDocument/hover`: what the compiler knows of the code under the cursor."""

from __future__ import annotations

from lsprotocol import types as lsp

from pto_lsp.features import memory_use
from pto_lsp.features.hover import hover_markdown
from pto_lsp.server.methods.state import ServerState, snapshot


def hover(ls: ServerState, params: lsp.HoverParams) -> lsp.Hover | None:
    current = snapshot(ls, params.text_document.uri)
    if current is None:
        return None
    line = params.position.line + 1
    column = current.index.byte_column(line, params.position.character, ls.encoding)
    settings = ls.settings(current.document.uri)
    bypass_lowered = settings.ptoas_cache_policy == "attribute"
    # Only the units over the line: the cost does not grow with the file.
    window = current.analysis.with_last_good.window(line, line)
    text = hover_markdown(window, line, column, bypass_lowered, current.index.line_text(line))
    kernel = memory_use.kernel_at(window, line)  # a kernel's header: its on-chip memory too
    memory = memory_use.hover_markdown(kernel, settings.soc) if kernel is not None else None
    if memory is not None:
        text = memory if text is None else f"{text}\n\n---\n\n{memory}"
    if text is None:
        return None
    return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text))
