"""Simplify's dtype rule on a BOOL constant: `Operator 'eq' does not accept bool dtype`.

Simplify (its first run, right after ConvertToSSA, on every function) binds each
single-assigned scalar whose value folds to a constant at the function's top
level in its arithmetic analyzer, which records `var == value`; building that
comparison refuses BOOL operands (`PromoteSameCategoryDtype`), so the pass raises
a TypeError with no source location. Two ways a kernel gets such a binding:

- a BOOL scalar assigned a constant at the top level: `found = False`,
  `flag: pl.Scalar[pl.BOOL] = True`, `f = n > 2` with `n` a top-level constant;
- a `break` in a sequential `pl.range` loop or a `while` loop of an InCore, AIC or
  AIV function: CtrlFlowTransform lowers the loop into a `while` guarded by a
  fresh BOOL flag initialised to `False` just before it.

"Top level" is where Simplify's nesting depth is 0: not inside a loop body, an
`if` branch or a `pl.spmd` body. Other scopes (`pl.at`, `pl.cluster`, runtime
scopes) are not outlined yet when Simplify first runs and do not count; a
`pl.unroll` loop was unrolled before it, and a `pl.range` loop that runs exactly
once is folded into its parent, so their bodies are top level too. An assignment
inside any other body only gets a bound: no error. We report the assignment, or
the `break`, since the real error names no place.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Iterator
from typing import Any

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.base.span import Span
from compiler.ir import (
    AssignStmt,
    BinaryExpr,
    BreakStmt,
    Const,
    Expr,
    ForKind,
    ForStmt,
    Function,
    FunctionType,
    OpaqueExpr,
    Program,
    ScalarType,
    ScopeStmt,
    SeqStmts,
    SpmdScopeStmt,
    Stmt,
    UnaryExpr,
    Var,
    WhileStmt,
)
from compiler.ir.visit import child_stmts, loop_header_span, walk_stmts

BOOL_EQ_MESSAGE = "Operator 'eq' does not accept bool dtype"
# CtrlFlowTransform runs on these function types only (IsInCoreType).
_LOWERED = frozenset({FunctionType.INCORE, FunctionType.AIC, FunctionType.AIV})
_FOLD: dict[str, Callable[[Any, Any], Any]] = {"add": operator.add, "sub": operator.sub, "mul": operator.mul}
# A comparison is kept as its source text with its two operands (`n > 2`).
_COMPARE: dict[type, Callable[[Any, Any], bool]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}


def simplify_errors(program: Program) -> list[Diagnostic]:
    """Simplify's refusals in `program`'s functions (see the module docstring)."""
    return [
        d
        for function in program.functions
        if function.func_type is not FunctionType.INLINE and function.has_dsl_body
        for d in [*_function_errors(function), *_float_bound_errors(function)]
    ]


def _float_bound_errors(function: Function) -> list[Diagnostic]:
    """A pure sequential loop (no attrs) with a float literal for a bound: Simplify's trip
    count proof builds `stop <= start` (or `start + step`) from the bounds, and the
    comparison refuses an index and an fp32 operand. A float step below 1 is not
    proven forward, so nothing is built."""
    found = []
    for stmt in walk_stmts(function.body):
        if not isinstance(stmt, ForStmt) or stmt.kind is not ForKind.RANGE or stmt.attrs:
            continue
        start = stmt.start if stmt.start is not None else Const(stmt.span, 0, type=ScalarType("INDEX"))
        bounds = [_literal_dtype(start), _literal_dtype(stmt.stop)]
        step = _literal_dtype(stmt.step) if stmt.step is not None else "INDEX"
        if None in bounds or step is None:
            continue
        if step == "INDEX" and bounds.count("FP32") == 1:
            message = f"Operator 'le' requires same numeric dtype category, got {_dtype(bounds[1])} and {_dtype(bounds[0])}"
        elif step == "FP32" and bounds == ["INDEX", "INDEX"] and _forward_float_step(stmt):
            message = "Operator 'add' requires same numeric dtype category, got index and fp32"
        else:
            continue
        found.append(
            Diagnostic(
                codes.SIMPLIFY_BOOL_OPERAND,
                message,
                loop_header_span(stmt),
                stage=Stage.SIMPLIFY,
                exception="TypeError",
            )
        )
    return found


def _literal_dtype(expr: Expr | None) -> str | None:
    """INDEX for an int literal, FP32 for a float one (the parser's constant dtypes)."""
    if isinstance(expr, Const) and type(expr.value) is int:
        return "INDEX"
    if isinstance(expr, Const) and type(expr.value) is float:
        return "FP32"
    return None


def _dtype(dtype: str) -> str:
    return dtype.lower()


def _forward_float_step(loop: ForStmt) -> bool:
    """A float step of at least 1 on a loop not proven empty: the one-trip proof adds it."""
    start = loop.start.value if isinstance(loop.start, Const) else 0
    return isinstance(loop.step, Const) and loop.step.value >= 1 and not loop.stop.value <= start  # type: ignore[union-attr]


def _function_errors(function: Function) -> list[Diagnostic]:
    found = []
    constants: dict[int, Any] = {}  # top-level scalars bound to a constant, by var id
    lowers_breaks = function.func_type in _LOWERED
    for stmt in _top_level(function.body):
        if isinstance(stmt, AssignStmt) and isinstance(stmt.var.type, ScalarType):
            value = _folded(stmt.value, constants)
            if value is not None:
                constants[id(stmt.var)] = value
            if isinstance(value, bool) or (value is not None and stmt.var.type.dtype == "BOOL"):
                found.append(
                    _error(stmt.span, "a BOOL scalar bound to a constant at the function's top level")
                )
        elif lowers_breaks and _lowered_with_a_flag(stmt):
            first = next(_own_breaks(stmt.body))  # type: ignore[union-attr]
            found.append(
                _error(
                    first.span,
                    "this break leaves a loop at the function's top level: its flag is a BOOL constant",
                )
            )
    return found


def _error(span: Span, why: str) -> Diagnostic:
    return Diagnostic(
        codes.SIMPLIFY_BOOL_OPERAND, BOOL_EQ_MESSAGE, span, stage=Stage.SIMPLIFY, exception="TypeError"
    ).with_related(span, why)


def _top_level(stmt: Stmt) -> Iterator[Stmt]:
    """The statements at Simplify's nesting depth 0, in order (see the module docstring)."""
    for child in child_stmts(stmt):
        yield child
        if isinstance(child, SeqStmts) or (
            isinstance(child, ScopeStmt) and not isinstance(child, SpmdScopeStmt)
        ):
            yield from _top_level(child)
        elif isinstance(child, ForStmt) and _body_stays_top_level(child):
            yield from _top_level(child.body)


def _body_stays_top_level(loop: ForStmt) -> bool:
    """A `pl.unroll` loop (unrolled) or a `pl.range` loop that runs once (folded)."""
    start = _int(loop.start) if loop.start is not None else 0
    stop = _int(loop.stop)
    step = _int(loop.step) if loop.step is not None else 1
    if start is None or stop is None or not step:
        return False
    # The trip count, computed as `len(range(...))` would without its C-size limit.
    trips = max(0, (stop - start + step - (1 if step > 0 else -1)) // step)
    if loop.kind is ForKind.UNROLL:
        return trips >= 1
    # A loop with a break of its own became a `while` before Simplify: never folded.
    folded = not loop.attrs and not loop.iter_args and next(_own_breaks(loop.body), None) is None
    return loop.kind is ForKind.RANGE and folded and trips == 1


def _lowered_with_a_flag(stmt: Stmt) -> bool:
    """A loop CtrlFlowTransform lowers with a break flag: sequential, with a `break` of its own."""
    loop = isinstance(stmt, WhileStmt) or (isinstance(stmt, ForStmt) and stmt.kind is ForKind.RANGE)
    return loop and next(_own_breaks(stmt.body), None) is not None  # type: ignore[attr-defined]


def _own_breaks(stmt: Stmt) -> Iterator[BreakStmt]:
    """The `break`s that leave the loop whose body `stmt` is (not those of a nested loop)."""
    for child in child_stmts(stmt):
        if isinstance(child, BreakStmt):
            yield child
        elif not isinstance(child, (ForStmt, WhileStmt)):
            yield from _own_breaks(child)


def _folded(expr: Expr, constants: dict[int, Any]) -> Any:
    """The constant `expr` folds to (literals, top-level constants, arithmetic and
    comparisons on them), or None."""
    if isinstance(expr, Const):
        return expr.value if isinstance(expr.value, (bool, int, float)) else None
    if isinstance(expr, Var):
        return constants.get(id(expr))
    if isinstance(expr, UnaryExpr) and expr.op == "not":
        operand = _folded(expr.operand, constants)
        return (not operand) if isinstance(operand, bool) else None
    if isinstance(expr, BinaryExpr) and expr.op in _FOLD:
        lhs, rhs = _numbers(_folded(expr.lhs, constants), _folded(expr.rhs, constants))
        return _FOLD[expr.op](lhs, rhs) if lhs is not None and rhs is not None else None
    operator = _bool_operator(expr.text) if isinstance(expr, OpaqueExpr) else None
    if operator is not None:
        # `a and b and c`: the real parser chains `ir.and_` / `ir.or_` on BOOL operands.
        values = [_folded(operand, constants) for operand in expr.operands]
        if not values or not all(isinstance(value, bool) for value in values):
            return None
        return all(values) if isinstance(operator, ast.And) else any(values)
    if isinstance(expr, OpaqueExpr) and len(expr.operands) == 2:
        compare = _comparison(expr.text)
        lhs, rhs = _numbers(*(_folded(operand, constants) for operand in expr.operands))
        return compare(lhs, rhs) if compare is not None and lhs is not None and rhs is not None else None
    return None


def _numbers(lhs: Any, rhs: Any) -> tuple[Any, Any]:
    """Both operands when both are numbers (not BOOLs), else (None, None)."""
    if any(value is None or isinstance(value, bool) for value in (lhs, rhs)):
        return None, None
    return lhs, rhs


def _bool_operator(text: str) -> ast.boolop | None:
    """`and` / `or` of an opaque `a and b` (None: no boolean operation)."""
    try:
        node = ast.parse(text, mode="eval").body
    except SyntaxError:
        return None
    return node.op if isinstance(node, ast.BoolOp) else None


def _comparison(text: str) -> Callable[[Any, Any], bool] | None:
    try:
        node = ast.parse(text, mode="eval").body
    except SyntaxError:
        return None
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        return _COMPARE.get(type(node.ops[0]))
    return None


def _int(expr: Expr | None) -> int | None:
    if isinstance(expr, Const) and isinstance(expr.value, int) and not isinstance(expr.value, bool):
        return expr.value
    return None
