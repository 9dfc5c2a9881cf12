"""The op-rule examples of examples/, live in an LSP client: opening the file publishes the
real compiler's error on the real range, and the author's fix makes it go away.

The messages and positions are the real compiler's (hw-native-sys/pypto e2d0f78, run on
these very files), written out here.
"""

from __future__ import annotations

import pytest
from conftest import EXAMPLES
from lsp_client import RecordingClient, change, open_document, wait_for_version
from lsprotocol import types as lsp

# name -> (real message, 1-based line and column of the call, the call's text, its fix)
CASES = {
    "mistake_matmul_inner_dim.py": (
        "pl operation 'matmul': tensor.matmul requires matching inner dimensions, but got lhs K=128 and rhs K=64",
        (21, 18),
        "pl.matmul(q, k, out_dtype=pl.FP32)",
        "pl.matmul(q, k, out_dtype=pl.FP32, b_trans=True)",
    ),
    "mistake_store_past_end.py": (
        "pl operation 'store': tile.store writes past the end of dimension 0: offset 32 + extent 16 exceeds "
        "the target extent 32. A store performs no layout conversion (RFC #1300 P7): the offsets and the tile "
        "extent must already be in the destination's coordinate system. If the tile was read through a view "
        "whose layout differs from the destination's -- a DN view transposes it -- take the matching view of "
        "the destination, pl.view(out, layout=...), and store into that",
        (28, 15),
        "pl.store(pl.mul(bottom, 2.0), [32, 0], out)",
        "pl.store(pl.mul(bottom, 2.0), [16, 0], out)",
    ),
}
PENDING = {
    "mistake_store_past_end.py": "tile.store's bounds check is not modelled yet (the ops-memory rules)"
}


def _cases() -> list:
    return [
        pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=PENDING[name]))
        if name in PENDING
        else name
        for name in CASES
    ]


@pytest.mark.parametrize("name", _cases())
async def test_an_op_example_gets_the_real_error_live_and_loses_it_with_the_fix(
    client: RecordingClient, name: str
):
    message, (line, column), call, fixed = CASES[name]
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    uri = f"file:///work/kernels/{name}"
    open_document(client, text, uri)
    published = await wait_for_version(client, uri, 1)
    assert [(d.message, d.severity, d.code) for d in published] == [
        (message, lsp.DiagnosticSeverity.Error, "PTO504")
    ]
    start = published[0].range.start
    assert (start.line + 1, start.character + 1) == (line, column)
    assert text.splitlines()[line - 1][column - 1 :].startswith(call)
    change(client, 2, (line - 1, column - 1), (line - 1, column - 1 + len(call)), fixed, uri)
    assert await wait_for_version(client, uri, 2) == []
