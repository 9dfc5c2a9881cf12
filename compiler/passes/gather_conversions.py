"""The tile forms of the gathers ConvertTensorToTileOps builds in a kernel: `tensor.gather`'s
index form, `tensor.create_l1` and `tensor.gather_row` (the real `RegisterGatherOps` /
`RegisterPagedGatherOps` of src/ir/transforms/op_conversion_registry.cpp).

The index-form gather is lowered row by row on the default backend (a2a3): a loop over the
index's rows carries a Vec accumulator, each iteration loads one source row and one index
row, gathers them through an INT32 scratch tile and assembles the row into the accumulator.
The 950's (a5) flat-index form is not modelled: the IR view shows the default backend's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from compiler.base.span import Span
from compiler.ir import (
    AssignStmt,
    BinaryExpr,
    Call,
    Const,
    Expr,
    ForKind,
    ForStmt,
    MakeTuple,
    OpaqueExpr,
    ScalarType,
    SeqStmts,
    Stmt,
    TensorType,
    TileType,
    Var,
    YieldStmt,
)
from compiler.ir.nodes import SCALAR_CAST_OP
from compiler.ops.type_inference import dtype_text
from compiler.passes.not_modelled import PassNotModelled
from compiler.passes.op_conversion import (
    PASS_NAME,
    Conversion,
    ConversionError,
    Converted,
    dtype_kwarg,
    index,
    memory_kwarg,
    shape_tuple,
)
from compiler.passes.tile_op_types import typed_call
from compiler.syntax.values import EnumMember

_INDEX = ScalarType("INDEX")
# A loop body's builder: given the loop var, it appends its statements and returns the row.
RowBuilder = Callable[[Var, list[Stmt]], Var]


def _bind(out: list[Stmt], name: str, call: Call) -> Var:
    var = Var(call.span, name, type=call.type)
    out.append(AssignStmt(call.span, var, call))
    return var


def _vec_create(shape: tuple[Any, ...], dtype: str, span: Span) -> Call:
    kwargs = {"dtype": dtype_kwarg(span, dtype), "target_memory": memory_kwarg(span, "Vec")}
    return typed_call("tile.create", [shape_tuple(shape, span)], kwargs, span)


def _accumulating_loop(
    out: list[Stmt], name: str, stop: Expr, shape: tuple[int, int], dtype: str, row: RowBuilder, span: Span
) -> Var:
    """The real `make_loop`: `<name>_acc_init`, then a loop over `stop` rows whose body
    assembles each [1, cols] row at [i, 0] and yields the accumulator `<name>_rv`."""
    init = _bind(out, f"{name}_acc_init", _vec_create(shape, dtype, span))
    loop_var = Var(span, f"{name}_lv", type=ScalarType("INDEX"))
    carried = Var(span, f"{name}_ia", type=init.type)
    result = Var(span, f"{name}_rv", type=init.type)
    body: list[Stmt] = []
    row_result = row(loop_var, body)
    offset = MakeTuple(span, [loop_var, index(span, 0)])
    assembled = _bind(
        body, f"{name}_asmbl", typed_call("tile.assemble", [carried, row_result, offset], {}, span)
    )
    body.append(YieldStmt(span, [assembled], [result]))
    out.append(
        ForStmt(
            span, ForKind.RANGE, loop_var, index(span, 0), stop, index(span, 1), SeqStmts(span, body),
            [carried], [init],
        )
    )  # fmt: skip
    return result


def _load_or_slice(
    out: list[Stmt], source: Expr, offsets: MakeTuple, shape: tuple[Any, ...], name: str
) -> Var:
    """A tensor operand is loaded into Vec, a tile one sliced (the window as its valid shape)."""
    span = offsets.span
    if isinstance(source.type, TileType):
        call = typed_call(
            "tile.slice", [source, shape_tuple(shape, span), offsets, shape_tuple(shape, span)], {}, span
        )
    else:
        load_args = [source, offsets, shape_tuple(shape, span), shape_tuple(shape, span)]
        call = typed_call("tile.load", load_args, {"target_memory": memory_kwarg(span, "Vec")}, span)
    return _bind(out, name, call)


def _static(dim: Any, what: str, span: Span) -> int:
    """A shape dimension the real lowering reads as a ConstInt (an internal check if not)."""
    if isinstance(dim, int) and not isinstance(dim, bool):
        return dim
    if isinstance(dim, Const) and isinstance(dim.value, int):
        return dim.value
    raise PassNotModelled(PASS_NAME, f"a tensor.gather whose {what} is not static", span)


def _as_expr(dim: Any, span: Span) -> Expr:
    return index(span, dim) if isinstance(dim, int) else dim


def _reshape(out: list[Stmt], source: Var, shape: tuple[Any, ...], name: str) -> Var:
    span = source.span
    return _bind(out, name, typed_call("tile.reshape", [source, shape_tuple(shape, span)], {}, span))


def _row_gather(out: list[Stmt], source_row: Var, index_row: Var, picked: int, span: Span) -> Var:
    """One [1, K] row gathered through its INT32 scratch tile (`single_row_gather`)."""
    scratch = _bind(out, "gather_row_tmp", _vec_create((1, picked), "INT32", span))
    return _bind(out, "gather_row", typed_call("tile.gather", [source_row, index_row, scratch], {}, span))


def _gather(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
    if len(args) != 2:
        raise PassNotModelled(PASS_NAME, "a tensor.gather of another form", span)
    types = [arg.type for arg in args]
    if not all(isinstance(t, (TensorType, TileType)) and t.shape is not None and t.dtype for t in types):
        raise PassNotModelled(PASS_NAME, "a tensor.gather of operands of unknown type", span)
    rank = len(types[0].shape)  # type: ignore[union-attr]
    dim = kwargs.get("dim")
    dim_value = dim.value if isinstance(dim, Const) else dim if dim is not None else -1
    if not isinstance(dim_value, int) or rank < 2:
        raise PassNotModelled(PASS_NAME, "a tensor.gather of another form", span)
    axis = dim_value + rank if dim_value < 0 else dim_value
    prologue: list[Stmt] = []
    if rank == 2 and axis == 1:
        result = _gather_rows(prologue, args, span)
    elif rank == 3 and axis == 2:
        result = _gather_nested_rows(prologue, args, span)
    elif rank == 3 and axis in (0, 1):
        result = _gather_flat_rows(prologue, args, axis, span)
    else:
        raise ConversionError(
            f"tensor.gather: unsupported (rank, dim) combination, got rank={rank} norm_dim={axis}",
            "ValueError",
            span,
        )
    return prologue, result


def _shapes(args: list[Expr]) -> tuple[tuple[Any, ...], tuple[Any, ...], str]:
    source, indices = (arg.type for arg in args)
    return source.shape, indices.shape, str(source.dtype)  # type: ignore[union-attr]


def _gather_rows(prologue: list[Stmt], args: list[Expr], span: Span) -> Var:
    """Rank 2 on the last axis: one loop over the index's rows."""
    source_shape, index_shape, dtype = _shapes(args)
    rows = _static(index_shape[0], "index.shape[0]", span)
    cols = _static(source_shape[1], "input.shape[1]", span)
    picked = _static(index_shape[1], "index.shape[1]", span)

    def row(loop_var: Var, body: list[Stmt]) -> Var:
        offsets = MakeTuple(span, [loop_var, index(span, 0)])
        source_row = _load_or_slice(body, args[0], offsets, (1, cols), "gather_inp_row")
        index_row = _load_or_slice(body, args[1], offsets, (1, picked), "gather_idx_row")
        return _row_gather(body, source_row, index_row, picked, span)

    stop = _as_expr(index_shape[0], span)
    return _accumulating_loop(prologue, "gather", stop, (rows, picked), dtype, row, span)


def _gather_nested_rows(prologue: list[Stmt], args: list[Expr], span: Span) -> Var:
    """Rank 3 on the last axis: an outer loop over the first axis whose rows are an inner
    loop's [I1, K] result flattened to [1, I1*K]; the whole reshaped to [I0*I1, K]."""
    source_shape, index_shape, dtype = _shapes(args)
    outer_rows = _static(index_shape[0], "index.shape[0]", span)
    inner_rows = _static(index_shape[1], "index.shape[1]", span)
    cols = _static(source_shape[2], "input.shape[2]", span)
    picked = _static(index_shape[2], "index.shape[2]", span)

    def outer(outer_var: Var, outer_body: list[Stmt]) -> Var:
        def inner(inner_var: Var, body: list[Stmt]) -> Var:
            offsets = MakeTuple(span, [outer_var, inner_var, index(span, 0)])
            raw = _load_or_slice(body, args[0], offsets, (1, 1, cols), "gather_inp_raw")
            source_row = _reshape(body, raw, (1, cols), "gather_inp_row")
            raw_index = _load_or_slice(body, args[1], offsets, (1, 1, picked), "gather_idx_raw")
            index_row = _reshape(body, raw_index, (1, picked), "gather_idx_row")
            return _row_gather(body, source_row, index_row, picked, span)

        stop = _as_expr(index_shape[1], span)
        rows = _accumulating_loop(outer_body, "gather_inner", stop, (inner_rows, picked), dtype, inner, span)
        return _reshape(outer_body, rows, (1, inner_rows * picked), "gather_inner_flat")

    stop = _as_expr(index_shape[0], span)
    shape = (outer_rows, inner_rows * picked)
    result = _accumulating_loop(prologue, "gather_outer", stop, shape, dtype, outer, span)
    return _reshape(prologue, result, (outer_rows * inner_rows, picked), "gather_out")


def _gather_flat_rows(prologue: list[Stmt], args: list[Expr], axis: int, span: Span) -> Var:
    """Rank 3 on axis 0 or 1: each output row r = (i0, i1) gathers from the source's
    [:, i1, :] (axis 0) or [i0, :, :] (axis 1) flattened to one row, at `index * S2 + k`."""
    source_shape, index_shape, dtype = _shapes(args)
    if dtype not in ("FP32", "INT32"):
        raise ConversionError(
            f"tensor.gather: rank-3 gather on dim {axis} uses an INT32 flat index that only matches the "
            "tgather b32 form (32-bit src); 16-bit src is not yet supported on this axis. Got input dtype "
            f"{dtype_text(dtype)}",
            "ValueError",
            span,
        )
    gathered = _static(source_shape[axis], f"input.shape[{axis}]", span)
    cols = _static(source_shape[2], "input.shape[2]", span)
    outer_rows = _static(index_shape[0], "index.shape[0]", span)
    inner_rows = _static(index_shape[1], "index.shape[1]", span)
    picked = _static(index_shape[2], "index.shape[2]", span)
    rows = outer_rows * inner_rows
    int32 = ScalarType("INT32")
    ci_kwargs = {"dtype": dtype_kwarg(span, "INT32")}
    ci = typed_call("tile.ci", [Const(span, 0, type=int32), shape_tuple((1, picked), span)], ci_kwargs, span)
    positions = _bind(prologue, "gather_range", ci)

    def row(loop_var: Var, body: list[Stmt]) -> Var:
        first = BinaryExpr(span, "floordiv", loop_var, index(span, inner_rows), type=_INDEX)
        second = BinaryExpr(span, "mod", loop_var, index(span, inner_rows), type=_INDEX)
        zero = index(span, 0)
        if axis == 0:
            offsets, window = [zero, second, zero], (source_shape[0], 1, source_shape[2])
        else:
            offsets, window = [first, zero, zero], (1, source_shape[1], source_shape[2])
        raw = _load_or_slice(body, args[0], MakeTuple(span, offsets), window, "gather_inp_raw")
        plane = _reshape(body, raw, (source_shape[axis], source_shape[2]), "gather_inp_2d")
        flat = _reshape(body, plane, (1, gathered * cols), "gather_inp_flat")
        index_offsets = MakeTuple(span, [first, second, index(span, 0)])
        raw_index = _load_or_slice(body, args[1], index_offsets, (1, 1, index_shape[2]), "gather_idx_raw")
        index_row = _reshape(body, raw_index, (1, index_shape[2]), "gather_idx_row")
        scaled = typed_call("tile.muls", [index_row, Const(span, cols, type=int32)], {}, span)
        scaled_var = _bind(body, "gather_idx_s", scaled)
        flat_index = _bind(body, "gather_fidx", typed_call("tile.add", [scaled_var, positions], {}, span))
        return _row_gather(body, flat, flat_index, picked, span)

    result = _accumulating_loop(prologue, "gather_main", index(span, rows), (rows, picked), dtype, row, span)
    return _reshape(prologue, result, (rows, picked), "gather_out")


def _create_l1(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
    """`tile.create(shape, dtype=, target_memory=Mat, transpose=)`: the L1 accumulator."""
    if len(args) != 1 or "dtype" not in kwargs:
        raise PassNotModelled(PASS_NAME, "a tensor.create_l1 of another form", span)
    transpose = kwargs.get("transpose", False)
    created = {"dtype": kwargs["dtype"], "target_memory": memory_kwarg(span, "Mat"), "transpose": transpose}
    return [], typed_call("tile.create", [args[0]], created, span)


def _gather_row(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
    """`tile.gather_row` with the same operands (the valid shape forwarded) and `transpose`."""
    if len(args) not in (5, 6):
        raise PassNotModelled(PASS_NAME, "a tensor.gather_row of another form", span)
    forwarded = {key: kwargs[key] for key in ("valid_shape",) if key in kwargs}  # (the sixth operand)
    forwarded["transpose"] = kwargs.get("transpose", False)
    return [], typed_call("tile.gather_row", args, forwarded, span)


def _scalar(out: list[Stmt], name: str, value: Expr) -> Var:
    var = Var(value.span, name, type=value.type)
    out.append(AssignStmt(value.span, var, value))
    return var


def _to_index(value: Expr, span: Span) -> Call:
    """`MakeCast(value, INDEX)`: the scalar cast the printer writes as `pl.cast(v, pl.INDEX)`."""
    return Call(span, SCALAR_CAST_OP, [value, OpaqueExpr(span, "pl.INDEX")], type=_INDEX)


def _arith(op: str, lhs: Expr, rhs: Expr, span: Span) -> BinaryExpr:
    return BinaryExpr(span, op, lhs, rhs, type=_INDEX)


def _int(kwargs: dict[str, Any], key: str, default: int) -> int:
    value = kwargs.get(key, default)
    value = value.value if isinstance(value, Const) else value
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _paged_gather(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
    """The per-row GM-to-on-chip loop: `pg_rows` rows read from the index's last dim, an
    accumulator of `max_indices` rows in `space`, and in each iteration the row's physical
    position (its block looked up in the block table) gathered into row i (column i when
    transposed) by `tile.gather_row`."""
    if len(args) != 3 or not all(
        isinstance(arg.type, TensorType) and arg.type.shape is not None for arg in args
    ):
        raise PassNotModelled(PASS_NAME, "a tensor.paged_gather of another form", span)
    source, indices, table = args
    block, size, rows_cap = (_int(kwargs, key, 0) for key in ("block_size", "size", "max_indices"))
    col_off = _int(kwargs, "col_off", 0)
    transposed = kwargs.get("is_trans", False) is True
    space = kwargs.get("space", EnumMember("Mem", "Mat"))
    if min(block, size, rows_cap) <= 0 or not isinstance(space, EnumMember):
        raise PassNotModelled(PASS_NAME, "a tensor.paged_gather of another form", span)
    index_shape = indices.type.shape  # type: ignore[union-attr]
    axis = 0 if len(index_shape) == 1 else 1
    length = index_shape[axis]
    if isinstance(length, int) and length > rows_cap:
        raise ConversionError(
            f"tensor.paged_gather: indices length ({length}) exceeds max_indices ({rows_cap})",
            "ValueError",
            span,
        )
    prologue: list[Stmt] = []
    rows = _bind(prologue, "pg_rows", typed_call("tensor.dim", [indices, index(span, axis)], {}, span))
    shape = (size, rows_cap) if transposed else (rows_cap, size)
    created = {
        "dtype": dtype_kwarg(span, str(source.type.dtype)),
        "target_memory": memory_kwarg(span, space.member),
    }  # type: ignore[union-attr]
    init = _bind(
        prologue, "paged_gather_acc", typed_call("tile.create", [shape_tuple(shape, span)], created, span)
    )
    loop_var = Var(span, "pg_i", type=_INDEX)
    carried = Var(span, "paged_gather_iter", type=init.type)
    result = Var(span, "paged_gather_result", type=init.type)
    body: list[Stmt] = []
    zero = index(span, 0)

    def read(tensor: Expr, at: Expr, name: str) -> Var:
        position = [at] if len(tensor.type.shape) == 1 else [zero, at]  # type: ignore[union-attr]
        raw = _bind(
            body, f"{name}_raw", typed_call("tensor.read", [tensor, MakeTuple(span, position)], {}, span)
        )
        return _scalar(body, name, _to_index(raw, span))

    block_expr = index(span, block)
    row = read(indices, loop_var, "pg_idx")
    block_id = _scalar(body, "pg_blk", _arith("floordiv", row, block_expr, span))
    within = _scalar(body, "pg_rem", _arith("mod", row, index(span, block), span))
    physical_block = read(table, block_id, "pg_pblk")
    physical = _scalar(
        body, "pg_phys", _arith("add", _arith("mul", physical_block, index(span, block), span), within, span)
    )
    dst_offset = MakeTuple(span, [zero, loop_var] if transposed else [loop_var, index(span, 0)])
    src_offset = MakeTuple(span, [physical, index(span, col_off)])
    gathered = typed_call(
        "tile.gather_row",
        [carried, source, dst_offset, src_offset, shape_tuple((1, size), span)],
        {"transpose": transposed},
        span,
    )
    row_var = _bind(body, "pg_row", gathered)
    body.append(YieldStmt(span, [row_var], [result]))
    prologue.append(
        ForStmt(
            span,
            ForKind.RANGE,
            loop_var,
            index(span, 0),
            rows,
            index(span, 1),
            SeqStmts(span, body),
            [carried],
            [init],
        )
    )
    return prologue, result


GATHER_CONVERSIONS: dict[str, Conversion] = {
    "tensor.paged_gather": Conversion(_paged_gather),
    "tensor.gather": Conversion(_gather),
    "tensor.create_l1": Conversion(_create_l1),
    "tensor.gather_row": Conversion(_gather_row),
}
