"""Hover and inlay hints in an LSP client: each GM read's policy and why, and what a declaration governs."""

from __future__ import annotations

import textwrap

from cache_policy_programs import DEMO_PROGRAM
from lsp_client import RecordingClient, open_document, wait_for_version
from lsprotocol import types as lsp

URI = "file:///work/kernels/hover.py"
KERNEL = DEMO_PROGRAM


def position_of(needle: str, offset: int = 0) -> lsp.Position:
    index = KERNEL.index(needle) + offset
    line = KERNEL.count("\n", 0, index)
    return lsp.Position(line=line, character=index - (KERNEL.rfind("\n", 0, index) + 1))


async def hover(client: RecordingClient, needle: str, offset: int = 0) -> str | None:
    result = await client.text_document_hover_async(
        lsp.HoverParams(
            text_document=lsp.TextDocumentIdentifier(uri=URI), position=position_of(needle, offset)
        )
    )
    if result is None:
        return None
    assert isinstance(result.contents, lsp.MarkupContent)
    return result.contents.value


async def opened(client: RecordingClient) -> None:
    open_document(client, KERNEL, URI)
    assert await wait_for_version(client, URI, 1) == []


async def test_hover_on_a_matmul_names_each_operand_with_its_policy_and_why(client: RecordingClient):
    await opened(client)
    text = await hover(client, "pl.matmul(a, b", 3)
    assert text is not None
    assert "kernel `mm`" in text
    assert (
        "- `a` — **DEFAULT** (default: no `cache=` here and no declaration for `a`) · matmul operand" in text
    )
    assert "- `b` — **BYPASS** (cached: [PTOAS#1356](" in text
    assert ")) (declared at line 10) · matmul operand" in text


async def test_an_explicit_default_beats_the_declaration_and_says_so(client: RecordingClient):
    await opened(client)
    explicit = await hover(client, "pl.load(x, [0, 0]", 2)
    assert explicit is not None and "- `x` — **DEFAULT** (explicit `cache=` here) · pl.load" in explicit
    declared = await hover(client, "pl.load(x, [32, 0]", 2)
    assert declared is not None and "- `x` — **BYPASS** (cached: [PTOAS#1356](" in declared
    assert ")) (declared at line 18) · pl.load" in declared
    assert "kernel `tiles_incore_0`" in declared


async def test_hover_on_a_declaration_lists_the_reads_it_governs(client: RecordingClient):
    await opened(client)
    text = await hover(client, "pl.set_cache_policy(x", 4)
    assert text is not None
    assert text.startswith("**pl.set_cache_policy** `x` → **BYPASS**")
    assert "Kernel `tiles_incore_0`, parameter 0." in text
    assert "Governs 1 read:\n- line 20: pl.load" in text


async def test_hover_away_from_any_read_says_nothing(client: RecordingClient):
    await opened(client)
    assert await hover(client, "return out") is None


async def test_inlay_hints_show_the_effective_policy_after_each_read(client: RecordingClient):
    await opened(client)
    hints = await client.text_document_inlay_hint_async(
        lsp.InlayHintParams(
            text_document=lsp.TextDocumentIdentifier(uri=URI),
            range=lsp.Range(start=lsp.Position(0, 0), end=lsp.Position(KERNEL.count("\n"), 0)),
        )
    )
    labels = [(hint.position.line, hint.label) for hint in hints or []]
    assert labels == [
        (10, "a: DEFAULT, b: BYPASS (cached: PTOAS#1356)"),
        (18, "x: DEFAULT"),
        (19, "x: BYPASS (cached: PTOAS#1356)"),
    ]
    matmul_end = position_of("out_dtype=pl.FP32)", len("out_dtype=pl.FP32)"))
    assert hints[0].position == matmul_end


async def test_hover_on_a_tensor_parameter_gives_its_policy_in_each_kernel(client: RecordingClient):
    await opened(client)
    text = await hover(client, "x: pl.Tensor", 0)
    assert text is not None
    # Its deduced type first, then its policy in each kernel.
    assert text.startswith("`x`: **Tensor** · [64, 64] · FP32")
    assert "\n\n---\n\n**`x`** · tensor parameter (In)" in text
    assert (
        "- kernel `tiles_incore_0`: **DEFAULT** (explicit `cache=` here), **BYPASS** (cached: [PTOAS#1356]("
        in text
    )
    assert "(declared at line 18)\n\n_cached_: PTOAS has no L2-bypass path yet" in text


SPMD_URI = "file:///work/kernels/spmd_hover.py"
SPMD_KERNEL = textwrap.dedent(
    """\
    import pypto.language as pl


    @pl.program
    class Blocks:
        @pl.function(type=pl.FunctionType.Orchestration)
        def main(self, b: pl.Tensor[[512, 128], pl.FP32], c: pl.Tensor[[512, 128], pl.FP32], out: pl.Out[pl.Tensor[[512, 128], pl.FP32]]) -> pl.Tensor[[512, 128], pl.FP32]:
            for i in pl.spmd(4, name_hint="blk"):
                pl.set_cache_policy(b, pl.CachePolicy.BYPASS)
                tile_b = pl.load(b, [i * 128, 0], [128, 128])
                tile_c = pl.load(c, [i * 128, 0], [128, 128], cache=pl.CachePolicy.BYPASS)
                out = pl.store(tile_b, [i * 128, 0], out)
                out = pl.store(tile_c, [i * 128, 0], out)
            return out
    """
)


async def spmd_hover(client: RecordingClient, needle: str) -> str | None:
    open_document(client, SPMD_KERNEL, SPMD_URI)
    await wait_for_version(client, SPMD_URI, 1)
    index = SPMD_KERNEL.index(needle) + 3
    line = SPMD_KERNEL.count("\n", 0, index)
    character = index - (SPMD_KERNEL.rfind("\n", 0, index) + 1)
    result = await client.text_document_hover_async(
        lsp.HoverParams(
            text_document=lsp.TextDocumentIdentifier(uri=SPMD_URI), position=lsp.Position(line, character)
        )
    )
    return result.contents.value if result is not None else None  # type: ignore[union-attr]


async def test_hover_in_a_spmd_loop_names_the_kernel_its_body_becomes(client: RecordingClient):
    text = await spmd_hover(client, "pl.load(b,")
    assert text is not None
    assert "kernel `blk`" in text
    assert "- `b` — **BYPASS** (cached: [PTOAS#1356](" in text and ")) (declared at line 9) · pl.load" in text


async def test_hover_on_an_explicit_bypass_load(client: RecordingClient):
    text = await spmd_hover(client, "pl.load(c,")
    assert text is not None and ")) (explicit `cache=` here) · pl.load" in text
