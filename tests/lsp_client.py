"""pytest-lsp's client, keeping every publishDiagnostics in order with its version."""

from __future__ import annotations

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


def _record_publication(client: RecordingClient, params: lsp.PublishDiagnosticsParams) -> None:
    client.published.append(Published(params.uri, params.version, list(params.diagnostics)))
    client.diagnostics[params.uri] = params.diagnostics


def make_recording_client() -> RecordingClient:
    client = RecordingClient()
    features = {**DEFAULT_CLIENT_FEATURES, lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: _record_publication}
    register_lsp_features(client, features)
    return client
