"""`textDocument/codeLens`: each kernel's on-chip memory use, above its definition (its
decorators with it: the lens never comes between a decorator and its `def`), or above
the `with pl.at(...)` scope it is outlined from. Clicking it opens the memory view
(`ptoLsp.showMemory`, the VS Code extension's command, with the document and the kernel)."""

from __future__ import annotations

from lsprotocol import types as lsp

from compiler.base.span import Span
from pto_lsp.features.memory_use import memory_hints
from pto_lsp.server.methods.state import ServerState, snapshot
from pto_lsp.workspace.positions import LineIndex

OPTIONS = lsp.CodeLensOptions(resolve_provider=False)
SHOW_MEMORY = "ptoLsp.showMemory"  # the client's command: the memory view of one kernel
_ALL_LINES = 1 << 30
_DECORATOR_LINES = 20  # how far above a `def` its decorators are looked for


def code_lenses(ls: ServerState, params: lsp.CodeLensParams) -> list[lsp.CodeLens]:
    current = snapshot(ls, params.text_document.uri)
    if current is None:
        return []
    uri = current.document.uri
    settings = ls.settings(uri)
    analysis = current.analysis.with_last_good
    lenses = []
    for hint in memory_hints(analysis, 1, _ALL_LINES, settings.soc):
        first = decorated_from(current.index, hint.at.start_line)
        at = Span(first, 0, first, 0)
        lenses.append(
            lsp.CodeLens(
                range=current.index.range(at, ls.encoding),
                command=lsp.Command(
                    title=hint.label, command=SHOW_MEMORY, arguments=[uri, hint.kernel], tooltip=hint.tooltip
                ),
            )
        )
    return lenses


def decorated_from(index: LineIndex, line: int) -> int:
    """The first line (1-based) of the decorators above the `def` on `line` (`line` itself
    when there are none, or when it is a scope's header): a decorator line starts with `@`
    at the `def`'s indentation; the lines of a decorator's arguments are more indented, or
    close its bracket."""
    text = index.line_text(line)
    if not text.lstrip().startswith(("def ", "async def ")):
        return line
    indent = len(text) - len(text.lstrip())
    first = line
    for above in range(line - 1, max(line - _DECORATOR_LINES, 1) - 1, -1):
        row = index.line_text(above)
        stripped = row.lstrip()
        if not stripped:
            break
        depth = len(row) - len(stripped)
        if stripped.startswith("@") and depth == indent:
            first = above
        elif depth <= indent and not stripped.startswith((")", "]", "}")):
            break
    return first
