"""InitMemRef's shape check: a tile whose shape has an element that is not positive.

InitMemRef (src/ir/transforms/init_memref.cpp, after the tiling passes) gives every
tile variable its buffer. It sizes the buffer from the tile's static shape and refuses,
at the variable, an element that is zero or negative, which no op deduction before it
checked (`pl.load(x, [0, 0], [-1, 64])` builds a tile of shape [-1, 64]):

    InitMemRef requires positive shape for variable 't__ssa_v0', but shape element 0 is -1

(`InternalError`, the variable's name as the passes left it). Decided only for tiles of
rank 1 or 2 (FlattenTileNdTo2D, before InitMemRef, merges the leading dimensions of a
higher rank into one, which changes the element counted) and only up to the first
variable whose shape is not static (the pass refuses that one with another message).
"""

from __future__ import annotations

from collections.abc import Iterable

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.ir import AssignStmt, Function, TileType
from compiler.ir.visit import walk_stmts
from compiler.ops.type_inference import static_int


def non_positive_shape_errors(functions: Iterable[Function]) -> list[Diagnostic]:
    """The pass's error at the first tile variable with a non-positive shape element, or none."""
    for function in functions:
        for stmt in walk_stmts(function.body):
            if not isinstance(stmt, AssignStmt) or not isinstance(stmt.var.type, TileType):
                continue
            shape = stmt.var.type.shape
            if shape is None:
                return []
            dims = [static_int(dim) for dim in shape]
            if None in dims:
                return []  # "requires static shape" (or a shape we do not know): not ours
            bad = next((i for i, dim in enumerate(dims) if dim is not None and dim <= 0), None)
            if bad is None:
                continue
            if len(dims) > 2:
                return []
            message = (
                f"InitMemRef requires positive shape for variable '{stmt.var.name}', "
                f"but shape element {bad} is {dims[bad]}"
            )
            span = stmt.var.span or stmt.span
            return [
                Diagnostic(
                    codes.INIT_MEMREF_SHAPE,
                    message,
                    span,
                    stage=Stage.INIT_MEM_REF,
                    exception="InternalError",
                )
            ]
    return []
