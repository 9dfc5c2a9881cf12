"""Walks over the IR: child statements, expressions in evaluation order, bound vars.

One place knows the shape of every node, so passes and facts do not each
re-implement a traversal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from compiler.base.span import Span
from compiler.ir.nodes import (
    AssignStmt,
    BinaryExpr,
    Call,
    Const,
    EvalStmt,
    Expr,
    ForStmt,
    IfStmt,
    MakeTuple,
    OpaqueExpr,
    ReturnStmt,
    ScopeStmt,
    SeqStmts,
    Slice,
    Stmt,
    TupleGetItem,
    UnaryExpr,
    Var,
    WhileStmt,
    YieldStmt,
)


def _dispatch(table: dict[type, Any], cls: type) -> Any:
    """The handler of `cls` in `table`: its own, or its nearest registered base's (a
    `SubscriptIndex` is walked as the `MakeTuple` it is, a scope kind as a `ScopeStmt`);
    None for a node with nothing nested. Remembered per class."""
    handler = next((table[base] for base in cls.__mro__ if base in table), None)
    table[cls] = handler
    return handler


# Per node class, what a walk descends into (a class missing here is found by `_dispatch`).
_CHILD_STMTS: dict[type, Callable[[Any], list[Stmt]] | None] = {
    SeqStmts: lambda stmt: list(stmt.stmts),
    ForStmt: lambda stmt: [stmt.body],
    WhileStmt: lambda stmt: [stmt.body],
    ScopeStmt: lambda stmt: [stmt.body],
    IfStmt: lambda stmt: [stmt.then_body] + ([stmt.else_body] if stmt.else_body is not None else []),
}


def _preorder(root: Any, table: dict[type, Any]) -> Iterator[Any]:
    """`root` and everything under it by `table`, pre-order, children in their order."""
    stack = [root]
    while stack:
        current = stack.pop()
        yield current
        cls = current.__class__
        handler = table[cls] if cls in table else _dispatch(table, cls)
        if handler is not None:
            stack.extend(reversed(handler(current)))


def child_stmts(stmt: Stmt) -> list[Stmt]:
    """The statements directly nested in `stmt`, in source order."""
    cls = stmt.__class__  # (`_children`, inline: asked of every statement walked)
    handler = _CHILD_STMTS[cls] if cls in _CHILD_STMTS else _dispatch(_CHILD_STMTS, cls)
    return handler(stmt) if handler is not None else []


def walk_stmts(stmt: Stmt) -> Iterator[Stmt]:
    """`stmt` and every statement nested in it, pre-order, in source order."""
    return _preorder(stmt, _CHILD_STMTS)


def own_calls(stmt: Stmt) -> list[Call]:
    """The calls in `stmt`'s own expressions (`own_exprs`), pre-order as `walk_expr`; a
    list made with an explicit stack (no generator per expression: facts ask this of
    every statement of a kernel)."""
    calls: list[Call] = []
    for expr in own_exprs(stmt):
        pending = [expr]
        while pending:
            node = pending.pop()
            cls = node.__class__
            if cls is Var or cls is Const:
                continue  # nothing under it
            if cls is Call:
                calls.append(node)
            pending.extend(reversed(sub_exprs(node)))
    return calls


def own_exprs(stmt: Stmt) -> list[Expr]:
    """The expressions a statement evaluates itself (not those of nested statements)."""
    if isinstance(stmt, AssignStmt):
        return [stmt.value]
    if isinstance(stmt, EvalStmt):
        return [stmt.expr]
    if isinstance(stmt, (ReturnStmt, YieldStmt)):
        return list(stmt.values)
    if isinstance(stmt, ForStmt):
        bounds = [e for e in (stmt.start, stmt.stop, stmt.step) if e is not None]
        return [*bounds, *stmt.init_values]
    if isinstance(stmt, WhileStmt):
        return [*stmt.init_values, *([stmt.condition] if stmt.condition is not None else [])]
    if isinstance(stmt, IfStmt):
        return [stmt.condition]
    return []


_SUB_EXPRS: dict[type, Callable[[Any], list[Expr]] | None] = {
    Var: None,
    Const: None,
    Call: lambda expr: [*expr.args, *(v for v in expr.kwargs.values() if isinstance(v, Expr))],
    MakeTuple: lambda expr: list(expr.items),
    TupleGetItem: lambda expr: [expr.tuple_expr],
    BinaryExpr: lambda expr: [expr.lhs, expr.rhs],
    UnaryExpr: lambda expr: [expr.operand],
    OpaqueExpr: lambda expr: list(expr.operands),
    Slice: lambda expr: [part for part in (expr.lower, expr.upper, expr.step) if part is not None],
}


def sub_exprs(expr: Expr) -> list[Expr]:
    """The operands of an expression, in evaluation order."""
    cls = expr.__class__  # (`_children`, inline: asked of every expression walked)
    handler = _SUB_EXPRS[cls] if cls in _SUB_EXPRS else _dispatch(_SUB_EXPRS, cls)
    return handler(expr) if handler is not None else []


def walk_expr(expr: Expr) -> Iterator[Expr]:
    """`expr` and its operands, pre-order, in evaluation order."""
    return _preorder(expr, _SUB_EXPRS)


def bound_vars(stmt: Stmt) -> list[Var]:
    """The vars a statement binds itself (not those bound in nested statements)."""
    if isinstance(stmt, AssignStmt):
        return [stmt.var]
    if isinstance(stmt, YieldStmt):
        return list(stmt.targets)
    if isinstance(stmt, ForStmt):
        return [*([stmt.loop_var] if stmt.loop_var is not None else []), *stmt.iter_args, *stmt.return_vars]
    if isinstance(stmt, WhileStmt):
        return [*stmt.iter_args, *stmt.return_vars]
    if isinstance(stmt, IfStmt):
        return list(stmt.return_vars)
    if isinstance(stmt, ScopeStmt):
        task_id = stmt.attr("task_id_var")
        return [task_id] if isinstance(task_id, Var) else []
    return []


def vars_in_evaluation_order(expr: Expr) -> list[Var]:
    """Every var `expr` reads, in the order the flattened code reads them.

    FlattenCallExpr hoists nested calls into temporaries ahead of the call that
    uses them, so a call's nested calls read their vars first, then the call
    reads its own direct operands (vars, and vars inside literal lists).
    This is the order that makes an outlined function's parameters.
    """
    if isinstance(expr, Var):
        return [expr]
    operands = sub_exprs(expr)
    if not isinstance(expr, Call):
        return [var for operand in operands for var in vars_in_evaluation_order(operand)]
    hoisted = [var for operand in operands for var in _nested_call_vars(operand)]
    direct = [var for operand in operands for var in _direct_vars(operand)]
    return hoisted + direct


def vars_read(exprs: Iterable[Expr]) -> list[Var]:
    """Every var the expressions read: those of `vars_in_evaluation_order`, in no order of
    note (one walk, without its lists per operand): for callers that want them as a set."""
    found: list[Var] = []
    pending = list(exprs)
    while pending:
        node = pending.pop()
        if isinstance(node, Var):
            found.append(node)
        elif node.__class__ is not Const:
            pending.extend(sub_exprs(node))
    return found


def _nested_call_vars(expr: Expr) -> list[Var]:
    if isinstance(expr, Call):
        return vars_in_evaluation_order(expr)
    return [var for operand in sub_exprs(expr) for var in _nested_call_vars(operand)]


def _direct_vars(expr: Expr) -> list[Var]:
    if isinstance(expr, Var):
        return [expr]
    if isinstance(expr, Call):
        return []
    return [var for operand in sub_exprs(expr) for var in _direct_vars(operand)]


def level_yields(body: SeqStmts) -> list[YieldStmt]:
    """The yields whose names become a loop's results: its own, not a nested loop's
    or `if`'s (scope bodies are its own: the parser opens no yield scope for them)."""
    found: list[YieldStmt] = []
    for stmt in body.stmts:
        if isinstance(stmt, YieldStmt):
            found.append(stmt)
        elif isinstance(stmt, ScopeStmt):
            found += level_yields(stmt.body)
    return found


def loop_header_span(loop: ForStmt) -> Span:
    """`for i in pl.range(a, b, c`: from the `for` to the last bound written, the range a
    diagnostic about the loop's header gets (the loop's own span is its whole body)."""
    written = [bound.span for bound in (loop.start, loop.stop, loop.step) if bound is not None]
    last = max(written, key=lambda span: (span.end_line, span.end_col), default=None)
    if last is None or last.end_line != loop.span.start_line:
        return Span(loop.span.start_line, loop.span.start_col, loop.span.start_line, loop.span.start_col + 3)
    return Span(loop.span.start_line, loop.span.start_col, last.end_line, last.end_col)
