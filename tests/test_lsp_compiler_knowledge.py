"""What the compiler knows, shown in an LSP client: the deduced type of a variable, the
signature and result type of an op call, the kernel a `pl.at` / `pl.spmd` scope becomes,
and `cache=` in the signature help and keyword completion of `pl.load`."""

from __future__ import annotations

from pathlib import Path

from lsp_client import RecordingClient, open_document, wait_for_version
from lsprotocol import types as lsp

URI = "file:///work/kernels/knowledge.py"
KERNEL = """\
import pypto.language as pl


@pl.program
class Knowledge:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(
        self,
        x: pl.Tensor[[64, 64], pl.FP32],
        y: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(x, [0, 0], [64, 64])
        doubled = pl.mul(t, 2.0)
        y = pl.store(doubled, [0, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        b: pl.Tensor[[64, 64], pl.FP32],
        mid: pl.InOut[pl.Tensor[[64, 64], pl.FP32]],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        for k in pl.range(2):
            mid = self.scale(a, mid)
        for i in pl.spmd(4):
            pl.set_cache_policy(b, pl.CachePolicy.BYPASS)
            rows: pl.Tile[[16, 64], pl.FP32] = pl.load(b, [i * 16, 0], [16, 64])
            other = pl.load(mid, [i * 16, 0], [16, 64])
            out = pl.store(pl.add(rows, other), [i * 16, 0], out)
        return out


@pl.program
class Scoped:
    @pl.function
    def main(
        self,
        a: pl.Tensor[[128, 64], pl.FP32],
        b: pl.Tensor[[64, 32], pl.FP32],
        out: pl.Out[pl.Tensor[[128, 32], pl.FP32]],
    ) -> pl.Tensor[[128, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="mm"):
            c = pl.matmul(a, b, out_dtype=pl.FP32)
            out = pl.assemble(out, c, [0, 0])
        return out
"""


def position(needle: str, offset: int = 0, text: str = KERNEL) -> lsp.Position:
    index = text.index(needle) + offset
    line = text.count("\n", 0, index)
    return lsp.Position(line=line, character=index - (text.rfind("\n", 0, index) + 1))


async def opened(client: RecordingClient, text: str = KERNEL) -> None:
    open_document(client, text, URI)
    await wait_for_version(client, URI, 1)


async def hover(client: RecordingClient, needle: str, offset: int = 0) -> str:
    result = await client.text_document_hover_async(
        lsp.HoverParams(text_document=lsp.TextDocumentIdentifier(uri=URI), position=position(needle, offset))
    )
    assert result is not None and isinstance(result.contents, lsp.MarkupContent)
    return result.contents.value


async def test_a_tile_variable_shows_its_deduced_type_first(client: RecordingClient):
    await opened(client)
    # `doubled` has no annotation: its type is what the front end deduced for pl.mul(t, 2.0).
    text = await hover(client, "y = pl.store(doubled", 14)
    first = text.splitlines()[0]
    assert first == "`doubled`: **Tile** · [64, 64] · FP32 · memory Vec · layout row_major/none_box"
    assert "`pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec]`" in text


async def test_a_tensor_read_shows_its_type_then_its_cache_policy(client: RecordingClient):
    await opened(client)
    text = await hover(client, "pl.load(b, [i * 16", 8)  # on `b` inside the load
    first, *rest = text.split("\n---\n")
    assert first.startswith("`b`: **Tensor** · [64, 64] · FP32 · memory DDR (global) · layout ND")
    assert "- `b` — **BYPASS**" in "".join(rest)
    scalar = await hover(client, "for i in pl.spmd", 4)
    assert scalar.startswith("`i`: **Scalar** · INDEX")


async def test_an_op_call_shows_its_signature_description_and_result_type(client: RecordingClient):
    await opened(client)
    text = await hover(client, "pl.mul(t, 2.0)", 4)
    assert text.startswith("```python\npl.mul(lhs, rhs)\n```")
    assert "Multiply" in text or "multipl" in text.lower()
    assert "Result for these operands: `pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec]` (IR op `tile.muls`)" in text
    load = await hover(client, "pl.load(mid", 3)
    assert load.startswith(
        "```python\npl.load(tensor, offsets, shapes, valid_shape=..., target_memory=..., clamp=..., cache=...)\n```"
    )
    assert "Result for these operands: `pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec]`" in load
    assert "- `mid` — **DEFAULT**" in load  # today's policy hover follows


async def test_a_scope_header_shows_the_kernel_it_becomes(client: RecordingClient):
    await opened(client)
    spmd = await hover(client, "pl.spmd(4)", 4)
    lines = spmd.splitlines()
    assert lines[0] == "**Becomes InCore kernel `main_incore_0`**"
    assert any(line.startswith("- `b` · In · `pl.Tensor[[64, 64], pl.FP32]` · **BYPASS**") for line in lines)
    assert any(
        line.startswith("- `mid` · In · `pl.Tensor[[64, 64], pl.FP32]` · **DEFAULT**") for line in lines
    )
    assert any(line.startswith("- `out` · Out · `pl.Tensor[[64, 64], pl.FP32]` · not read") for line in lines)
    at = await hover(client, 'pl.at(level=pl.Level.CORE_GROUP, name_hint="mm")', 3)
    assert at.splitlines()[0] == "**Becomes InCore kernel `mm`**"
    assert "- `a` · In · `pl.Tensor[[128, 64], pl.FP32]` · **DEFAULT**" in at


async def test_signature_help_of_pl_load_lists_cache(client: RecordingClient):
    text = KERNEL.replace(
        "other = pl.load(mid, [i * 16, 0], [16, 64])", "other = pl.load(mid, [i * 16, 0], [16, 64], "
    )
    await opened(client, text)
    help_ = await client.text_document_signature_help_async(
        lsp.SignatureHelpParams(
            text_document=lsp.TextDocumentIdentifier(uri=URI),
            position=position("[16, 64], \n", 10, text),
        )
    )
    assert help_ is not None
    [signature] = help_.signatures
    assert signature.label.endswith("clamp=..., cache=...)")
    assert signature.parameters is not None
    start, end = signature.parameters[-1].label  # type: ignore[misc]
    assert signature.label[start:end] == "cache=..."


async def test_keyword_completion_inside_pl_load_offers_cache(client: RecordingClient):
    text = KERNEL.replace(
        "other = pl.load(mid, [i * 16, 0], [16, 64])", "other = pl.load(mid, [i * 16, 0], [16, 64], ca"
    )
    await opened(client, text)
    result = await client.text_document_completion_async(
        lsp.CompletionParams(
            text_document=lsp.TextDocumentIdentifier(uri=URI), position=position("[16, 64], ca", 12, text)
        )
    )
    assert result is not None
    items = result.items if isinstance(result, lsp.CompletionList) else result
    labels = [item.label for item in items]
    assert "cache=" in labels
    assert labels == ["valid_shape=", "target_memory=", "clamp=", "cache="]
    # A keyword already given is not offered again; inside a nested list nothing is.
    given = KERNEL.replace(
        "other = pl.load(mid, [i * 16, 0], [16, 64])",
        "other = pl.load(mid, [i * 16, 0], [16, 64], clamp=False, ",
    )
    open_document(client, given, "file:///work/kernels/given.py")
    await wait_for_version(client, "file:///work/kernels/given.py", 1)
    again = await client.text_document_completion_async(
        lsp.CompletionParams(
            text_document=lsp.TextDocumentIdentifier(uri="file:///work/kernels/given.py"),
            position=position("clamp=False, ", 13, given),
        )
    )
    assert again is not None
    again_items = again.items if isinstance(again, lsp.CompletionList) else again
    assert [item.label for item in again_items] == ["valid_shape=", "target_memory=", "cache="]


async def test_the_distributed_ops_show_their_types_and_results(client: RecordingClient):
    """A multi-rank kernel (`tests/data/distributed_cases/ops_ok.py`, which the real parser
    builds): the comm context and the rank it gives are typed, a remote load's result is
    its tile, and a notify says it has none."""
    text = (Path(__file__).parent / "data" / "distributed_cases" / "ops_ok.py").read_text()
    await opened(client, text)

    async def hover_on(needle: str, offset: int = 0) -> str:
        result = await client.text_document_hover_async(
            lsp.HoverParams(
                text_document=lsp.TextDocumentIdentifier(uri=URI), position=position(needle, offset, text)
            )
        )
        assert result is not None and isinstance(result.contents, lsp.MarkupContent)
        return result.contents.value

    assert (await hover_on("ctx = ")).startswith("`ctx`: **CommCtx**")
    assert (await hover_on("my_rank = ")).startswith("`my_rank`: **Scalar** · INT32")
    load = await hover_on("pld.tile.remote_load(", 10)
    assert "pld.tile.remote_load(target, peer, offsets, shape, valid_shape=)" in load
    assert "Result for these operands: `pl.Tile[[1, 64], pl.FP32]`" in load
    notify = await hover_on("pld.system.notify(", 12)
    assert "Result: none (a side-effect-only distributed op)" in notify
    data = await hover_on("data = pld.window", 1)
    assert data.startswith("`data`: **DistributedTensor** · [1, 64] · FP32 · window-bound")
