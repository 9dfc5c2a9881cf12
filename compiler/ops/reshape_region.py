"""`ComputeReshapeValidShape` (src/ir/op/type_inference.cpp): where the real data of a
partially valid tile or tensor lands when it is reshaped, and the reshapes that cannot
say (an error). Raises `Unsettled` where ours cannot follow the real rule."""

from __future__ import annotations

from collections.abc import Sequence

from compiler.ir import Expr
from compiler.ir.types import Dim
from compiler.ops.call import OpError
from compiler.ops.prover import Proof, provably_equal, prove_equal
from compiler.ops.valid_region import Unsettled, format_dim, format_dims, is_known_dim

__all__ = ["reshape_valid_shape"]


def _static(dim: Dim | Expr) -> int | None:
    return dim if isinstance(dim, int) and not isinstance(dim, bool) else None


def _equal(lhs: Dim | Expr, rhs: Dim | Expr) -> bool:
    """`ExtentsProvablyEqual` (also `ProveValidExtentEqual(...) == kTrue`), where ours
    settles it: not proven, as the real analyzer leaves it, is False."""
    a, b = _static(lhs), _static(rhs)
    if a is not None and b is not None:
        return a == b
    proven = provably_equal(lhs, rhs)
    if proven is None:
        raise Unsettled
    return proven


def _empty(dim: Dim | Expr) -> bool:
    """`IsProvablyEmptyExtent`."""
    return _equal(dim, 0)


def reshape_valid_shape(
    src_valid: Sequence[Dim | Expr],
    in_shape: Sequence[Dim | Expr],
    new_shape: Sequence[Dim | Expr],
    row_major: bool,
    op_name: str,
) -> tuple[Dim | Expr, ...]:
    if not all(is_known_dim(d) for d in (*src_valid, *in_shape, *new_shape)):
        raise Unsettled
    if not src_valid or not new_shape:
        raise OpError(f"{op_name}: reshape validity mapping requires non-empty input and output ranks")
    if all(_equal(v, s) for v, s in zip(src_valid, in_shape)):
        return tuple(new_shape)
    if any(_empty(v) for v in src_valid):
        return (0,) * len(new_shape)
    unit = _unit_axis_map(src_valid, in_shape, new_shape, 0, 0, set())
    if unit is not None:
        return unit
    if not row_major:
        raise OpError(
            f"{op_name}: cannot reshape {format_dims(in_shape)} to {format_dims(new_shape)} because only part of "
            f"it holds real data (valid_shape {format_dims(src_valid)}) and its elements are not stored row-major, "
            "so the real data does not occupy a contiguous run that the new shape can describe. Reshape the full "
            "extent and narrow afterwards, or copy the real data out first (pl.slice / pl.store)."
        )
    rank = len(src_valid)
    free = 0
    while free + 1 < rank and _static(src_valid[free]) == 1:
        free += 1
    for i in range(free + 1, rank):
        if not _equal(src_valid[i], in_shape[i]):
            runtime = prove_equal(src_valid[i], in_shape[i]) is Proof.UNKNOWN
            raise OpError(
                f"{op_name}: cannot reshape {format_dims(in_shape)} to {format_dims(new_shape)} because only part "
                f"of it holds real data (valid_shape {format_dims(src_valid)}). Dimension {i} is valid for "
                f"{format_dim(src_valid[i])} of {format_dim(in_shape[i])}"
                f"{' (a runtime extent that cannot be proven equal)' if runtime else ''}, so the real data is "
                "scattered across the buffer rather than filling it from the start, and no region of the new shape "
                "describes the same cells. Reshape the full extent and narrow afterwards, or copy the real data out "
                "first (pl.slice / pl.store)."
            )
    trailing = 1
    for i in range(free + 1, rank):
        extent = _static(in_shape[i])
        if extent is None:
            raise OpError(
                f"{op_name}: cannot reshape a partially-valid {format_dims(in_shape)} because dimension {i} has the "
                f"runtime extent {format_dim(in_shape[i])}. Mapping the real data into {format_dims(new_shape)} "
                "needs its size at compile time; use a static shape, or reshape before narrowing."
            )
        trailing *= extent
    target: list[int] = []
    for i, dim in enumerate(new_shape):
        extent = _static(dim)
        if extent is None:
            raise OpError(
                f"{op_name}: cannot reshape a partially-valid {format_dims(in_shape)} into {format_dims(new_shape)} "
                f"because target dimension {i} has the runtime extent {format_dim(dim)}. Mapping the real data "
                "needs the target size at compile time; use a static shape, or reshape before narrowing."
            )
        target.append(extent)
    suffix = [1] * len(target)
    for i in range(len(target) - 2, -1, -1):
        suffix[i] = suffix[i + 1] * target[i + 1]

    def box(axis: int, extent: Dim | Expr) -> tuple[Dim | Expr, ...]:
        return tuple(1 if i < axis else extent if i == axis else new_shape[i] for i in range(len(new_shape)))

    free_valid = src_valid[free]
    static_valid = _static(free_valid)
    if static_valid is not None:
        elements = static_valid * trailing
        for i in range(len(target)):
            if suffix[i] == 0 or elements % suffix[i] != 0:
                continue
            if elements // suffix[i] <= target[i]:
                return box(i, elements // suffix[i])
        noun = "element" if elements == 1 else "elements"
        raise OpError(
            f"{op_name}: cannot reshape {format_dims(in_shape)} to {format_dims(new_shape)} because only {elements} "
            f"of its {noun} hold real data (valid_shape {format_dims(src_valid)}), and no region of "
            f"{format_dims(new_shape)} covers exactly those {elements} elements -- they do not fill a whole number "
            "of rows there. Pick a target shape whose trailing dimensions divide it, or copy the real data out "
            "first (pl.slice / pl.store)."
        )
    free_physical = _static(in_shape[free])
    if free_physical is not None:
        for i in range(len(target)):
            if suffix[i] == trailing and free_physical <= target[i]:
                return box(i, free_valid)
    raise OpError(
        f"{op_name}: cannot reshape {format_dims(in_shape)} to {format_dims(new_shape)} because its real data "
        f"extends a runtime number of rows ({format_dim(free_valid)}) and no dimension of {format_dims(new_shape)} "
        f"has the matching row size of {trailing} elements. Keep that dimension intact in the target shape, or "
        "copy the real data out first (pl.slice / pl.store)."
    )


def _unit_axis_map(
    src_valid: Sequence[Dim | Expr],
    in_shape: Sequence[Dim | Expr],
    new_shape: Sequence[Dim | Expr],
    i: int,
    o: int,
    failed: set[tuple[int, int]],
) -> tuple[Dim | Expr, ...] | None:
    """`MapUnitAxisRankChange`: a rank change over provably full unit axes."""
    if (i, o) in failed:
        return None
    if i == len(in_shape) and o == len(new_shape):
        return ()
    if i < len(in_shape) and o < len(new_shape) and _equal(in_shape[i], new_shape[o]):
        tail = _unit_axis_map(src_valid, in_shape, new_shape, i + 1, o + 1, failed)
        if tail is not None:
            return (src_valid[i], *tail)
    if i < len(in_shape) and _static(in_shape[i]) == 1 and _equal(src_valid[i], in_shape[i]):
        tail = _unit_axis_map(src_valid, in_shape, new_shape, i + 1, o, failed)
        if tail is not None:
            return tail
    if o < len(new_shape) and _static(new_shape[o]) == 1:
        tail = _unit_axis_map(src_valid, in_shape, new_shape, i, o + 1, failed)
        if tail is not None:
            return (new_shape[o], *tail)
    failed.add((i, o))
    return None
