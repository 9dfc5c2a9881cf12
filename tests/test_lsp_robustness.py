"""The server in adverse conditions: other client profiles and encodings, stray prints,
hostile files, settings that change while it runs."""

from __future__ import annotations

import asyncio
import sys
import textwrap
from pathlib import Path

import pytest_lsp
from lsp_client import (
    RecordingClient,
    make_recording_client,
    open_document,
    replace_all,
    wait_for_publication,
    wait_for_version,
)
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, client_capabilities

TESTS = Path(__file__).resolve().parent
NON_ASCII_KERNEL = textwrap.dedent(
    """\
    import pypto.language as pl


    @pl.function
    def main(a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        "说明缓存😀"; pl.set_cache_policy(a, pl.CachePolicy.BYPASS)
        return out
    """
)
MARKER_COLUMN = NON_ASCII_KERNEL.splitlines()[5].index("pl.set_cache_policy")


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[sys.executable, "-m", "pto_lsp", "serve"], client_factory=make_recording_client
    )
)
async def neovim(lsp_client: RecordingClient):
    """A Neovim 0.11-like client: it prefers UTF-8 positions."""
    params = lsp.InitializeParams(
        capabilities=client_capabilities("neovim@v0.11.0"),
        initialization_options={"ptoLsp": {"debounceMs": 0}},
    )
    result = await lsp_client.initialize_session(params)
    assert result.capabilities.position_encoding == lsp.PositionEncodingKind.Utf8
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[sys.executable, str(TESTS / "stray_print_server.py")],
        client_factory=make_recording_client,
    )
)
async def noisy(lsp_client: RecordingClient):
    params = lsp.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        initialization_options={"ptoLsp": {"debounceMs": 0}},
    )
    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


async def test_a_utf8_client_gets_byte_columns_on_a_non_ascii_line(neovim: RecordingClient):
    uri = "file:///work/kernels/utf8.py"
    open_document(neovim, NON_ASCII_KERNEL, uri)
    [diagnostic] = await wait_for_version(neovim, uri, 1)
    line = NON_ASCII_KERNEL.splitlines()[5]
    assert diagnostic.range.start == lsp.Position(5, len(line[:MARKER_COLUMN].encode("utf-8")))
    assert diagnostic.range.end.character == len(line.split("  #")[0].rstrip().encode("utf-8"))


async def test_a_utf16_client_gets_utf16_columns_on_the_same_line(client: RecordingClient):
    uri = "file:///work/kernels/utf16.py"
    open_document(client, NON_ASCII_KERNEL, uri)
    [diagnostic] = await wait_for_version(client, uri, 1)
    line = NON_ASCII_KERNEL.splitlines()[5]
    assert diagnostic.range.start == lsp.Position(5, len(line[:MARKER_COLUMN].encode("utf-16-le")) // 2)


async def test_a_stray_print_in_the_server_does_not_corrupt_the_protocol(noisy: RecordingClient):
    uri = "file:///work/kernels/noisy.py"
    open_document(noisy, NON_ASCII_KERNEL, uri)
    await wait_for_version(noisy, uri, 1)
    position = lsp.Position(5, NON_ASCII_KERNEL.splitlines()[5].index("pl.set_cache_policy") + 3)
    result = await noisy.text_document_hover_async(
        lsp.HoverParams(text_document=lsp.TextDocumentIdentifier(uri=uri), position=position)
    )
    assert result is None or isinstance(result, lsp.Hover)  # answered, and the session goes on
    replace_all(noisy, uri, 2, NON_ASCII_KERNEL.replace('"说明缓存😀"; ', ""))
    [diagnostic] = await wait_for_version(noisy, uri, 2)
    assert diagnostic.code == "PTO101"


async def test_opening_a_file_never_executes_it(client: RecordingClient, tmp_path: Path):
    marker = tmp_path / "executed"
    hostile = textwrap.dedent(
        f"""\
        import pypto.language as pl
        open({str(marker)!r}, "w").write("module code ran")


        @pl.function
        def main(a: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
            __import__("pathlib").Path({str(marker)!r}).write_text("body ran")
            with pl.at(level=pl.Level.CORE_GROUP):
                pl.set_cache_policy(a, pl.CachePolicy.BYPASS)
                b = pl.add(a, a)
            return b
        """
    )
    path = tmp_path / "hostile.py"
    path.write_text(hostile)
    open_document(client, hostile, path.as_uri())
    await wait_for_version(client, path.as_uri(), 1)
    await client.text_document_hover_async(
        lsp.HoverParams(
            text_document=lsp.TextDocumentIdentifier(uri=path.as_uri()), position=lsp.Position(9, 10)
        )
    )
    assert not marker.exists()


async def test_codes_disabled_in_the_editor_settings_are_not_shown(client: RecordingClient):
    uri = "file:///work/kernels/settings.py"
    open_document(client, NON_ASCII_KERNEL, uri)
    assert [d.code for d in await wait_for_version(client, uri, 1)] == ["PTO101"]

    # The registration may come after the first publication (made while the server loads).
    async def registered() -> None:
        while not any(r.method == lsp.WORKSPACE_DID_CHANGE_CONFIGURATION for r in client.registrations):
            await asyncio.sleep(0.01)

    await asyncio.wait_for(registered(), 30)
    client.set_configuration({"diagnostics": {"disabled": ["PTO101"]}}, section="ptoLsp")
    client.workspace_did_change_configuration(lsp.DidChangeConfigurationParams(settings=None))
    # The server pulls the new settings and publishes the open document again, without PTO101
    # (a republication still racing with the settings may come first).
    await wait_for_publication(client, uri, lambda item: item.version == 1 and not item.diagnostics)
    replace_all(client, uri, 2, NON_ASCII_KERNEL + "\n")
    assert await wait_for_version(client, uri, 2) == []


async def test_with_analyze_on_save_edits_publish_nothing_until_the_file_is_saved(client: RecordingClient):
    uri = "file:///work/kernels/save.py"
    client.set_configuration({"analyzeOn": "save"}, section="ptoLsp")
    # Sent with the notification, the settings apply to every message after it (a
    # pull of them would race the edit).
    client.workspace_did_change_configuration(
        lsp.DidChangeConfigurationParams(settings={"ptoLsp": {"analyzeOn": "save"}})
    )
    open_document(
        client, NON_ASCII_KERNEL.replace("pl.set_cache_policy(a, pl.CachePolicy.BYPASS)", "pass"), uri
    )
    assert await wait_for_version(client, uri, 1) == []
    replace_all(client, uri, 2, NON_ASCII_KERNEL)
    client.text_document_did_save(
        lsp.DidSaveTextDocumentParams(text_document=lsp.TextDocumentIdentifier(uri=uri))
    )
    [diagnostic] = await wait_for_version(client, uri, 2)
    assert diagnostic.code == "PTO101"
    assert not [p for p in client.published if p.uri == uri and p.version == 2 and not p.diagnostics]


async def test_a_project_setting_in_pyproject_applies_in_the_editor(client: RecordingClient, tmp_path: Path):
    kernel = tmp_path / "pkg" / "kernel.py"
    kernel.parent.mkdir()
    source = NON_ASCII_KERNEL.replace(
        '"说明缓存😀"; pl.set_cache_policy(a, pl.CachePolicy.BYPASS)', "b = pl.load(a, [0, 0], [64, 64])"
    ).replace("@pl.function\n", "@pl.function(type=pl.FunctionType.InCore)\n")
    kernel.write_text(source)

    async def hints() -> list[lsp.InlayHint]:
        result = await client.text_document_inlay_hint_async(
            lsp.InlayHintParams(
                text_document=lsp.TextDocumentIdentifier(uri=kernel.as_uri()),
                range=lsp.Range(start=lsp.Position(0, 0), end=lsp.Position(10, 0)),
            )
        )
        return list(result or [])

    open_document(client, source, kernel.as_uri())
    await wait_for_version(client, kernel.as_uri(), 1)
    assert await hints() == []  # by default only kernels that use a policy get hints
    (tmp_path / "pyproject.toml").write_text('[tool.pto-lsp]\ninlayHints = { show = "all" }\n')
    assert [hint.label for hint in await hints()] == ["a: DEFAULT"]
    (tmp_path / "pyproject.toml").write_text("[tool.pto-lsp]\ninlayHints = { enabled = false }\n")
    assert await hints() == []


async def test_a_huge_debounce_is_clamped_so_diagnostics_still_arrive(client: RecordingClient):
    """`debounceMs: 1e12` would mean never publishing; the server clamps it (to 2 s)."""
    client.set_configuration({"debounceMs": 1e12}, section="ptoLsp")
    # Sent with the notification, the settings apply to every message after it (a
    # pull of them would race the edit).
    client.workspace_did_change_configuration(
        lsp.DidChangeConfigurationParams(settings={"ptoLsp": {"debounceMs": 1e12}})
    )
    uri = "file:///work/kernels/debounce.py"
    open_document(
        client, NON_ASCII_KERNEL.replace("pl.set_cache_policy(a, pl.CachePolicy.BYPASS)", "pass"), uri
    )
    await wait_for_version(client, uri, 1)
    replace_all(client, uri, 2, NON_ASCII_KERNEL)
    [diagnostic] = await wait_for_version(client, uri, 2, timeout=8.0)
    assert diagnostic.code == "PTO101"


async def test_a_pyproject_it_cannot_understand_changes_nothing(client: RecordingClient, tmp_path: Path):
    """`tool = 5` (and nesting deeper than a parser allows) is ignored: diagnostics stay on."""
    kernel = tmp_path / "odd" / "kernel.py"
    kernel.parent.mkdir()
    (tmp_path / "pyproject.toml").write_text("tool = 5\n")
    open_document(client, NON_ASCII_KERNEL, kernel.as_uri())
    assert [d.code for d in await wait_for_version(client, kernel.as_uri(), 1)] == ["PTO101"]
    (tmp_path / "pyproject.toml").write_text("x = " + "[" * 5000 + "]" * 5000 + "\n")
    replace_all(client, kernel.as_uri(), 2, NON_ASCII_KERNEL + "\n")
    assert [d.code for d in await wait_for_version(client, kernel.as_uri(), 2)] == ["PTO101"]


async def test_a_syntax_error_names_file_lines_not_lines_of_the_definition(client: RecordingClient):
    """Python's message names the opening bracket's line; in the editor that is the file's line."""
    uri = "file:///work/kernels/brackets.py"
    text = (
        "import pypto.language as pl\n\nN = 1\n\n\n@pl.function\n"
        "def f(x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n    y = [1,\n         2)\n    return x\n"
    )
    open_document(client, "import pypto.language as pl\n", uri)
    await wait_for_version(client, uri, 1)
    replace_all(client, uri, 2, text)
    [diagnostic] = await wait_for_version(client, uri, 2)
    assert diagnostic.range.start.line == 8
    assert diagnostic.message.endswith("does not match opening parenthesis '[' on line 8")


async def test_changes_to_a_document_never_opened_are_ignored_not_kept(client: RecordingClient):
    """A client that sends didChange for a URI it never opened gets no error, however many."""
    uri = "file:///work/kernels/never-opened.py"
    for version in range(1, 5_200):
        client.text_document_did_change(
            lsp.DidChangeTextDocumentParams(
                text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=f"x = {version}\n")],
            )
        )
    opened = "file:///work/kernels/after-the-flood.py"
    open_document(client, NON_ASCII_KERNEL, opened)
    assert [d.code for d in await wait_for_version(client, opened, 1)] == ["PTO101"]
    assert not [m for m in client.messages if m.type == lsp.MessageType.Error]
    assert not [m for m in client.log_messages if m.type == lsp.MessageType.Error]
    assert not [p for p in client.published if p.uri == uri]


async def test_a_syntax_error_naming_a_line_moves_with_its_definition(client: RecordingClient):
    """Found by the long fuzz run: a definition analysed once, then moved down by an edit
    above it, must name the line it is on now ("after class definition on line N")."""
    uri = "file:///work/kernels/moved_class.py"
    body = "import pypto.language as pl\n\n\nclass P:\n\n\nx = 1\n"
    open_document(client, body, uri)
    [first] = await wait_for_version(client, uri, 1)
    assert first.message.endswith("after class definition on line 4")
    replace_all(client, uri, 2, "# a new first line\n" + body)
    [moved] = await wait_for_version(client, uri, 2)
    assert moved.range.start.line == first.range.start.line + 1
    assert moved.message.endswith("after class definition on line 5")
