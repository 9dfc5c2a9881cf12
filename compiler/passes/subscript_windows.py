"""A subscript of a tensor as the real parser builds it, for the passes that read our IR.

Our parser keeps `x[r:r + 64, :]` as `tensor.slice(x, <subscript>)` and `out[r:r + 64, :] = t`
as `tensor.assemble(out, t, <subscript>)` (the printer writes them back as subscripts); the
real parser builds `tensor.slice(x, [64, n], [r, 0])` and `tensor.assemble(out, t, [r, 0])`,
each extent `upper - lower` folded to a constant (`i * 64:(i + 1) * 64` is 64).
ConvertTensorToTileOps reads the real form: `desugar_subscripts` rewrites a kernel's calls
into it, and refuses (`PassNotModelled`) a subscript it cannot (an integer index, which
drops its dimension; a step; an extent that does not fold).
"""

from __future__ import annotations

from compiler.ir import (
    Call,
    Expr,
    MakeTuple,
    SeqStmts,
    Slice,
    SubscriptIndex,
    TensorType,
)
from compiler.ir.visit import own_calls, walk_stmts
from compiler.parser.subscript_extents import static_extent
from compiler.passes.not_modelled import PassNotModelled
from compiler.passes.op_conversion import PASS_NAME, index


def desugar_subscripts(body: SeqStmts) -> None:
    for stmt in walk_stmts(body):
        for call in own_calls(stmt):
            _desugar_subscript(call)


def _desugar_subscript(call: Call) -> None:
    """`x[r:r + 64, :]` as our parser keeps it is `tensor.slice(x, [64, n], [r, 0])`, and
    `out[r:r + 64, :] = t` is `tensor.assemble(out, t, [r, 0])`, as the real parser
    builds them (an integer index, which drops its dimension, is not modelled)."""
    if call.op not in ("tensor.slice", "tensor.assemble"):
        return
    position = 1 if call.op == "tensor.slice" else 2
    if len(call.args) != position + 1 or not isinstance(call.args[position], SubscriptIndex):
        return
    subscript = call.args[position]
    assert isinstance(subscript, SubscriptIndex)
    source = call.args[0].type
    shape = source.shape if isinstance(source, TensorType) else None
    span = subscript.span
    if shape is None or len(subscript.items) > len(shape):
        raise PassNotModelled(PASS_NAME, "a subscript of a tensor of unknown rank", span)
    items = [*subscript.items, *(Slice(span, None, None, None) for _ in shape[len(subscript.items) :])]
    offsets: list[Expr] = []
    sizes: list[Expr] = []
    for item, dim in zip(items, shape, strict=True):
        if not isinstance(item, Slice) or item.step is not None:
            raise PassNotModelled(PASS_NAME, "a subscript with an integer index or a step", span)
        offsets.append(item.lower if item.lower is not None else index(span, 0))
        size = static_extent(item.lower, item.upper, dim)
        if size is None:
            raise PassNotModelled(PASS_NAME, "a subscript whose extent is not static", span)
        sizes.append(index(span, size))
    if call.op == "tensor.slice":
        call.args = [call.args[0], MakeTuple(span, sizes), MakeTuple(span, offsets)]
    else:
        call.args = [call.args[0], call.args[1], MakeTuple(span, offsets)]
