"""FlattenTileNdTo2D's refusal of a transpose it cannot lower.

Every tile op of a kernel ends up two-dimensional: FlattenTileNdTo2D folds the leading
axes of a >2D tile into its rows. A `tile.transpose` of such a tile (a `pl.transpose` of a
3-D tile, or of a 3-D tensor in a CORE_GROUP scope, which ConvertTensorToTileOps makes one)
is lowered page by page, one 2-D transpose per leading index, which can only swap the
last two axes. Any other pair of axes stops the compile, at the transpose:
`FlattenTileNdTo2D: only last-two-axes tile.transpose on >2D tiles is supported; transpose
involving a batch axis (axes 0, 1 of rank 3) is not yet lowered. ...` (the axes as the
pass normalises them: a negative one counted from the end). A transpose read only by a
`tile.batch_matmul` is left to that op's lowering: a function with a batch matmul is not
judged here.
"""

from __future__ import annotations

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.ir import (
    AssignStmt,
    Call,
    Const,
    FunctionType,
    InCoreScopeStmt,
    Program,
    Stmt,
    TileType,
)
from compiler.ir.visit import own_calls, walk_stmts

_KERNELS = frozenset({FunctionType.INCORE, FunctionType.AIC, FunctionType.AIV})
_BATCH_MATMULS = frozenset({"tile.batch_matmul", "tile.batch_matmul_acc", "tensor.batch_matmul"})


def batch_axis_transpose_message(axis1: int, axis2: int, rank: int) -> str:
    return (
        "FlattenTileNdTo2D: only last-two-axes tile.transpose on >2D tiles is supported; "
        f"transpose involving a batch axis (axes {axis1}, {axis2} of rank {rank}) is not yet "
        "lowered. Reshape the tile so the transposed axes are the last two."
    )


def flatten_transpose_errors(program: Program) -> list[Diagnostic]:
    """The >2D tile transposes of `program`'s kernels that swap a leading axis."""
    found: list[Diagnostic] = []
    for statements in _kernel_bodies(program):
        calls = [call for stmt in statements for call in own_calls(stmt)]
        if any(call.op in _BATCH_MATMULS for call in calls):
            continue
        for stmt in statements:
            value = stmt.value if isinstance(stmt, AssignStmt) else None
            if isinstance(value, Call) and (diagnostic := _transpose_error(value)) is not None:
                found.append(diagnostic)
    return found


def _kernel_bodies(program: Program) -> list[list[Stmt]]:
    """The statements of each kernel: a kernel function's, a CORE_GROUP scope's."""
    bodies = []
    for function in program.functions:
        if not function.has_dsl_body:
            continue
        if function.func_type in _KERNELS:
            bodies.append(list(walk_stmts(function.body)))
        elif function.func_type is not FunctionType.INLINE:
            scopes = [s for s in walk_stmts(function.body) if isinstance(s, InCoreScopeStmt)]
            bodies.extend(list(walk_stmts(scope.body)) for scope in scopes)
    return bodies


def _transpose_error(call: Call) -> Diagnostic | None:
    if call.op != "tile.transpose" or len(call.args) < 3:
        return None
    source = call.args[0].type
    if not isinstance(source, TileType) or source.shape is None:
        return None
    rank = len(source.shape)
    axes = [
        arg.value if isinstance(arg, Const) and type(arg.value) is int else None for arg in call.args[1:3]
    ]
    if rank <= 2 or None in axes or not all(isinstance(d, int) for d in source.shape):
        return None
    axis1, axis2 = (a + rank if a < 0 else a for a in axes)  # type: ignore[operator]
    if not (0 <= axis1 < rank and 0 <= axis2 < rank) or {axis1, axis2} == {rank - 2, rank - 1}:
        return None
    return Diagnostic(
        codes.FLATTEN_BATCH_AXIS_TRANSPOSE,
        batch_axis_transpose_message(axis1, axis2, rank),
        call.span,
        stage=Stage.FLATTEN_TILE_ND,
        exception="ValueError",
    )
