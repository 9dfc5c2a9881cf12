"""The pygls server: documents, the engine, settings, and when to publish.

Analysis of a document is scheduled after each change (debounced; or on save,
if so configured) and its diagnostics are published with the version they
describe, unless a newer version arrived meanwhile. A failure in one analysis
is logged and answered with nothing; the server goes on. Request handlers live
in `handlers.py`, one thin adapter per LSP method.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from pathlib import Path
from typing import Any

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from compiler.analysis import ModuleAnalysis
from pto_lsp import __version__
from pto_lsp.diagnostics import to_lsp
from pto_lsp.documents import Document, DocumentStore
from pto_lsp.engine import AnalysisEngine
from pto_lsp.features.notes import declaration_notes
from pto_lsp.positions import Encoding, LineIndex
from pto_lsp.server import handlers
from pto_lsp.settings import Settings, settings_for
from pto_lsp.sources import imports_pypto_language

log = logging.getLogger(__name__)
SECTION = "ptoLsp"


class PtoLanguageServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("pto-lsp", __version__, text_document_sync_kind=lsp.TextDocumentSyncKind.Incremental)
        self.documents = DocumentStore()
        self.engine = AnalysisEngine()
        self.editor_options: Any = None
        self._pending: dict[str, asyncio.Task[None]] = {}
        self._analyses: dict[str, tuple[int, ModuleAnalysis]] = {}

    # ------------------------------------------------------------ settings

    def settings(self, uri: str) -> Settings:
        """Defaults, then `[tool.pto-lsp]` of the file's project, then the editor's settings."""
        path = to_fs_path(uri)
        return settings_for(Path(path) if path else None, self.editor_options)

    @property
    def encoding(self) -> Encoding:
        negotiated = self.workspace.position_encoding if self.protocol.workspace is not None else None
        value = negotiated.value if isinstance(negotiated, lsp.PositionEncodingKind) else negotiated
        return Encoding(value) if value in {e.value for e in Encoding} else Encoding.UTF16

    async def pull_configuration(self) -> None:
        """Ask the client for the `ptoLsp` section (when it can answer) and re-check open files."""
        workspace = self.client_capabilities.workspace
        if workspace is not None and workspace.configuration:
            try:
                result = await self.workspace_configuration_async(
                    lsp.ConfigurationParams(items=[lsp.ConfigurationItem(section=SECTION)])
                )
            except Exception as error:  # a client that fails the request keeps the settings it had
                log.warning("workspace/configuration failed: %s", error)
            else:
                if result and isinstance(result[0], dict):
                    self.editor_options = {SECTION: result[0]}
        self.reanalyse_all()

    def reanalyse_all(self) -> None:
        self._analyses.clear()
        for uri in self.documents.uris():
            self.schedule_analysis(uri, immediately=True)

    # ------------------------------------------------------------ analysis

    def schedule_analysis(self, uri: str, immediately: bool = False) -> None:
        previous = self._pending.pop(uri, None)
        if previous is not None:
            previous.cancel()
        delay = 0.0 if immediately else self.settings(uri).debounce_ms / 1000
        self._pending[uri] = asyncio.get_running_loop().create_task(self._analyse_after(uri, delay))

    def on_change(self, uri: str) -> None:
        if self.settings(uri).analyze_on == "change":
            self.schedule_analysis(uri)

    def forget(self, uri: str) -> None:
        pending = self._pending.pop(uri, None)
        if pending is not None:
            pending.cancel()
        self.documents.close(uri)
        self._analyses.pop(uri, None)
        self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

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

    def _diagnostics(self, document: Document) -> list[lsp.Diagnostic]:
        analysis = self.analysis(document)
        if analysis is None:
            return []  # not a PyPTO kernel: nothing to say
        disabled = self.settings(document.uri).hidden_codes
        index = LineIndex(document.text)
        found = [*analysis.diagnostics, *declaration_notes(analysis)]
        return [to_lsp(d, index, document.uri, self.encoding) for d in found if d.code not in disabled]


class _ServerLogHandler(logging.Handler):
    """Errors of the server reach the client's log (`window/logMessage`), never a popup."""

    def __init__(self, server: PtoLanguageServer) -> None:
        super().__init__(level=logging.ERROR)
        self._server = server

    def emit(self, record: logging.LogRecord) -> None:
        with contextlib.suppress(Exception):  # logging must never raise
            self._server.window_log_message(
                lsp.LogMessageParams(type=lsp.MessageType.Error, message=self.format(record))
            )


def create_server() -> PtoLanguageServer:
    server = PtoLanguageServer()
    logging.getLogger("pto_lsp").addHandler(_ServerLogHandler(server))

    @server.feature(lsp.INITIALIZE)
    def initialize(ls: PtoLanguageServer, params: lsp.InitializeParams) -> None:
        ls.editor_options = params.initialization_options

    @server.feature(lsp.INITIALIZED)
    async def initialized(ls: PtoLanguageServer, params: lsp.InitializedParams) -> None:
        workspace = ls.client_capabilities.workspace
        dynamic = workspace.did_change_configuration if workspace else None
        if dynamic is not None and dynamic.dynamic_registration:
            registration = lsp.Registration(
                id="ptoLsp-configuration", method=lsp.WORKSPACE_DID_CHANGE_CONFIGURATION
            )
            try:
                await ls.client_register_capability_async(
                    lsp.RegistrationParams(registrations=[registration])
                )
            except Exception as error:  # the client says it can, but cannot: settings stay as they are
                log.warning("could not register for configuration changes: %s", error)
        await ls.pull_configuration()

    @server.feature(lsp.WORKSPACE_DID_CHANGE_CONFIGURATION)
    async def did_change_configuration(
        ls: PtoLanguageServer, params: lsp.DidChangeConfigurationParams
    ) -> None:
        if isinstance(params.settings, dict) and SECTION in params.settings:
            ls.editor_options = params.settings
        await ls.pull_configuration()

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
        ls.on_change(document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE, lsp.SaveOptions(include_text=False))
    async def did_save(ls: PtoLanguageServer, params: lsp.DidSaveTextDocumentParams) -> None:
        uri = params.text_document.uri
        if ls.documents.get(uri) is not None and ls.settings(uri).analyze_on == "save":
            ls.schedule_analysis(uri, immediately=True)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: PtoLanguageServer, params: lsp.DidCloseTextDocumentParams) -> None:
        ls.forget(params.text_document.uri)

    handlers.register(server)
    return server
