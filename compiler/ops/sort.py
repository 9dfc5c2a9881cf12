"""Sorts: `sort32` and `mrgsort` of both levels (src/ir/op/{tile,tensor}_ops/sort.cpp) and
what the dispatching `pl.mrgsort` adds (python/pypto/language/op/unified_ops.py).

`mrgsort` is two ops behind one wrapper: with `block_len=` the single-list merge
(`*.mrgsort_format1`), otherwise the 2-4 way merge of its sources (`*.mrgsort_format2`).
"""

from __future__ import annotations

from typing import Any

from compiler.ir import Const, Expr, IRType, ScalarType, TensorType, TileType
from compiler.ops.call import BINDING_MISMATCH, OpCall, OpError
from compiler.ops.operands import (
    built,
    const,
    dtype_in,
    flag,
    given,
    inherited_view,
    of_kind,
    tile_result,
    validated,
)
from compiler.ops.registry import wrapper
from compiler.ops.type_inference import dtype_text, is_int_dtype, static_int
from compiler.ops.wrapping import py_class
from compiler.syntax.values import UNKNOWN

_SORTABLE = ("FP16", "FP32")


def _sorted_operand(
    call: OpCall, kind: type, op: str, *, shaped: bool = False, param: str = "src0", which: str = "argument 0"
) -> Any:
    """The operand sorted (`src0`, "argument 0"), of a sortable dtype; None when not known
    (`shaped`: nor its shape, which then stops the rule before the dtype check)."""
    src = of_kind(call, param, kind, op, which)
    if src is None or src.dtype is None or (shaped and src.shape is None):
        return None
    dtype_in(op, src.dtype, _SORTABLE, "src dtype to be FP16 or FP32")
    return src


def _doubled(shape: tuple[Any, ...]) -> tuple[Any, ...] | None:
    last = static_int(shape[-1])
    return None if last is None else (*shape[:-1], last * 2)


@wrapper("tile.sort32")
def tile_sort32(call: OpCall) -> IRType | None:
    op = "tile.sort32"
    src = _sorted_operand(call, TileType, op, param="src", which="first argument")
    if src is None:
        return None
    if of_kind(call, "idx", TileType, op, "second argument") is None or src.shape is None:
        return None
    if not src.shape:
        raise OpError(f"The operator {op} requires non-empty input shape")
    shape = _doubled(src.shape)
    if shape is None:
        return None
    return tile_result(shape, src.dtype, "Vec", inherited_view(shape, src), stamped=True)


@wrapper("tensor.sort32")
def tensor_sort32(call: OpCall) -> IRType | None:
    op = "tensor.sort32"
    src = _sorted_operand(call, TensorType, op, shaped=True, param="src", which="first argument")
    if src is None:
        return None
    if not src.shape:
        raise OpError(f"The operator {op} requires non-empty input shape")
    last = static_int(src.shape[-1])
    if last is not None and (last <= 0 or last % 32):
        raise OpError(
            f"The operator {op} requires the last dimension to be a positive multiple of 32, but got {last}"
        )
    idx = of_kind(call, "idx", TensorType, op, "second argument")
    if idx is None or idx.dtype is None or idx.shape is None:
        return None
    dtype_in(op, idx.dtype, ("UINT32",), "idx dtype to be UINT32")
    if len(idx.shape) != len(src.shape):
        raise OpError(
            f"The operator {op} requires idx rank ({len(idx.shape)}) to match src rank ({len(src.shape)})"
        )
    for axis, (a, b) in enumerate(zip(src.shape, idx.shape)):
        same = _dims_equal(a, b)
        if same is None:
            return None
        if not same:
            raise OpError(f"The operator {op} requires idx shape to match src shape at axis {axis}")
    shape = _doubled(src.shape)
    return TensorType(shape, src.dtype, view=None) if shape is not None else None


def _dims_equal(a: Any, b: Any) -> bool | None:
    """The C++ DimensionsEqual where this front end can decide it."""
    x, y = static_int(a), static_int(b)
    if x is not None and y is not None:
        return x == y
    if isinstance(a, str) and a == b and a != "?":
        return True
    return None


# ---------------------------------------------------------------------------
# mrgsort
# ---------------------------------------------------------------------------


def _block_len(call: OpCall, op: str) -> Expr | None:
    """format1's run length as the IR builder makes it — a Python int becomes an INT32
    constant, a Scalar stays its expression — after the deduction's checks; None when
    not known here."""
    node = call.nodes["block_len"]
    value = call.evaluate(node) if "block_len" in call.keywords else UNKNOWN
    if isinstance(value, float) or py_class(call, "block_len") in ("Tensor", "Tile", "DistributedTensor"):
        raise OpError(BINDING_MISMATCH)  # `ConstInt(block_len, INT32, span)` takes no such value
    if isinstance(value, int) and not isinstance(value, bool):
        constant: int | None = value
        expr: Expr = const(call, "src0", value, "INT32")
    else:
        found = call.type_of("block_len")
        given = call.expr("block_len")
        if not isinstance(found, ScalarType) or found.dtype is None or given is None:
            return None
        if not is_int_dtype(found.dtype):
            raise OpError(
                f"The operator {op} requires block_len to be an integer type, but got {dtype_text(found.dtype)}"
            )
        constant = given.value if isinstance(given, Const) and isinstance(given.value, int) else None
        expr = given
    if constant is not None and (constant <= 0 or constant % 64):
        raise OpError(
            f"The operator {op} requires block_len to be a positive multiple of 64, but got {constant}"
        )
    return expr


def _format1(call: OpCall, kind: type, op: str) -> Any:
    """The single-list merge: `src0` sortable, then `block_len`; the IR call recorded.
    `src0`'s type, None when not known."""
    src = _sorted_operand(call, kind, op)
    if src is None:
        return None
    block_len = _block_len(call, op)
    if block_len is None:
        return None
    source = call.expr("src0")
    if source is not None:
        call.built.update(op=op, args=[source, block_len], kwargs={})
    return src


@wrapper("tile.mrgsort")
def tile_mrgsort(call: OpCall) -> IRType | None:
    sources = [p for p in ("src1", "src2", "src3") if given(call, p)]
    if given(call, "block_len"):
        if sources or given(call, "tmp"):
            raise OpError(
                "mrgsort() format1 (block_len=...) and format2 (src1, ..., tmp) are mutually exclusive; "
                "do not pass format2 arguments with block_len"
            )
        src = _format1(call, TileType, "tile.mrgsort_format1")
        if src is None:
            return None
        return tile_result(src.shape, src.dtype, "Vec", inherited_view(src.shape, src), stamped=True)
    if "src1" not in sources:
        raise OpError(
            "mrgsort() requires either block_len=<int> for format1, or at least (src0, src1, tmp=<tile>) for format2"
        )
    if not given(call, "tmp"):
        raise OpError("mrgsort() format2 requires tmp; use mrgsort(src0, src1[, src2[, src3]], tmp=<tile>)")
    if "src3" in sources and "src2" not in sources:
        raise OpError("mrgsort() format2 requires src2 when src3 is provided")
    op = "tile.mrgsort_format2"
    if not _exhausted(call, op):
        return None
    src0 = _sorted_operand(call, TileType, op)
    if src0 is None:
        return None
    params = ["src0", *sources, "tmp"]
    for i, param in enumerate(params[1:-1], start=1):
        src = of_kind(call, param, TileType, op, f"argument {i}")
        if src is None or src.dtype is None:
            return None
        if src.dtype != src0.dtype:
            raise OpError(
                f"The operator {op} requires all src tiles to have matching dtype, but argument {i} has "
                f"{dtype_text(src.dtype)} (expected {dtype_text(src0.dtype)})"
            )
    tmp = of_kind(call, "tmp", TileType, op, f"argument {len(params) - 1} (tmp)")
    if tmp is None:
        return None
    built(call, params, {"exhausted": const(call, "src0", flag(call, "exhausted"))}, op)
    return tile_result(tmp.shape, src0.dtype, "Vec", inherited_view(tmp.shape, src0), stamped=True)


def _exhausted(call: OpCall, op: str) -> bool:
    return isinstance(validated(op, "exhausted", flag(call, "exhausted"), "bool"), bool)


@wrapper("tensor.mrgsort")
def tensor_mrgsort(call: OpCall) -> IRType | None:
    if "tmp" in call.params and given(call, "tmp"):  # reached through `pl.mrgsort`
        raise OpError(
            "pl.mrgsort: Tensor inputs must not pass tmp — the scratch tile is allocated during Tensor-to-Tile lowering"
        )
    sources = [p for p in ("src1", "src2", "src3") if given(call, p)]
    exhausted = flag(call, "exhausted")
    if given(call, "block_len"):
        if exhausted is UNKNOWN:
            return None
        if exhausted or sources:
            raise OpError(
                "mrgsort() format1 (block_len=...) and format2 (src1, ...) are mutually exclusive; do not pass "
                "format2 arguments or exhausted=True with block_len"
            )
        src = _format1(call, TensorType, "tensor.mrgsort_format1")
        if src is None:
            return None
        return TensorType(src.shape, src.dtype, view=None)
    if "src1" not in sources:
        raise OpError(
            "mrgsort() requires either block_len=<int> for format1, or at least (src0, src1) for format2"
        )
    if "src3" in sources and "src2" not in sources:
        raise OpError("mrgsort() format2 requires src2 when src3 is provided")
    op = "tensor.mrgsort_format2"
    if not _exhausted(call, op):
        return None
    src0 = _sorted_operand(call, TensorType, op, shaped=True)
    if src0 is None:
        return None
    if not src0.shape:
        raise OpError(f"The operator {op} requires non-empty src shape")
    lasts = [src0.shape[-1]]
    for i, param in enumerate(sources, start=1):
        src = of_kind(call, param, TensorType, op, f"argument {i}")
        if src is None or src.dtype is None or src.shape is None:
            return None
        if src.dtype != src0.dtype:
            raise OpError(
                f"The operator {op} requires all src tensors to have matching dtype, but argument {i} has "
                f"{dtype_text(src.dtype)} (expected {dtype_text(src0.dtype)})"
            )
        if len(src.shape) != len(src0.shape):
            raise OpError(f"The operator {op} requires all src tensors to have matching rank")
        for axis in range(len(src0.shape) - 1):
            same = _dims_equal(src.shape[axis], src0.shape[axis])
            if same is None:
                return None
            if not same:
                raise OpError(
                    f"The operator {op} requires all src tensors to match shape on non-concat axis {axis}, "
                    f"but argument {i} differs"
                )
        lasts.append(src.shape[-1])
    if any(static_int(d) is None for d in lasts):
        return None
    built(call, ["src0", *sources], {"exhausted": const(call, "src0", flag(call, "exhausted"))}, op)
    return TensorType((*src0.shape[:-1], sum(lasts)), src0.dtype, view=None)
