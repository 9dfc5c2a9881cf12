"""`initialize`, `initialized`, `workspace/didChangeConfiguration`: the editor's settings."""

from __future__ import annotations

from lsprotocol import types as lsp

from pto_lsp.server.methods.state import ServerState

SECTION = "ptoLsp"


def initialize(ls: ServerState, params: lsp.InitializeParams) -> None:
    ls.editor_options = params.initialization_options


async def initialized(ls: ServerState, params: lsp.InitializedParams) -> None:
    await ls.register_for_configuration_changes()
    await ls.pull_configuration()


def did_change_configuration(ls: ServerState, params: lsp.DidChangeConfigurationParams) -> None:
    # The settings sent apply to every request after this notification (a plain function:
    # see `documents_sync`); asking the client for the rest waits on its answer, after.
    if isinstance(params.settings, dict) and SECTION in params.settings:
        ls.editor_options = params.settings
        ls.reanalyse_all()
    ls.in_background(ls.pull_configuration(always=True))
