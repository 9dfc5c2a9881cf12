"""The pygls server: documents, the engine, settings, and when to publish.

Analysis of a document is scheduled after each change (debounced; or on save,
if so configured) and its diagnostics are published with the version they
describe, unless a newer version arrived meanwhile. A failure in one analysis
is logged and answered with nothing; the server goes on. The LSP methods live in
`methods/`, one module per method, registered in `routes.py`; the framing and the
stdio/TCP/WebSocket transports in `transport.py`, the lifecycle in `lifecycle.py`.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import inspect
import logging
import sys
import time
from collections.abc import Coroutine, Iterator, Sequence
from typing import Any, BinaryIO

from lsprotocol import types as lsp

try:
    import fcntl
except ImportError:  # not on Windows
    fcntl = None  # type: ignore[assignment]
from pygls.lsp.server import LanguageServer
from pygls.protocol import default_converter
from pygls.protocol.language_server import lsp_method

from pto_lsp import __version__
from pto_lsp.features.publishing import (
    DiagnosticPayloads,
    Publication,
    analysis_failed,
    diagnostics_notification,
    hidden_codes,
)
from pto_lsp.features.typing_hold import TypingHold, only_held_back_errors_stop_the_import
from pto_lsp.server import lifecycle, routes, transport
from pto_lsp.server.early_open import FirstDocuments, settings_of
from pto_lsp.server.early_start import StdinPump
from pto_lsp.server.framing import frame
from pto_lsp.server.methods.configuration import SECTION
from pto_lsp.server.pypto_check import PyptoChecks
from pto_lsp.workspace.documents import Document, DocumentStore
from pto_lsp.workspace.engine import AnalysisEngine
from pto_lsp.workspace.placement import DocumentAnalysis
from pto_lsp.workspace.positions import Encoding
from pto_lsp.workspace.settings import Settings

log = logging.getLogger(__name__)


class _DocumentsProtocol(lifecycle.LifecycleProtocol):
    """pygls's protocol, with the LSP lifecycle by the book (`lifecycle.py`), except that
    pygls's own copy of an open document is not edited on every change: pygls re-splits
    the whole text for each change, work in proportion to the file on every keystroke.
    `Document` keeps the text; pygls's copy is brought up to date only if it is read
    (`workspace_text`)."""

    # Changes kept for pygls's copy are bounded: past these, the copy is brought up to date.
    _MAX_UNSYNCED = 256
    _MAX_UNSYNCED_BYTES = 1 << 20

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._unsynced: dict[str, list[lsp.DidChangeTextDocumentParams]] = {}
        self._unsynced_bytes: dict[str, int] = {}

    @lsp_method(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: lsp.DidChangeTextDocumentParams) -> Any:
        uri = params.text_document.uri
        if uri in self.workspace.text_documents:  # a change to a document never opened is not kept
            self._keep_unsynced(uri, params)
        if (user_handler := self.fm.features.get(lsp.TEXT_DOCUMENT_DID_CHANGE)) is not None:
            yield user_handler, (params,), None

    def _keep_unsynced(self, uri: str, params: lsp.DidChangeTextDocumentParams) -> None:
        pending = self._unsynced.setdefault(uri, [])
        if any(isinstance(c, lsp.TextDocumentContentChangeWholeDocument) for c in params.content_changes):
            pending.clear()  # the whole text, replaced: nothing before it matters any more
            self._unsynced_bytes[uri] = 0
        pending.append(params)
        size = self._unsynced_bytes.get(uri, 0) + sum(len(c.text) for c in params.content_changes)
        self._unsynced_bytes[uri] = size
        if len(pending) > self._MAX_UNSYNCED or size > self._MAX_UNSYNCED_BYTES:
            self.workspace_text(uri)

    @lsp_method(lsp.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: lsp.DidOpenTextDocumentParams) -> Any:
        self._unsynced.pop(params.text_document.uri, None)
        self._unsynced_bytes.pop(params.text_document.uri, None)
        yield from super().lsp_text_document__did_open(params)

    @lsp_method(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: lsp.DidCloseTextDocumentParams) -> Any:
        self._unsynced.pop(params.text_document.uri, None)
        self._unsynced_bytes.pop(params.text_document.uri, None)
        yield from super().lsp_text_document__did_close(params)

    def workspace_text(self, uri: str) -> str:
        """pygls's copy of a document, with the changes it has not seen applied."""
        self._unsynced_bytes.pop(uri, None)
        for params in self._unsynced.pop(uri, []):
            for change in params.content_changes:
                self.workspace.update_text_document(params.text_document, _copy_of(change))
        return self.workspace.get_text_document(uri).source


def _copy_of(change: lsp.TextDocumentContentChangeEvent) -> lsp.TextDocumentContentChangeEvent:
    """A change for pygls's copy, its range a copy of the client's: pygls's position codec
    clamps a position past its line's end in place (by its own line breaks: a form feed
    ends a line there), and the change it is given may be the one the server is about to
    apply (the copy is brought up to date before the change that makes it too far behind)."""
    if not isinstance(change, lsp.TextDocumentContentChangePartial):
        return change
    start, end = change.range.start, change.range.end
    return lsp.TextDocumentContentChangePartial(
        range=lsp.Range(
            start=lsp.Position(line=start.line, character=start.character),
            end=lsp.Position(line=end.line, character=end.character),
        ),
        text=change.text,
        range_length=change.range_length,
    )


class PtoLanguageServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(
            "pto-lsp",
            __version__,
            text_document_sync_kind=lsp.TextDocumentSyncKind.Incremental,
            protocol_cls=_DocumentsProtocol,
        )
        self.documents = DocumentStore()
        self.engine = AnalysisEngine()
        self.editor_options: Any = None
        self._pending: dict[str, asyncio.Task[None]] = {}
        self._analyses: dict[str, tuple[int, DocumentAnalysis]] = {}
        self._payloads: dict[str, DiagnosticPayloads] = {}
        self._holds: dict[str, TypingHold] = {}
        self._background: set[asyncio.Future[Any]] = set()
        self._inlay_refresh_out = False  # a workspace/inlayHint/refresh awaits its answer
        self._idle_collection: asyncio.TimerHandle | None = None
        # What happened since the last collection that looked at frozen objects too.
        self._analysed_at_full_collection = 0
        self._closed_since_full_collection = False
        self._grown: object = None  # the writer whose pipe was grown
        # uri -> (version, text) of each document the start opened before the server loaded.
        self._opened_early: dict[str, tuple[int, str]] = {}
        # The author's own PyPTO, run on save where allowed (`pypto_check.py`).
        self.pypto_checks = PyptoChecks(self)

    # ------------------------------------------------------------ transports
    # pygls's, with the reader of `transport.py` (framing that recovers from a broken
    # frame) and the lifecycle of `lifecycle.py` (the exit status the spec asks for).

    def start_io(
        self, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None, pump: StdinPump | None = None
    ) -> None:
        transport.start_io(self, stdin or sys.stdin.buffer, stdout or sys.stdout.buffer, pump)

    def start_tcp(self, host: str, port: int) -> None:
        transport.start_tcp(self, host, port)

    def start_ws(self, host: str, port: int, allowed_origins: Sequence[str] = ()) -> None:
        transport.start_ws(self, host, port, allowed_origins)

    @property
    def exit_status(self) -> int:
        """0 after `shutdown` then `exit`, else 1."""
        return lifecycle.exit_status(self)

    # ------------------------------------------------------------ settings

    def settings(self, uri: str) -> Settings:
        """Defaults, then `[tool.pto-lsp]` of the file's project, then the editor's settings."""
        return settings_of(uri, self.editor_options)

    @property
    def encoding(self) -> Encoding:
        negotiated = self.workspace.position_encoding if self.protocol.workspace is not None else None
        value = negotiated.value if isinstance(negotiated, lsp.PositionEncodingKind) else negotiated
        return Encoding.negotiated(value)

    async def pull_configuration(self, always: bool = False) -> None:
        """Ask the client for the `ptoLsp` section (when it can answer) and re-check open files
        if the settings changed, or `always` (a re-check publishes again: not for nothing at
        start, when the author may be typing already)."""
        before = self.editor_options
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
        if always or self.editor_options != before:
            self.reanalyse_all()

    async def register_for_configuration_changes(self) -> None:
        """Ask to be told of settings changes, when the client registers them dynamically."""
        workspace = self.client_capabilities.workspace
        dynamic = workspace.did_change_configuration if workspace else None
        if dynamic is None or not dynamic.dynamic_registration:
            return
        registration = lsp.Registration(
            id="ptoLsp-configuration", method=lsp.WORKSPACE_DID_CHANGE_CONFIGURATION
        )
        try:
            await self.client_register_capability_async(lsp.RegistrationParams(registrations=[registration]))
        except Exception as error:  # the client says it can, but cannot: settings stay as they are
            log.warning("could not register for configuration changes: %s", error)

    def in_background(self, work: Coroutine[Any, Any, None]) -> None:
        """Run `work` as a task of its own (kept until done: a task only weakly referenced
        may be collected mid-way)."""
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def client_text(self, uri: str) -> str:
        """The client's text of a document (pygls's copy), to start again from."""
        return self.protocol.workspace_text(uri)

    def reanalyse_all(self) -> None:
        self._analyses.clear()
        for uri in self.documents.uris():
            self.schedule_analysis(uri, immediately=True)

    # ------------------------------------------------------------ analysis

    def schedule_analysis(
        self, uri: str, immediately: bool = False, settings: Settings | None = None
    ) -> None:
        previous = self._pending.pop(uri, None)
        if previous is not None:
            previous.cancel()
        settings = settings or self.settings(uri)  # read once per change: a few file lookups
        delay = 0.0 if immediately else settings.debounce_ms / 1000
        self._pending[uri] = asyncio.get_running_loop().create_task(self._analyse_after(uri, delay, settings))

    def on_change(self, uri: str) -> None:
        settings = self.settings(uri)
        if settings.analyze_on == "change":
            self.schedule_analysis(uri, settings=settings)

    def adopt(self, first: FirstDocuments) -> None:
        """Take over the documents the start opened, analysed and published while pygls and
        lsprotocol loaded (`early_open`): their `didOpen`s, handled next, find them open."""
        self.documents, self.engine = first.documents, first.engine
        for uri, opened in first.opened.items():
            if opened.analysis is not None:
                self._analyses[uri] = (opened.revision, opened.analysis)
            self._payloads[uri] = opened.payloads
            self._opened_early[uri] = (opened.version, opened.text)

    def open(self, uri: str, version: int, text: str) -> None:
        """A document opened (or opened again without a close: its text starts anew)."""
        document = self.documents.get(uri)
        if self._opened_early.pop(uri, None) == (version, text) and document is not None:
            # Opened before the server loaded, with this very text: its analysis is kept, and
            # published again from it (the same diagnostics; the typing hold records them).
            # The hold records what the start published now: a keystroke may supersede the
            # publication again, and the first one held back must know what is shown.
            self._record_early_publication(document)
            self.schedule_analysis(uri, immediately=True)
            return
        if document is not None:
            self._drop(uri)
        self.documents.open(uri, version, text)
        self.schedule_analysis(uri, immediately=True)

    def _record_early_publication(self, document: Document) -> None:
        """Note what the start published for the document as the typing hold's last one."""
        cached = self._analyses.get(document.uri)
        if cached is None or cached[0] != document.revision or not isinstance(cached[1], DocumentAnalysis):
            return
        publication = self._publication(document, cached[1], self.settings(document.uri))
        hold = self._holds.setdefault(document.uri, TypingHold())
        hold.published(cached[1], publication, document.line_count())

    def opened(self, uri: str) -> Document | None:
        """The document as the client opened it; None when its `didOpen` has not been handled
        (also when the start opened it early, before the server loaded: a change sent before
        its `didOpen` is to a document not yet open, ignored as it is later)."""
        return None if uri in self._opened_early else self.documents.get(uri)

    def forget(self, uri: str) -> None:
        self._drop(uri)
        self.documents.close(uri)
        self._closed_since_full_collection = True
        self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    def _drop(self, uri: str) -> None:
        """Forget what was kept for a document's text: its analysis, publications, hold."""
        pending = self._pending.pop(uri, None)
        if pending is not None:
            pending.cancel()
        self._opened_early.pop(uri, None)
        self.pypto_checks.forget(uri)
        self._analyses.pop(uri, None)
        self._payloads.pop(uri, None)
        hold = self._holds.pop(uri, None)
        if hold is not None:
            hold.cancel_release()
        self.engine.forget(uri)

    def analysis(self, document: Document) -> DocumentAnalysis | None:
        """The analysis of the document's current version (None: not a PyPTO kernel)."""
        if not document.imports_pypto_language():
            return None
        cached = self._analyses.get(document.uri)
        if cached is not None and cached[0] == document.revision:
            return cached[1]
        analysis = self.engine.analyse(document.uri, document.unit_list(), document.take_unit_changes())
        self._analyses[document.uri] = (document.revision, analysis)
        return analysis

    async def _analyse_after(self, uri: str, delay: float, settings: Settings | None = None) -> None:
        if delay > 0:
            await asyncio.sleep(delay)
        document = self.documents.get(uri)
        if document is None:
            return
        version, revision = document.version, document.revision
        analysed = self.engine.units_analysed
        # What an analysis makes lives on (cached): collecting while it runs, or before it
        # is published, would only walk it. After a large one it is frozen instead.
        with _collector_paused():
            try:
                analysis = await self._analyse_in_slices(document)
                if analysis is _SUPERSEDED:
                    return  # a newer version arrived meanwhile: its own analysis will publish
                publication = self._publication(document, analysis, settings)
            except Exception:  # the server never dies: log, and say the file was not analysed
                log.exception("analysis of %s (version %s) failed", uri, version)
                current = self.documents.get(uri)
                if current is document and current.revision == revision:
                    self._publish(uri, version, analysis_failed(uri))
                return
            current = self.documents.get(uri)
            if current is not document or current.revision != revision:
                return  # superseded while we worked: its own analysis will publish
            self._publish_holding(document, analysis, publication, settings or self.settings(uri))
            if isinstance(analysis, DocumentAnalysis):
                self._refresh_inlay_hints()
            if self.engine.units_analysed - analysed >= _MANY_UNITS:
                _settle_garbage_collector()
        self._schedule_idle_collection()

    def _refresh_inlay_hints(self) -> None:
        """Ask the client to ask again for inlay hints (`workspace/inlayHint/refresh`), when
        it says it can: an answer it got for the text before an edit may have been applied to
        the text after it (VS Code does, when an Enter lands while a request is in flight:
        the hints stay a line off until it asks again). At most one such request is out at a
        time, so a client that never answers gets one and no more."""
        workspace = self.client_capabilities.workspace
        hints = workspace.inlay_hint if workspace is not None else None
        if hints is None or not hints.refresh_support or self._inlay_refresh_out:
            return
        self._inlay_refresh_out = True
        try:
            sent = self.workspace_inlay_hint_refresh(None)
        except Exception:  # the client went away: nothing to refresh
            log.debug("could not ask for an inlay hint refresh", exc_info=True)
            return
        sent.add_done_callback(self._inlay_refresh_answered)

    def _inlay_refresh_answered(self, answer: Any) -> None:
        self._inlay_refresh_out = False
        if not answer.cancelled() and answer.exception() is not None:  # e.g. MethodNotFound
            log.debug("inlay hint refresh failed: %s", answer.exception())

    def _schedule_idle_collection(self) -> None:
        """A full collection once the author pauses (what is never garbage is frozen)."""
        if self._idle_collection is not None:
            self._idle_collection.cancel()
        loop = asyncio.get_running_loop()
        self._idle_collection = loop.call_later(_IDLE_COLLECTION, self._collect_when_idle)

    def _collect_when_idle(self) -> None:
        """Collect what the author's edits left behind, now that they paused. Frozen objects
        are freed by reference counting, but a reference cycle among them would never be:
        once a document was closed, or many units were analysed, the frozen ones are
        looked at too (~100 ms for a 10k-line file, only after a pause)."""
        analysed = self.engine.units_analysed
        full = (
            self._closed_since_full_collection or analysed - self._analysed_at_full_collection >= _FULL_AFTER
        )
        if full:
            gc.unfreeze()
            self._analysed_at_full_collection = analysed
            self._closed_since_full_collection = False
        gc.collect()
        gc.freeze()

    async def _analyse_in_slices(self, document: Document) -> DocumentAnalysis | object | None:
        """The document's analysis, giving the event loop a turn every few milliseconds so
        that a newer edit can supersede it (what ran is kept by the engine's caches)."""
        if not document.imports_pypto_language():
            return None
        cached = self._analyses.get(document.uri)
        if cached is not None and cached[0] == document.revision:
            return cached[1]
        revision, uri = document.revision, document.uri
        slice_end = time.perf_counter() + _SLICE
        steps = self.engine.analyse_steps(uri, document.unit_list(), document.take_unit_changes())
        for step in steps:
            if step is not None:
                self._analyses[uri] = (revision, step)
                return step
            if time.perf_counter() > slice_end:
                await asyncio.sleep(0)
                current = self.documents.get(uri)
                if current is not document or current.revision != revision:
                    return _SUPERSEDED
                slice_end = time.perf_counter() + _SLICE
        # Another analysis of this document ran while this one waited (a request needed it).
        cached = self._analyses.get(uri)
        return cached[1] if cached is not None and cached[0] == revision else _SUPERSEDED

    def _publication(
        self, document: Document, analysis: DocumentAnalysis | object | None, settings: Settings | None = None
    ) -> Publication:
        if not isinstance(analysis, DocumentAnalysis):
            return Publication([], True)  # not a PyPTO kernel: nothing to say
        payloads = self._payloads.get(document.uri)
        if payloads is None:
            payloads = self._payloads[document.uri] = DiagnosticPayloads(document.uri)
        hidden = hidden_codes(settings or self.settings(document.uri))
        return payloads.publication(analysis, document.line_index(), self.encoding, hidden)

    def static_payloads(self, uri: str) -> list[dict[str, Any]]:
        """pto-lsp's own diagnostics of an open document, as the JSON it publishes."""
        document = self.documents.get(uri)
        if document is None:
            return []
        return list(self._publication(document, self.analysis(document)).payloads)

    def _diagnostics(self, document: Document) -> list[lsp.Diagnostic]:
        """The diagnostics to publish for the document's current version, as LSP objects."""
        publication = self._publication(document, self.analysis(document))
        return [_CONVERTER.structure(payload, lsp.Diagnostic) for payload in publication.payloads]

    def _publish_holding(
        self, document: Document, analysis: Any, publication: Publication, settings: Settings
    ) -> None:
        """Publish, holding back the new diagnostics at the keystrokes until typing pauses
        (`typing_hold.py`); the full publication follows after the pause, if still current."""
        uri, version = document.uri, document.version
        hold = self._holds.get(uri)
        if hold is None:
            hold = self._holds[uri] = TypingHold()
        rows = document.take_typed_rows()
        if not settings.typing_pause_ms:
            rows = None  # everything at once
        analysed = analysis if isinstance(analysis, DocumentAnalysis) else None
        lines = document.line_count()
        sent = hold.hold_back(analysed, publication, rows, record=False, lines=lines)
        if (
            analysed is not None
            and rows is not None
            and only_held_back_errors_stop_the_import(analysed, sent, rows)
            and not (typing := analysed.while_typing).front_end_stopped()
        ):
            # What the held-back errors take away (the codegen warnings) waits with them.
            sent = hold.hold_back(
                typing, self._publication(document, typing, settings), rows, record=False, lines=lines
            )
        hold.published(analysed, sent, lines)
        self._publish(uri, version, sent)
        if sent is not publication:
            hold.release = asyncio.get_running_loop().call_later(
                settings.typing_pause_ms / 1000,
                self._release,
                document,
                document.revision,
                analysed,
                publication,
            )

    def _release(
        self, document: Document, revision: int, analysis: DocumentAnalysis | None, publication: Publication
    ) -> None:
        """Typing paused: the held-back publication in full, unless a newer text came."""
        uri, version = document.uri, document.version
        hold = self._holds.get(uri)
        if self.documents.get(uri) is not document or hold is None:
            return  # closed or opened again: the newer text's analysis publishes
        if document.revision != revision:
            return  # superseded: the newer version's analysis publishes
        hold.release = None
        hold.published(analysis, publication, document.line_count())
        self._publish(uri, version, publication)

    def _publish(self, uri: str, version: int, publication: Publication) -> None:
        """Send the diagnostics as JSON joined from the units' kept JSON: no per-diagnostic
        work here, and none in proportion to the file."""
        protocol = self.protocol
        writer = protocol.writer
        if writer is None:
            return
        if writer is not self._grown:
            self._grown = writer
            _grow_pipe(writer)
        document = self.documents.get(uri)
        revision = document.revision if document is not None else None
        body = diagnostics_notification(
            uri, version, self.pypto_checks.merged_json(uri, revision, publication.json)
        )
        if getattr(protocol, "_include_headers", True):
            body = frame(body)
        try:
            written = writer.write(body)
            if inspect.isawaitable(written):  # a websocket: the write is a coroutine
                task = asyncio.ensure_future(written)
                self._background.add(task)
                task.add_done_callback(self._background.discard)
        except Exception:  # the client went away: nothing to tell it
            log.exception("could not send diagnostics for %s", uri)


_SUPERSEDED = object()
_SLICE = 0.02  # seconds of analysis between two looks at the incoming messages
_MANY_UNITS = 16  # unit analyses after which the collector is settled
_IDLE_COLLECTION = 2.0  # seconds without a change before a full collection
_FULL_AFTER = 256  # unit analyses after which an idle collection also looks at frozen objects
_CONVERTER = default_converter()


def _grow_pipe(writer: Any) -> None:
    """Over stdio, let a publication (hundreds of KB on a large file) fit in the pipe at
    once, so that writing it does not wait on the client's reads, 64 KB at a time."""
    stream = getattr(writer, "_stdout", None)
    size = getattr(fcntl, "F_SETPIPE_SZ", None) if fcntl is not None else None
    if stream is None or size is None:
        return
    with contextlib.suppress(Exception):  # not a pipe, or not allowed: writes just take longer
        fcntl.fcntl(stream.fileno(), size, 1 << 20)


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """No collection while analysing and converting: what they make is kept (cached), not garbage."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _settle_garbage_collector() -> None:
    """After a large analysis: move what it made out of the collector's sight.

    Cached parses and results live as long as their document; without this, every
    full collection would walk all of them again, a pause that grows with the file.
    Nothing is collected here (that would walk them all once, right after publishing,
    when the author may type again): frozen objects are still freed by reference
    counting when dropped, and the collection at the next pause looks at them too.
    """
    gc.freeze()


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
    routes.register(server)
    return server
