"""The names the real printer gives a function's vars when two share one.

The real IR keeps a var's name hint; its printer (`BuildVarRenameMap`) tells apart
distinct vars of one function that share a hint: parameters, then the definitions in
pre-order (a loop's var, its return vars, its iter args, then its body; a branch's return
vars before its arms), then vars only read. A hint used once keeps its name; the others
take the hint, then `_1`, `_2`, ... in that order, skipping names already taken. Our
printer prints a var's name as it is, so a pass that makes vars of an existing hint
(ConvertTensorToTileOps' `x__tile`) names them here as the real dump shows them.
"""

from __future__ import annotations

from collections import Counter

from compiler.base.span import Span
from compiler.ir import AssignStmt, ForStmt, Function, IfStmt, SeqStmts, Stmt, Var, WhileStmt, YieldStmt
from compiler.ir.visit import child_stmts, own_exprs, walk_expr


def disambiguate_program_names(functions: list[Function]) -> Span | None:
    """The real printer's names for each function's vars (`_rename`); where a var to be renamed in one function
    is also another's (our outliner shares a captured var with the outlined function's
    parameter, where the real one makes the parameter anew), nothing is renamed and the
    var's span is returned: renaming it would rename it in both."""
    found = [_function_vars(function) for function in functions]
    owners = Counter(id(var) for unique in found for var in unique)
    for unique in found:
        counts = Counter(var.name for var in unique)
        for var in unique:
            if counts[var.name] > 1 and owners[id(var)] > 1:
                return var.span
    for unique in found:
        _rename(unique)
    return None


def _function_vars(function: Function) -> list[Var]:
    """The function's distinct vars in the printer's order."""
    ordered: list[Var] = [param.var for param in function.params]
    _definitions(function.body, ordered)
    _uses(function.body, ordered)
    seen: set[int] = set()
    unique: list[Var] = []
    for var in ordered:
        if id(var) not in seen:
            seen.add(id(var))
            unique.append(var)
    return unique


def _rename(unique: list[Var]) -> None:
    counts = Counter(var.name for var in unique)
    if all(count == 1 for count in counts.values()):
        return
    taken = {var.name for var in unique if counts[var.name] == 1}
    for var in unique:
        if counts[var.name] == 1:
            continue
        base, suffix, candidate = var.name, 0, var.name
        while candidate in taken:
            suffix += 1
            candidate = f"{base}_{suffix}"
        taken.add(candidate)
        if candidate != var.name:
            var.hint = var.hint or var.name
        var.name = candidate


def _closing_targets(block: SeqStmts) -> list[Var]:
    for stmt in block.stmts:
        if isinstance(stmt, YieldStmt):
            return list(stmt.targets)
    return []


def _definitions(stmt: Stmt, out: list[Var]) -> None:
    if isinstance(stmt, AssignStmt):
        out.append(stmt.var)
    elif isinstance(stmt, ForStmt):
        if stmt.loop_var is not None:
            out.append(stmt.loop_var)
        out += stmt.return_vars or _closing_targets(stmt.body)
        out += stmt.iter_args
    elif isinstance(stmt, WhileStmt):
        out += stmt.return_vars or _closing_targets(stmt.body)
        out += stmt.iter_args
    elif isinstance(stmt, IfStmt):
        out += stmt.return_vars or _closing_targets(stmt.then_body)
    elif isinstance(stmt, YieldStmt):
        out += stmt.targets  # already listed by their loop or branch (kept first)
    for child in child_stmts(stmt):
        _definitions(child, out)


def _uses(stmt: Stmt, out: list[Var]) -> None:
    for expr in own_exprs(stmt):
        out += [node for node in walk_expr(expr) if isinstance(node, Var)]
    for child in child_stmts(stmt):
        _uses(child, out)
