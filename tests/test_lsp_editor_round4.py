"""The editor, round 4 (issue 32), through an LSP client: what a kernel author still tripped
over: a warning that blinked while typing elsewhere, diagnostics without their explanation's
link, what was not analysed, hovers, inlay hints, code lenses and quick fixes."""

from __future__ import annotations

import asyncio

import pytest_lsp
from conftest import EXAMPLES, SERVER
from lsp_client import RecordingClient, change, open_document, wait_for_version
from lsprotocol import types as lsp
from pytest_lsp import client_capabilities

URI = "file:///work/kernels/round4.py"
PAUSE_MS = 1000
KEYSTROKE_GAP = 0.11  # about 9 keys a second


@pytest_lsp.fixture(config=SERVER)
async def editor(lsp_client: RecordingClient):
    params = lsp.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        initialization_options={"ptoLsp": {"debounceMs": 0, "typingPauseMs": PAUSE_MS}},
    )
    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


def _shown(diagnostics: list[lsp.Diagnostic]) -> set[tuple[str, int, str]]:
    return {(str(d.code), d.range.start.line, d.message) for d in diagnostics}


# ---------------------------------------------------------------- 1. nothing blinks while typing


async def test_a_warning_elsewhere_stays_while_a_new_line_is_typed_key_by_key(editor: RecordingClient):
    text = (EXAMPLES / "bypass_matmul.py").read_text()
    open_document(editor, text, URI)
    before = _shown(await wait_for_version(editor, URI, 1))
    assert [code for code, _, _ in before] == ["PTO301"]
    lines = text.split("\n")
    row = lines.index("            out = pl.assemble(out, c, [0, 0])")
    end = len(lines[row])
    change(editor, 2, (row, end), (row, end), "\n            ", URI)  # Enter, indented
    version = 2
    typed = "d = pl.add(c, c)"
    column = len("            ")
    for offset, char in enumerate(typed):
        await asyncio.sleep(KEYSTROKE_GAP)
        version += 1
        change(editor, version, (row + 1, column + offset), (row + 1, column + offset), char, URI)
    await wait_for_version(editor, URI, version)
    while_typing = [item for item in editor.published if item.uri == URI and (item.version or 0) >= 2]
    # Every publication while typing shows the warning above, and nothing else comes and goes.
    assert while_typing and all(_shown(item.diagnostics) == before for item in while_typing), [
        _shown(item.diagnostics) for item in while_typing
    ]
