"""The first documents' diagnostics, published before pygls and lsprotocol have loaded.

An editor opens the file the author clicked right after `initialize` is answered, which
`early_start` does at once from a kept answer. Loading the rest of the server (pygls, and
lsprotocol's thousand classes: ~0.5 s, seconds on a busy machine) would then stand
between the click and the first squiggle. So the server's start loads only what analysis
needs (the compiler, the documents, the publishing: ~0.1 s), analyses the documents
opened by then with the server's own engine, writes their diagnostics, and only then
loads the rest. The server adopts what was made (`PtoLanguageServer.adopt`): when it
handles the same `didOpen` (the messages wait for it, in order), it finds the document
open with its analysis, and publishes it again from what was kept.

A document is analysed here only when everything the server will do with it is known:
`initialize` was answered early (so the client's settings and the position encoding are
those the server will use), nothing that changes settings or ends the session came
between the two (`initialized`, `$/setTrace` and messages about documents do not), its
`didOpen` has the fields lsprotocol requires, and no change or close of it came after
(requests about it may: the server answers them once loaded, in order); its diagnostics are written only if none came meanwhile
either (never a publication for a version already superseded). Anything else is left to
the server, as if this module did not exist.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

if TYPE_CHECKING:
    from pto_lsp.features.publishing import DiagnosticPayloads
    from pto_lsp.workspace.documents import DocumentStore
    from pto_lsp.workspace.engine import AnalysisEngine
    from pto_lsp.workspace.placement import DocumentAnalysis
    from pto_lsp.workspace.settings import Settings

log = logging.getLogger(__name__)

DID_OPEN = "textDocument/didOpen"
# How long the start waits for the client's `initialize`, then (once it is answered early)
# for its first `didOpen`, before it loads the server as usual. An editor starts the server
# for a file it opened: it sends `initialize` at once, and `didOpen` as soon as it has the
# answer (hundreds of ms later in a busy VS Code). The wait ends at once when any other
# message comes first; a client that opens nothing costs it once.
WAIT_FOR_INITIALIZE = 0.5
WAIT_FOR_OPEN = 1.0
# Messages looked at before the server takes over: an editor opens its files first.
MAX_WATCHED = 64
# The messages that change a document's text or close it: after one, an earlier `didOpen`'s
# diagnostics would describe a text superseded (the requests about it read it, and wait).
_TEXT_CHANGES = frozenset({DID_OPEN, "textDocument/didChange", "textDocument/didClose"})
# The messages that change nothing of what the server does with a document opened after
# them: the others (`workspace/didChangeConfiguration`, `shutdown`, ...) leave it to the server.
_HARMLESS = frozenset({"initialized", "$/setTrace", "$/cancelRequest", "$/progress"})


def _leaves_opens_alone(method: Any) -> bool:
    """Whether a message leaves what the server will publish for a document opened after it
    as it was: `_HARMLESS`, and what is about one document (`textDocument/...`: a request
    reads it, a change is about its own document)."""
    return isinstance(method, str) and (method in _HARMLESS or method.startswith("textDocument/"))


def settings_of(uri: str, editor_options: Any) -> Settings:
    """A document's settings: defaults, then `[tool.pto-lsp]` of its project, then the editor's."""
    from pygls.uris import to_fs_path  # a small module: nothing of pygls's server

    from pto_lsp.workspace.settings import settings_for

    path = to_fs_path(uri)
    return settings_for(Path(path) if path else None, editor_options)


class EarlyMessages:
    """What the stdin pump shows of the messages that follow an `initialize` answered early:
    for each document, the serial number of the last message that changed or closed it,
    and the `didOpen`s that came while nothing had changed what the server would do with one."""

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._count = 0
        self._last: dict[str, int] = {}  # uri -> the serial of the last didOpen/didChange/didClose
        self._opens: list[tuple[int, dict[str, Any]]] = []  # (serial, textDocument) of each didOpen
        self._watching = True
        # Nothing since `initialize` that could change what the server does with a document
        # opened now (new settings, `shutdown`, anything unknown): its settings came with
        # `initialize`, so its diagnostics are known.
        self._settled = True

    def see(self, message: Any) -> bool:
        """Take note of a message; False once nothing more is to be noted."""
        with self._lock:
            if not self._watching:
                return False
            self._count += 1
            method = message.get("method") if isinstance(message, dict) else None
            params = message.get("params") if isinstance(message, dict) else None
            document = params.get("textDocument") if isinstance(params, dict) else None
            uri = document.get("uri") if isinstance(document, dict) else None
            if method in _TEXT_CHANGES and isinstance(uri, str):
                self._last[uri] = self._count
            if not _leaves_opens_alone(method):
                self._settled = False
                self._lock.notify_all()
            elif method == DID_OPEN and self._settled and isinstance(uri, str) and "id" not in message:
                self._opens.append((self._count, document))
                self._lock.notify_all()
            self._watching = self._count < MAX_WATCHED
            return self._watching

    def wait_for_open(self, timeout: float) -> None:
        """Until a `didOpen` is noted, or no later one could be analysed early, or `timeout`."""
        with self._lock:
            self._lock.wait_for(lambda: self._opens or not self._settled, timeout)

    def stop(self) -> None:
        """Nothing more is noted: the server reads the messages from now on (and the texts
        noted are not kept: the server has its own)."""
        with self._lock:
            self._watching = False
            self._opens, self._last = [], {}

    def opened(self) -> list[tuple[int, dict[str, Any]]]:
        """The `didOpen`s that are the last message about their document, in order."""
        with self._lock:
            return [(serial, item) for serial, item in self._opens if self._last.get(item["uri"]) == serial]

    def still_last(self, uri: str, serial: int) -> bool:
        with self._lock:
            return self._last.get(uri) == serial


@dataclass
class OpenedEarly:
    """A document opened, analysed and published before the server loaded."""

    version: int
    text: str
    revision: int
    analysis: DocumentAnalysis | None
    payloads: DiagnosticPayloads


@dataclass
class FirstDocuments:
    """What the start made for the server to adopt: its documents, engine and analyses."""

    documents: DocumentStore
    engine: AnalysisEngine
    opened: dict[str, OpenedEarly] = field(default_factory=dict)


def _text_document(item: dict[str, Any]) -> tuple[str, int, str] | None:
    """uri, version and text of a `didOpen`'s item that lsprotocol would take; else None."""
    uri, version, text = item.get("uri"), item.get("version"), item.get("text")
    if not isinstance(item.get("languageId"), str) or not isinstance(uri, str) or not isinstance(text, str):
        return None
    if not isinstance(version, int) or isinstance(version, bool):
        return None
    return uri, version, text


def publish_first_documents(
    messages: EarlyMessages,
    initialize_params: dict[str, Any],
    initialize_result: dict[str, Any],
    out: BinaryIO,
    wait: float = WAIT_FOR_OPEN,
) -> FirstDocuments | None:
    """Analyse the documents opened so far and write their diagnostics to `out` (see the
    module's docstring); what was made, for the server to adopt (None: nothing opened)."""
    from pto_lsp.features.publishing import DiagnosticPayloads, diagnostics_notification, hidden_codes
    from pto_lsp.server.framing import frame
    from pto_lsp.workspace.documents import DocumentStore
    from pto_lsp.workspace.engine import AnalysisEngine
    from pto_lsp.workspace.positions import Encoding

    messages.wait_for_open(wait)
    opened = messages.opened()
    if not opened:
        return None
    capabilities = initialize_result.get("capabilities")
    negotiated = capabilities.get("positionEncoding") if isinstance(capabilities, dict) else None
    encoding = Encoding.negotiated(negotiated)
    editor_options = initialize_params.get("initializationOptions")
    first = FirstDocuments(DocumentStore(), AnalysisEngine())
    for serial, item in opened:
        fields = _text_document(item)
        if fields is None:
            continue
        uri, version, text = fields
        document = first.documents.open(uri, version, text)
        payloads = DiagnosticPayloads(uri)
        analysis = None
        if document.imports_pypto_language():
            analysis = first.engine.analyse(uri, document.unit_list(), document.take_unit_changes())
            hidden = hidden_codes(settings_of(uri, editor_options))
            diagnostics = payloads.publication(analysis, document.line_index(), encoding, hidden).json
        else:
            diagnostics = "[]"  # not a PyPTO kernel: nothing to say, as the server says
        first.opened[uri] = OpenedEarly(version, text, document.revision, analysis, payloads)
        if messages.still_last(uri, serial):
            out.write(frame(diagnostics_notification(uri, version, diagnostics)))
            out.flush()
            log.info("diagnostics of %s published before the server loaded", uri)
    return first
