"""Which tile op each tensor op becomes in a kernel: the real `OpConversionRegistry`.

ConvertTensorToTileOps looks every `tensor.*` op of an InCore function up here
(src/ir/transforms/op_conversion_registry.cpp). An entry turns the op's operands (the
converted ones: tiles where a tensor became a tile) into the statements it needs first
(a reduction's `tmp_tile` workspace) and the call that replaces it, typed by the tile op's
own deduction (`typed_call`: its error is the real one). `input_reqs`: the operands the
pass itself must bring into a memory space first (a matmul's into Mat), with the keyword
that transposes each.

Only the entries below are modelled; a tensor op without one stops the pass
(`PassNotModelled`), whether or not the real registry has it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from compiler.base import codes
from compiler.base.span import Span
from compiler.ir import (
    AssignStmt,
    Call,
    Const,
    Expr,
    MakeTuple,
    OpaqueExpr,
    ScalarType,
    Stmt,
    TensorType,
    TileType,
    UnknownType,
    Var,
)
from compiler.ops.type_inference import is_float_dtype
from compiler.passes.not_modelled import NOT_KNOWN_STATICALLY, PassNotModelled
from compiler.passes.tile_op_types import TileOpError, deduced_type, is_unfolded_value, typed_call

PASS_NAME = "ConvertTensorToTileOps"

Converted = tuple[list[Stmt], Expr]
Convert = Callable[[list[Expr], dict[str, Any], Span], Converted]


@dataclass(frozen=True)
class Conversion:
    convert: Convert
    # operand index -> (the memory space it must be in, the keyword that transposes it)
    input_reqs: dict[int, tuple[str, str | None]] = field(default_factory=dict)


class ConversionError(Exception):
    """A conversion's own CHECK (not an op deduction's): `exception` is the class the real
    compiler raises ("InternalError" for an INTERNAL_CHECK, "ValueError" for a CHECK);
    `code` and `data` what the diagnostic reports it as."""

    def __init__(
        self,
        message: str,
        exception: str,
        span: Span,
        code: str = codes.TILE_CONVERSION_REJECTED,
        data: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.exception = exception
        self.span = span
        self.code = code
        self.data = data or {}


# The ops that manage their own loads: a parameter they read gets no entry load for them.
SELF_LOADING = frozenset(
    {
        "tensor.slice", "tensor.assemble", "tensor.read", "tensor.write", "tensor.expand_clone",
        "tensor.gather", "tensor.paged_gather", "tensor.create_l1", "tensor.gather_row",
    }
)  # fmt: skip
# Ops whose result lives where their first operand does (`set_output_memory_inherit_input`):
# a memory demand on the result is one on that operand.
INHERIT_INPUT_MEMORY = frozenset(
    {"tensor.slice", "tensor.reshape", "tensor.reinterpret_view", "tensor.view", "tensor.set_validshape"}
)


def index(span: Span, value: int) -> Const:
    return Const(span, value, type=ScalarType("INDEX"))


def memory_kwarg(span: Span, space: str) -> OpaqueExpr:
    return OpaqueExpr(span, f"pl.Mem.{space}")


def dtype_kwarg(span: Span, dtype: str) -> OpaqueExpr:
    return OpaqueExpr(span, f"pl.{dtype}")


def shape_tuple(dims: tuple[Any, ...], span: Span) -> MakeTuple:
    """`MakeShapeTuple`: static dims as INDEX constants, symbolic ones as they are."""
    items: list[Expr] = []
    for dim in dims:
        if isinstance(dim, int):
            items.append(index(span, dim))
        elif isinstance(dim, Expr):
            items.append(dim)
        else:
            raise PassNotModelled(
                PASS_NAME, f"a shape whose dimension {dim!r} is {NOT_KNOWN_STATICALLY}", span
            )
    return MakeTuple(span, items)


def _simple(to_op: str) -> Conversion:
    return Conversion(lambda args, kwargs, span: ([], typed_call(to_op, args, kwargs, span)))


def _tile_type(expr: Expr) -> TileType | None:
    return expr.type if isinstance(expr.type, TileType) else None


def _is_one(dim: Any) -> bool:
    return isinstance(dim, int) and dim == 1


def _row_broadcast(args: list[Expr]) -> tuple[int, int] | None:
    """`DetectRowBroadcast`: [M, N] op [M, 1] (or the reverse): (wider, narrower)."""
    if len(args) < 2:
        return None
    lhs, rhs = _tile_type(args[0]), _tile_type(args[1])
    if lhs is None or rhs is None or lhs.shape is None or rhs.shape is None:
        return None
    if len(lhs.shape) != 2 or len(rhs.shape) != 2:
        return None
    if _is_one(rhs.shape[1]) and not _is_one(lhs.shape[1]):
        return 0, 1
    if _is_one(lhs.shape[1]) and not _is_one(rhs.shape[1]):
        return 1, 0
    return None


def _broadcast_binary(tile_op: str, row_expand_op: str) -> Conversion:
    def convert(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
        found = _row_broadcast(args)
        if found is not None:
            wider, narrower = found
            return [], typed_call(row_expand_op, [args[wider], args[narrower]], {}, span)
        return [], typed_call(tile_op, args, kwargs, span)

    return Conversion(convert)


def _div(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
    types = [_tile_type(arg) for arg in args]
    if len(args) != 2 or types[0] is None or types[1] is None or types[0].dtype != types[1].dtype:
        raise PassNotModelled(PASS_NAME, "a tensor.div needing a dtype promotion", span)
    if _row_broadcast(args) is not None:
        raise PassNotModelled(PASS_NAME, "a row-broadcast tensor.div", span)
    return [], typed_call("tile.div", args, kwargs, span)


def _min_max(tile_op: str, scalar_op: str) -> Conversion:
    def convert(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
        scalar = len(args) == 2 and (isinstance(args[1].type, ScalarType) or is_unfolded_value(args[1]))
        chosen = scalar_op if scalar else tile_op
        return [], typed_call(chosen, args, kwargs, span)

    return Conversion(convert)


def _slice(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
    if len(args) not in (3, 4) or not all(isinstance(arg, MakeTuple) for arg in args[1:]):
        raise PassNotModelled(PASS_NAME, "a tensor.slice with dropped dims", span)
    source, shape, offset = args[:3]
    if isinstance(source.type, TensorType):
        assert isinstance(shape, MakeTuple) and isinstance(offset, MakeTuple)
        rank = len(source.type.shape) if source.type.shape is not None else None
        # A window of the source's rank with another number of offsets: the load refuses it
        # (a lower-rank window over a higher-rank source is the compile's to take through).
        if len(shape.items) == rank and len(offset.items) != rank:
            raise TileOpError(
                "tile.load",
                "The operator tile.load requires offsets and shapes to have same number of dimensions, but got "
                f"{len(offset.items)} offsets and {len(shape.items)} shapes",
            )
        valid = slice_valid_shape(source.type, args, kwargs, span)
        return [], typed_call(
            "tile.load", [source, offset, shape, valid], {"target_memory": memory_kwarg(span, "Vec")}, span
        )
    if isinstance(source.type, TileType):
        forwarded = {key: value for key, value in kwargs.items() if key == "pad_value"}
        return [], typed_call("tile.slice", args, forwarded, span)
    raise PassNotModelled(PASS_NAME, "a tensor.slice of an operand of unknown type", span)


def slice_valid_shape(source: TensorType, args: list[Expr], kwargs: dict[str, Any], span: Span) -> MakeTuple:
    """`InferTensorSliceFullValidShape` of a slice of a fully valid tensor, not clamped:
    the requested valid shape, else the window's."""
    if kwargs.get("clamp") not in (None, False) or not _plain_view(source):
        raise PassNotModelled(PASS_NAME, "a clamped tensor.slice, or one of a partly valid tensor", span)
    window = args[3] if len(args) == 4 else args[1]
    assert isinstance(window, MakeTuple)
    return MakeTuple(span, list(window.items))


def _plain_view(tensor: TensorType) -> bool:
    """No view that would change a slice's valid shape (ours: none, or an unknown one)."""
    view = tensor.view
    return view is None or not getattr(view, "valid_shape", ())


def _assemble(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
    if len(args) != 3:
        raise PassNotModelled(PASS_NAME, "a tensor.assemble of another form", span)
    target, source, offset = args
    atomic = kwargs.get("atomic")
    if isinstance(source.type, TileType) and isinstance(target.type, TensorType):
        store_kwargs = {"atomic": atomic} if atomic is not None else {}
        if store_kwargs:
            raise PassNotModelled(PASS_NAME, "an atomic tensor.assemble", span)
        return [], typed_call("tile.store", [source, offset, target], store_kwargs, span)
    if isinstance(source.type, TileType) and isinstance(target.type, TileType):
        if atomic is not None:
            raise PassNotModelled(PASS_NAME, "an atomic tensor.assemble into a tile", span)
        return [], typed_call("tile.assemble", [target, source, offset], {}, span)
    if isinstance(target.type, TileType):
        if atomic is not None or not isinstance(source.type, TensorType) or source.type.shape is None:
            raise PassNotModelled(PASS_NAME, "a tensor.assemble of a tensor into a tile", span)
        # The whole source is loaded into Vec first (`assemble_src`), then assembled.
        shape = shape_tuple(source.type.shape, span)
        zeros = MakeTuple(span, [index(span, 0) for _ in source.type.shape])
        memory = {"target_memory": memory_kwarg(span, "Vec")}
        load = typed_call(
            "tile.load", [source, zeros, shape, shape_tuple(source.type.shape, span)], memory, span
        )
        loaded = Var(span, "assemble_src", type=load.type)
        return [AssignStmt(span, loaded, load)], typed_call(
            "tile.assemble", [target, loaded, offset], {}, span
        )
    if atomic is not None:
        raise PassNotModelled(PASS_NAME, "an atomic tensor.assemble of a tensor", span)
    call = typed_call("tensor.assemble", args, kwargs, span)
    return [], call


def _create(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
    if len(args) != 1:
        raise PassNotModelled(PASS_NAME, "a tensor.create of another form", span)
    new_kwargs: dict[str, Any] = {key: value for key, value in kwargs.items() if key == "dtype"}
    new_kwargs["target_memory"] = memory_kwarg(span, "Vec")
    return [], typed_call("tile.create", args, new_kwargs, span)


def _fillpad(tile_op: str, loaded_name: str, arity: int) -> Conversion:
    """`tensor.fillpad` (the source) and `tensor.fillpad_expand` (the source, the shape it
    grows to): a tile source as it is; a tensor one loaded whole into Vec first
    (`fillpad_src` / `fillpad_expand_src`), the tile op padding the load."""

    tensor_op = tile_op.replace("tile.", "tensor.", 1)

    def convert(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
        if len(args) != arity:
            raise PassNotModelled(PASS_NAME, f"a {tensor_op} of another form", span)
        source, rest = args[0], args[1:]
        if isinstance(source.type, TileType):
            return [], typed_call(tile_op, [source, *rest], kwargs, span)
        if (
            not isinstance(source.type, TensorType)
            or source.type.shape is None
            or not _plain_view(source.type)
        ):
            raise PassNotModelled(PASS_NAME, f"a {tensor_op} of a tensor view", span)
        shape = source.type.shape
        zeros = MakeTuple(span, [index(span, 0) for _ in shape])
        load = typed_call(
            "tile.load",
            [source, zeros, shape_tuple(shape, span), shape_tuple(shape, span)],
            {"target_memory": memory_kwarg(span, "Vec")},
            span,
        )
        loaded = Var(span, loaded_name, type=load.type)
        return [AssignStmt(span, loaded, load)], typed_call(tile_op, [loaded, *rest], kwargs, span)

    return Conversion(convert)


def _read_write(tile_op: str, tensor_op: str) -> Conversion:
    def convert(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
        if args and isinstance(args[0].type, TensorType):
            return [], typed_call(tensor_op, args, kwargs, span)
        if args and isinstance(args[0].type, TileType):
            return [], typed_call(tile_op, args, kwargs, span)
        raise PassNotModelled(PASS_NAME, f"a {tensor_op} of an operand of unknown type", span)

    return Conversion(convert)


def _rank(expr: Expr) -> int | None:
    shape = getattr(expr.type, "shape", None)
    return len(shape) if shape is not None else None


def _matmul(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
    """2D x 2D is `tile.matmul`; an operand of rank 3 or more makes it `tile.batch_matmul`."""
    ranks = [_rank(arg) for arg in args]
    if len(args) != 2 or any(rank is None or rank < 2 for rank in ranks):
        raise PassNotModelled(PASS_NAME, "a tensor.matmul of operands of unknown rank", span)
    batched = any(rank > 2 for rank in ranks)  # type: ignore[operator]
    return [], typed_call("tile.batch_matmul" if batched else "tile.matmul", args, {}, span)


def _matmul_acc(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
    """As `_matmul`: an operand of rank 3 or more makes it `tile.batch_matmul_acc`."""
    ranks = [_rank(arg) for arg in args[:3]]
    if len(args) != 3 or any(rank is None or rank < 2 for rank in ranks):
        raise PassNotModelled(PASS_NAME, "a tensor.matmul_acc with init_cond, or of unknown ranks", span)
    batched = any(rank > 2 for rank in ranks)  # type: ignore[operator]
    return [], typed_call("tile.batch_matmul_acc" if batched else "tile.matmul_acc", args, {}, span)


def _reduction(tile_op: str) -> Conversion:
    """A row reduction gets a Vec `tmp_tile` workspace: the input's shape, its last
    dimension raised to 128 when it is smaller (or not static)."""

    def convert(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
        source = _tile_type(args[0]) if len(args) == 1 else None
        if source is None and len(args) == 1 and not isinstance(args[0].type, UnknownType):
            raise ConversionError(
                f"{tile_op} conversion: input must be TileType, got {_type_name(args[0])}",
                "InternalError",
                span,
            )
        if source is None or source.shape is None or source.dtype is None:
            # A tile whose shape or dtype we do not know (a factory's parameter): its
            # workspace cannot be sized, which is no error of the real pass.
            raise PassNotModelled(
                PASS_NAME, f"{tile_op} of a tile whose type is {NOT_KNOWN_STATICALLY}", span
            )
        dims = list(source.shape)
        if len(dims) >= 2 and not (isinstance(dims[-1], int) and dims[-1] >= 128):
            dims[-1] = 128
        kwargs_create = {"dtype": dtype_kwarg(span, source.dtype), "target_memory": memory_kwarg(span, "Vec")}
        create = typed_call("tile.create", [shape_tuple(tuple(dims), span)], kwargs_create, span)
        workspace = Var(span, "tmp_tile", type=create.type)
        return [AssignStmt(span, workspace, create)], typed_call(tile_op, [args[0], workspace], {}, span)

    return Conversion(convert)


def _arg_reduction(tile_op: str) -> Conversion:
    """An argmax/argmin gets a Vec `tmp_tile` workspace shaped exactly as its input (no
    widening: the kernel reads the column count from it)."""

    def convert(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
        source = _tile_type(args[0]) if len(args) == 1 else None
        if source is None or source.shape is None or source.dtype is None:
            raise PassNotModelled(
                PASS_NAME, f"{tile_op} of a tile whose type is {NOT_KNOWN_STATICALLY}", span
            )
        workspace = _scratch_tile(source, "tmp_tile", span)
        return [workspace], typed_call(tile_op, [args[0], workspace.var], {}, span)

    return Conversion(convert)


def _mrgsort_format1(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
    """`tile.mrgsort_format1(src, block_len)`, typed by the rule of `pl.tile.mrgsort`'s
    format1 (the wrapper that builds it)."""
    if len(args) != 2 or kwargs:
        raise PassNotModelled(PASS_NAME, "a tensor.mrgsort_format1 of another form", span)
    result = deduced_type("tile.mrgsort", args[:1], {"block_len": args[1]})
    if result is None:
        raise PassNotModelled(PASS_NAME, "the type of a tile.mrgsort_format1 it builds is not deduced", span)
    return [], Call(span, "tile.mrgsort_format1", list(args), {}, type=result)


def _mrgsort_format2(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
    """`tile.mrgsort_format2(srcs..., mrgsort2_tmp)`: the workspace has the sources' shape
    but for its last dimension, the sum of theirs (a sum expression when one is not static)."""
    sources = [_tile_type(arg) for arg in args]
    if not 2 <= len(args) <= 4 or any(t is None or t.shape is None or t.dtype is None for t in sources):
        raise PassNotModelled(PASS_NAME, "a tensor.mrgsort_format2 of another form", span)
    lasts = [t.shape[-1] for t in sources]  # type: ignore[union-attr,index]
    if not all(isinstance(last, int) for last in lasts):
        raise PassNotModelled(PASS_NAME, "a tensor.mrgsort_format2 of a source of dynamic width", span)
    first = sources[0]
    assert first is not None and first.shape is not None and first.dtype is not None
    workspace = _scratch_tile(
        TileType((*first.shape[:-1], sum(lasts)), first.dtype, "Vec"), "mrgsort2_tmp", span
    )
    named = {"tmp": workspace.var, **{key: value for key, value in kwargs.items() if key == "exhausted"}}
    result = deduced_type("tile.mrgsort", list(args), named)
    if result is None:
        raise PassNotModelled(PASS_NAME, "the type of a tile.mrgsort_format2 it builds is not deduced", span)
    return [workspace], Call(span, "tile.mrgsort_format2", [*args, workspace.var], dict(kwargs), type=result)


def _gather_compare(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
    """`tile.gather_compare(src, kvalue, gc_tmp)`, its UINT8 workspace shaped as the source,
    with the keywords the tile op takes."""
    source = _tile_type(args[0]) if len(args) == 2 else None
    if source is None or source.shape is None or len(source.shape) != 2:
        raise PassNotModelled(PASS_NAME, "a tensor.gather_compare of another form", span)
    kwargs_create = {"dtype": dtype_kwarg(span, "UINT8"), "target_memory": memory_kwarg(span, "Vec")}
    create = typed_call("tile.create", [shape_tuple(tuple(source.shape), span)], kwargs_create, span)
    workspace = Var(span, "gc_tmp", type=create.type)
    forwarded = {key: value for key, value in kwargs.items() if key in _GATHER_COMPARE_KWARGS}
    call = typed_call("tile.gather_compare", [*args, workspace], forwarded, span)
    return [AssignStmt(span, workspace, create)], call


_GATHER_COMPARE_KWARGS = ("cmp_mode", "offset", "out_cols", "count_dtype")


def _cmp(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
    """A packed mask (`tile.cmp` of two tiles, `tile.cmps` of a tile and a scalar), then
    `tile.sel` of ones and zeros of the operands' dtype through a [1, 32] UINT8 workspace."""
    lhs = _tile_type(args[0]) if len(args) == 2 else None
    rhs = args[1].type if len(args) == 2 else None
    if lhs is None or lhs.shape is None or lhs.dtype is None:
        raise PassNotModelled(PASS_NAME, "a tensor.cmp of operands of unknown type", span)
    if isinstance(rhs, TileType):
        op = "tile.cmp"
        if rhs.shape != lhs.shape or rhs.dtype != lhs.dtype:
            raise PassNotModelled(PASS_NAME, "a broadcasting or dtype-promoting tensor.cmp", span)
    elif isinstance(rhs, ScalarType) and rhs.dtype == lhs.dtype:
        op = "tile.cmps"
    else:
        raise PassNotModelled(PASS_NAME, "a tensor.cmp of a scalar of another dtype", span)
    mask_call = typed_call(op, args, kwargs, span)
    mask = Var(span, "cmp_mask", type=mask_call.type)
    prologue: list[Stmt] = [AssignStmt(span, mask, mask_call)]
    filled = []
    for value, name in ((1, "cmp_one"), (0, "cmp_zero")):
        constant = Const(
            span, float(value) if is_float_dtype(lhs.dtype) else value, type=ScalarType(lhs.dtype)
        )
        # (the real IR keeps the fill value as a keyword after the dtype, as printed)
        full_kwargs = {"dtype": dtype_kwarg(span, lhs.dtype), "value": constant}
        full = typed_call("tile.full", [shape_tuple(tuple(lhs.shape), span)], full_kwargs, span)
        filled.append(Var(span, name, type=full.type))
        prologue.append(AssignStmt(span, filled[-1], full))
    kwargs_create = {"dtype": dtype_kwarg(span, "UINT8"), "target_memory": memory_kwarg(span, "Vec")}
    create = typed_call("tile.create", [shape_tuple((1, 32), span)], kwargs_create, span)
    workspace = Var(span, "cmp_tmp", type=create.type)
    prologue.append(AssignStmt(span, workspace, create))
    return prologue, typed_call("tile.sel", [mask, *filled, workspace], {}, span)


def _transpose(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
    if len(args) == 1 and set(kwargs) == {"axis1", "axis2"}:
        # (our parser keeps the axes as keywords; the real IR builder passes them as operands)
        args = [args[0], *(_as_index(kwargs[key], span) for key in ("axis1", "axis2"))]
    if len(args) not in (3, 4):
        raise PassNotModelled(PASS_NAME, "a tensor.transpose of another form", span)
    if not isinstance(args[0].type, TileType):
        raise ConversionError(
            "tensor.transpose conversion: input must be TileType after memory promotion, got "
            f"{_type_name(args[0])}",
            "InternalError",
            span,
        )
    return [], typed_call("tile.transpose", args[:3], {}, span)


def _as_index(value: object, span: Span) -> Expr:
    if isinstance(value, Expr):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Const(span, value, type=ScalarType("INDEX"))
    raise PassNotModelled(PASS_NAME, "a tensor.transpose axis that is not static", span)


def _rsqrt(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
    """`tile.rsqrt`; a high-precision one reads a scratch tile shaped as its input."""
    precise = kwargs.get("high_precision")
    flag = precise.value if isinstance(precise, Const) else precise
    if flag is None or flag is False:
        return [], typed_call("tile.rsqrt", args, {}, span)
    source = _tile_type(args[0]) if len(args) == 1 else None
    if flag is not True or source is None or source.shape is None:
        raise PassNotModelled(PASS_NAME, "a high-precision tensor.rsqrt of another form", span)
    workspace = _scratch_tile(source, "rsqrt_tmp", span)
    return [workspace], typed_call("tile.rsqrt", [args[0], workspace.var], {}, span)


def _scratch_tile(model: TileType, name: str, span: Span) -> AssignStmt:
    """`AppendScratchTile`: a Vec tile of `model`'s shape and dtype, bound to `name`."""
    kwargs_create = {"dtype": dtype_kwarg(span, str(model.dtype)), "target_memory": memory_kwarg(span, "Vec")}
    create = typed_call("tile.create", [shape_tuple(tuple(model.shape or ()), span)], kwargs_create, span)
    return AssignStmt(span, Var(span, name, type=create.type), create)


def _type_name(expr: Expr) -> str:
    kind = type(expr.type)
    return getattr(kind, "ir_class_name", kind.__name__)


_SIMPLE = [
    "adds",
    "subs",
    "muls",
    "divs",
    "fmod",
    "fmods",
    "neg",
    "abs",
    "recip",
    "exp",
    "log",
    "sin",
    "cos",
    "sqrt",
    "cast",
    "and",
    "ands",
    "or",
    "ors",
    "not",
    "shl",
    "shls",
    "shr",
    "shrs",
    "row_expand_mul",
    "row_expand_div",
    "col_expand_mul",
    "col_expand_add",
    "row_expand",
    "row_expand_add",
    "row_expand_sub",
    "col_expand",
    "col_expand_sub",
    "col_expand_div",
    "row_expand_max",
    "row_expand_min",
    "row_expand_expdif",
    "col_expand_max",
    "col_expand_min",
    "col_expand_expdif",
    "expands",
    "reshape",
    "concat",
    "set_validshape",
    "full",
    "ci",
    "random",
    "part_add",
    "part_mul",
    "part_max",
    "part_min",
    "get_block_idx",
    "get_subblock_idx",
    "get_block_num",
    "col_sum",
    "col_max",
    "col_min",
    "col_prod",
    "sort32",
    "gather_mask",
]

CONVERSIONS: dict[str, Conversion] = {
    **{f"tensor.{name}": _simple(f"tile.{name}") for name in _SIMPLE},
    "tensor.add": _broadcast_binary("tile.add", "tile.row_expand_add"),
    "tensor.sub": _broadcast_binary("tile.sub", "tile.row_expand_sub"),
    "tensor.mul": _broadcast_binary("tile.mul", "tile.row_expand_mul"),
    "tensor.div": Conversion(_div),
    "tensor.maximum": _min_max("tile.maximum", "tile.maximums"),
    "tensor.minimum": _min_max("tile.minimum", "tile.minimums"),
    "tensor.slice": Conversion(_slice),
    "tensor.assemble": Conversion(_assemble),
    "tensor.create": Conversion(_create),
    "tensor.fillpad": _fillpad("tile.fillpad", "fillpad_src", 1),
    "tensor.fillpad_expand": _fillpad("tile.fillpad_expand", "fillpad_expand_src", 2),
    "tensor.read": _read_write("tile.read", "tensor.read"),
    "tensor.write": _read_write("tile.write", "tensor.write"),
    "tensor.matmul": Conversion(_matmul, {0: ("Mat", "a_trans"), 1: ("Mat", "b_trans")}),
    "tensor.matmul_acc": Conversion(_matmul_acc, {1: ("Mat", "a_trans"), 2: ("Mat", "b_trans")}),
    "tensor.row_max": _reduction("tile.row_max"),
    "tensor.row_sum": _reduction("tile.row_sum"),
    "tensor.row_min": _reduction("tile.row_min"),
    "tensor.row_prod": _reduction("tile.row_prod"),
    "tensor.row_argmax": _arg_reduction("tile.row_argmax"),
    "tensor.row_argmin": _arg_reduction("tile.row_argmin"),
    "tensor.col_argmax": _arg_reduction("tile.col_argmax"),
    "tensor.col_argmin": _arg_reduction("tile.col_argmin"),
    "tensor.mrgsort_format1": Conversion(_mrgsort_format1),
    "tensor.cmp": Conversion(_cmp),
    "tensor.mrgsort_format2": Conversion(_mrgsort_format2, {i: ("Vec", None) for i in range(4)}),
    "tensor.gather_compare": Conversion(_gather_compare, {0: ("Vec", None)}),
    "tensor.transpose": Conversion(_transpose),
    "tensor.rsqrt": Conversion(_rsqrt),
}
# The gathers', scatters' and expand_clone's lowerings, in modules of their own (they read
# the helpers above).
from compiler.passes.expand_clone_conversion import EXPAND_CLONE_CONVERSIONS  # noqa: E402
from compiler.passes.gather_conversions import GATHER_CONVERSIONS  # noqa: E402
from compiler.passes.scatter_conversions import SCATTER_CONVERSIONS  # noqa: E402

CONVERSIONS.update(GATHER_CONVERSIONS)
CONVERSIONS.update(SCATTER_CONVERSIONS)
CONVERSIONS.update(EXPAND_CLONE_CONVERSIONS)
# Tensor ops an InCore function keeps as they are (no conversion, no error).
PASSTHROUGH = frozenset({"tensor.dim", "tensor.view"})

__all__ = ["CONVERSIONS", "PASSTHROUGH", "SELF_LOADING", "ConversionError", "TileOpError"]
