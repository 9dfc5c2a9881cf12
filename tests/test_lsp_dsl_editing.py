"""Editing help for the general front-end errors, through a real LSP client over stdio:
quick fixes (each applied and the file re-checked), completion after `pl.` and signature
help inside a `pl.<op>(` call."""

from __future__ import annotations

import pytest
from lsp_client import (
    RecordingClient,
    apply_edits,
    open_document,
    quick_fixes_for,
    replace_all,
    wait_for_version,
)
from lsprotocol import types as lsp

URI = "file:///work/kernels/editing.py"

# A clean kernel: an InCore function over tiles and an orchestrator calling it. Formatted
# the way `ruff format` leaves long signatures: one parameter per line, trailing commas.
KERNEL = """\
import pypto.language as pl


@pl.program
class Editing:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        u = pl.add(t, t)
        out = pl.store(u, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        for i in pl.range(4):
            out = self.kernel(a, out)
        return out
"""


def mutated(old: str, new: str, text: str = KERNEL) -> str:
    assert text.count(old) >= 1, old
    return text.replace(old, new, 1)


async def open_and_wait(client: RecordingClient, text: str) -> list[lsp.Diagnostic]:
    open_document(client, text, URI)
    return await wait_for_version(client, URI, 1)


async def fixes_for(
    client: RecordingClient, text: str, message: str
) -> tuple[lsp.Diagnostic, list[lsp.CodeAction]]:
    """The diagnostic whose message starts with `message`, and the quick fixes offered for it."""
    diagnostics = await open_and_wait(client, text)
    found = [d for d in diagnostics if d.message.startswith(message)]
    assert found, [d.message for d in diagnostics]
    diagnostic = found[0]
    fixes = await quick_fixes_for(client, URI, diagnostic)
    for fix in fixes:
        assert fix.kind == lsp.CodeActionKind.QuickFix
        assert "`" not in fix.title
    return diagnostic, fixes


async def applied(
    client: RecordingClient, text: str, action: lsp.CodeAction
) -> tuple[str, list[lsp.Diagnostic]]:
    """The text after the fix, and what the server publishes for it."""
    assert action.edit is not None and action.edit.changes is not None
    fixed = apply_edits(text, list(action.edit.changes[URI]))
    replace_all(client, URI, 2, fixed)
    return fixed, await wait_for_version(client, URI, 2)


# ------------------------------------------------------------------ quick fixes


async def test_builtin_range_in_a_dsl_loop_becomes_pl_range(client: RecordingClient):
    text = mutated("for i in pl.range(4):", "for i in range(4):")
    _, fixes = await fixes_for(client, text, "For loop must use pl.range()")
    assert [f.title for f in fixes] == ["Use pl.range(...) instead of range(...)"]
    assert fixes[0].is_preferred
    fixed, diagnostics = await applied(client, text, fixes[0])
    assert diagnostics == []
    assert fixed == KERNEL


# A module that calls `pypto.language` by another name. (`@pl.program` method decorators and
# `with pl.at(...)` must spell `pl` itself in the real parser; a `@<alias>.jit.incore` need not.)
ALIASED = """\
import pypto.language as ptl


@ptl.jit.incore
def kernel(a: ptl.Tensor[[64, 64], ptl.FP32], out: ptl.Out[ptl.Tensor[[64, 64], ptl.FP32]]):
    for i in ptl.range(0, 4, 1):
        t = ptl.load(a, [0, 0], [64, 64])
        out = ptl.store(t, [0, 0], out)
    return out
"""


async def test_the_range_fix_uses_the_alias_the_module_gives_pypto_language(client: RecordingClient):
    text = mutated("for i in ptl.range(0, 4, 1):", "for i in range(0, 4, 1):", ALIASED)
    _, fixes = await fixes_for(client, text, "For loop must use pl.range()")
    assert [f.title for f in fixes] == ["Use ptl.range(...) instead of range(...)"]
    fixed, diagnostics = await applied(client, text, fixes[0])
    assert [d for d in diagnostics if d.severity == lsp.DiagnosticSeverity.Error] == []
    assert fixed == ALIASED


async def test_a_misspelt_op_offers_each_closest_real_op(client: RecordingClient):
    # Written one argument per line with a trailing comma, as a formatter leaves a long call.
    text = mutated(
        "t = pl.load(a, [0, 0], [64, 64])",
        "t = pl.lod(\n            a,\n            [0, 0],\n            [64, 64],\n        )",
    )
    _, fixes = await fixes_for(client, text, "Unknown operation 'pl.lod'")
    # `pl.log` is as close a name, but takes one argument: it would trade this error for a TypeError.
    assert [f.title for f in fixes] == ["Did you mean pl.load?"]
    assert fixes[0].is_preferred
    fixed, diagnostics = await applied(client, text, fixes[0])
    assert diagnostics == []
    assert "t = pl.load(\n            a,\n" in fixed


async def test_a_misspelt_op_of_a_namespace_offers_that_namespaces_ops(client: RecordingClient):
    text = mutated("out = pl.store(u, [0, 0], out)", "out = pl.tile.stroe(u, [0, 0], out)")
    _, fixes = await fixes_for(client, text, "Unknown pl.tile operation: stroe")
    assert [f.title for f in fixes][:1] == ["Did you mean pl.tile.store?"]
    fixed, diagnostics = await applied(client, text, fixes[0])
    assert diagnostics == []
    assert "out = pl.tile.store(u, [0, 0], out)" in fixed


async def test_a_misspelt_op_of_the_other_level_offers_the_level_its_operand_has_first(
    client: RecordingClient,
):
    text = mutated("u = pl.add(t, t)", "u = pl.tensor.ad(t, t)")  # `t` is a Tile
    _, fixes = await fixes_for(client, text, "Unknown pl.tensor operation: ad")
    titles = [f.title for f in fixes]
    assert titles[0] == "Did you mean pl.tile.add?" and "Did you mean pl.tensor.add?" in titles[1:]
    fixed, diagnostics = await applied(client, text, fixes[0])
    assert diagnostics == []
    assert "u = pl.tile.add(t, t)" in fixed


async def test_an_augmented_assignment_to_a_tile_becomes_the_op(client: RecordingClient):
    text = mutated("        out = pl.store(u", "        u += t\n        out = pl.store(u")
    _, fixes = await fixes_for(client, text, "Unsupported statement type: AugAssign")
    # `u = u + t` would be rejected too (a Python operator on Tiles): only the op is offered.
    assert [f.title for f in fixes] == ["Write it as u = pl.add(u, t)"]
    fixed, diagnostics = await applied(client, text, fixes[0])
    assert diagnostics == []
    assert "        u = pl.add(u, t)\n" in fixed


async def test_an_augmented_assignment_to_a_scalar_becomes_a_python_operator(client: RecordingClient):
    text = mutated(
        "        for i in pl.range(4):", "        n = 1\n        n -= n - 1\n        for i in pl.range(4):"
    )
    _, fixes = await fixes_for(client, text, "Unsupported statement type: AugAssign")
    # The operand keeps its meaning: parenthesised where precedence would change it.
    assert [f.title for f in fixes] == ["Write it as n = n - (n - 1)"]
    fixed, diagnostics = await applied(client, text, fixes[0])
    assert diagnostics == []
    assert "        n = n - (n - 1)\n" in fixed


@pytest.mark.parametrize(
    ("old", "new", "message", "title", "fixed_text"),
    [
        (
            "type=pl.FunctionType.InCore",
            "type=pl.FunctionType.Incore",
            "Incore",
            "Did you mean pl.FunctionType.InCore?",
            "type=pl.FunctionType.InCore",
        ),
        (
            "t = pl.load(a, [0, 0], [64, 64])",
            "t: pl.Tile[[64, 64], pl.FP33] = pl.load(a, [0, 0], [64, 64])",
            "Unknown dtype: FP33",
            "Did you mean pl.FP32?",
            "t: pl.Tile[[64, 64], pl.FP32] = pl.load(a, [0, 0], [64, 64])",
        ),
    ],
)
async def test_a_misspelt_enum_member_or_dtype_becomes_the_closest_real_one(
    client: RecordingClient, old: str, new: str, message: str, title: str, fixed_text: str
):
    text = mutated(old, new)
    _, fixes = await fixes_for(client, text, message)
    assert [f.title for f in fixes] == [title]
    fixed, diagnostics = await applied(client, text, fixes[0])
    assert diagnostics == []
    assert fixed_text in fixed


# An Opaque function holding a CORE_GROUP scope: where `pl.Level` and cache policies are written.
SCOPED = mutated(
    "        for i in pl.range(4):\n            out = self.kernel(a, out)\n",
    "        with pl.at(level=pl.Level.CORE_GROUP):\n"
    "            pl.set_cache_policy(a, pl.CachePolicy.DEFAULT)\n"
    "            t = pl.add(a, a)\n"
    "            out = pl.assemble(out, t, [0, 0])\n",
).replace("type=pl.FunctionType.Orchestration", "type=pl.FunctionType.Opaque")


@pytest.mark.parametrize(
    ("old", "new", "message", "title"),
    [
        (
            "pl.Level.CORE_GROUP",
            "pl.Level.CORE",
            "Unknown Level value: CORE",
            "Did you mean pl.Level.CORE_GROUP?",
        ),
        (
            "pl.CachePolicy.DEFAULT",
            "pl.CachePolicy.DEFALT",
            "Unknown CachePolicy value: DEFALT",
            "Did you mean pl.CachePolicy.DEFAULT?",
        ),
    ],
)
async def test_a_misspelt_level_or_policy_becomes_the_real_member(
    client: RecordingClient, old: str, new: str, message: str, title: str
):
    open_document(client, SCOPED, "file:///work/kernels/scoped_clean.py")
    assert await wait_for_version(client, "file:///work/kernels/scoped_clean.py", 1) == []
    text = mutated(old, new, SCOPED)
    _, fixes = await fixes_for(client, text, message)
    assert [f.title for f in fixes] == [title]
    fixed, diagnostics = await applied(client, text, fixes[0])
    assert diagnostics == []
    assert fixed == SCOPED


async def test_a_name_nothing_resembles_gets_no_fix(client: RecordingClient):
    text = mutated("t = pl.load(a, [0, 0], [64, 64])", "t = pl.zzqqxx(a, [0, 0], [64, 64])")
    _, fixes = await fixes_for(client, text, "Unknown operation 'pl.zzqqxx'")
    assert fixes == []


# ------------------------------------------------------------------ completion


async def complete(client: RecordingClient, text: str, needle: str) -> list[lsp.CompletionItem]:
    """Completion with the cursor just after the first `needle` in `text`."""
    lines = text.split("\n")
    line = next(i for i, t in enumerate(lines) if needle in t)
    character = lines[line].index(needle) + len(needle)
    result = await client.text_document_completion_async(
        lsp.CompletionParams(
            text_document=lsp.TextDocumentIdentifier(uri=URI),
            position=lsp.Position(line=line, character=character),
            context=lsp.CompletionContext(
                trigger_kind=lsp.CompletionTriggerKind.TriggerCharacter, trigger_character="."
            ),
        )
    )
    if result is None:
        return []
    return result.items if isinstance(result, lsp.CompletionList) else list(result)


async def test_after_pl_dot_the_real_ops_namespaces_enums_and_dtypes_are_offered(client: RecordingClient):
    text = mutated("u = pl.add(t, t)", "u = pl.")
    await open_and_wait(client, text)
    items = {item.label: item for item in await complete(client, text, "u = pl.")}
    load = items["load"]
    assert load.kind == lsp.CompletionItemKind.Function
    assert (
        load.detail
        == "pl.load(tensor, offsets, shapes, valid_shape=..., target_memory=..., clamp=..., cache=...)"
    )
    assert items["add"].detail == "pl.add(lhs, rhs)"
    assert items["tile"].kind == lsp.CompletionItemKind.Module
    assert items["Level"].kind == lsp.CompletionItemKind.Enum
    assert items["FP32"].kind == lsp.CompletionItemKind.Constant
    assert "lod" not in items and "range" not in items  # only real ops; loops are not ops


async def test_after_a_namespace_its_own_ops_are_offered(client: RecordingClient):
    text = mutated("u = pl.add(t, t)", "u = pl.tile.")
    await open_and_wait(client, text)
    items = {item.label: item for item in await complete(client, text, "u = pl.tile.")}
    assert items["load"].detail is not None and items["load"].detail.startswith(
        "pl.tile.load(tensor, offsets"
    )
    assert "create_tensor" not in items  # a tensor op
    text = mutated("u = pl.add(t, t)", "u = pl.system.")
    replace_all(client, URI, 2, text)
    await wait_for_version(client, URI, 2)
    labels = {item.label for item in await complete(client, text, "u = pl.system.")}
    assert {"bar_all", "sync_set"} <= labels and "load" not in labels


async def test_enum_members_are_offered_after_the_enum(client: RecordingClient):
    text = mutated("@pl.function(type=pl.FunctionType.InCore)", "@pl.function(type=pl.FunctionType.)")
    await open_and_wait(client, text)
    items = await complete(client, text, "pl.FunctionType.")
    assert {"InCore", "Orchestration", "Opaque"} <= {item.label for item in items}
    assert all(item.kind == lsp.CompletionItemKind.EnumMember for item in items)
    text = mutated("t = pl.load(a, [0, 0], [64, 64])", "r = pl.Role.\n        l = pl.Level.")
    replace_all(client, URI, 2, text)
    await wait_for_version(client, URI, 2)
    assert [item.label for item in await complete(client, text, "pl.Role.")] == ["Orchestrator", "SubWorker"]
    assert "CORE_GROUP" in {item.label for item in await complete(client, text, "pl.Level.")}


async def test_cache_policy_members_are_still_offered_with_their_meaning(client: RecordingClient):
    text = mutated(
        "t = pl.load(a, [0, 0], [64, 64])", "t = pl.load(a, [0, 0], [64, 64], cache=pl.CachePolicy.)"
    )
    await open_and_wait(client, text)
    items = await complete(client, text, "pl.CachePolicy.")
    assert [item.label for item in items] == ["BYPASS", "DEFAULT"]
    assert items[0].detail == "CachePolicy.BYPASS = 1"


# ------------------------------------------------------------------ signature help


async def signature(client: RecordingClient, line: int, character: int) -> lsp.SignatureHelp | None:
    return await client.text_document_signature_help_async(
        lsp.SignatureHelpParams(
            text_document=lsp.TextDocumentIdentifier(uri=URI),
            position=lsp.Position(line=line, character=character),
        )
    )


def active_label(help_: lsp.SignatureHelp) -> str:
    [information] = help_.signatures
    assert help_.active_parameter is not None and information.parameters is not None
    start, end = information.parameters[help_.active_parameter].label
    assert isinstance(start, int) and isinstance(end, int)
    return information.label[start:end]


async def test_inside_an_op_call_the_real_parameters_and_the_active_one_are_shown(client: RecordingClient):
    text = mutated(
        "t = pl.load(a, [0, 0], [64, 64])",
        "t = pl.load(\n            a,\n            [0, 0],\n            [64, 64],\n            target_memory=pl.Mem.Vec,\n        )",
    )
    await open_and_wait(client, text)
    lines = text.split("\n")
    row = next(i for i, t in enumerate(lines) if "t = pl.load(" in t)
    help_ = await signature(client, row, lines[row].index("(") + 1)
    assert help_ is not None
    assert help_.signatures[0].label == (
        "pl.load(tensor, offsets, shapes, valid_shape=..., target_memory=..., clamp=..., cache=...)"
    )
    assert active_label(help_) == "tensor"
    second = await signature(client, row + 2, lines[row + 2].index("0"))  # inside `[0, 0]`
    assert second is not None and active_label(second) == "offsets"
    keyword = await signature(client, row + 4, lines[row + 4].index("pl.Mem"))
    assert keyword is not None and active_label(keyword) == "target_memory=..."


async def test_a_namespaced_op_shows_its_own_wrapper(client: RecordingClient):
    text = mutated("out = pl.store(u, [0, 0], out)", "out = pl.tile.store(u, [0, 0], out)")
    await open_and_wait(client, text)
    lines = text.split("\n")
    row = next(i for i, t in enumerate(lines) if "pl.tile.store(" in t)
    help_ = await signature(client, row, lines[row].index(", out)") + 2)
    assert help_ is not None
    assert (
        help_.signatures[0].label == "pl.tile.store(tile, offsets, output_tensor, shapes=..., *, atomic=...)"
    )
    assert active_label(help_) == "output_tensor"


async def test_no_signature_outside_an_op_call_nor_at_a_bad_position(client: RecordingClient):
    await open_and_wait(client, KERNEL)
    lines = KERNEL.split("\n")
    row = next(i for i, t in enumerate(lines) if "out = self.kernel(a, out)" in t)
    assert await signature(client, row, lines[row].index("(a") + 1) is None  # not a pl op
    assert await signature(client, 0, 5) is None
    assert await signature(client, 9999, 3) is None
    assert await signature(client, 3, 9999) is None


# ------------------------------------------------------------------ half-typed text


async def test_half_typed_text_and_bad_positions_never_fail_a_request(client: RecordingClient):
    text = (
        KERNEL
        + '\n\n@pl.function\ndef half(x: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:\n    y = pl.load(x, [0], "open string\n    z = pl.tile.\n'
    )
    await open_and_wait(client, text)
    last = len(text.split("\n")) - 1
    for line, character in [(last - 1, 16), (last - 2, 24), (last, 0), (last + 50, 0), (2, 400)]:
        position = lsp.Position(line=line, character=character)
        await signature(client, line, character)
        await client.text_document_completion_async(
            lsp.CompletionParams(text_document=lsp.TextDocumentIdentifier(uri=URI), position=position)
        )
        actions = await client.text_document_code_action_async(
            lsp.CodeActionParams(
                text_document=lsp.TextDocumentIdentifier(uri=URI),
                range=lsp.Range(start=position, end=position),
                context=lsp.CodeActionContext(diagnostics=[]),
            )
        )
        assert actions is None or isinstance(actions, (list, tuple))
    labels = {item.label for item in await complete(client, text, "z = pl.tile.")}
    assert "load" in labels  # the broken line above does not stop completion
