"""What a method sees of the server, and the snapshot a request works on."""

from __future__ import annotations

from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any, Protocol

from pto_lsp.workspace.documents import Document, DocumentStore
from pto_lsp.workspace.placement import DocumentAnalysis
from pto_lsp.workspace.positions import Encoding, LineIndex
from pto_lsp.workspace.settings import Settings


class ServerState(Protocol):
    """The server as the methods use it (`pto_lsp/server/app.py` `PtoLanguageServer`)."""

    documents: DocumentStore
    editor_options: Any
    pypto_checks: Any  # `pto_lsp/server/pypto_check.py` PyptoChecks (a layer up: not imported)

    @property
    def encoding(self) -> Encoding: ...

    def settings(self, uri: str) -> Settings: ...

    def analysis(self, document: Document) -> DocumentAnalysis | None: ...

    def schedule_analysis(
        self, uri: str, immediately: bool = False, settings: Settings | None = None
    ) -> None: ...

    def on_change(self, uri: str) -> None: ...

    def open(self, uri: str, version: int, text: str) -> None: ...

    def opened(self, uri: str) -> Document | None: ...

    def forget(self, uri: str) -> None: ...

    def client_text(self, uri: str) -> str: ...

    async def pull_configuration(self, always: bool = False) -> None: ...

    def reanalyse_all(self) -> None: ...

    def in_background(self, work: Coroutine[Any, Any, None]) -> None: ...

    async def register_for_configuration_changes(self) -> None: ...


@dataclass(frozen=True)
class Snapshot:
    """One document version with its analysis, as a request sees it."""

    document: Document
    analysis: DocumentAnalysis
    index: LineIndex


def snapshot(ls: ServerState, uri: str) -> Snapshot | None:
    """The current analysis of an open PyPTO kernel (None for anything else)."""
    document = ls.documents.get(uri)
    analysis = ls.analysis(document) if document else None
    if document is None or analysis is None:
        return None
    return Snapshot(document, analysis, document.line_index())


def text_before(index: LineIndex, line: int, column: int) -> str:
    """The line's text left of a UTF-8 byte column."""
    return index.line_text(line).encode("utf-8")[:column].decode("utf-8", errors="ignore")
