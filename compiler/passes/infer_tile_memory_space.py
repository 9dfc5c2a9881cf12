"""What InferTileMemorySpace does to a kernel's tiles, as far as it is modelled (the pass is
not run: nothing here rewrites IR).

ConvertTensorToTileOps makes every `tensor.create` of a kernel a Vec `tile.create`. When that
tile only starts a loop's accumulator (`pl.create_tensor` then `pl.matmul` / `pl.matmul_acc`
carried by the loop), the cube demands its accumulator in Acc and InferTileMemorySpace, where
a specialised space wins over Vec, moves the create, the loop's iter_arg and its result to
that space: the kernel is then a cube kernel, not a mixed one.

Modelled: a Vec create whose every use is the initial value of loops whose yielded value for
it is a cube tile (what the loop carries it to, through an if's phi included).
"""

from __future__ import annotations

from compiler.ir import AssignStmt, Call, ForStmt, Function, Var, YieldStmt
from compiler.ir.types import TileType
from compiler.ir.visit import own_calls, vars_read, walk_stmts
from compiler.passes.lower_auto_vector_split import CUBE_SPACES


def retyped_spaces(function: Function) -> dict[int, str]:
    """The memory space InferTileMemorySpace gives each accumulator create (its Call and its
    Var, by id) and the iter_args and results of the loops carrying it."""
    creates: dict[int, tuple[Var, Call]] = {}
    carriers: dict[int, list[ForStmt]] = {}
    other_reads: set[int] = set()
    for stmt in walk_stmts(function.body):
        if isinstance(stmt, AssignStmt) and isinstance(stmt.value, Call) and stmt.value.op == "tile.create":
            tile = stmt.value.type
            if isinstance(tile, TileType) and tile.memory == "Vec":
                creates[id(stmt.var)] = (stmt.var, stmt.value)
        if isinstance(stmt, ForStmt):
            for init in stmt.init_values:
                carriers.setdefault(id(init), []).append(stmt)
        for call in own_calls(stmt):
            for arg in call.args:
                if isinstance(arg, Var):
                    other_reads.add(id(arg))
        if isinstance(stmt, YieldStmt):
            other_reads.update(id(var) for var in vars_read(stmt.values))
    found: dict[int, str] = {}
    for key, (var, call) in creates.items():
        loops = carriers.get(key, [])
        if not loops or key in other_reads:
            continue
        spaces = {_yielded_space(loop, loop.init_values.index(var)) for loop in loops}
        if len(spaces) != 1 or not spaces <= CUBE_SPACES:
            continue
        [space] = spaces
        found[id(var)] = found[id(call)] = space
        for loop in loops:
            position = loop.init_values.index(var)
            found[id(loop.iter_args[position])] = space
            for result in _results(loop, position):
                found[id(result)] = space
    return found


def _closing(loop: ForStmt) -> YieldStmt | None:
    closing = loop.body.stmts[-1] if loop.body.stmts else None
    return closing if isinstance(closing, YieldStmt) else None


def _yielded_space(loop: ForStmt, position: int) -> str | None:
    closing = _closing(loop)
    if closing is None or position >= len(closing.values):
        return None
    tile = closing.values[position].type
    return tile.memory if isinstance(tile, TileType) else None


def _results(loop: ForStmt, position: int) -> list[Var]:
    closing = _closing(loop)
    found = [loop.return_vars[position]] if position < len(loop.return_vars) else []
    if closing is not None and position < len(closing.targets):
        found.append(closing.targets[position])
    return found
