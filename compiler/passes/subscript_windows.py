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
    BinaryExpr,
    Call,
    Const,
    Expr,
    MakeTuple,
    SeqStmts,
    Slice,
    SubscriptIndex,
    TensorType,
    Var,
)
from compiler.ir.visit import own_calls, walk_stmts
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
        size = _extent(item.lower, item.upper, dim)
        if size is None:
            raise PassNotModelled(PASS_NAME, "a subscript whose extent is not static", span)
        sizes.append(index(span, size))
    if call.op == "tensor.slice":
        call.args = [call.args[0], MakeTuple(span, sizes), MakeTuple(span, offsets)]
    else:
        call.args = [call.args[0], call.args[1], MakeTuple(span, offsets)]


def _extent(lower: Expr | None, upper: Expr | None, dim: object) -> int | None:
    """The static extent of `lower:upper` in a dimension of size `dim`, as the real parser
    folds `upper - lower` (`r:r + k`, `i * 64:(i + 1) * 64`, `:k`, `a:`, `:`); None when
    the difference is not a constant."""
    low = _linear(lower) if lower is not None else ({}, 0)
    high = _linear(upper) if upper is not None else (({}, dim) if isinstance(dim, int) else None)
    if low is None or high is None or low[0] != high[0]:
        return None
    return high[1] - low[1]


Linear = tuple[dict[int, int], int]  # (var id -> coefficient, constant)


def _linear(expr: Expr) -> Linear | None:
    """`expr` as a sum of integer multiples of vars plus a constant, None when it is not one."""
    if isinstance(expr, Const):
        value = expr.value
        return ({}, value) if isinstance(value, int) and not isinstance(value, bool) else None
    if isinstance(expr, Var):
        return {id(expr): 1}, 0
    if not isinstance(expr, BinaryExpr) or expr.op not in ("add", "sub", "mul"):
        return None
    lhs, rhs = _linear(expr.lhs), _linear(expr.rhs)
    if lhs is None or rhs is None:
        return None
    if expr.op == "mul":
        if not lhs[0]:
            lhs, rhs = rhs, lhs
        if rhs[0]:
            return None  # a product of two vars
        factor = rhs[1]
        return {key: coeff * factor for key, coeff in lhs[0].items() if coeff * factor}, lhs[1] * factor
    sign = 1 if expr.op == "add" else -1
    terms = dict(lhs[0])
    for key, coeff in rhs[0].items():
        terms[key] = terms.get(key, 0) + sign * coeff
    return {key: coeff for key, coeff in terms.items() if coeff}, lhs[1] + sign * rhs[1]
