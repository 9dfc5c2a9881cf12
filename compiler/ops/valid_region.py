"""The valid regions of window reads and writes: `InferWindowReadValidShape` and
`InferWriteValidShapeUnion` of src/ir/op/type_inference.cpp, which `tile.load`,
`tensor.slice`, `tile.slice`, `tile.store` and the `assemble`s share. Each checks the
window or the written region against its source or target (offsets past the end,
negative offsets, a valid shape larger than its window) and derives the result's
valid shape.

A check refuses only what the prover (`prover.py`) disproves, as the real one does.
Where the real rule branches on a proof ours cannot settle, or needs an extent we do
not know, `Unsettled` is raised: the caller gives the result an unknown view and
reports nothing further for the call.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from compiler.ir import BinaryExpr, Const, Expr, ScalarType, TensorType, TileType, UnaryExpr, Var
from compiler.ir.types import Dim
from compiler.ir.views import valid_shape
from compiler.ops.call import OpError
from compiler.ops.memory_operands import UNKNOWN_DIM
from compiler.ops.prover import Proof, Sum, is_integer, prove_equal, prove_less_equal, same_dim
from compiler.printer.expressions import format_expr

__all__ = [
    "Unsettled",
    "WindowRead",
    "Write",
    "format_dim",
    "format_dims",
    "infer_window_read_valid_shape",
    "infer_write_valid_shape_union",
    "is_known_dim",
    "read_window",
    "write_union",
]


class Unsettled(Exception):
    """The real rule's outcome depends on what we cannot tell."""


def is_known_dim(dim: Dim | Expr | None) -> bool:
    """A dim whose value the real IR spells the way we do: an int, a symbol, or an
    expression of variables, constants and arithmetic of a known scalar type."""
    if dim is None or isinstance(dim, bool):
        return False
    if isinstance(dim, int):
        return True
    if isinstance(dim, str):
        return dim.isidentifier()
    if isinstance(dim, (Var, Const)):
        return isinstance(dim.type, ScalarType) and dim.type.dtype is not None
    if isinstance(dim, BinaryExpr):
        return is_known_dim(dim.lhs) and is_known_dim(dim.rhs)
    if isinstance(dim, UnaryExpr):
        return dim.op == "neg" and is_known_dim(dim.operand)
    return False


def format_dim(dim: Dim | Expr) -> str:
    """`PythonPrint` of an extent or an offset."""
    if isinstance(dim, int):
        return str(dim)
    if isinstance(dim, str):
        return dim
    return format_expr(dim)


def format_dims(dims: Sequence[Dim | Expr]) -> str:
    """`FormatShape`: `[32, 64]`."""
    return "[" + ", ".join(format_dim(dim) for dim in dims) + "]"


def _require(*dims: Dim | Expr) -> None:
    if not all(is_known_dim(dim) for dim in dims):
        raise Unsettled


def _settled(proof: Proof) -> bool:
    """A proof the rule branches on: TRUE or FALSE, else the outcome is not ours to tell."""
    if proof is Proof.UNKNOWN:
        raise Unsettled
    return proof is Proof.TRUE


def _is_zero(dim: Dim | Expr) -> bool:
    """`IsProvablyEmptyExtent`, where ours settles it."""
    if isinstance(dim, int):
        return dim == 0
    if isinstance(dim, Const) and isinstance(dim.value, int):
        return dim.value == 0
    if not is_integer(dim):
        raise Unsettled
    return _settled(prove_equal(dim, 0))


def _static(dim: Dim | Expr) -> int | None:
    if isinstance(dim, bool):
        return None
    if isinstance(dim, int):
        return dim
    if isinstance(dim, Const) and isinstance(dim.value, int) and not isinstance(dim.value, bool):
        return dim.value
    return None


def _ordered(lhs: Dim | Expr, rhs: Dim | Expr) -> tuple[Dim | Expr, Dim | Expr]:
    """(smaller, larger), where one is provably no larger than the other (a symbolic
    `min` / `max` we do not build)."""
    if prove_less_equal(lhs, rhs) is Proof.TRUE:
        return lhs, rhs
    if prove_less_equal(rhs, lhs) is Proof.TRUE:
        return rhs, lhs
    raise Unsettled


def _min_extent(lhs: Dim | Expr, rhs: Dim | Expr) -> Dim | Expr:
    """`MinExtent`: the provably smaller one."""
    return _ordered(lhs, rhs)[0]


def _max_extent(lhs: Dim | Expr, rhs: Dim | Expr) -> Dim | Expr:
    """`MaxExtent`: the provably larger one."""
    return _ordered(lhs, rhs)[1]


def _fold_sum(offset: Dim | Expr, extent: Dim | Expr) -> Dim | Expr:
    """`FoldExtent(offset + extent)` where both are constants (else not built here)."""
    a, b = _static(offset), _static(extent)
    if a is not None and b is not None:
        return a + b
    raise Unsettled


# --------------------------------------------------------------------- reads


@dataclass(frozen=True)
class WindowRead:
    """`WindowReadValidShapeParams`."""

    source_physical: Sequence[Dim | Expr]
    source_valid: Sequence[Dim | Expr]
    offsets: Sequence[Dim | Expr]
    window: Sequence[Dim | Expr]
    requested_valid: Sequence[Dim | Expr]  # empty: no explicit request
    exact: bool  # kExactWindow (else kClampedWindow)
    clamp: bool
    op_name: str
    bounds_remedy: str


def infer_window_read_valid_shape(p: WindowRead) -> tuple[Dim | Expr | None, ...]:
    """`InferWindowReadValidShape`: checks each dimension in order, then derives its
    valid extent (None where ours cannot tell it). Raises OpError (a refusal), or
    Unsettled where the real one may refuse what we cannot judge."""
    rank = len(p.window)
    if len(p.source_physical) != rank:
        raise OpError(
            f"{p.op_name} requires the window and the source to have the same rank, but got window rank "
            f"{rank} {format_dims(p.window)} and source rank {len(p.source_physical)} "
            f"{format_dims(p.source_physical)}"
        )
    if len(p.offsets) != rank:
        raise OpError(
            f"{p.op_name} requires one offset per window dimension, but got {len(p.offsets)} offsets "
            f"for window rank {rank}"
        )
    if len(p.source_valid) != rank:  # a declared view of another rank (`TensorView(valid_shape=[n])`)
        raise OpError(
            f"{p.op_name} source valid_shape rank {len(p.source_valid)} does not match its shape rank {rank}"
        )
    if p.requested_valid and len(p.requested_valid) != rank:
        raise OpError(
            f"{p.op_name} requires valid_shape to have the same rank as the window, but got valid_shape "
            f"rank {len(p.requested_valid)} {format_dims(p.requested_valid)} and window rank {rank}"
        )
    result: list[Dim | Expr | None] = []
    for i in range(rank):
        _check_read_dim(p, i)
        try:
            result.append(_read_extent(p, i))
        except _NoExtent:
            result.append(None)
    return tuple(result)


def _check_read_dim(p: WindowRead, i: int) -> None:
    """`CheckWindowReadDimBounds`. Each check refuses what is disproved only: one we
    cannot judge is passed over (the real one may refuse it; then any later error is
    still an error of a rejected call)."""
    offset, source = p.offsets[i], p.source_physical[i]
    if prove_less_equal(0, offset) is Proof.FALSE:
        raise OpError(
            f"{p.op_name} offset {i} is provably negative ({format_dim(offset)}); a window must start "
            "inside its source"
        )
    if p.requested_valid:
        requested = p.requested_valid[i]
        if prove_less_equal(requested, p.window[i]) is Proof.FALSE:
            raise OpError(
                f"{p.op_name} valid_shape {i} is {format_dim(requested)}, which exceeds the window extent "
                f"{format_dim(p.window[i])}; a valid region cannot be larger than the shape that holds it"
            )
    reach = p.window[i] if p.exact or not p.requested_valid else p.requested_valid[i]
    # (The prover decides integers only: IsIntegerScalarExpr's guard is in it.)
    if not p.clamp and prove_less_equal(_end(offset, reach), source) is Proof.FALSE:
        raise OpError(
            f"{p.op_name} reads past the end of dimension {i}: offset {format_dim(offset)} + extent "
            f"{format_dim(reach)} exceeds the source extent {format_dim(source)}. {p.bounds_remedy}"
        )


def _end(offset: Dim | Expr, extent: Dim | Expr) -> Dim | Expr | Sum:
    """`FoldExtent(offset + extent)`, as far as the prover needs it."""
    a, b = _static(offset), _static(extent)
    if a is not None and b is not None:
        return a + b
    return Sum((offset, extent))


class _NoExtent(Exception):
    """An extent the real rule computes without refusing anything, which ours cannot."""


def _read_extent(p: WindowRead, i: int) -> Dim | Expr:
    """The valid extent of dimension `i` of the result."""
    offset, window = p.offsets[i], p.window[i]
    source_valid, source_physical = p.source_valid[i], p.source_physical[i]
    known = is_known_dim(source_valid) and is_known_dim(source_physical) and is_known_dim(window)
    if known and same_dim(source_valid, source_physical) and not p.clamp:
        available: Dim | Expr = window
    else:
        if not is_integer(offset):
            raise Unsettled  # the real one refuses a non-integer offset here, or we cannot tell
        if not known:
            raise _NoExtent
        try:
            if _settled(prove_equal(offset, 0)):
                remaining: Dim | Expr = source_valid
            else:
                sv, off = _static(source_valid), _static(offset)
                if sv is None or off is None:
                    raise _NoExtent
                remaining = max(sv, off) - off
            available = _min_extent(remaining, window)
        except Unsettled:
            raise _NoExtent from None
    if not p.requested_valid:
        return available
    requested = p.requested_valid[i]
    try:
        narrower = not same_dim(available, window) and _settled(prove_less_equal(available, requested))
    except Unsettled:
        raise _NoExtent from None
    return available if narrower else requested


# -------------------------------------------------------------------- writes


@dataclass(frozen=True)
class Write:
    """`WriteValidShapeUnionParams`."""

    target_physical: Sequence[Dim | Expr]
    target_valid: Sequence[Dim | Expr]
    source_physical: Sequence[Dim | Expr]
    source_valid: Sequence[Dim | Expr]
    offsets: Sequence[Dim | Expr]
    exact: bool  # kExactSubview (else kValidRegionTransfer)
    op_name: str
    bounds_remedy: str


def infer_write_valid_shape_union(p: Write) -> tuple[Dim | Expr, ...]:
    """`InferWriteValidShapeUnion`: the bounds of every dimension, then the union of
    the target's valid region with the written one. Raises OpError or Unsettled."""
    rank = len(p.target_physical)
    if len(p.source_physical) != rank:
        raise OpError(
            f"{p.op_name} requires the source and the target to have the same rank, but got source rank "
            f"{len(p.source_physical)} {format_dims(p.source_physical)} and target rank {rank} "
            f"{format_dims(p.target_physical)}"
        )
    if len(p.offsets) != rank:
        raise OpError(
            f"{p.op_name} requires one offset per target dimension, but got {len(p.offsets)} offsets for "
            f"target rank {rank}"
        )
    for what, valid in (("target", p.target_valid), ("source", p.source_valid)):
        if len(valid) != rank:
            raise OpError(
                f"{p.op_name} {what} valid_shape rank {len(valid)} does not match its shape rank {rank}"
            )
    for i in range(rank):
        _check_write_dim(p, i)
    return _union(p)


def _check_write_dim(p: Write, i: int) -> None:
    """`CheckWriteDimBounds` (refusing what is disproved only, as for reads)."""
    offset, target = p.offsets[i], p.target_physical[i]
    if prove_less_equal(0, offset) is Proof.FALSE:
        raise OpError(
            f"{p.op_name} offset {i} is provably negative ({format_dim(offset)}); a write must start "
            "inside its target"
        )
    reach = p.source_physical[i] if p.exact else p.source_valid[i]
    if prove_less_equal(_end(offset, reach), target) is Proof.FALSE:
        remedy = f". {p.bounds_remedy}" if p.bounds_remedy else ""
        raise OpError(
            f"{p.op_name} writes past the end of dimension {i}: offset {format_dim(offset)} + extent "
            f"{format_dim(reach)} exceeds the target extent {format_dim(target)}{remedy}"
        )


def _union(p: Write) -> tuple[Dim | Expr, ...]:
    rank = len(p.target_physical)
    target_valid, source_valid = list(p.target_valid), list(p.source_valid)
    _require(*target_valid, *source_valid)
    if any(_is_zero(extent) for extent in source_valid):
        return tuple(target_valid)
    for i in range(rank):
        if _is_zero(target_valid[i]):
            if not all(_is_zero(offset) for offset in p.offsets):
                raise OpError(
                    f"{p.op_name} writes at offset {format_dims(p.offsets)} into a target whose valid region "
                    f"is empty (dimension {i} has extent 0), which would leave a region that does not start "
                    "at the origin. A valid shape names one origin-anchored rectangle, so initialize an "
                    "empty target at offset 0"
                )
            return tuple(source_valid)
    if all(
        same_dim(valid, physical) or _settled(prove_equal(valid, physical))
        for valid, physical in zip(target_valid, p.target_physical)
    ):
        return tuple(target_valid)
    far_edge: list[Dim | Expr] = []
    growing: list[int] = []
    for i in range(rank):
        edge = source_valid[i] if _is_zero(p.offsets[i]) else _fold_sum(p.offsets[i], source_valid[i])
        far_edge.append(edge)
        if not _settled(prove_less_equal(edge, target_valid[i])):
            growing.append(i)
    if not growing:
        return tuple(target_valid)
    if all(_is_zero(offset) for offset in p.offsets) and all(
        _settled(prove_less_equal(t, s)) for t, s in zip(target_valid, source_valid)
    ):
        return tuple(source_valid)
    if len(growing) != 1:
        dims = ", ".join(str(d) for d in growing[:-1]) + " and " + str(growing[-1])
        raise OpError(
            f"{p.op_name} grows the valid region along dimensions {dims} at once, whose union with the "
            "target is an L-shape rather than one origin-anchored rectangle. Target valid "
            f"{format_dims(target_valid)}, writing {format_dims(source_valid)} at offset {format_dims(p.offsets)}"
        )
    axis = growing[0]
    if not _settled(prove_less_equal(p.offsets[axis], target_valid[axis])):
        raise OpError(
            f"{p.op_name} leaves a gap in dimension {axis}: the write starts at {format_dim(p.offsets[axis])}, "
            f"which is not provably at or before the target valid extent {format_dim(target_valid[axis])}. A "
            "valid shape names one contiguous origin-anchored rectangle, so a write that grows it must abut "
            "the region already there"
        )
    for i in range(rank):
        if i == axis:
            continue
        if not _is_zero(p.offsets[i]):
            raise OpError(
                f"{p.op_name} grows dimension {axis}, so it must span dimension {i} from the origin, but it "
                f"starts at {format_dim(p.offsets[i])}. The added region would be narrower than the region it "
                "extends, making the union an L-shape"
            )
        if not _settled(prove_equal(source_valid[i], target_valid[i])):
            raise OpError(
                f"{p.op_name} grows dimension {axis}, so its extent in dimension {i} "
                f"({format_dim(source_valid[i])}) must provably equal the target valid extent "
                f"({format_dim(target_valid[i])}). The added region would otherwise not line up with the "
                "region it extends, making the union an L-shape"
            )
    result = list(target_valid)
    result[axis] = _min_extent(_max_extent(target_valid[axis], far_edge[axis]), p.target_physical[axis])
    return tuple(result)


def _valid_or_unknown(operand: TileType | TensorType) -> tuple[Dim | Expr, ...]:
    """The operand's valid shape, one unknown dim per axis where it is not known (no
    bound on it is then trusted). The operand's shape is known."""
    assert operand.shape is not None
    return valid_shape(operand) or (UNKNOWN_DIM,) * len(operand.shape)


def read_window(
    source: TileType | TensorType,
    offsets: Sequence[Dim | Expr],
    window: Sequence[Dim | Expr],
    requested: Sequence[Dim | Expr],
    *,
    exact: bool,
    clamp: bool,
    op: str,
    remedy: str,
) -> tuple[Dim | Expr | None, ...]:
    """`InferWindowReadValidShape` of a window of the operand `source`."""
    assert source.shape is not None
    return infer_window_read_valid_shape(
        WindowRead(
            source.shape, _valid_or_unknown(source), offsets, window, requested, exact, clamp, op, remedy
        )
    )


def write_union(
    target: TileType | TensorType,
    source: TileType | TensorType,
    offsets: Sequence[Dim | Expr],
    *,
    exact: bool,
    op: str,
    remedy: str,
) -> tuple[Dim | Expr, ...]:
    """`InferWriteValidShapeUnion` of a write of the operand `source` into `target`."""
    assert target.shape is not None and source.shape is not None
    return infer_write_valid_shape_union(
        Write(
            target.shape,
            _valid_or_unknown(target),
            source.shape,
            _valid_or_unknown(source),
            offsets,
            exact,
            op,
            remedy,
        )
    )
