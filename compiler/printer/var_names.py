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
    YieldStmt,
)
from compiler.ir.visit import bound_vars, child_stmts, walk_expr, walk_stmts

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

    defined: set[int] = set()

    def define(var: Var, is_fresh: bool) -> None:
        if id(var) in defined:
            return  # bound again (an `if`'s merge, yielded by both arms): one name
        defined.add(id(var))
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
    """The variables the real parser always makes anew (loop variables, task ids, the
    bindings of a carrying loop's body `_carried_loop_bindings`)."""
    fresh = _carried_loop_bindings(function)
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


def _carried_loop_bindings(function: Function) -> set[int]:
    """A loop with `init_values` parses its body in a scope of its own: a name the body binds
    that was not bound before the loop is a new variable there (one the next such loop binds
    again is another: `row_1`), gone after it; the loop's results (its closing yield's
    targets) are new variables too (`acc_1`)."""
    fresh: set[int] = set()
    visible = {param.var.name for param in function.params}
    # (statement, the names bound where it runs: shared with its siblings)
    pending: list[tuple[Stmt, set[str]]] = [(function.body, visible)]
    while pending:
        stmt, names = pending.pop()
        inner = names
        if isinstance(stmt, ForStmt) and stmt.iter_args:
            # its iteration arguments are variables of its own, whatever they are named
            fresh.update(id(var) for var in [*stmt.iter_args, *stmt.return_vars])
            inner = set(names) | {var.name for var in bound_vars(stmt)}
            closing = stmt.body.stmts[-1] if stmt.body.stmts else None
            if isinstance(closing, YieldStmt):
                fresh.update(id(var) for var in closing.targets)
                names.update(var.name for var in closing.targets)  # read after the loop
        else:
            for var in bound_vars(stmt):
                if var.name not in names and names is not visible:
                    fresh.add(id(var))
                names.add(var.name)
        pending.extend((child, inner) for child in reversed(child_stmts(stmt)))
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
