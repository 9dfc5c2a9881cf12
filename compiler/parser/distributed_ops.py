"""The distributed ops' own rules and result types (`pld.system.notify`, `pld.tensor.put`,
`pld.tensor.allreduce`, `pld.tile.remote_load`, ...), checked once the call's arguments
bind to the op's wrapper, in the real order: the Python wrapper's checks of its operands
(`<op> expects a DistributedTensor <role> (window-bound); got <type>`), then the op's
type deduction (`<op> <role> must be a DistributedTensor (window-bound), got <TypeName>`).

Only what is certain is judged: an operand whose type we do not know, an attribute that is
not a literal, is never a reason for an error. The result is the deduction's: a comm
context, an INT32 scalar, the target's distributed tensor for a collective, a tile for a
remote load, and the real `UnknownType` for the side-effect-only ops (notify, wait, put,
get, remote_store), which is an analysed call all the same.

`alloc_window_buffer`, `window` and `world_size` are `distributed_calls`' (their placement
rules come first).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from compiler.ir import (
    CommCtxType,
    Const,
    Expr,
    IRType,
    MakeTuple,
    ScalarType,
    TensorType,
    TileType,
    TileView,
    UnknownType,
)
from compiler.ops.tensor_memory import ATOMIC_ADD_DTYPES, ATOMIC_TYPES
from compiler.ops.type_inference import dtype_text
from compiler.parser.errors import invalid_operation
from compiler.printer.types import format_type

# What the real deduction names a type with (`TypeName()`), where our class name differs.
_DISTRIBUTED_TYPE_NAME = "DistributedTensorType"
_SIGNAL_DTYPE = "INT32"
_ALLREDUCE_DTYPES = ("FP16", "FP32")


class _Refused(Exception):
    """A rule's refusal: the message as the op raised it (before the parser's prefix)."""


@dataclass
class _Call:
    """One distributed call, its operands by parameter name (absent: not passed), parsed
    and as written."""

    op: str  # `pld.<category>.<op>`, as the op's own messages name it
    node: ast.Call
    operands: dict[str, Any]
    written: dict[str, ast.expr]

    def expr(self, param: str) -> Expr | None:
        value = self.operands.get(param)
        return value if isinstance(value, Expr) else None

    def literal(self, param: str) -> object:
        """The literal the call wrote for `param`: `_ABSENT` when not passed,
        `_NOT_LITERAL` when written otherwise."""
        node = self.written.get(param)
        return _ABSENT if node is None else _literal(node)

    def passed(self, param: str) -> bool:
        """The wrapper gets a value for `param` (a keyword `None` is its default)."""
        return param in self.operands and self.literal(param) is not None

    def attribute(self, param: str) -> str | None:
        """`pld.WaitCmp.Ge` -> "Ge": the enum member an operand names, if written so."""
        node = self.written.get(param)
        return node.attr if isinstance(node, ast.Attribute) else None


_ABSENT = object()
_NOT_LITERAL = object()


def _literal(node: ast.expr) -> object:
    if isinstance(node, ast.Constant):
        return node.value
    if (
        isinstance(node, ast.UnaryOp)
        and isinstance(node.op, ast.USub)
        and isinstance(node.operand, ast.Constant)
    ):
        value = node.operand.value
        if type(value) in (int, float):
            return -value
    return _NOT_LITERAL


def _enum_value(call: _Call, param: str, members: dict[str, int]) -> int | None:
    """The int an enum operand reaches the op as: a literal int as written, a member
    (`pld.NotifyOp.Set`) by its value; None where not known."""
    value = call.literal(param)
    if type(value) is int:
        return value
    attribute = call.attribute(param)
    return members.get(attribute) if attribute is not None else None


def _iterated(call: _Call, *params: str) -> None:
    """The wrapper's `_normalize_intlike` loops over each list parameter, in this order: a
    scalar there fails in Python ("'Scalar' object is not iterable"). Judged only for a
    literal (a positional one reaches the wrapper as the parser's `ConstInt`, a keyword's as
    the Python value) or a name of a scalar value."""
    for param in params:
        value, node = call.operands.get(param), call.written.get(param)
        if value is None or node is None or isinstance(value, MakeTuple):
            continue
        literal = _literal(node)
        if type(literal) in (int, float):
            keyword = any(kw.arg == param for kw in call.node.keywords)
            received = type(literal).__name__ if keyword else f"Const{type(literal).__name__.capitalize()}"
        elif isinstance(node, ast.Name) and isinstance(value, Expr) and isinstance(value.type, ScalarType):
            received = "Scalar"
        else:
            return  # not known: what the wrapper does with it is not ours to guess
        raise _Refused(f"'{received}' object is not iterable")


def _distributed(value: Expr | None) -> TensorType | None:
    if value is not None and isinstance(value.type, TensorType) and value.type.distributed:
        return value.type
    return None


def _judged(value: Expr | None) -> IRType | None:
    """The operand's type where the real op sees the operand as we do: a value (not a
    literal, which the wrapper gets as a Python int or list) of a tensor, tile or scalar
    type. None: not judged."""
    if value is None or isinstance(value, (Const, MakeTuple)):
        return None
    return value.type if isinstance(value.type, (TensorType, TileType, ScalarType)) else None


def _known_other(value: Expr | None) -> bool:
    """The operand's type is judged and is not a window-bound tensor."""
    return _judged(value) is not None and _distributed(value) is None


def _type_name(ir_type: IRType) -> str:
    if isinstance(ir_type, TensorType) and ir_type.distributed:
        return _DISTRIBUTED_TYPE_NAME
    return ir_type.ir_class_name


def _wrapper_window(call: _Call, role: str) -> None:
    """The wrapper's check: a window-bound operand, its type printed as the real printer does."""
    value = call.expr(role)
    if not _known_other(value):
        return
    assert value is not None
    printed = format_type(value.type)
    if printed is not None:
        raise _Refused(f"{call.op} expects a DistributedTensor {role} (window-bound); got {printed}")


def _deducer_window(call: _Call, role: str) -> TensorType | None:
    """The deduction's check: a window-bound operand (None: its type is not known)."""
    value = call.expr(role)
    if _known_other(value):
        assert value is not None
        raise _Refused(
            f"{call.op} {role} must be a DistributedTensor (window-bound), got {_type_name(value.type)}"
        )
    return _distributed(value)


def _scalar(call: _Call, role: str, what: str) -> None:
    judged = _judged(call.expr(role))
    if isinstance(judged, (TensorType, TileType)):
        raise _Refused(f"{call.op} {role} must be {what}, got {_type_name(judged)}")


def _offsets_rank(call: _Call, role: str, target: TensorType | None) -> None:
    offsets = call.expr(role)
    if target is None or target.shape is None or not isinstance(offsets, MakeTuple):
        return
    if len(offsets.items) != len(target.shape):
        raise _Refused(
            f"{call.op} {role} rank ({len(offsets.items)}) must match target tensor rank ({len(target.shape)})"
        )


def _signal_dtype(call: _Call, signal: TensorType | None, detail: str = "") -> None:
    if signal is not None and signal.dtype is not None and signal.dtype != _SIGNAL_DTYPE:
        raise _Refused(
            f"{call.op} signal must have INT32 element type{detail}, got dtype {dtype_text(signal.dtype)}"
        )


_COUNTER = " (the barrier slot is an int counter)"


# ------------------------------------------------------------------ pld.system


def _get_comm_ctx(call: _Call) -> IRType:
    value = call.expr("dist_tensor")
    if _known_other(value):
        assert value is not None
        raise _Refused(f"{call.op} expects a DistributedTensor (window-bound), got {_type_name(value.type)}")
    return CommCtxType()


def _comm_ctx_scalar(call: _Call) -> IRType:
    value = call.expr("ctx")
    if _judged(value) is not None:
        assert value is not None
        raise _Refused(
            f"{call.op} expects a CommCtx (output of pld.system.get_comm_ctx), got {_type_name(value.type)}"
        )
    return ScalarType("INT32")


def _notify(call: _Call) -> IRType:
    _iterated(call, "offsets")
    target = _deducer_window(call, "target")
    _scalar(call, "peer", "a scalar (rank index)")
    _offsets_rank(call, "offsets", target)
    _scalar(call, "value", "a scalar")
    op = _enum_value(call, "op", _NOTIFY_OPS)
    if op is not None and op not in _NOTIFY_OPS.values():
        raise _Refused(f"{call.op} op must be NotifyOp.AtomicAdd or NotifyOp.Set (got int {op})")
    return UnknownType()


def _wait(call: _Call) -> IRType:
    _iterated(call, "offsets")
    signal = _deducer_window(call, "signal")
    _offsets_rank(call, "offsets", signal)
    _scalar(call, "expected", "a scalar")
    cmp = _enum_value(call, "cmp", _WAIT_CMPS)
    if cmp is not None and cmp not in _WAIT_CMPS.values():
        raise _Refused(f"{call.op} cmp must be WaitCmp.Eq or WaitCmp.Ge (got int {cmp})")
    return UnknownType()


def _defer_wait(call: _Call) -> IRType:
    _iterated(call, "offsets")
    signal = _deducer_window(call, "signal")
    if signal is not None and signal.dtype is not None and signal.dtype != _SIGNAL_DTYPE:
        raise _Refused(f"{call.op} signal dtype must be INT32, got {dtype_text(signal.dtype)}")
    _offsets_rank(call, "offsets", signal)
    offsets = call.expr("offsets")
    if signal is not None and isinstance(offsets, MakeTuple):
        for index, item in enumerate(offsets.items):
            not_integer = _not_integer(item)
            if not_integer is not None:
                raise _Refused(
                    f"{call.op} offset {index} must be an integer or index scalar, got {not_integer}"
                )
    expected = call.expr("expected")
    if signal is not None and expected is not None:
        not_integer = _not_integer(expected)
        if not_integer is not None:
            raise _Refused(f"{call.op} expected must be an integer or index scalar, got {not_integer}")
        if (
            isinstance(expected, Const)
            and type(expected.value) is int
            and not 0 <= expected.value <= _INT32_MAX
        ):
            raise _Refused(f"{call.op} constant expected must be in [0, INT32_MAX], got {expected.value}")
    cmp = _enum_value(call, "cmp", _WAIT_CMPS)
    if cmp is not None and cmp != _WAIT_CMPS["Ge"]:
        raise _Refused(f"{call.op} only supports WaitCmp.Ge (got int {cmp})")
    return UnknownType()


_INT32_MAX = 2**31 - 1


def _not_integer(value: Expr) -> str | None:
    """A scalar of a float dtype: its dtype as the real message prints it (None: an
    integer or index scalar, or a value not judged)."""
    if (
        isinstance(value.type, ScalarType)
        and value.type.dtype is not None
        and value.type.dtype.startswith(("FP", "BF"))
    ):
        return dtype_text(value.type.dtype)
    return None


# ------------------------------------------------------------------ pld.tensor


def _chunks(call: _Call) -> None:
    """`put` / `get`: the staging tile's chunk sizes, literal ints, 0 for the full extent."""
    chunks: dict[str, object] = {}
    for name in ("chunk_rows", "chunk_cols"):
        value = call.literal(name)
        chunks[name] = 0 if value is _ABSENT else value
        if value is _ABSENT or value is _NOT_LITERAL:
            continue
        if type(value) is not int:
            raise _Refused(f"{call.op} {name} must be an int (static), got {type(value).__name__}")
        if value < 0:
            raise _Refused(f"{call.op} {name} must be non-negative (0 = full), got {value}")
    rows, cols = chunks["chunk_rows"], chunks["chunk_cols"]
    if (
        call.literal("pipeline") is True
        and type(rows) is int
        and type(cols) is int
        and not (rows > 0 and cols > 0)
    ):
        raise _Refused(
            f"{call.op} pipeline=True requires both chunk_rows>0 and chunk_cols>0 "
            f"(got chunk_rows={rows}, chunk_cols={cols})"
        )


def _tensor_like(call: _Call, role: str, what: str) -> None:
    judged = _judged(call.expr(role))
    printed = format_type(judged) if isinstance(judged, (TileType, ScalarType)) else None
    if printed is not None:
        raise _Refused(f"{call.op} expects a {what} {role}; got {printed}")


def _region(call: _Call) -> None:
    given = [call.passed(name) for name in ("dst_offsets", "src_offsets", "shape")]
    if any(given) and not all(given):
        raise _Refused(f"{call.op} dst_offsets, src_offsets, and shape must be provided together")


def _put(call: _Call) -> IRType:
    _chunks(call)
    _wrapper_window(call, "dst")
    _tensor_like(call, "src", "Tensor or DistributedTensor")
    _region(call)
    _transfer(call)
    return UnknownType()


def _get(call: _Call) -> IRType:
    _chunks(call)
    _tensor_like(call, "dst", "Tensor or DistributedTensor")
    _wrapper_window(call, "src")
    _region(call)
    _transfer(call)
    return UnknownType()


def _tile_transfer(call: _Call) -> IRType:
    """`pld.tile.put` / `pld.tile.get` (the form ConvertTensorToTileOps prints): the
    wrapper's operand checks, then the tensor form's contract, then the staging tiles'."""
    _shift_region(call)
    if call.op.endswith("put"):
        _wrapper_window(call, "dst")
        _tensor_like(call, "src", "Tensor or DistributedTensor")
    else:
        _tensor_like(call, "dst", "Tensor or DistributedTensor")
        _wrapper_window(call, "src")
    _region(call)
    _transfer(call, staged=True)
    return UnknownType()


def _shift_region(call: _Call) -> None:
    """A list in the `stage2` slot is the region's first tuple (the printer writes the
    region right after the one stage): the wrapper shifts it back, as here."""
    if not isinstance(call.operands.get("stage2"), MakeTuple):
        return
    for by_param in (call.operands, call.written):
        moved = [by_param.pop(name, None) for name in ("stage2", "dst_offsets", "src_offsets")]
        for name, value in zip(("dst_offsets", "src_offsets", "shape"), moved, strict=True):
            if value is None:
                by_param.pop(name, None)
            else:
                by_param[name] = value


def _atomic(call: _Call, dst: TensorType) -> None:
    atomic = _enum_value(call, "atomic", ATOMIC_TYPES)
    if atomic is not None and atomic not in ATOMIC_TYPES.values():
        raise _Refused(f"{call.op} atomic must be AtomicType.None_ or AtomicType.Add (got int {atomic})")
    if atomic == ATOMIC_TYPES["Add"] and dst.dtype is not None and dst.dtype not in ATOMIC_ADD_DTYPES:
        raise _Refused(
            f"{call.op} with atomic=AtomicType.Add requires an fp32/bf16/fp16/int32/int16/int8 dtype "
            f"(hardware atomic-add dtypes), but got {dtype_text(dst.dtype)}"
        )


def _stages(call: _Call, dst: TensorType) -> None:
    """The staging tiles: each a 2-D tile of the dst's dtype, the two of one shape."""
    shapes = []
    for role in ("stage", "stage2"):
        value = call.expr(role)
        if value is None:
            continue
        judged = _judged(value)
        what = f"{call.op} {role}"
        if judged is None:
            return
        if not isinstance(judged, TileType):
            raise _Refused(f"{what} must be a TileType, got {_type_name(judged)}")
        if judged.dtype is not None and dst.dtype is not None and judged.dtype != dst.dtype:
            raise _Refused(
                f"{what} dtype must match dst dtype, got stage={dtype_text(judged.dtype)} dst={dtype_text(dst.dtype)}"
            )
        if judged.shape is None:
            return
        if len(judged.shape) != 2:
            raise _Refused(f"{what} must be a 2D VEC staging tile, got rank {len(judged.shape)}")
        shapes.append(judged.shape)
    if len(shapes) == 2 and all(type(d) is int for shape in shapes for d in shape) and shapes[0] != shapes[1]:
        raise _Refused(f"{call.op} ping/pong staging tiles must have identical shape")


def _transfer(call: _Call, staged: bool = False) -> None:
    """`put` / `get`'s deduction: a scalar peer, one element type, and static extents that
    agree (the whole slices the same shape), a put's atomic mode, the staging tiles where
    the call has them (`staged`), a region inside both."""
    _scalar(call, "peer", "a scalar (rank index)")
    dst, src = call.expr("dst"), call.expr("src")
    if (
        dst is None
        or src is None
        or not isinstance(dst.type, TensorType)
        or not isinstance(src.type, TensorType)
    ):
        return
    if dst.type.dtype is not None and src.type.dtype is not None and dst.type.dtype != src.type.dtype:
        raise _Refused(
            f"{call.op} dst and src must have the same element type, got dst {_type_name(dst.type)} "
            f"vs src {_type_name(src.type)}"
        )
    dst_shape, src_shape = dst.type.shape, src.type.shape
    if dst_shape is None or src_shape is None:
        return
    if not dst_shape:
        raise _Refused(f"{call.op} requires at least one dimension on dst/src")
    if len(dst_shape) != len(src_shape):
        raise _Refused(f"{call.op} dst rank ({len(dst_shape)}) must match src rank ({len(src_shape)})")
    whole = not call.passed("shape")
    for index, (d, s) in enumerate(zip(dst_shape, src_shape, strict=True)):
        if type(d) is int and d <= 0:
            raise _Refused(f"{call.op} shape dimension {index} must be positive, got {d}")
        if type(s) is int and s <= 0:
            raise _Refused(f"{call.op} src shape dimension {index} must be positive, got {s}")
        if whole and type(d) is int and type(s) is int and d != s:
            raise _Refused(
                f"{call.op} dst and src must have the same static shape; dimension {index} differs "
                f"(dst={d}, src={s})"
            )
    if call.op.endswith("put"):
        _atomic(call, dst.type)
    if staged:
        _stages(call, dst.type)
    if not whole:
        _region_bounds(call, dst_shape, src_shape)


def _region_bounds(call: _Call, dst_shape: tuple[Any, ...], src_shape: tuple[Any, ...]) -> None:
    tuples = [call.expr(name) for name in ("dst_offsets", "src_offsets", "shape")]
    if not all(isinstance(item, MakeTuple) for item in tuples):
        return  # a tuple the parser builds from a name: not followed
    dst_offsets, src_offsets, shape = (_ints(item) for item in tuples)  # type: ignore[arg-type]
    if len(dst_offsets) != len(dst_shape):
        raise _Refused(f"{call.op} dst_offsets rank must match dst rank")
    if len(src_offsets) != len(src_shape):
        raise _Refused(f"{call.op} src_offsets rank must match src rank")
    if len(shape) != len(dst_shape):
        raise _Refused(f"{call.op} shape rank must match tensor rank")
    for index, extent in enumerate(shape):
        if extent is not None and extent <= 0:
            raise _Refused(f"{call.op} shape dimension {index} must be positive, got {extent}")
        for side, offsets, window in (("dst", dst_offsets, dst_shape), ("src", src_offsets, src_shape)):
            offset = offsets[index]
            if offset is None:
                continue
            if offset < 0:
                raise _Refused(
                    f"{call.op} {side}_offsets dimension {index} must be non-negative, got {offset}"
                )
            dim = window[index]
            if extent is not None and type(dim) is int and offset + extent > dim:
                raise _Refused(
                    f"{call.op} {side} subregion dimension {index} exceeds {side} shape "
                    f"(offset={offset}, shape={extent}, {side}_dim={dim})"
                )


def _ints(items: MakeTuple) -> list[int | None]:
    """Each item's value where it is an int literal (None: not known statically)."""
    return [
        item.value if isinstance(item, Const) and type(item.value) is int else None for item in items.items
    ]


def _tensor_remote_store(call: _Call) -> IRType:
    _wrapper_window(call, "target")
    src = _judged(call.expr("src"))
    if isinstance(src, (TileType, ScalarType)):
        printed = format_type(src)
        if printed is not None:
            raise _Refused(
                f"{call.op} expects a Tensor src (a tensor-level value); got {printed}. "
                "In a tile-level kernel use pld.tile.remote_store; to push one window buffer into "
                "another use pld.tensor.put."
            )
    _iterated(call, "offsets")
    _remote_store_contract(call, _distributed(call.expr("target")))
    return UnknownType()


def _allreduce(call: _Call) -> IRType:
    core_num = call.literal("core_num")
    if core_num is not _ABSENT and core_num is not _NOT_LITERAL:
        if type(core_num) is not int:
            raise _Refused(
                f"{call.op} core_num must be a positive compile-time int, got {type(core_num).__name__}"
            )
        if core_num <= 0:
            raise _Refused(f"{call.op} core_num must be positive, got {core_num}")
    if "signal" not in call.operands:
        mode = call.literal("mode")
        if isinstance(mode, str) and mode != "mesh":
            raise _Refused(
                f'{call.op} mode="{mode}" requires an explicit signal; '
                "host signal synthesis only supports mesh mode. Pass a window-bound "
                'signal, e.g. pld.tensor.allreduce(target, signal, mode="ring").'
            )
        _wrapper_window(call, "target")
    else:
        if call.literal("signal") is None:
            raise _Refused(f"{call.op} signal cannot be None; omit the signal argument for host synthesis")
        _wrapper_window(call, "target")
        _wrapper_window(call, "signal")
    target = _distributed(call.expr("target"))
    if target is not None and target.dtype is not None and target.dtype not in _ALLREDUCE_DTYPES:
        raise _Refused(f"{call.op} target dtype must be FP16 or FP32, got {dtype_text(target.dtype)}")
    _signal_dtype(call, _distributed(call.expr("signal")), _COUNTER)
    op = _enum_value(call, "op", REDUCE_OPS)
    if op is not None and op not in REDUCE_OPS.values():
        raise _Refused(f"{call.op} op must be ReduceOp.Sum, Max, Min, or Prod (got int {op})")
    return _result(call, "target")


def _barrier(call: _Call) -> IRType:
    _wrapper_window(call, "signal")
    _signal_dtype(call, _distributed(call.expr("signal")), _COUNTER)
    return _result(call, "signal")


def _broadcast(call: _Call) -> IRType:
    _wrapper_window(call, "target")
    _wrapper_window(call, "signal")
    _signal_dtype(call, _distributed(call.expr("signal")))
    root = call.literal("root")
    if type(root) is int and root < 0:
        raise _Refused(f"{call.op} root rank must be non-negative, got {root}")
    return _result(call, "target")


def _gathering(first_rows: int | None, what: str) -> Callable[[_Call], IRType]:
    """`allgather` (`first_rows` 1: the input is this rank's one row) and `all_to_all`
    (None: a row per rank): the wrapper's window checks, then the deduction's."""

    def rule(call: _Call) -> IRType:
        _wrapper_window(call, "target")
        _wrapper_window(call, "signal")
        source, target, signal = call.expr(_INPUT[call.op]), call.expr("target"), call.expr("signal")
        if source is not None and source is target:
            raise _Refused(
                f"{call.op} input and target must be different {what}, but the same expression was passed for both"
            )
        judged = _judged(source)
        if judged is not None and not isinstance(judged, TensorType):
            raise _Refused(f"{call.op} input must be a Tensor or DistributedTensor, got {_type_name(judged)}")
        if isinstance(judged, TensorType):
            _gathered_shapes(call, judged, _distributed(target), _distributed(signal), first_rows)
        return _result(call, "target")

    return rule


_INPUT = {"pld.tensor.allgather": "local_data", "pld.tensor.all_to_all": "input"}


def _gathered_shapes(
    call: _Call,
    source: TensorType,
    target: TensorType | None,
    signal: TensorType | None,
    first_rows: int | None,
) -> None:
    gather = first_rows is not None
    if source.shape is None or target is None or target.shape is None:
        return
    if len(source.shape) != 2:
        chunk = "[1, SIZE] (this rank's single chunk)" if gather else "[NR, SIZE]"
        raise _Refused(f"{call.op} input must be 2D {chunk}, got {len(source.shape)} dims")
    rows = source.shape[0]
    if gather and type(rows) is int and rows != first_rows:
        raise _Refused(f"{call.op} input must be [1, SIZE] (this rank's single chunk), got first dim {rows}")
    if len(target.shape) != 2:
        raise _Refused(f"{call.op} target must be 2D [NR, SIZE], got {len(target.shape)} dims")
    if not gather:
        _first_dims_agree(call, target.shape[0], rows, "target", "input")
        if (
            type(target.shape[1]) is int
            and type(source.shape[1]) is int
            and target.shape[1] != source.shape[1]
        ):
            raise _Refused(f"{call.op} target shape must equal input shape")
    if target.dtype is not None and source.dtype is not None and target.dtype != source.dtype:
        raise _Refused(
            f"{call.op} target dtype {dtype_text(target.dtype)} must match input dtype {dtype_text(source.dtype)}"
        )
    if (
        gather
        and type(target.shape[1]) is int
        and type(source.shape[1]) is int
        and target.shape[1] != source.shape[1]
    ):
        raise _Refused(f"{call.op} target SIZE must equal input SIZE")
    _signal_dtype(call, signal)
    if signal is None or signal.shape is None:
        return
    if len(signal.shape) not in (1, 2):
        raise _Refused(f"{call.op} signal must be 1D [NR] or 2D [NR, 1], got {len(signal.shape)} dims")
    if len(signal.shape) == 2 and type(signal.shape[1]) is int and signal.shape[1] != 1:
        raise _Refused(f"{call.op} signal second dimension must be 1, got {signal.shape[1]}")
    _first_dims_agree(
        call, signal.shape[0], target.shape[0] if gather else rows, "signal", "target" if gather else "input"
    )


def _first_dims_agree(call: _Call, lhs: object, rhs: object, lhs_name: str, rhs_name: str) -> None:
    if type(lhs) is int and type(rhs) is int and lhs != rhs:
        raise _Refused(
            f"{call.op} {lhs_name} first dimension ({lhs}) must equal {rhs_name} first dimension ({rhs})"
        )


def _all_to_all_v(call: _Call) -> IRType:
    """`all_to_all_v`: the wrapper's window checks, then the deduction's: an [NR*MAX_RECV, SIZE]
    input and target, an [NR, 1] INT32 signal whose NR divides the rows, and NR counts each
    way (INT32, [NR] or [NR, 1]). Dimensions are compared where both are literal."""
    for role in ("target", "signal", "recv_counts"):
        _wrapper_window(call, role)
    source = _judged(call.expr("input"))
    if source is None:
        return _result(call, "target")
    if not isinstance(source, TensorType):
        raise _Refused(f"{call.op} input must be a Tensor or DistributedTensor, got {_type_name(source)}")
    target, signal = _distributed(call.expr("target")), _distributed(call.expr("signal"))
    if source.shape is None or target is None or target.shape is None:
        return _result(call, "target")
    if len(source.shape) != 2:
        raise _Refused(f"{call.op} input must be 2D [NR*MAX_RECV, SIZE], got {len(source.shape)} dims")
    if len(target.shape) != 2:
        raise _Refused(f"{call.op} target must be 2D [NR*MAX_RECV, SIZE], got {len(target.shape)} dims")
    _first_dims_agree(call, target.shape[0], source.shape[0], "target", "input")
    if type(target.shape[1]) is int and type(source.shape[1]) is int and target.shape[1] != source.shape[1]:
        raise _Refused(f"{call.op} target SIZE must equal input SIZE")
    if target.dtype is not None and source.dtype is not None and target.dtype != source.dtype:
        raise _Refused(
            f"{call.op} target dtype {dtype_text(target.dtype)} must match input dtype {dtype_text(source.dtype)}"
        )
    ranks = _counts(call, "signal", signal, None)
    if ranks is None or type(target.shape[0]) is not int:
        return _result(call, "target")  # a dimension not literal: not judged
    if ranks <= 0:
        raise _Refused(f"{call.op} signal dim 0 (NR) must be positive, got {ranks}")
    if target.shape[0] % ranks:
        raise _Refused(f"{call.op} signal dim 0 ({ranks}) must divide target dim 0 ({target.shape[0]})")
    counts = _judged(call.expr("send_counts"))
    if counts is not None and not isinstance(counts, TensorType):
        raise _Refused(
            f"{call.op} send_counts must be a Tensor or DistributedTensor, got {_type_name(counts)}"
        )
    if isinstance(counts, TensorType) and _counts(call, "send_counts", counts, ranks) is not None:
        _counts(call, "recv_counts", _distributed(call.expr("recv_counts")), ranks)
    return _result(call, "target")


def _counts(call: _Call, role: str, counts: TensorType | None, ranks: int | None) -> int | None:
    """One of `all_to_all_v`'s [NR, 1] INT32 operands (`send_counts` may be [NR] too): its NR,
    checked against the signal's `ranks` (None: the signal itself, or not known)."""
    if counts is None or counts.shape is None:
        return None
    if counts.dtype is not None and counts.dtype != _SIGNAL_DTYPE:
        raise _Refused(f"{call.op} {role} must have INT32 element type, got dtype {dtype_text(counts.dtype)}")
    flat = role == "send_counts"
    if len(counts.shape) != 2 and not (flat and len(counts.shape) == 1):
        shape = "1D [NR] or 2D [NR, 1]" if flat else "2D [NR, 1]"
        raise _Refused(f"{call.op} {role} must be {shape}, got {len(counts.shape)} dims")
    if len(counts.shape) == 2:
        lanes = counts.shape[1]
        if type(lanes) is not int:
            return None
        if lanes != 1:
            raise _Refused(f"{call.op} {role} second dimension must be 1, got {lanes}")
    count = counts.shape[0]
    if type(count) is not int:
        return None
    if ranks is not None and count != ranks:
        raise _Refused(f"{call.op} {role} dim 0 ({count}) must equal signal dim 0 (NR = {ranks})")
    return count


def _reduce_scatter(call: _Call) -> IRType:
    _wrapper_window(call, "target")
    _wrapper_window(call, "signal")
    target = _distributed(call.expr("target"))
    if target is not None and target.shape is not None and len(target.shape) != 2:
        raise _Refused(f"{call.op} target must be 2D [NR, SIZE], got {len(target.shape)} dims")
    _signal_dtype(call, _distributed(call.expr("signal")))
    op = call.attribute("op")
    if op in REDUCE_OPS and op != "Sum":
        raise _Refused(
            f"{call.op} op must be ReduceOp.Sum (got int {REDUCE_OPS[op]}); "
            "Max / Min / Prod lowerings are not yet implemented"
        )
    return _result(call, "target")


# The enums' members and their values (`include/pypto/ir/comm.h`): the ops get the int.
REDUCE_OPS = {"Sum": 0, "Max": 1, "Min": 2, "Prod": 3}
_NOTIFY_OPS = {"AtomicAdd": 0, "Set": 1}
_WAIT_CMPS = {"Eq": 0, "Ge": 1}


def _result(call: _Call, role: str) -> IRType:
    value = call.expr(role)
    return value.type if _distributed(value) is not None and value is not None else UnknownType()


# ------------------------------------------------------------------ pld.tile


def _remote_load(call: _Call) -> IRType:
    _wrapper_window(call, "target")
    _iterated(call, "valid_shape", "offsets", "shape")
    target = _distributed(call.expr("target"))
    _scalar(call, "peer", "a scalar (rank index)")
    valid = call.expr("valid_shape")
    if target is not None and isinstance(valid, MakeTuple):
        for index, item in enumerate(valid.items):
            if isinstance(item.type, ScalarType) and _not_integer(item) is not None:
                raise _Refused(f"{call.op} valid_shape {index} must be an integer scalar, but got ScalarType")
            if isinstance(item, Const) and type(item.value) is int and item.value < 0:
                raise _Refused(
                    f"{call.op} valid_shape {index} is provably negative; a valid region cannot have a negative extent"
                )
    _offsets_rank(call, "offsets", target)
    _offsets_rank(call, "shape", target)
    if valid is not None and "valid_shape" in call.operands:
        _offsets_rank(call, "valid_shape", target)
    shape = call.expr("shape")
    if target is None or not isinstance(shape, MakeTuple):
        return UnknownType()
    dims = tuple(
        item.value if isinstance(item, Const) and type(item.value) is int else item for item in shape.items
    )
    return TileType(dims, target.dtype)


def _tile_remote_store(call: _Call) -> IRType:
    _wrapper_window(call, "target")
    _iterated(call, "offsets")
    src = _judged(call.expr("src_tile"))
    if src is not None and not isinstance(src, TileType):
        raise _Refused(
            f"{call.op} src_tile must be a TileType, got {_type_name(src)}. In a tensor-level kernel "
            "(@pl.jit) call pld.tensor.remote_store instead (pld.remote_store dispatches between the two)."
        )
    _remote_store_contract(call, _distributed(call.expr("target")))
    return UnknownType()


def _remote_store_contract(call: _Call, target: TensorType | None) -> None:
    """Both remote stores' deduction: a scalar peer, one offset per target dimension, the
    source's dtype the target's, then the pushed region (the source's inner two dims; its
    leading ones 1) inside the peer's target at the offsets, and the atomic mode."""
    _scalar(call, "peer", "a scalar (rank index)")
    _offsets_rank(call, "offsets", target)
    src = call.expr("src_tile") or call.expr("src")
    src_type = src.type if src is not None and isinstance(src.type, (TensorType, TileType)) else None
    src_dtype = src_type.dtype if src_type is not None else None
    if (
        target is not None
        and target.dtype is not None
        and src_dtype is not None
        and src_dtype != target.dtype
    ):
        raise _Refused(
            f"{call.op} src dtype ({dtype_text(src_dtype)}) must match target dtype ({dtype_text(target.dtype)})"
        )
    if target is None or target.shape is None or src_type is None or src_type.shape is None:
        return
    # A valid shape has the rank of its shape.
    if len(src_type.shape) < 2:
        raise _Refused(
            f"{call.op} src must be at least 2-D (it is pushed as a 2-D region), got rank {len(src_type.shape)}"
        )
    extent = _pushed_extent(src_type)
    if extent is None:
        return
    for index, dim in enumerate(extent[:-2]):
        if type(dim) is int and dim != 1:
            raise _Refused(
                f"{call.op} src leading dimension {index} must be 1 (only the inner two dims are pushed, "
                f"and larger leading dims fold into the row extent and overrun the target), got {dim}"
            )
    rank = len(target.shape)
    if rank < 2:
        raise _Refused(f"{call.op} target rank must be >= 2 to hold a 2-D push, got {rank}")
    offsets = call.expr("offsets")
    if isinstance(offsets, MakeTuple) and len(offsets.items) == rank:
        _push_fits(call, _ints(offsets), extent[-2:], target.shape)
    atomic = _enum_value(call, "atomic", ATOMIC_TYPES)
    if atomic is not None and atomic not in ATOMIC_TYPES.values():
        raise _Refused(f"{call.op} atomic must be AtomicType.None_ or AtomicType.Add (got int {atomic})")


def _pushed_extent(src: TensorType | TileType | None) -> tuple[Any, ...] | None:
    """What a remote store pushes: a tensor's shape, a tile's valid shape (its shape where
    it has none); None where not known."""
    if isinstance(src, TileType) and src.view is not None:
        return src.view.valid_shape or src.shape if isinstance(src.view, TileView) else None
    return src.shape if src is not None else None


def _push_fits(
    call: _Call, offsets: list[int | None], extent: tuple[Any, ...], shape: tuple[Any, ...]
) -> None:
    rank = len(shape)
    for index, offset in enumerate(offsets):
        if offset is None:
            continue
        if offset < 0:
            raise _Refused(f"{call.op} offsets dimension {index} must be non-negative, got {offset}")
        dim = shape[index]
        if type(dim) is not int:
            continue
        pushed = 1 if index + 2 < rank else extent[index + 2 - rank]
        if type(pushed) is not int:
            continue
        if offset + pushed > dim:
            raise _Refused(
                f"{call.op} push exceeds the peer's target region in dimension {index} "
                f"(offset={offset}, extent={pushed}, target_dim={dim})"
            )


def _unified_remote_store(call: _Call) -> IRType:
    """`pld.remote_store`: the tile form for a tile operand, else the tensor form."""
    src = call.expr("src")
    if src is not None and isinstance(src.type, TileType):
        tile = _Call("pld.tile.remote_store", call.node, _renamed(call.operands), _renamed(call.written))
        return _RULES["pld.tile.remote_store"](tile)
    return _RULES["pld.tensor.remote_store"](
        _Call("pld.tensor.remote_store", call.node, call.operands, call.written)
    )


def _renamed(by_param: dict[str, Any]) -> dict[str, Any]:
    return {("src_tile" if name == "src" else name): value for name, value in by_param.items()}


_RULES: dict[str, Callable[[_Call], IRType]] = {
    "pld.system.get_comm_ctx": _get_comm_ctx,
    "pld.system.rank": _comm_ctx_scalar,
    "pld.system.nranks": _comm_ctx_scalar,
    "pld.system.notify": _notify,
    "pld.system.wait": _wait,
    "pld.system.defer_wait": _defer_wait,
    "pld.tensor.put": _put,
    "pld.tensor.get": _get,
    "pld.tensor.remote_store": _tensor_remote_store,
    "pld.tensor.allreduce": _allreduce,
    "pld.tensor.barrier": _barrier,
    "pld.tensor.broadcast": _broadcast,
    "pld.tensor.allgather": _gathering(1, "buffers"),
    "pld.tensor.reduce_scatter": _reduce_scatter,
    "pld.tensor.all_to_all": _gathering(None, "windows"),
    "pld.tensor.all_to_all_v": _all_to_all_v,
    "pld.tile.remote_load": _remote_load,
    "pld.tile.remote_store": _tile_remote_store,
    "pld.tile.put": _tile_transfer,
    "pld.tile.get": _tile_transfer,
}
# `pld.<op>`: the short forms, each the category op it re-exports.
_SHORT = {
    "get_comm_ctx": "pld.system.get_comm_ctx",
    "rank": "pld.system.rank",
    "nranks": "pld.system.nranks",
    "remote_load": "pld.tile.remote_load",
}


def is_modelled(path: list[str]) -> bool:
    return _op_name(path) is not None or path == ["pld", "remote_store"]


def _op_name(path: list[str]) -> str | None:
    name = _SHORT.get(path[1]) if len(path) == 2 else ".".join(path)
    return name if name in _RULES else None


def result_type(
    path: list[str], node: ast.Call, operands: dict[str, Any], written: dict[str, ast.expr], checked: bool
) -> IRType:
    """The op's result type; `checked`: its rules' refusals raised as the real parser's
    `InvalidOperationError` (`pld[.<category>] operation '<op>': ...` unless the message
    names the op as the call does)."""
    if path == ["pld", "remote_store"]:
        rule: Callable[[_Call], IRType] = _unified_remote_store
        op = "pld.remote_store"
    else:
        name = _op_name(path)
        if name is None:
            return UnknownType()
        rule, op = _RULES[name], name
    try:
        return rule(_Call(op, node, operands, written))
    except _Refused as refused:
        if not checked:
            return UnknownType()
        message = str(refused)
        module = ".".join(path[:-1])
        if not message.startswith(f"{module}.{path[-1]}"):
            message = f"{module} operation '{path[-1]}': {message}"
        raise invalid_operation(message, node) from None
