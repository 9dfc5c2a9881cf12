"""An LSP client for end-to-end tests: pytest-lsp's client, keeping every
publishDiagnostics in order with its version, and helpers to drive documents."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lsprotocol import types as lsp
from pygls.protocol import default_converter
from pytest_lsp import LanguageClient
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features


@dataclass(frozen=True)
class Published:
    uri: str
    version: int | None
    diagnostics: list[lsp.Diagnostic]


class RecordingClient(LanguageClient):
    """pytest-lsp's client, keeping every publishDiagnostics in order, with its version."""

    def __init__(self) -> None:
        super().__init__(converter_factory=default_converter)
        self.published: list[Published] = []
        self.registrations: list[lsp.Registration] = []
        self.inlay_hint_refreshes = 0  # workspace/inlayHint/refresh requests answered


def _record_publication(client: RecordingClient, params: lsp.PublishDiagnosticsParams) -> None:
    client.published.append(Published(params.uri, params.version, list(params.diagnostics)))
    client.diagnostics[params.uri] = params.diagnostics


def _record_registration(client: RecordingClient, params: lsp.RegistrationParams) -> None:
    client.registrations.extend(params.registrations)


def _record_inlay_hint_refresh(client: RecordingClient, params: None) -> None:
    client.inlay_hint_refreshes += 1


def make_recording_client() -> RecordingClient:
    client = RecordingClient()
    features = {
        **DEFAULT_CLIENT_FEATURES,
        lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: _record_publication,
        lsp.CLIENT_REGISTER_CAPABILITY: _record_registration,
        lsp.WORKSPACE_INLAY_HINT_REFRESH: _record_inlay_hint_refresh,
    }
    register_lsp_features(client, features)
    return client


# The real compile's performance hints (PTO631, PTO632, severity 4): tests/test_perf_hints.py
# and tests/test_pipelined_memory.py hold them; the other tests look at a document's errors,
# warnings and our own hints.
PERF_HINTS = ("PTO631", "PTO632")


async def wait_for_version(
    client: RecordingClient, uri: str, version: int, timeout: float = 30.0, perf_hints: bool = False
) -> list[lsp.Diagnostic]:
    """The diagnostics published for `version` of `uri` (without the performance hints
    unless `perf_hints`)."""

    # Generous: `initialize` may be answered before the server has loaded (`early_start`),
    # so the first publication can include the load on a busy machine; a hang still fails.
    async def published() -> list[lsp.Diagnostic]:
        while True:
            for item in client.published:
                if item.uri == uri and item.version == version:
                    return [d for d in item.diagnostics if perf_hints or d.code not in PERF_HINTS]
            await asyncio.sleep(0.01)

    return await asyncio.wait_for(published(), timeout)


async def until_loaded(client: RecordingClient, uri: str) -> None:
    """Until the server has loaded and handled everything sent before: a document's first
    diagnostics may be published while it still loads (`early_open`), this answer cannot."""
    await client.text_document_document_symbol_async(
        lsp.DocumentSymbolParams(text_document=lsp.TextDocumentIdentifier(uri=uri))
    )


def open_document(client: RecordingClient, text: str, uri: str, version: int = 1) -> None:
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(
            text_document=lsp.TextDocumentItem(uri=uri, language_id="python", version=version, text=text)
        )
    )


def change(
    client: RecordingClient,
    version: int,
    start: tuple[int, int],
    end: tuple[int, int],
    text: str,
    uri: str,
) -> None:
    client.text_document_did_change(
        lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[
                lsp.TextDocumentContentChangePartial(
                    range=lsp.Range(start=lsp.Position(*start), end=lsp.Position(*end)), text=text
                )
            ],
        )
    )


_BREAK = re.compile(r"\r\n|\r|\n")


def line_count(text: str) -> int:
    return len(_BREAK.findall(text)) + 1


def editor_offsets(text: str, positions: Sequence[lsp.Position]) -> list[int]:
    """Where an editor puts LSP positions in its text: UTF-16 columns, any line break,
    a position past a line's end or past the last line clamped into the text."""
    starts = [0, *(match.end() for match in _BREAK.finditer(text))]

    def offset(position: lsp.Position) -> int:
        if position.line >= len(starts):
            return len(text)
        start = starts[position.line]
        end = starts[position.line + 1] if position.line + 1 < len(starts) else len(text)
        line = text[start:end].rstrip("\r\n")
        units = 0
        for index, char in enumerate(line):
            if units >= position.character:
                return start + index
            units += 2 if ord(char) > 0xFFFF else 1
        return start + len(line)

    return [offset(position) for position in positions]


def apply_change(text: str, change: lsp.TextDocumentContentChangeEvent) -> str:
    """An editor's application of one LSP change."""
    if not isinstance(change, lsp.TextDocumentContentChangePartial):
        return change.text
    begin, end = editor_offsets(text, [change.range.start, change.range.end])
    return text[:begin] + change.text + text[max(end, begin) :]


def apply_edits(text: str, edits: list[lsp.TextEdit]) -> str:
    """Apply LSP text edits the way an editor does: all against the old text."""
    offsets = editor_offsets(text, [p for e in edits for p in (e.range.start, e.range.end)])
    spans = sorted(zip(offsets[0::2], offsets[1::2], [e.new_text for e in edits]), reverse=True)
    for start, end, new_text in spans:
        text = text[:start] + new_text + text[end:]
    return text


def replace_all(client: RecordingClient, uri: str, version: int, text: str) -> None:
    client.text_document_did_change(
        lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


async def wait_for_publication(
    client: RecordingClient, uri: str, accept: Callable[[Published], bool], timeout: float = 10.0
) -> Published:
    """The first publication for `uri`, counting from now, that `accept` takes."""
    start = len(client.published)

    async def found() -> Published:
        while True:
            for item in client.published[start:]:
                if item.uri == uri and accept(item):
                    return item
            await asyncio.sleep(0.01)

    return await asyncio.wait_for(found(), timeout)


async def quick_fixes_for(
    client: RecordingClient, uri: str, diagnostic: lsp.Diagnostic
) -> list[lsp.CodeAction]:
    """The code actions the server offers over a published diagnostic that fix that diagnostic."""
    actions = await client.text_document_code_action_async(
        lsp.CodeActionParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri),
            range=diagnostic.range,
            context=lsp.CodeActionContext(diagnostics=[diagnostic]),
        )
    )
    return [
        a
        for a in actions or []
        if isinstance(a, lsp.CodeAction) and list(a.diagnostics or []) == [diagnostic]
    ]
