"""`textDocument/codeAction`: the quick fixes of the diagnostics in the range."""

from __future__ import annotations

from lsprotocol import types as lsp

from pto_lsp.features.lsp_diagnostics import to_lsp
from pto_lsp.features.quick_fixes import quick_fixes
from pto_lsp.features.source_edits import SourceText
from pto_lsp.server.methods.state import ServerState, snapshot

OPTIONS = lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix])


def code_actions(ls: ServerState, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
    current = snapshot(ls, params.text_document.uri)
    if current is None:
        return []
    document, index = current.document, current.index
    wanted = params.range
    analysis = current.analysis.window(wanted.start.line + 1, wanted.end.line + 1)
    source = SourceText(index.line_text, document.unit_at)
    actions = []
    for diagnostic in analysis.diagnostics:
        published = to_lsp(diagnostic, index, document.uri, ls.encoding)
        if not _overlaps(published.range, wanted):
            continue
        for fix in quick_fixes(analysis, source, diagnostic):
            edits = [
                lsp.TextEdit(range=index.range(edit.span, ls.encoding), new_text=edit.new_text)
                for edit in fix.edits
            ]
            actions.append(
                lsp.CodeAction(
                    title=fix.title,
                    kind=lsp.CodeActionKind.QuickFix,
                    diagnostics=[published],
                    edit=lsp.WorkspaceEdit(changes={document.uri: edits}),
                    is_preferred=fix.preferred or None,
                )
            )
    return actions


def _overlaps(a: lsp.Range, b: lsp.Range) -> bool:
    def key(p: lsp.Position) -> tuple[int, int]:
        return (p.line, p.character)

    return key(a.start) <= key(b.end) and key(b.start) <= key(a.end)
