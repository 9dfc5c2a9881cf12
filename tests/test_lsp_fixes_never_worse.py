"""Every quick fix the server offers, applied in an LSP client, leaves one diagnostic fewer
(the one it fixes; one that only followed from it may go too) and no new one: on the examples and on kernels written for the cases
where a fix used to make things worse (a marker naming a name bound inside its scope, a
marker in a `pl.manual_scope()` with no `pl.at` inside)."""

from __future__ import annotations

import itertools
import textwrap
from collections import Counter

import pytest
from conftest import EXAMPLES
from lsp_client import (
    RecordingClient,
    apply_edits,
    open_document,
    quick_fixes_for,
    replace_all,
    wait_for_version,
)
from lsprotocol import types as lsp

TENSOR = "pl.Tensor[[64, 64], pl.FP32]"


def program(body: str, *, decorator: str = "@pl.function", kernels: str = "") -> str:
    return (
        "import pypto.language as pl\n\n\n@pl.program\nclass Fixes:\n"
        + (textwrap.indent(textwrap.dedent(kernels).strip("\n") + "\n\n", "    ") if kernels else "")
        + f"    {decorator}\n"
        + f"    def main(self, a: {TENSOR}, out: pl.Out[{TENSOR}]) -> {TENSOR}:\n"
        + textwrap.indent(textwrap.dedent(body).strip("\n"), " " * 8)
        + "\n        return out\n"
    )


KERNEL = f"""\
@pl.function(type=pl.FunctionType.InCore)
def kernel(self, x: {TENSOR}, y: pl.Out[{TENSOR}]) -> {TENSOR}:
    t = pl.load(x, [0, 0], [64, 64])
    y = pl.store(t, [0, 0], y)
    return y
"""

# The marker names a tensor bound inside the loop: moved to the scope's top it would be PTO105.
LOOP_LOCAL = program(
    """
    with pl.at(level=pl.Level.CORE_GROUP):
        for k in pl.range(2):
            b = pl.slice(a, [32, 64], [k * 32, 0])
            pl.set_cache_policy(b, pl.CachePolicy.BYPASS)
            t = pl.load(b, [0, 0], [32, 64])
            out = pl.store(t, [k * 32, 0], out)
    """
)
# A loop-carried tensor: bound by the loop itself.
LOOP_CARRIED = program(
    """
    with pl.at(level=pl.Level.CORE_GROUP):
        for k, (acc,) in pl.range(2, init_values=(a,)):
            pl.set_cache_policy(acc, pl.CachePolicy.BYPASS)
            t = pl.load(acc, [0, 0], [64, 64])
            acc = pl.store(t, [0, 0], acc)
            acc_out = pl.yield_(acc)
        out = pl.assemble(out, acc_out, [0, 0])
    """
)
MANUAL_BYPASS = program(
    """
    with pl.manual_scope():
        pl.set_cache_policy(a, pl.CachePolicy.BYPASS)
        out = self.kernel(a, out)
    """,
    decorator="@pl.function(type=pl.FunctionType.Orchestration)",
    kernels=KERNEL,
)
MANUAL_DEFAULT = MANUAL_BYPASS.replace("CachePolicy.BYPASS", "CachePolicy.DEFAULT")
# Still the move when the name is what it is at the scope's top.
NESTED_PARAM = program(
    """
    with pl.at(level=pl.Level.CORE_GROUP):
        for k in pl.range(2):
            pl.set_cache_policy(a, pl.CachePolicy.BYPASS)
            t = pl.load(a, [0, 0], [64, 64])
            out = pl.store(t, [0, 0], out)
    """
)

WRITTEN = {
    "loop_local.py": LOOP_LOCAL,
    "loop_carried.py": LOOP_CARRIED,
    "manual_bypass.py": MANUAL_BYPASS,
    "manual_default.py": MANUAL_DEFAULT,
    "nested_param.py": NESTED_PARAM,
}
FILES = {
    **{path.name: path.read_text(encoding="utf-8") for path in sorted(EXAMPLES.glob("*.py"))},
    **WRITTEN,
}
_documents = itertools.count()


def key(diagnostic: lsp.Diagnostic) -> tuple[str, str]:
    return (str(diagnostic.code), diagnostic.message)


async def all_fixes(
    client: RecordingClient, text: str
) -> tuple[list[lsp.Diagnostic], list[tuple[lsp.Diagnostic, lsp.CodeAction]]]:
    uri = f"file:///work/kernels/fixes_{next(_documents)}.py"
    open_document(client, text, uri)
    diagnostics = await wait_for_version(client, uri, 1)
    offered = [(d, action) for d in diagnostics for action in await quick_fixes_for(client, uri, d)]
    return diagnostics, [(d, action) for d, action in offered if action.edit is not None]


async def after(client: RecordingClient, text: str, action: lsp.CodeAction) -> list[lsp.Diagnostic]:
    assert action.edit is not None and action.edit.changes is not None
    [(_, edits)] = action.edit.changes.items()
    uri = f"file:///work/kernels/fixes_{next(_documents)}.py"
    open_document(client, text, uri)
    await wait_for_version(client, uri, 1)
    replace_all(client, uri, 2, apply_edits(text, list(edits)))
    return await wait_for_version(client, uri, 2)


@pytest.mark.parametrize("name", FILES)
async def test_every_fix_offered_leaves_one_diagnostic_fewer_and_no_new_one(
    client: RecordingClient, name: str
):
    text = FILES[name]
    before, offered = await all_fixes(client, text)
    for fixed, action in offered:
        remaining = await after(client, text, action)
        expected = Counter(map(key, before)) - Counter([key(fixed)])
        left = Counter(map(key, remaining))
        # The fixed one is gone and nothing new came (an error that only followed from it may go too).
        assert not left - expected, (action.title, [key(d) for d in remaining])
        assert left[key(fixed)] < Counter(map(key, before))[key(fixed)], action.title
    if name in WRITTEN:
        assert offered, "a fix is offered"


async def test_a_marker_naming_a_loop_local_gets_cache_on_its_loads_not_a_move(client: RecordingClient):
    _, offered = await all_fixes(client, LOOP_LOCAL)
    assert [action.title for _, action in offered] == [
        "Put cache=pl.CachePolicy.BYPASS on the loads of 'b' instead"
    ]
    _, nested = await all_fixes(client, NESTED_PARAM)
    assert [action.title for _, action in nested] == [
        "Move the declaration to the top of the enclosing scope (line 8)"
    ]


async def test_a_marker_in_a_manual_scope_without_pl_at_gets_a_fitting_fix(client: RecordingClient):
    _, default = await all_fixes(client, MANUAL_DEFAULT)
    assert [action.title for _, action in default] == [
        "Remove the declaration (DEFAULT is what every read gets already)"
    ]
    _, bypass = await all_fixes(client, MANUAL_BYPASS)
    assert [action.title for _, action in bypass] == [
        "Put cache=pl.CachePolicy.BYPASS on the loads of 'x' in 'kernel'"
    ]
    [(_, action)] = bypass
    assert action.edit is not None and action.edit.changes is not None
    [edits] = action.edit.changes.values()
    fixed = apply_edits(MANUAL_BYPASS, list(edits))
    assert "t = pl.load(x, [0, 0], [64, 64], cache=pl.CachePolicy.BYPASS)" in fixed
    assert "set_cache_policy" not in fixed
