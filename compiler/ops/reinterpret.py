"""`reinterpret_view_semantics::Resolve` (include/pypto/ir/reinterpret_view_semantics.h):
the shape and valid shape of the same bytes read as another dtype, for
`tile.reinterpret_view` and `tensor.reinterpret_view`. Static shapes only here: a
symbolic extent raises `Unsettled`."""

from __future__ import annotations

from collections.abc import Sequence

from compiler.ir.types import Dim
from compiler.ir.views import dims_equal
from compiler.ops.call import OpError
from compiler.ops.memory_operands import dtype_string
from compiler.ops.valid_region import Unsettled

__all__ = ["resolve_reinterpret"]

_BYTES = {
    "INT8": 1, "INT16": 2, "INT32": 4, "INT64": 8, "UINT8": 1, "UINT16": 2, "UINT32": 4, "UINT64": 8,
    "FP16": 2, "FP32": 4, "BF16": 2,
}  # fmt: skip


def _static(shape: Sequence[Dim]) -> list[int]:
    if not all(isinstance(dim, int) and not isinstance(dim, bool) for dim in shape):
        raise Unsettled
    return [int(dim) for dim in shape]  # type: ignore[arg-type]


def _scale(extent: int, src: int, dst: int, what: str, axis: int, op: str) -> int:
    """`ScaleExtent` of a static extent."""
    if src == dst:
        return extent
    if src > dst:
        if src % dst:
            raise OpError(f"{op} cannot represent dtype byte ratio {src}:{dst}")
        return extent * (src // dst)
    if dst % src:
        raise OpError(f"{op} cannot represent dtype byte ratio {src}:{dst}")
    divisor = dst // src
    if extent % divisor:
        raise OpError(
            f"{op} {what} dimension {axis} ({extent}) is not divisible by {divisor} for the wider target dtype"
        )
    return extent // divisor


def _try_scale(extent: int, src: int, dst: int) -> int | None:
    if src == dst:
        return extent
    if src > dst:
        return extent * (src // dst) if src % dst == 0 else None
    if dst % src:
        return None
    divisor = dst // src
    return extent // divisor if extent % divisor == 0 else None


def _count(shape: list[int], what: str, op: str) -> int:
    total = 1
    for i, dim in enumerate(shape):
        if dim <= 0:
            raise OpError(f"{op} {what} dimension {i} must be positive, got {dim}")
        total *= dim
    return total


def resolve_reinterpret(
    source_shape: Sequence[Dim],
    source_valid: Sequence[Dim],
    source_dtype: str,
    target_dtype: str,
    axis: int,
    requested: Sequence[Dim] | None,
    op: str,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(shape, valid_shape) of the reinterpreted value; `source_valid` empty is fully valid."""
    if source_dtype not in _BYTES:
        raise OpError(
            f"{op} does not support source dtype {dtype_string(source_dtype)}; supported dtypes are byte-addressable "
            "int/uint8/16/32/64, FP16, BF16, and FP32"
        )
    if target_dtype not in _BYTES:
        raise OpError(
            f"{op} does not support target dtype {dtype_string(target_dtype)}; supported dtypes are byte-addressable "
            "int/uint8/16/32/64, FP16, BF16, and FP32"
        )
    if source_dtype == target_dtype:
        raise OpError(
            f"{op} requires source and target dtypes to differ; use reshape/view for shape-only changes"
        )
    shape = _static(source_shape)
    for i, dim in enumerate(shape):
        if dim <= 0:
            raise OpError(f"{op} source shape dimension {i} must be positive, got {dim}")
    valid = _static(source_valid)
    src, dst = _BYTES[source_dtype], _BYTES[target_dtype]
    scaled = _try_scale(shape[axis], src, dst)
    auto = None if scaled is None else [*shape[:axis], scaled, *shape[axis + 1 :]]
    if requested is not None:
        target = _static(requested)
        for i, dim in enumerate(target):
            if dim <= 0:
                raise OpError(f"{op} target shape dimension {i} must be positive, got {dim}")
        if auto is None or target != auto:
            source_bytes, target_bytes = (
                _count(shape, "source shape", op) * src,
                _count(target, "target shape", op) * dst,
            )
            if source_bytes != target_bytes:
                raise OpError(
                    f"{op} requires equal source and target byte sizes, but source has {source_bytes} bytes and "
                    f"target has {target_bytes} bytes"
                )
    else:
        target = (
            auto
            if auto is not None
            else [*shape[:axis], _scale(shape[axis], src, dst, "shape", axis, op), *shape[axis + 1 :]]
        )
    partial = bool(valid) and not dims_equal(valid, shape)
    if requested is not None and partial:
        if auto is None:
            auto = [*shape[:axis], _scale(shape[axis], src, dst, "shape", axis, op), *shape[axis + 1 :]]
        if target != auto:
            raise OpError(
                f"{op} cannot preserve a partial valid_shape through an arbitrary explicit reshape; omit shape or use "
                "the layout-aware auto-detected shape"
            )
    if partial:
        target_valid = [
            *valid[:axis],
            _scale(valid[axis], src, dst, "valid_shape", axis, op),
            *valid[axis + 1 :],
        ]
    else:
        target_valid = target
    return tuple(target), tuple(target_valid)
