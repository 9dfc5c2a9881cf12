"""Loops the real Simplify folds away, which the modelled pipeline keeps.

Simplify runs right after ConvertToSSA and replaces a pure sequential loop (`pl.range`,
no attributes) that provably runs at most once by its body (the loop variable becomes
its start, each iter_arg its initial value) or by nothing. The modelled pipeline has no
Simplify: such a loop stays, and a kernel outlined inside it takes the loop variable as
a scalar parameter where the real kernel has a constant. Neither is emitted: the kernel
with the loop, and a kernel called from inside one with an argument the fold changes.

Only literal bounds are judged here (the real analyzer also proves `range(c, c + 1)`
with a symbolic `c`); such a loop is a modelling gap this check does not see.
"""

from __future__ import annotations

from compiler.ir import AssignStmt, Const, Expr, ForKind, ForStmt, Function, ScalarType, Var
from compiler.ir.visit import own_calls, own_exprs, vars_read, walk_stmts


def _literal(expr: Expr | None, default: int | None) -> int | None:
    if expr is None:
        return default
    if isinstance(expr, Const) and isinstance(expr.value, int) and not isinstance(expr.value, bool):
        return expr.value
    return None


def runs_at_most_once(loop: ForStmt) -> bool:
    """Simplify's Fold B: a pure sequential loop with a step of at least 1 whose trip
    count is 0 (`stop <= start`) or 1 (`start < stop <= start + step`)."""
    if loop.kind is not ForKind.RANGE or loop.attrs or loop.loop_var is None:
        return False
    start, stop, step = _literal(loop.start, 0), _literal(loop.stop, None), _literal(loop.step, 1)
    if start is None or stop is None or step is None or step < 1:
        return False
    return stop <= start + step


def callees_in_folded_loops(functions: list[Function]) -> dict[str, int]:
    """The functions called from inside a loop Simplify folds with an argument the fold
    changes (`self.k` or `k`), each with the line of the loop: the loop variable or a
    scalar computed from it (a constant once folded), or one of the loop's iter_args
    (its initial value once folded). An argument the fold leaves alone keeps the
    kernel as it is."""
    found: dict[str, int] = {}
    for function in functions:
        for loop in walk_stmts(function.body):
            if not (isinstance(loop, ForStmt) and runs_at_most_once(loop)):
                continue
            changed = {id(var) for var in [loop.loop_var, *loop.iter_args] if var is not None}
            for stmt in walk_stmts(loop.body):
                reads = {id(var) for var in vars_read(own_exprs(stmt))}
                if isinstance(stmt, AssignStmt) and isinstance(stmt.var.type, ScalarType) and reads & changed:
                    changed.add(id(stmt.var))
                for call in own_calls(stmt):
                    if any(isinstance(arg, Var) and id(arg) in changed for arg in call.args):
                        found.setdefault(call.op.removeprefix("self."), loop.span.start_line)
    return found
