"""ConvertTensorToTileOps' `tensor.expand_clone(input, target)`: a rank-3 tensor copied into
a target of the same rank, broadcast along at most one dimension where the input has 1.

As the real registry's custom conversion builds it, by the dimension broadcast:
- none: the input loaded whole (`expand_clone_input`) and stored into the target;
- 0: the input loaded whole, then a loop over the target's dimension 0 storing it at each
  `[i, 0, 0]` of the carried target (`expand_clone_acc`, `expand_clone_d0_store`);
- 1: a loop over dimension 0 loading the input's row `i` (`expand_clone_d1_input`),
  column-expanding it into a `[1, N, K]` tile (`expand_clone_d1_target`, `_d1_col`) and
  storing that at `[i, 0, 0]`;
- 2: the input loaded whole, row-expanded into a tile of the target's shape
  (`expand_clone_d2_target`, `_d2_row`) and stored into the target.
"""

from __future__ import annotations

from typing import Any

from compiler.base.span import Span
from compiler.ir import (
    Expr,
    ForKind,
    ForStmt,
    MakeTuple,
    ScalarType,
    SeqStmts,
    Stmt,
    TensorType,
    Var,
    YieldStmt,
)
from compiler.passes.gather_conversions import _bind, _vec_create
from compiler.passes.not_modelled import NOT_KNOWN_STATICALLY, PassNotModelled
from compiler.passes.op_conversion import (
    PASS_NAME,
    Conversion,
    Converted,
    index,
    memory_kwarg,
    shape_tuple,
)
from compiler.passes.tile_op_types import typed_call


def _expand_clone(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
    if len(args) != 2:
        raise PassNotModelled(PASS_NAME, "a tensor.expand_clone of another form", span)
    source, target = args
    source_type, target_type = source.type, target.type
    if not isinstance(source_type, TensorType) or not isinstance(target_type, TensorType):
        raise PassNotModelled(PASS_NAME, "a tensor.expand_clone of a tile", span)
    shape, full = source_type.shape, target_type.shape
    if shape is None or full is None or source_type.dtype is None:
        raise PassNotModelled(PASS_NAME, f"a tensor.expand_clone whose type is {NOT_KNOWN_STATICALLY}", span)
    if getattr(source_type.view, "valid_shape", ()) or len(shape) != 3 or len(full) != 3:
        raise PassNotModelled(PASS_NAME, "a tensor.expand_clone of a view or of another rank", span)
    broadcast = [axis for axis in range(3) if shape[axis] != full[axis]]
    if len(broadcast) > 1 or any(shape[axis] != 1 for axis in broadcast):
        raise PassNotModelled(PASS_NAME, "a tensor.expand_clone broadcasting no dimension of 1", span)
    out: list[Stmt] = []
    zeros = MakeTuple(span, [index(span, 0)] * 3)
    if not broadcast:
        loaded = _load(out, source, zeros, shape, "expand_clone_input", span)
        return out, typed_call("tile.store", [loaded, zeros, target], {}, span)
    if broadcast == [2]:
        loaded = _load(out, source, zeros, shape, "expand_clone_input", span)
        created = _bind(out, "expand_clone_d2_target", _vec_create(full, source_type.dtype, span))
        row = _bind(out, "expand_clone_d2_row", typed_call("tile.row_expand", [created, loaded], {}, span))
        return out, typed_call("tile.store", [row, zeros, target], {}, span)
    loop_var = Var(span, "i", type=ScalarType("INDEX"))
    carried = Var(span, "expand_clone_acc", type=target_type)
    at_row = MakeTuple(span, [loop_var, index(span, 0), index(span, 0)])
    body: list[Stmt] = []
    if broadcast == [0]:
        loaded = _load(out, source, zeros, shape, "expand_clone_input", span)
        stored = _bind(
            body, "expand_clone_d0_store", typed_call("tile.store", [loaded, at_row, carried], {}, span)
        )
        result = Var(span, "expand_clone_d0_result", type=target_type)
    else:
        row = _load(body, source, at_row, (1, 1, shape[2]), "expand_clone_d1_input", span)
        created = _bind(
            body, "expand_clone_d1_target", _vec_create((1, full[1], full[2]), source_type.dtype, span)
        )
        expanded = _bind(body, "expand_clone_d1_col", typed_call("tile.col_expand", [created, row], {}, span))
        stored = _bind(
            body, "expand_clone_d1_store", typed_call("tile.store", [expanded, at_row, carried], {}, span)
        )
        result = Var(span, "expand_clone_d1_result", type=target_type)
    body.append(YieldStmt(span, [stored], [result]))
    stop = full[0] if isinstance(full[0], Expr) else index(span, full[0])
    loop = ForStmt(
        span,
        ForKind.RANGE,
        loop_var,
        index(span, 0),
        stop,
        index(span, 1),
        SeqStmts(span, body),
        [carried],
        [target],
    )
    out.append(loop)
    return out, result


def _load(out: list[Stmt], source: Expr, offsets: MakeTuple, shape: Any, name: str, span: Span) -> Var:
    """`tile.load` of `shape` at `offsets` into Vec, the shape its valid shape too."""
    load = typed_call(
        "tile.load",
        [source, offsets, shape_tuple(tuple(shape), span), shape_tuple(tuple(shape), span)],
        {"target_memory": memory_kwarg(span, "Vec")},
        span,
    )
    return _bind(out, name, load)


EXPAND_CLONE_CONVERSIONS: dict[str, Conversion] = {"tensor.expand_clone": Conversion(_expand_clone)}
