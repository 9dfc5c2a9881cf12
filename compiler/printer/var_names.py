"""The names variables print under: the real printer's rename of distinct variables that
share a name (`BuildVarRenameMap`): the first keeps it, the next ones get `_1`, `_2`, ...
in the order they are defined (parameters first, then the body, pre-order).

The real parser makes one variable of every assignment to a name already bound
(`_assign_or_let`); this front end makes one per binding. So only the bindings the real
parser always makes afresh count as other variables here: a loop's variable (an
`pl.spmd` / `pl.split_aiv` loop's index read too) and a scope's `as <task id>`. An
assignment prints under the name its variable currently has. `kb` of a second
`for kb in pl.range(...)` prints `kb_1`, and the uses of that loop's `kb` with it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from contextlib import contextmanager

from compiler.ir import (
    AssignStmt,
    Call,
    Expr,
    ForStmt,
    Function,
    InCoreScopeStmt,
    ScopeStmt,
    SplitAivScopeStmt,
    SpmdScopeStmt,
    Stmt,
    Var,
)
from compiler.ir.visit import bound_vars, walk_expr, walk_stmts

# id(var) -> the name it prints under, for the function being printed (only those renamed).
_renamed: dict[int, str] = {}


def printed_name(var: Var) -> str:
    return _renamed.get(id(var), var.name)


def respelled(text: str, operands: list[Expr]) -> str:
    """Source text kept as written (a comparison) with its renamed operands' new names."""
    renames = {
        node.name: _renamed[id(node)]
        for operand in operands
        for node in walk_expr(operand)
        if isinstance(node, Var) and id(node) in _renamed
    }
    if not renames:
        return text
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError:
        return text
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in renames:
            node.id = renames[node.id]
    return ast.unparse(tree)


@contextmanager
def names_of(function: Function) -> Iterator[None]:
    """Print `function` with its variables' printed names."""
    global _renamed
    outer = _renamed
    _renamed = _rename_map(function)
    try:
        yield
    finally:
        _renamed = outer


def _rename_map(function: Function) -> dict[int, str]:
    if function.decorator.startswith("jit"):
        return {}  # the specializer renames a JIT body's bindings itself (`jit_alias`): not modelled
    fresh = _fresh_bindings(function)
    current: dict[str, str] = {}  # a name -> what its variable prints as now
    used: set[str] = set()
    renamed: dict[int, str] = {}

    # (id(origin), name) -> the printed name of a copied loop variable (a pass that renames
    # the copies apart, ConvertToSSA, makes them two variables again)
    copies: dict[tuple[int, str], str] = {}

    def define(var: Var, is_fresh: bool) -> None:
        origin = var.origin
        if origin is not None and (id(origin), var.name) in copies:
            name = copies[id(origin), var.name]  # the real copies keep one Var: one name
        elif not is_fresh and var.name in current:
            name = current[var.name]
        else:
            name = var.name
            suffix = 0
            while name in used:
                suffix += 1
                name = f"{var.name}_{suffix}"
            used.add(name)
            current[var.name] = name
            if origin is not None:
                copies[id(origin), var.name] = name
        if name != var.name:
            renamed[id(var)] = name

    for param in function.params:
        define(param.var, True)
    for stmt in walk_stmts(function.body):
        for var in bound_vars(stmt):
            define(var, id(var) in fresh)
    return renamed


def _fresh_bindings(function: Function) -> set[int]:
    """The variables the real parser always makes anew (loop variables, task ids)."""
    fresh: set[int] = set()
    for stmt in walk_stmts(function.body):
        if isinstance(stmt, AssignStmt) and stmt.var.own:
            fresh.add(id(stmt.var))
        elif isinstance(stmt, ForStmt) and stmt.loop_var is not None:
            fresh.add(id(stmt.loop_var))
        elif isinstance(stmt, ScopeStmt):
            task_id = stmt.attr("task_id_var")
            if isinstance(task_id, Var):
                fresh.add(id(task_id))
            index = _region_index(stmt)
            if index is not None:
                fresh.add(id(index))
    return fresh


def _region_index(scope: ScopeStmt) -> Var | None:
    """The loop variable of `for i in pl.spmd(...)` / `pl.split_aiv(...)`: the index read
    that starts the region's body."""
    body: list[Stmt] = scope.body.stmts
    if isinstance(scope, SpmdScopeStmt) and len(body) == 1 and isinstance(body[0], InCoreScopeStmt):
        body, op = body[0].body.stmts, "tile.get_block_idx"
    elif isinstance(scope, SplitAivScopeStmt):
        op = "tile.get_subblock_idx"
    else:
        return None
    first = body[0] if body else None
    if isinstance(first, AssignStmt) and isinstance(first.value, Call) and first.value.op == op:
        return first.var
    return None
