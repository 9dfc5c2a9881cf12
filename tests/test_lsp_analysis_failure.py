"""A fault of ours in the analysis never silences the server: what could not be analysed
is said so (PTO009, "Not analysed", an information note), the exception reaches the log,
the rest of the file is still checked, and the server goes on with the next edit.

The server runs with faults put into its analysis (`failing_analysis_server.py`): where a
unit holds a marker, the step it names raises."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest_lsp
from failing_analysis_server import ENVIRONMENT_MARKER, PUBLICATION_MARKER, UNIT_MARKER
from lsp_client import (
    RecordingClient,
    make_recording_client,
    open_document,
    replace_all,
    until_loaded,
    wait_for_version,
)
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, client_capabilities

TESTS = Path(__file__).resolve().parent

HEADER = "import pypto.language as pl\n"
# A real mistake in its own unit: reported whatever happens to the other units.
MISPLACED_MARKER = """

@pl.function
def misplaced(a: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
    pl.set_cache_policy(a, pl.CachePolicy.BYPASS)
    return a
"""
CLEAN = """

@pl.function
def clean(a: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
    {marker}
    return a
"""
PROGRAM = """

@pl.program
class fails_in_passes:
    @pl.function
    def main(self, a: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        return a
"""
NOT_ANALYSED = "PTO009"


FAULTY = ClientServerConfig(
    server_command=[sys.executable, str(TESTS / "failing_analysis_server.py"), "serve"],
    client_factory=make_recording_client,
)
VSCODE = lsp.InitializeParams(
    capabilities=client_capabilities("visual-studio-code"),
    initialization_options={"ptoLsp": {"debounceMs": 0}},
)


@pytest_lsp.fixture(config=FAULTY)
async def faulty(lsp_client: RecordingClient):
    await lsp_client.initialize_session(VSCODE)
    # Loaded before anything is opened: what the server logs then reaches the client (a
    # document opened at once is analysed before it loads, and logged to its stderr).
    await until_loaded(lsp_client, "file:///work/kernels/none.py")
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=FAULTY)
async def faulty_at_once(lsp_client: RecordingClient):
    await lsp_client.initialize_session(VSCODE)
    yield
    await lsp_client.shutdown_session()


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines()) if needle in line)


async def _logged(client: RecordingClient, words: str) -> list[str]:
    """The error messages logged so far that mention `words` (waiting a little for them)."""
    for _ in range(200):
        found = [
            m.message for m in client.log_messages if m.type == lsp.MessageType.Error and words in m.message
        ]
        if found:
            return found
        await asyncio.sleep(0.02)
    return []


def _notes(diagnostics: list[lsp.Diagnostic]) -> list[lsp.Diagnostic]:
    return [d for d in diagnostics if d.code == NOT_ANALYSED]


async def test_a_unit_whose_analysis_raises_is_said_not_analysed_and_the_others_are_checked(
    faulty: RecordingClient,
):
    uri = "file:///work/kernels/unit_fault.py"
    text = HEADER + CLEAN.format(marker=UNIT_MARKER) + MISPLACED_MARKER
    open_document(faulty, text, uri)
    diagnostics = await wait_for_version(faulty, uri, 1)
    [note] = _notes(diagnostics)
    assert note.severity == lsp.DiagnosticSeverity.Information
    assert note.message.startswith("Not analysed: pto-lsp failed while analysing this part of the file")
    assert note.range.start.line == _line_of(text, "@pl.function")  # the failing unit's first line
    assert [d.code for d in diagnostics if d.code != NOT_ANALYSED] == ["PTO101"]  # the other unit's error
    assert any("InjectedFault" in message for message in await _logged(faulty, "analysing the unit"))
    # The server goes on: the fault edited away, the unit is analysed again.
    await _checked_once_fixed(faulty, uri, 2, text, UNIT_MARKER)


async def _whole_file_note(client: RecordingClient, uri: str, marker: str, said: str) -> str:
    """Opens a document whose `marker` makes a whole-file step raise: its one publication is
    the note on the first line. The text, for the edits after."""
    text = HEADER + CLEAN.format(marker=marker) + MISPLACED_MARKER
    open_document(client, text, uri)
    [note] = await wait_for_version(client, uri, 1)
    assert note.code == NOT_ANALYSED and note.severity == lsp.DiagnosticSeverity.Information
    assert note.message.startswith(said)
    assert note.range.start == lsp.Position(0, 0)
    return text


async def _checked_once_fixed(
    client: RecordingClient, uri: str, version: int, text: str, marker: str
) -> None:
    """The fault edited away: the file is analysed again, the mistake in it reported."""
    replace_all(client, uri, version, text.replace(marker, "pass"))
    assert [d.code for d in await wait_for_version(client, uri, version)] == ["PTO101"]


async def test_a_module_environment_that_raises_leaves_a_note_not_silence(faulty: RecordingClient):
    uri = "file:///work/kernels/environment_fault.py"
    said = "Not analysed: pto-lsp failed while reading this file's module-level names"
    text = await _whole_file_note(faulty, uri, ENVIRONMENT_MARKER, said)
    assert any("InjectedFault" in message for message in await _logged(faulty, "module-level names"))
    # An edit in a body (the names unchanged) still finds the note; one that removes the fault is checked.
    replace_all(faulty, uri, 2, text.replace("return a\n", "return a  # edited\n", 1))
    assert [d.code for d in await wait_for_version(faulty, uri, 2)] == [NOT_ANALYSED]
    await _checked_once_fixed(faulty, uri, 3, text, ENVIRONMENT_MARKER)


async def test_passes_that_raise_leave_a_note_on_the_program(faulty: RecordingClient):
    uri = "file:///work/kernels/passes_fault.py"
    text = HEADER + PROGRAM
    open_document(faulty, text, uri)
    [note] = await wait_for_version(faulty, uri, 1)
    assert note.code == NOT_ANALYSED
    assert note.message.startswith("Not analysed: pto-lsp failed while analysing this part of the file")
    assert note.range.start.line == _line_of(text, "@pl.program")
    assert any("InjectedFault" in message for message in await _logged(faulty, "passes of the unit"))


async def test_a_publication_that_raises_says_the_file_was_not_analysed(faulty: RecordingClient):
    uri = "file:///work/kernels/publication_fault.py"
    said = "Not analysed: pto-lsp failed while analysing this file"
    text = await _whole_file_note(faulty, uri, PUBLICATION_MARKER, said)
    assert any("InjectedFault" in message for message in await _logged(faulty, "analysis of"))
    await _checked_once_fixed(faulty, uri, 2, text, PUBLICATION_MARKER)


async def test_a_document_opened_while_the_server_starts_gets_the_note_too(faulty_at_once: RecordingClient):
    # Opened at once: analysed before the server has loaded (`early_open`), when it can be.
    uri = "file:///work/kernels/early_fault.py"
    said = "Not analysed: pto-lsp failed while reading this file's module-level names"
    text = await _whole_file_note(faulty_at_once, uri, ENVIRONMENT_MARKER, said)
    await _checked_once_fixed(faulty_at_once, uri, 2, text, ENVIRONMENT_MARKER)
