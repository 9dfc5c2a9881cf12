"""After each new analysis the server asks a client that can be asked to fetch its inlay
hints again (`workspace/inlayHint/refresh`): an answer the client got for the text before
an edit may otherwise stay drawn over the text after it (VS Code: hints a line off after an
Enter typed while a hint request was in flight, seen in the code-server e2e)."""

from __future__ import annotations

import asyncio

import pytest_lsp
from cache_policy_programs import DEMO_PROGRAM
from conftest import SERVER
from lsp_client import RecordingClient, change, open_document, until_loaded, wait_for_version
from lsprotocol import types as lsp
from pytest_lsp import client_capabilities

URI = "file:///work/kernels/refresh.py"


def capabilities(refresh: bool) -> lsp.ClientCapabilities:
    declared = client_capabilities("visual-studio-code")
    workspace = declared.workspace or lsp.WorkspaceClientCapabilities()
    workspace.inlay_hint = lsp.InlayHintWorkspaceClientCapabilities(refresh_support=refresh)
    declared.workspace = workspace
    return declared


async def start(client: RecordingClient, refresh: bool) -> None:
    await client.initialize_session(
        lsp.InitializeParams(
            capabilities=capabilities(refresh),
            initialization_options={"ptoLsp": {"debounceMs": 0, "typingPauseMs": 0}},
        )
    )


@pytest_lsp.fixture(config=SERVER)
async def refreshing(lsp_client: RecordingClient):
    await start(lsp_client, refresh=True)
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=SERVER)
async def not_refreshing(lsp_client: RecordingClient):
    await start(lsp_client, refresh=False)
    yield
    await lsp_client.shutdown_session()


async def refreshes_after(client: RecordingClient, version: int) -> int:
    await wait_for_version(client, URI, version)
    await until_loaded(client, URI)  # a first publication may come while the server loads
    await asyncio.sleep(0.3)  # the refresh request follows the publication
    return client.inlay_hint_refreshes


async def test_an_edit_that_moves_the_hints_asks_the_client_to_fetch_them_again(refreshing: RecordingClient):
    open_document(refreshing, DEMO_PROGRAM, URI)
    opened = await refreshes_after(refreshing, 1)
    assert opened >= 1
    change(refreshing, 2, (0, 0), (0, 0), "\n", URI)  # an Enter above every read: each hint moves
    assert await refreshes_after(refreshing, 2) > opened


async def test_a_client_that_cannot_refresh_is_not_asked(not_refreshing: RecordingClient):
    open_document(not_refreshing, DEMO_PROGRAM, URI)
    change(not_refreshing, 2, (0, 0), (0, 0), "\n", URI)
    assert await refreshes_after(not_refreshing, 2) == 0
