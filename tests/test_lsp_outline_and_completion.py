"""Document symbols, completion of `pl.CachePolicy.`, and the note on declarations nothing lowers."""

from __future__ import annotations

import textwrap

from lsp_client import RecordingClient, apply_edits, change, open_document, wait_for_version
from lsprotocol import types as lsp

URI = "file:///work/kernels/outline.py"
FRESH = "file:///work/kernels/fresh.py"
KERNEL = textwrap.dedent(
    """\
    import pypto.language as pl


    @pl.program
    class Outline:
        @pl.function
        def main(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="first"):
                b = pl.add(a, a)
                out = pl.assemble(out, b, [0, 0])
            with pl.at(level=pl.Level.CORE_GROUP):
                c = pl.add(a, a)
                out = pl.assemble(out, c, [0, 0])
            with pl.at(level=pl.Level.CHIP):
                pl.set_cache_policy(a, pl.CachePolicy.BYPASS)
                d = pl.add(a, a)
                out = pl.assemble(out, d, [0, 0])
            return out

        @pl.function(type=pl.FunctionType.Orchestration)
        def blocks(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
            for i in pl.spmd(4, name_hint="blk"):
                t = pl.load(a, [i * 16, 0], [16, 64], cache=pl.CachePolicy.BYPASS)
                out = pl.store(t, [i * 16, 0], out)
            return out
    """
)


async def test_the_outline_shows_programs_functions_and_the_kernel_each_scope_becomes(
    client: RecordingClient,
):
    open_document(client, KERNEL, URI)
    await wait_for_version(client, URI, 1)
    symbols = await client.text_document_document_symbol_async(
        lsp.DocumentSymbolParams(text_document=lsp.TextDocumentIdentifier(uri=URI))
    )
    [program] = symbols
    assert isinstance(program, lsp.DocumentSymbol) and program.name == "Outline"
    outline = {
        function.name: [(scope.name, scope.detail) for scope in function.children or []]
        for function in program.children or []
    }
    assert outline == {
        "main": [
            ("pl.at(CORE_GROUP)", "→ first"),
            ("pl.at(CORE_GROUP)", "→ main_incore_1"),
            ("pl.at(CHIP)", "→ main_chip_0"),
        ],
        "blocks": [("pl.spmd", "core_num=4 → blk")],
    }


# Dispatches that differ only in their header: core count, name_hint.
DISPATCHES = textwrap.dedent(
    """\
    import pypto.language as pl


    @pl.program
    class Dispatches:
        @pl.function(type=pl.FunctionType.InCore)
        def kernel(self, a: pl.Tensor[[512, 128], pl.FP32], out: pl.Out[pl.Tensor[[512, 128], pl.FP32]]) -> pl.Tensor[[512, 128], pl.FP32]:
            i = pl.tile.get_block_idx()
            t = pl.load(a, [i * 64, 0], [64, 128])
            out = pl.store(t, [i * 64, 0], out)
            return out

        @pl.function(type=pl.FunctionType.Orchestration)
        def main(self, a: pl.Tensor[[512, 128], pl.FP32], out: pl.Out[pl.Tensor[[512, 128], pl.FP32]]) -> pl.Tensor[[512, 128], pl.FP32]:
            with pl.spmd(core_num=4):
                out = self.kernel(a, out)
            with pl.spmd(8, name_hint="wide"):
                out = self.kernel(a, out)
            with pl.cluster():
                with pl.spmd(core_num=4):
                    out = self.kernel(a, out)
            with pl.cluster(name_hint="pair"):
                with pl.spmd(core_num=2, sync_start=True):
                    out = self.kernel(a, out)
            return out
    """
)


async def test_the_outline_tells_spmd_and_cluster_scopes_apart_by_core_count_and_name_hint(
    client: RecordingClient,
):
    open_document(client, DISPATCHES, URI)
    assert await wait_for_version(client, URI, 1) == []
    [program] = await client.text_document_document_symbol_async(
        lsp.DocumentSymbolParams(text_document=lsp.TextDocumentIdentifier(uri=URI))
    )
    assert isinstance(program, lsp.DocumentSymbol)
    [main] = [function for function in program.children or [] if function.name == "main"]

    def tree(symbol: lsp.DocumentSymbol) -> tuple[str, str | None, list[object]]:
        return (symbol.name, symbol.detail, [tree(child) for child in symbol.children or []])

    assert [tree(scope) for scope in main.children or []] == [
        ("pl.spmd", "core_num=4", []),
        ("pl.spmd", 'core_num=8, name_hint="wide"', []),
        ("pl.cluster", None, [("pl.spmd", "core_num=4", [])]),
        ("pl.cluster", 'name_hint="pair"', [("pl.spmd", "core_num=2", [])]),
    ]


async def test_a_declaration_nothing_lowers_gets_an_information_note(client: RecordingClient):
    open_document(client, KERNEL, URI)
    diagnostics = await wait_for_version(client, URI, 1)
    notes = [d for d in diagnostics if d.severity == lsp.DiagnosticSeverity.Information]
    assert [(d.code, d.range.start.line) for d in notes] == [("PTO401", 14)]
    assert "carried onto 'main_chip_0', but no load picks it up today" in notes[0].message


async def test_completion_after_cache_policy_offers_its_two_members(client: RecordingClient):
    typing = KERNEL.replace("cache=pl.CachePolicy.BYPASS)", "cache=pl.CachePolicy.)")  # mid-keystroke
    open_document(client, typing, URI)
    await wait_for_version(client, URI, 1)
    lines = typing.splitlines()
    line = next(index for index, text in enumerate(lines) if "cache=pl.CachePolicy.)" in text)
    character = lines[line].index("CachePolicy.") + len("CachePolicy.")
    result = await client.text_document_completion_async(
        lsp.CompletionParams(
            text_document=lsp.TextDocumentIdentifier(uri=URI),
            position=lsp.Position(line=line, character=character),
            context=lsp.CompletionContext(
                trigger_kind=lsp.CompletionTriggerKind.TriggerCharacter, trigger_character="."
            ),
        )
    )
    assert isinstance(result, lsp.CompletionList)
    assert [item.label for item in result.items] == ["BYPASS", "DEFAULT"]
    elsewhere = await client.text_document_completion_async(
        lsp.CompletionParams(
            text_document=lsp.TextDocumentIdentifier(uri=URI), position=lsp.Position(line=0, character=6)
        )
    )
    assert elsewhere is None or not elsewhere.items


async def outline_of(client: RecordingClient, uri: str) -> list[lsp.DocumentSymbol]:
    symbols = await client.text_document_document_symbol_async(
        lsp.DocumentSymbolParams(text_document=lsp.TextDocumentIdentifier(uri=uri))
    )
    return [symbol for symbol in symbols or [] if isinstance(symbol, lsp.DocumentSymbol)]


async def test_after_lines_are_added_and_edited_the_outline_is_the_one_a_fresh_open_gives(
    client: RecordingClient,
):
    """Each definition's symbols are kept while it only moves: they must move with it."""
    second = KERNEL.split("\n\n\n", 1)[1].replace("class Outline:", "class Second:")
    text = KERNEL + "\n\n" + second
    open_document(client, text, URI)
    await wait_for_version(client, URI, 1)
    await outline_of(client, URI)  # converted and kept here
    edits = [
        ((1, 0), (1, 0), "# two lines\n# above\n"),  # everything moves down
        ((5, 0), (5, 0), "\n"),  # the first program moves again
        ((11, 12), (11, 12), "x = 1\n            "),  # a statement added inside `main`
    ]
    for version, (start, end, new_text) in enumerate(edits, start=2):
        change(client, version, start, end, new_text, URI)
        range_ = lsp.Range(start=lsp.Position(*start), end=lsp.Position(*end))
        text = apply_edits(text, [lsp.TextEdit(range=range_, new_text=new_text)])
        await wait_for_version(client, URI, version)
        moved = await outline_of(client, URI)
        open_document(client, text, f"{FRESH}?{version}")
        await wait_for_version(client, f"{FRESH}?{version}", 1)
        assert moved == await outline_of(client, f"{FRESH}?{version}")
        assert [symbol.name for symbol in moved] == ["Outline", "Second"]
        assert text.split("\n")[moved[1].range.start.line] == "class Second:"


async def test_a_scope_named_after_another_function_shows_the_name_the_outliner_gives_it(
    client: RecordingClient,
):
    """OutlineIncoreScopes renames a kernel whose name_hint another function of the program
    has (`<parent>_<hint>`): the outline says the name the compiled kernel gets."""
    clashing = KERNEL.replace('name_hint="first"', 'name_hint="blocks"')
    open_document(client, clashing, URI)
    await wait_for_version(client, URI, 1)
    [program] = await client.text_document_document_symbol_async(
        lsp.DocumentSymbolParams(text_document=lsp.TextDocumentIdentifier(uri=URI))
    )
    main = next(function for function in program.children or [] if function.name == "main")
    first_scope = (main.children or [])[0]
    assert first_scope.detail == 'name_hint="blocks" → main_blocks'
