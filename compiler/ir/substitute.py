"""Replace the uses of vars in place: what a pass does when it rebinds a value to a new var
(ConvertTensorToTileOps' `x__tile` for the tile a tensor op became)."""

from __future__ import annotations

from typing import Any

from compiler.ir.nodes import (
    AssignStmt,
    BinaryExpr,
    Call,
    EvalStmt,
    Expr,
    ForStmt,
    IfStmt,
    MakeTuple,
    OpaqueExpr,
    ReturnStmt,
    Slice,
    Stmt,
    TupleGetItem,
    UnaryExpr,
    Var,
    WhileStmt,
    YieldStmt,
)
from compiler.ir.visit import walk_stmts


def substitute_uses(body: Stmt, mapping: dict[int, Expr]) -> None:
    """Every read of a var (or any expression) in `mapping` (by id) under `body` reads its
    replacement instead; bindings are left as they are."""
    if not mapping:
        return
    for stmt in walk_stmts(body):
        if isinstance(stmt, AssignStmt):
            stmt.value = _expr(stmt.value, mapping)
        elif isinstance(stmt, EvalStmt):
            stmt.expr = _expr(stmt.expr, mapping)
        elif isinstance(stmt, (ReturnStmt, YieldStmt)):
            stmt.values = [_expr(value, mapping) for value in stmt.values]
        elif isinstance(stmt, ForStmt):
            stmt.start, stmt.stop, stmt.step = (
                _maybe(e, mapping) for e in (stmt.start, stmt.stop, stmt.step)
            )
            stmt.init_values = [_expr(value, mapping) for value in stmt.init_values]
        elif isinstance(stmt, WhileStmt):
            stmt.condition = _maybe(stmt.condition, mapping)
            stmt.init_values = [_expr(value, mapping) for value in stmt.init_values]
        elif isinstance(stmt, IfStmt):
            stmt.condition = _expr(stmt.condition, mapping)


def substitute_expr(expr: Expr, mapping: dict[int, Expr]) -> Expr:
    """`expr` reading each var (or expression) in `mapping` (by id) as its replacement:
    the replacement itself, or `expr` changed in place."""
    return _expr(expr, mapping)


def _maybe(expr: Expr | None, mapping: dict[int, Expr]) -> Expr | None:
    return None if expr is None else _expr(expr, mapping)


def _expr(expr: Expr, mapping: dict[int, Expr]) -> Expr:
    replacement = mapping.get(id(expr))
    if replacement is not None:
        return replacement
    if isinstance(expr, Var):
        return expr
    if isinstance(expr, Call):
        expr.args = [_expr(arg, mapping) for arg in expr.args]
        expr.kwargs = {key: _value(value, mapping) for key, value in expr.kwargs.items()}
    elif isinstance(expr, MakeTuple):
        expr.items = [_expr(item, mapping) for item in expr.items]
    elif isinstance(expr, TupleGetItem):
        expr.tuple_expr = _expr(expr.tuple_expr, mapping)
    elif isinstance(expr, BinaryExpr):
        expr.lhs, expr.rhs = _expr(expr.lhs, mapping), _expr(expr.rhs, mapping)
    elif isinstance(expr, UnaryExpr):
        expr.operand = _expr(expr.operand, mapping)
    elif isinstance(expr, OpaqueExpr):
        expr.operands = [_expr(operand, mapping) for operand in expr.operands]
    elif isinstance(expr, Slice):
        expr.lower, expr.upper, expr.step = (_maybe(e, mapping) for e in (expr.lower, expr.upper, expr.step))
    return expr


def _value(value: Any, mapping: dict[int, Expr]) -> Any:
    return _expr(value, mapping) if isinstance(value, Expr) else value
