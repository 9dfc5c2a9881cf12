"""The pygls server: one thin handler per LSP method over the session's engine.

Analysis of a document is scheduled after each change (debounced) and its
diagnostics are published with the version they describe, unless a newer
version arrived meanwhile. A failure in one analysis is logged and answered
with nothing; the server goes on.
"""

from __future__ import annotations

import asyncio
import logging

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer

from compiler.analysis import ModuleAnalysis
from pto_lsp import __version__
from pto_lsp.diagnostics import to_lsp
from pto_lsp.documents import Document, DocumentStore
from pto_lsp.engine import AnalysisEngine
from pto_lsp.features.notes import declaration_notes
from pto_lsp.positions import Encoding, LineIndex
from pto_lsp.server import handlers
from pto_lsp.server.settings import Settings
from pto_lsp.sources import imports_pypto_language

log = logging.getLogger(__name__)


class PtoLanguageServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("pto-lsp", __version__, text_document_sync_kind=lsp.TextDocumentSyncKind.Incremental)
        self.documents = DocumentStore()
        self.engine = AnalysisEngine()
        self.settings = Settings()
        self._pending: dict[str, asyncio.Task[None]] = {}
        self._analyses: dict[str, tuple[int, ModuleAnalysis]] = {}

    @property
    def encoding(self) -> Encoding:
        negotiated = self.workspace.position_encoding if self.protocol.workspace is not None else None
        value = negotiated.value if isinstance(negotiated, lsp.PositionEncodingKind) else negotiated
        return Encoding(value) if value in {e.value for e in Encoding} else Encoding.UTF16

    def schedule_analysis(self, uri: str, immediately: bool = False) -> None:
        previous = self._pending.pop(uri, None)
        if previous is not None:
            previous.cancel()
        delay = 0.0 if immediately else self.settings.debounce_ms / 1000
        self._pending[uri] = asyncio.get_running_loop().create_task(self._analyse_after(uri, delay))

    def forget(self, uri: str) -> None:
        pending = self._pending.pop(uri, None)
        if pending is not None:
            pending.cancel()
        self.documents.close(uri)
        self._analyses.pop(uri, None)
        self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    async def _analyse_after(self, uri: str, delay: float) -> None:
        if delay > 0:
            await asyncio.sleep(delay)
        document = self.documents.get(uri)
        if document is None:
            return
        version = document.version
        try:
            diagnostics = self._diagnostics(document)
        except Exception:  # the server never dies: log, publish nothing for this version
            log.exception("analysis of %s (version %s) failed", uri, version)
            return
        current = self.documents.get(uri)
        if current is None or current.version != version:
            return  # superseded while we worked: its own analysis will publish
        self.text_document_publish_diagnostics(
            lsp.PublishDiagnosticsParams(uri=uri, version=version, diagnostics=diagnostics)
        )

    def analysis(self, document: Document) -> ModuleAnalysis | None:
        """The analysis of the document's current version (None: not a PyPTO kernel)."""
        if not imports_pypto_language(document.text):
            return None
        cached = self._analyses.get(document.uri)
        if cached is not None and cached[0] == document.version:
            return cached[1]
        analysis = self.engine.analyse(document.uri, document.units())
        self._analyses[document.uri] = (document.version, analysis)
        return analysis

    def _diagnostics(self, document: Document) -> list[lsp.Diagnostic]:
        analysis = self.analysis(document)
        if analysis is None:
            return []  # not a PyPTO kernel: nothing to say
        index = LineIndex(document.text)
        found = [*analysis.diagnostics, *declaration_notes(analysis)]
        return [to_lsp(d, index, document.uri, self.encoding) for d in found]


def create_server() -> PtoLanguageServer:
    server = PtoLanguageServer()

    @server.feature(lsp.INITIALIZE)
    def initialize(ls: PtoLanguageServer, params: lsp.InitializeParams) -> None:
        ls.settings.update(params.initialization_options)

    @server.feature(lsp.WORKSPACE_DID_CHANGE_CONFIGURATION)
    def did_change_configuration(ls: PtoLanguageServer, params: lsp.DidChangeConfigurationParams) -> None:
        ls.settings.update(params.settings)

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    async def did_open(ls: PtoLanguageServer, params: lsp.DidOpenTextDocumentParams) -> None:
        item = params.text_document
        ls.documents.open(item.uri, item.version, item.text)
        ls.schedule_analysis(item.uri, immediately=True)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls: PtoLanguageServer, params: lsp.DidChangeTextDocumentParams) -> None:
        document = ls.documents.get(params.text_document.uri)
        if document is None:
            return
        try:
            document.apply(list(params.content_changes), params.text_document.version, ls.encoding)
        except Exception:  # a change we cannot apply: resynchronise from pygls's copy
            log.exception("could not apply a change to %s", document.uri)
            text = ls.workspace.get_text_document(document.uri).source
            ls.documents.open(document.uri, params.text_document.version, text)
        ls.schedule_analysis(document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: PtoLanguageServer, params: lsp.DidCloseTextDocumentParams) -> None:
        ls.forget(params.text_document.uri)

    handlers.register(server)
    return server
