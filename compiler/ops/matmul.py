"""Matrix products of both levels: `pl.tile.matmul` / `matmul_acc` / `matmul_bias` /
`gemv*`, `pl.tensor.matmul` / `matmul_acc` (src/ir/op/{tile,tensor}_ops/matmul.cpp), and
what the type-dispatched `pl.matmul` / `pl.matmul_acc` add on their tile path
(python/pypto/language/op/unified_ops.py).

Order of a call, as in the real one: the wrapper unwraps its operands (a Tensor passed
to a tile op reaches the C++ deduction, which names it), the IR builder's keywords are
validated by the op registry (`ValidateKwargs`), then the deduction runs its CHECKs.
A dimension is compared only when both sides are constants, as the C++ does.
"""

from __future__ import annotations

from typing import Any

from compiler.ir import Const, Expr, IRType, ScalarType, TensorType, TileType
from compiler.ir.types import UNKNOWN_VIEW, TileView, UnknownView
from compiler.ir.views import effective_tile_view, implicit_tile_layout, valid_shape
from compiler.ops.call import OpCall, OpError, dsl_class
from compiler.ops.operands import (
    built,
    constants_differ,
    extents_equal,
    flag,
    identical_dtypes,
    kwarg_type_error,
    of_kind,
    operand,
    tile_result,
)
from compiler.ops.registry import rule_for, wrapper
from compiler.ops.type_inference import (
    broadcast_dims,
    dtype_text,
    is_float,
    promote_dtypes,
    shape_text,
    static_int,
)
from compiler.syntax.values import UNKNOWN, DType

# The unified `pl.matmul` / `pl.matmul_acc` tile path refuses the tensor-only flags.
_TILE_TRANSPOSE_REMEDY = (
    "At tile level a transposed operand is an explicit zero-copy view, not an op flag: "
    "wrap the operand with pl.tile.transpose_view(...) and pass it directly."
)
_TILE_C_MATRIX_NZ_REMEDY = (
    "The tile matmul result layout is fixed by its Acc tile type; there is no "
    "tile-level equivalent of this tensor-level flag."
)


def _accumulator(lhs: str, rhs: str) -> str:
    """The Cube accumulator's dtype: FP32 for float operands, INT32 otherwise."""
    return "FP32" if is_float(lhs) and is_float(rhs) else "INT32"


def _bool_const(call: OpCall, anchor: str, value: bool) -> Const:
    """A flag the IR builder fills in: a BOOL constant (anchored at an operand's span)."""
    expr = call.expr(anchor)
    assert expr is not None
    return Const(expr.span, value, type=ScalarType("BOOL"))


def _predicate(call: OpCall) -> list[Expr]:
    """`init_cond` as `predicate_to_expr` passes it: a Python bool becomes a BOOL
    constant (`pl.const(1, pl.BOOL)`), a Scalar stays its expression; none when absent."""
    node = call.nodes.get("init_cond")
    if node is None:
        return []
    if "init_cond" in call.keywords:
        value = call.evaluate(node)
        if value is None:
            return []
        if isinstance(value, bool):
            expr = call.expr("acc")
            assert expr is not None
            return [Const(expr.span, int(value), type=ScalarType("BOOL"))]
    found = call.expr("init_cond")
    return [found] if found is not None else []


def _operands(call: OpCall, *params: str) -> list[Expr]:
    found = [call.expr(param) for param in params]
    return [expr for expr in found if expr is not None]


# ---------------------------------------------------------------------------
# tile.matmul family
# ---------------------------------------------------------------------------


Valid = tuple[Any, Any] | None  # a valid [M, N], None when a view is not known


def _product(op: str, lhs: TileType, rhs: TileType) -> tuple[tuple[Any, Any], Valid, str] | None:
    """The C++ DeduceMatmulProductInfo: (physical [M, N], valid [M, N], accumulator dtype)."""
    if lhs.shape is None or rhs.shape is None:
        return None
    if len(lhs.shape) != 2:
        raise OpError(f"The operator {op} requires lhs to be 2D, but got {len(lhs.shape)} dimensions")
    if len(rhs.shape) != 2:
        raise OpError(f"The operator {op} requires rhs to be 2D, but got {len(rhs.shape)} dimensions")
    if constants_differ(lhs.shape[1], rhs.shape[0]):
        raise OpError(
            f"The operator {op} requires matching physical inner dimensions (physical K), but got "
            f"lhs K={lhs.shape[1]} and rhs K={rhs.shape[0]}"
        )
    lhs_valid, rhs_valid = valid_shape(lhs), valid_shape(rhs)
    if lhs_valid is not None and rhs_valid is not None and _exceeds(lhs_valid[1], rhs_valid[0]):
        raise OpError(
            f"The operator {op} requires rhs valid K to cover lhs valid K, but got "
            f"lhs K={lhs_valid[1]} and rhs K={rhs_valid[0]}"
        )
    if lhs.dtype is None or rhs.dtype is None:
        return None
    identical_dtypes(op, lhs.dtype, rhs.dtype)
    valid = (lhs_valid[0], rhs_valid[1]) if lhs_valid is not None and rhs_valid is not None else None
    return (lhs.shape[0], rhs.shape[1]), valid, _accumulator(lhs.dtype, rhs.dtype)


def _exceeds(small: Any, large: Any) -> bool:
    """`ProveValidExtentLessEqual(small, large) == kFalse`: provably larger (constants only)."""
    a, b = static_int(small), static_int(large)
    return a is not None and b is not None and a > b


def _acc_view(physical: tuple[Any, ...], valid: Valid, compact: str | None) -> TileView | UnknownView:
    """An accumulator's view: Acc's implicit layout, the product's valid rectangle and a
    compact mode (`StampCompactForNarrowedAccRows` when None: compact unless the valid
    rows provably fill the physical ones)."""
    if valid is None:
        return UNKNOWN_VIEW
    if compact is None:
        full = extents_equal(valid[0], physical[0])
        if full is None:
            return UNKNOWN_VIEW
        compact = "null" if full else "normal"
    blayout, slayout, fractal = implicit_tile_layout(physical, "Acc")
    return TileView(
        valid_shape=tuple(valid), blayout=blayout, slayout=slayout, fractal=fractal, compact=compact
    )


def _tile_matmul(call: OpCall, op: str, lhs_param: str, rhs_param: str) -> TileType | None:
    """The C++ DeduceTileMatMulType under the name `op`."""
    lhs = of_kind(call, lhs_param, TileType, op, "first argument")
    rhs = of_kind(call, rhs_param, TileType, op, "second argument")
    if lhs is None or rhs is None:
        return None
    product = _product(op, lhs, rhs)
    if product is None:
        return None
    physical, valid, dtype = product
    return tile_result(physical, dtype, "Acc", _acc_view(physical, valid, None))


@wrapper("tile.matmul")
def tile_matmul(call: OpCall) -> IRType | None:
    unified = "a_trans" in call.params  # reached through `pl.matmul`'s tile path
    if unified and not _tile_flags_accepted(call, "matmul", ("a_trans", "b_trans", "c_matrix_nz")):
        return None
    result = _tile_matmul(call, "tile.matmul", "lhs", "rhs")
    if unified and result is not None:
        _tile_out_dtype(call, result)
        call.built.update(args=_operands(call, "lhs", "rhs"), kwargs={})  # the tile builder takes no keywords
    return result


def _tile_flags_accepted(call: OpCall, name: str, flags: tuple[str, ...]) -> bool:
    """unified_ops `_reject_tile_unsupported`: a tensor-only flag given a true value is
    refused; False when a flag's value is not known here."""
    for key in flags:
        value = flag(call, key)
        if value is UNKNOWN or not isinstance(value, (bool, int, float, str)):
            return False
        if value:
            remedy = _TILE_C_MATRIX_NZ_REMEDY if key == "c_matrix_nz" else _TILE_TRANSPOSE_REMEDY
            raise OpError(f"pl.{name}: '{key}' is not supported for Tile operands. {remedy}")
    return True


def _tile_out_dtype(call: OpCall, result: TileType) -> None:
    """unified_ops `_check_tile_matmul_out_dtype`: an out_dtype other than the deduced one."""
    node = call.nodes.get("out_dtype")
    if node is None or result.dtype is None:
        return
    value = call.evaluate(node)
    if isinstance(value, DType):
        if value.name == result.dtype:
            return
        shown = dtype_text(value.name)
    elif "out_dtype" in call.keywords and isinstance(value, int) and not isinstance(value, bool):
        shown = str(value)
    else:
        return  # None, or a value whose str() we do not know
    raise OpError(
        f"pl.matmul: out_dtype={shown} is not supported for Tile operands — the Cube "
        f"accumulator fixes the result dtype, deduced as {dtype_text(result.dtype)} here. Convert the result "
        "explicitly with pl.cast(result, <dtype>), or let pl.tile.store narrow it on the way to GM."
    )


def _init_cond(call: OpCall, op: str) -> bool:
    """The C++ CheckMatmulInitCond on what the wrapper's `predicate_to_expr` passes: a
    Python bool is a BOOL constant, a Scalar its expression. False when not known here."""
    node = call.nodes.get("init_cond")
    if node is None:
        return True
    if "init_cond" in call.keywords:
        value = call.evaluate(node)
        if value is None or isinstance(value, bool):
            return True
        if value is not UNKNOWN:
            return False  # a Python number: the binding refuses it, in words not modelled
    found = call.type_of("init_cond")
    if not isinstance(found, ScalarType) or found.dtype is None:
        return False
    if found.dtype != "BOOL":
        raise OpError(
            f"The operator {op} requires init_cond to have dtype BOOL, but got {dtype_text(found.dtype)}. "
            "Write a comparison such as `k == 0` rather than passing the index itself."
        )
    return True


@wrapper("tile.matmul_acc")
def tile_matmul_acc(call: OpCall) -> IRType | None:
    op = "tile.matmul_acc"
    if "a_trans" in call.params and not _tile_flags_accepted(call, "matmul_acc", ("a_trans", "b_trans")):
        return None
    if not _init_cond(call, op):
        return None
    acc = of_kind(call, "acc", TileType, op, "first argument (acc)")
    lhs = of_kind(call, "lhs", TileType, op, "second argument (lhs)")
    rhs = of_kind(call, "rhs", TileType, op, "third argument (rhs)")
    if acc is None or lhs is None or rhs is None:
        return None
    product = _product(op, lhs, rhs)
    if product is None or acc.shape is None:
        return None
    physical, valid, dtype = product
    if len(acc.shape) != 2:
        raise OpError(f"The operator {op} requires acc to be 2D, but got {len(acc.shape)} dimensions")
    acc_valid = valid_shape(acc)
    if constants_differ(acc.shape[0], physical[0]):
        raise OpError(
            f"The operator {op} requires matching physical M dimensions, but got acc M={acc.shape[0]} "
            f"and product M={physical[0]}"
        )
    if constants_differ(acc.shape[1], physical[1]):
        raise OpError(
            f"The operator {op} requires matching physical N dimensions, but got acc N={acc.shape[1]} "
            f"and product N={physical[1]}"
        )
    if valid is not None and acc_valid is not None:
        for axis, (name, side) in enumerate((("M", "lhs"), ("N", "rhs"))):
            if _exceeds(valid[axis], acc_valid[axis]):
                raise OpError(
                    f"The operator {op} requires acc valid {name} to cover {side} valid {name}, but got "
                    f"acc {name}={acc_valid[axis]} and {side} {name}={valid[axis]}"
                )
    if acc.dtype is None:
        return None
    if acc.dtype != dtype:
        raise OpError(
            f"The operator {op} requires accumulator dtype {dtype_text(dtype)}, but got {dtype_text(acc.dtype)}"
        )
    call.built.update(args=[*_operands(call, "acc", "lhs", "rhs"), *_predicate(call)], kwargs={})
    # The result aliases the accumulator: its valid region, and its compact mode inherited.
    effective = effective_tile_view(acc)
    compact = effective.compact if effective is not None else None
    view = _acc_view(acc.shape, acc_valid, compact) if compact is not None else UNKNOWN_VIEW  # type: ignore[arg-type]
    return tile_result(acc.shape, dtype, "Acc", view)


@wrapper("tile.matmul_bias")
def tile_matmul_bias(call: OpCall) -> IRType | None:
    return _matmul_bias(call, "tile.matmul_bias")


def _matmul_bias(call: OpCall, op: str) -> TileType | None:
    """The C++ DeduceTileMatMulBiasType under the name `op`."""
    lhs = of_kind(call, "lhs", TileType, op, "first argument (lhs)")
    rhs = of_kind(call, "rhs", TileType, op, "second argument (rhs)")
    bias = of_kind(call, "bias", TileType, op, "third argument (bias)")
    if lhs is None or rhs is None or bias is None:
        return None
    product = _product(op, lhs, rhs)
    if product is None or bias.shape is None:
        return None
    physical, valid, dtype = product
    if not _bias_row(op, bias):
        return None
    rhs_valid, bias_valid = valid_shape(rhs), valid_shape(bias)
    if bias_valid is not None and static_int(bias_valid[0]) == 0:
        raise OpError(f"The operator {op} requires bias valid rows to cover one broadcast row, but got 0")
    if constants_differ(bias.shape[1], physical[1]):
        raise OpError(
            f"The operator {op} requires bias N dimension to match output N={physical[1]}, "
            f"but got bias N={bias.shape[1]}"
        )
    if rhs_valid is not None and bias_valid is not None and _exceeds(rhs_valid[1], bias_valid[1]):
        raise OpError(
            f"The operator {op} requires bias valid N to cover output valid N={rhs_valid[1]}, "
            f"but got bias valid N={bias_valid[1]}"
        )
    if bias.dtype is None:
        return None
    if bias.dtype != dtype:
        raise OpError(
            f"The operator {op} requires bias dtype {dtype_text(dtype)} to match the accumulator, "
            f"but got {dtype_text(bias.dtype)}"
        )
    return tile_result(physical, dtype, "Acc", _acc_view(physical, valid, None))


def _bias_row(op: str, bias: TileType) -> bool:
    """A bias is 2D with exactly one physical row (a symbolic row count is refused too);
    False when its first dim cannot be judged here."""
    assert bias.shape is not None
    if len(bias.shape) != 2:
        raise OpError(f"The operator {op} requires bias to be 2D, but got {len(bias.shape)} dimensions")
    if static_int(bias.shape[0]) == 1:
        return True
    shown = shape_text(bias.shape)
    if shown is None:
        return False
    raise OpError(f"The operator {op} requires bias to have shape [1, N], but got {shown}")


# gemv: a matmul of a one-row lhs. Its result is a [16, N] Acc tile whose valid shape is
# the product's one row, [1, N].
_ACC_PHASES = ("unspecified", "partial", "final")
_GEMV_INPUTS = ("INT8", "FP16", "BF16", "FP32")


def _gemv_phase(call: OpCall, op: str) -> bool:
    value = flag(call, "acc_phase", "unspecified")
    if value is UNKNOWN:
        return False
    error = kwarg_type_error(op, "acc_phase", value, "string")
    if error is not None:
        raise error
    if not isinstance(value, str):
        return False
    if value not in _ACC_PHASES:
        raise OpError(
            f"The operator {op} requires acc_phase to be one of {{unspecified, partial, final}}, but got {value}"
        )
    return True


def _gemv_result(op: str, lhs: TileType, rhs: TileType) -> TileType | None:
    """ValidateGemvInputDtypes and BuildGemvResultType (after the matmul's checks): the
    [16, N] result whose valid rectangle is the lhs's one row; None when the lhs's valid
    row count cannot be proved 1 here (the real check needs a proof)."""
    assert lhs.dtype is not None and lhs.shape is not None and rhs.shape is not None
    if lhs.dtype not in _GEMV_INPUTS:
        raise OpError(
            f"The operator {op} supports only INT8 x INT8 -> INT32 and same-type FP16/BF16/FP32 inputs -> FP32, "
            f"but got {dtype_text(lhs.dtype)}"
        )
    if static_int(lhs.shape[0]) != 1:
        shown = shape_text(lhs.shape)
        if shown is None:
            return None
        raise OpError(f"GEMV requires lhs physical row extent to be exactly 1, but got shape {shown}")
    lhs_valid, rhs_valid = valid_shape(lhs), valid_shape(rhs)
    if lhs_valid is None or rhs_valid is None:
        return None
    row = extents_equal(lhs_valid[0], 1)
    if row is None:
        return None
    if not row:
        shown = shape_text(lhs_valid)
        if shown is None:
            return None
        raise OpError(f"GEMV requires lhs logical row extent to be exactly 1, but got valid_shape {shown}")
    if _exceeds(lhs_valid[1], rhs_valid[0]):
        raise OpError(
            f"GEMV requires rhs logical K to cover lhs logical K, but got lhs K={lhs_valid[1]} and rhs K={rhs_valid[0]}"
        )
    shape = (16, rhs.shape[1])
    dtype = "INT32" if lhs.dtype == "INT8" else "FP32"
    view = TileView(
        valid_shape=(lhs_valid[0], rhs_valid[1]), blayout="col_major", slayout="row_major", fractal=1024
    )
    return tile_result(shape, dtype, "Acc", view, stamped=True)


@wrapper("tile.gemv")
def tile_gemv(call: OpCall) -> IRType | None:
    op = "tile.gemv"
    if not _gemv_phase(call, op):
        return None
    lhs, rhs = call.tile("lhs"), call.tile("rhs")
    if _tile_matmul(call, op, "lhs", "rhs") is None or lhs is None or rhs is None:
        return None
    result = _gemv_result(op, lhs, rhs)
    _gemv_built(call, ["lhs", "rhs"])
    return result


def _gemv_built(call: OpCall, args: list[str]) -> None:
    """The builder always passes `acc_phase` (its default "unspecified")."""
    built(call, args, {"acc_phase": flag(call, "acc_phase", "unspecified")})


@wrapper("tile.gemv_bias")
def tile_gemv_bias(call: OpCall) -> IRType | None:
    op = "tile.gemv_bias"
    if not _gemv_phase(call, op) or _matmul_bias(call, op) is None:
        return None
    lhs, rhs, bias = call.tile("lhs"), call.tile("rhs"), call.tile("bias")
    assert lhs is not None and rhs is not None and bias is not None and lhs.dtype is not None
    if lhs.dtype not in _GEMV_INPUTS:
        _gemv_result(op, lhs, rhs)  # raises the dtype error
    output = "INT32" if lhs.dtype == "INT8" else "FP32"
    if bias.dtype != output:
        raise OpError(
            f"The operator {op} requires bias dtype {dtype_text(output)} to match the accumulator output, "
            f"but got {dtype_text(bias.dtype or '')}"
        )
    bias_valid = valid_shape(bias)
    if bias_valid is None:
        return None
    one_row = extents_equal(bias_valid[0], 1)
    if one_row is None:
        return None
    if not one_row:
        raise OpError(
            f"The operator {op} requires bias to have exactly one valid row, but got {bias_valid[0]}"
        )
    result = _gemv_result(op, lhs, rhs)
    _gemv_built(call, ["lhs", "rhs", "bias"])
    return result


@wrapper("tile.gemv_acc")
def tile_gemv_acc(call: OpCall) -> IRType | None:
    op = "tile.gemv_acc"
    if not _gemv_phase(call, op):
        return None
    acc = of_kind(call, "acc", TileType, op, "first argument (acc)")
    if acc is None or acc.shape is None:
        return None
    if len(acc.shape) != 2:
        raise OpError(f"The operator {op} requires acc to be 2D, but got {len(acc.shape)} dimensions")
    # The product is typed as tile.matmul types it: lhs is its "first argument".
    lhs, rhs = call.tile("lhs"), call.tile("rhs")
    if _tile_matmul(call, op, "lhs", "rhs") is None or lhs is None or rhs is None:
        return None
    expected = _gemv_result(op, lhs, rhs)
    if expected is None or expected.shape is None:
        return None
    if any(constants_differ(a, b) for a, b in zip(acc.shape, expected.shape)):
        raise OpError(
            f"The operator {op} requires accumulator physical shape {shape_text(expected.shape)}, "
            f"but got {shape_text(acc.shape)}"
        )
    if acc.dtype is None:
        return None
    if acc.dtype != expected.dtype:
        raise OpError(
            f"The operator {op} requires accumulator dtype {dtype_text(expected.dtype or '')}, "
            f"but got {dtype_text(acc.dtype)}"
        )
    acc_valid, expected_valid = valid_shape(acc), valid_shape(expected)
    if acc_valid is None or expected_valid is None:
        return None
    for a, b in zip(acc_valid, expected_valid):
        same = extents_equal(a, b)
        if same is None:
            return None
        if not same:
            raise OpError(
                f"The operator {op} requires accumulator valid_shape {shape_text(expected_valid)}, "
                f"but got {shape_text(acc_valid)}"
            )
    _gemv_built(call, ["acc", "lhs", "rhs"])
    return expected


# ---------------------------------------------------------------------------
# tensor.matmul family
# ---------------------------------------------------------------------------


def _tensor(call: OpCall, param: str, message: str) -> TensorType | None:
    return operand(call, param, TensorType, message + ", but got {got}")


def _tensor_flags(call: OpCall, op: str, keys: tuple[str, ...]) -> tuple[bool, ...] | None:
    """The builder's bool keywords, validated by the registry; None when not known."""
    values = []
    for key in keys:
        value = flag(call, key)
        error = kwarg_type_error(op, key, value, "bool")
        if error is not None:
            raise error
        if not isinstance(value, bool):
            return None
        values.append(value)
    return tuple(values)


@wrapper("tensor.matmul")
def tensor_matmul(call: OpCall) -> IRType | None:
    op = "tensor.matmul"
    flags = _tensor_flags(call, op, ("a_trans", "b_trans", "c_matrix_nz"))
    if flags is None:
        return None
    a_trans, b_trans, _nz = flags
    out_dtype: str | None = None
    int_code = False
    if call.has("out_dtype"):
        value = call.evaluate(call.nodes["out_dtype"])
        if value is None:
            pass  # the wrapper passes no out_dtype
        elif isinstance(value, DType):
            out_dtype = value.name
        else:
            if "out_dtype" not in call.keywords:
                return None
            error = kwarg_type_error(op, "out_dtype", value, "DataType")
            if error is not None:
                raise error
            if not isinstance(value, int) or isinstance(value, bool):
                return None
            int_code = True  # the registry lets an int through; the deduction reads a DataType
    lhs = _tensor(call, "lhs", f"{op} requires first argument to be a TensorType")
    rhs = _tensor(call, "rhs", f"{op} requires second argument to be a TensorType")
    if lhs is None or rhs is None or lhs.shape is None or rhs.shape is None:
        return None
    if not lhs.shape:
        raise OpError(f"{op} requires lhs to have at least 1 dimension")
    if not rhs.shape:
        raise OpError(f"{op} requires rhs to have at least 1 dimension")
    if int_code:
        raise OpError(
            "Invalid kwarg type for out_dtype: Invalid type for kwarg key: out_dtype, expected DataType, but got int",
            located=True,
        )
    dtype = out_dtype if out_dtype is not None else promote_dtypes(lhs.dtype, rhs.dtype)
    if a_trans and len(lhs.shape) < 2:
        raise OpError(
            f"{op}: a_trans does not apply to a 1D lhs (a vector has no axes to swap); drop a_trans or pass a 2D lhs"
        )
    if b_trans and len(rhs.shape) < 2:
        raise OpError(
            f"{op}: b_trans does not apply to a 1D rhs (a vector has no axes to swap); drop b_trans or pass a 2D rhs"
        )
    shape = _tensor_product_shape(op, lhs.shape, rhs.shape, a_trans, b_trans)
    if shape is None:
        return None
    kwargs: dict[str, Any] = {key: _flag_expr(call, key) for key in ("a_trans", "b_trans", "c_matrix_nz")}
    if out_dtype is not None:
        kwargs["out_dtype"] = call.values["out_dtype"]
    call.built.update(args=_operands(call, "lhs", "rhs"), kwargs=kwargs)
    return TensorType(shape, dtype, view=None)


def _flag_expr(call: OpCall, key: str) -> Any:
    """A flag keyword of the built call: the source's value, or the default False."""
    given = call.values.get(key) if key in call.keywords else None
    return given if given is not None else _bool_const(call, "lhs", False)


def _contraction(k_lhs: Any, k_rhs: Any, context: str) -> None:
    if constants_differ(k_lhs, k_rhs):
        raise OpError(f"{context}, but got lhs K={k_lhs} and rhs K={k_rhs}")


def _tensor_product_shape(
    op: str, lhs: tuple[Any, ...], rhs: tuple[Any, ...], a_trans: bool, b_trans: bool
) -> tuple[Any, ...] | None:
    """DeduceTensorMatMulType's shape cases: dot, mat-vec, vec-mat, 2D, batched."""
    inner = f"{op} requires matching inner dimensions"
    if len(lhs) == 1 and len(rhs) == 1:
        _contraction(lhs[0], rhs[0], f"{op} dot product requires matching dimensions")
        return ()
    if len(lhs) == 2 and len(rhs) == 1:
        _contraction(lhs[0] if a_trans else lhs[1], rhs[0], inner)
        return (lhs[1] if a_trans else lhs[0],)
    if len(lhs) == 1 and len(rhs) == 2:
        _contraction(lhs[0], rhs[1] if b_trans else rhs[0], inner)
        return (rhs[0] if b_trans else rhs[1],)
    if len(lhs) == 2 and len(rhs) == 2:
        _contraction(lhs[0] if a_trans else lhs[1], rhs[1] if b_trans else rhs[0], inner)
        return (lhs[1] if a_trans else lhs[0], rhs[0] if b_trans else rhs[1])
    if len(lhs) < 2 or len(rhs) < 2:
        raise OpError(
            f"{op} requires both tensors to have at least 2 dimensions for batched matmul, but got "
            f"lhs shape size {len(lhs)} and rhs shape size {len(rhs)}"
        )
    batch = broadcast_dims(lhs[:-2], rhs[:-2])
    if batch is False:
        raise OpError(f"Cannot broadcast batch dimensions for {op}")
    if batch is None:
        return None
    _contraction(
        lhs[-2] if a_trans else lhs[-1], rhs[-1] if b_trans else rhs[-2], inner + " for batched matmul"
    )
    return (*batch, lhs[-1] if a_trans else lhs[-2], rhs[-2] if b_trans else rhs[-1])  # type: ignore[misc]


@wrapper("tensor.matmul_acc")
def tensor_matmul_acc(call: OpCall) -> IRType | None:
    op = "tensor.matmul_acc"
    flags = _tensor_flags(call, op, ("a_trans", "b_trans"))
    if flags is None or not _init_cond(call, op):
        return None
    a_trans, b_trans = flags
    acc = _tensor(call, "acc", f"{op} requires first argument (acc) to be a TensorType")
    lhs = _tensor(call, "lhs", f"{op} requires second argument (lhs) to be a TensorType")
    rhs = _tensor(call, "rhs", f"{op} requires third argument (rhs) to be a TensorType")
    if acc is None or lhs is None or rhs is None:
        return None
    if acc.shape is None or lhs.shape is None or rhs.shape is None:
        return None
    for name, shape in (("acc", acc.shape), ("lhs", lhs.shape), ("rhs", rhs.shape)):
        if len(shape) < 2:
            raise OpError(f"{op} requires {name} to be at least 2D, but got {len(shape)}D")
    if lhs.dtype is None or rhs.dtype is None or acc.dtype is None:
        return None
    if lhs.dtype != rhs.dtype:
        raise OpError(
            f"{op} requires identical lhs and rhs dtypes, but got {dtype_text(lhs.dtype)} and {dtype_text(rhs.dtype)}"
        )
    dtype = _accumulator(lhs.dtype, rhs.dtype)
    if acc.dtype != dtype:
        raise OpError(f"{op} requires accumulator dtype {dtype_text(dtype)}, but got {dtype_text(acc.dtype)}")
    m = lhs.shape[-1] if a_trans else lhs.shape[-2]
    k_lhs = lhs.shape[-2] if a_trans else lhs.shape[-1]
    k_rhs = rhs.shape[-1] if b_trans else rhs.shape[-2]
    n = rhs.shape[-2] if b_trans else rhs.shape[-1]
    if constants_differ(k_lhs, k_rhs):
        raise OpError(f"{op}: lhs K={k_lhs} != rhs K={k_rhs}")
    if constants_differ(acc.shape[-2], m):
        raise OpError(f"{op}: acc M={acc.shape[-2]} != matmul M={m}")
    if constants_differ(acc.shape[-1], n):
        raise OpError(f"{op}: acc N={acc.shape[-1]} != matmul N={n}")
    if not _acc_batch(op, acc.shape, lhs.shape, rhs.shape):
        return None
    call.built.update(
        args=[*_operands(call, "acc", "lhs", "rhs"), *_predicate(call)],
        kwargs={key: _flag_expr(call, key) for key in ("a_trans", "b_trans")},
    )
    return TensorType(acc.shape, dtype, view=None)


def _acc_batch(op: str, acc: tuple[Any, ...], lhs: tuple[Any, ...], rhs: tuple[Any, ...]) -> bool:
    """lhs and rhs batch dims broadcast to exactly acc's (acc is not broadcast)."""
    batch = broadcast_dims(lhs[:-2], rhs[:-2])
    if batch is False:
        raise OpError(f"Cannot broadcast batch dimensions for {op}")
    if batch is None:
        return False
    acc_batch = acc[:-2]
    if len(batch) != len(acc_batch):  # type: ignore[arg-type]
        raise OpError(
            f"{op}: acc batch rank ({len(acc_batch)}) must equal broadcast(lhs, rhs) batch rank ({len(batch)})"  # type: ignore[arg-type]
        )
    for i, (a, b) in enumerate(zip(acc_batch, batch)):  # type: ignore[arg-type]
        if constants_differ(a, b):
            raise OpError(f"{op}: acc batch dim {i} ({a}) must equal broadcast(lhs, rhs) batch dim {i} ({b})")
    return True


# ---------------------------------------------------------------------------
# pl.matmul_acc: dispatched on all three operands
# ---------------------------------------------------------------------------


@wrapper("unified.matmul_acc")
def unified_matmul_acc(call: OpCall) -> IRType | None:
    classes = [dsl_class(call.expr(param)) for param in ("acc", "lhs", "rhs")]
    if any(cls is None for cls in classes):
        return None
    if all(cls in ("Tensor", "DistributedTensor") for cls in classes):
        level = "tensor.matmul_acc"
    elif all(cls == "Tile" for cls in classes):
        level = "tile.matmul_acc"
    else:
        shown = ", ".join(classes)  # type: ignore[arg-type]
        if any(cls in ("Tensor", "DistributedTensor") for cls in classes) and "Tile" in classes:
            raise OpError(
                f"pl.matmul_acc: cannot mix Tensor and Tile arguments ({shown}). All operands must be "
                "the same type level — either all Tensor or all Tile"
            )
        raise OpError(f"pl.matmul_acc: expected Tensor or Tile operands, got ({shown})")
    rule = rule_for(level)
    return rule(call.as_op(level)) if rule is not None else None
