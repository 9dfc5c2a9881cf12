"""Live diagnostics in an LSP client: squiggles while typing, never for a stale version."""

from __future__ import annotations

import asyncio
import textwrap

from lsp_client import RecordingClient, change, open_document, wait_for_version
from lsprotocol import types as lsp

KERNEL = textwrap.dedent(
    """\
    import pypto.language as pl


    @pl.program
    class Demo:
        @pl.function
        def main(self, a: pl.Tensor[[256, 128], pl.FP32], b: pl.Tensor[[128, 256], pl.FP32],
                 out: pl.Out[pl.Tensor[[256, 256], pl.FP32]]) -> pl.Tensor[[256, 256], pl.FP32]:
            pl.set_cache_policy(b, pl.CachePolicy.BYPASS)  # 中文 comment
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="mm"):
                c: pl.Tensor[[256, 256], pl.FP32] = pl.matmul(a, b, out_dtype=pl.FP32)
                out = pl.assemble(out, c, [0, 0])
            return out
    """
)
URI = "file:///work/kernels/demo.py"


async def test_misplaced_marker_is_squiggled_at_the_statement(client: RecordingClient):
    open_document(client, KERNEL, URI)
    diagnostics = await wait_for_version(client, URI, 1)
    assert [d.code for d in diagnostics] == ["PTO101"]
    squiggle = diagnostics[0]
    assert squiggle.severity == lsp.DiagnosticSeverity.Error
    assert squiggle.source == "pto"
    assert squiggle.message == (
        "pl.set_cache_policy() must be a standalone statement directly inside a pl.at(...) / pl.spmd(...) scope body"
    )
    assert squiggle.range == lsp.Range(start=lsp.Position(8, 8), end=lsp.Position(8, 53))


async def test_moving_the_marker_into_the_scope_clears_the_squiggle(client: RecordingClient):
    open_document(client, KERNEL, URI)
    await wait_for_version(client, URI, 1)
    marker = "pl.set_cache_policy(b, pl.CachePolicy.BYPASS)"
    # Delete the marker line, then type it again as the first statement of the scope body.
    change(client, 2, (8, 0), (9, 0), "", URI)
    change(client, 3, (9, 0), (9, 0), f"            {marker}\n", URI)
    assert await wait_for_version(client, URI, 3) == []


async def test_typing_into_the_scope_reports_the_new_error_once_typing_pauses_and_only_for_the_last_version(
    client: RecordingClient,
):
    open_document(client, KERNEL, URI)
    await wait_for_version(client, URI, 1)
    # Type a conflicting declaration into the scope, one character per change, without waiting:
    # the conflict is where the author types, so it is published once typing pauses.
    line = "            pl.set_cache_policy(b, pl.CachePolicy.BYPASS)\n            pl.set_cache_policy(b, pl.CachePolicy.DEFAULT)\n"
    version = 1
    for offset, char in enumerate(line):
        version += 1
        row = 10 + line[:offset].count("\n")
        column = offset - (line[:offset].rfind("\n") + 1)
        change(client, version, (row, column), (row, column), char, URI)
    held = await wait_for_version(client, URI, version)
    assert [d.code for d in held] == ["PTO101"]
    final = await last_publication(client, version)
    assert sorted(d.code for d in final) == ["PTO101", "PTO107"]
    conflict = next(d for d in final if d.code == "PTO107")
    assert conflict.message.endswith("for 'b' in one scope: BYPASS then DEFAULT")
    assert conflict.range.start == lsp.Position(11, 12)
    published = [item.version for item in client.published if item.uri == URI]
    assert published == sorted(published), "a publication went back to an older version"


async def last_publication(client: RecordingClient, version: int) -> list[lsp.Diagnostic]:
    """The second publication of `version`: the one after typing paused."""

    async def second() -> list[lsp.Diagnostic]:
        while True:
            found = [item for item in client.published if item.uri == URI and item.version == version]
            if len(found) > 1:
                return found[-1].diagnostics
            await asyncio.sleep(0.01)

    return await asyncio.wait_for(second(), 10)


async def test_a_file_that_is_not_a_pypto_kernel_gets_no_diagnostics(client: RecordingClient):
    uri = "file:///work/plain.py"
    open_document(client, "def f(:\n    pass\n", uri)
    assert await wait_for_version(client, uri, 1) == []


async def test_closing_a_document_clears_its_squiggles(client: RecordingClient):
    open_document(client, KERNEL, URI)
    await wait_for_version(client, URI, 1)
    client.text_document_did_close(
        lsp.DidCloseTextDocumentParams(text_document=lsp.TextDocumentIdentifier(uri=URI))
    )

    async def cleared() -> None:
        while client.published[-1].uri != URI or client.published[-1].diagnostics:
            await asyncio.sleep(0.01)

    await asyncio.wait_for(cleared(), 10)


async def test_bypass_on_a_written_tensor_is_squiggled_with_the_scope_and_the_write(client: RecordingClient):
    text = KERNEL.replace(
        "        pl.set_cache_policy(b, pl.CachePolicy.BYPASS)  # 中文 comment\n", ""
    ).replace(
        'name_hint="mm"):\n',
        'name_hint="mm"):\n            pl.set_cache_policy(out, pl.CachePolicy.BYPASS)\n',
    )
    open_document(client, text, URI)
    [diagnostic] = await wait_for_version(client, URI, 1)
    assert diagnostic.code == "PTO202"
    assert diagnostic.message.startswith("pl.set_cache_policy(out, CachePolicy.BYPASS) is not allowed")
    assert diagnostic.range.start == lsp.Position(9, 12)
    related = [
        (info.location.uri, info.location.range.start.line) for info in diagnostic.related_information or []
    ]
    assert related == [(URI, 8), (URI, 11)]  # the `with pl.at(...)` header and the assemble into `out`
