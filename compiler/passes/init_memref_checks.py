"""InitMemRef's shape checks: a tile whose shape has an element that is not positive, or
one that is not a constant.

InitMemRef (src/ir/transforms/init_memref.cpp, after the tiling passes) gives every
tile variable its buffer. It sizes the buffer from the tile's static shape and refuses,
at the variable, an element that is zero or negative, which no op deduction before it
checked (`pl.load(x, [0, 0], [-1, 64])` builds a tile of shape [-1, 64]):

    InitMemRef requires positive shape for variable 't__ssa_v0', but shape element 0 is -1

and, before that, an element that is not a constant (`pl.load(a, [0, 0], [M, 64])` with
`M = pl.dynamic("M")`, or a `pl.tensor.dim` read: the load's deduction keeps the shape as
written):

    InitMemRef requires static shape for variable 't__ssa_v0', but shape element 0 is dynamic. Fix ...

(`InternalError`, the variable's name as the passes left it). Decided only for tiles of
rank 1 or 2 (FlattenTileNdTo2D, before InitMemRef, merges the leading dimensions of a
higher rank into one, which changes the element counted). A non-constant shape is
reported only for a `tile.load`'s tile (a buffer of its own: a view such as a reshape
shares its source's buffer and is not sized); past the first variable whose shape is
not known to us, nothing is judged.
"""

from __future__ import annotations

from collections.abc import Iterable

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.ir import AssignStmt, BinaryExpr, Call, Function, TileType, UnaryExpr, Var
from compiler.ir.visit import walk_stmts
from compiler.ops.memory_operands import UNKNOWN_DIM
from compiler.ops.type_inference import static_int

STATIC_MESSAGE = (
    "InitMemRef requires static shape for variable '{name}', but shape element {index} is dynamic. "
    "Fix the upstream op to keep TileType.shape static and put runtime extent in TileView.valid_shape instead."
)


def init_memref_shape_errors(functions: Iterable[Function]) -> list[Diagnostic]:
    """The pass's error at the first tile variable with a non-positive or (a load's) dynamic
    shape element, or none."""
    for function in functions:
        for stmt in walk_stmts(function.body):
            if not isinstance(stmt, AssignStmt) or not isinstance(stmt.var.type, TileType):
                continue
            shape = stmt.var.type.shape
            if shape is None:
                return []
            dims = [static_int(dim) for dim in shape]
            if None in dims:
                index = dims.index(None)
                if len(dims) > 2 or not _dynamic_load(stmt, index):
                    return []  # a shape we do not know, or a view's: not judged
                return [_error(stmt, STATIC_MESSAGE.format(name=stmt.var.name, index=index))]
            bad = next((i for i, dim in enumerate(dims) if dim is not None and dim <= 0), None)
            if bad is None:
                continue
            if len(dims) > 2:
                return []
            message = (
                f"InitMemRef requires positive shape for variable '{stmt.var.name}', "
                f"but shape element {bad} is {dims[bad]}"
            )
            return [_error(stmt, message)]
    return []


def _dynamic_load(stmt: AssignStmt, index: int) -> bool:
    """Whether `stmt` loads a tile whose shape element `index` is, as the load's deduction
    keeps it, a `pl.dynamic` symbol (its name) or a scalar expression of the function's
    variables (an element we could not evaluate, a closure value the real parser folds, is
    neither)."""
    call = stmt.value
    if not isinstance(call, Call) or call.op != "tile.load" or not isinstance(call.type, TileType):
        return False
    shape = call.type.shape
    dim = shape[index] if shape is not None and index < len(shape) else None
    if isinstance(dim, str):
        return dim != UNKNOWN_DIM
    return isinstance(dim, (Var, BinaryExpr, UnaryExpr))


def _error(stmt: AssignStmt, message: str) -> Diagnostic:
    return Diagnostic(
        codes.INIT_MEMREF_SHAPE,
        message,
        stmt.var.span or stmt.span,
        stage=Stage.INIT_MEM_REF,
        exception="InternalError",
    )
