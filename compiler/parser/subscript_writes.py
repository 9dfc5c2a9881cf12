"""`dst[...] = src`: the window rules of the real parser's subscript-write sugar
(`_parse_subscript_assignment`, `_build_assemble_offsets_and_extents`), in its order.

The write is `dst = pl.assemble(dst, src, offsets)`. Before the source is read: the target
must be a name; the index list may not be longer than the target's rank, may not index
every axis with a scalar (an element write), and may not step a slice. An index `i` writes
a unit window and removes its axis from the window the source fills; a slice writes
`upper - lower` (the open ends are 0 and the axis's extent). After the source is read: its
rank must be that of the remaining axes (a tile's may be floored to 2D by leading unit
axes), and each of its constant extents must equal the window's where both are constant,
unless the source's valid region (a tile's own shape when it has no view) says otherwise.

Every check runs only on what is known: an unknown extent, shape or view is never a reason
to report.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass

from compiler.ir import Expr, IRType, TensorType, TileType
from compiler.ir.types import UNKNOWN_VIEW, Dim, TileView
from compiler.ops.type_inference import static_int
from compiler.parser.errors import syntax_error, type_error, unsupported
from compiler.parser.subscript_extents import static_extent


@dataclass(frozen=True)
class WriteWindow:
    """The window a subscript-write fills: its kind, each axis's extent (None: not a
    constant) and the axes the source keeps (those not indexed by a scalar)."""

    kind: str  # "tensor" or "tile"
    extents: tuple[int | None, ...]
    kept: tuple[int, ...]


def check_target(target: ast.Subscript) -> None:
    """The real parser's first look: the subscripted value must be a name."""
    if not isinstance(target.value, ast.Name):
        raise syntax_error(
            f"Subscript-write target must be a variable name, got {ast.unparse(target.value)}",
            target,
            "Assign through a named Tensor/Tile, e.g. 'dst[...] = src'",
        )


def window(base_type: IRType, target: ast.Subscript, parse: Callable[[ast.expr], Expr]) -> WriteWindow | None:
    """The index rules, then the window (None when the target's shape is not known)."""
    if not isinstance(base_type, (TensorType, TileType)) or base_type.shape is None:
        return None
    kind = "tensor" if isinstance(base_type, TensorType) else "tile"
    shape = base_type.shape
    rank = len(shape)
    indices = list(target.slice.elts) if isinstance(target.slice, ast.Tuple) else [target.slice]
    if len(indices) > rank:
        raise type_error(
            f"{kind.capitalize()} subscript-write has {len(indices)} indices but the {kind} is {rank}D",
            target,
            f"Provide at most {rank} indices for a {rank}D {kind}",
        )
    if len(indices) == rank and not any(isinstance(index, ast.Slice) for index in indices):
        raise unsupported(
            f"Element-write 'dst[i, j] = scalar' is not supported for {kind} targets",
            target,
            "Use slice indices (e.g. 'dst[i:i+1, j:j+1] = tile_1x1') or index fewer axes",
        )
    extents: list[int | None] = []
    kept: list[int] = []
    for axis, index in enumerate(indices):
        if not isinstance(index, ast.Slice):
            extents.append(1)
            continue
        if index.step is not None:
            raise unsupported(
                f"Slice step is not supported in {kind} subscript-write",
                target,
                "Use 'dst[start:stop] = src' without step",
            )
        lower = None if index.lower is None else parse(index.lower)
        upper = None if index.upper is None else parse(index.upper)
        # `upper - lower` folded as the real analyzer folds it (`r + 128 - r` is 128).
        extents.append(static_extent(lower, upper, shape[axis]))
        kept.append(axis)
    for axis in range(len(indices), rank):
        extents.append(static_int(shape[axis]))
        kept.append(axis)
    return WriteWindow(kind, tuple(extents), tuple(kept))


def check_source(written: WriteWindow, source_type: IRType, target: ast.Subscript) -> None:
    """The source's rank against the window's remaining axes, then its constant extents."""
    if not isinstance(source_type, (TensorType, TileType)) or source_type.shape is None:
        return
    natural = len(written.kept)
    floored = max(2, natural) if written.kind == "tile" else natural
    rank = len(source_type.shape)
    if rank not in (natural, floored):
        expected = f"{natural}D" if natural == floored else f"{natural}D or {floored}D"
        raise type_error(
            f"Subscript-write source must be {expected} to match the rank-reduced "
            f"{written.kind} window, got {rank}D",
            target,
            "A scalar index removes its axis from the lhs window; the rhs rank must "
            "match the remaining axes (tiles may also keep leading unit axes to stay 2D)",
        )
    valid = _valid_shape(source_type)
    if valid is _NOT_KNOWN:
        return
    wanted = [1] * (rank - natural) + [written.extents[axis] for axis in written.kept]
    for axis, want in enumerate(wanted):
        has = static_int(source_type.shape[axis])
        if want is None or has is None or want == has:
            continue
        if valid is not None:
            valid_extent = static_int(valid[axis]) if axis < len(valid) else None
            if valid_extent is None or valid_extent == want:
                continue
        raise type_error(
            f"Subscript-write shape mismatch on source axis {axis}: "
            f"window expects {want} elements, source has {has}",
            target,
            "Make the source's static_shape or valid_shape match the "
            "rank-reduced lhs window, or adjust the slice bounds",
        )


_NOT_KNOWN = object()


def _valid_shape(source_type: TensorType | TileType) -> tuple[Dim, ...] | object | None:
    """The source's valid region as the real parser reads it: a tensor's view's (None:
    no view), a tile's effective view's (its own shape when it has none); `_NOT_KNOWN`
    when our type of a tile does not say."""
    view = source_type.view
    if isinstance(source_type, TileType):
        if view is UNKNOWN_VIEW:
            return _NOT_KNOWN
        if view is None or (isinstance(view, TileView) and not view.valid_shape):
            return source_type.shape
        return view.valid_shape if isinstance(view, TileView) else _NOT_KNOWN
    # A tensor's view our inference did not compute is taken as none: the ops that narrow a
    # tensor's valid region (slices, views) are the ones it computes.
    if view is None or view is UNKNOWN_VIEW or not view.valid_shape:  # type: ignore[union-attr]
        return None
    return view.valid_shape  # type: ignore[union-attr]
