"""`textDocument/didOpen`, `didChange`, `didSave`, `didClose`: the open documents kept in
step with the client's, and an analysis scheduled after each change.

Plain functions, not coroutines: pygls runs an `async def` handler as a task, so a request
that arrives right after a change would be answered first, for the text before it. A plain
handler runs as its message is read: every request sees every notification sent before it
(the order the protocol asks for)."""

from __future__ import annotations

import logging

from lsprotocol import types as lsp

from pto_lsp.server.methods.state import ServerState

log = logging.getLogger(__name__)
SAVE_OPTIONS = lsp.SaveOptions(include_text=False)


def did_open(ls: ServerState, params: lsp.DidOpenTextDocumentParams) -> None:
    item = params.text_document
    ls.open(item.uri, item.version, item.text)


def did_change(ls: ServerState, params: lsp.DidChangeTextDocumentParams) -> None:
    document = ls.opened(params.text_document.uri)
    if document is None:  # a change to a document not open: nothing to apply it to
        return
    try:
        document.apply(list(params.content_changes), params.text_document.version, ls.encoding)
    except Exception:  # a change we cannot apply: resynchronise from pygls's copy
        log.exception("could not apply a change to %s", document.uri)
        ls.documents.open(document.uri, params.text_document.version, ls.client_text(document.uri))
    ls.on_change(document.uri)


def did_save(ls: ServerState, params: lsp.DidSaveTextDocumentParams) -> None:
    uri = params.text_document.uri
    if ls.opened(uri) is not None and ls.settings(uri).analyze_on == "save":
        ls.schedule_analysis(uri, immediately=True)
    ls.pypto_checks.on_save(uri)  # the author's own PyPTO, where enabled and allowed


def did_close(ls: ServerState, params: lsp.DidCloseTextDocumentParams) -> None:
    ls.forget(params.text_document.uri)
