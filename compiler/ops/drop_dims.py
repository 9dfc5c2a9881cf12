"""A slice's rank reduction (`drop_dims=[...]` of `pl.slice` / `pl.tensor.slice` /
`pl.tile.slice`): `ParseSliceDropDims`, `ValidateDropDimsValidExtents` and
`ApplyDropDims` of src/ir/op/type_inference.cpp.

The wrapper hands a non-empty list on as a MakeTuple of what the parser made of each
element (an int literal a `ConstInt`); an empty list or None drops nothing. Each listed
axis must be a constant, in range, listed once, and a static unit dimension of the
window; after the valid region is worked out, each dropped axis must be provably valid
for exactly one element.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from compiler.ir import Const, Expr, ScalarType, Var
from compiler.ir.types import Dim
from compiler.ops.call import OpCall, OpError
from compiler.ops.prover import Proof, prove_equal
from compiler.ops.valid_region import format_dim

T = TypeVar("T")


def drop_axes(call: OpCall, window: Sequence[Dim | Expr], op: str) -> tuple[int, ...] | None:
    """The sorted axes `drop_dims` erases from `window` (the full-rank shape), () when it
    drops nothing; None when what it lists is not known. Raises the real refusals."""
    if call.is_false_or_absent("drop_dims"):
        return ()
    items = call.items("drop_dims")
    if items is None:
        return None
    seen: set[int] = set()
    for index, item in enumerate(items):
        if isinstance(item, Var) and isinstance(item.type, ScalarType):
            raise OpError(f"{op} drop_dims element {index} must be a compile-time int constant")
        if not (isinstance(item, Const) and type(item.value) is int):
            return None  # what the wrapper makes of it is not ours to guess
        axis = item.value
        if not 0 <= axis < len(window):
            raise OpError(f"{op} drop_dims index {axis} out of range for rank {len(window)}")
        if axis in seen:
            raise OpError(f"{op} drop_dims index {axis} is repeated")
        seen.add(axis)
        extent = _constant(window[axis])
        if extent is None:
            if not isinstance(window[axis], (str, Var)):
                return None
            extent_text = "dynamic"
        elif extent == 1:
            continue
        else:
            extent_text = str(extent)
        raise OpError(
            f"{op} drop_dims index {axis} must select a static unit dimension (rank reduction only erases "
            f"size-1 dims), but dim {axis} is {extent_text}"
        )
    return tuple(sorted(seen))


def check_dropped_valid(axes: Sequence[int], valid: Sequence[Dim | Expr | None], op: str) -> None:
    """Each dropped axis valid for provably one element (a valid extent the real prover
    cannot settle is refused too: a plain variable; one ours cannot settle is let be)."""
    for axis in axes:
        extent = valid[axis]
        if extent is None:
            continue
        proof = prove_equal(extent, 1)
        if proof is Proof.TRUE or (proof is Proof.UNKNOWN and not isinstance(extent, (str, Var))):
            continue
        raise OpError(
            f"{op} cannot drop dimension {axis}: its valid extent is {format_dim(extent)}, which is not provably "
            "1. Rank reduction erases an axis, so the axis must be fully valid; keep the dimension instead of "
            "dropping it"
        )


def apply_drops(dims: Sequence[T], axes: Sequence[int]) -> tuple[T, ...]:
    """`ApplyDropDims`: the dims left."""
    return tuple(dim for axis, dim in enumerate(dims) if axis not in axes)


def _constant(dim: Dim | Expr) -> int | None:
    """`GetConstantDimension`: a constant integer extent's value."""
    if isinstance(dim, int) and not isinstance(dim, bool):
        return dim
    if isinstance(dim, Const) and type(dim.value) is int:
        return dim.value
    return None
