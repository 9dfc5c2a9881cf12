"""Quick fixes in an LSP client: each one makes its error go away and leaves code that checks clean."""

from __future__ import annotations

import textwrap

from lsp_client import (
    RecordingClient,
    apply_edits,
    change,
    open_document,
    quick_fixes_for,
    replace_all,
    wait_for_version,
)
from lsprotocol import types as lsp

URI = "file:///work/kernels/fix.py"
BYPASS = "pl.CachePolicy.BYPASS"
HEADER = """\
import pypto.language as pl


@pl.program
class Fix:
"""


def kernel(body: str, decorator: str = "@pl.function") -> str:
    signature = (
        "    def main(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32],\n"
        "             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:\n"
    )
    return (
        HEADER
        + f"    {decorator}\n"
        + signature
        + textwrap.indent(textwrap.dedent(body).strip("\n"), " " * 8)
        + "\n        return out\n"
    )


# A declaration nested in a loop inside its scope (R1): the fix moves it to the scope's top.
NESTED_MARKER = kernel(
    f"""
    with pl.at(level=pl.Level.CORE_GROUP):
        c = pl.matmul(a, b, out_dtype=pl.FP32)
        for k in pl.range(2):
            pl.set_cache_policy(b, {BYPASS})
        out = pl.assemble(out, c, [0, 0])
    """
)


async def fixes_for(
    client: RecordingClient, text: str, code: str
) -> tuple[lsp.Diagnostic, list[lsp.CodeAction]]:
    open_document(client, text, URI)
    diagnostics = await wait_for_version(client, URI, 1)
    [diagnostic] = [d for d in diagnostics if d.code == code]
    found = await quick_fixes_for(client, URI, diagnostic)
    for action in found:
        assert "`" not in action.title  # editors show a title as plain text: no Markdown
    return diagnostic, found


async def applied(
    client: RecordingClient, text: str, action: lsp.CodeAction, version: int = 2
) -> tuple[str, list[lsp.Diagnostic]]:
    assert action.edit is not None and action.edit.changes is not None
    fixed = apply_edits(text, list(action.edit.changes[URI]))
    replace_all(client, URI, version, fixed)
    return fixed, await wait_for_version(client, URI, version)


async def test_a_marker_nested_in_a_loop_moves_to_the_top_of_its_scope(client: RecordingClient):
    text = NESTED_MARKER
    _, actions = await fixes_for(client, text, "PTO101")
    assert [a.title for a in actions] == ["Move the declaration to the top of the enclosing scope (line 9)"]
    assert actions[0].is_preferred
    fixed, diagnostics = await applied(client, text, actions[0])
    assert diagnostics == []
    assert f"with pl.at(level=pl.Level.CORE_GROUP):\n            pl.set_cache_policy(b, {BYPASS})\n" in fixed
    assert "for k in pl.range(2):\n                pass\n" in fixed  # the emptied block still parses


async def test_a_marker_moved_out_of_an_if_says_it_becomes_unconditional(client: RecordingClient):
    text = kernel(
        f"""
        with pl.at(level=pl.Level.CORE_GROUP):
            c = pl.matmul(a, b, out_dtype=pl.FP32)
            for k in pl.range(2):
                if k == 0:
                    pl.set_cache_policy(b, {BYPASS})
            out = pl.assemble(out, c, [0, 0])
        """
    )
    _, actions = await fixes_for(client, text, "PTO101")
    assert [a.title for a in actions] == [
        "Move the declaration out of its if to the top of the enclosing scope (line 9); "
        "it then applies unconditionally"
    ]
    assert not actions[0].is_preferred  # it changes what the code says: never applied unasked
    fixed, diagnostics = await applied(client, text, actions[0])
    assert diagnostics == []
    assert f"with pl.at(level=pl.Level.CORE_GROUP):\n            pl.set_cache_policy(b, {BYPASS})\n" in fixed


async def test_a_marker_outside_any_scope_offers_each_scope_that_reads_the_tensor(client: RecordingClient):
    text = kernel(
        f"""
        pl.set_cache_policy(b, {BYPASS})
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="first"):
            c = pl.matmul(a, b, out_dtype=pl.FP32)
            out = pl.assemble(out, c, [0, 0])
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="no_b"):
            d = pl.add(a, a)
            out = pl.assemble(out, d, [0, 0])
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="second"):
            e = pl.add(b, a)
            out = pl.assemble(out, e, [0, 0])
        """
    )
    _, actions = await fixes_for(client, text, "PTO101")
    assert [a.title for a in actions] == [
        "Move the declaration into the scope at line 10",
        "Move the declaration into the scope at line 16",
    ]
    fixed, diagnostics = await applied(client, text, actions[1])
    assert diagnostics == []
    assert f'name_hint="second"):\n            pl.set_cache_policy(b, {BYPASS})\n' in fixed


async def test_a_marker_in_an_incore_function_becomes_cache_kwargs_on_its_loads(client: RecordingClient):
    text = kernel(
        f"""
        pl.set_cache_policy(a, {BYPASS})
        top = pl.load(a, [0, 0], [32, 64])
        bottom = pl.load(a, [32, 0], [32, 64], cache=pl.CachePolicy.DEFAULT)
        out = pl.store(top, [0, 0], out)
        out = pl.store(bottom, [32, 0], out)
        """,
        decorator="@pl.function(type=pl.FunctionType.InCore)",
    )
    _, actions = await fixes_for(client, text, "PTO101")
    assert [a.title for a in actions] == [f"Put cache={BYPASS} on the loads of 'a' instead"]
    fixed, diagnostics = await applied(client, text, actions[0])
    assert diagnostics == []
    assert f"top = pl.load(a, [0, 0], [32, 64], cache={BYPASS})" in fixed
    assert "bottom = pl.load(a, [32, 0], [32, 64], cache=pl.CachePolicy.DEFAULT)" in fixed  # explicit stays
    assert "set_cache_policy" not in fixed


async def test_a_marker_on_a_cluster_moves_into_the_inner_scope_that_reads_the_tensor(
    client: RecordingClient,
):
    text = kernel(
        f"""
        with pl.cluster():
            pl.set_cache_policy(b, {BYPASS})
            with pl.at(level=pl.Level.CORE_GROUP):
                c = pl.matmul(a, b, out_dtype=pl.FP32)
                out = pl.assemble(out, c, [0, 0])
        """
    )
    _, actions = await fixes_for(client, text, "PTO102")
    assert [a.title for a in actions] == ["Move the declaration into the pl.at scope at line 11"]
    _, diagnostics = await applied(client, text, actions[0])
    assert diagnostics == []


async def test_the_keyword_form_is_rewritten_positionally(client: RecordingClient):
    text = kernel(
        f"""
        with pl.at(level=pl.Level.CORE_GROUP):
            pl.set_cache_policy(b, policy={BYPASS})
            c = pl.matmul(a, b, out_dtype=pl.FP32)
            out = pl.assemble(out, c, [0, 0])
        """
    )
    _, actions = await fixes_for(client, text, "PTO103")
    fixed, diagnostics = await applied(client, text, actions[0])
    assert diagnostics == []
    assert f"pl.set_cache_policy(b, {BYPASS})" in fixed


async def test_bypass_on_a_written_tensor_can_be_removed_or_made_default(client: RecordingClient):
    text = kernel(
        f"""
        with pl.at(level=pl.Level.CORE_GROUP):
            pl.set_cache_policy(out, {BYPASS})
            c = pl.matmul(a, b, out_dtype=pl.FP32)
            out = pl.assemble(out, c, [0, 0])
        """
    )
    _, actions = await fixes_for(client, text, "PTO202")
    assert [a.title for a in actions] == ["Remove the declaration", "Change the policy to DEFAULT"]
    fixed, diagnostics = await applied(client, text, actions[1])
    assert diagnostics == []
    assert "pl.set_cache_policy(out, pl.CachePolicy.DEFAULT)" in fixed
    fixed, diagnostics = await applied(client, text, actions[0], version=3)
    assert diagnostics == [] and "set_cache_policy" not in fixed


async def test_an_uncaptured_declaration_alone_in_its_scope_is_replaced_by_pass(client: RecordingClient):
    text = kernel(
        f"""
        with pl.at(level=pl.Level.CORE_GROUP):
            pl.set_cache_policy(b, {BYPASS})
        """
    )
    _, actions = await fixes_for(client, text, "PTO201")
    fixed, diagnostics = await applied(client, text, actions[0])
    assert diagnostics == []
    assert "with pl.at(level=pl.Level.CORE_GROUP):\n            pass\n" in fixed


async def test_a_conflicting_declaration_is_removed(client: RecordingClient):
    text = kernel(
        f"""
        with pl.at(level=pl.Level.CORE_GROUP):
            pl.set_cache_policy(b, {BYPASS})
            pl.set_cache_policy(b, pl.CachePolicy.DEFAULT)
            c = pl.matmul(a, b, out_dtype=pl.FP32)
            out = pl.assemble(out, c, [0, 0])
        """
    )
    _, actions = await fixes_for(client, text, "PTO107")
    fixed, diagnostics = await applied(client, text, actions[0])
    assert diagnostics == []
    assert "pl.CachePolicy.DEFAULT" not in fixed and f"pl.set_cache_policy(b, {BYPASS})" in fixed


DISPATCH = """\
import pypto.language as pl


@pl.program
class Dispatch:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[512, 32], pl.FP32], out: pl.Out[pl.Tensor[[512, 32], pl.FP32]]) -> pl.Tensor[[512, 32], pl.FP32]:
        i = pl.tile.get_block_idx()
        t = pl.load(a, [i * 128, 0], [128, 32])
        out = pl.store(t, [i * 128, 0], out)
        return out

    @pl.function
    def scoped(self, a: pl.Tensor[[512, 32], pl.FP32], out: pl.Out[pl.Tensor[[512, 32], pl.FP32]]) -> pl.Tensor[[512, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            t = pl.add(a, a)
            out = pl.assemble(out, t, [0, 0])
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[512, 32], pl.FP32], out: pl.Out[pl.Tensor[[512, 32], pl.FP32]]) -> pl.Tensor[[512, 32], pl.FP32]:
        with pl.spmd(4):
            pl.set_cache_policy(x, pl.CachePolicy.BYPASS)
            out = self.CALLEE(x, out)
        return out
"""


async def test_a_marker_on_a_dispatch_spmd_becomes_cache_kwargs_in_the_incore_callee(client: RecordingClient):
    text = DISPATCH.replace("CALLEE", "kernel")
    _, actions = await fixes_for(client, text, "PTO102")
    assert [a.title for a in actions] == [f"Put cache={BYPASS} on the loads of 'a' in 'kernel'"]
    fixed, diagnostics = await applied(client, text, actions[0])
    assert diagnostics == []
    assert f"t = pl.load(a, [i * 128, 0], [128, 32], cache={BYPASS})" in fixed


async def test_a_marker_on_a_dispatch_spmd_moves_into_the_callees_scope(client: RecordingClient):
    text = DISPATCH.replace("CALLEE", "scoped")
    _, actions = await fixes_for(client, text, "PTO102")
    assert [a.title for a in actions] == ["Move the declaration into 'scoped' (its scope at line 15)"]
    fixed, diagnostics = await applied(client, text, actions[0])
    assert diagnostics == []
    assert f"with pl.at(level=pl.Level.CORE_GROUP):\n            pl.set_cache_policy(a, {BYPASS})\n" in fixed


async def test_a_fix_in_a_later_program_lands_on_its_lines_after_lines_were_added_above(
    client: RecordingClient,
):
    """A request looks only at the definitions over its lines: those must be where they are now."""
    clean = kernel("out = pl.add(a, b)").replace("class Fix:", "class Clean{n}:")
    body = NESTED_MARKER.removeprefix("import pypto.language as pl\n")
    text = (
        clean.format(n=1)
        + "\n"
        + body
        + "\n"
        + clean.format(n=2).removeprefix("import pypto.language as pl\n")
    )
    open_document(client, text, URI)
    await wait_for_version(client, URI, 1)
    change(client, 2, (1, 0), (1, 0), "# moved\n# down\n", URI)
    text = apply_edits(
        text,
        [
            lsp.TextEdit(
                range=lsp.Range(start=lsp.Position(1, 0), end=lsp.Position(1, 0)),
                new_text="# moved\n# down\n",
            )
        ],
    )
    [diagnostic] = [d for d in await wait_for_version(client, URI, 2) if d.code == "PTO101"]
    assert text.split("\n")[diagnostic.range.start.line].strip().startswith("pl.set_cache_policy(b")
    actions = await client.text_document_code_action_async(
        lsp.CodeActionParams(
            text_document=lsp.TextDocumentIdentifier(uri=URI),
            range=diagnostic.range,
            context=lsp.CodeActionContext(diagnostics=[diagnostic]),
        )
    )
    [action] = [a for a in actions or [] if isinstance(a, lsp.CodeAction)]
    fixed, diagnostics = await applied(client, text, action, version=3)
    # (the `Clean` programs' `out = pl.add(a, b)` drops the Out write: the verifier's
    # PTO613 warning, not what this fix is about)
    assert [d for d in diagnostics if not str(d.code).startswith("PTO6")] == []
    assert f"with pl.at(level=pl.Level.CORE_GROUP):\n            pl.set_cache_policy(b, {BYPASS})\n" in fixed
